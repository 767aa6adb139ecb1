"""NER metrics of one sentence: exact-span entities, IO tokens, switched-entity recall.

Every function scores the spans of a single sentence (half-open token indices, see
:class:`switcher.corpus.Span`) and returns :class:`~switcher.score.counts.Counts`; a corpus
score is the sum over its sentences (:func:`sum_per_type`, :func:`total`), so sentences,
documents, variants and origins all aggregate the same way.

Scoring follows METHOD.md §6:

* **Entity metric** (:func:`entity_counts`): a predicted span is correct when gold has a span
  with the same start, end and type. Decoded with :func:`switcher.schemes.tags_to_spans`,
  IOB1, IOB2 and IO tags give exactly the chunks ``conlleval`` counts, so the figures equal
  ``conlleval`` and ``seqeval`` in its default (non-strict) mode.
* **Paper metric** (:func:`token_io_counts`): token-level on IO labels (Agarwal et al.).
* **Switched-entity recall** (:func:`target_recall`): recall restricted to the replaced spans.

With ``types``, spans of any other type are dropped from gold and predictions alike before
scoring: a model that cannot predict ORG is scored without ORG, and its ORG predictions (if
any) are not counted as false positives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence

from switcher.corpus import CONLL_TYPES, Span, order_types
from switcher.errors import ScoreError
from switcher.score.counts import Counts


def _keep(spans: Sequence[Span], types: frozenset[str] | None) -> Sequence[Span]:
    if types is None:
        return spans
    return [span for span in spans if span.label in types]


def _type_set(types: Collection[str] | None) -> frozenset[str] | None:
    if isinstance(types, str):
        raise ScoreError(f"types must be a collection of type names, not the string {types!r}")
    return None if types is None else frozenset(types)


def _new_tally(types: Collection[str] | None) -> dict[str, list[int]]:
    return {} if types is None else {t: [0, 0, 0] for t in types}


def _finish(tally: dict[str, list[int]], types: Collection[str] | None) -> dict[str, Counts]:
    # Types in the order given, else CoNLL types first, then the rest sorted.
    if types is None and len(tally) > 1:
        order = [t for t in CONLL_TYPES if t in tally]
        if len(order) != len(tally):
            order = list(order_types(set(tally)))
        return {t: Counts(*tally[t]) for t in order}
    return {t: Counts(*row) for t, row in tally.items()}


def entity_counts(
    gold: Sequence[Span], pred: Sequence[Span], *, types: Collection[str] | None = None
) -> dict[str, Counts]:
    """Count exact-span, exact-type entity matches per type (conlleval / seqeval).

    A predicted span is a true positive of its type when gold holds the same
    ``(start, end, label)``; every other predicted span is a false positive of its own type
    and every unmatched gold span a false negative of its type. A span with the right
    boundaries and the wrong type is therefore one false positive and one false negative.

    Args:
        gold: Gold spans of one sentence.
        pred: Predicted spans of the same sentence.
        types: When given, the types scored: each gets an entry (zero counts included) and
            spans of other types, gold or predicted, are ignored. ``None`` scores every type
            that occurs in ``gold`` or ``pred``.

    Returns:
        Counts per type, CoNLL types first (or in the order of ``types``).

    >>> gold = [Span(0, 2, "PER"), Span(3, 4, "LOC")]
    >>> pred = [Span(0, 2, "PER"), Span(3, 4, "ORG")]
    >>> {k: (c.tp, c.fp, c.fn) for k, c in entity_counts(gold, pred).items()}
    {'PER': (1, 0, 0), 'ORG': (0, 1, 0), 'LOC': (0, 0, 1)}
    """
    keep = _type_set(types)
    gold_spans = _keep(gold, keep)
    pred_spans = _keep(pred, keep)
    tally = _new_tally(types)
    if not gold_spans and not pred_spans:
        return _finish(tally, types)
    gold_set = set(gold_spans)
    pred_set = set(pred_spans)
    if len(gold_set) == len(gold_spans) and len(pred_set) == len(pred_spans):
        for span in pred_spans:
            row = tally.get(span.label)
            if row is None:
                row = tally[span.label] = [0, 0, 0]
            row[0 if span in gold_set else 1] += 1
        for span in gold_spans:
            if span not in pred_set:
                row = tally.get(span.label)
                if row is None:
                    row = tally[span.label] = [0, 0, 0]
                row[2] += 1
    else:
        # A span listed twice (not produced by tag decoding): match as multisets.
        gold_bag, pred_bag = Counter(gold_spans), Counter(pred_spans)
        for span in gold_bag | pred_bag:
            row = tally.setdefault(span.label, [0, 0, 0])
            hit = min(gold_bag[span], pred_bag[span])
            row[0] += hit
            row[1] += pred_bag[span] - hit
            row[2] += gold_bag[span] - hit
    return _finish(tally, types)


def io_labels(spans: Sequence[Span], length: int, *, what: str = "spans") -> list[str | None]:
    """Return the IO label of each of ``length`` tokens: the covering span's type or ``None``.

    Args:
        spans: Non-overlapping spans of one sentence.
        length: Number of tokens in the sentence.
        what: How to name ``spans`` in an error message (``"gold"``, ``"pred"``).

    Raises:
        ScoreError: A span runs past ``length`` or two spans overlap.
    """
    if length < 0:
        raise ScoreError(f"sentence length must be >= 0, got {length}")
    labels: list[str | None] = [None] * length
    for span in spans:
        if span.end > length:
            raise ScoreError(
                f"{what} span {span} runs past the end of the sentence ({length} tokens)"
            )
        for k in range(span.start, span.end):
            if labels[k] is not None:
                raise ScoreError(
                    f"{what} span {span} overlaps another {what} span at token {k}; "
                    "spans of one sentence must not overlap"
                )
            labels[k] = span.label
    return labels


def token_io_counts(
    gold: Sequence[Span],
    pred: Sequence[Span],
    length: int,
    *,
    types: Collection[str] | None = None,
) -> dict[str, Counts]:
    """Count token-level matches on IO labels per type: the paper's metric.

    Each token's label is the type of the span covering it, or O. Per token: gold X and
    predicted X is a true positive of X; gold X and predicted Y != X is a false negative of X
    and, when Y is not O, a false positive of Y; gold O and predicted Y is a false positive of
    Y. O is never a class, so tokens that are O in both count nowhere. Boundaries do not
    matter: two adjacent PER names predicted as one still score every token.

    Args:
        gold: Gold spans of one sentence (non-overlapping).
        pred: Predicted spans of the same sentence (non-overlapping).
        length: Number of tokens of the sentence.
        types: As in :func:`entity_counts`: the scored types, spans of others ignored
            (their tokens count as O).

    Returns:
        Counts per type, in token units.

    Raises:
        ScoreError: A span runs past ``length`` or two spans of one side overlap.

    >>> gold = [Span(0, 2, "PER")]
    >>> pred = [Span(1, 3, "PER")]
    >>> {k: (c.tp, c.fp, c.fn) for k, c in token_io_counts(gold, pred, 4).items()}
    {'PER': (1, 1, 1)}
    """
    keep = _type_set(types)
    gold_labels = io_labels(_keep(gold, keep), length, what="gold")
    pred_labels = io_labels(_keep(pred, keep), length, what="predicted")
    tally = _new_tally(types)
    for g, p in zip(gold_labels, pred_labels, strict=True):
        if g == p:
            if g is not None:
                row = tally.get(g)
                if row is None:
                    row = tally[g] = [0, 0, 0]
                row[0] += 1
            continue
        if g is not None:
            row = tally.get(g)
            if row is None:
                row = tally[g] = [0, 0, 0]
            row[2] += 1
        if p is not None:
            row = tally.get(p)
            if row is None:
                row = tally[p] = [0, 0, 0]
            row[1] += 1
    return _finish(tally, types)


def target_recall(targets: Sequence[Span], pred: Sequence[Span]) -> Counts:
    """Count which target spans were predicted exactly: switched-entity recall.

    Args:
        targets: The spans whose recall is wanted, e.g. the replaced entities of a variant
            sentence (``Replacement.new_start``/``new_end``/``label``).
        pred: Predicted spans of the same sentence.

    Returns:
        ``tp`` = targets predicted with the same start, end and type; ``fn`` = the other
        targets; ``fp`` = 0 (predictions outside the targets are not this metric's concern).

    >>> target_recall([Span(0, 2, "PER"), Span(5, 6, "PER")], [Span(0, 2, "PER")]).recall
    0.5
    """
    predicted = set(pred)
    tp = sum(1 for span in targets if span in predicted)
    return Counts(tp, 0, len(targets) - tp)


def total(per_type: Mapping[str, Counts]) -> Counts:
    """Return the micro sum of per-type counts (overall conlleval figures)."""
    return sum(per_type.values(), Counts())


def sum_per_type(parts: Iterable[Mapping[str, Counts]]) -> dict[str, Counts]:
    """Add per-type counts of many sentences (or documents, variants) type by type.

    Types keep the order in which they first appear.

    >>> a = {"PER": Counts(1, 0, 0)}
    >>> b = {"PER": Counts(0, 1, 0), "LOC": Counts(0, 0, 1)}
    >>> sum_per_type([a, b])
    {'PER': Counts(tp=1, fp=1, fn=0), 'LOC': Counts(tp=0, fp=0, fn=1)}
    """
    out: dict[str, Counts] = {}
    for part in parts:
        for label, counts in part.items():
            previous = out.get(label)
            out[label] = counts if previous is None else previous + counts
    return out
