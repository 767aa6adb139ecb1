"""Full switching: PER, LOC and ORG replaced by a seeded, type-constrained mapping.

Paper §2.2 and METHOD.md §3. Per document, mentions are grouped into entities: persons by
the string-matching rules of :mod:`switcher.switch.persons`; locations and organisations by
their string (ignoring case) and their sub-type from the annotation. Each entity gets one
replacement drawn uniformly (seeded) from the origin's list of the same type and sub-type, and
every mention of the entity gets the matching form. Two entities of one document never get
the same replacement while the list has unused entries (collisions are counted otherwise);
for persons, names whose first or family name is already in use in the document are avoided
while others remain, so a bare surname stays unambiguous.

MISC, ORG ``Others`` and LOC ``country``/``region``/``feature`` are kept unless the
configuration says otherwise.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from switcher.corpus import Corpus, Replacement
from switcher.errors import GenerationError
from switcher.subtypes import REPLACEABLE_LOC, REPLACEABLE_ORG
from switcher.switch.names import Name, person_pool
from switcher.switch.persons import LAST, analyse_persons
from switcher.switch.replace import Edit, replace_spans
from switcher.switch.surface import apply_case, sentence_is_upper
from switcher.switch.variants import FULL_MODE, Variant, VariantInfo

#: LOC sub-types and ORG sub-categories replaced by default (the paper's lists).
REPLACE_LOC: tuple[str, ...] = REPLACEABLE_LOC
REPLACE_ORG: tuple[str, ...] = REPLACEABLE_ORG
ON_MISSING: tuple[str, ...] = ("error", "keep")


@dataclass(frozen=True, slots=True)
class FullOptions:
    """What full mode replaces.

    Args:
        replace_loc: LOC sub-types to replace.
        replace_org: ORG sub-categories to replace.
        unmatched: Role of single-token PER mentions that match no full name.
        on_missing: ``error`` when the origin lacks a list the set needs, or ``keep`` to leave
            those mentions unchanged.
    """

    replace_loc: tuple[str, ...] = REPLACE_LOC
    replace_org: tuple[str, ...] = REPLACE_ORG
    unmatched: str = LAST
    on_missing: str = "error"


def _subtype_lists(lexicon: Any) -> dict[tuple[str, str], tuple[str, ...]]:
    lists = {("LOC", k): tuple(v) for k, v in lexicon.loc.items()}
    lists.update({("ORG", k): tuple(v) for k, v in lexicon.org.items()})
    return lists


def needed_lists(corpus: Corpus, annotation: Any, options: FullOptions) -> Counter[tuple[str, str]]:
    """Count the LOC and ORG mentions of ``corpus`` that full mode replaces, per sub-type."""
    wanted = {("LOC", t) for t in options.replace_loc} | {("ORG", t) for t in options.replace_org}
    counts: Counter[tuple[str, str]] = Counter()
    for d, s, sentence in corpus.iter_sentences():
        for span in sentence.spans:
            if span.label in ("LOC", "ORG"):
                key = (span.label, annotation.subtype(d, s, span))
                if key in wanted:
                    counts[key] += 1
    return counts


def missing_lists(corpus: Corpus, lexicon: Any, annotation: Any, options: FullOptions) -> list[str]:
    """Return the lists ``lexicon`` lacks for ``corpus`` (e.g. ``org.Bank (12 mentions)``)."""
    lists = _subtype_lists(lexicon)
    missing = []
    for (label, subtype), count in sorted(needed_lists(corpus, annotation, options).items()):
        if not lists.get((label, subtype)):
            missing.append(f"{label.lower()}.{subtype} ({count} mentions)")
    if not person_pool(lexicon):
        missing.append("per.first_names")
    return missing


def full_variant(
    corpus: Corpus,
    lexicon: Any,
    annotation: Any,
    info: VariantInfo,
    *,
    column_schemes: Mapping[str, str | None],
    options: FullOptions = FullOptions(),
) -> Variant:
    """Draw one full-mode variant of ``corpus`` for the origin ``lexicon``.

    Args:
        corpus: The original corpus.
        lexicon: The origin's :class:`switcher.lexicons.Lexicon`.
        annotation: ORG sub-categories and LOC sub-types of ``corpus``
            (:class:`switcher.annotate.Annotation`).
        info: Identity of the variant; ``info.seed`` seeds every draw.
        column_schemes: Schemes of IOB-style extra columns.
        options: What to replace.

    Raises:
        GenerationError: The origin lacks a list the corpus needs and ``on_missing`` is
            ``error``.
    """
    if info.mode != FULL_MODE:
        raise ValueError(f"a full variant needs mode {FULL_MODE!r}, not {info.mode!r}")
    missing = missing_lists(corpus, lexicon, annotation, options)
    if missing and options.on_missing == "error":
        raise GenerationError(
            f"origin {lexicon.id!r} ({lexicon.path}) has no entries for "
            f"{', '.join(missing)}; add them to the lexicon or pass --on-missing keep"
        )
    rng = random.Random(f"full:{info.seed}:{lexicon.id}")
    people = person_pool(lexicon)
    lists = _subtype_lists(lexicon)
    replaced = {("LOC", t) for t in options.replace_loc} | {("ORG", t) for t in options.replace_org}
    variant = Variant(info)
    kept: Counter[str] = Counter()
    offset = 0
    for d, document in enumerate(corpus.documents):
        edits: dict[int, list[tuple[Edit, Replacement]]] = {}
        upper = [sentence_is_upper(s) for s in document.sentences]

        # Persons: one name per person, drawn without reuse inside the document.
        persons = analyse_persons(document, unmatched=options.unmatched)
        count = 1 + max((m.entity for m in persons), default=-1)
        names = _draw_people(rng, people, count, variant)
        for mention in persons:
            sentence = document.sentences[mention.sentence]
            original = sentence.tokens[mention.span.start : mention.span.end]
            name = names[mention.entity]
            tokens = tuple(apply_case(name.form(mention.role), original, upper[mention.sentence]))
            edits.setdefault(mention.sentence, []).append(
                (
                    Edit(mention.span, tokens),
                    _record(
                        mention.span,
                        original,
                        tokens,
                        "PER",
                        "",
                        mention.role,
                        mention.entity,
                        name.text,
                        f"{lexicon.id}:per",
                    ),
                )
            )

        # Locations and organisations: one entry per (type, sub-type, string).
        entities: dict[tuple[str, str, str], int] = {}
        chosen: dict[int, str] = {}
        used: dict[tuple[str, str], set[int]] = {}
        for s, sentence in enumerate(document.sentences):
            for span in sentence.spans:
                if span.label not in ("LOC", "ORG"):
                    continue
                subtype = annotation.subtype(d, s, span)
                original = sentence.tokens[span.start : span.end]
                pool = lists.get((span.label, subtype), ())
                if (span.label, subtype) not in replaced or not pool:
                    kept[f"{span.label}/{subtype}"] += 1
                    continue
                key = (span.label, subtype, " ".join(original).casefold())
                entity = entities.setdefault(key, len(entities))
                if entity not in chosen:
                    taken = used.setdefault((span.label, subtype), set())
                    pick, collided = _draw(rng, pool, taken)
                    taken.add(pick)
                    variant.collisions += collided
                    chosen[entity] = pool[pick]
                entry = chosen[entity]
                tokens = tuple(apply_case(entry.split(), original, upper[s]))
                edits.setdefault(s, []).append(
                    (
                        Edit(span, tokens),
                        _record(
                            span,
                            original,
                            tokens,
                            span.label,
                            subtype,
                            "",
                            entity,
                            entry,
                            f"{lexicon.id}:{span.label.lower()}.{subtype}",
                        ),
                    )
                )

        for s, items in edits.items():
            items.sort(key=lambda item: item[0].span.start)
            new_sentence, new_spans = replace_spans(
                document.sentences[s], [e for e, _ in items], column_schemes=column_schemes
            )
            records = tuple(
                _moved(record, new) for (_, record), new in zip(items, new_spans, strict=True)
            )
            variant.changed[offset + s] = (new_sentence, records)
        offset += len(document.sentences)
    variant.kept = dict(sorted(kept.items()))
    return variant


def _draw(rng: random.Random, pool: Sequence[Any], used: Collection[int]) -> tuple[int, bool]:
    if len(used) < len(pool):
        free = [i for i in range(len(pool)) if i not in used]
        return rng.choice(free), False
    return rng.randrange(len(pool)), True


def _draw_people(
    rng: random.Random, pool: Sequence[Name], count: int, variant: Variant
) -> list[Name]:
    """Draw ``count`` names: no full name twice, and no first or family name twice while
    names with unused parts remain."""
    names: list[Name] = []
    used: set[int] = set()
    parts: set[tuple[str, ...]] = set()
    for _ in range(count):
        fresh = [
            i
            for i in range(len(pool))
            if i not in used
            and pool[i].first not in parts
            and (not pool[i].last or pool[i].last not in parts)
        ]
        if fresh:
            pick = rng.choice(fresh)
        else:
            pick, collided = _draw(rng, pool, used)
            variant.collisions += collided
        used.add(pick)
        parts.add(pool[pick].first)
        if pool[pick].last:
            parts.add(pool[pick].last)
        names.append(pool[pick])
    return names


def _record(
    span: Any,
    original: Sequence[str],
    tokens: Sequence[str],
    label: str,
    subtype: str,
    role: str,
    entity: int,
    entry: str,
    source: str,
) -> Replacement:
    return Replacement(
        orig_start=span.start,
        orig_end=span.end,
        new_start=-1,
        new_end=-1,
        orig_text=" ".join(original),
        new_text=" ".join(tokens),
        label=label,
        subtype=subtype,
        role=role,
        entity=entity,
        entry=entry,
        source=source,
    )


def _moved(record: Replacement, new: Any) -> Replacement:
    return record._replace(new_start=new.start, new_end=new.end)
