"""On-disk layout of generated sets: one parquet dataset per mode and origin.

::

    SETS_DIR/
      provenance.json            input, lexicons (with sha256), annotation, mode, seed, options,
                                 switcher version, and per origin its variants
      original/data.parquet      the source corpus (variant -1), the reference for every gap
      per/<origin>/data.parquet  PER-only variants of one origin, all in one file
      full/<origin>/data.parquet full-mode variants of one origin
      conll/<mode>/<origin>/<NN>.conll   CoNLL export of every variant (``--format conll``)

Every ``data.parquet`` is a Hugging Face dataset (its schema carries the ``datasets``
features, so ``load_dataset("parquet", data_files=...)`` gives ``ClassLabel`` columns) with one
row per sentence per variant, ordered by variant then sentence:

``origin, mode, variant, variant_name, document_id, sentence_id, tokens, <extra columns>,
ner_tags, changed, replacements``

``replacements`` holds the alignment of each switched span (see
:class:`switcher.corpus.Replacement`). One file per origin with a ``variant`` column makes a
Hub config per mode and origin (``per-vn``) and lets the evaluator read an origin in one go.
Unchanged sentences are repeated in every variant on disk (so each variant is a complete test
set) but never in memory: rows are assembled from the shared original sentences.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from switcher.corpus import Corpus, Replacement, Sentence, Span
from switcher.read.hf import column_label_names, label_names_for
from switcher.schemes import spans_to_tags, tags_to_spans
from switcher.switch.variants import Variant, VariantInfo

FORMAT = "switcher-sets"
FORMAT_VERSION = 1
DATA_FILE = "data.parquet"
ORIGINAL = "original"
REPLACEMENT_FIELDS: tuple[str, ...] = Replacement._fields
_INT_FIELDS = {"orig_start", "orig_end", "new_start", "new_end", "entity"}


def set_label_names(corpus: Corpus) -> tuple[str, ...]:
    """Return ``ClassLabel`` names for the NER tags of every variant of ``corpus``.

    The corpus's own names come first (kept from a source dataset); every prefix of every
    type in the scheme is added, because a switched span can need a tag the original set
    never used (a one-token PER replaced by two tokens in BIOES needs ``B-PER``/``E-PER``).
    """
    types = {label for label in corpus.entity_counts()}
    if corpus.label_names:
        types |= {n.partition("-")[2] for n in corpus.label_names if n != "O"}
    full = label_names_for(types, corpus.scheme)
    if not corpus.label_names:
        return full
    names = list(corpus.label_names)
    names.extend(n for n in full if n not in names)
    return tuple(names)


def set_features(corpus: Corpus) -> Any:
    """Return the :class:`datasets.Features` of a variant dataset of ``corpus``."""
    import datasets

    columns = {}
    for name in corpus.column_names:
        values = column_label_names(corpus, name)
        columns[name] = datasets.Sequence(datasets.ClassLabel(names=list(values)))
    replacement = {
        name: datasets.Value("int32" if name in _INT_FIELDS else "string")
        for name in REPLACEMENT_FIELDS
    }
    return datasets.Features(
        {
            "origin": datasets.Value("string"),
            "mode": datasets.Value("string"),
            "variant": datasets.Value("int32"),
            "variant_name": datasets.Value("string"),
            "document_id": datasets.Value("int32"),
            "sentence_id": datasets.Value("int32"),
            "tokens": datasets.Sequence(datasets.Value("string")),
            **columns,
            "ner_tags": datasets.Sequence(datasets.ClassLabel(names=list(set_label_names(corpus)))),
            "changed": datasets.Value("bool"),
            "replacements": [replacement],
        }
    )


class RowEncoder:
    """Turns sentences into the columns of a variant dataset.

    The original sentences are encoded once, as Arrow arrays; a variant only encodes the
    sentences it changed, and its table is assembled with an Arrow ``take`` over the original
    rows and the changed ones, so unchanged sentences are never copied in Python.
    """

    def __init__(self, corpus: Corpus, features: Any) -> None:
        self.corpus = corpus
        self.features = features
        self.schema = features.arrow_schema
        self.sentences: list[Sentence] = list(corpus.sentences())
        self.document_ids = np.asarray(
            [d for d, document in enumerate(corpus.documents) for _ in document.sentences],
            dtype=np.int32,
        )
        self.tag_index = {name: i for i, name in enumerate(features["ner_tags"].feature.names)}
        self.column_index = {
            name: {v: i for i, v in enumerate(features[name].feature.names)}
            for name in corpus.column_names
        }
        # Switched sentences of one layout share their span list: encode it once.
        self._tag_cache: dict[int, tuple[list[Any], list[int]]] = {}
        self.base = self._encode_rows(self.sentences, [()] * len(self.sentences))

    def tag_ids(self, sentence: Sentence) -> list[int]:
        """Return the ``ner_tags`` ids of ``sentence`` (cached per span list)."""
        cached = self._tag_cache.get(id(sentence.spans))
        if cached is not None and cached[0] is sentence.spans:
            return cached[1]
        tags = spans_to_tags(
            sentence.spans,
            len(sentence.tokens),
            self.corpus.scheme,
            iob1_begins=sentence.iob1_begins,
        )
        index = self.tag_index
        ids = [index[t] for t in tags]
        self._tag_cache[id(sentence.spans)] = (sentence.spans, ids)
        return ids

    def _encode_rows(
        self, sentences: Sequence[Sentence], replacements: Sequence[Sequence[Replacement]]
    ) -> dict[str, Any]:
        """Encode sentences (and their replacements) as Arrow arrays, one row each."""
        import pyarrow as pa

        names = self.corpus.column_names
        tokens: list[str] = []
        offsets = [0]
        tags: list[int] = []
        extra: dict[str, list[int]] = {name: [] for name in names}
        column_cache: dict[tuple[str, int], tuple[list[str], list[int]]] = {}
        records: list[Replacement] = []
        rep_offsets = [0]
        for sentence, reps in zip(sentences, replacements, strict=True):
            tokens.extend(sentence.tokens)
            offsets.append(len(tokens))
            tags.extend(self.tag_ids(sentence))
            for name in names:
                values = sentence.columns[name]
                cached = column_cache.get((name, id(values)))
                if cached is None or cached[0] is not values:
                    index = self.column_index[name]
                    cached = (values, [index[v] for v in values])
                    column_cache[name, id(values)] = cached
                extra[name].extend(cached[1])
            records.extend(reps)
            rep_offsets.append(len(records))
        list_offsets = pa.array(np.asarray(offsets, dtype=np.int32))
        rep_type = self.schema.field("replacements").type.value_type
        columns = list(zip(*records, strict=True)) if records else [()] * len(REPLACEMENT_FIELDS)
        struct = pa.StructArray.from_arrays(
            [
                pa.array(list(values), type=rep_type.field(name).type)
                for name, values in zip(REPLACEMENT_FIELDS, columns, strict=True)
            ],
            fields=list(rep_type),
        )
        return {
            "tokens": pa.ListArray.from_arrays(list_offsets, pa.array(tokens, pa.string())),
            **{
                name: pa.ListArray.from_arrays(
                    list_offsets, pa.array(np.asarray(extra[name], dtype=np.int64))
                )
                for name in names
            },
            "ner_tags": pa.ListArray.from_arrays(
                list_offsets, pa.array(np.asarray(tags, dtype=np.int64))
            ),
            "replacements": pa.ListArray.from_arrays(
                pa.array(np.asarray(rep_offsets, dtype=np.int32)), struct
            ),
        }

    def table(self, variants: Sequence[Variant]) -> Any:
        """Return the Arrow table of ``variants`` (all rows of each, variant by variant)."""
        n = len(self.sentences)
        parts = []
        for variant in variants:
            changed = sorted(variant.changed)
            rows = np.arange(n, dtype=np.int64)
            rows[changed] = n + np.arange(len(changed), dtype=np.int64)
            arrays = self._encode_rows(
                [variant.changed[i][0] for i in changed], [variant.changed[i][1] for i in changed]
            )
            parts.append((variant.info, arrays, rows))
        return self.assemble(parts)

    def assemble(self, parts: Sequence[tuple[VariantInfo, Mapping[str, Any], np.ndarray]]) -> Any:
        """Build the table of some variants from the arrays of their changed rows.

        Args:
            parts: Per variant: its identity; Arrow arrays (``tokens``, extra columns,
                ``ner_tags``, ``replacements``) of its changed rows in sentence order; and,
                per sentence, the row to take: ``i`` for the original sentence ``i``, or
                ``n + k`` for the ``k``-th changed row.
        """
        import pyarrow as pa

        n = len(self.sentences)
        tables = []
        for info, arrays, rows in parts:
            taken = {
                name: pa.concat_arrays([self.base[name], arrays[name]]).take(pa.array(rows))
                for name in self.base
            }
            changed = np.asarray(rows, dtype=np.int64) >= n
            taken.update(
                {
                    "origin": pa.array([info.origin] * n, pa.string()),
                    "mode": pa.array([info.mode] * n, pa.string()),
                    "variant": pa.array(np.full(n, info.index, dtype=np.int32)),
                    "variant_name": pa.array([info.name] * n, pa.string()),
                    "document_id": pa.array(self.document_ids),
                    "sentence_id": pa.array(np.arange(n, dtype=np.int32)),
                    "changed": pa.array(changed),
                }
            )
            tables.append(
                pa.Table.from_arrays([taken[f.name] for f in self.schema], schema=self.schema)
            )
        return pa.concat_tables(tables).combine_chunks()

    def original_table(self) -> Any:
        """Return the Arrow table of the source corpus (origin ``original``, variant -1)."""
        original = Variant(VariantInfo(ORIGINAL, ORIGINAL, -1, ORIGINAL, 0))
        return self.table([original])


def write_variants(path: Path, encoder: RowEncoder, variants: Sequence[Variant]) -> tuple[int, int]:
    """Write the variants of one origin to ``path`` (a parquet file).

    Returns:
        The number of rows and of tokens written.
    """
    return write_table(path, encoder.table(variants))


def write_original(path: Path, encoder: RowEncoder) -> tuple[int, int]:
    """Write the source corpus as variant -1 of origin ``original``; return rows and tokens."""
    return write_table(path, encoder.original_table())


def write_table(path: Path, table: Any) -> tuple[int, int]:
    """Write a variant table to ``path`` as parquet; return the numbers of rows and tokens."""
    import pyarrow.parquet as pq

    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path, compression="zstd")
    tokens = table["tokens"].combine_chunks()
    return int(table.num_rows), len(tokens.flatten())


def write_json(path: Path, payload: Mapping[str, Any]) -> None:
    """Write ``payload`` as sorted, indented JSON (stable bytes for the same content)."""
    path.write_text(json.dumps(payload, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def read_provenance(sets_dir: str | Path) -> dict[str, Any]:
    """Return the provenance of a sets folder, or raise SourceError if it is not one."""
    from switcher.errors import SourceError

    path = Path(sets_dir) / "provenance.json"
    try:
        payload: dict[str, Any] = json.loads(path.read_text())
    except FileNotFoundError:
        raise SourceError(f"{sets_dir}: not a switcher sets folder (no provenance.json)") from None
    except json.JSONDecodeError as err:
        raise SourceError(f"{path}:{err.lineno}: not valid JSON ({err.msg})") from None
    if payload.get("format") != FORMAT:
        raise SourceError(f"{path}: not a switcher sets folder (format {payload.get('format')!r})")
    return payload


def config_name(mode: str, origin: str) -> str:
    """Return the Hub config name of one set: ``original``, or ``<mode>-<origin>``."""
    return ORIGINAL if mode == ORIGINAL else f"{mode}-{origin}"


def set_path(sets_dir: str | Path, mode: str, origin: str) -> Path:
    """Return the parquet file of one set (``mode`` ``original`` for the source corpus).

    Reads both layouts: a sets folder (``per/vn/data.parquet``) and a folder exported for the
    Hub, or downloaded from it (``data/per-vn/*.parquet``).
    """
    root = Path(sets_dir)
    path = root / ORIGINAL / DATA_FILE if mode == ORIGINAL else root / mode / origin / DATA_FILE
    if not path.exists():
        exported = sorted((root / "data" / config_name(mode, origin)).glob("*.parquet"))
        if len(exported) == 1:
            return exported[0]
    return path


def read_table(
    sets_dir: str | Path, mode: str, origin: str, *, changed_only: bool = False
) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Read one set and group its rows by (origin, variant), decoding tags to spans.

    With ``changed_only``, only the rows a variant changed are read (the others are the
    original sentences); a variant that changed nothing then maps to an empty list.

    Each row becomes a dict with ``document_id``, ``sentence_id``, ``variant_name``,
    ``tokens``, ``tags`` (strings), ``spans`` (:class:`~switcher.corpus.Span` list),
    ``changed`` and ``replacements`` (:class:`~switcher.corpus.Replacement` list). Rows with
    the same tags share their ``tags`` and ``spans`` lists: treat them as read-only.

    Raises:
        SourceError: The set does not exist.
    """
    import datasets
    import pyarrow.parquet as pq

    from switcher.errors import SourceError

    path = set_path(sets_dir, mode, origin)
    if not path.exists():
        raise SourceError(f"{sets_dir}: no set {mode}/{origin} (missing {path})")
    table = pq.read_table(path)
    features = datasets.Features.from_arrow_schema(table.schema)
    names = features["ner_tags"].feature.names
    grouped: dict[tuple[str, int], list[dict[str, Any]]] = {}
    if changed_only:
        for origin_name, variant in zip(
            table["origin"].to_pylist(), table["variant"].to_pylist(), strict=True
        ):
            grouped.setdefault((origin_name, variant), [])
        table = table.filter(table["changed"])
    data = table.select(
        [
            "origin",
            "variant",
            "variant_name",
            "document_id",
            "sentence_id",
            "tokens",
            "ner_tags",
            "changed",
            "replacements",
        ]
    ).to_pydict()
    decoded: dict[tuple[int, ...], tuple[list[str], list[Span]]] = {}
    for i in range(len(data["origin"])):
        ids = tuple(data["ner_tags"][i])
        known = decoded.get(ids)
        if known is None:
            tags = [names[t] for t in ids]
            known = decoded[ids] = (tags, tags_to_spans(tags))
        grouped.setdefault((data["origin"][i], data["variant"][i]), []).append(
            {
                "document_id": data["document_id"][i],
                "sentence_id": data["sentence_id"][i],
                "variant_name": data["variant_name"][i],
                "tokens": data["tokens"][i],
                "tags": known[0],
                "spans": known[1],
                "changed": data["changed"][i],
                "replacements": [Replacement(**r) for r in data["replacements"][i]],
            }
        )
    return grouped


def read_variant_corpus(sets_dir: str | Path, mode: str, origin: str, variant: int) -> Corpus:
    """Load one variant of a sets folder back as a corpus (``mode="original"`` for the source).

    Documents come from the ``document_id`` column; the tag scheme is detected from the tags.
    """
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from switcher.errors import SourceError
    from switcher.read.hf import dataset_to_corpus

    path = set_path(sets_dir, mode, origin)
    if not path.exists():
        raise SourceError(f"{sets_dir}: no set {mode}/{origin} (missing {path})")
    import datasets

    table = pq.read_table(path)
    rows = table.filter(pc.equal(table["variant"], variant))
    if rows.num_rows == 0:
        raise SourceError(f"{path}: no variant {variant}")
    dataset = datasets.Dataset(rows.drop_columns(["replacements"]))
    return dataset_to_corpus(dataset, source=f"{path}[variant {variant}]")
