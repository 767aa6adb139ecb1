"""Hugging Face ``datasets``: corpus to :class:`datasets.Dataset` and back.

A dataset in the ``conll2003`` layout has a ``tokens`` column of strings and a ``ner_tags``
column of ``Sequence(ClassLabel)``; extra per-token columns (``pos_tags``, ``chunk_tags``)
may be ``ClassLabel`` sequences or strings. switcher writes ``document_id`` and
``sentence_id`` columns so documents survive; when reading, documents come from a
``document_id`` column, from ``-DOCSTART-`` rows, from known start offsets, or, when none of
these exists, one document per sentence with a warning.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from switcher.corpus import Corpus, Document, Sentence, order_types
from switcher.errors import SourceError, TagSchemeError
from switcher.read.conll import DOCSTART, default_docstart
from switcher.schemes import (
    PREFIXES,
    check_scheme,
    detect_scheme,
    noncanonical_iob1_begins,
    spans_to_tags,
    tags_to_spans,
    validate_tags,
)

if TYPE_CHECKING:
    import datasets

#: Column names tried, in order, for the NER tags of a dataset.
TAG_COLUMNS: tuple[str, ...] = ("ner_tags", "tags", "ner", "labels")
#: Columns that are ids rather than per-token data.
ID_COLUMNS: frozenset[str] = frozenset({"id", "document_id", "sentence_id"})

_PREFIX_ORDER = {"iob1": "BI", "iob2": "BI", "io": "I", "bioes": "BIES", "bilou": "BILU"}


def label_names_for(types: Iterable[str], scheme: str) -> tuple[str, ...]:
    """Return ``ClassLabel`` names for ``types`` in ``scheme``: ``O`` first, then per type.

    CoNLL types come first in the Hub ``conll2003`` order, so CoNLL-2003 in IOB2 gets
    exactly that dataset's names (``O, B-PER, I-PER, B-ORG, ...``).
    """
    scheme = check_scheme(scheme)
    names = ["O"]
    for label in order_types(list(types)):
        names.extend(f"{p}-{label}" for p in _PREFIX_ORDER[scheme] if p in PREFIXES[scheme])
    return tuple(names)


def column_label_names(corpus: Corpus, column: str) -> tuple[str, ...]:
    """Return ``ClassLabel`` names for an extra column: those kept from a source dataset when
    they cover every value, else the values sorted."""
    values = {v for s in corpus.sentences() for v in s.columns[column]}
    kept = corpus.column_labels.get(column)
    return kept if kept and values <= set(kept) else tuple(sorted(values))


def corpus_to_dataset(corpus: Corpus) -> datasets.Dataset:
    """Convert a corpus into a :class:`datasets.Dataset`, one row per sentence.

    Columns: ``document_id``, ``sentence_id`` (corpus-wide index), ``tokens``, each extra
    column as ``Sequence(ClassLabel)``, and ``ner_tags`` as ``Sequence(ClassLabel)`` in the
    corpus's scheme. ``ClassLabel`` names kept from a source dataset are reused.
    """
    import datasets

    tags_per_sentence = [
        spans_to_tags(s.spans, len(s.tokens), corpus.scheme, iob1_begins=s.iob1_begins)
        for s in corpus.sentences()
    ]
    used = {t for tags in tags_per_sentence for t in tags}
    names = corpus.label_names
    if names is None or not used <= set(names):
        types = {t.partition("-")[2] for t in used if t != "O"}
        if names is not None:
            types |= {t.partition("-")[2] for t in names if t != "O"}
        names = label_names_for(types, corpus.scheme)
    tag_index = {name: i for i, name in enumerate(names)}

    column_names: dict[str, tuple[str, ...]] = {}
    for column in corpus.column_names:
        column_names[column] = column_label_names(corpus, column)

    data: dict[str, list[Any]] = {"document_id": [], "sentence_id": [], "tokens": []}
    for column in corpus.column_names:
        data[column] = []
    data["ner_tags"] = [[tag_index[t] for t in tags] for tags in tags_per_sentence]
    column_index = {c: {v: i for i, v in enumerate(n)} for c, n in column_names.items()}
    sentence_id = 0
    for d, document in enumerate(corpus.documents):
        for sentence in document.sentences:
            data["document_id"].append(d)
            data["sentence_id"].append(sentence_id)
            data["tokens"].append(sentence.tokens)
            for column in corpus.column_names:
                index = column_index[column]
                data[column].append([index[v] for v in sentence.columns[column]])
            sentence_id += 1

    features = datasets.Features(
        {
            "document_id": datasets.Value("int32"),
            "sentence_id": datasets.Value("int32"),
            "tokens": datasets.Sequence(datasets.Value("string")),
            **{
                c: datasets.Sequence(datasets.ClassLabel(names=list(n)))
                for c, n in column_names.items()
            },
            "ner_tags": datasets.Sequence(datasets.ClassLabel(names=list(names))),
        }
    )
    return datasets.Dataset.from_dict(data, features=features)


def _feature_names(feature: Any) -> tuple[str, ...] | None:
    """Return the ClassLabel names of a ``Sequence(ClassLabel)``/``List(ClassLabel)``."""
    inner = getattr(feature, "feature", None)
    names = getattr(inner, "names", None)
    return tuple(names) if names else None


def _is_token_column(feature: Any) -> bool:
    """A list of scalars (strings, ints, ClassLabel) per row; lists of records are not."""
    inner = getattr(feature, "feature", None)
    return inner is not None and not isinstance(inner, dict)


def dataset_to_corpus(
    dataset: datasets.Dataset,
    *,
    scheme: str = "auto",
    types: Iterable[str] | None = None,
    tag_column: str | None = None,
    document_starts: Sequence[int] | None = None,
    source: str = "<dataset>",
) -> Corpus:
    """Convert a token-classification :class:`datasets.Dataset` into a corpus.

    Args:
        dataset: Rows of sentences with a ``tokens`` column and a tag column.
        scheme: The tag scheme, or ``"auto"`` to detect it.
        types: Entity types allowed; ``None`` allows any.
        tag_column: The column of NER tags; by default the first of :data:`TAG_COLUMNS`.
        document_starts: Row indices where documents start, used when the dataset has no
            ``document_id`` column and no ``-DOCSTART-`` rows (see
            :mod:`switcher.read.documents` for CoNLL-2003 on the Hub).
        source: A name for messages and provenance.

    Raises:
        SourceError: A needed column is missing or a row is malformed.
    """
    columns = list(dataset.column_names)
    if "tokens" not in columns:
        raise SourceError(f"{source}: no 'tokens' column; the dataset has {', '.join(columns)}")
    if tag_column is None:
        tag_column = next((c for c in TAG_COLUMNS if c in columns), None)
        if tag_column is None:
            raise SourceError(
                f"{source}: no NER tag column (tried {', '.join(TAG_COLUMNS)}); the dataset has "
                f"{', '.join(columns)}"
            )
    elif tag_column not in columns:
        raise SourceError(
            f"{source}: no column {tag_column!r}; the dataset has {', '.join(columns)}"
        )
    features = dataset.features
    label_names = _feature_names(features[tag_column])
    extra = [
        c
        for c in columns
        if c not in ID_COLUMNS and c not in ("tokens", tag_column) and _is_token_column(features[c])
    ]
    extra_names = {c: _feature_names(features[c]) for c in extra}

    table = dataset.to_dict()
    rows_tokens: list[list[str]] = table["tokens"]
    rows_tags: list[list[str]] = []
    for i, raw in enumerate(table[tag_column]):
        if label_names is not None:
            try:
                rows_tags.append([label_names[t] for t in raw])
            except (IndexError, TypeError):
                raise SourceError(f"{source} row {i}: tag id out of range in {raw!r}") from None
        else:
            rows_tags.append([str(t) for t in raw])
        if len(raw) != len(rows_tokens[i]):
            raise SourceError(f"{source} row {i}: {len(rows_tokens[i])} tokens but {len(raw)} tags")
    rows_extra: dict[str, list[list[str]]] = {}
    for c in extra:
        names = extra_names[c]
        values = table[c]
        rows_extra[c] = [
            [names[v] for v in row] if names else [str(v) for v in row] for row in values
        ]

    # Documents: a document_id column, -DOCSTART- rows, given starts, or none.
    keep = list(range(len(rows_tokens)))
    starts: list[int]
    has_documents = True
    docstart_rows = [i for i, toks in enumerate(rows_tokens) if toks and toks[0] == DOCSTART]
    if "document_id" in columns:
        ids = table["document_id"]
        starts = [i for i in range(len(ids)) if i == 0 or ids[i] != ids[i - 1]]
    elif docstart_rows:
        docstart_set = set(docstart_rows)
        keep = [i for i in keep if i not in docstart_set]
        starts = []
        position = 0
        for i in range(len(rows_tokens)):
            if i in docstart_set:
                starts.append(position)
            else:
                position += 1
        if not starts or starts[0] != 0:
            starts.insert(0, 0)
    elif document_starts is not None:
        starts = list(document_starts)
        if starts and (starts[0] != 0 or starts != sorted(set(starts)) or starts[-1] >= len(keep)):
            raise SourceError(f"{source}: document starts must rise from 0 below {len(keep)}")
    else:
        warnings.warn(
            f"{source} has no document boundaries: every sentence is treated as its own "
            "document, so replacements are consistent per sentence only",
            stacklevel=2,
        )
        starts = list(range(len(keep)))
        has_documents = False

    kept_tags = [rows_tags[i] for i in keep]
    if scheme == "auto":
        scheme = detect_scheme(kept_tags)
    scheme = check_scheme(scheme)
    type_list = None if types is None else list(types)

    sentences: list[Sentence] = []
    for row in keep:
        tags = rows_tags[row]
        try:
            validate_tags(tags, scheme, type_list)
        except TagSchemeError as err:
            raise SourceError(f"{source} row {row}, token {err.position}: {err}") from None
        spans = tags_to_spans(tags)
        sentences.append(
            Sentence(
                tokens=list(rows_tokens[row]),
                spans=spans,
                columns={c: rows_extra[c][row] for c in extra},
                iob1_begins=noncanonical_iob1_begins(tags, spans) if scheme == "iob1" else (),
            )
        )

    bounds = [*starts, len(sentences)]
    docstart = default_docstart(len(extra)) if has_documents else None
    documents = [
        Document(sentences[bounds[k] : bounds[k + 1]], docstart) for k in range(len(starts))
    ]
    return Corpus(
        documents=documents,
        scheme=scheme,
        column_names=tuple(extra),
        has_documents=has_documents,
        label_names=label_names,
        column_labels={c: n for c, n in extra_names.items() if n},
        source=source,
    )
