"""Print the counts per ORG sub-category and LOC sub-type of a sub-type annotation.

Default: the shipped CoNLL-2003 test annotation, as the Markdown table of
``docs/annotation.md``. Needs no corpus::

    .venv/bin/python scripts/annotation_counts.py [FILE]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from switcher.annotate import LOC_SUBTYPES, ORG_SUBCATEGORIES, read_rows
from switcher.annotate.labels import REPLACEABLE_LOC, REPLACEABLE_ORG
from switcher.annotate.shipped import shipped_paths


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="annotation TSV (default: shipped)")
    args = parser.parse_args()
    path = args.file or shipped_paths()[0]
    rows = read_rows(path)
    counts = Counter((row.type, row.subtype) for row in rows)
    reviewed = sum(row.reviewed for row in rows)
    print(f"{path.name}: {len(rows):,} mentions, {reviewed:,} reviewed\n")
    for entity_type, labels, replaced in (
        ("ORG", ORG_SUBCATEGORIES, REPLACEABLE_ORG),
        ("LOC", LOC_SUBTYPES, REPLACEABLE_LOC),
    ):
        total = sum(counts[(entity_type, label)] for label in labels)
        print(f"| {entity_type} label | mentions | share | full switching |")
        print("| --- | ---: | ---: | --- |")
        for label in labels:
            n = counts[(entity_type, label)]
            action = "replaced" if label in replaced else "kept"
            print(f"| {label} | {n:,} | {n / total:.1%} | {action} |")
        print(f"| **total** | **{total:,}** | 100% | |\n")


if __name__ == "__main__":
    main()
