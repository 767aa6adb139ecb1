"""The label set of sub-type annotations: ORG sub-categories and LOC sub-types.

Constants only. The ORG sub-categories are those of paper 004 §2.2, in the paper's order;
``Others`` (international and intergovernmental bodies, government bodies, anything that fits
no other category) is never replaced. The LOC sub-types split what the paper replaces (city,
province, village) from what it keeps (country, region, feature). ``docs/annotation.md`` gives
the decision rules for borderline cases.
"""

from __future__ import annotations

from switcher.subtypes import KEPT_LOC, ORG_OTHERS, REPLACEABLE_LOC, REPLACEABLE_ORG

__all__ = [
    "ANNOTATED_TYPES",
    "LOC",
    "LOC_DEFAULT",
    "LOC_SUBTYPES",
    "ORG",
    "ORG_DEFAULT",
    "ORG_SUBCATEGORIES",
    "REPLACEABLE_LOC",
    "REPLACEABLE_ORG",
    "is_label",
    "labels_for",
]

#: Entity types that carry a sub-type.
ORG = "ORG"
LOC = "LOC"
ANNOTATED_TYPES: tuple[str, ...] = (ORG, LOC)

#: ORG sub-categories of paper 004 §2.2, in the paper's order, and ``Others``.
ORG_SUBCATEGORIES: tuple[str, ...] = (*REPLACEABLE_ORG, ORG_OTHERS)

#: LOC sub-types. ``province`` is a state or region inside a country; ``region`` a continent
#: or a multi-country region; ``feature`` a natural feature or another place (river, sea,
#: mountain, island without its own state, stadium, street, building).
LOC_SUBTYPES: tuple[str, ...] = (*REPLACEABLE_LOC, *KEPT_LOC)

#: The label an ORG mention gets when nothing is known about it.
ORG_DEFAULT = ORG_OTHERS

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
