"""PER-only switching: every PER mention of the set replaced by forms of one name.

One variant per name (paper §2.1): full names by the full new name, first names by its first
name, last names by its last name, decided per document by :mod:`switcher.switch.persons`.

The roles do not depend on the name, so they are worked out once per corpus
(:func:`plan_persons`). A variant then only substitutes tokens: the spans, extra columns and
tag layout of a switched sentence depend only on the lengths of the inserted forms, so they are
computed once per distinct length pattern and shared by every variant with that pattern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from switcher.corpus import Corpus, Replacement, Sentence, Span
from switcher.switch.names import Name
from switcher.switch.persons import LAST, ROLES, analyse_persons
from switcher.switch.replace import Edit, replace_spans
from switcher.switch.surface import is_upper_word, sentence_is_upper
from switcher.switch.variants import PER_MODE, Variant, VariantInfo


@dataclass(frozen=True, slots=True)
class PlannedMention:
    """A PER mention with everything a variant needs to replace it.

    Args:
        span: The mention in its sentence.
        role: ``full``, ``first`` or ``last``.
        entity: The person's index in the document.
        upper: Whether the replacement is written in capitals (all-caps headline).
        text: The mention's original text.
    """

    span: Span
    role: str
    entity: int
    upper: bool
    text: str


@dataclass(slots=True)
class SentencePlan:
    """The PER mentions of one sentence and the layouts computed for it so far.

    Args:
        sentence: The original sentence.
        mentions: Its PER mentions in order.
        gaps: The original tokens between mentions (``len(mentions) + 1`` slices).
        layouts: Lengths of the inserted forms -> (spans, columns, IOB1 begins, new mention
            spans) of the switched sentence.
    """

    sentence: Sentence
    mentions: tuple[PlannedMention, ...]
    gaps: tuple[tuple[str, ...], ...]
    layouts: dict[
        tuple[int, ...], tuple[list[Span], dict[str, list[str]], tuple[int, ...], list[Span]]
    ] = field(default_factory=dict)


def plan_persons(
    corpus: Corpus, *, label: str = "PER", unmatched: str = LAST
) -> dict[int, SentencePlan]:
    """Return a plan of every sentence of ``corpus`` that has PER mentions, by its index."""
    plan: dict[int, SentencePlan] = {}
    mentions_by_sentence: dict[int, list[PlannedMention]] = {}
    sentences: list[Sentence] = []
    offset = 0
    for document in corpus.documents:
        upper = [sentence_is_upper(s) for s in document.sentences]
        for mention in analyse_persons(document, label=label, unmatched=unmatched):
            sentence = document.sentences[mention.sentence]
            tokens = sentence.tokens[mention.span.start : mention.span.end]
            mentions_by_sentence.setdefault(offset + mention.sentence, []).append(
                PlannedMention(
                    span=mention.span,
                    role=mention.role,
                    entity=mention.entity,
                    upper=upper[mention.sentence] and all(is_upper_word(t) for t in tokens),
                    text=" ".join(tokens),
                )
            )
        sentences.extend(document.sentences)
        offset += len(document.sentences)
    for index, mentions in mentions_by_sentence.items():
        sentence = sentences[index]
        bounds = [0]
        for m in mentions:
            bounds.extend((m.span.start, m.span.end))
        bounds.append(len(sentence.tokens))
        gaps = tuple(
            tuple(sentence.tokens[bounds[k] : bounds[k + 1]]) for k in range(0, len(bounds), 2)
        )
        plan[index] = SentencePlan(sentence, tuple(mentions), gaps)
    return plan


def layout_for(
    plan: SentencePlan, forms: Sequence[tuple[str, ...]], column_schemes: Mapping[str, str | None]
) -> tuple[list[Span], dict[str, list[str]], tuple[int, ...], list[Span]]:
    """Return the spans, columns, IOB1 begins and new mention spans of ``plan`` switched to
    forms of these lengths (computed once per length pattern)."""
    key = tuple(len(f) for f in forms)
    layout = plan.layouts.get(key)
    if layout is None:
        edits = [Edit(m.span, f) for m, f in zip(plan.mentions, forms, strict=True)]
        switched, new_spans = replace_spans(plan.sentence, edits, column_schemes=column_schemes)
        layout = (switched.spans, switched.columns, switched.iob1_begins, new_spans)
        plan.layouts[key] = layout
    return layout


def per_only_variant(
    plans: Mapping[int, SentencePlan],
    name: Name,
    info: VariantInfo,
    *,
    column_schemes: Mapping[str, str | None],
    label: str = "PER",
) -> Variant:
    """Replace every planned PER mention by the matching form of ``name``.

    Args:
        plans: The output of :func:`plan_persons` for the corpus.
        name: The replacement name.
        info: Identity of the variant (mode ``per``).
        column_schemes: Schemes of IOB-style extra columns (see
            :func:`~switcher.switch.replace.column_schemes`).
        label: The entity type of persons.

    Returns:
        The variant; its switched sentences share spans and columns with other variants of
        the same layout (treat them as read-only).
    """
    if info.mode != PER_MODE:
        raise ValueError(f"a PER-only variant needs mode {PER_MODE!r}, not {info.mode!r}")
    forms: dict[tuple[str, bool], tuple[str, ...]] = {}
    for role in ROLES:
        form = name.form(role)
        forms[role, False] = form
        forms[role, True] = tuple(t.upper() for t in form)
    texts = {key: " ".join(value) for key, value in forms.items()}
    source = f"{info.origin}:per"
    entry = name.text
    variant = Variant(info)
    changed = variant.changed
    for index, plan in plans.items():
        keys = [(m.role, m.upper) for m in plan.mentions]
        chosen = [forms[k] for k in keys]
        spans, columns, begins, new_spans = layout_for(plan, chosen, column_schemes)
        tokens = list(plan.gaps[0])
        for form, gap in zip(chosen, plan.gaps[1:], strict=True):
            tokens.extend(form)
            tokens.extend(gap)
        replacements = tuple(
            Replacement(
                m.span.start,
                m.span.end,
                new.start,
                new.end,
                m.text,
                texts[key],
                label,
                "",
                m.role,
                m.entity,
                entry,
                source,
            )
            for m, key, new in zip(plan.mentions, keys, new_spans, strict=True)
        )
        changed[index] = (Sentence(tokens, spans, columns, begins), replacements)
    return variant
