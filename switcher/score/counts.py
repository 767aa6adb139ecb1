"""True positives, false positives and false negatives, and the scores they give.

Precision, recall and F1 that are undefined (nothing predicted, nothing in gold) are 0.0,
as ``conlleval`` prints them; no warning is raised.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import numpy as np

from switcher.errors import ScoreError


def ratio(numerator: int, denominator: int) -> float:
    """Return ``numerator / denominator``, or 0.0 where ``denominator`` is 0 (conlleval)."""
    return numerator / denominator if denominator else 0.0


@dataclass(frozen=True, slots=True)
class Counts:
    """Counts of one scoring unit (a type, a sentence, a document, a whole set).

    Args:
        tp: True positives: predicted and in gold.
        fp: False positives: predicted, not in gold.
        fn: False negatives: in gold, not predicted.

    Raises:
        ScoreError: A count is negative or not an integer.

    >>> c = Counts(tp=3, fp=1, fn=2)
    >>> round(c.precision, 4), round(c.recall, 4), round(c.f1, 4)
    (0.75, 0.6, 0.6667)
    >>> (c + Counts(1, 0, 0)).tp
    4
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __post_init__(self) -> None:
        tp, fp, fn = self.tp, self.fp, self.fn
        if type(tp) is int and type(fp) is int and type(fn) is int and min(tp, fp, fn) >= 0:
            return
        for name in ("tp", "fp", "fn"):
            value = getattr(self, name)
            if type(value) is not int:
                try:
                    value = operator.index(value)
                except TypeError:
                    raise ScoreError(f"Counts.{name} must be an integer, got {value!r}") from None
                object.__setattr__(self, name, value)
            if value < 0:
                raise ScoreError(f"Counts.{name} must be >= 0, got {value}")

    @property
    def precision(self) -> float:
        """``tp / (tp + fp)``; 0.0 when nothing was predicted."""
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        """``tp / (tp + fn)``; 0.0 when gold has nothing."""
        return ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        """Harmonic mean ``2PR / (P + R)`` of precision and recall; 0.0 when ``tp`` is 0.

        Computed from P and R as conlleval and seqeval do (equal to ``2tp / (2tp + fp + fn)``
        up to rounding), so printed figures round the same way.
        """
        precision, recall = self.precision, self.recall
        total = precision + recall
        return 2.0 * precision * recall / total if total else 0.0

    @property
    def gold(self) -> int:
        """Number of gold items, ``tp + fn``."""
        return self.tp + self.fn

    @property
    def predicted(self) -> int:
        """Number of predicted items, ``tp + fp``."""
        return self.tp + self.fp

    def __add__(self, other: Any) -> Counts:
        if not isinstance(other, Counts):
            return NotImplemented
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    def __radd__(self, other: Any) -> Counts:
        # Lets ``sum(list_of_counts)`` start from the integer 0.
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented

    def as_array(self) -> np.ndarray:
        """Return ``[tp, fp, fn]`` as an ``int64`` array of shape ``(3,)``.

        Stack one row per document to get the input of
        :func:`switcher.score.stats.paired_bootstrap`.
        """
        return np.array([self.tp, self.fp, self.fn], dtype=np.int64)

    @classmethod
    def from_array(cls, values: Any) -> Counts:
        """Build counts from a sequence ``[tp, fp, fn]`` (the inverse of :meth:`as_array`).

        Raises:
            ScoreError: ``values`` does not hold exactly three non-negative integers.
        """
        row = list(np.asarray(values).reshape(-1))
        if len(row) != 3:
            raise ScoreError(f"expected three values (tp, fp, fn), got {len(row)}: {row!r}")
        return cls(*row)
