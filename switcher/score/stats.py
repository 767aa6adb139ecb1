"""Statistics over scores: t-intervals over variants, paired bootstrap, Holm correction.

Choices (METHOD.md §6):

* :func:`mean_interval` gives the Student-t interval of the mean over the V variants of an
  origin. The t quantile is computed here (:func:`student_t_quantile`, bisection on the
  regularised incomplete beta function), so results do not depend on whether scipy is
  installed; it agrees with ``scipy.stats.t.ppf`` to a relative 1e-9 (df up to 1000,
  tested) and 1e-8 (df up to 1e7; beyond, the normal quantile).
* :func:`paired_bootstrap` resamples documents with replacement, the same documents for both
  systems, and recomputes a micro metric from the summed counts. Its p-value is two-sided,
  from the bootstrap distribution shifted to the null of no difference (Berg-Kirkpatrick et
  al. 2012; Efron and Tibshirani 1993, §16.4): with observed difference ``d`` and resampled
  differences ``d*``, ``p = (1 + #{|d* - d| >= |d|}) / (1 + R)``. The ``+1`` (Davison and
  Hinkley 1997) keeps it above 0, so it can go into :func:`holm` as is.
* :func:`holm` is the Holm–Bonferroni step-down adjustment across origins.

Nothing here touches global random state: the bootstrap takes its generator or seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

import numpy as np

from switcher.errors import ScoreError

#: Metrics :func:`paired_bootstrap` can compute from ``(tp, fp, fn)`` counts.
BOOTSTRAP_METRICS: tuple[str, ...] = ("f1", "precision", "recall")

# Resampled documents held in memory at once (resamples x documents), to bound memory.
_CHUNK_CELLS = 4_000_000


def _check_confidence(confidence: float) -> float:
    level = float(confidence)
    if not 0.0 < level < 1.0:
        raise ScoreError(f"confidence must be between 0 and 1 (exclusive), got {confidence!r}")
    return level


# --- Student t quantile ------------------------------------------------------------------


def _beta_fraction(a: float, b: float, x: float) -> float:
    # Continued fraction of the incomplete beta function (modified Lentz; Numerical
    # Recipes §6.4), valid and fast for x < (a + 1) / (a + b + 2).
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-16:
            break
    return h


def _beta_regularized(a: float, b: float, x: float, y: float) -> float:
    # I_x(a, b) with y = 1 - x passed separately so that x close to 1 keeps its precision.
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(y)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, y) / b


def _t_upper_tail(t: float, df: float) -> float:
    # P(T > t) for t >= 0: I_{df/(df+t^2)}(df/2, 1/2) / 2.
    denominator = df + t * t
    return 0.5 * _beta_regularized(df / 2.0, 0.5, df / denominator, t * t / denominator)


@lru_cache(maxsize=1024)
def student_t_quantile(probability: float, df: float) -> float:
    """Return the ``probability`` quantile of Student's t distribution with ``df`` degrees.

    Computed by bisection on the exact distribution function (regularised incomplete beta),
    without scipy; ``df`` above 1e7 uses the normal quantile.

    Args:
        probability: Lower-tail probability, strictly between 0 and 1.
        df: Degrees of freedom, > 0.

    Raises:
        ScoreError: ``probability`` or ``df`` out of range.

    >>> round(student_t_quantile(0.975, 4), 4)
    2.7764
    >>> round(student_t_quantile(0.975, 1), 4)
    12.7062
    """
    if not 0.0 < probability < 1.0:
        raise ScoreError(f"probability must be between 0 and 1 (exclusive), got {probability!r}")
    if not df > 0 or math.isinf(df):
        raise ScoreError(f"degrees of freedom must be a positive finite number, got {df!r}")
    if probability == 0.5:
        return 0.0
    if probability < 0.5:
        return -student_t_quantile(1.0 - probability, df)
    if df > 1e7:
        return NormalDist().inv_cdf(probability)
    tail = 1.0 - probability
    low, high = 0.0, 1.0
    while _t_upper_tail(high, df) > tail:
        low, high = high, high * 2.0
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if _t_upper_tail(middle, df) > tail:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)


# --- Interval over variants --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interval:
    """Mean of some values with their spread and a confidence interval of the mean.

    Args:
        mean: Arithmetic mean.
        std: Sample standard deviation (``ddof=1``); 0.0 for a single value.
        low: Lower end of the interval.
        high: Upper end of the interval.
        n: Number of values.
        confidence: Confidence level of ``[low, high]``.
    """

    mean: float
    std: float
    low: float
    high: float
    n: int
    confidence: float = 0.95

    @property
    def half_width(self) -> float:
        """Half the width of the interval (the ``±`` part)."""
        return (self.high - self.low) / 2.0


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """Return the mean of ``values`` with its Student-t confidence interval.

    ``mean ± t(1 - (1 - confidence) / 2, n - 1) · std / sqrt(n)``, the usual interval for the
    mean of a metric over the V variants of an origin. One value gives ``std`` 0 and
    ``low == high == mean`` (there is no spread to estimate).

    Args:
        values: One figure per variant (F1, recall, ...).
        confidence: Level of the interval, e.g. 0.95.

    Raises:
        ScoreError: ``values`` is empty or holds a NaN or infinity, or ``confidence`` is not
            in (0, 1).

    >>> iv = mean_interval([1, 2, 3, 4, 5])
    >>> round(iv.mean, 4), round(iv.std, 4), round(iv.low, 4), round(iv.high, 4)
    (3.0, 1.5811, 1.0368, 4.9632)
    """
    level = _check_confidence(confidence)
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        raise ScoreError("mean_interval needs at least one value, got none")
    bad = [v for v in data if not math.isfinite(v)]
    if bad:
        raise ScoreError(f"mean_interval needs finite values, got {bad[0]!r}")
    mean = math.fsum(data) / n
    if n == 1:
        return Interval(mean, 0.0, mean, mean, 1, level)
    std = math.sqrt(math.fsum((v - mean) ** 2 for v in data) / (n - 1))
    half = student_t_quantile(1.0 - (1.0 - level) / 2.0, n - 1) * std / math.sqrt(n)
    return Interval(mean, std, mean - half, mean + half, n, level)


# --- Paired bootstrap over documents -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class BootstrapResult:
    """Outcome of a paired bootstrap test of ``metric(a) - metric(b)``.

    Args:
        difference: ``metric(a) - metric(b)`` on the full data.
        low: Lower percentile bound of the difference.
        high: Upper percentile bound of the difference.
        p_value: Two-sided p-value of "no difference" (shift method, see module docs).
        n_resamples: Number of bootstrap resamples.
        metric: The metric compared (``f1``, ``precision`` or ``recall``).
        confidence: Level of ``[low, high]``.
    """

    difference: float
    low: float
    high: float
    p_value: float
    n_resamples: int
    metric: str = "f1"
    confidence: float = 0.95


def _check_counts(name: str, array: np.ndarray) -> np.ndarray:
    values = np.asarray(array)
    if values.ndim != 2 or values.shape[1] != 3:
        raise ScoreError(
            f"paired_bootstrap: {name} has shape {values.shape}, expected (n_documents, 3) "
            "with columns (tp, fp, fn)"
        )
    if not (np.issubdtype(values.dtype, np.integer) or np.issubdtype(values.dtype, np.floating)):
        raise ScoreError(f"paired_bootstrap: {name} must hold numbers, got dtype {values.dtype}")
    values = values.astype(np.float64)
    if not np.isfinite(values).all() or (values < 0).any():
        raise ScoreError(f"paired_bootstrap: {name} must hold finite counts >= 0")
    return values


def metric_from_counts(counts: np.ndarray, metric: str = "f1") -> np.ndarray:
    """Compute a micro metric from ``(..., 3)`` arrays of ``(tp, fp, fn)``, vectorised.

    Undefined values (zero denominator) are 0.0, as in :class:`~switcher.score.Counts`.

    Raises:
        ScoreError: ``metric`` is not one of :data:`BOOTSTRAP_METRICS`.
    """
    if metric not in BOOTSTRAP_METRICS:
        raise ScoreError(
            f"unknown metric {metric!r}; expected one of {', '.join(BOOTSTRAP_METRICS)}"
        )
    values = np.asarray(counts, dtype=np.float64)
    tp, fp, fn = values[..., 0], values[..., 1], values[..., 2]
    if metric == "precision":
        return _safe_divide(tp, tp + fp)
    if metric == "recall":
        return _safe_divide(tp, tp + fn)
    # 2PR / (P + R), the same arithmetic as Counts.f1.
    precision, recall = _safe_divide(tp, tp + fp), _safe_divide(tp, tp + fn)
    return _safe_divide(2.0 * precision * recall, precision + recall)


def _safe_divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    out = np.zeros(np.shape(numerator), dtype=np.float64)
    np.divide(numerator, denominator, out=out, where=denominator > 0)
    return out


def paired_bootstrap(
    a: np.ndarray,
    b: np.ndarray,
    *,
    metric: str = "f1",
    n_resamples: int = 1000,
    confidence: float = 0.95,
    rng: np.random.Generator | int = 0,
) -> BootstrapResult:
    """Test whether system/set ``a`` scores differently from ``b`` by a paired bootstrap.

    Documents are drawn with replacement, the same indices for ``a`` and ``b``; each
    resample's metric is computed micro from its summed counts. The interval is the
    percentile interval of the resampled differences; the p-value is two-sided by the shift
    method (module docs).

    Args:
        a: Counts per document of shape ``(n_documents, 3)``, columns ``(tp, fp, fn)``,
            summed over everything scored for that document (e.g. all variants of an origin).
        b: The same for the system or set compared with, document by document.
        metric: ``"f1"``, ``"precision"`` or ``"recall"``.
        n_resamples: Number of bootstrap resamples (>= 1).
        confidence: Level of the interval of the difference.
        rng: A numpy generator (its state advances) or an integer seed.

    Returns:
        The observed difference, its interval, the p-value and the settings used.

    Raises:
        ScoreError: (a ``ValueError``) the arrays are not ``(n, 3)`` of the same shape with at
            least one document and finite non-negative counts, or an argument is out of range.

    >>> a = np.array([[5, 0, 0], [4, 1, 0], [6, 0, 1]])
    >>> result = paired_bootstrap(a, a, n_resamples=200, rng=1)
    >>> result.difference, result.p_value
    (0.0, 1.0)
    """
    a_counts = _check_counts("a", a)
    b_counts = _check_counts("b", b)
    if a_counts.shape != b_counts.shape:
        raise ScoreError(
            f"paired_bootstrap: a has shape {a_counts.shape} but b has {b_counts.shape}; "
            "both need one row per document, the same documents in the same order"
        )
    n = a_counts.shape[0]
    if n == 0:
        raise ScoreError("paired_bootstrap: no documents (arrays have 0 rows)")
    if metric not in BOOTSTRAP_METRICS:
        raise ScoreError(
            f"unknown metric {metric!r}; expected one of {', '.join(BOOTSTRAP_METRICS)}"
        )
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)):
        raise ScoreError(f"n_resamples must be an integer, got {n_resamples!r}")
    if n_resamples < 1:
        raise ScoreError(f"n_resamples must be >= 1, got {n_resamples}")
    level = _check_confidence(confidence)
    if isinstance(rng, np.random.Generator):
        generator = rng
    elif isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        generator = np.random.default_rng(int(rng))
    else:
        raise ScoreError(f"rng must be a numpy Generator or an integer seed, got {rng!r}")

    observed = float(
        metric_from_counts(a_counts.sum(axis=0), metric)
        - metric_from_counts(b_counts.sum(axis=0), metric)
    )
    differences = np.empty(int(n_resamples), dtype=np.float64)
    chunk = max(1, _CHUNK_CELLS // n)
    for start in range(0, int(n_resamples), chunk):
        rows = min(chunk, int(n_resamples) - start)
        drawn = generator.integers(0, n, size=(rows, n))
        # Multiplicity of each document in each resample, then one matrix product per side.
        offsets = (np.arange(rows) * n)[:, None]
        weights = np.bincount((drawn + offsets).ravel(), minlength=rows * n).reshape(rows, n)
        weights = weights.astype(np.float64)
        differences[start : start + rows] = metric_from_counts(
            weights @ a_counts, metric
        ) - metric_from_counts(weights @ b_counts, metric)

    tail = (1.0 - level) / 2.0
    low, high = np.quantile(differences, [tail, 1.0 - tail])
    # Shift method: how often a resampled difference lies as far from the observed one as the
    # observed one lies from 0. The tolerance absorbs float noise when both are equal.
    extreme = np.abs(differences - observed) >= abs(observed) - 1e-12
    p_value = (1.0 + float(np.count_nonzero(extreme))) / (1.0 + n_resamples)
    return BootstrapResult(
        difference=observed,
        low=float(low),
        high=float(high),
        p_value=p_value,
        n_resamples=int(n_resamples),
        metric=metric,
        confidence=level,
    )


# --- Multiple comparisons ----------------------------------------------------------------


def holm(p_values: Sequence[float]) -> list[float]:
    """Return Holm–Bonferroni adjusted p-values, in the order given.

    With ``m`` p-values sorted ascending, the ``i``-th (from 1) becomes
    ``max over j <= i of min(1, (m - j + 1) · p_(j))``: monotone in the sorted order and
    capped at 1. Rejecting where the adjusted value is ``<= alpha`` controls the
    family-wise error rate at ``alpha``.

    Raises:
        ScoreError: A p-value is not a number in [0, 1].

    >>> holm([0.01, 0.04, 0.03, 0.005])
    [0.03, 0.06, 0.06, 0.02]
    """
    values = [float(p) for p in p_values]
    for p in values:
        if not 0.0 <= p <= 1.0:  # also rejects NaN
            raise ScoreError(f"p-values must be in [0, 1], got {p!r}")
    m = len(values)
    order = sorted(range(m), key=values.__getitem__)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * values[index]))
        adjusted[index] = running
    return adjusted
