"""Validate lexicon files: every problem of a file, each named by file, line, key path, entry.

The validator never stops at the first problem and never raises for bad content: it returns
:class:`~switcher.lexicons.model.LexiconProblem` values. :func:`parse_lexicon_text` is the one
place that reads YAML; :mod:`switcher.lexicons.load` builds a
:class:`~switcher.lexicons.model.Lexicon` from what it returns when no problem was found.

Rules (``name_lists/SCHEMA.md`` documents them for users):

- fields: the top level, each list, each first-name entry and each source record hold exactly
  their fields (missing and unknown ones are reported, with the closest known name);
- lists: ``sources`` and ``entries`` non-empty; a LOC or ORG list may instead be
  ``{entries: [], absent: why}`` (``absent`` may also explain why a list is short);
  no duplicates within a list (ignoring case);
- entries: text in Latin script (letters whose Unicode name says LATIN), single spaces,
  hyphens, apostrophes, periods and ``&``; LOC and ORG entries may also hold digits
  ("Pizza 4P's"); no tab, newline, leading, trailing or double space; curated files are plain
  ASCII, the way English newswire writes names;
- first names: ``gender`` among m/f/u; ``shape`` among the schema's shapes; a ``patronymic``
  needs ``father_or_husband``;
- ``id`` matches the file name, and an id is used once among the files checked together
  (a curated file and a generated file may share an id: the curated one wins).
"""

from __future__ import annotations

import datetime as _dt
import difflib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from switcher.lexicons.files import display_path
from switcher.lexicons.model import LexiconProblem
from switcher.lexicons.schema import (
    COUNTRY_PATTERN,
    DATE_PATTERN,
    ENTRY_PUNCTUATION,
    FULL_ORIGINS,
    GENDERS,
    GIVEN_FAMILY,
    GIVEN_NAMES,
    GIVEN_OPTIONAL,
    GIVEN_REQUIRED,
    ID_PATTERN,
    LIST_FIELDS,
    LOC_SUBTYPES,
    MONONYM,
    ORG_SUBCATEGORIES,
    PAPER_ORIGINS,
    PATRONYMIC,
    PER_LISTS,
    SHAPES,
    SOURCE_KINDS,
    TOP_OPTIONAL,
    TOP_REQUIRED,
    YAML_SUFFIXES,
)

try:  # libyaml is ~10x faster; fall back to the pure-Python loader where it is missing
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment,unused-ignore]


@dataclass(frozen=True)
class ParsedLexicon:
    """A lexicon file read from YAML, before validation.

    Args:
        file: The file name as given.
        data: The YAML document (``None`` when it could not be parsed).
        lines: 1-based line of every key path of the document.
        problems: Problems found while parsing (syntax errors, duplicate keys).
    """

    file: str
    data: Any
    lines: Mapping[str, int]
    problems: tuple[LexiconProblem, ...]


@dataclass(frozen=True)
class ValidationReport:
    """What :func:`validate_paths` checked and what it found."""

    files: tuple[Path, ...]
    problems: tuple[LexiconProblem, ...]

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems


def _closest(word: str, choices: Iterable[str]) -> str:
    """Return "; did you mean 'x'?" for the closest choice, or "" when none is close."""
    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not matches:
        lowered = {c.lower(): c for c in choices}
        if word.lower() in lowered:
            matches = [lowered[word.lower()]]
    return f"; did you mean {matches[0]!r}?" if matches else ""


def _expected(choices: Iterable[str]) -> str:
    return "expected one of: " + ", ".join(choices)


def _unknown(what: str, name: str, known: Sequence[str]) -> str:
    """Return "unknown field 'x'; did you mean 'y'? (expected one of: ...)"."""
    return f"unknown {what} {name!r}{_closest(name, known)} ({_expected(known)})"


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, (_dt.date, _dt.datetime)):
        return f"the date {value.isoformat()}"
    return type(value).__name__


def fold_to_ascii(text: str) -> str:
    """Fold ``text`` towards ASCII: NFKD, drop combining marks, spell out a few letters.

    Letters NFKD leaves alone are spelt the way English text writes them (``Đ`` → ``D``,
    ``ł`` → ``l``, ``ø`` → ``o``, ``ß`` → ``ss``, ``ı`` → ``i``); typographic apostrophes
    become ``'``. Letters of other scripts are left as they are. Used to suggest a
    romanisation and by ``scripts/build_lexicons.py``.

    >>> fold_to_ascii("Nguyễn Đặng Łukasz")
    'Nguyen Dang Lukasz'
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLDING))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


#: Letters NFKD does not decompose, and apostrophe look-alikes.
_FOLDING = str.maketrans(
    {
        "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Ł": "L", "ł": "l", "Ø": "O", "ø": "o",
        "ß": "ss", "Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ı": "i", "Þ": "Th", "þ": "th",
        "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "ŋ": "ng", "Ŋ": "Ng",
        "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u02bb": "'", "`": "'",
    }
)  # fmt: skip


def _allowed_symbol(ch: str, *, digits: bool) -> bool:
    """True for a non-letter an entry may hold (control characters are reported apart)."""
    if ch.isdigit():
        return digits and ch.isascii()
    return ch == " " or ch in ENTRY_PUNCTUATION or unicodedata.category(ch) in _CONTROL


_CONTROL = frozenset({"Cc", "Cf", "Zl", "Zp"})


def entry_text_problems(value: Any, *, digits: bool = False, ascii_only: bool = False) -> list[str]:
    """Return what is wrong with one entry's text (empty when it is fine).

    Args:
        value: The value read from YAML.
        digits: Allow digits (LOC and ORG entries; person names never hold digits).
        ascii_only: Require plain ASCII (curated files).

    >>> entry_text_problems("Nguyen  Van")
    ['double space']
    """
    if isinstance(value, bool) or value is None or not isinstance(value, str):
        hint = ""
        if isinstance(value, bool) or value is None:
            hint = " (quote it: YAML reads yes/no/on/off/true/false/null as non-text)"
        return [f"expected text, got {_type_name(value)}{hint}"]
    if value == "":
        return ["empty entry"]
    if not value.strip():
        return ["whitespace-only entry"]
    found: list[str] = []
    if "\t" in value:
        found.append("contains a tab")
    if "\n" in value or "\r" in value:
        found.append("contains a newline")
    controls = sorted({ch for ch in value if unicodedata.category(ch) in {"Cc", "Cf", "Zl", "Zp"}})
    for ch in controls:
        if ch not in "\t\n\r":
            found.append(f"contains control character U+{ord(ch):04X}")
    if value != value.strip(" "):
        found.append("leading or trailing space")
    if "  " in value:
        found.append("double space")
    text = unicodedata.normalize("NFC", value)
    non_latin: list[str] = []
    not_allowed: list[str] = []
    for ch in text:
        category = unicodedata.category(ch)
        if category.startswith("L"):
            if "LATIN" not in unicodedata.name(ch, ""):
                non_latin.append(ch)
        elif category.startswith("M"):
            continue  # a combining mark left after NFC sits on a letter checked above
        elif not _allowed_symbol(ch, digits=digits):
            not_allowed.append(ch)
    if non_latin:
        ch = non_latin[0]
        found.append(
            f"non-Latin script: {ch!r} is {unicodedata.name(ch, 'an unnamed character')}; "
            "romanise the entry in Latin script"
        )
    for ch in dict.fromkeys(not_allowed):
        what = "digits are allowed in LOC and ORG entries only" if ch.isdigit() else ""
        name = unicodedata.name(ch, f"U+{ord(ch):04X}")
        found.append(
            f"character {ch!r} ({name}) is not allowed"
            + (
                f": {what}"
                if what
                else "; entries hold letters, single spaces, hyphens, apostrophes, periods and '&'"
            )
        )
    if ascii_only and not found and not text.isascii():
        found.append(
            "curated lists use plain ASCII romanisation, as English newswire writes names: "
            f"write {fold_to_ascii(text)!r}"
        )
    return found


def _node_lines(
    node: yaml.Node, path: str, lines: dict[str, int], dups: list[tuple[str, int]]
) -> None:
    """Record the line of every key path under ``node``; note duplicate mapping keys."""
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            child = f"{path}.{key}" if path else key
            if key in seen:
                dups.append((child, key_node.start_mark.line + 1))
            seen.add(key)
            lines[child] = key_node.start_mark.line + 1
            _node_lines(value_node, child, lines, dups)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = f"{path}[{index}]"
            lines[child] = item.start_mark.line + 1
            _node_lines(item, child, lines, dups)


def parse_lexicon_text(text: str, file: str) -> ParsedLexicon:
    """Parse the YAML text of a lexicon file; syntax errors become problems with their line."""
    try:
        node = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        context = getattr(err, "context", None)
        detail = f"{context}, {problem}" if context else str(problem)
        message = f"YAML syntax error: {detail}"
        return ParsedLexicon(file, None, {}, (LexiconProblem(file, "", None, message, line),))
    lines: dict[str, int] = {}
    dups: list[tuple[str, int]] = []
    if node is not None:
        _node_lines(node, "", lines, dups)
    problems = tuple(
        LexiconProblem(
            file,
            path,
            None,
            f"duplicate key {path.rsplit('.', 1)[-1]!r} (YAML keeps only the last one)",
            line,
        )
        for path, line in dups
    )
    return ParsedLexicon(file, data, lines, problems)


class _Checker:
    """Collects the problems of one lexicon document."""

    def __init__(self, parsed: ParsedLexicon) -> None:
        self.file = parsed.file
        self.lines = parsed.lines
        self.problems: list[LexiconProblem] = list(parsed.problems)

    def add(
        self, key_path: str, message: str, entry: Any = None, *, show_entry: bool = False
    ) -> None:
        line = None
        path = key_path
        while True:
            if path in self.lines:
                line = self.lines[path]
                break
            if not path:
                break
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        shown = repr(entry) if (entry is not None or show_entry) else None
        self.problems.append(LexiconProblem(self.file, key_path, shown, message, line))

    def fields(
        self,
        mapping: Mapping[str, Any],
        key_path: str,
        required: Sequence[str],
        optional: Sequence[str],
        *,
        what: str = "field",
    ) -> None:
        """Report missing required fields and unknown fields of ``mapping``."""
        known = (*required, *optional)
        for name in required:
            if name not in mapping:
                self.add(key_path, f"missing {what} {name!r}")
        for name in mapping:
            if name not in known:
                child = f"{key_path}.{name}" if key_path else str(name)
                self.add(child, _unknown(what, str(name), known))

    def mapping(self, value: Any, key_path: str, what: str) -> bool:
        if isinstance(value, dict):
            return True
        self.add(key_path, f"expected {what}, got {_type_name(value)}")
        return False

    def text_field(
        self, value: Any, key_path: str, *, pattern: Any = None, expected: str = ""
    ) -> str | None:
        if not isinstance(value, str) or not value.strip():
            got = "empty text" if isinstance(value, str) else _type_name(value)
            self.add(key_path, f"expected text, got {got}")
            return None
        if pattern is not None and not pattern.match(value):
            self.add(key_path, f"bad value {value!r}: expected {expected}")
            return None
        return value


def _check_source(checker: _Checker, record: Any, key_path: str) -> None:
    if not checker.mapping(record, key_path, "a source record (a mapping)"):
        return
    kind = next((k for k in ("url", "package", "curated") if k in record), None)
    if kind is None:
        checker.add(
            key_path,
            "a source record needs 'url' (a web page), 'package' (a data package) or "
            "'curated: true' (a hand-made list)",
        )
        return
    required, optional = SOURCE_KINDS[kind]
    for name in required:
        if name not in record:
            reason = ": every source states its licence" if name == "licence" else ""
            if kind == "curated" and name == "note":
                reason = ": say how the hand-made list was made"
            checker.add(key_path, f"missing field {name!r}{reason}")
    known = (*required, *optional)
    for name in record:
        if name not in known:
            checker.add(f"{key_path}.{name}", _unknown(f"{kind}-source field", str(name), known))
    for name in ("licence", "title", "note", "version", "locale", "package"):
        if name in record and name in known:
            checker.text_field(record[name], f"{key_path}.{name}")
    if kind == "url" and "url" in record:
        url = record["url"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            checker.add(f"{key_path}.url", "a url starts with http:// or https://", url)
    if kind == "curated" and record.get("curated") is not True:
        checker.add(
            f"{key_path}.curated",
            "a hand-made list's source says curated: true",
            record.get("curated"),
        )
    if "retrieved" in record:
        retrieved = record["retrieved"]
        if isinstance(retrieved, _dt.date) and not isinstance(retrieved, _dt.datetime):
            pass
        elif not (isinstance(retrieved, str) and DATE_PATTERN.match(retrieved)):
            checker.add(
                f"{key_path}.retrieved", "expected a date YYYY-MM-DD", retrieved, show_entry=True
            )


def _check_list(
    checker: _Checker,
    value: Any,
    key_path: str,
    *,
    kind: str,
    ascii_only: bool,
    may_be_absent: bool,
) -> None:
    """Check one ``{sources, entries[, absent]}`` list; ``kind`` is first_names or text."""
    if not checker.mapping(value, key_path, "a list record {sources: [...], entries: [...]}"):
        return
    fields = LIST_FIELDS if may_be_absent else tuple(f for f in LIST_FIELDS if f != "absent")
    absent = value.get("absent") if may_be_absent else None
    required = ("entries",) if absent is not None else ("sources", "entries")
    checker.fields(value, key_path, required, tuple(f for f in fields if f not in required))
    if absent is not None:
        checker.text_field(absent, f"{key_path}.absent")
    if "sources" in value:
        sources = value["sources"]
        if not isinstance(sources, list):
            checker.add(
                f"{key_path}.sources",
                f"expected a list of source records, got {_type_name(sources)}",
            )
        elif not sources:
            checker.add(f"{key_path}.sources", "empty list: every list needs at least one source")
        else:
            for index, record in enumerate(sources):
                _check_source(checker, record, f"{key_path}.sources[{index}]")
    if "entries" not in value:
        return
    entries = value["entries"]
    entries_path = f"{key_path}.entries"
    if not isinstance(entries, list):
        checker.add(entries_path, f"expected a list of entries, got {_type_name(entries)}")
        return
    if not entries:
        if absent is None:
            hint = (
                "; where the country has none, write entries: [] and absent: why"
                if may_be_absent
                else ""
            )
            checker.add(entries_path, f"empty list{hint}")
        return
    seen: dict[Any, int] = {}
    for index, entry in enumerate(entries):
        path = f"{entries_path}[{index}]"
        if kind == "first_names":
            key = _check_given(checker, entry, path, ascii_only=ascii_only)
        else:
            for message in entry_text_problems(
                entry, digits=kind == "place", ascii_only=ascii_only
            ):
                checker.add(path, message, entry, show_entry=True)
            key = entry.casefold() if isinstance(entry, str) else None
        if key is None:
            continue
        if key in seen:
            shown = entry.get("name") if isinstance(entry, dict) else entry
            checker.add(path, f"duplicate of entries[{seen[key]}] (ignoring case)", shown)
        else:
            seen[key] = index


def _check_given(checker: _Checker, entry: Any, path: str, *, ascii_only: bool) -> Any:
    """Check one first-name entry; return its duplicate key, or None when unusable."""
    if not isinstance(entry, dict):
        checker.add(
            path,
            "expected a first-name record such as {name: Minh, gender: m}",
            entry,
            show_entry=True,
        )
        return None
    checker.fields(entry, path, GIVEN_REQUIRED, GIVEN_OPTIONAL)
    name = entry.get("name")
    if "name" in entry:
        for message in entry_text_problems(name, ascii_only=ascii_only):
            checker.add(path, message, name, show_entry=True)
    if "gender" in entry and entry["gender"] not in GENDERS:
        gender = entry["gender"]
        checker.add(
            f"{path}.gender",
            f"bad gender {gender!r}: {_expected(GENDERS)} (u: unisex or unknown)",
            name,
        )
    shape = entry.get("shape", GIVEN_FAMILY)
    if shape not in SHAPES:
        checker.add(f"{path}.shape", "bad " + _unknown("shape", str(shape), SHAPES)[8:], name)
    second = entry.get("father_or_husband")
    if shape == PATRONYMIC and "father_or_husband" not in entry:
        checker.add(path, "missing field 'father_or_husband' (required by shape patronymic)", name)
    if "father_or_husband" in entry:
        if shape != PATRONYMIC:
            checker.add(
                f"{path}.father_or_husband",
                "field 'father_or_husband' is only for shape patronymic",
                name,
            )
        for message in entry_text_problems(second, ascii_only=ascii_only):
            checker.add(f"{path}.father_or_husband", message, second, show_entry=True)
    if isinstance(name, str) and name.strip():
        words = len(name.split())
        if shape == MONONYM and words > 1:
            checker.add(
                f"{path}.shape",
                "a mononym is one word; several given names are shape given_names",
                name,
            )
        if shape == GIVEN_NAMES and words < 2:
            checker.add(
                f"{path}.shape",
                "shape given_names needs two or more names; a single name is shape mononym",
                name,
            )
    if not isinstance(name, str):
        return None
    return (name.casefold(), shape, second.casefold() if isinstance(second, str) else None)


def _check_group(
    checker: _Checker,
    value: Any,
    group: str,
    names: Sequence[str],
    *,
    what: str,
    required: bool,
    full: bool,
    ascii_only: bool,
) -> None:
    """Check ``loc`` or ``org``: its keys, and each list under them."""
    if not checker.mapping(value, group, f"a mapping of {what}s"):
        return
    for key in value:
        if key not in names:
            checker.add(f"{group}.{key}", _unknown(what, str(key), names))
    for key in names:
        if key not in value:
            if required:
                checker.add(
                    group,
                    f"missing {what} {key!r} (required for the paper's origins; where the "
                    "country has none write entries: [] and absent: why)",
                )
            continue
        path = f"{group}.{key}"
        _check_list(
            checker, value[key], path, kind="place", ascii_only=ascii_only, may_be_absent=True
        )
        if full and isinstance(value[key], dict) and value[key].get("entries") == []:
            checker.add(
                f"{path}.entries",
                f"{what} {key!r} must not be empty in the paper's full sets (in, vn)",
            )


def check_lexicon(parsed: ParsedLexicon, *, expected_id: str | None = None) -> list[LexiconProblem]:
    """Return every problem of a parsed lexicon document.

    Args:
        parsed: What :func:`parse_lexicon_text` returned.
        expected_id: The id the file name calls for (its stem), or ``None`` not to check it.
    """
    checker = _Checker(parsed)
    data = parsed.data
    if data is None and parsed.problems and parsed.problems[0].message.startswith("YAML syntax"):
        return checker.problems
    if not isinstance(data, dict):
        checker.add(
            "", f"expected a mapping of lexicon fields (id, name, ...), got {_type_name(data)}"
        )
        return checker.problems
    checker.fields(data, "", TOP_REQUIRED, TOP_OPTIONAL)
    origin = data.get("id")
    valid_id = "id" in data and checker.text_field(
        origin, "id", pattern=ID_PATTERN, expected="lower-case letters, digits and '-'"
    )
    if valid_id and expected_id is not None and origin != expected_id:
        checker.add(
            "id",
            f"id {origin!r} does not match the file name {expected_id!r}: "
            f"rename the file to {origin}.yaml or set id: {expected_id}",
        )
    if "name" in data:
        checker.text_field(data["name"], "name")
    if "country" in data:
        checker.text_field(
            data["country"],
            "country",
            pattern=COUNTRY_PATTERN,
            expected="an ISO 3166-1 alpha-2 code such as 'VN'",
        )
    curated = data.get("curated")
    if "curated" in data and not isinstance(curated, bool):
        checker.add("curated", f"expected true or false, got {_type_name(curated)}")
    for name in ("note", "generated_by"):
        if data.get(name) is not None:
            checker.text_field(data[name], name)
    ascii_only = curated is True
    paper = curated is True and origin in PAPER_ORIGINS
    full = curated is True and origin in FULL_ORIGINS
    if "per" in data and checker.mapping(
        data["per"], "per", "a mapping {first_names, family_names}"
    ):
        per = data["per"]
        checker.fields(per, "per", PER_LISTS, ())
        if "first_names" in per:
            _check_list(
                checker,
                per["first_names"],
                "per.first_names",
                kind="first_names",
                ascii_only=ascii_only,
                may_be_absent=False,
            )
        if "family_names" in per:
            _check_list(
                checker,
                per["family_names"],
                "per.family_names",
                kind="name",
                ascii_only=ascii_only,
                may_be_absent=False,
            )
    for group, names, what in (
        ("loc", LOC_SUBTYPES, "LOC sub-type"),
        ("org", ORG_SUBCATEGORIES, "ORG sub-category"),
    ):
        if group in data:
            _check_group(
                checker,
                data[group],
                group,
                names,
                what=what,
                required=paper,
                full=full,
                ascii_only=ascii_only,
            )
        elif paper:
            checker.add("", f"missing field {group!r} (required for the paper's curated origins)")
    return checker.problems


def lexicon_files(path: Path) -> list[Path]:
    """Return the lexicon files of a folder (recursively, hidden files skipped), sorted."""
    found = [
        p
        for p in path.rglob("*")
        if p.suffix in YAML_SUFFIXES
        and p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(path).parts)
    ]
    return sorted(found)


def check_file(
    path: Path, *, shown: str | None = None
) -> tuple[ParsedLexicon | None, list[LexiconProblem]]:
    """Read and check one lexicon file; return what was parsed and its problems."""
    file = shown if shown is not None else display_path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        return None, [
            LexiconProblem(file, "", None, f"cannot read the file: {err.strerror or err}")
        ]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, [LexiconProblem(file, "", None, f"not UTF-8 text (byte {err.start})")]
    parsed = parse_lexicon_text(text, file)
    return parsed, check_lexicon(parsed, expected_id=path.stem)


def validate_paths(paths: Iterable[str | Path]) -> ValidationReport:
    """Validate lexicon files and folders together.

    Each path is a file or a folder (its ``*.yaml``/``*.yml`` files, recursively). Besides each
    file's own problems, an origin id used by two files is reported, unless one of the two is
    curated and the other generated (the curated file wins).

    Returns:
        The files checked and every problem found; bad content never raises.
    """
    files: list[Path] = []
    problems: list[LexiconProblem] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found = lexicon_files(path)
            if not found:
                problems.append(
                    LexiconProblem(
                        str(item), "", None, "no .yaml or .yml lexicon file in this folder"
                    )
                )
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            problems.append(LexiconProblem(str(item), "", None, "no such file or folder"))
    seen: dict[tuple[str, bool], str] = {}
    for path in dict.fromkeys(files):
        parsed, found_problems = check_file(path)
        problems.extend(found_problems)
        data = parsed.data if parsed is not None else None
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            continue
        key = (data["id"], data.get("curated") is True)
        shown = parsed.file if parsed is not None else str(path)
        if key in seen:
            line = parsed.lines.get("id") if parsed is not None else None
            problems.append(
                LexiconProblem(
                    shown,
                    "id",
                    repr(data["id"]),
                    f"origin id {data['id']!r} used twice: also in {seen[key]}",
                    line,
                )
            )
        else:
            seen[key] = shown
    return ValidationReport(tuple(dict.fromkeys(files)), tuple(problems))


def validate_path(path: str | Path) -> list[LexiconProblem]:
    """Return every problem of a lexicon file, or of the lexicon files of a folder.

    Never raises for bad content: syntax errors, missing fields and the like are problems.

    >>> validate_path("name_lists/vn.yaml")  # doctest: +SKIP
    []
    """
    return list(validate_paths([path]).problems)
