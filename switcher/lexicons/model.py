"""Frozen values of a loaded lexicon: sources, first-name entries, the lexicon, problems."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from switcher.errors import LexiconError
from switcher.lexicons.schema import GIVEN_FAMILY, LOC_SUBTYPES, ORG_SUBCATEGORIES

_EMPTY: Mapping[str, tuple[str, ...]] = MappingProxyType({})


def _empty() -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Source:
    """Where one list of a lexicon comes from.

    ``kind`` is ``"url"`` (a web page), ``"package"`` (a data package and its version) or
    ``"curated"`` (a hand-made list; ``note`` says how it was made). Fields that do not apply
    to the kind are ``None``.
    """

    kind: str
    licence: str | None = None
    url: str | None = None
    title: str | None = None
    package: str | None = None
    version: str | None = None
    locale: str | None = None
    retrieved: str | None = None
    note: str | None = None

    def describe(self) -> str:
        """Return the source as one line of text, e.g. ``faker 40.54.0 (vi_VN), MIT``."""
        if self.kind == "url":
            head = f"{self.title} <{self.url}>" if self.title else f"<{self.url}>"
        elif self.kind == "package":
            head = f"{self.package} {self.version}"
            if self.locale:
                head += f" ({self.locale})"
        else:
            head = "curated by hand"
        parts = [head]
        if self.licence:
            parts.append(self.licence)
        if self.retrieved:
            parts.append(f"retrieved {self.retrieved}")
        if self.note:
            parts.append(self.note)
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class GivenName:
    """One first-name entry of a lexicon.

    Args:
        text: The name as written (``"Siti Aminah"`` for several given names).
        gender: ``"m"``, ``"f"``, ``"u"`` (unisex or unknown), or ``None`` when not given.
        shape: ``given_family`` (gets a family name), ``mononym``, ``given_names`` or
            ``patronymic``.
        second: The father's or husband's name of a ``patronymic`` entry, else ``None``.
    """

    text: str
    gender: str | None
    shape: str = GIVEN_FAMILY
    second: str | None = None

    @property
    def full_text(self) -> str:
        """The name as it stands in text without a drawn family name (patronymic included)."""
        return f"{self.text} {self.second}" if self.second else self.text


@dataclass(frozen=True)
class Lexicon:
    """A validated lexicon of one origin, read from ``path``.

    ``loc`` and ``org`` map the sub-types and sub-categories present in the file to their
    entries; a category the country does not have maps to ``()``. ``absent`` maps a list's
    key path to the file's note on why the list is empty or short.
    ``list_sources`` maps a list's key path (``"per.first_names"``, ``"loc.city"``,
    ``"org.Political Party"``) to its sources. ``sha256`` is the hex digest of the file's
    bytes, for provenance.
    """

    id: str
    name: str
    country: str
    curated: bool
    path: Path | None
    sha256: str
    first_names: tuple[GivenName, ...]
    family_names: tuple[str, ...]
    loc: Mapping[str, tuple[str, ...]] = field(default_factory=_empty, hash=False)
    org: Mapping[str, tuple[str, ...]] = field(default_factory=_empty, hash=False)
    list_sources: Mapping[str, tuple[Source, ...]] = field(default_factory=dict, hash=False)
    absent: Mapping[str, str] = field(default_factory=dict, hash=False)
    generated_by: str | None = None
    note: str | None = None

    def sources(self, key_path: str) -> tuple[Source, ...]:
        """Return the sources of the list at ``key_path``, e.g. ``"org.Bank"``.

        Raises:
            LexiconError: The lexicon has no list at ``key_path``.
        """
        try:
            return self.list_sources[key_path]
        except KeyError:
            known = ", ".join(self.list_sources)
            raise LexiconError(
                f"lexicon {self.id!r} has no list {key_path!r}; its lists are: {known}"
            ) from None

    def key_paths(self) -> tuple[str, ...]:
        """Return the key paths of every list of the lexicon, in schema order."""
        return tuple(self.list_sources)

    def entries(self, key_path: str) -> tuple[str, ...]:
        """Return the entries of a list as text (first names with their patronymic)."""
        if key_path == "per.first_names":
            return tuple(given.full_text for given in self.first_names)
        if key_path == "per.family_names":
            return self.family_names
        group, _, key = key_path.partition(".")
        table = {"loc": self.loc, "org": self.org}.get(group, _EMPTY)
        if key not in table:
            raise LexiconError(f"lexicon {self.id!r} has no list {key_path!r}")
        return table[key]

    def counts(self) -> dict[str, int]:
        """Return the number of entries of every list, keyed by key path, in schema order."""
        counts = {
            "per.first_names": len(self.first_names),
            "per.family_names": len(self.family_names),
        }
        for subtype in LOC_SUBTYPES:
            if subtype in self.loc:
                counts[f"loc.{subtype}"] = len(self.loc[subtype])
        for category in ORG_SUBCATEGORIES:
            if category in self.org:
                counts[f"org.{category}"] = len(self.org[category])
        return counts


@dataclass(frozen=True, slots=True)
class LexiconInfo:
    """A line of ``switcher lexicons list``: who an origin is and how big its lists are."""

    id: str
    name: str
    country: str
    curated: bool
    path: Path
    counts: Mapping[str, int]

    @property
    def per_counts(self) -> tuple[int, int]:
        """(first names, family names)."""
        return self.counts.get("per.first_names", 0), self.counts.get("per.family_names", 0)

    @property
    def loc_total(self) -> int:
        """Entries over all LOC sub-types."""
        return sum(n for key, n in self.counts.items() if key.startswith("loc."))

    @property
    def org_total(self) -> int:
        """Entries over all ORG sub-categories."""
        return sum(n for key, n in self.counts.items() if key.startswith("org."))

    @property
    def org_filled(self) -> int:
        """ORG sub-categories with at least one entry."""
        return sum(1 for key, n in self.counts.items() if key.startswith("org.") and n)


@dataclass(frozen=True, slots=True)
class LexiconProblem:
    """One thing wrong with a lexicon file.

    Args:
        file: The file (as given by the caller).
        key_path: Where in the file, e.g. ``per.first_names.entries[3]``; ``""`` for the file.
        entry: The offending value as text (``repr`` of it), or ``None``.
        message: What is wrong and what was expected.
        line: 1-based line of the value in the file, when known.
    """

    file: str
    key_path: str
    entry: str | None
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        parts = [where]
        if self.key_path:
            parts.append(self.key_path)
        if self.entry is not None:
            parts.append(self.entry)
        parts.append(self.message)
        return ": ".join(parts)
