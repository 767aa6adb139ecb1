"""One entry point for every corpus source: a CoNLL file, a dataset on disk, or a Hub id."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from switcher.corpus import Corpus
from switcher.errors import SourceError
from switcher.read.conll import read_conll
from switcher.read.documents import CONLL2003_IDS, match_conll2003_documents
from switcher.read.hf import dataset_to_corpus

#: Name of the small corpus bundled with switcher (see ``switcher/data/sample.conll``).
SAMPLE = "sample"
_DATASET_SUFFIXES = {".parquet": "parquet", ".arrow": "arrow", ".json": "json", ".jsonl": "json"}
_FILE_SUFFIXES = {".txt", ".conll", ".conllu", ".iob", ".bio", ".tsv", *_DATASET_SUFFIXES}
_DISK_MARKERS = ("dataset_info.json", "state.json", "dataset_dict.json")


def sample_path() -> Path:
    """Return the path of the bundled sample corpus (IOB1, CoNLL-2003 columns)."""
    return Path(str(resources.files("switcher").joinpath("data/sample.conll")))


def load_corpus(
    source: str | Path,
    *,
    split: str | None = None,
    scheme: str = "auto",
    types: Iterable[str] | None = None,
    tag_column: str | None = None,
    revision: str | None = None,
) -> Corpus:
    """Load a corpus from any supported source.

    Args:
        source: ``"sample"`` (the bundled sample); a CoNLL file; a ``.parquet``,
            ``.arrow`` or ``.json(l)`` dataset file; a folder written by
            ``Dataset.save_to_disk``; a folder of data files; or a Hugging Face Hub
            dataset id such as ``"conll2003"``.
        split: Split to read from a dataset with several (default ``test`` when present).
        scheme: Tag scheme, or ``"auto"`` to detect it.
        types: Entity types allowed; ``None`` allows any.
        tag_column: Column of NER tags in a dataset (detected by default).
        revision: Hub revision (branch, tag or commit) of a Hub dataset.

    Raises:
        SourceError: The source does not exist or cannot be loaded.
        InputFormatError: A CoNLL file is malformed (names file and line).
    """
    text = str(source)
    if text == SAMPLE:
        return read_conll(sample_path(), scheme=scheme, types=types)
    path = Path(text).expanduser()
    if path.is_file():
        kind = _DATASET_SUFFIXES.get(path.suffix.lower())
        if kind is None:
            return read_conll(path, scheme=scheme, types=types)
        dataset = _load_dataset_file(path, kind)
        return dataset_to_corpus(
            dataset, scheme=scheme, types=types, tag_column=tag_column, source=str(path)
        )
    if path.is_dir():
        dataset, split_name = _load_folder(path, split)
        return dataset_to_corpus(
            dataset,
            scheme=scheme,
            types=types,
            tag_column=tag_column,
            source=f"{path}[{split_name}]",
        )
    if (
        path.suffix.lower() in _FILE_SUFFIXES
        or text.startswith((".", "/", "~"))
        or text.count("/") > 1
    ):
        raise SourceError(f"{text}: no such file or folder")
    return load_hub_corpus(
        text, split=split, scheme=scheme, types=types, tag_column=tag_column, revision=revision
    )


def load_hub_corpus(
    dataset_id: str,
    *,
    split: str | None = None,
    scheme: str = "auto",
    types: Iterable[str] | None = None,
    tag_column: str | None = None,
    revision: str | None = None,
) -> Corpus:
    """Load a split of a Hugging Face Hub dataset with :func:`datasets.load_dataset`.

    CoNLL-2003 (``conll2003``, ``eriktks/conll2003``) gets its documents back from the
    offsets shipped with switcher (see :mod:`switcher.read.documents`).
    """
    import datasets

    try:
        loaded = datasets.load_dataset(dataset_id, split=split, revision=revision)
    except Exception as err:  # the Hub raises many kinds; all mean "not loadable here"
        raise SourceError(
            f"cannot load {dataset_id!r} from the Hugging Face Hub ({type(err).__name__}: "
            f"{err}); pass a local CoNLL file or dataset folder instead"
        ) from None
    dataset, split_name = _pick_split(loaded, split, dataset_id)
    starts = None
    if dataset_id in CONLL2003_IDS and "document_id" not in dataset.column_names:
        lengths = [len(tokens) for tokens in dataset["tokens"]]
        starts = match_conll2003_documents(split_name, lengths)
    return dataset_to_corpus(
        dataset,
        scheme=scheme,
        types=types,
        tag_column=tag_column,
        document_starts=starts,
        source=f"{dataset_id}[{split_name}]",
    )


def _load_dataset_file(path: Path, kind: str) -> Any:
    import datasets

    try:
        if kind == "arrow":
            return datasets.Dataset.from_file(str(path))
        if kind == "parquet":
            return datasets.Dataset.from_parquet(str(path))
        return datasets.Dataset.from_json(str(path))
    except Exception as err:  # pyarrow and datasets raise many kinds for a bad file
        raise SourceError(f"{path}: cannot read as a {kind} dataset ({err})") from None


def _load_folder(path: Path, split: str | None) -> tuple[Any, str]:
    import datasets

    try:
        if any((path / marker).exists() for marker in _DISK_MARKERS):
            loaded = datasets.load_from_disk(str(path))
        else:
            loaded = datasets.load_dataset(str(path))
    except Exception as err:  # a folder can fail in many ways; report which
        raise SourceError(f"{path}: not a dataset folder ({type(err).__name__}: {err})") from None
    return _pick_split(loaded, split, str(path))


def _pick_split(loaded: Any, split: str | None, name: str) -> tuple[Any, str]:
    import datasets

    if isinstance(loaded, datasets.Dataset):
        return loaded, split or "train"
    splits = list(loaded.keys())
    if split is None:
        if "test" in splits:
            split = "test"
        elif len(splits) == 1:
            split = splits[0]
        else:
            raise SourceError(f"{name} has splits {', '.join(splits)}: choose one with --split")
    if split not in splits:
        raise SourceError(f"{name} has no split {split!r}; it has {', '.join(splits)}")
    return loaded[split], split
