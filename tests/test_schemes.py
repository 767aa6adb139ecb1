"""Tag schemes: decoding, encoding, detection and strict validation, table by table."""

from __future__ import annotations

import pytest

from switcher.corpus import Span
from switcher.errors import TagSchemeError
from switcher.schemes import (
    check_scheme,
    convert_tags,
    detect_scheme,
    noncanonical_iob1_begins,
    spans_to_tags,
    split_tag,
    tags_to_spans,
    validate_tags,
)

# One sentence: "Nadim Ladki" (PER) directly followed by "Bobby" (PER), then O, then
# "United Arab Emirates" (LOC), then "EU" (ORG) directly after a LOC, and "German" (MISC).
SPANS = [
    Span(0, 2, "PER"),
    Span(2, 3, "PER"),
    Span(4, 7, "LOC"),
    Span(7, 8, "ORG"),
    Span(9, 10, "MISC"),
]
LENGTH = 10
ENCODED = {
    "iob1": ["I-PER", "I-PER", "B-PER", "O", "I-LOC", "I-LOC", "I-LOC", "I-ORG", "O", "I-MISC"],
    "iob2": ["B-PER", "I-PER", "B-PER", "O", "B-LOC", "I-LOC", "I-LOC", "B-ORG", "O", "B-MISC"],
    "bioes": ["B-PER", "E-PER", "S-PER", "O", "B-LOC", "I-LOC", "E-LOC", "S-ORG", "O", "S-MISC"],
    "bilou": ["B-PER", "L-PER", "U-PER", "O", "B-LOC", "I-LOC", "L-LOC", "U-ORG", "O", "U-MISC"],
}


@pytest.mark.parametrize("scheme", sorted(ENCODED))
def test_spans_to_tags_encodes_each_scheme(scheme: str) -> None:
    assert spans_to_tags(SPANS, LENGTH, scheme) == ENCODED[scheme]


@pytest.mark.parametrize("scheme", sorted(ENCODED))
def test_tags_to_spans_decodes_each_scheme(scheme: str) -> None:
    assert tags_to_spans(ENCODED[scheme]) == SPANS


@pytest.mark.parametrize("source", sorted(ENCODED))
@pytest.mark.parametrize("target", sorted(ENCODED))
def test_convert_between_every_pair(source: str, target: str) -> None:
    assert convert_tags(ENCODED[source], target) == ENCODED[target]


def test_io_merges_adjacent_entities_of_one_type() -> None:
    tags = spans_to_tags(SPANS, LENGTH, "io")
    assert tags[:3] == ["I-PER", "I-PER", "I-PER"]
    assert tags_to_spans(tags)[0] == Span(0, 3, "PER")


@pytest.mark.parametrize(
    ("spans", "expected"),
    [
        # B- only where an entity directly follows another of the same type.
        ([Span(0, 1, "LOC"), Span(1, 2, "LOC")], ["I-LOC", "B-LOC", "O"]),
        ([Span(0, 1, "LOC"), Span(1, 2, "ORG")], ["I-LOC", "I-ORG", "O"]),
        ([Span(0, 1, "LOC"), Span(2, 3, "LOC")], ["I-LOC", "O", "I-LOC"]),
        ([Span(1, 3, "MISC")], ["O", "I-MISC", "I-MISC"]),
    ],
)
def test_iob1_uses_b_only_between_adjacent_same_type_entities(
    spans: list[Span], expected: list[str]
) -> None:
    assert spans_to_tags(spans, 3, "iob1") == expected


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        # conlleval's chunk rules.
        (["I-PER", "I-LOC"], [Span(0, 1, "PER"), Span(1, 2, "LOC")]),
        (["B-PER", "B-PER"], [Span(0, 1, "PER"), Span(1, 2, "PER")]),
        (["O", "I-ORG", "I-ORG", "O"], [Span(1, 3, "ORG")]),
        (["B-ORG", "I-LOC"], [Span(0, 1, "ORG"), Span(1, 2, "LOC")]),
        (["E-PER", "I-PER"], [Span(0, 1, "PER"), Span(1, 2, "PER")]),
        (["O", "O"], []),
        ([], []),
    ],
)
def test_tags_to_spans_follows_conlleval(tags: list[str], expected: list[Span]) -> None:
    assert tags_to_spans(tags) == expected


@pytest.mark.parametrize(
    ("sequences", "expected"),
    [
        ([ENCODED["iob1"]], "iob1"),
        ([ENCODED["iob2"]], "iob2"),
        ([ENCODED["bioes"]], "bioes"),
        ([ENCODED["bilou"]], "bilou"),
        ([["I-PER", "O", "I-LOC"]], "io"),
        ([["O", "O"]], "iob2"),
        # Mostly IOB2 with one stray I- start: IOB2 wins, validation then flags the stray tag.
        ([["B-PER", "O", "B-LOC", "O", "I-ORG"]], "iob2"),
    ],
)
def test_detect_scheme(sequences: list[list[str]], expected: str) -> None:
    assert detect_scheme(sequences) == expected


@pytest.mark.parametrize(
    ("tags", "scheme", "position", "message"),
    [
        (["O", "I-PER"], "iob2", 1, "cannot follow O in IOB2"),
        (["B-PER", "I-LOC"], "iob2", 1, "cannot follow B-PER in IOB2"),
        (["B-PER"], "io", 0, "prefix B-, which IO does not have"),
        (["E-PER"], "iob2", 0, "prefix E-, which IOB2 does not have"),
        (["B-PER", "O"], "bioes", 1, "must be followed by a tag that continues"),
        (["B-PER"], "bioes", 1, "ends inside a PER entity"),
        (["S-PER", "E-PER"], "bioes", 1, "cannot follow S-PER"),
        (["U-PER", "I-PER", "L-PER"], "bilou", 1, "cannot follow U-PER"),
        (["O", "I-"], "iob1", 1, "malformed tag 'I-'"),
    ],
)
def test_validate_tags_names_the_first_bad_tag(
    tags: list[str], scheme: str, position: int, message: str
) -> None:
    with pytest.raises(TagSchemeError, match=message) as info:
        validate_tags(tags, scheme)
    assert info.value.position == position


def test_validate_tags_rejects_types_outside_the_declared_ones() -> None:
    with pytest.raises(TagSchemeError, match="type 'FOO', expected one of LOC, MISC, ORG, PER"):
        validate_tags(["B-FOO"], "iob2", types=["PER", "LOC", "ORG", "MISC"])


@pytest.mark.parametrize("scheme", sorted(ENCODED))
def test_validate_accepts_canonical_tags(scheme: str) -> None:
    validate_tags(ENCODED[scheme], scheme)


@pytest.mark.parametrize("tag", ["I-", "B", "X-PER", "BB-PER", "", "-PER"])
def test_split_tag_rejects_malformed_tags(tag: str) -> None:
    with pytest.raises(TagSchemeError, match="malformed tag"):
        split_tag(tag)


def test_split_tag_keeps_hyphens_inside_the_type() -> None:
    assert split_tag("B-creative-work") == ("B", "creative-work")


def test_unknown_scheme_is_an_error_and_aliases_resolve() -> None:
    assert check_scheme("BIO") == "iob2"
    assert check_scheme("IOBES") == "bioes"
    with pytest.raises(TagSchemeError, match="unknown tag scheme 'iob3'"):
        check_scheme("iob3")


def test_noncanonical_iob1_begins_are_kept_for_writing() -> None:
    tags = ["O", "B-MISC", "I-MISC", "B-MISC"]
    spans = tags_to_spans(tags)
    assert spans == [Span(1, 3, "MISC"), Span(3, 4, "MISC")]
    begins = noncanonical_iob1_begins(tags, spans)
    assert begins == (1,)
    assert spans_to_tags(spans, 4, "iob1", iob1_begins=begins) == tags
    assert spans_to_tags(spans, 4, "iob1") == ["O", "I-MISC", "I-MISC", "B-MISC"]


def test_spans_to_tags_rejects_overlaps() -> None:
    with pytest.raises(TagSchemeError, match="overlaps"):
        spans_to_tags([Span(0, 2, "PER"), Span(1, 3, "LOC")], 3, "iob2")


def test_span_rejects_empty_ranges() -> None:
    with pytest.raises(ValueError, match="empty"):
        Span(2, 2, "PER")
