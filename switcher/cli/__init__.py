"""The ``switcher`` command line: one subcommand per module of this package.

Each subcommand module defines ``register(subparsers)``, which adds its parser and sets
``run``, a function of the parsed arguments that calls the public library function and
returns an exit status. Only this package prints or exits. Errors a user causes
(:class:`~switcher.errors.SwitcherError`) are printed as one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from collections.abc import Sequence

from switcher import __version__
from switcher.errors import SwitcherError

#: Subcommand modules, in the order ``switcher --help`` lists them.
COMMANDS: tuple[str, ...] = ("stats", "convert")


def build_parser() -> argparse.ArgumentParser:
    """Return the parser of ``switcher`` with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="switcher",
        description="Entity-switched test sets for auditing NER models by national origin.",
    )
    parser.add_argument("--version", action="version", version=f"switcher {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"switcher.cli.{name}").register(subparsers)
    return parser


def _show_warning(message, category, filename, lineno, file=None, line=None):  # type: ignore[no-untyped-def]
    print(f"switcher: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``switcher`` with ``argv`` (default: the process arguments); return the status."""
    # datasets' own progress bars would interleave with ours; switcher shows its own.
    os.environ.setdefault("HF_DATASETS_DISABLE_PROGRESS_BARS", "1")
    parser = build_parser()
    args = parser.parse_args(argv)
    previous = warnings.showwarning
    warnings.showwarning = _show_warning
    try:
        status: int = args.run(args)
        return status
    except SwitcherError as err:
        print(f"switcher: error: {err}", file=sys.stderr)
        return 2
    except FileExistsError as err:
        print(f"switcher: error: {err} (pass --overwrite to replace it)", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("switcher: interrupted", file=sys.stderr)
        return 130
    finally:
        warnings.showwarning = previous
