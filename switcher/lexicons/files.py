"""Where lexicon files live: the shipped ``name_lists`` folder and lookup of an id."""

from __future__ import annotations

import difflib
from pathlib import Path

import switcher
from switcher.errors import LexiconError
from switcher.lexicons.schema import YAML_SUFFIXES

#: Sub-folder of the shipped folder that holds the lists built by ``scripts/build_lexicons.py``.
GENERATED = "generated"


def lexicon_dir() -> Path:
    """Return the folder of the shipped lexicons.

    An installed wheel carries them in ``switcher/name_lists``; a source checkout keeps them in
    ``<repository>/name_lists``. The first that exists wins.

    Raises:
        LexiconError: Neither folder exists.
    """
    package = Path(switcher.__file__).resolve().parent
    for candidate in (package / "name_lists", package.parent / "name_lists"):
        if candidate.is_dir():
            return candidate
    raise LexiconError(
        f"no shipped lexicons: neither {package / 'name_lists'} nor "
        f"{package.parent / 'name_lists'} exists (reinstall switcher)"
    )


def _yaml_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(
        p
        for p in folder.iterdir()
        if p.suffix in YAML_SUFFIXES and p.is_file() and not p.name.startswith(".")
    )


def curated_files() -> list[Path]:
    """Return the shipped curated lexicon files (``name_lists/*.yaml``), sorted by name."""
    return _yaml_files(lexicon_dir())


def generated_files() -> list[Path]:
    """Return the shipped generated lexicon files (``name_lists/generated/*.yaml``), sorted."""
    return _yaml_files(lexicon_dir() / GENERATED)


def shipped_files() -> list[Path]:
    """Return every shipped lexicon file: curated ones first, then generated ones."""
    return curated_files() + generated_files()


def display_path(path: Path) -> str:
    """Return ``path`` relative to the working folder when it lies under it, else as given."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def folder_files(folder: Path) -> list[Path]:
    """Return the lexicon files directly inside ``folder`` (not its sub-folders), sorted."""
    return _yaml_files(folder)


def looks_like_path(spec: str | Path) -> bool:
    """True when ``spec`` names a file or folder rather than an origin id.

    A :class:`~pathlib.Path`, text with a path separator, and text ending in ``.yaml`` or
    ``.yml`` are paths; anything else is an id (or a keyword such as ``all``).
    """
    if isinstance(spec, Path):
        return True
    return "/" in spec or "\\" in spec or spec.endswith(YAML_SUFFIXES) or spec in {".", ".."}


def find_lexicon_file(origin: str) -> Path:
    """Return the shipped file of an origin id: the curated file, else the generated one.

    Raises:
        LexiconError: No shipped file has this id (the message suggests the closest ids).
    """
    root = lexicon_dir()
    for folder in (root, root / GENERATED):
        for suffix in YAML_SUFFIXES:
            candidate = folder / f"{origin}{suffix}"
            if candidate.is_file():
                return candidate
    known = sorted({p.stem for p in shipped_files()})
    close = difflib.get_close_matches(origin, known, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    raise LexiconError(
        f"unknown origin {origin!r}{hint} (`switcher lexicons list --all` shows the "
        f"{len(known)} shipped ids; a YAML file or folder of your own works too)"
    )
