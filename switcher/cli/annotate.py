"""``switcher annotate``: draft the ORG sub-categories and LOC sub-types of a corpus by rules."""

from __future__ import annotations

import argparse

from switcher.cli.common import add_source_arguments


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``annotate`` subcommand."""
    parser = subparsers.add_parser(
        "annotate",
        help="draft ORG sub-categories and LOC sub-types by rules, for review",
        description="Label every ORG mention of a corpus with a sub-category (Airline, Bank, "
        "Corporation, Newspaper, Political Party, Restaurant, Sports Team, Sports Union, "
        "University, Others) and every LOC mention with a sub-type (city, province, village, "
        "country, region, feature) by rules, and write the annotation TSV that "
        "`switcher generate --annotation` reads. Every row is marked reviewed = no: check "
        "and edit the labels (docs/annotation.md) before generating full-mode sets.",
    )
    add_source_arguments(parser)
    parser.add_argument("--out", required=True, metavar="FILE", help="the TSV file to write")
    parser.add_argument(
        "--lexicons",
        metavar="SPEC",
        help="also use the LOC and ORG entries of these lexicons as known names "
        "(origin ids such as in,vn, 'all', or a YAML file or folder)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Annotate the corpus named by ``args.source`` and write ``args.out``."""
    from switcher.annotate import annotate_corpus, write_annotation
    from switcher.annotate.labels import LOC, LOC_SUBTYPES, ORG, ORG_DEFAULT, ORG_SUBCATEGORIES
    from switcher.read.sources import load_corpus

    corpus = load_corpus(args.source, split=args.split, scheme=args.input_scheme, types=args.types)
    known = None
    if args.lexicons:
        from switcher.annotate.rules import known_from_lexicons
        from switcher.lexicons import resolve_origins

        known = known_from_lexicons(resolve_origins(args.lexicons))
    annotation = annotate_corpus(corpus, known=known)
    write_annotation(annotation, corpus, args.out)
    org = annotation.counts(ORG)
    loc = annotation.counts(LOC)
    print(
        f"wrote {args.out}: {sum(org.values()):,} ORG and {sum(loc.values()):,} LOC mentions "
        f"of {corpus.source or args.source}, labelled by rules (reviewed = no)"
    )
    for entity_type, counts, labels in ((ORG, org, ORG_SUBCATEGORIES), (LOC, loc, LOC_SUBTYPES)):
        for label in labels:
            if counts[label]:
                print(f"  {entity_type}  {label:<16} {counts[label]:>7,}")
    total = sum(org.values())
    if total:
        print(
            f"left at {ORG_DEFAULT}: {org[ORG_DEFAULT]:,} of {total:,} ORG mentions "
            f"({org[ORG_DEFAULT] / total:.0%}); review every row before generating"
        )
    return 0
