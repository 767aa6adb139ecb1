"""Which person each PER mention is, and which part of the name (paper §2.1 matching rules)."""

from __future__ import annotations

import pytest

from switcher.corpus import Span
from switcher.switch.persons import analyse_persons

from .markup import document


def roles(*texts: str, unmatched: str = "last") -> list[tuple[str, str, int]]:
    doc = document(*texts)
    return [
        (" ".join(doc.sentences[m.sentence].tokens[m.span.start : m.span.end]), m.role, m.entity)
        for m in analyse_persons(doc, unmatched=unmatched)
    ]


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # full name, then the surname alone, then the first name alone
        (
            [
                "[PER Emeka Okonkwo] scored .",
                "[PER Okonkwo] , 24 , headed in .",
                "[PER Emeka] is fast .",
            ],
            [("Emeka Okonkwo", "full", 0), ("Okonkwo", "last", 0), ("Emeka", "first", 0)],
        ),
        # a multi-token mention inside a longer name is its last name
        (
            ["[PER Marco Van Basten] scored .", "[PER Van Basten] and [PER Basten] again ."],
            [("Marco Van Basten", "full", 0), ("Van Basten", "last", 0), ("Basten", "last", 0)],
        ),
        # an unmatched single token is a family name of its own person
        (
            ["[PER Ibrahim] was sent off .", "[PER Ibrahim] left ."],
            [("Ibrahim", "last", 0), ("Ibrahim", "last", 0)],
        ),
        # a surname mentioned before the full name still belongs to it
        (
            ["[PER Sharma] won the toss .", "[PER Rahul Sharma] chose to bat ."],
            [("Sharma", "last", 0), ("Rahul Sharma", "full", 0)],
        ),
        # two people with one surname: the bare surname is the one named last before it
        (
            [
                "[PER Anil Kumar] and [PER Sunil Kumar] batted .",
                "[PER Kumar] was out .",
                "[PER Anil Kumar] stayed .",
                "[PER Kumar] scored .",
            ],
            [
                ("Anil Kumar", "full", 0),
                ("Sunil Kumar", "full", 1),
                ("Kumar", "last", 1),
                ("Anil Kumar", "full", 0),
                ("Kumar", "last", 0),
            ],
        ),
        # matching ignores case: an all-caps headline surname
        (
            ["SOCCER - [PER OKONKWO] STRIKES .", "[PER Emeka Okonkwo] scored ."],
            [("OKONKWO", "last", 0), ("Emeka Okonkwo", "full", 0)],
        ),
        # adjacent PER spans stay two persons
        (
            ["[PER Nadim Ladki][PER Bobby] met .", "[PER Ladki] left ."],
            [("Nadim Ladki", "full", 0), ("Bobby", "last", 1), ("Ladki", "last", 0)],
        ),
    ],
)
def test_matching_rules(texts: list[str], expected: list[tuple[str, str, int]]) -> None:
    assert roles(*texts) == expected


def test_unmatched_single_tokens_can_be_first_names() -> None:
    assert roles("[PER Ibrahim] was sent off .", unmatched="first") == [("Ibrahim", "first", 0)]
    with pytest.raises(ValueError, match="unmatched must be one of last, first"):
        roles("[PER Ibrahim] left .", unmatched="middle")


def test_other_types_are_ignored() -> None:
    doc = document("[LOC Washington] and [PER George Washington] met .")
    mentions = analyse_persons(doc)
    assert [m.span for m in mentions] == [Span(2, 4, "PER")]
