"""``switcher publish``: push an export folder to the Hugging Face Hub in one commit."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``publish`` subcommand."""
    parser = subparsers.add_parser(
        "publish",
        help="push an export folder to a Hugging Face Hub dataset repository (one commit)",
        description="Push a folder written by switcher export to a Hub dataset repository, in "
        "one commit. The token is HF_TOKEN or the cached login (hf auth login). Sets derived "
        "from a research-only input (CoNLL-2003) or from an input of unknown licence need "
        "--yes, for private repositories too.",
    )
    parser.add_argument("repo_dir", metavar="REPO_DIR", help="a folder of switcher export")
    parser.add_argument(
        "--repo-id", required=True, metavar="OWNER/NAME", help="the dataset repository"
    )
    parser.add_argument(
        "--private", action="store_true", help="create the repository private (recommended)"
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="list what would be uploaded (path and size); no token, no network",
    )
    parser.add_argument(
        "--yes",
        action="store_true",
        help="confirm pushing text of a research-only input or of an unknown licence",
    )
    parser.add_argument(
        "--overwrite-remote",
        action="store_true",
        help="replace the content of an existing repository that is not a switcher export "
        "of the same input",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Publish the folder (or list what would be published) and print the result."""
    from switcher.publish import publish_folder

    report = publish_folder(
        args.repo_dir,
        args.repo_id,
        private=args.private,
        dry_run=args.dry_run,
        yes=args.yes,
        overwrite_remote=args.overwrite_remote,
    )
    visibility = "private" if report.private else "public"
    verb = "would upload" if report.dry_run else "uploaded"
    print(
        f"{verb} {len(report.files)} files ({report.total_bytes:,} bytes) to {report.url} "
        f"({visibility})"
    )
    for item in report.files:
        print(f"  {item.size:>12,}  {item.path_in_repo}")
    for path in report.deleted:
        print(f"  {'deleted':>12}  {path}")
    print(f"licence: {report.licence.license} ({report.licence.dataset})")
    print(f"commit: {report.commit_message}")
    if report.dry_run:
        if report.confirmation:
            print(f"needs --yes: {report.confirmation}")
        print("dry run: nothing was sent")
    else:
        action = "created the repository and committed" if report.created else "committed"
        print(f"{action} {report.commit_oid or ''}: {report.commit_url or report.url}")
    return 0
