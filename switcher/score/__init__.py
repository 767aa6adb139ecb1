"""Score stage: NER metrics of sentences and the statistics of their aggregates.

Pure functions only; the evaluator runs models and calls these. See METHOD.md §6.
"""

from switcher.score.counts import Counts
from switcher.score.metrics import (
    entity_counts,
    io_labels,
    sum_per_type,
    target_recall,
    token_io_counts,
    total,
)
from switcher.score.stats import (
    BOOTSTRAP_METRICS,
    BootstrapResult,
    Interval,
    holm,
    mean_interval,
    metric_from_counts,
    paired_bootstrap,
    student_t_quantile,
)

__all__ = [
    "BOOTSTRAP_METRICS",
    "BootstrapResult",
    "Counts",
    "Interval",
    "entity_counts",
    "holm",
    "io_labels",
    "mean_interval",
    "metric_from_counts",
    "paired_bootstrap",
    "student_t_quantile",
    "sum_per_type",
    "target_recall",
    "token_io_counts",
    "total",
]
