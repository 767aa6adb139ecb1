"""Arguments shared by several subcommands."""

from __future__ import annotations

import argparse

from switcher.schemes import SCHEMES


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments that pick and read a corpus source."""
    parser.add_argument(
        "source",
        help="'sample' (the bundled sample), a CoNLL file, a dataset file or folder, "
        "or a Hugging Face Hub dataset id such as conll2003",
    )
    parser.add_argument("--split", help="split of a dataset with several (default: test)")
    parser.add_argument(
        "--input-scheme",
        dest="input_scheme",
        default="auto",
        choices=("auto", *SCHEMES),
        help="tag scheme of the input (default: detect it)",
    )
    parser.add_argument(
        "--types",
        type=lambda text: [t for t in text.split(",") if t],
        help="comma-separated entity types allowed in the input, e.g. PER,LOC,ORG,MISC",
    )
