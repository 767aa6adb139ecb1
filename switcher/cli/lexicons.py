"""``switcher lexicons``: list, show and validate the country lexicons."""

from __future__ import annotations

import argparse
import json
import textwrap

_ORG_SHORT = 9  # number of ORG sub-categories, shown as "n/9"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``lexicons`` subcommand and its ``list``, ``show`` and ``validate`` actions."""
    parser = subparsers.add_parser(
        "lexicons",
        help="list, show and validate the country lexicons (name_lists/)",
        description="List, show and validate the country lexicons: one YAML file per origin "
        "with PER, LOC and ORG lists and their sources (name_lists/SCHEMA.md).",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    listing = actions.add_parser(
        "list",
        help="list the shipped origins with their PER/LOC/ORG counts",
        description="List the shipped origins with the size of their lists. Default: the "
        "curated origins; --generated: the generated ones; --all: both (a curated file wins "
        "over a generated one with the same id).",
    )
    which = listing.add_mutually_exclusive_group()
    which.add_argument("--generated", action="store_true", help="list the generated origins")
    which.add_argument("--all", action="store_true", help="list curated and generated origins")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.set_defaults(run=run_list)

    show = actions.add_parser(
        "show",
        help="print one lexicon: its lists, entries and sources",
        description="Print one lexicon: an origin id (vn) or a YAML file.",
    )
    show.add_argument("origin", metavar="ID_OR_PATH", help="origin id (e.g. vn) or a YAML file")
    show.add_argument("--json", action="store_true", help="print the lexicon as JSON")
    show.set_defaults(run=run_show)

    validate = actions.add_parser(
        "validate",
        help="check lexicon files against the schema",
        description="Check lexicon files against the schema; print one line per problem "
        "(file:line: key path: entry: message) and exit with status 2 when there is any. "
        "Without PATH, check every shipped file.",
    )
    validate.add_argument("paths", nargs="*", metavar="PATH", help="a lexicon file or folder")
    validate.set_defaults(run=run_validate)


def _loc_cell(counts: dict[str, int], subtype: str) -> str:
    key = f"loc.{subtype}"
    return str(counts[key]) if key in counts else "-"


def run_list(args: argparse.Namespace) -> int:
    """Print the shipped origins and the size of their lists."""
    from switcher.lexicons import list_lexicons

    if args.generated:
        infos = list_lexicons(include_generated=True, include_curated=False)
    else:
        infos = list_lexicons(include_generated=args.all)
    if args.json:
        rows = [
            {
                "id": i.id,
                "name": i.name,
                "country": i.country,
                "curated": i.curated,
                "path": str(i.path),
                "counts": dict(i.counts),
            }
            for i in infos
        ]
        print(json.dumps(rows, indent=2))
        return 0
    name_width = max([4, *(len(i.name) for i in infos)])
    id_width = max([2, *(len(i.id) for i in infos)])
    header = (
        f"{'id':<{id_width}}  {'name':<{name_width}}  {'kind':<9}  {'first':>5} {'family':>6}"
        f"  {'city':>4} {'prov':>4} {'vill':>4}  {'orgcat':>6} {'org':>4}"
    )
    print(header)
    for info in infos:
        counts = dict(info.counts)
        first, family = info.per_counts
        orgs = (
            f"{info.org_filled}/{_ORG_SHORT}" if any(k.startswith("org.") for k in counts) else "-"
        )
        print(
            f"{info.id:<{id_width}}  {info.name:<{name_width}}  "
            f"{'curated' if info.curated else 'generated':<9}  {first:>5} {family:>6}  "
            f"{_loc_cell(counts, 'city'):>4} {_loc_cell(counts, 'province'):>4} "
            f"{_loc_cell(counts, 'village'):>4}  {orgs:>6} {info.org_total or '-':>4}"
        )
    curated = sum(1 for i in infos if i.curated)
    generated = len(infos) - curated
    summary = f"{curated} curated, {generated} generated origins"
    if not args.generated and not args.all:
        extra = len(list_lexicons(include_generated=True, include_curated=False))
        summary += f" ({extra} generated: `switcher lexicons list --generated`)"
    print(summary)
    return 0


def _entries_text(entries: tuple[str, ...]) -> str:
    return textwrap.fill(
        ", ".join(entries), width=96, initial_indent="    ", subsequent_indent="    "
    )


def run_show(args: argparse.Namespace) -> int:
    """Print one lexicon with its lists, entries and sources."""
    from switcher.lexicons import load_lexicon

    lexicon = load_lexicon(args.origin)
    if args.json:
        print(
            json.dumps(
                {
                    "id": lexicon.id,
                    "name": lexicon.name,
                    "country": lexicon.country,
                    "curated": lexicon.curated,
                    "path": str(lexicon.path),
                    "sha256": lexicon.sha256,
                    "counts": lexicon.counts(),
                    "lists": {key: list(lexicon.entries(key)) for key in lexicon.key_paths()},
                    "sources": {
                        key: [s.describe() for s in lexicon.sources(key)]
                        for key in lexicon.key_paths()
                    },
                    "absent": dict(lexicon.absent),
                },
                indent=2,
            )
        )
        return 0
    kind = "curated" if lexicon.curated else f"generated by {lexicon.generated_by or '?'}"
    print(f"{lexicon.id}: {lexicon.name} ({lexicon.country}), {kind}")
    print(f"  file    {lexicon.path}")
    print(f"  sha256  {lexicon.sha256}")
    if lexicon.note:
        print(
            textwrap.fill(
                lexicon.note, width=96, initial_indent="  note    ", subsequent_indent="          "
            )
        )
    for key in lexicon.key_paths():
        entries = lexicon.entries(key)
        print(f"{key} ({len(entries)})")
        for source in lexicon.sources(key):
            print(f"  source: {source.describe()}")
        if key in lexicon.absent:
            print(f"  absent: {lexicon.absent[key]}")
        if key == "per.first_names":
            shown = tuple(
                f"{g.full_text} ({g.gender}{'' if g.shape == 'given_family' else ', ' + g.shape})"
                for g in lexicon.first_names
            )
            print(_entries_text(shown))
        elif entries:
            print(_entries_text(entries))
    return 0


def run_validate(args: argparse.Namespace) -> int:
    """Print every problem of the lexicon files named (default: the shipped ones)."""
    from switcher.errors import LexiconError
    from switcher.lexicons import lexicon_dir, validate_paths

    paths = args.paths or [lexicon_dir()]
    report = validate_paths(paths)
    for problem in report.problems:
        print(problem)
    checked = len(report.files)
    if report.problems:
        bad = len({p.file for p in report.problems})
        raise LexiconError(
            f"{len(report.problems)} problem{'s' if len(report.problems) != 1 else ''} in "
            f"{bad} of {checked} lexicon file{'s' if checked != 1 else ''}"
        )
    print(f"{checked} lexicon file{'s' if checked != 1 else ''} checked: no problems")
    return 0
