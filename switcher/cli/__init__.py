"""The ``switcher`` command line: one subcommand per module of this package.

Every module of ``switcher.cli`` that defines ``register(subparsers)`` is a subcommand; its
``register`` adds its parser and sets
``run``, a function of the parsed arguments that calls the public library function and
returns an exit status. Only this package prints or exits. Errors a user causes
(:class:`~switcher.errors.SwitcherError`) are printed as one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import warnings
from collections.abc import Sequence

from switcher import __version__
from switcher.errors import SwitcherError

#: The order ``switcher --help`` lists subcommands in; modules not named here come last.
ORDER: tuple[str, ...] = (
    "stats",
    "convert",
    "lexicons",
    "annotate",
    "generate",
    "export",
    "publish",
    "evaluate",
)


def command_modules() -> list[str]:
    """Return the names of the subcommand modules of ``switcher.cli``, in help order."""
    names = [
        info.name
        for info in pkgutil.iter_modules(__path__)
        if not info.name.startswith("_") and info.name != "common"
    ]
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(names, key=lambda name: (rank.get(name, len(ORDER)), name))


def build_parser() -> argparse.ArgumentParser:
    """Return the parser of ``switcher`` with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="switcher",
        description="Entity-switched test sets for auditing NER models by national origin.",
    )
    parser.add_argument("--version", action="version", version=f"switcher {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in command_modules():
        module = importlib.import_module(f"switcher.cli.{name}")
        if hasattr(module, "register"):
            module.register(subparsers)
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
    except BrokenPipeError:  # output piped into `head` and the like
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    finally:
        warnings.showwarning = previous
