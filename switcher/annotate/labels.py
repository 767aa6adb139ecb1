"""The label set of sub-type annotations: ORG sub-categories and LOC sub-types.

Constants only. The ORG sub-categories are those of paper 004 §2.2, in the paper's order;
``Others`` (international and intergovernmental bodies, government bodies, anything that fits
no other category) is never replaced. The LOC sub-types split what the paper replaces (city,
province, village) from what it keeps (country, region, feature). ``docs/annotation.md`` gives
the decision rules for borderline cases.
"""

from __future__ import annotations

#: Entity types that carry a sub-type.
ORG = "ORG"
LOC = "LOC"
ANNOTATED_TYPES: tuple[str, ...] = (ORG, LOC)

#: ORG sub-categories of paper 004 §2.2, in the paper's order.
ORG_SUBCATEGORIES: tuple[str, ...] = (
    "Airline",
    "Bank",
    "Corporation",
    "Newspaper",
    "Political Party",
    "Restaurant",
    "Sports Team",
    "Sports Union",
    "University",
    "Others",
)

#: LOC sub-types. ``province`` is a state or region inside a country; ``region`` a continent
#: or a multi-country region; ``feature`` a natural feature or another place (river, sea,
#: mountain, island without its own state, stadium, street, building).
LOC_SUBTYPES: tuple[str, ...] = ("city", "province", "village", "country", "region", "feature")

#: ORG sub-categories full switching replaces (all but ``Others``).
REPLACEABLE_ORG: tuple[str, ...] = ORG_SUBCATEGORIES[:-1]

#: LOC sub-types full switching replaces (the paper's lists).
REPLACEABLE_LOC: tuple[str, ...] = ("city", "province", "village")

#: The label an ORG mention gets when nothing is known about it.
ORG_DEFAULT = "Others"

#: The label a LOC mention gets when nothing is known about it (most unknown places in
#: newswire are towns and cities).
LOC_DEFAULT = "city"

_LABELS: dict[str, tuple[str, ...]] = {ORG: ORG_SUBCATEGORIES, LOC: LOC_SUBTYPES}


def labels_for(entity_type: str) -> tuple[str, ...]:
    """Return the labels allowed for ``entity_type`` (``ORG`` or ``LOC``), else ``()``.

    >>> labels_for("LOC")[:3]
    ('city', 'province', 'village')
    """
    return _LABELS.get(entity_type, ())


def is_label(entity_type: str, label: str) -> bool:
    """Return whether ``label`` is an allowed sub-type of ``entity_type``."""
    return label in _LABELS.get(entity_type, ())
