"""Checks that a written set keeps the promises of entity switching.

They read what is on disk, so they verify the files a user will publish, not the objects the
generator held. Each function returns a list of problems (empty when the check holds).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from switcher.errors import TagSchemeError
from switcher.schemes import validate_tags
from switcher.switch.store import ORIGINAL, read_provenance, read_table

Row = Mapping[str, Any]


@dataclass
class CheckReport:
    """Result of :func:`check_sets`: per variant, its problems and counts."""

    variants: int = 0
    problems: list[str] = field(default_factory=list)
    per_spans: Counter[str] = field(default_factory=Counter)
    replaced: Counter[str] = field(default_factory=Counter)
    inconsistent_entities: int = 0
    collisions: int = 0
    forced_collisions: int = 0
    collision_groups: int = 0

    @property
    def ok(self) -> bool:
        """True when no check failed."""
        return not self.problems


def _outside(tokens: Sequence[str], spans: Sequence[Any], label: str) -> list[str]:
    keep = [True] * len(tokens)
    for span in spans:
        if span.label == label:
            for i in range(span.start, span.end):
                keep[i] = False
    return [t for t, k in zip(tokens, keep, strict=True) if k]


def check_per_only_rows(
    original: Sequence[Row], variant: Sequence[Row], name: str, scheme: str, where: str
) -> list[str]:
    """Check one PER-only variant against the original rows (same order).

    Holds when: every sentence keeps its PER span count; every PER token comes from ``name``
    (in any case); no token outside PER spans and no other span changes; the tags are a valid
    sequence of ``scheme``; entity counts per type are unchanged.
    """
    problems: list[str] = []
    allowed = {t.casefold() for t in name.split()}
    before: Counter[str] = Counter()
    after: Counter[str] = Counter()
    for old, new in zip(original, variant, strict=True):
        sid = new["sentence_id"]
        old_per = [s for s in old["spans"] if s.label == "PER"]
        new_per = [s for s in new["spans"] if s.label == "PER"]
        before.update(s.label for s in old["spans"])
        after.update(s.label for s in new["spans"])
        if len(old_per) != len(new_per):
            problems.append(
                f"{where} sentence {sid}: {len(old_per)} PER spans became {len(new_per)}"
            )
        for span in new_per:
            for token in new["tokens"][span.start : span.end]:
                if token.casefold() not in allowed:
                    problems.append(
                        f"{where} sentence {sid}: PER token {token!r} is not from {name!r}"
                    )
        if _outside(old["tokens"], old["spans"], "PER") != _outside(
            new["tokens"], new["spans"], "PER"
        ):
            problems.append(f"{where} sentence {sid}: a token outside PER spans changed")
        other_old = [
            (s.label, old["tokens"][s.start : s.end]) for s in old["spans"] if s.label != "PER"
        ]
        other_new = [
            (s.label, new["tokens"][s.start : s.end]) for s in new["spans"] if s.label != "PER"
        ]
        if other_old != other_new:
            problems.append(f"{where} sentence {sid}: a non-PER entity changed")
        try:
            validate_tags(new["tags"], scheme)
        except TagSchemeError as err:
            problems.append(f"{where} sentence {sid}: invalid {scheme.upper()}: {err}")
    if before != after:
        problems.append(f"{where}: entity counts changed from {dict(before)} to {dict(after)}")
    return problems


@dataclass
class FullCheck:
    """What :func:`check_full_rows` finds in one full-mode variant.

    Args:
        problems: Source entities that got two different replacements.
        inconsistent: Their number.
        collisions: Entities of a document that share a replacement with an earlier entity
            of the document (a group of ``k`` entities sharing one entry counts ``k - 1``).
        groups: Entries shared by several entities of one document.
        forced: Collisions the lexicon list could not avoid (more entities of that list in the
            document than entries in the list); ``collisions - forced`` should be 0.
    """

    problems: list[str]
    inconsistent: int
    collisions: int
    groups: int
    forced: int


def check_full_rows(
    variant: Sequence[Row], where: str, pool_sizes: Mapping[str, int] | None = None
) -> FullCheck:
    """Check a full-mode variant: one replacement per source entity of a document.

    Args:
        variant: The variant's rows.
        where: A name for messages.
        pool_sizes: Entries per lexicon list, keyed like ``Replacement.source``
            (``vn:org.Bank``); without it no collision counts as forced.
    """
    entries: dict[tuple[int, str, int], set[str]] = defaultdict(set)
    sources: dict[tuple[int, str, int], str] = {}
    for row in variant:
        for r in row["replacements"]:
            entries[row["document_id"], r.label, r.entity].add(r.entry)
            sources[row["document_id"], r.label, r.entity] = r.source
    problems = []
    inconsistent = 0
    for (doc, label, entity), values in sorted(entries.items()):
        if len(values) > 1:
            inconsistent += 1
            problems.append(
                f"{where} document {doc}: {label} entity {entity} got {len(values)} replacements "
                f"{sorted(values)}"
            )
    by_entry: Counter[tuple[int, str, str]] = Counter(
        (doc, label, next(iter(values))) for (doc, label, _), values in entries.items()
    )
    collisions = sum(count - 1 for count in by_entry.values() if count > 1)
    groups = sum(1 for count in by_entry.values() if count > 1)
    per_list: Counter[tuple[int, str]] = Counter((k[0], source) for k, source in sources.items())
    forced = 0
    if pool_sizes:
        forced = sum(
            max(0, count - pool_sizes[source])
            for (_, source), count in per_list.items()
            if source in pool_sizes
        )
    return FullCheck(problems, inconsistent, collisions, groups, forced)


def pool_sizes(lexicon: Any) -> dict[str, int]:
    """Entries per list of ``lexicon``, keyed like ``Replacement.source``."""
    from switcher.switch.names import person_pool

    sizes = {f"{lexicon.id}:per": len(person_pool(lexicon))}
    sizes.update({f"{lexicon.id}:loc.{k}": len(v) for k, v in lexicon.loc.items()})
    sizes.update({f"{lexicon.id}:org.{k}": len(v) for k, v in lexicon.org.items()})
    return sizes


def check_sets(sets_dir: str | Path) -> CheckReport:
    """Run the checks on every variant of a sets folder and return the report."""
    provenance = read_provenance(sets_dir)
    scheme = provenance["input"]["scheme"]
    sizes: dict[str, int] = {}
    if provenance["mode"] == "full":
        from switcher.lexicons import load_lexicon

        for entry in provenance["lexicons"]:
            try:
                sizes.update(pool_sizes(load_lexicon(entry["id"])))
            except Exception:  # a user's list that is not shipped: no forced counts for it
                continue
    original = read_table(sets_dir, ORIGINAL, ORIGINAL)[ORIGINAL, -1]
    report = CheckReport()
    for entry in provenance["sets"]:
        grouped = read_table(sets_dir, entry["mode"], entry["origin"])
        for (origin, index), rows in sorted(grouped.items()):
            report.variants += 1
            where = f"{entry['mode']}/{origin}/{index}"
            name = rows[0]["variant_name"]
            report.per_spans[where] = sum(
                1 for row in rows for s in row["spans"] if s.label == "PER"
            )
            for row in rows:
                report.replaced.update(
                    f"{r.label}/{r.subtype or r.role}" for r in row["replacements"]
                )
            if entry["mode"] == "per":
                report.problems += check_per_only_rows(original, rows, name, scheme, where)
            else:
                found = check_full_rows(rows, where, sizes)
                report.problems += found.problems
                report.inconsistent_entities += found.inconsistent
                report.collisions += found.collisions
                report.collision_groups += found.groups
                report.forced_collisions += found.forced
    return report
