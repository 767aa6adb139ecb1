"""``switcher stats``: count documents, sentences, tokens and entities of a corpus."""

from __future__ import annotations

import argparse
import json

from switcher.cli.common import add_source_arguments


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``stats`` subcommand."""
    parser = subparsers.add_parser(
        "stats",
        help="count documents, sentences, tokens and entities per type",
        description="Count documents, sentences, tokens and entities (conlleval chunks) per type.",
    )
    add_source_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the statistics of the corpus named by ``args.source``."""
    from switcher.read.sources import load_corpus
    from switcher.read.stats import corpus_stats

    corpus = load_corpus(args.source, split=args.split, scheme=args.input_scheme, types=args.types)
    stats = corpus_stats(corpus)
    if args.json:
        print(json.dumps(stats.to_dict(), indent=2))
        return 0
    documents = f"{stats.documents:,}"
    if not stats.has_documents:
        documents += " (no boundaries known: one per sentence)"
    rows = [
        ("source", stats.source),
        ("scheme", stats.scheme.upper()),
        ("documents", documents),
        ("sentences", f"{stats.sentences:,}"),
        ("tokens", f"{stats.tokens:,}"),
        ("entities", f"{stats.total_entities:,}"),
    ]
    for name, value in rows:
        print(f"{name:<10} {value}")
    label_width = max([8, *(len(label) for label in stats.entities)])
    count_width = max([6, *(len(f"{n:,}") for n in stats.entities.values())])
    for label, count in stats.entities.items():
        print(f"  {label:<{label_width}} {count:>{count_width},}")
    if stats.columns:
        print(f"{'columns':<10} {', '.join(stats.columns)}")
    return 0
