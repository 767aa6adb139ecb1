"""The sub-types full switching works with, defined once for lexicons, annotations and switching.

Paper 004 §2.2 replaces an ORG only by an ORG of the same sub-category and a LOC only by a LOC
of the same sub-type. Lexicons hold one list per *replaceable* sub-type; annotations label
every mention, replaceable or kept.
"""

from __future__ import annotations

#: ORG sub-categories of the paper, in its order: each has a lexicon list and is replaced.
REPLACEABLE_ORG: tuple[str, ...] = (
    "Airline",
    "Bank",
    "Corporation",
    "Newspaper",
    "Political Party",
    "Restaurant",
    "Sports Team",
    "Sports Union",
    "University",
)
#: International and intergovernmental bodies and whatever fits no other category: kept.
ORG_OTHERS = "Others"

#: LOC sub-types the paper replaces: each has a lexicon list.
REPLACEABLE_LOC: tuple[str, ...] = ("city", "province", "village")
#: LOC sub-types that are kept: countries, continents and multi-country regions, natural
#: features and other places (rivers, seas, stadiums, streets).
KEPT_LOC: tuple[str, ...] = ("country", "region", "feature")
