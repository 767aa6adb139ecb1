"""The sub-type annotation file: read, validate against its corpus, and write.

An annotation gives every ORG mention of a corpus its sub-category and every LOC mention its
sub-type (:mod:`switcher.annotate.labels`). On disk it is a UTF-8 TSV: ``#`` comment lines
(``# key: value``) on top, a header row, then one row per ORG or LOC mention in corpus order::

    # switcher sub-type annotation
    # format: 1
    # corpus: conll2003 test.txt
    # fingerprint: sha256:<64 hex digits>
    # documents: 231 documents, 3453 sentences, 1661 ORG, 1668 LOC
    # document sizes: 22 12 14 ...
    # created: 2026-11-23
    # method: rules + review of every distinct string in context
    # reviewed: 3329 of 3329 rows
    document  sentence  start  end  type  text   subtype  reviewed
    0         0         2      3    LOC   JAPAN  country  yes

``document`` and ``sentence`` are 0-based; ``start``/``end`` are the half-open token offsets of
the span (the :class:`~switcher.corpus.Span` of the corpus); ``text`` is the span's tokens
joined by single spaces; ``reviewed`` is ``yes`` when a person checked the label in context
and ``no`` when it comes from rules only. Comment lines after the header row are ignored.

The fingerprint (:func:`annotation_fingerprint`) hashes the tokens and entity spans of every
sentence, not the tag scheme nor the document boundaries, so one file fits a corpus read from
its IOB1 file, its IOB2 release or a Hugging Face dataset. ``document sizes`` (sentences per
document) lets a file be applied to the same sentences split into other documents: rows are
then moved to the corpus's own document and sentence indices.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from switcher.annotate.labels import ANNOTATED_TYPES, labels_for
from switcher.atomic import atomic_write
from switcher.corpus import Corpus, Span
from switcher.errors import AnnotationError

#: Version of the file format written by :func:`write_annotation`.
FORMAT_VERSION = "1"
#: First comment line of an annotation file.
TITLE = "switcher sub-type annotation"
#: Columns of the header row, in order.
COLUMNS: tuple[str, ...] = (
    "document",
    "sentence",
    "start",
    "end",
    "type",
    "text",
    "subtype",
    "reviewed",
)
_YES_NO = {"yes": True, "no": False}
_FINGERPRINT_PREFIX = "sha256:"

#: Key of a mention: (document, sentence, start, end).
Key = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class AnnotationRow:
    """One ORG or LOC mention and its label.

    Args:
        document: 0-based document index in the corpus.
        sentence: 0-based sentence index inside the document.
        start: First token of the span.
        end: One past its last token.
        type: ``ORG`` or ``LOC``.
        text: The span's tokens joined by single spaces.
        subtype: The ORG sub-category or LOC sub-type.
        reviewed: Whether a person checked the label in context.
    """

    document: int
    sentence: int
    start: int
    end: int
    type: str
    text: str
    subtype: str
    reviewed: bool = False

    @property
    def key(self) -> Key:
        """Return ``(document, sentence, start, end)``."""
        return (self.document, self.sentence, self.start, self.end)


@dataclass(frozen=True, eq=False)
class Annotation(Mapping[Key, str]):
    """ORG sub-categories and LOC sub-types of one corpus: a read-only mapping.

    It maps ``(document, sentence, start, end)`` to the label and iterates its keys in corpus
    order; :attr:`rows` holds the full rows (type, text, reviewed flag).

    Args:
        rows: One row per ORG or LOC mention, in corpus order.
        fingerprint: :func:`annotation_fingerprint` of the corpus it annotates.
        source: Where that corpus came from (for messages and provenance).
        method: How the labels were made.
        created: Date the file was made (ISO), if known.
        path: File it was read from, if any.
    """

    rows: tuple[AnnotationRow, ...]
    fingerprint: str
    source: str = ""
    method: str = ""
    created: str | None = None
    path: Path | None = None
    _index: dict[Key, AnnotationRow] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[Key, AnnotationRow] = {}
        for row in self.rows:
            if row.key in index:
                raise AnnotationError(
                    f"two rows for document {row.document} sentence {row.sentence} "
                    f"span [{row.start}, {row.end}); expected one"
                )
            index[row.key] = row
        object.__setattr__(self, "_index", index)

    def __getitem__(self, key: Key) -> str:
        return self._index[key].subtype

    def __iter__(self) -> Iterator[Key]:
        return (row.key for row in self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Annotation):
            return NotImplemented
        return self.fingerprint == other.fingerprint and self.rows == other.rows

    def __hash__(self) -> int:
        return hash((self.fingerprint, self.rows))

    def row(self, document: int, sentence: int, span: Span) -> AnnotationRow | None:
        """Return the row of ``span`` in the given sentence, or ``None`` when it has none."""
        row = self._index.get((document, sentence, span.start, span.end))
        if row is None or row.type != span.label:
            return None
        return row

    def subtype(self, document: int, sentence: int, span: Span) -> str | None:
        """Return the label of ``span`` in the given sentence, or ``None`` when it has none.

        >>> annotation.subtype(0, 2, Span(0, 1, "LOC"))  # doctest: +SKIP
        'country'
        """
        row = self.row(document, sentence, span)
        return None if row is None else row.subtype

    def labels_for(self, entity_type: str) -> tuple[str, ...]:
        """Return the labels allowed for ``entity_type`` (``ORG`` or ``LOC``), else ``()``."""
        return labels_for(entity_type)

    def counts(self, entity_type: str | None = None) -> Counter[str]:
        """Return the number of mentions per label, for one entity type or for both."""
        return Counter(
            row.subtype for row in self.rows if entity_type is None or row.type == entity_type
        )

    def num_reviewed(self) -> int:
        """Return how many rows a person reviewed."""
        return sum(row.reviewed for row in self.rows)


def annotation_fingerprint(corpus: Corpus) -> str:
    """Return ``sha256:<hex>`` over the tokens and entity spans of every sentence, in order.

    Neither the tag scheme nor the document boundaries enter it: the CoNLL-2003 test file,
    its IOB2 release and the Hub dataset give the same fingerprint; a changed token or span
    changes it.
    """
    digest = hashlib.sha256()
    for sentence in corpus.sentences():
        digest.update("\x1f".join(sentence.tokens).encode())
        digest.update(b"\x1e")
        digest.update(";".join(f"{s.start},{s.end},{s.label}" for s in sentence.spans).encode())
        digest.update(b"\n")
    return _FINGERPRINT_PREFIX + digest.hexdigest()


def document_sizes(corpus: Corpus) -> tuple[int, ...]:
    """Return the number of sentences of each document of ``corpus``."""
    return tuple(len(document.sentences) for document in corpus.documents)


def build_annotation(
    corpus: Corpus,
    labels: Mapping[Key, str],
    *,
    reviewed: bool | Collection[Key] = False,
    method: str = "",
    created: str | None = None,
) -> Annotation:
    """Make an :class:`Annotation` of ``corpus`` from a label per mention.

    Args:
        corpus: The corpus annotated.
        labels: Label of every ORG and LOC mention, keyed by ``(document, sentence, start,
            end)``.
        reviewed: ``True`` when every label was reviewed, or the keys of the reviewed ones.
        method: How the labels were made (goes into the file header).
        created: ISO date of the annotation (default: none until written).

    Raises:
        AnnotationError: A mention has no label, a key is no ORG/LOC mention of the
            corpus, or a label is not allowed for its type.
    """
    rows = []
    seen = 0
    for d, s, sentence in corpus.iter_sentences():
        for span in sentence.spans:
            if span.label not in ANNOTATED_TYPES:
                continue
            key = (d, s, span.start, span.end)
            text = sentence.span_text(span)
            if key not in labels:
                raise AnnotationError(
                    f"{_describe(corpus)}: no label for the {span.label} mention {text!r} "
                    f"(document {d}, sentence {s}, span [{span.start}, {span.end}))"
                )
            label = labels[key]
            _check_label(span.label, label, where=f"{_describe(corpus)}: {text!r}")
            flag = reviewed if isinstance(reviewed, bool) else key in reviewed
            rows.append(AnnotationRow(d, s, span.start, span.end, span.label, text, label, flag))
            seen += 1
    if seen != len(labels):
        extra = sorted(set(labels).difference(row.key for row in rows))
        raise AnnotationError(
            f"{_describe(corpus)}: {len(extra)} labelled key(s) are no ORG or LOC mention of the "
            f"corpus, the first being (document, sentence, start, end) = {extra[0]}"
        )
    return Annotation(
        tuple(rows),
        annotation_fingerprint(corpus),
        source=corpus.source,
        method=method,
        created=created,
    )


def write_annotation(annotation: Annotation, corpus: Corpus, path: str | Path) -> None:
    """Write ``annotation`` of ``corpus`` to ``path`` as TSV, atomically.

    The header records the corpus source, fingerprint and size, the document sizes, the
    date (``annotation.created`` or today) and ``annotation.method``.

    Raises:
        AnnotationError: ``annotation`` was made for another corpus, or does not cover its
            ORG and LOC mentions exactly.
    """
    fingerprint = annotation_fingerprint(corpus)
    if fingerprint != annotation.fingerprint:
        raise AnnotationError(
            f"cannot write {path}: the annotation belongs to a corpus with fingerprint "
            f"{annotation.fingerprint}, not to {_describe(corpus)} ({fingerprint})"
        )
    _check_rows(annotation.rows, corpus, where=str(path), lines=None)
    counts = corpus.entity_counts()
    sizes = document_sizes(corpus)
    header = {
        "format": FORMAT_VERSION,
        "corpus": _clean(corpus.source or annotation.source or "unknown"),
        "fingerprint": fingerprint,
        "documents": (
            f"{len(sizes)} documents, {sum(sizes)} sentences, "
            f"{counts.get('ORG', 0)} ORG, {counts.get('LOC', 0)} LOC"
        ),
        "document sizes": " ".join(str(n) for n in sizes),
        "created": annotation.created or date.today().isoformat(),
        "method": _clean(annotation.method or "unspecified"),
        "reviewed": f"{annotation.num_reviewed()} of {len(annotation)} rows",
    }
    with atomic_write(path) as handle:
        handle.write(f"# {TITLE}\n")
        for key, value in header.items():
            handle.write(f"# {key}: {value}\n")
        handle.write("\t".join(COLUMNS) + "\n")
        for row in annotation.rows:
            fields = (
                row.document,
                row.sentence,
                row.start,
                row.end,
                row.type,
                row.text,
                row.subtype,
                "yes" if row.reviewed else "no",
            )
            handle.write("\t".join(str(f) for f in fields) + "\n")


def read_header(path: str | Path) -> dict[str, str]:
    """Return the ``# key: value`` lines at the top of an annotation file.

    Raises:
        AnnotationError: The file cannot be read or is not a switcher annotation.
    """
    header, _ = _read_header(Path(path))
    return header


def read_rows(path: str | Path) -> tuple[AnnotationRow, ...]:
    """Read the rows of an annotation file without its corpus (format and labels checked).

    For counting and inspection; :func:`load_annotation` also checks the rows against the
    corpus they annotate.

    Raises:
        AnnotationError: The file is not a well-formed annotation (names file and line).
    """
    file = Path(path)
    _, lines = _read_header(file)
    return tuple(_parse_row(line, where=f"{file}:{number}") for number, line in lines)


def load_annotation(path: str | Path, corpus: Corpus) -> Annotation:
    """Read an annotation file and check it against ``corpus``.

    The fingerprint is checked first; then every row: its span must exist in the corpus with
    that type and text, its label must be allowed, and every ORG and LOC mention of the corpus
    must have exactly one row, in corpus order. When the file's document sizes differ from the
    corpus's but the sentences are the same, rows are moved to the corpus's indices.

    Args:
        path: The TSV file.
        corpus: The corpus it annotates.

    Raises:
        AnnotationError: Naming the file, the line and the first mismatch (what was expected
            and what was found), or the allowed labels for an unknown one.
    """
    file = Path(path)
    header, lines = _read_header(file)
    where = str(file)
    fingerprint = annotation_fingerprint(corpus)
    if header["fingerprint"] != fingerprint:
        raise AnnotationError(
            f"{where}: the annotation was made for another corpus "
            f"({header.get('corpus', 'unknown')}, fingerprint {header['fingerprint']}); "
            f"{_describe(corpus)} has fingerprint {fingerprint}: its tokens or entity spans "
            "differ, so the rows cannot be trusted"
        )
    moved = _sentence_mover(header, corpus, where)
    rows: list[AnnotationRow] = []
    row_lines: list[int] = []
    for number, line in lines:
        row = _parse_row(line, where=f"{where}:{number}")
        if moved is not None:
            row = moved(row, f"{where}:{number}")
        rows.append(row)
        row_lines.append(number)
    _check_rows(rows, corpus, where=where, lines=row_lines)
    return Annotation(
        tuple(rows),
        fingerprint,
        source=header.get("corpus", ""),
        method=header.get("method", ""),
        created=header.get("created"),
        path=file,
    )


def _read_header(file: Path) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """Return the header values and the numbered data lines after the column row."""
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise AnnotationError(f"{file}: no such annotation file") from None
    except UnicodeDecodeError as error:
        raise AnnotationError(f"{file}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise AnnotationError(f"{file}: cannot read it ({error.strerror})") from None
    header: dict[str, str] = {}
    data: list[tuple[int, str]] = []
    columns_seen = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        if line.startswith("#"):
            if not columns_seen:
                key, sep, value = line[1:].partition(":")
                if sep:
                    header[key.strip().lower()] = value.strip()
            continue
        if not columns_seen:
            found = tuple(line.split("\t"))
            if found != COLUMNS:
                raise AnnotationError(
                    f"{file}:{number}: expected the header row {' '.join(COLUMNS)!r} "
                    f"(tab-separated), found {line!r}"
                )
            columns_seen = True
            continue
        data.append((number, line))
    if not columns_seen:
        raise AnnotationError(
            f"{file}: no header row {' '.join(COLUMNS)!r}: not a switcher annotation file"
        )
    version = header.get("format")
    if version != FORMAT_VERSION:
        raise AnnotationError(
            f"{file}: format version {version!r} in the '# format:' line; expected "
            f"{FORMAT_VERSION!r}"
        )
    if not header.get("fingerprint", "").startswith(_FINGERPRINT_PREFIX):
        raise AnnotationError(
            f"{file}: the header has no '# fingerprint: sha256:...' line naming the corpus "
            "it annotates"
        )
    return header, data


def _parse_row(line: str, *, where: str) -> AnnotationRow:
    fields = line.split("\t")
    if len(fields) != len(COLUMNS):
        raise AnnotationError(
            f"{where}: expected {len(COLUMNS)} tab-separated fields ({', '.join(COLUMNS)}), "
            f"found {len(fields)}: {line!r}"
        )
    numbers = []
    for name, value in zip(COLUMNS[:4], fields[:4], strict=True):
        if not value.isdigit():
            raise AnnotationError(
                f"{where}: {name} must be a non-negative integer, found {value!r}"
            )
        numbers.append(int(value))
    document, sentence, start, end = numbers
    entity_type, text, subtype, reviewed = fields[4:]
    if entity_type not in ANNOTATED_TYPES:
        raise AnnotationError(
            f"{where}: type {entity_type!r} is not annotated; expected one of "
            f"{', '.join(ANNOTATED_TYPES)}"
        )
    _check_label(entity_type, subtype, where=where)
    if reviewed not in _YES_NO:
        raise AnnotationError(f"{where}: reviewed must be 'yes' or 'no', found {reviewed!r}")
    if end <= start:
        raise AnnotationError(f"{where}: span [{start}, {end}) is empty; expected end > start")
    return AnnotationRow(
        document, sentence, start, end, entity_type, text, subtype, _YES_NO[reviewed]
    )


def _check_label(entity_type: str, label: str, *, where: str) -> None:
    allowed = labels_for(entity_type)
    if label not in allowed:
        raise AnnotationError(
            f"{where}: unknown {entity_type} label {label!r}; expected one of {', '.join(allowed)}"
        )


def _sentence_mover(
    header: Mapping[str, str], corpus: Corpus, where: str
) -> Callable[[AnnotationRow, str], AnnotationRow] | None:
    """Return a function moving rows to the corpus's document structure, or ``None``."""
    text = header.get("document sizes")
    if not text:
        return None
    try:
        sizes = tuple(int(n) for n in text.split())
    except ValueError:
        raise AnnotationError(
            f"{where}: '# document sizes:' must list integers, found {text[:40]!r}"
        ) from None
    target = document_sizes(corpus)
    if sizes == target:
        return None
    firsts = []
    total = 0
    for size in sizes:
        firsts.append(total)
        total += size
    positions = [(d, s) for d, size in enumerate(target) for s in range(size)]

    def move(row: AnnotationRow, at: str) -> AnnotationRow:
        if row.document >= len(sizes) or row.sentence >= sizes[row.document]:
            raise AnnotationError(
                f"{at}: document {row.document} sentence {row.sentence} does not exist in "
                f"the file's own document sizes"
            )
        d, s = positions[firsts[row.document] + row.sentence]
        return replace(row, document=d, sentence=s)

    return move


def _check_rows(
    rows: Iterable[AnnotationRow], corpus: Corpus, *, where: str, lines: list[int] | None
) -> None:
    """Check that ``rows`` cover every ORG/LOC span of ``corpus`` once, in order."""
    expected = [
        (d, s, span, sentence)
        for d, s, sentence in corpus.iter_sentences()
        for span in sentence.spans
        if span.label in ANNOTATED_TYPES
    ]
    by_key = {(d, s, span.start, span.end): i for i, (d, s, span, _) in enumerate(expected)}
    covered = [False] * len(expected)
    previous = -1
    for n, row in enumerate(rows):
        at = f"{where}:{lines[n]}" if lines is not None else f"{where} (row {n + 1})"
        index = by_key.get(row.key)
        if index is None:
            raise AnnotationError(f"{at}: {_missing_span(row, corpus)}")
        _, _, span, sentence = expected[index]
        text = sentence.span_text(span)
        if span.label != row.type:
            raise AnnotationError(
                f"{at}: document {row.document} sentence {row.sentence} span "
                f"[{row.start}, {row.end}) {text!r} is {span.label} in the corpus; the row "
                f"says {row.type}"
            )
        if text != row.text:
            raise AnnotationError(
                f"{at}: document {row.document} sentence {row.sentence} span "
                f"[{row.start}, {row.end}): expected the text {text!r} of the corpus, found "
                f"{row.text!r}"
            )
        if covered[index]:
            raise AnnotationError(
                f"{at}: a second row for {row.type} {text!r} (document {row.document}, "
                f"sentence {row.sentence}, span [{row.start}, {row.end})); expected one"
            )
        if index < previous:
            raise AnnotationError(
                f"{at}: {row.type} {text!r} (document {row.document}, sentence "
                f"{row.sentence}) is out of corpus order; rows must follow the corpus"
            )
        covered[index] = True
        previous = index
    for index, done in enumerate(covered):
        if not done:
            d, s, span, sentence = expected[index]
            raise AnnotationError(
                f"{where}: the {span.label} mention {sentence.span_text(span)!r} (document {d}, "
                f"sentence {s}, span [{span.start}, {span.end})) has no row; expected one row "
                f"per ORG and LOC mention ({len(expected)} in {_describe(corpus)})"
            )


def _missing_span(row: AnnotationRow, corpus: Corpus) -> str:
    """Describe why ``row`` names no ORG/LOC span of ``corpus`` (expected vs found)."""
    if row.document >= len(corpus.documents):
        return (
            f"document {row.document} does not exist; the corpus has "
            f"{len(corpus.documents)} documents (0-based)"
        )
    sentences = corpus.documents[row.document].sentences
    if row.sentence >= len(sentences):
        return (
            f"document {row.document} has no sentence {row.sentence}; it has "
            f"{len(sentences)} (0-based)"
        )
    sentence = sentences[row.sentence]
    found = [
        f"{span.label} [{span.start}, {span.end}) {sentence.span_text(span)!r}"
        for span in sentence.spans
        if span.label in ANNOTATED_TYPES
    ]
    return (
        f"document {row.document} sentence {row.sentence} has no ORG or LOC span "
        f"[{row.start}, {row.end}) (row: {row.type} {row.text!r}); its ORG/LOC spans are: "
        f"{'; '.join(found) if found else 'none'}"
    )


def _describe(corpus: Corpus) -> str:
    return corpus.source or "the corpus"


def _clean(text: str) -> str:
    """Keep a header value on one line."""
    return " ".join(text.split())
