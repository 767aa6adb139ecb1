"""Load a lexicon file into a frozen :class:`~switcher.lexicons.model.Lexicon`.

Loading validates first: a file with any problem raises :class:`~switcher.errors.LexiconError`
naming the file, the line, the key path and the entry of each problem.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from switcher.errors import LexiconError
from switcher.lexicons.files import display_path, find_lexicon_file, looks_like_path
from switcher.lexicons.model import GivenName, Lexicon, LexiconProblem, Source
from switcher.lexicons.schema import GIVEN_FAMILY, LOC_SUBTYPES, ORG_SUBCATEGORIES
from switcher.lexicons.validate import check_lexicon, parse_lexicon_text

#: How many problems a LexiconError message spells out before it summarises the rest.
SHOWN_PROBLEMS = 3


def problems_error(file: str, problems: Sequence[LexiconProblem]) -> LexiconError:
    """Return a :class:`LexiconError` listing ``problems`` (kept on its ``problems`` attribute)."""
    shown = "; ".join(str(p) for p in problems[:SHOWN_PROBLEMS])
    more = len(problems) - SHOWN_PROBLEMS
    if more > 0:
        shown += f"; and {more} more (`switcher lexicons validate {file}` lists them all)"
    error = LexiconError(shown)
    error.problems = tuple(problems)  # type: ignore[attr-defined]
    return error


def _source(record: Mapping[str, Any]) -> Source:
    kind = "url" if "url" in record else "package" if "package" in record else "curated"
    retrieved = record.get("retrieved")
    if isinstance(retrieved, _dt.date):
        retrieved = retrieved.isoformat()

    def text(name: str) -> str | None:
        value = record.get(name)
        return None if value is None else str(value)

    return Source(
        kind=kind,
        licence=text("licence"),
        url=text("url"),
        title=text("title"),
        package=text("package"),
        version=text("version"),
        locale=text("locale"),
        retrieved=None if retrieved is None else str(retrieved),
        note=text("note"),
    )


def _sources(record: Mapping[str, Any]) -> tuple[Source, ...]:
    return tuple(_source(r) for r in record.get("sources") or ())


def lexicon_from_data(data: Mapping[str, Any], *, path: Path | None, sha256: str) -> Lexicon:
    """Build a :class:`Lexicon` from a validated YAML document (no checks are repeated)."""
    list_sources: dict[str, tuple[Source, ...]] = {}
    absent: dict[str, str] = {}
    per = data["per"]
    first = per["first_names"]
    first_names = tuple(
        GivenName(
            text=entry["name"],
            gender=entry.get("gender"),
            shape=entry.get("shape", GIVEN_FAMILY),
            second=entry.get("father_or_husband"),
        )
        for entry in first["entries"]
    )
    list_sources["per.first_names"] = _sources(first)
    family = per["family_names"]
    list_sources["per.family_names"] = _sources(family)
    groups: dict[str, Mapping[str, tuple[str, ...]]] = {}
    for group, names in (("loc", LOC_SUBTYPES), ("org", ORG_SUBCATEGORIES)):
        table: dict[str, tuple[str, ...]] = {}
        for key in names:
            record = (data.get(group) or {}).get(key)
            if record is None:
                continue
            table[key] = tuple(record["entries"])
            list_sources[f"{group}.{key}"] = _sources(record)
            if record.get("absent") is not None:
                absent[f"{group}.{key}"] = str(record["absent"])
        groups[group] = MappingProxyType(table)
    return Lexicon(
        id=data["id"],
        name=data["name"],
        country=data["country"],
        curated=data["curated"],
        path=path,
        sha256=sha256,
        first_names=first_names,
        family_names=tuple(family["entries"]),
        loc=groups["loc"],
        org=groups["org"],
        list_sources=MappingProxyType(list_sources),
        absent=MappingProxyType(absent),
        generated_by=data.get("generated_by"),
        note=data.get("note"),
    )


def read_lexicon(path: str | Path) -> Lexicon:
    """Read, validate and return the lexicon in the YAML file ``path``.

    Raises:
        LexiconError: The file is missing or has any problem (all are named in the message).
    """
    file = Path(path)
    shown = display_path(file)
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        raise LexiconError(f"{shown}: no such lexicon file") from None
    except IsADirectoryError:
        raise LexiconError(f"{shown}: is a folder, not a lexicon file") from None
    except OSError as err:
        raise LexiconError(f"{shown}: cannot read the lexicon file: {err.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LexiconError(f"{shown}: not UTF-8 text (byte {err.start})") from None
    parsed = parse_lexicon_text(text, shown)
    problems = check_lexicon(parsed, expected_id=file.stem)
    if problems:
        raise problems_error(shown, problems)
    return lexicon_from_data(parsed.data, path=file, sha256=hashlib.sha256(raw).hexdigest())


def load_lexicon(id_or_path: str | Path) -> Lexicon:
    """Return the lexicon of a shipped origin id (``"vn"``) or of a YAML file path.

    An id names the curated file ``name_lists/<id>.yaml`` when there is one, else the generated
    ``name_lists/generated/<id>.yaml``.

    Raises:
        LexiconError: Unknown id, missing file, or any validation problem.

    >>> load_lexicon("vn").first_names[0].text  # doctest: +SKIP
    'Minh'
    """
    if looks_like_path(id_or_path):
        return read_lexicon(id_or_path)
    return read_lexicon(find_lexicon_file(str(id_or_path)))
