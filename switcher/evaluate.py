"""Evaluate NER models on a sets folder: the glue of the predict, score and report stages.

>>> evaluate_sets("sets", ["en_core_web_sm"], out="results")  # doctest: +SKIP

For every model (several models form a *family*, e.g. one architecture trained with several
seeds) the original set and every variant are predicted and scored. Each distinct sentence is
predicted once per model: a variant's unchanged sentences are the original's, and the sentences
a variant changed are pooled per origin and deduplicated; predictions are cached on disk, keyed
by model and sentence, so a rerun or a new origin only pays for new sentences.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from switcher.corpus import Span, order_types
from switcher.errors import ModelError
from switcher.schemes import tags_to_spans
from switcher.score.aggregate import VariantCounts, name_table, origin_table, variant_table
from switcher.score.sets import (
    CountLayout,
    count_layout,
    document_matrix,
    sentence_vector,
    vector_metrics,
)
from switcher.switch.store import ORIGINAL, read_provenance, read_table


@dataclass
class EvaluationStats:
    """Cost figures of a run (summed over the models of a family)."""

    sentences_in_variants: int = 0
    sentences_distinct: int = 0
    sentences_cached: int = 0
    sentences_predicted: int = 0
    model_seconds: float = 0.0
    total_seconds: float = 0.0

    def to_dict(self) -> dict[str, float]:
        """Return the figures as a dict."""
        return {
            "sentences_in_variants": self.sentences_in_variants,
            "sentences_distinct": self.sentences_distinct,
            "sentences_cached": self.sentences_cached,
            "sentences_predicted": self.sentences_predicted,
            "model_seconds": round(self.model_seconds, 3),
            "total_seconds": round(self.total_seconds, 3),
        }


@dataclass
class EvaluationResult:
    """Tables of an evaluation run, and what it cost."""

    out: Path | None
    models: list[str]
    types: tuple[str, ...]
    left_out: tuple[str, ...]
    original: pd.DataFrame
    variants: pd.DataFrame
    origins: pd.DataFrame
    names: pd.DataFrame
    stats: EvaluationStats = field(default_factory=EvaluationStats)
    model_info: list[dict[str, Any]] = field(default_factory=list)


def _predict(
    backend: Any,
    label_map: Any,
    sentences: Sequence[Sequence[str]],
    cache: Any,
    batch_size: int,
    progress: bool,
    stats: EvaluationStats,
) -> list[list[Span]]:
    from switcher.predict import predict_sentences_with_stats

    tags, predict_stats = predict_sentences_with_stats(
        backend,
        sentences,
        cache=cache,
        batch_size=batch_size,
        progress=progress,
    )
    stats.sentences_in_variants += len(sentences)
    stats.sentences_distinct += predict_stats.distinct
    stats.sentences_cached += predict_stats.cached
    stats.sentences_predicted += predict_stats.predicted
    stats.model_seconds += predict_stats.model_seconds
    return [tags_to_spans(label_map.apply(t)) for t in tags]


def evaluate_sets(
    sets_dir: str | Path,
    models: Sequence[str],
    *,
    backend: str = "spacy",
    label_map: str | Path | None = None,
    out: str | Path | None = None,
    reference: str | None = "us",
    modes: Sequence[str] | None = None,
    origins: Sequence[str] | None = None,
    cache: str | Path | None = "default",
    batch_size: int = 32,
    n_resamples: int = 10000,
    confidence: float = 0.95,
    seed: int = 0,
    progress: bool = True,
    backend_options: Mapping[str, Any] | None = None,
) -> EvaluationResult:
    """Run models on the original set and every variant of a sets folder and score them.

    Args:
        sets_dir: A folder written by :func:`switcher.switch.generate.generate_sets`.
        models: Model ids or paths (several: a family of seeds of one model).
        backend: ``transformers``, ``spacy``, ``onnx`` or ``predictions``.
        label_map: Label map name (``ontonotes``, ``pii``, ``conll``) or YAML file; by default
            the map that fits the backend's labels.
        out: Folder for the tables (parquet and CSV), ``summary.md`` and ``run.json``; nothing
            is written when ``None``.
        reference: Origin the others are compared with (``None``: none).
        modes: Modes to evaluate (default: all in the folder).
        origins: Origins to evaluate (default: all in the folder).
        cache: Prediction cache file; ``"default"`` is ``~/.cache/switcher/predictions.sqlite``
            and ``None`` keeps predictions in memory only.
        batch_size: Sentences per model call.
        n_resamples: Bootstrap resamples.
        confidence: Level of every interval.
        seed: Seed of the bootstrap.
        progress: Show progress bars.
        backend_options: Extra keyword arguments of :func:`switcher.predict.load_backend`.

    Raises:
        ModelError: A model or label map cannot be used.
        SourceError: ``sets_dir`` is not a sets folder.
    """
    from switcher.predict import PredictionCache, default_label_map, load_backend, load_label_map

    started = time.perf_counter()
    if not models:
        raise ModelError("no model given: pass at least one --model")
    provenance = read_provenance(sets_dir)
    dataset_types = order_types(list(provenance["input"]["entities"]))
    entries = [
        e
        for e in provenance["sets"]
        if (modes is None or e["mode"] in modes) and (origins is None or e["origin"] in origins)
    ]
    original_rows = read_table(sets_dir, ORIGINAL, ORIGINAL)[ORIGINAL, -1]
    documents = 1 + max(row["document_id"] for row in original_rows)
    doc_ids = np.asarray([row["document_id"] for row in original_rows], dtype=np.int64)
    changed_sets = {
        (e["mode"], e["origin"]): read_table(sets_dir, e["mode"], e["origin"], changed_only=True)
        for e in entries
    }
    names = {
        (e["mode"], e["origin"], v["index"]): v["name"] for e in entries for v in e["variants"]
    }

    cache_obj = _open_cache(cache, PredictionCache)
    stats = EvaluationStats()
    results: list[VariantCounts] = []
    original_counts: dict[str, np.ndarray] = {}
    original_metrics = []
    model_info = []
    layout: CountLayout | None = None
    try:
        for model in models:
            loaded = load_backend(backend, model, **dict(backend_options or {}))
            mapping = load_label_map(label_map) if label_map else default_label_map(loaded)
            if mapping is None:
                raise ModelError(
                    f"no shipped label map fits the labels of {model} "
                    f"({', '.join(loaded.labels)}): pass --label-map FILE"
                )
            mapping.check(loaded.labels)
            model_layout = count_layout(dataset_types, set(mapping.types))
            if layout is None:
                layout = model_layout
            elif layout != model_layout:
                raise ModelError(
                    f"the models of a family must predict the same types: {model} predicts "
                    f"{', '.join(model_layout.types)}, the first {', '.join(layout.types)}"
                )
            model_info.append(
                {
                    "model": model,
                    "backend": backend,
                    "fingerprint": loaded.fingerprint,
                    "labels": list(loaded.labels),
                    "label_map": getattr(mapping, "name", str(label_map)),
                }
            )
            predictions = _predict(
                loaded,
                mapping,
                [r["tokens"] for r in original_rows],
                cache_obj,
                batch_size,
                progress,
                stats,
            )
            base = np.stack(
                [
                    sentence_vector(layout, row["spans"], pred, len(row["tokens"]))
                    for row, pred in zip(original_rows, predictions, strict=True)
                ]
            )
            base_docs = document_matrix(base, doc_ids, documents)
            original_counts[model] = base_docs
            original_metrics.append(
                {"model": model, **vector_metrics(layout, base_docs.sum(axis=0))}
            )
            for (mode, origin), grouped in changed_sets.items():
                rows = [row for key in sorted(grouped) for row in grouped[key]]
                predicted = _predict(
                    loaded,
                    mapping,
                    [r["tokens"] for r in rows],
                    cache_obj,
                    batch_size,
                    progress,
                    stats,
                )
                # unchanged sentences of a variant are the original's
                stats.sentences_in_variants += len(grouped) * len(original_rows) - len(rows)
                position = 0
                for key in sorted(grouped):
                    variant_rows = grouped[key]
                    docs = base_docs.copy()
                    if variant_rows:
                        ids = np.asarray([r["sentence_id"] for r in variant_rows], dtype=np.int64)
                        new = np.stack(
                            [
                                sentence_vector(
                                    layout,
                                    r["spans"],
                                    predicted[position + k],
                                    len(r["tokens"]),
                                    [
                                        Span(x.new_start, x.new_end, x.label)
                                        for x in r["replacements"]
                                    ],
                                )
                                for k, r in enumerate(variant_rows)
                            ]
                        )
                        np.add.at(docs, doc_ids[ids], new - base[ids])
                    position += len(variant_rows)
                    results.append(
                        VariantCounts(
                            model, mode, origin, key[1], names[mode, origin, key[1]], docs
                        )
                    )
    finally:
        if cache_obj is not None:
            cache_obj.close()
    assert layout is not None
    variants = variant_table(layout, results)
    origins_df = origin_table(
        layout,
        results,
        original_counts,
        reference=reference,
        n_resamples=n_resamples,
        confidence=confidence,
        seed=seed,
    )
    names_df = name_table(variants) if not variants.empty else pd.DataFrame()
    stats.total_seconds = time.perf_counter() - started
    result = EvaluationResult(
        out=Path(out) if out is not None else None,
        models=list(models),
        types=layout.types,
        left_out=tuple(t for t in dataset_types if t not in layout.types),
        original=pd.DataFrame(original_metrics),
        variants=variants,
        origins=origins_df,
        names=names_df,
        stats=stats,
        model_info=model_info,
    )
    if out is not None:
        from switcher.report.write import write_results

        write_results(result, provenance, reference=reference)
    return result


def _open_cache(cache: str | Path | None, factory: Any) -> Any:
    if cache is None:
        return factory(":memory:")
    if str(cache) == "default":
        path = Path.home() / ".cache" / "switcher" / "predictions.sqlite"
    else:
        path = Path(cache)
    path.parent.mkdir(parents=True, exist_ok=True)
    return factory(path)
