"""Counts of a whole test-set variant, kept per sentence and per document as integer vectors.

Every sentence is scored once into a fixed-width vector (:class:`CountLayout`): per entity
type the exact-span entity counts (tp, fp, fn), the paper's IO token counts (tp, fp, fn) and
the switched-entity counts (tp, fn). Vectors add, so a variant is the original set's matrix
with the rows of its changed sentences swapped, and a document's counts are a row sum; the
bootstrap resamples documents from these matrices.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from switcher.corpus import Span, order_types
from switcher.score.metrics import entity_counts, target_recall, token_io_counts

ENTITY, TOKEN, SWITCHED = "entity", "token", "switched"


@dataclass(frozen=True)
class CountLayout:
    """Positions of the counts of each entity type in a count vector.

    Args:
        types: The entity types scored, in order (types a model cannot predict are left
            out by the caller).
    """

    types: tuple[str, ...]

    @property
    def size(self) -> int:
        """Width of a count vector: 3 + 3 + 2 per type."""
        return 8 * len(self.types)

    def entity(self, label: str) -> slice:
        """Slice of the (tp, fp, fn) entity counts of ``label``."""
        i = self.types.index(label)
        return slice(3 * i, 3 * i + 3)

    def token(self, label: str) -> slice:
        """Slice of the (tp, fp, fn) IO token counts of ``label``."""
        i = self.types.index(label)
        base = 3 * len(self.types)
        return slice(base + 3 * i, base + 3 * i + 3)

    def switched(self, label: str) -> slice:
        """Slice of the (tp, fn) switched-entity counts of ``label``."""
        i = self.types.index(label)
        base = 6 * len(self.types)
        return slice(base + 2 * i, base + 2 * i + 2)


def count_layout(dataset_types: Iterable[str], predictable: Collection[str] | None) -> CountLayout:
    """Return the layout for the types of a set that a model can predict (all when ``None``)."""
    types = [t for t in dataset_types if predictable is None or t in predictable]
    return CountLayout(order_types(types))


def sentence_vector(
    layout: CountLayout,
    gold: Sequence[Span],
    pred: Sequence[Span],
    length: int,
    targets: Sequence[Span] = (),
) -> np.ndarray:
    """Score one sentence into a count vector of ``layout``.

    Args:
        layout: The vector layout.
        gold: Gold spans.
        pred: Predicted spans (already in the set's types).
        length: Number of tokens.
        targets: Gold spans that were switched (for switched-entity recall).
    """
    vector = np.zeros(layout.size, dtype=np.int64)
    types = layout.types
    for label, counts in entity_counts(gold, pred, types=types).items():
        vector[layout.entity(label)] = (counts.tp, counts.fp, counts.fn)
    for label, counts in token_io_counts(gold, pred, length, types=types).items():
        vector[layout.token(label)] = (counts.tp, counts.fp, counts.fn)
    if targets:
        by_label: dict[str, list[Span]] = {}
        for span in targets:
            if span.label in types:
                by_label.setdefault(span.label, []).append(span)
        for label, spans in by_label.items():
            counts = target_recall(spans, pred)
            vector[layout.switched(label)] = (counts.tp, counts.fn)
    return vector


def _prf(tp: float, fp: float, fn: float) -> tuple[float, float, float]:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def vector_metrics(layout: CountLayout, vector: np.ndarray) -> dict[str, float]:
    """Turn a summed count vector into named metrics.

    Keys: ``io_precision``, ``io_recall``, ``io_f1`` (the paper's metric, micro over types);
    ``entity_precision``, ``entity_recall``, ``entity_f1`` (exact spans, micro);
    ``entity_f1_<TYPE>`` and ``recall_<TYPE>`` per type; ``switched_recall`` and
    ``switched_<TYPE>`` (recall on switched spans, NaN when nothing was switched);
    ``switched`` (the number of switched spans scored).
    """
    out: dict[str, float] = {}
    ent = np.zeros(3, dtype=np.int64)
    tok = np.zeros(3, dtype=np.int64)
    sw = np.zeros(2, dtype=np.int64)
    for label in layout.types:
        e = vector[layout.entity(label)]
        ent += e
        tok += vector[layout.token(label)]
        s = vector[layout.switched(label)]
        sw += s
        _, recall, f1 = _prf(*e)
        out[f"entity_f1_{label}"] = f1
        out[f"recall_{label}"] = recall
        out[f"switched_{label}"] = s[0] / s.sum() if s.sum() else float("nan")
    out["io_precision"], out["io_recall"], out["io_f1"] = _prf(*tok)
    out["entity_precision"], out["entity_recall"], out["entity_f1"] = _prf(*ent)
    out["switched_recall"] = sw[0] / sw.sum() if sw.sum() else float("nan")
    out["switched"] = float(sw.sum())
    return out


def metric_counts(layout: CountLayout, matrix: np.ndarray, metric: str) -> np.ndarray:
    """Return the (tp, fp, fn) columns behind ``metric`` for every row of ``matrix``.

    ``metric`` is ``io`` (IO token counts, micro), ``entity`` (entity counts, micro),
    ``recall_<TYPE>`` (entity counts of one type) or ``switched`` (switched tp and fn, with
    fp 0). The result feeds :func:`switcher.score.paired_bootstrap`.
    """
    rows = matrix.shape[0]
    out = np.zeros((rows, 3), dtype=np.int64)
    if metric in ("io", "entity"):
        pick = layout.token if metric == "io" else layout.entity
        for label in layout.types:
            out += matrix[:, pick(label)]
    elif metric.startswith("recall_"):
        out += matrix[:, layout.entity(metric.removeprefix("recall_"))]
    elif metric == "switched":
        for label in layout.types:
            s = matrix[:, layout.switched(label)]
            out[:, 0] += s[:, 0]
            out[:, 2] += s[:, 1]
    else:
        raise ValueError(f"unknown metric {metric!r}; expected io, entity, recall_<TYPE>, switched")
    return out


def document_matrix(vectors: np.ndarray, document_ids: np.ndarray, documents: int) -> np.ndarray:
    """Sum sentence vectors (rows) into one row per document."""
    out = np.zeros((documents, vectors.shape[1]), dtype=np.int64)
    np.add.at(out, document_ids, vectors)
    return out
