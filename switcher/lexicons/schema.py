"""The fixed vocabulary of the lexicon YAML schema (see ``name_lists/SCHEMA.md``).

Constants only: the sub-categories, sub-types, genders, name shapes and the fields each
mapping of a lexicon file may hold. Nothing here reads a file.
"""

from __future__ import annotations

import re

from switcher.subtypes import REPLACEABLE_LOC, REPLACEABLE_ORG

#: ORG sub-categories of paper 004 §2.2 that have lists (ORG "Others" is never replaced).
ORG_SUBCATEGORIES: tuple[str, ...] = REPLACEABLE_ORG

#: LOC sub-types replaced in full mode (countries, continents and natural features are kept).
LOC_SUBTYPES: tuple[str, ...] = REPLACEABLE_LOC

#: Gender of a first name: male, female, unisex or unknown.
GENDERS: tuple[str, ...] = ("m", "f", "u")

#: Shapes of a first-name entry. ``given_family`` gets a family name drawn from the origin;
#: ``mononym`` stands alone (Indonesia); ``given_names`` is several given names without a
#: family name (Indonesia); ``patronymic`` is followed by ``father_or_husband`` (Pakistan).
GIVEN_FAMILY = "given_family"
MONONYM = "mononym"
GIVEN_NAMES = "given_names"
PATRONYMIC = "patronymic"
SHAPES: tuple[str, ...] = (GIVEN_FAMILY, MONONYM, GIVEN_NAMES, PATRONYMIC)

#: PER lists of a lexicon.
PER_LISTS: tuple[str, ...] = ("first_names", "family_names")

#: The 17 curated origins of paper 004, in the paper's order (Table 1).
PAPER_ORIGINS: tuple[str, ...] = (
    "us",
    "us-difficult",
    "ru",
    "in",
    "mx",
    "cn",
    "tw",
    "id",
    "vn",
    "et",
    "ng",
    "ph",
    "bd",
    "br",
    "eg",
    "jp",
    "pk",
)

#: Paper origins whose LOC and ORG lists the paper itself built (its "full" sets): every
#: LOC sub-type and every ORG sub-category must be non-empty.
FULL_ORIGINS: tuple[str, ...] = ("in", "vn")

#: Top-level fields of a lexicon file: (required, optional).
TOP_REQUIRED: tuple[str, ...] = ("id", "name", "country", "curated", "per")
TOP_OPTIONAL: tuple[str, ...] = ("generated_by", "note", "loc", "org")

#: Fields of one list (``{sources, entries}``; ``absent`` explains an empty LOC/ORG list).
LIST_FIELDS: tuple[str, ...] = ("sources", "entries", "absent")

#: Fields of a first-name entry: (required, optional).
GIVEN_REQUIRED: tuple[str, ...] = ("name", "gender")
GIVEN_OPTIONAL: tuple[str, ...] = ("shape", "father_or_husband")

#: Kinds of source record: kind -> (marker field, required fields, optional fields).
SOURCE_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "url": (("url", "licence", "retrieved"), ("title", "note")),
    "package": (("package", "version", "licence"), ("retrieved", "locale", "note")),
    "curated": (("curated", "note"), ("licence", "retrieved")),
}

#: A lexicon id: lower-case letters, digits and '-', starting with a letter or digit.
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*\Z")

#: ISO 3166-1 alpha-2 code.
COUNTRY_PATTERN = re.compile(r"[A-Z]{2}\Z")

#: ISO 8601 calendar date, the form of ``retrieved``.
DATE_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}\Z")

#: Punctuation an entry may hold besides letters and single spaces.
ENTRY_PUNCTUATION: frozenset[str] = frozenset("-'.&")

#: File name suffixes of lexicon files.
YAML_SUFFIXES: tuple[str, ...] = (".yaml", ".yml")
