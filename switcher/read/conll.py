"""CoNLL column files: read them into a :class:`~switcher.corpus.Corpus` and write them back.

Format accepted: one token per line, columns separated by spaces or tabs, the token first and
the NER tag last, any number of columns in between (CoNLL-2003 has POS and chunk tags).
A blank line (spaces, tabs and ``\\r`` ignored) ends a sentence; a line whose first column is
``-DOCSTART-`` starts a document. Sentences before the first ``-DOCSTART-`` form a document of
their own; a file without any ``-DOCSTART-`` has no known documents, and every sentence is made
its own document with a warning.

Writing keeps what was read: the tag scheme (unless another is asked for), every extra column,
the ``-DOCSTART-`` lines, the separator, the line ending and trailing blank lines, so a file
that is read and written unchanged comes back byte for byte.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from switcher.atomic import atomic_write
from switcher.corpus import ConllLayout, Corpus, Document, Sentence
from switcher.errors import InputFormatError, SourceError, TagSchemeError
from switcher.schemes import (
    check_scheme,
    detect_scheme,
    noncanonical_iob1_begins,
    spans_to_tags,
    split_tag,
    tags_to_spans,
)
from switcher.schemes import validate_tags as _validate_tags

DOCSTART = "-DOCSTART-"


def default_column_names(count: int) -> tuple[str, ...]:
    """Name ``count`` extra columns: the CoNLL-2003 layout for one or two, else ``col1``..."""
    if count == 1:
        return ("pos_tags",)
    if count == 2:
        return ("pos_tags", "chunk_tags")
    return tuple(f"col{i + 1}" for i in range(count))


def default_docstart(column_count: int) -> tuple[str, ...]:
    """Return a CoNLL-2003 style ``-DOCSTART-`` line for ``column_count`` extra columns."""
    return (DOCSTART, *(["-X-"] * column_count), "O")


class _Draft:
    """A sentence being read: its columns and the line number of each token."""

    __slots__ = ("columns", "lines", "tags", "tokens")

    def __init__(self, extra: int) -> None:
        self.tokens: list[str] = []
        self.tags: list[str] = []
        self.columns: list[list[str]] = [[] for _ in range(extra)]
        self.lines: list[int] = []


def read_conll(
    path: str | Path,
    *,
    scheme: str = "auto",
    types: Iterable[str] | None = None,
    column_names: Sequence[str] | None = None,
    encoding: str = "utf-8",
) -> Corpus:
    """Read a CoNLL column file.

    Args:
        path: The file.
        scheme: Tag scheme of the file, or ``"auto"`` to detect it (see
            :func:`switcher.schemes.detect_scheme`).
        types: Entity types allowed; any other type is an error. ``None`` allows any.
        column_names: Names for the extra columns; by default ``pos_tags`` and
            ``chunk_tags`` for two extra columns (see :func:`default_column_names`).
        encoding: Text encoding of the file.

    Returns:
        The corpus, with the file's layout recorded for writing it back.

    Raises:
        SourceError: The file cannot be opened.
        InputFormatError: A line breaks the format; the message names file and line.
    """
    file = Path(path)
    try:
        data = file.read_bytes()
    except OSError as err:
        raise SourceError(f"cannot read {file}: {err.strerror or err}") from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise InputFormatError(file, line, f"not valid {encoding} text ({err.reason})") from None
    return parse_conll(
        text, source=str(file), scheme=scheme, types=types, column_names=column_names
    )


def parse_conll(
    text: str,
    *,
    source: str = "<string>",
    scheme: str = "auto",
    types: Iterable[str] | None = None,
    column_names: Sequence[str] | None = None,
) -> Corpus:
    """Parse the text of a CoNLL column file; see :func:`read_conll` for the arguments."""
    if scheme != "auto":
        scheme = check_scheme(scheme)
    type_set = None if types is None else frozenset(types)
    newline = "\r\n" if "\r\n" in text[: text.find("\n") + 1] else "\n"
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    drafts: list[list[_Draft]] = []  # per document
    docstarts: list[tuple[str, ...] | None] = []
    ncols = 0
    first_line = 0
    separator = " "
    draft: _Draft | None = None
    blank_run = 0
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if not line:
            draft = None
            blank_run += 1
            continue
        blank_run = 0
        fields = line.split()
        if fields[0] == DOCSTART:
            drafts.append([])
            docstarts.append(tuple(fields))
            draft = None
            continue
        if not ncols:
            if len(fields) < 2:
                raise InputFormatError(
                    source,
                    lineno,
                    f"expected at least 2 columns (token first, NER tag last), found 1: {line!r}",
                )
            ncols, first_line = len(fields), lineno
            separator = "\t" if "\t" in line else " "
            if column_names is not None and len(column_names) != ncols - 2:
                raise InputFormatError(
                    source,
                    lineno,
                    f"{len(column_names)} column names given but the file has "
                    f"{ncols - 2} extra columns",
                )
        elif len(fields) != ncols:
            raise InputFormatError(
                source,
                lineno,
                f"expected {ncols} columns (token first, NER tag last) like line "
                f"{first_line}, found {len(fields)}: {line!r}",
            )
        tag = fields[-1]
        try:
            _, label = split_tag(tag)
        except TagSchemeError as err:
            raise InputFormatError(source, lineno, str(err)) from None
        if type_set is not None and label and label not in type_set:
            raise InputFormatError(
                source,
                lineno,
                f"tag {tag!r} has type {label!r}, expected one of {', '.join(sorted(type_set))}",
            )
        if draft is None:
            if not drafts:
                drafts.append([])
                docstarts.append(None)
            draft = _Draft(ncols - 2)
            drafts[-1].append(draft)
        draft.tokens.append(fields[0])
        draft.tags.append(tag)
        for k, column in enumerate(draft.columns, 1):
            column.append(fields[k])
        draft.lines.append(lineno)

    all_drafts = [d for doc in drafts for d in doc]
    if scheme == "auto":
        scheme = detect_scheme(d.tags for d in all_drafts)
    names = (
        tuple(column_names) if column_names is not None else default_column_names(max(ncols - 2, 0))
    )

    documents: list[Document] = []
    for doc_drafts, docstart in zip(drafts, docstarts, strict=True):
        sentences = [_finish(d, names, scheme, source) for d in doc_drafts]
        documents.append(Document(sentences, docstart))

    has_documents = any(d is not None for d in docstarts)
    if not has_documents and documents:
        warnings.warn(
            f"{source} has no -DOCSTART- lines: every sentence is treated as its own document, "
            "so replacements are consistent per sentence only",
            stacklevel=2,
        )
        documents = [Document([s]) for s in documents[0].sentences]
    layout = ConllLayout(
        separator=separator,
        newline=newline,
        trailing_blank_lines=max(blank_run - 1, 0) if blank_run else -1,
    )
    if not lines:
        layout.trailing_blank_lines = 0
    return Corpus(
        documents=documents,
        scheme=scheme,
        column_names=names,
        has_documents=has_documents,
        layout=layout,
        source=source,
    )


def _finish(draft: _Draft, names: tuple[str, ...], scheme: str, source: str) -> Sentence:
    try:
        _validate_tags(draft.tags, scheme)
    except TagSchemeError as err:
        pos = err.position if err.position is not None else 0
        line = draft.lines[min(pos, len(draft.lines) - 1)]
        raise InputFormatError(source, line, str(err)) from None
    spans = tags_to_spans(draft.tags)
    return Sentence(
        tokens=draft.tokens,
        spans=spans,
        columns=dict(zip(names, draft.columns, strict=True)),
        iob1_begins=noncanonical_iob1_begins(draft.tags, spans) if scheme == "iob1" else (),
    )


def iter_conll_lines(corpus: Corpus, *, scheme: str | None = None) -> Iterator[str]:
    """Yield the lines (without line endings) of ``corpus`` as a CoNLL file.

    Args:
        corpus: What to write.
        scheme: Tag scheme to write; the corpus's own by default.
    """
    target = check_scheme(scheme) if scheme else corpus.scheme
    sep = corpus.layout.separator
    names = corpus.column_names
    emitted_any = False
    for document in corpus.documents:
        if document.docstart is not None:
            yield sep.join(document.docstart)
            yield ""
            emitted_any = True
        for sentence in document.sentences:
            tags = spans_to_tags(
                sentence.spans, len(sentence.tokens), target, iob1_begins=sentence.iob1_begins
            )
            columns = [sentence.columns[name] for name in names]
            for i, token in enumerate(sentence.tokens):
                if columns:
                    yield sep.join([token, *(column[i] for column in columns), tags[i]])
                else:
                    yield token + sep + tags[i]
            yield ""
            emitted_any = True
    if emitted_any:
        for _ in range(corpus.layout.trailing_blank_lines):
            yield ""


def format_conll(corpus: Corpus, *, scheme: str | None = None) -> str:
    """Return ``corpus`` as the text of a CoNLL file (see :func:`iter_conll_lines`)."""
    newline = corpus.layout.newline
    lines = list(iter_conll_lines(corpus, scheme=scheme))
    if corpus.layout.trailing_blank_lines < 0 and lines and lines[-1] == "":
        lines.pop()
    return newline.join(lines) + newline if lines else ""


def write_conll(corpus: Corpus, path: str | Path, *, scheme: str | None = None) -> None:
    """Write ``corpus`` to ``path`` as a CoNLL file, atomically.

    Args:
        corpus: What to write.
        path: Output file; replaced only once the whole text is written.
        scheme: Tag scheme to write; the corpus's own by default.
    """
    text = format_conll(corpus, scheme=scheme)
    with atomic_write(path) as handle:
        handle.write(text)
