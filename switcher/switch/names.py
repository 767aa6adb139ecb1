"""Replacement person names built from a lexicon, and their full/first/last forms."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from switcher.switch.persons import FIRST, FULL, LAST

#: Shapes of a first-name entry (see ``name_lists/SCHEMA.md``).
GIVEN_FAMILY, MONONYM, GIVEN_NAMES, PATRONYMIC = (
    "given_family",
    "mononym",
    "given_names",
    "patronymic",
)


@dataclass(frozen=True, slots=True)
class Name:
    """A replacement name split by the paper's rule: first token(s) and last name.

    Args:
        first: Tokens of the first name (``("Jose", "Mari")`` for a compound given name).
        last: Tokens of the last name; empty for a mononym.
        shape: The lexicon shape it was built from.
    """

    first: tuple[str, ...]
    last: tuple[str, ...]
    shape: str = GIVEN_FAMILY

    @property
    def text(self) -> str:
        """The full name as one string."""
        return " ".join(self.first + self.last)

    def form(self, role: str) -> tuple[str, ...]:
        """Return the tokens that replace a mention of ``role`` (full, first or last).

        A mononym has no last name: every role gets the single name.
        """
        if role == FULL:
            return self.first + self.last
        if role == FIRST:
            return self.first
        if role == LAST:
            return self.last or self.first
        raise ValueError(f"unknown role {role!r}")


def name_from_entry(given: Any, family: str | None) -> Name:
    """Build a :class:`Name` from a lexicon first-name entry and a drawn family name.

    ``given`` has ``text``, ``shape`` and ``second`` (the father's or husband's name of a
    ``patronymic`` entry). ``given_names`` entries (several given names, no family name) are
    split by the paper's rule: first token first name, the rest last name.
    """
    tokens = tuple(given.text.split())
    shape = given.shape or GIVEN_FAMILY
    if shape == MONONYM:
        return Name(tokens, (), shape)
    if shape == GIVEN_NAMES:
        return Name(tokens[:1], tokens[1:], shape)
    if shape == PATRONYMIC:
        return Name(tokens, tuple(str(given.second).split()), shape)
    if family is None:
        raise ValueError(f"{given.text!r} needs a family name")
    return Name(tokens, tuple(family.split()), shape)


def per_only_names(lexicon: Any, count: int | None = None, *, seed: int = 0) -> list[Name]:
    """Return the PER-only names of an origin: one per first-name entry, in file order.

    Each ``given_family`` entry is joined with a family name drawn at random from the same
    origin (paper §2.1); the draw is seeded by ``seed`` and the origin id, so it does not
    depend on which other origins are generated. Special shapes stand as they are.

    Args:
        lexicon: A :class:`switcher.lexicons.Lexicon`.
        count: How many names (the first ``count`` entries); all by default.
        seed: Seed of the family-name draws.
    """
    rng = random.Random(f"per-only:{seed}:{lexicon.id}")
    entries = list(lexicon.first_names)
    if count is not None:
        entries = entries[:count]
    families = list(lexicon.family_names)
    names = []
    for given in entries:
        family = rng.choice(families) if families else None
        names.append(name_from_entry(given, family))
    return names


def person_pool(lexicon: Any) -> list[Name]:
    """Return every name full mode can draw: each first name with each family name.

    Entries of a special shape (mononym, several given names, patronymic) appear once.
    Drawing uniformly from this pool draws the first name and the family name independently
    and uniformly for ``given_family`` entries (paper §2.2).
    """
    pool: list[Name] = []
    for given in lexicon.first_names:
        if (given.shape or GIVEN_FAMILY) == GIVEN_FAMILY:
            pool.extend(name_from_entry(given, family) for family in lexicon.family_names)
        else:
            pool.append(name_from_entry(given, None))
    return pool
