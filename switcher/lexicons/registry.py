"""The origins a user can name: shipped ids, keywords, and their own files or folders."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from switcher.errors import LexiconError
from switcher.lexicons.files import (
    curated_files,
    display_path,
    folder_files,
    generated_files,
    lexicon_dir,
    looks_like_path,
)
from switcher.lexicons.load import load_lexicon, read_lexicon
from switcher.lexicons.model import Lexicon, LexiconInfo
from switcher.lexicons.schema import PAPER_ORIGINS

#: Keywords :func:`resolve_origins` accepts besides ids and paths.
KEYWORDS: dict[str, str] = {
    "all": "the 17 curated origins of the paper, in the paper's order",
    "curated": "every shipped curated origin",
    "generated": "every shipped generated origin (built by scripts/build_lexicons.py)",
}


def _paper_rank(origin: str) -> tuple[int, str]:
    return (
        (PAPER_ORIGINS.index(origin), "")
        if origin in PAPER_ORIGINS
        else (len(PAPER_ORIGINS), origin)
    )


def _info(lexicon: Lexicon, path: Path) -> LexiconInfo:
    return LexiconInfo(
        id=lexicon.id,
        name=lexicon.name,
        country=lexicon.country,
        curated=lexicon.curated,
        path=path,
        counts=lexicon.counts(),
    )


def list_lexicons(
    include_generated: bool = True, *, include_curated: bool = True
) -> list[LexiconInfo]:
    """Return the shipped origins with the size of each of their lists.

    Curated files come first (the paper's origins in the paper's order, then others by id),
    then generated files by id. A generated file whose id also has a curated file is left out
    when curated files are included: the curated one wins.

    Args:
        include_generated: List the generated files of ``name_lists/generated``.
        include_curated: List the curated files of ``name_lists``.

    Raises:
        LexiconError: A shipped file fails validation.
    """
    infos: list[LexiconInfo] = []
    if include_curated:
        lexicons = [(read_lexicon(path), path) for path in curated_files()]
        lexicons.sort(key=lambda item: _paper_rank(item[0].id))
        infos.extend(_info(lexicon, path) for lexicon, path in lexicons)
    if include_generated:
        taken = {info.id for info in infos}
        for path in generated_files():
            if path.stem in taken:
                continue
            infos.append(_info(read_lexicon(path), path))
    return infos


def _split(spec: str | Path | Sequence[str | Path]) -> list[str | Path]:
    if isinstance(spec, Path):
        return [spec]
    if isinstance(spec, str):
        if looks_like_path(spec) and Path(spec).exists():
            return [spec]
        return [part.strip() for part in spec.split(",") if part.strip()]
    items: list[str | Path] = []
    for item in spec:
        items.extend(_split(item))
    return items


def _expand(item: str | Path) -> list[Lexicon]:
    if isinstance(item, str) and item in KEYWORDS:
        if item == "all":
            root = lexicon_dir()
            missing = [o for o in PAPER_ORIGINS if not (root / f"{o}.yaml").is_file()]
            if missing:
                raise LexiconError(
                    f"'all' needs the curated files of the paper's 17 origins; missing in "
                    f"{display_path(root)}: {', '.join(missing)}"
                )
            return [read_lexicon(root / f"{o}.yaml") for o in PAPER_ORIGINS]
        files = curated_files() if item == "curated" else generated_files()
        if not files:
            raise LexiconError(f"{item!r} names no file: there are no {item} lexicons shipped")
        return [read_lexicon(path) for path in files]
    if looks_like_path(item) or (isinstance(item, str) and Path(item).is_dir()):
        path = Path(item)
        if path.is_dir():
            files = folder_files(path)
            if not files:
                raise LexiconError(
                    f"{display_path(path)}: no .yaml or .yml lexicon file in this folder"
                )
            return [read_lexicon(file) for file in files]
        return [read_lexicon(path)]
    return [load_lexicon(item)]


def resolve_origins(spec: str | Path | Sequence[str | Path]) -> list[Lexicon]:
    """Return the lexicons a user named, in the order named.

    ``spec`` is a comma-separated text or a list mixing:

    - origin ids (``"us,in,vn"``): the curated file of the id, else the generated one;
    - ``"all"``: the paper's 17 curated origins in the paper's order (``PAPER_ORIGINS``);
      ``"curated"``: every shipped curated file; ``"generated"``: every generated file
      (as generated, even where a curated file has the same id);
    - a YAML file, or a folder (the lexicon files directly inside it).

    Raises:
        LexiconError: Nothing named, an unknown id, a bad file, or one id named twice.

    >>> [lex.id for lex in resolve_origins("vn,in")]  # doctest: +SKIP
    ['vn', 'in']
    """
    items = _split(spec)
    if not items:
        raise LexiconError(
            "no origin given: name ids (us,in,vn), 'all', 'generated', or a YAML file or folder"
        )
    lexicons: list[Lexicon] = []
    where: dict[str, str] = {}
    for item in items:
        for lexicon in _expand(item):
            source = display_path(lexicon.path) if lexicon.path else str(item)
            if lexicon.id in where:
                raise LexiconError(
                    f"origin id {lexicon.id!r} named twice: {where[lexicon.id]} and {source} "
                    "(ids must be unique among the origins of one run)"
                )
            where[lexicon.id] = source
            lexicons.append(lexicon)
    return lexicons
