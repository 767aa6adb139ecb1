"""From per-document count matrices to the tables users read: per variant, origin and name.

Inputs are :class:`VariantCounts` — one per (model, mode, origin, variant) — and the original
set's counts per model. Outputs are pandas DataFrames:

- **variants**: one row per model and variant with every metric of
  :func:`switcher.score.sets.vector_metrics`.
- **origins**: one row per scope (each model, and ``family`` when several models form a
  family of seeds), mode and origin: mean, std and a Student-t interval over variants of the
  IO F1 (the paper's metric), PER recall, switched-entity recall, entity F1, IO precision and
  recall; the gap to the original set and to a reference origin (default ``us``), each from a
  paired bootstrap over documents with Holm-adjusted p-values across origins; for a family the
  seed spread (max - min over models of the origin mean) and whether the gap to the reference
  is smaller than it.
- **names**: one row per mode, origin and variant (the name, in PER-only mode) with the family
  mean of IO F1, PER recall and switched recall, their seed spread, and the rank of the name
  inside its origin.

The bootstrap pools an origin's variants (and a family's models): its unit is the document
with all its variants, so its interval reflects which documents the test set happens to
hold; the between-variant interval reflects which names the origin's list happens to hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from switcher.score.sets import CountLayout, metric_counts, vector_metrics
from switcher.score.stats import holm, mean_interval, paired_bootstrap

FAMILY = "family"
#: Metrics summarised per origin: column name -> (bootstrap counts, bootstrap metric).
SUMMARY_METRICS: dict[str, tuple[str, str]] = {
    "io_f1": ("io", "f1"),
    "recall_PER": ("recall_PER", "recall"),
    "switched_recall": ("switched", "recall"),
    "entity_f1": ("entity", "f1"),
    "io_precision": ("io", "precision"),
    "io_recall": ("io", "recall"),
}
#: Metrics tested against the original set and the reference origin.
TESTED_METRICS: tuple[str, ...] = ("io_f1", "recall_PER")


@dataclass
class VariantCounts:
    """The per-document counts of one model on one variant.

    Args:
        model: Model label.
        mode: ``per``, ``full`` (or ``original``).
        origin: Origin id.
        variant: Variant index.
        name: Variant name (the replacement name in PER-only mode).
        documents: Count matrix, one row per document (see :class:`CountLayout`).
    """

    model: str
    mode: str
    origin: str
    variant: int
    name: str
    documents: np.ndarray


def variant_table(layout: CountLayout, results: Sequence[VariantCounts]) -> pd.DataFrame:
    """One row per model and variant with every metric."""
    rows = []
    for r in results:
        metrics = vector_metrics(layout, r.documents.sum(axis=0))
        rows.append(
            {
                "model": r.model,
                "mode": r.mode,
                "origin": r.origin,
                "variant": r.variant,
                "name": r.name,
                **metrics,
            }
        )
    return pd.DataFrame(rows)


def origin_table(
    layout: CountLayout,
    results: Sequence[VariantCounts],
    original: Mapping[str, np.ndarray],
    *,
    reference: str | None = "us",
    n_resamples: int = 10000,
    confidence: float = 0.95,
    seed: int = 0,
) -> pd.DataFrame:
    """Summarise every origin per model and per family; see the module docstring."""
    variants = variant_table(layout, results)
    models = list(dict.fromkeys(r.model for r in results))
    scopes = [[m] for m in models]
    if len(models) > 1:
        scopes.append(models)
    available = [c for c in SUMMARY_METRICS if c in variants.columns]
    rows = []
    for scope in scopes:
        label = scope[0] if len(scope) == 1 else FAMILY
        subset = variants[variants["model"].isin(scope)]
        for (mode, origin), group in subset.groupby(["mode", "origin"], sort=False):
            per_variant = group.groupby("variant")[available].mean(numeric_only=True)
            row: dict[str, object] = {
                "scope": label,
                "mode": mode,
                "origin": origin,
                "variants": len(per_variant),
                "models": len(scope),
            }
            for column in available:
                values = per_variant[column].dropna().to_numpy()
                if len(values) == 0:
                    continue
                interval = mean_interval(values, confidence)
                row[f"{column}_mean"] = interval.mean
                row[f"{column}_std"] = interval.std
                row[f"{column}_low"] = interval.low
                row[f"{column}_high"] = interval.high
                if len(scope) > 1:
                    per_model = group.groupby("model")[column].mean()
                    row[f"{column}_seed_spread"] = float(per_model.max() - per_model.min())
            rows.append(row)
    table = pd.DataFrame(rows)
    if table.empty:
        return table
    _add_tests(layout, table, results, original, reference, n_resamples, confidence, seed)
    return table


def _pooled(
    results: Sequence[VariantCounts], scope: Sequence[str], mode: str, origin: str
) -> np.ndarray:
    matrices = [
        r.documents for r in results if r.model in scope and r.mode == mode and r.origin == origin
    ]
    return np.sum(matrices, axis=0)


def _add_tests(
    layout: CountLayout,
    table: pd.DataFrame,
    results: Sequence[VariantCounts],
    original: Mapping[str, np.ndarray],
    reference: str | None,
    n_resamples: int,
    confidence: float,
    seed: int,
) -> None:
    models = list(dict.fromkeys(r.model for r in results))
    for metric in TESTED_METRICS:
        counts_kind, statistic = SUMMARY_METRICS[metric]
        if (
            counts_kind.startswith("recall_")
            and counts_kind.removeprefix("recall_") not in layout.types
        ):
            continue
        for comparison in ("original", "reference"):
            prefix = f"{metric}_gap_{comparison}"
            for column in ("", "_low", "_high", "_p", "_p_holm"):
                table[prefix + column] = np.nan
            for (scope_label, mode), index in table.groupby(["scope", "mode"]).groups.items():
                scope = models if scope_label == FAMILY else [scope_label]
                p_values = []
                positions = []
                for position in index:
                    origin = table.at[position, "origin"]
                    a = _pooled(results, scope, mode, origin)
                    if comparison == "original":
                        b = np.sum([original[m] for m in scope], axis=0)
                    else:
                        if reference is None or origin == reference:
                            continue
                        if not (
                            (table["scope"] == scope_label)
                            & (table["mode"] == mode)
                            & (table["origin"] == reference)
                        ).any():
                            continue
                        b = _pooled(results, scope, mode, reference)
                    result = paired_bootstrap(
                        metric_counts(layout, a, counts_kind),
                        metric_counts(layout, b, counts_kind),
                        metric=statistic,
                        n_resamples=n_resamples,
                        confidence=confidence,
                        rng=seed,
                    )
                    table.at[position, prefix] = result.difference
                    table.at[position, prefix + "_low"] = result.low
                    table.at[position, prefix + "_high"] = result.high
                    table.at[position, prefix + "_p"] = result.p_value
                    p_values.append(result.p_value)
                    positions.append(position)
                for position, adjusted in zip(positions, holm(p_values), strict=True):
                    table.at[position, prefix + "_p_holm"] = adjusted
        spread = f"{metric}_seed_spread"
        if spread in table.columns:
            gap = table[f"{metric}_gap_reference"].abs()
            table[f"{metric}_gap_within_seed_spread"] = np.where(
                table[spread].notna() & gap.notna(), gap < table[spread], None
            )


def name_table(variants: pd.DataFrame) -> pd.DataFrame:
    """One row per mode, origin and variant: family means, seed spread and rank by IO F1."""
    columns = [c for c in ("io_f1", "recall_PER", "switched_recall") if c in variants.columns]
    grouped = variants.groupby(["mode", "origin", "variant", "name"], sort=False)[columns]
    table = grouped.mean().reset_index()
    if variants["model"].nunique() > 1:
        spread = grouped.max() - grouped.min()
        for column in columns:
            table[f"{column}_seed_spread"] = spread[column].to_numpy()
    table["rank"] = (
        table.groupby(["mode", "origin"])["io_f1"].rank(ascending=False, method="first").astype(int)
    )
    return table.sort_values(["mode", "origin", "rank"]).reset_index(drop=True)
