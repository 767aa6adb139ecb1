"""Tag schemes: tags to spans, spans to tags, detection and validation.

Supported schemes (names are lower case):

========  ===============================================================================
``iob1``  CoNLL-2003's original encoding: ``I-X`` everywhere, ``B-X`` only on the first
          token of an entity that directly follows another entity of type ``X``.
``iob2``  BIO: every entity starts with ``B-X``.
``io``    ``I-X`` only; two adjacent entities of one type cannot be told apart.
``bioes`` ``B``/``I``/``E`` for multi-token entities, ``S`` for single tokens (IOBES).
``bilou`` The same with ``L`` (last) and ``U`` (unit) for ``E`` and ``S``.
========  ===============================================================================

Decoding follows conlleval's chunk rules, so the spans of any file equal the chunks that
``conlleval`` counts. Validation is strict for ``iob2``, ``io``, ``bioes`` and ``bilou``;
``iob1`` accepts a ``B-X`` anywhere (conlleval does too) and writing it back uses the
CoNLL-2003 rule, which is the canonical form.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from switcher.corpus import Span
from switcher.errors import TagSchemeError

SCHEMES: tuple[str, ...] = ("iob1", "iob2", "io", "bioes", "bilou")

#: Prefixes each scheme may use.
PREFIXES: dict[str, frozenset[str]] = {
    "iob1": frozenset("IB"),
    "iob2": frozenset("IB"),
    "io": frozenset("I"),
    "bioes": frozenset("BIES"),
    "bilou": frozenset("BILU"),
}

# BILOU's L and U behave as BIOES's E and S.
_CANONICAL_PREFIX = {"B": "B", "I": "I", "E": "E", "S": "S", "L": "E", "U": "S"}

# Strict continuation rules, one row per scheme: prefixes that must directly follow an
# entity token of the same type, and prefixes after which the entity must go on.
_NEEDS_SAME_BEFORE: dict[str, frozenset[str]] = {
    "iob1": frozenset(),
    "iob2": frozenset("I"),
    "io": frozenset(),
    "bioes": frozenset("IE"),
    "bilou": frozenset("IL"),
}
_NEEDS_SAME_AFTER: dict[str, frozenset[str]] = {
    "iob1": frozenset(),
    "iob2": frozenset(),
    "io": frozenset(),
    "bioes": frozenset("BI"),
    "bilou": frozenset("BI"),
}
# Prefixes that may continue an open entity of the same type, per scheme.
_CONTINUES: dict[str, frozenset[str]] = {
    "iob1": frozenset("I"),
    "iob2": frozenset("I"),
    "io": frozenset("I"),
    "bioes": frozenset("IE"),
    "bilou": frozenset("IL"),
}


def check_scheme(scheme: str) -> str:
    """Return ``scheme`` lower-cased, or raise :class:`TagSchemeError` if it is unknown."""
    name = scheme.lower()
    if name == "bio":
        name = "iob2"
    if name == "iobes":
        name = "bioes"
    if name not in SCHEMES:
        raise TagSchemeError(f"unknown tag scheme {scheme!r}; expected one of {', '.join(SCHEMES)}")
    return name


@lru_cache(maxsize=4096)
def split_tag(tag: str) -> tuple[str, str]:
    """Split a tag into ``(prefix, type)``; ``"O"`` gives ``("O", "")``.

    Raises:
        TagSchemeError: The tag is neither ``O`` nor ``P-TYPE`` with a one-letter prefix
            ``P`` in ``BIESLU`` and a non-empty type.

    >>> split_tag("B-PER")
    ('B', 'PER')
    """
    if tag == "O":
        return "O", ""
    prefix, sep, label = tag.partition("-")
    if not sep or len(prefix) != 1 or prefix not in _CANONICAL_PREFIX or not label:
        raise TagSchemeError(f"malformed tag {tag!r}: expected O or a prefix and a type like B-PER")
    return prefix, label


def validate_tags(tags: Sequence[str], scheme: str, types: Iterable[str] | None = None) -> None:
    """Check that ``tags`` is a legal sequence in ``scheme``.

    Args:
        tags: One tag per token.
        scheme: A scheme name from :data:`SCHEMES`.
        types: When given, the only entity types allowed.

    Raises:
        TagSchemeError: On the first bad tag; its ``position`` is the token index.
    """
    scheme = check_scheme(scheme)
    allowed = PREFIXES[scheme]
    before = _NEEDS_SAME_BEFORE[scheme]
    after = _NEEDS_SAME_AFTER[scheme]
    type_set = None if types is None else frozenset(types)
    prev_prefix, prev_type = "O", ""
    for i, tag in enumerate(tags):
        try:
            prefix, label = split_tag(tag)
        except TagSchemeError as err:
            raise TagSchemeError(str(err), position=i) from None
        if prefix != "O":
            if prefix not in allowed:
                raise TagSchemeError(
                    f"tag {tag!r} uses prefix {prefix}-, which {scheme.upper()} does not have "
                    f"(allowed: {', '.join(sorted(allowed))}-, O)",
                    position=i,
                )
            if type_set is not None and label not in type_set:
                raise TagSchemeError(
                    f"tag {tag!r} has type {label!r}, "
                    f"expected one of {', '.join(sorted(type_set))}",
                    position=i,
                )
            if prefix in before and not (prev_type == label and prev_prefix in "BI"):
                raise TagSchemeError(
                    f"tag {tag!r} cannot follow {_render(prev_prefix, prev_type)} in "
                    f"{scheme.upper()}: it must continue an entity of type {label}",
                    position=i,
                )
        if prev_prefix in after and not (prefix in _CONTINUES[scheme] and label == prev_type):
            raise TagSchemeError(
                f"{_render(prev_prefix, prev_type)} must be followed by a tag that continues "
                f"the {prev_type} entity in {scheme.upper()}, found {tag!r}",
                position=i,
            )
        prev_prefix, prev_type = prefix, label
    if prev_prefix in after:
        raise TagSchemeError(
            f"the sentence ends inside a {prev_type} entity ({_render(prev_prefix, prev_type)} "
            f"is the last tag) in {scheme.upper()}",
            position=len(tags),
        )


def _render(prefix: str, label: str) -> str:
    return "O" if prefix == "O" else f"{prefix}-{label}"


def tags_to_spans(tags: Sequence[str]) -> list[Span]:
    """Decode tags of any scheme into spans with conlleval's chunk rules.

    A chunk starts at ``B``/``S``/``U``, at an entity tag whose type differs from the
    previous token's, or after a token that closed a chunk (``E``/``L``/``S``/``U``/``O``).

    >>> spans = tags_to_spans(["I-PER", "I-PER", "B-PER", "O", "I-LOC"])
    >>> [(s.start, s.end, s.label) for s in spans]
    [(0, 2, 'PER'), (2, 3, 'PER'), (4, 5, 'LOC')]
    """
    spans: list[Span] = []
    start = -1
    label = ""
    for i, tag in enumerate(tags):
        prefix, kind = split_tag(tag)
        if prefix == "O":
            if start >= 0:
                spans.append(Span(start, i, label))
                start = -1
            continue
        prefix = _CANONICAL_PREFIX[prefix]
        if start < 0 or prefix in "BS" or kind != label:
            if start >= 0:
                spans.append(Span(start, i, label))
            start, label = i, kind
        if prefix in "ES":
            spans.append(Span(start, i + 1, label))
            start = -1
    if start >= 0:
        spans.append(Span(start, len(tags), label))
    return spans


def spans_to_tags(
    spans: Sequence[Span], length: int, scheme: str, *, iob1_begins: Collection[int] = ()
) -> list[str]:
    """Encode sorted, non-overlapping spans as ``length`` tags in ``scheme``.

    In ``iob1`` a span gets ``B-`` on its first token only when it starts right where a span
    of the same type ends (CoNLL-2003's rule), or when its start is in ``iob1_begins`` (a
    non-canonical ``B-`` kept from the source file). ``io`` cannot separate two adjacent spans
    of one type; they are written as one run of ``I-`` tags.

    >>> spans_to_tags([Span(0, 2, "PER"), Span(2, 3, "PER")], 4, "iob1")
    ['I-PER', 'I-PER', 'B-PER', 'O']
    """
    scheme = check_scheme(scheme)
    tags = ["O"] * length
    prev_end = -1
    prev_label = ""
    for span in spans:
        if span.start < prev_end or span.end > length:
            raise TagSchemeError(
                f"span {span} overlaps the previous one or runs past the sentence end ({length})"
            )
        label = span.label
        if scheme == "io":
            for k in range(span.start, span.end):
                tags[k] = "I-" + label
        elif scheme == "iob1":
            for k in range(span.start, span.end):
                tags[k] = "I-" + label
            if (span.start == prev_end and label == prev_label) or span.start in iob1_begins:
                tags[span.start] = "B-" + label
        elif scheme == "iob2":
            tags[span.start] = "B-" + label
            for k in range(span.start + 1, span.end):
                tags[k] = "I-" + label
        else:
            single, last = ("S", "E") if scheme == "bioes" else ("U", "L")
            if span.end - span.start == 1:
                tags[span.start] = f"{single}-{label}"
            else:
                tags[span.start] = "B-" + label
                for k in range(span.start + 1, span.end - 1):
                    tags[k] = "I-" + label
                tags[span.end - 1] = f"{last}-{label}"
        prev_end, prev_label = span.end, label
    return tags


def noncanonical_iob1_begins(tags: Sequence[str], spans: Sequence[Span]) -> tuple[int, ...]:
    """Return span starts tagged ``B-`` where CoNLL-2003's IOB1 rule would write ``I-``."""
    starts: list[int] = []
    prev_end, prev_label = -1, ""
    for span in spans:
        if tags[span.start][0] == "B" and not (span.start == prev_end and span.label == prev_label):
            starts.append(span.start)
        prev_end, prev_label = span.end, span.label
    return tuple(starts)


def convert_tags(tags: Sequence[str], target: str) -> list[str]:
    """Re-encode a tag sequence of any scheme in ``target`` through its spans."""
    return spans_to_tags(tags_to_spans(tags), len(tags), target)


def detect_scheme(tag_sequences: Iterable[Sequence[str]]) -> str:
    """Guess the scheme of some tag sequences.

    ``E``/``S`` prefixes mean ``bioes`` (``L``/``U``: ``bilou``). Otherwise, entities that
    start with ``I-`` mean ``iob1`` (``io`` when no ``B-`` occurs at all), and entities that
    all start with ``B-`` mean ``iob2``. When both kinds of start occur, the more frequent
    wins and validation then points at the first tag that breaks it. Sequences without any
    entity give ``iob2``.
    """
    seen: set[str] = set()
    i_starts = 0
    free_b_starts = 0
    for tags in tag_sequences:
        prev_prefix, prev_type = "O", ""
        for tag in tags:
            prefix, kind = split_tag(tag)
            seen.add(prefix)
            if prefix == "I" and (prev_prefix == "O" or prev_type != kind):
                i_starts += 1
            elif prefix == "B" and (prev_prefix == "O" or prev_type != kind):
                free_b_starts += 1
            prev_prefix, prev_type = prefix, kind
    if seen & {"L", "U"}:
        return "bilou"
    if seen & {"E", "S"}:
        return "bioes"
    if i_starts and i_starts >= free_b_starts:
        return "iob1" if "B" in seen else "io"
    return "iob2"
