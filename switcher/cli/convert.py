"""``switcher convert``: rewrite a corpus in another tag scheme or format."""

from __future__ import annotations

import argparse

from switcher.cli.common import add_source_arguments
from switcher.schemes import SCHEMES


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``convert`` subcommand."""
    parser = subparsers.add_parser(
        "convert",
        help="rewrite a corpus in another tag scheme (CoNLL) or as a dataset",
        description="Rewrite a corpus in another tag scheme. OUT ending in .parquet is written "
        "as a Hugging Face dataset file, a path ending in / as a save_to_disk folder, anything "
        "else as a CoNLL file. IOB-style extra columns (CoNLL-2003's chunks) are converted too.",
    )
    add_source_arguments(parser)
    parser.add_argument("out", help="output file or folder")
    parser.add_argument(
        "--scheme",
        dest="target",
        required=True,
        choices=SCHEMES,
        help="tag scheme to write",
    )
    parser.add_argument(
        "--keep-columns",
        action="store_true",
        help="leave IOB-style extra columns (chunk tags) in their original scheme",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read ``args.source``, convert it and write ``args.out``."""
    from switcher.read.convert import convert_corpus
    from switcher.read.sources import load_corpus
    from switcher.read.write import write_corpus

    corpus = load_corpus(args.source, split=args.split, scheme=args.input_scheme, types=args.types)
    converted = convert_corpus(corpus, args.target, convert_columns=not args.keep_columns)
    written = write_corpus(converted, args.out)
    print(f"wrote {written} ({corpus.scheme.upper()} -> {converted.scheme.upper()})")
    return 0
