"""How the rule annotator agrees with the reviewed CoNLL-2003 test annotation.

Runs :func:`switcher.annotate.annotate_corpus` on CoNLL-2003 test and prints, per ORG
sub-category and LOC sub-type, precision, recall and F1 of the rule labels against the shipped
reviewed labels, plus the most frequent confusions::

    .venv/bin/python scripts/annotation_agreement.py [../shared/data/conll2003/test.txt]

The cue lists of the rules were written before the test review, from general knowledge and
CoNLL-2003 train; one parsing bug (headlines such as ``NFL AMERICAN FOOTBALL-COLTS ...``) was
fixed while reviewing. The figures say how much a user should expect to correct on a
CoNLL-like corpus, not how good a classifier the rules are.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from switcher.annotate import LOC_SUBTYPES, ORG_SUBCATEGORIES, annotate_corpus, shipped_annotation
from switcher.read.sources import load_corpus

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "conll2003" / "test.txt"


def main() -> None:
    """Print the agreement tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("test", nargs="?", type=Path, default=DEFAULT, help="CoNLL-2003 test")
    args = parser.parse_args()
    corpus = load_corpus(args.test)
    gold = shipped_annotation(corpus)
    if gold is None:
        raise SystemExit(f"{args.test} is not CoNLL-2003 test (no shipped annotation fits it)")
    rules = annotate_corpus(corpus)
    for entity_type, labels in (("ORG", ORG_SUBCATEGORIES), ("LOC", LOC_SUBTYPES)):
        pairs = [(row.subtype, rules[row.key]) for row in gold.rows if row.type == entity_type]
        agree = sum(g == r for g, r in pairs)
        print(
            f"{entity_type}: {len(pairs):,} mentions, rules agree on {agree:,} "
            f"({agree / len(pairs):.1%})\n"
        )
        print(f"| {entity_type} label | reviewed | rules | precision | recall | F1 |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for label in labels:
            tp = sum(g == r == label for g, r in pairs)
            n_gold = sum(g == label for g, _ in pairs)
            n_rule = sum(r == label for _, r in pairs)
            p = tp / n_rule if n_rule else float("nan")
            r = tp / n_gold if n_gold else float("nan")
            f = 2 * p * r / (p + r) if n_rule and n_gold and p + r else float("nan")
            print(f"| {label} | {n_gold:,} | {n_rule:,} | {p:.2f} | {r:.2f} | {f:.2f} |")
        confusions = Counter((g, r) for g, r in pairs if g != r)
        top = ", ".join(f"{g} as {r} {n}" for (g, r), n in confusions.most_common(6))
        print(f"\nmost frequent confusions (reviewed as rules): {top}\n")


if __name__ == "__main__":
    main()
