"""Check the curated lexicons of the paper's 17 origins against the content rules of issue 4.

``switcher lexicons validate`` checks the schema (fields, sources, characters, duplicates).
This script checks what the curated files of the paper's origins must hold on top of it:

- exactly 20 first names (with m, f and u among them) and 10 family names;
- at least 20 cities, 10 provinces and 20 villages;
- at least 5 entries per ORG sub-category unless ``absent`` explains a shorter list, and
  every list filled for the full-mode sets (``in``, ``vn``);
- ORG entries of at most 6 tokens; plain ASCII everywhere; no entry repeated within a list
  (ignoring case), no first name that is also a family name, no place in two LOC sub-types.

Usage: python scripts/check_curated_lexicons.py [NAME_LISTS_DIR]  (default name_lists/)
Prints one line per origin with its counts, then one line per problem; exits 1 on a problem.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from switcher.lexicons import FULL_ORIGINS, ORG_SUBCATEGORIES, PAPER_ORIGINS

LOC_MINIMUM = {"city": 20, "province": 10, "village": 20}
ORG_MINIMUM = 5
ORG_MAX_TOKENS = 6


def entry_names(entries: list[Any]) -> list[str]:
    """Return the text of each entry (a first-name mapping gives its ``name``)."""
    return [e["name"] if isinstance(e, dict) else e for e in entries]


def check_texts(origin: str, path: str, texts: list[Any]) -> list[str]:
    """Return the problems of one list's texts: type, ASCII, spacing and duplicates."""
    problems, seen = [], set()
    for text in texts:
        if not isinstance(text, str):
            problems.append(f"{origin}: {path}: {text!r} is not text (quote it in YAML)")
            continue
        if not text.isascii():
            problems.append(f"{origin}: {path}: {text!r} is not plain ASCII")
        if text != text.strip() or "  " in text:
            problems.append(f"{origin}: {path}: {text!r} has stray spaces")
        if text.casefold() in seen:
            problems.append(f"{origin}: {path}: {text!r} is listed twice")
        seen.add(text.casefold())
    return problems


def check_origin(origin: str, data: dict[str, Any]) -> tuple[str, list[str]]:
    """Return the summary line and the problems of one curated paper origin."""
    problems: list[str] = []
    per, loc, org = data["per"], data["loc"], data["org"]
    first = per["first_names"]["entries"]
    family = per["family_names"]["entries"]
    if len(first) != 20 or len(family) != 10:
        problems.append(
            f"{origin}: per: {len(first)} first and {len(family)} family names, not 20/10"
        )
    genders = {e.get("gender") for e in first}
    if not {"m", "f", "u"} <= genders:
        problems.append(
            f"{origin}: per.first_names: genders {sorted(genders)}, expected m, f and u"
        )
    problems += check_texts(origin, "per.first_names", entry_names(first))
    problems += check_texts(origin, "per.family_names", family)
    fathers = [e["father_or_husband"] for e in first if "father_or_husband" in e]
    problems += check_texts(origin, "per.first_names.father_or_husband", fathers)
    both = {str(n).casefold() for n in entry_names(first)} & {str(n).casefold() for n in family}
    if both:
        problems.append(f"{origin}: per: {sorted(both)} are both first and family names")
    places: dict[str, str] = {}
    for subtype, minimum in LOC_MINIMUM.items():
        entries = loc[subtype]["entries"]
        if len(entries) < minimum:
            problems.append(f"{origin}: loc.{subtype}: {len(entries)} entries, expected {minimum}+")
        problems += check_texts(origin, f"loc.{subtype}", entries)
        for place in entries:
            other = places.setdefault(str(place).casefold(), subtype)
            if other != subtype:
                problems.append(f"{origin}: loc.{subtype}: {place!r} is also a {other}")
    for category in ORG_SUBCATEGORIES:
        block = org[category]
        entries = block["entries"]
        short = len(entries) < ORG_MINIMUM
        if (short and not block.get("absent")) or (origin in FULL_ORIGINS and not entries):
            problems.append(f"{origin}: org.{category}: {len(entries)} entries and no absent")
        problems += check_texts(origin, f"org.{category}", entries)
        for name in entries:
            if isinstance(name, str) and len(name.split()) > ORG_MAX_TOKENS:
                problems.append(
                    f"{origin}: org.{category}: {name!r} has over {ORG_MAX_TOKENS} tokens"
                )
    counts = " ".join(f"{k}={len(loc[k]['entries'])}" for k in LOC_MINIMUM)
    org_counts = ",".join(str(len(org[c]["entries"])) for c in ORG_SUBCATEGORIES)
    summary = f"{origin:13} first={len(first)} family={len(family)} {counts} org={org_counts}"
    return summary, problems


def main(argv: list[str]) -> int:
    """Check every paper origin's curated file; return 1 when a problem was found."""
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "name_lists"
    problems: list[str] = []
    for origin in PAPER_ORIGINS:
        path = folder / f"{origin}.yaml"
        if not path.is_file():
            problems.append(f"{origin}: {path} is missing")
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if data.get("id") != origin or data.get("curated") is not True:
            problems.append(f"{origin}: id or curated flag is wrong in {path}")
            continue
        summary, found = check_origin(origin, data)
        print(summary)
        problems += found
    for problem in problems:
        print(problem)
    print(f"{len(PAPER_ORIGINS)} origins checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
