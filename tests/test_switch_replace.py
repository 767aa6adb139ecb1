"""Replacing spans: alignment after length changes, extra columns, case, IOB1 adjacency."""

from __future__ import annotations

import pytest

from switcher.corpus import Span
from switcher.read.conll import format_conll, parse_conll
from switcher.schemes import spans_to_tags, validate_tags
from switcher.switch.replace import Edit, column_schemes, replace_spans
from switcher.switch.surface import apply_case, fill_column, sentence_is_upper

from .markup import sentence

# Nadim Ladki (PER) directly followed by Bobby (PER): the second is B-PER in IOB1.
ADJACENT = """-DOCSTART- -X- -X- O

Nadim NNP I-NP I-PER
Ladki NNP I-NP I-PER
Bobby NNP B-NP B-PER
met VBD I-VP O
in IN I-PP O
Al-Ain NNP I-NP I-LOC
. . O O

"""


def test_length_changing_replacements_keep_every_span_aligned() -> None:
    s = sentence("[PER Bobby] met [PER Nadim Ladki] in [LOC Al-Ain] .")
    edits = [
        Edit(Span(0, 1, "PER"), ("Nguyen", "Thi", "Lan")),
        Edit(Span(2, 4, "PER"), ("Lan",)),
    ]
    new, moved = replace_spans(s, edits)
    assert new.tokens == ["Nguyen", "Thi", "Lan", "met", "Lan", "in", "Al-Ain", "."]
    assert new.spans == [Span(0, 3, "PER"), Span(4, 5, "PER"), Span(6, 7, "LOC")]
    assert moved == [Span(0, 3, "PER"), Span(4, 5, "PER")]
    assert s.tokens[0] == "Bobby"  # the input is not modified


def test_replace_rejects_edits_of_unknown_spans() -> None:
    s = sentence("[PER Bobby] met [PER Nadim Ladki] .")
    with pytest.raises(ValueError, match="not an entity of the sentence"):
        replace_spans(s, [Edit(Span(0, 2, "PER"), ("X",))])
    with pytest.raises(ValueError, match="has no tokens"):
        replace_spans(s, [Edit(Span(0, 1, "PER"), ())])


def test_iob1_adjacency_survives_and_columns_are_filled() -> None:
    corpus = parse_conll(ADJACENT)
    schemes = column_schemes(corpus)
    assert schemes == {"pos_tags": None, "chunk_tags": "iob1"}
    s = corpus.documents[0].sentences[0]
    new, _ = replace_spans(
        s,
        [
            Edit(Span(0, 2, "PER"), ("Chukwuemeka", "Okafor", "Jr")),
            Edit(Span(2, 3, "PER"), ("Lan", "Anh")),
        ],
        column_schemes=schemes,
    )
    corpus.documents[0].sentences[0] = new
    text = format_conll(corpus)
    assert text.splitlines()[2:8] == [
        "Chukwuemeka NNP I-NP I-PER",
        "Okafor NNP I-NP I-PER",
        "Jr NNP I-NP I-PER",
        "Lan NNP B-NP B-PER",
        "Anh NNP I-NP I-PER",
        "met VBD I-VP O",
    ]
    validate_tags(spans_to_tags(new.spans, len(new.tokens), "iob1"), "iob1")


@pytest.mark.parametrize(
    ("old", "n", "scheme", "expected"),
    [
        (["NNP"], 3, None, ["NNP", "NNP", "NNP"]),
        (["NNP", "NNPS"], 1, None, ["NNP"]),
        (["NNP", "NNP", "NNPS"], 2, None, ["NNP", "NNP"]),
        (["B-NP"], 3, "iob2", ["B-NP", "I-NP", "I-NP"]),
        (["I-NP"], 2, "iob1", ["I-NP", "I-NP"]),
        (["B-NP", "I-NP"], 1, "iob1", ["B-NP"]),
        (["S-NP"], 3, "bioes", ["B-NP", "I-NP", "E-NP"]),
        (["B-NP", "E-NP"], 1, "bioes", ["S-NP"]),
        (["B-NP", "I-NP", "E-NP"], 2, "bioes", ["B-NP", "E-NP"]),
        (["U-NP"], 2, "bilou", ["B-NP", "L-NP"]),
        (["O"], 2, "iob2", ["O", "O"]),
    ],
)
def test_fill_column(old: list[str], n: int, scheme: str | None, expected: list[str]) -> None:
    assert fill_column(old, n, scheme) == expected


@pytest.mark.parametrize(
    ("text", "upper"),
    [
        ("SOCCER - [LOC JAPAN] GET LUCKY WIN , [PER CHINA] IN SURPRISE DEFEAT .", True),
        ("[LOC LAGOS] 1996-09-14", True),
        ("The [ORG EU] said on Monday .", False),
        ("[LOC Lagos] 1996-09-14", False),
        ("- A", False),
    ],
)
def test_sentence_is_upper(text: str, upper: bool) -> None:
    assert sentence_is_upper(sentence(text)) is upper


def test_case_follows_headlines_not_acronyms() -> None:
    assert apply_case(["Nguyen", "Thi", "Lan"], ["CHINA"], True) == ["NGUYEN", "THI", "LAN"]
    assert apply_case(["State", "Bank"], ["EU"], False) == ["State", "Bank"]
    assert apply_case(["Lan"], ["Bobby"], True) == ["Lan"]
