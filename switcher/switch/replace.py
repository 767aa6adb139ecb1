"""Replace entity spans of one sentence by new tokens, keeping spans, tags and columns right."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from switcher.corpus import Corpus, Sentence, Span
from switcher.read.convert import iob_columns
from switcher.schemes import detect_scheme
from switcher.switch.surface import fill_column


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the tokens of ``span`` (an entity of the sentence) by ``tokens``."""

    span: Span
    tokens: tuple[str, ...]


def replace_spans(
    sentence: Sentence,
    edits: Sequence[Edit],
    *,
    column_schemes: Mapping[str, str | None] | None = None,
) -> tuple[Sentence, list[Span]]:
    """Return a new sentence with the edits applied, and the new span of each edit.

    Tokens outside the edited spans are unchanged; every entity span of the sentence is kept,
    shifted by the length changes before it, and edited spans take their new length with the
    same type. Extra columns of inserted tokens are filled from the replaced span (see
    :func:`~switcher.switch.surface.fill_column`; ``column_schemes`` names the tag scheme of
    IOB-style columns such as CoNLL-2003's chunk tags). Non-canonical IOB1 ``B-`` marks move
    with their spans. The input sentence is not modified.

    Args:
        sentence: The sentence.
        edits: Non-overlapping edits; each span must be one of the sentence's spans.
        column_schemes: Scheme of each IOB-style extra column; others are filled by position.

    Raises:
        ValueError: An edit names a span that is not in the sentence, is empty or overlaps.
    """
    schemes = column_schemes or {}
    by_start = {edit.span.start: edit for edit in edits}
    if len(by_start) != len(edits):
        raise ValueError("two edits start at the same token")
    known = set(sentence.spans)
    for asked in edits:
        if asked.span not in known:
            raise ValueError(f"{asked.span} is not an entity of the sentence")
        if not asked.tokens:
            raise ValueError(f"the replacement of {asked.span} has no tokens")

    tokens: list[str] = []
    columns: dict[str, list[str]] = {name: [] for name in sentence.columns}
    spans: list[Span] = []
    begins = set(sentence.iob1_begins)
    new_begins: list[int] = []
    new_edit_spans: dict[int, Span] = {}
    position = 0
    for span in sentence.spans:
        # copy the stretch before this span
        tokens.extend(sentence.tokens[position : span.start])
        for name, values in sentence.columns.items():
            columns[name].extend(values[position : span.start])
        start = len(tokens)
        edit = by_start.get(span.start)
        if edit is None or edit.span != span:
            tokens.extend(sentence.tokens[span.start : span.end])
            for name, values in sentence.columns.items():
                columns[name].extend(values[span.start : span.end])
        else:
            tokens.extend(edit.tokens)
            n = len(edit.tokens)
            for name, values in sentence.columns.items():
                columns[name].extend(
                    fill_column(values[span.start : span.end], n, schemes.get(name))
                )
        new = Span(start, len(tokens), span.label)
        spans.append(new)
        if edit is not None and edit.span == span:
            new_edit_spans[span.start] = new
        if span.start in begins:
            new_begins.append(start)
        position = span.end
    tokens.extend(sentence.tokens[position:])
    for name, values in sentence.columns.items():
        columns[name].extend(values[position:])
    result = Sentence(tokens=tokens, spans=spans, columns=columns, iob1_begins=tuple(new_begins))
    return result, [new_edit_spans[edit.span.start] for edit in edits]


def column_schemes(corpus: Corpus) -> dict[str, str | None]:
    """Return the tag scheme of each IOB-style extra column of ``corpus`` (None for others)."""
    iob = set(iob_columns(corpus))
    schemes: dict[str, str | None] = {}
    for name in corpus.column_names:
        if name in iob:
            schemes[name] = detect_scheme(s.columns[name] for s in corpus.sentences())
        else:
            schemes[name] = None
    return schemes
