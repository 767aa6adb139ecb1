"""Check a generated sets folder against the promises of entity switching.

Usage: python scripts/check_sets.py SETS_DIR

PER-only variants: PER span counts kept, every PER token from the variant's name, no token
outside PER spans and no other entity changed, valid tags in the input's scheme, entity counts
per type unchanged. Full-mode variants: no source entity of a document got two different
replacements; collisions (two entities of a document sharing one replacement) are counted.
Prints the replaced-mention counts per type and sub-category. Exit status 1 on any problem.
"""

from __future__ import annotations

import sys

from switcher.switch.checks import check_sets


def main(argv: list[str]) -> int:
    """Check the folder named in ``argv`` and print the report."""
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    report = check_sets(argv[0])
    print(f"variants checked: {report.variants}")
    spans = sorted(set(report.per_spans.values()))
    print(f"PER spans per variant: {', '.join(map(str, spans))}")
    print("replaced mentions (all variants):")
    for key, count in sorted(report.replaced.items()):
        print(f"  {key:<24} {count:>9,}")
    print(f"source entities with two replacements in one document: {report.inconsistent_entities}")
    print(
        f"collisions (entities of a document sharing a replacement): {report.collisions} in "
        f"{report.collision_groups} groups; forced by list size: {report.forced_collisions}; "
        f"avoidable: {report.collisions - report.forced_collisions}"
    )
    for problem in report.problems[:50]:
        print(f"PROBLEM {problem}")
    if len(report.problems) > 50:
        print(f"... and {len(report.problems) - 50} more problems")
    print("OK" if report.ok else f"FAILED: {len(report.problems)} problems")
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
