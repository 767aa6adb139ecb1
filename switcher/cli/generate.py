"""``switcher generate``: write entity-switched variants of a test set per origin."""

from __future__ import annotations

import argparse

from switcher.schemes import SCHEMES


def _csv(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``generate`` subcommand."""
    from switcher.switch.full import ON_MISSING, REPLACE_LOC, REPLACE_ORG
    from switcher.switch.persons import UNMATCHED_CHOICES

    parser = subparsers.add_parser(
        "generate",
        help="write entity-switched variants of a test set, per origin",
        description="Write entity-switched variants of a test set: PER-only (one variant per "
        "name, every PER mention replaced by forms of that name) or full (PER, LOC and ORG "
        "replaced by a seeded, type-constrained mapping, several seeds per origin).",
    )
    parser.add_argument(
        "--input",
        required=True,
        help="conll2003 (the Hub dataset), a CoNLL file, a dataset file or folder, or 'sample'",
    )
    parser.add_argument("--split", help="split of a dataset input (default: test)")
    parser.add_argument(
        "--input-scheme",
        default="auto",
        choices=("auto", *SCHEMES),
        help="tag scheme of the input (default: detect it)",
    )
    parser.add_argument(
        "--origins",
        required=True,
        help="comma-separated origin ids (us,in,vn), 'all' (the 17 curated origins), "
        "or a lexicon YAML file or folder",
    )
    parser.add_argument("--mode", choices=("per", "full"), default="per", help="default: per")
    parser.add_argument(
        "--variants",
        type=int,
        help="variants per origin: names for PER-only (default 20), seeds for full (default 5)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of every draw (default 0)")
    parser.add_argument("--out", required=True, help="folder to write the sets to")
    parser.add_argument(
        "--annotation",
        help="full mode: ORG/LOC sub-type annotation (TSV) of the input; by default the one "
        "shipped for CoNLL-2003 test",
    )
    parser.add_argument(
        "--unmatched",
        choices=UNMATCHED_CHOICES,
        default="last",
        help="single-token PER mentions matching no full name are family names (last, the "
        "default) or first names",
    )
    parser.add_argument(
        "--replace-loc",
        type=_csv,
        default=list(REPLACE_LOC),
        help=f"full mode: LOC sub-types to replace (default {','.join(REPLACE_LOC)})",
    )
    parser.add_argument(
        "--replace-org",
        type=_csv,
        default=list(REPLACE_ORG),
        help="full mode: ORG sub-categories to replace (default: the nine of the paper)",
    )
    parser.add_argument(
        "--on-missing",
        choices=ON_MISSING,
        default="error",
        help="full mode: when an origin lacks a needed list, stop (error) or keep those "
        "mentions unchanged (keep)",
    )
    parser.add_argument(
        "--format",
        choices=("parquet", "conll"),
        action="append",
        help="also write CoNLL files of every variant with --format conll (parquet is always "
        "written)",
    )
    parser.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Generate the sets and print what was written."""
    from switcher.read.sources import load_corpus
    from switcher.switch.generate import generate_sets

    corpus = load_corpus(args.input, split=args.split, scheme=args.input_scheme)
    report = generate_sets(
        corpus,
        args.origins,
        args.out,
        mode=args.mode,
        variants=args.variants,
        seed=args.seed,
        annotation=args.annotation,
        unmatched=args.unmatched,
        replace_loc=args.replace_loc,
        replace_org=args.replace_org,
        on_missing=args.on_missing,
        formats=args.format or ["parquet"],
        overwrite=args.overwrite,
        progress=not args.quiet,
    )
    print(
        f"wrote {report.variants} {report.mode} variants of {len(report.origins)} origins to "
        f"{report.out} ({report.tokens_written:,} tokens, {report.seconds:.1f} s)"
    )
    for origin in report.origins:
        replaced = ", ".join(f"{k} {v:,}" for k, v in origin.replaced.items())
        line = f"  {origin.origin:<14} {origin.variants:>3} variants  replaced: {replaced}"
        if origin.kept:
            line += "; kept: " + ", ".join(f"{k} {v:,}" for k, v in origin.kept.items())
        if origin.collisions:
            line += f"; collisions: {origin.collisions}"
        print(line)
    return 0
