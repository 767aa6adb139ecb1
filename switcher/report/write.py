"""Write evaluation results: tables as parquet and CSV, a Markdown summary, the run record."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import pandas as pd

from switcher.atomic import atomic_directory

if TYPE_CHECKING:
    from switcher.evaluate import EvaluationResult

TABLES = ("original", "variants", "origins", "names")


def _pct(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{100 * float(value):.1f}"


def _p(value: Any) -> str:
    """``p=0.019`` or ``p<0.001``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "p=–"
    return "p<0.001" if value < 0.001 else f"p={value:.3f}"


def _true(value: Any) -> bool:
    """True for a true flag (Python or numpy bool); False for False, None and NaN."""
    return (
        value is not None and not (isinstance(value, float) and math.isnan(value)) and bool(value)
    )


def _close_pairs(group: pd.DataFrame, metric: str) -> list[str]:
    """Origins next to each other in the ranking by ``metric`` whose means differ by less
    than the larger of their two seed spreads."""
    spread = f"{metric}_seed_spread"
    if f"{metric}_mean" not in group or spread not in group:
        return []
    ordered = group.sort_values(f"{metric}_mean", ascending=False).to_dict("records")
    pairs = []
    for a, b in pairwise(ordered):
        gap = a[f"{metric}_mean"] - b[f"{metric}_mean"]
        limit = max(a[spread], b[spread])
        if gap < limit:
            pairs.append(f"{a['origin']}–{b['origin']} ({100 * gap:.1f} < {100 * limit:.1f})")
    return pairs


def _interval(row: Mapping[str, Any], metric: str) -> str:
    mean = row.get(f"{metric}_mean")
    if mean is None or (isinstance(mean, float) and math.isnan(mean)):
        return "–"
    half = (row[f"{metric}_high"] - row[f"{metric}_low"]) / 2
    return f"{100 * mean:.1f} ± {100 * half:.1f}"


def _gap(row: Mapping[str, Any], metric: str, comparison: str) -> str:
    prefix = f"{metric}_gap_{comparison}"
    value = row.get(prefix)
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    stars = ""
    p = row.get(prefix + "_p_holm")
    if p is not None and not math.isnan(p):
        stars = " *" if p < 0.05 else ""
    low, high = 100 * row[prefix + "_low"], 100 * row[prefix + "_high"]
    return f"{100 * value:+.1f} [{low:+.1f}, {high:+.1f}] {_p(p)}{stars}"


def markdown_summary(
    result: EvaluationResult, provenance: Mapping[str, Any], reference: str | None
) -> str:
    """Return the Markdown summary of an evaluation run."""
    lines = ["# switcher evaluation", ""]
    lines.append(
        f"- sets: `{provenance['input']['source']}`, mode(s) "
        f"{', '.join(sorted({e['mode'] for e in provenance['sets']}))}, seed {provenance['seed']}"
    )
    for info in result.model_info:
        lines.append(
            f"- model: `{info['model']}` ({info['backend']}, label map {info['label_map']}, "
            f"fingerprint `{info['fingerprint'][:16]}`)"
        )
    lines.append(f"- types scored: {', '.join(result.types)}")
    if result.left_out:
        lines.append(f"- left out (the model cannot predict them): {', '.join(result.left_out)}")
    lines.append(
        "- metrics: IO F1 is the paper's token-level micro F1 on IO labels; PER recall is "
        "exact-span recall of PER entities; switched recall is recall on the replaced spans "
        "only. Intervals: mean ± half-width of the 95% Student-t interval over variants. "
        "Gaps: pooled difference with a 95% paired-bootstrap interval over documents; p "
        "Holm-adjusted across origins; * p < 0.05."
    )
    lines.append("")
    lines.append("## Original set")
    lines.append("")
    lines.append("| model | IO P | IO R | IO F1 | entity F1 | PER recall |")
    lines.append("|---|---|---|---|---|---|")
    for _, row in result.original.iterrows():
        lines.append(
            f"| {row['model']} | {_pct(row['io_precision'])} | {_pct(row['io_recall'])} | "
            f"{_pct(row['io_f1'])} | {_pct(row['entity_f1'])} | {_pct(row.get('recall_PER'))} |"
        )
    origins = result.origins
    if not origins.empty:
        scope = "family" if (origins["scope"] == "family").any() else origins["scope"].iloc[0]
        family = scope == "family"
        for mode, group in origins[origins["scope"] == scope].groupby("mode", sort=False):
            lines += ["", f"## Per origin ({mode}, {scope})", ""]
            header = "| origin | IO F1 | PER recall | switched recall | IO F1 gap to original |"
            rule = "|---|---|---|---|---|"
            if reference:
                header += f" IO F1 gap to {reference} | PER recall gap to {reference} |"
                rule += "---|---|"
            if family:
                header += " seed spread (IO F1 / PER recall) |"
                rule += "---|"
            lines += [header, rule]
            ordered = group.sort_values("io_f1_mean", ascending=False)
            for _, row in ordered.iterrows():
                line = (
                    f"| {row['origin']} | {_interval(row, 'io_f1')} | "
                    f"{_interval(row, 'recall_PER')} | {_interval(row, 'switched_recall')} | "
                    f"{_gap(row, 'io_f1', 'original')} |"
                )
                if reference:
                    line += (
                        f" {_gap(row, 'io_f1', 'reference')} | "
                        f"{_gap(row, 'recall_PER', 'reference')} |"
                    )
                if family:
                    within = row.get("io_f1_gap_within_seed_spread")
                    flag = " (gap within seed spread)" if _true(within) else ""
                    line += (
                        f" {_pct(row.get('io_f1_seed_spread'))} / "
                        f"{_pct(row.get('recall_PER_seed_spread'))}{flag} |"
                    )
                lines.append(line)
            if family:
                for metric, label in (("io_f1", "IO F1"), ("recall_PER", "PER recall")):
                    close = _close_pairs(group, metric)
                    if close:
                        lines += [
                            "",
                            f"Neighbouring origins whose {label} differs by less than the seed "
                            f"spread of either (not separable with these models): "
                            + ", ".join(close),
                        ]
    names = result.names
    if not names.empty:
        lines += ["", "## Highest and lowest names (IO F1)", ""]
        lines += [
            "| mode | origin | highest | IO F1 | lowest | IO F1 |",
            "|---|---|---|---|---|---|",
        ]
        for (mode, origin), group in names.groupby(["mode", "origin"], sort=False):
            top = group.sort_values("io_f1", ascending=False).iloc[0]
            low = group.sort_values("io_f1").iloc[0]
            lines.append(
                f"| {mode} | {origin} | {top['name']} | {_pct(top['io_f1'])} | "
                f"{low['name']} | {_pct(low['io_f1'])} |"
            )
    stats = result.stats
    lines += ["", "## Cost", ""]
    lines.append(
        f"- sentences in the original set and all variants: {stats.sentences_in_variants:,}; "
        f"distinct: {stats.sentences_distinct:,}; read from the cache: "
        f"{stats.sentences_cached:,}; sent to the model: {stats.sentences_predicted:,}"
        + (
            f" ({stats.sentences_in_variants / stats.sentences_predicted:.1f}x fewer)"
            if stats.sentences_predicted
            else ""
        )
    )
    share = stats.model_seconds / stats.total_seconds if stats.total_seconds else 0.0
    lines.append(
        f"- model time {stats.model_seconds:.1f} s of {stats.total_seconds:.1f} s in all "
        f"({100 * share:.0f}%)"
    )
    return "\n".join(lines) + "\n"


def write_results(
    result: EvaluationResult, provenance: Mapping[str, Any], *, reference: str | None
) -> None:
    """Write the tables, ``summary.md`` and ``run.json`` of ``result`` to ``result.out``."""
    assert result.out is not None
    with atomic_directory(result.out, overwrite=True) as tmp:
        for name in TABLES:
            table: pd.DataFrame = getattr(result, name)
            table.to_parquet(tmp / f"{name}.parquet", index=False)
            table.to_csv(tmp / f"{name}.csv", index=False)
        (tmp / "summary.md").write_text(markdown_summary(result, provenance, reference))
        run = {
            "models": result.model_info,
            "types": list(result.types),
            "left_out": list(result.left_out),
            "reference": reference,
            "stats": result.stats.to_dict(),
            "sets": {
                "input": provenance["input"],
                "mode": provenance["mode"],
                "seed": provenance["seed"],
                "lexicons": provenance["lexicons"],
            },
        }
        (tmp / "run.json").write_text(json.dumps(run, indent=2, sort_keys=True) + "\n")
