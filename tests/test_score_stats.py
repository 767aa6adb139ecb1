"""Score statistics: t quantiles and intervals, Holm correction, paired bootstrap."""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
import pytest

from switcher.errors import ScoreError
from switcher.score import (
    BootstrapResult,
    Counts,
    Interval,
    holm,
    mean_interval,
    metric_from_counts,
    paired_bootstrap,
    student_t_quantile,
)

# --- Student t quantile ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("probability", "df", "expected", "tolerance"),
    [
        # closed forms: df=1 is Cauchy, df=2 has t = (2p - 1) / sqrt(2p(1 - p))
        (0.975, 1, math.tan(math.pi * 0.475), 1e-10),
        (0.9, 1, math.tan(math.pi * 0.4), 1e-10),
        (0.975, 2, 0.95 / math.sqrt(2 * 0.975 * 0.025), 1e-10),
        (0.995, 2, 0.99 / math.sqrt(2 * 0.995 * 0.005), 1e-10),
        # printed t tables (three decimals)
        (0.975, 4, 2.776, 5e-4),
        (0.975, 19, 2.093, 5e-4),
        (0.95, 10, 1.812, 5e-4),
        (0.995, 30, 2.750, 5e-4),
        (0.975, 120, 1.980, 5e-4),
        # very large df: the normal quantile
        (0.975, 1e9, 1.959964, 1e-6),
        # symmetry and the median
        (0.025, 4, -2.776, 5e-4),
        (0.5, 7, 0.0, 0.0),
    ],
)
def test_student_t_quantile_known_values(
    probability: float, df: float, expected: float, tolerance: float
) -> None:
    assert student_t_quantile(probability, df) == pytest.approx(expected, abs=tolerance)


def test_student_t_quantile_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for probability in (0.6, 0.9, 0.95, 0.975, 0.995, 0.9995):
        for df in (0.5, 1, 2, 3, 4.5, 9, 19, 30, 99, 1000):
            expected = stats.t.ppf(probability, df)
            assert student_t_quantile(probability, df) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize(
    ("probability", "df", "message"),
    [
        (0.0, 5, r"probability must be between 0 and 1 \(exclusive\), got 0\.0"),
        (1.0, 5, r"probability must be between 0 and 1 \(exclusive\), got 1\.0"),
        (0.9, 0, r"degrees of freedom must be a positive finite number, got 0"),
        (0.9, math.inf, r"degrees of freedom must be a positive finite number, got inf"),
    ],
)
def test_student_t_quantile_rejects_bad_arguments(
    probability: float, df: float, message: str
) -> None:
    with pytest.raises(ScoreError, match=message):
        student_t_quantile(probability, df)


# --- mean_interval -----------------------------------------------------------------------

_T_975_4 = 2.7764451051977987  # t(0.975, 4)
_T_975_1 = 12.706204736174698  # t(0.975, 1)
_T_95_4 = 2.1318467863266504  # t(0.95, 4)


@pytest.mark.parametrize(
    ("values", "confidence", "mean", "std", "half_width"),
    [
        ([1, 2, 3, 4, 5], 0.95, 3.0, 1.5811388300841898, _T_975_4 * 1.5811388300841898 / 5**0.5),
        ([1, 2, 3, 4, 5], 0.90, 3.0, 1.5811388300841898, _T_95_4 * 1.5811388300841898 / 5**0.5),
        ([0.0, 1.0], 0.95, 0.5, 0.7071067811865476, _T_975_1 * 0.5),
        ([0.8, 0.8, 0.8], 0.95, 0.8, 0.0, 0.0),
        ([0.7], 0.95, 0.7, 0.0, 0.0),  # n=1: no spread, low = high = mean
    ],
)
def test_mean_interval_known_values(
    values: list[float], confidence: float, mean: float, std: float, half_width: float
) -> None:
    interval = mean_interval(values, confidence)
    assert interval.n == len(values)
    assert interval.confidence == confidence
    assert interval.mean == pytest.approx(mean, abs=1e-12)
    assert interval.std == pytest.approx(std, abs=1e-12)
    assert interval.low == pytest.approx(mean - half_width, abs=1e-9)
    assert interval.high == pytest.approx(mean + half_width, abs=1e-9)
    assert interval.half_width == pytest.approx(half_width, abs=1e-9)


def test_mean_interval_single_value_is_exact() -> None:
    assert mean_interval([0.25]) == Interval(0.25, 0.0, 0.25, 0.25, 1, 0.95)


@pytest.mark.parametrize(
    ("values", "confidence", "message"),
    [
        ([], 0.95, r"mean_interval needs at least one value, got none"),
        ([1.0, float("nan")], 0.95, r"mean_interval needs finite values, got nan"),
        ([1.0, 2.0], 1.0, r"confidence must be between 0 and 1 \(exclusive\), got 1\.0"),
        ([1.0, 2.0], 95, r"confidence must be between 0 and 1 \(exclusive\), got 95"),
    ],
)
def test_mean_interval_rejects_bad_input(
    values: list[float], confidence: float, message: str
) -> None:
    with pytest.raises(ScoreError, match=message):
        mean_interval(values, confidence)


# --- holm --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("p_values", "expected"),
    [
        # Wikipedia's Holm–Bonferroni example: H1..H4 with p = 0.01, 0.04, 0.03, 0.005
        # (alpha 0.05 rejects H1 and H4 only).
        ([0.01, 0.04, 0.03, 0.005], [0.03, 0.06, 0.06, 0.02]),
        # R: p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "holm")
        ([0.01, 0.02, 0.03, 0.04, 0.05], [0.05, 0.08, 0.09, 0.09, 0.09]),
        # capped at 1, and monotone in sorted order
        ([0.5, 0.6], [1.0, 1.0]),
        ([0.2, 0.9, 0.01], [0.4, 0.9, 0.03]),
        # ties keep equal values
        ([0.02, 0.02, 0.5], [0.06, 0.06, 0.5]),
        ([0.3], [0.3]),
        ([], []),
    ],
)
def test_holm_table(p_values: list[float], expected: list[float]) -> None:
    assert holm(p_values) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("bad", [1.5, -0.1, float("nan")])
def test_holm_rejects_values_outside_0_1(bad: float) -> None:
    with pytest.raises(ScoreError, match=r"p-values must be in \[0, 1\], got"):
        holm([0.1, bad])


# --- paired_bootstrap --------------------------------------------------------------------


def _documents(seed: int, n: int = 231) -> tuple[np.ndarray, np.ndarray]:
    """Per-document (tp, fp, fn) of a strong system a and a weaker system b on the same docs."""
    rng = np.random.default_rng(seed)
    gold = rng.integers(5, 40, size=n)
    tp_a = rng.binomial(gold, 0.92)
    tp_b = rng.binomial(gold, 0.75)
    a = np.stack([tp_a, rng.poisson(1.0, size=n), gold - tp_a], axis=1)
    b = np.stack([tp_b, rng.poisson(3.0, size=n), gold - tp_b], axis=1)
    return a, b


def test_paired_bootstrap_identical_inputs() -> None:
    a, _ = _documents(0)
    result = paired_bootstrap(a, a.copy(), rng=3)
    assert result == BootstrapResult(0.0, 0.0, 0.0, 1.0, 1000, "f1", 0.95)


@pytest.mark.parametrize("metric", ["f1", "precision", "recall"])
def test_paired_bootstrap_clearly_better_system(metric: str) -> None:
    a, b = _documents(1)
    result = paired_bootstrap(a, b, metric=metric, n_resamples=1000, rng=0)
    full_a, full_b = Counts.from_array(a.sum(axis=0)), Counts.from_array(b.sum(axis=0))
    assert result.difference == pytest.approx(
        getattr(full_a, metric) - getattr(full_b, metric), abs=1e-12
    )
    assert result.difference > 0
    assert 0 < result.low <= result.difference <= result.high
    # No resample comes as far from d as d is from 0: the smallest p-value, 1 / (R + 1).
    assert result.p_value == pytest.approx(1 / 1001)
    # Swapping the systems flips the sign and keeps the p-value.
    swapped = paired_bootstrap(b, a, metric=metric, n_resamples=1000, rng=0)
    assert swapped.difference == pytest.approx(-result.difference)
    assert (swapped.low, swapped.high) == pytest.approx((-result.high, -result.low))
    assert swapped.p_value == result.p_value


def test_paired_bootstrap_small_noisy_gap_is_not_significant() -> None:
    a, _ = _documents(2, n=40)
    b = a.copy()
    b[0] = [a[0, 0] - 1, a[0, 1] + 1, a[0, 2] + 1]  # one error more in one document
    result = paired_bootstrap(a, b, rng=0)
    assert result.difference > 0
    assert result.p_value > 0.5
    assert result.low <= 0.0 <= result.high


def test_paired_bootstrap_matches_a_plain_loop() -> None:
    """The vectorised resampling equals resampling document lists one by one."""
    a, b = _documents(3, n=25)
    resamples = 50
    result = paired_bootstrap(a, b, n_resamples=resamples, rng=11)
    drawn = np.random.default_rng(11).integers(0, 25, size=(resamples, 25))
    differences = []
    for row in drawn:
        sum_a = sum((Counts.from_array(a[i]) for i in row), Counts())
        sum_b = sum((Counts.from_array(b[i]) for i in row), Counts())
        differences.append(sum_a.f1 - sum_b.f1)
    low, high = np.quantile(differences, [0.025, 0.975])
    assert (result.low, result.high) == pytest.approx((low, high), abs=1e-12)
    observed = result.difference
    extreme = sum(abs(d - observed) >= abs(observed) - 1e-12 for d in differences)
    assert result.p_value == pytest.approx((1 + extreme) / (1 + resamples))


def test_paired_bootstrap_is_reproducible_and_leaves_global_state_alone() -> None:
    a, b = _documents(4, n=60)
    a = a.copy()
    a[:, 1] += 2  # make the gap small enough for the p-value to vary with the seed
    np.random.seed(123)
    state = np.random.get_state()[1].copy()
    first = paired_bootstrap(a, b, rng=7)
    assert paired_bootstrap(a, b, rng=7) == first
    assert paired_bootstrap(a, b, rng=np.random.default_rng(7)) == first
    assert paired_bootstrap(a, b, rng=8) != first
    assert np.array_equal(np.random.get_state()[1], state)
    generator = np.random.default_rng(5)
    once = paired_bootstrap(a, b, rng=generator)
    again = paired_bootstrap(a, b, rng=generator)  # the generator's state has advanced
    assert (once.low, once.high) != (again.low, again.high)


def test_paired_bootstrap_is_fast() -> None:
    a, b = _documents(5)
    paired_bootstrap(a, b)  # warm up numpy
    start = time.perf_counter()
    paired_bootstrap(a, b, n_resamples=1000)
    assert time.perf_counter() - start < 0.5


def test_paired_bootstrap_handles_documents_without_entities() -> None:
    a = np.array([[0, 0, 0], [3, 0, 1], [0, 0, 0]])
    b = np.array([[0, 1, 0], [2, 0, 2], [0, 0, 0]])
    result = paired_bootstrap(a, b, metric="recall", n_resamples=200, rng=0)
    assert result.difference == pytest.approx(0.75 - 0.5)
    assert np.isfinite([result.low, result.high]).all()


@pytest.mark.parametrize(
    ("a", "b", "kwargs", "message"),
    [
        (np.zeros(3), np.zeros(3), {}, r"a has shape \(3,\), expected \(n_documents, 3\)"),
        (
            np.zeros((4, 3)),
            np.zeros((4, 2)),
            {},
            r"b has shape \(4, 2\), expected \(n_documents, 3\) with columns \(tp, fp, fn\)",
        ),
        (
            np.zeros((4, 3)),
            np.zeros((5, 3)),
            {},
            r"a has shape \(4, 3\) but b has \(5, 3\); both need one row per document",
        ),
        (np.zeros((0, 3)), np.zeros((0, 3)), {}, r"no documents \(arrays have 0 rows\)"),
        (-np.ones((2, 3)), np.ones((2, 3)), {}, r"a must hold finite counts >= 0"),
        (np.ones((2, 3)), np.full((2, 3), np.nan), {}, r"b must hold finite counts >= 0"),
        (np.array([["x"] * 3]), np.ones((1, 3)), {}, r"a must hold numbers, got dtype <U1"),
        (np.ones((2, 3)), np.ones((2, 3)), {"metric": "f2"}, r"unknown metric 'f2'; expected"),
        (np.ones((2, 3)), np.ones((2, 3)), {"n_resamples": 0}, r"n_resamples must be >= 1"),
        (np.ones((2, 3)), np.ones((2, 3)), {"n_resamples": 1.5}, r"must be an integer"),
        (np.ones((2, 3)), np.ones((2, 3)), {"confidence": 1.5}, r"confidence must be between"),
        (np.ones((2, 3)), np.ones((2, 3)), {"rng": "seed"}, r"rng must be a numpy Generator"),
    ],
)
def test_paired_bootstrap_rejects_bad_input(
    a: np.ndarray, b: np.ndarray, kwargs: dict[str, Any], message: str
) -> None:
    # ScoreError is a ValueError, so callers may catch either.
    with pytest.raises(ValueError, match=message) as caught:
        paired_bootstrap(a, b, **kwargs)
    assert isinstance(caught.value, ScoreError)


def test_metric_from_counts_equals_counts_properties() -> None:
    rows = np.array([[3, 1, 2], [0, 0, 0], [0, 4, 0], [0, 0, 5], [7, 0, 0], [17, 16, 14]])
    for metric in ("f1", "precision", "recall"):
        values = metric_from_counts(rows, metric)
        assert values.tolist() == [getattr(Counts.from_array(row), metric) for row in rows]
    with pytest.raises(ScoreError, match=r"unknown metric 'accuracy'"):
        metric_from_counts(rows, "accuracy")
