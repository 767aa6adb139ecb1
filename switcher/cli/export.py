"""``switcher export``: turn a sets folder into a Hub-ready dataset repository folder."""

from __future__ import annotations

import argparse
import warnings


def _csv(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write a Hub-ready dataset folder (parquet per config, dataset card) from sets",
        description="Write a Hugging Face dataset repository folder from a sets folder of "
        "switcher generate: one config per origin plus 'original' (split 'test'), a dataset "
        "card with the features, licence, sources and citation, and the provenance. Push it "
        "with switcher publish.",
    )
    parser.add_argument("sets_dir", metavar="SETS_DIR", help="a folder of switcher generate")
    parser.add_argument("--out", required=True, metavar="REPO_DIR", help="folder to write")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    parser.add_argument(
        "--license",
        metavar="ID",
        help="Hub licence id (cc-by-4.0, mit, ...) of an input switcher does not recognise; "
        "default: unknown (CoNLL-2003 is always research-only)",
    )
    parser.add_argument(
        "--language",
        type=_csv,
        default=[],
        metavar="CODES",
        help="comma-separated ISO 639 codes of an unrecognised input's language, e.g. en",
    )
    parser.add_argument("--pretty-name", help="title of the dataset (default: built from input)")
    parser.add_argument(
        "--repo-id",
        metavar="OWNER/NAME",
        help="repository id for the card's examples (default: filled in by switcher publish)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Export the sets and print the folder's files."""
    from switcher.publish import export_sets

    report = export_sets(
        args.sets_dir,
        args.out,
        overwrite=args.overwrite,
        license=args.license,
        language=args.language,
        pretty_name=args.pretty_name,
        repo_id=args.repo_id,
    )
    rows = sum(c.rows for c in report.configs)
    print(
        f"wrote {len(report.configs)} configs ({rows:,} rows) to {report.repo_dir} "
        f"({report.total_bytes:,} bytes)"
    )
    for item in report.files:
        print(f"  {item.size:>12,}  {item.path}")
    licence = report.licence
    print(f"licence: {licence.license} ({licence.dataset})")
    if licence.research_only:
        print("  research use only: switcher publish will ask for --yes; prefer --private")
    elif not licence.known:
        print("  unknown: switcher publish will ask for --yes (or export with --license ID)")
    if report.origins_without_sources:
        warnings.warn(
            "the card lists no sources for "
            + ", ".join(report.origins_without_sources)
            + ": their lexicon files are missing or changed since generation",
            stacklevel=1,
        )
    return 0
