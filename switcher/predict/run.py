"""Predict many sentences with a backend: each distinct sentence once, cached, in batches.

The evaluator hands over every sentence of the original set and of all variants. Most are
repeats (a variant changes only sentences with a person in them; two variants can produce the
same sentence), so sentences are deduplicated by :func:`~switcher.predict.cache.sentence_key`,
looked up in the cache, and only the rest are sent to the model, sorted by length so that
padded batches waste little, and written to the cache after every batch.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from sys import intern

from switcher.errors import ModelError, TagSchemeError
from switcher.predict.base import Backend
from switcher.predict.cache import PredictionCache, sentence_key
from switcher.schemes import split_tag


@dataclass(frozen=True, slots=True)
class PredictStats:
    """What a :func:`predict_sentences_with_stats` call cost.

    Args:
        sentences: Sentences asked for (with repeats).
        distinct: Distinct token sequences among them.
        cached: Distinct sentences found in the cache.
        predicted: Sentences sent to the model (``distinct - cached``).
        batches: Calls of ``backend.predict``.
        model_seconds: Seconds spent inside ``backend.predict``.
        total_seconds: Seconds of the whole call.
    """

    sentences: int
    distinct: int
    cached: int
    predicted: int
    batches: int
    model_seconds: float
    total_seconds: float

    @property
    def overhead_seconds(self) -> float:
        """Seconds spent outside the model (hashing, cache, bookkeeping)."""
        return self.total_seconds - self.model_seconds


def predict_sentences(
    backend: Backend,
    sentences: Sequence[Sequence[str]],
    *,
    cache: PredictionCache | None = None,
    batch_size: int = 32,
    progress: bool = True,
) -> list[list[str]]:
    """Tag ``sentences`` with ``backend``; see :func:`predict_sentences_with_stats`.

    >>> predict_sentences(backend, [["Angela", "Merkel"], ["Paris"]])  # doctest: +SKIP
    [['B-PERSON', 'I-PERSON'], ['B-GPE']]
    """
    tags, _ = predict_sentences_with_stats(
        backend, sentences, cache=cache, batch_size=batch_size, progress=progress
    )
    return tags


def predict_sentences_with_stats(
    backend: Backend,
    sentences: Sequence[Sequence[str]],
    *,
    cache: PredictionCache | None = None,
    batch_size: int = 32,
    progress: bool = True,
) -> tuple[list[list[str]], PredictStats]:
    """Tag ``sentences`` with ``backend``, predicting each distinct sentence once.

    Args:
        backend: The model.
        sentences: Token sequences; repeats are predicted once.
        cache: Where predictions are read first and written after each batch (keyed by
            ``backend.fingerprint``); ``None`` keeps nothing between calls.
        batch_size: Sentences per ``backend.predict`` call.
        progress: Show a progress bar (stderr) over the sentences still to predict.

    Returns:
        One IOB2 tag list per input sentence, in the model's label space, aligned with
        ``sentences``, and the :class:`PredictStats` of the call. Repeats of a sentence share
        one list object (a PER-only grid repeats most sentences hundreds of times): copy a
        list before editing it.

    Raises:
        ModelError: The backend returned the wrong number of sentences or tags, or a tag that is
            not ``O``/``P-TYPE``.
    """
    if batch_size < 1:
        raise ModelError(f"batch_size must be at least 1, got {batch_size}")
    start = time.perf_counter()
    keys = [sentence_key(tokens) for tokens in sentences]
    first: dict[str, int] = {}
    for i, key in enumerate(keys):
        first.setdefault(key, i)
    results: dict[str, list[str]] = {}
    if cache is not None and first:
        results = cache.get_many(backend.fingerprint, first)
    cached = len(results)
    todo = sorted((k for k in first if k not in results), key=lambda k: len(sentences[first[k]]))

    model_seconds = 0.0
    batches = 0
    bar = None
    if progress and todo:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(todo), unit="sent", desc=backend.name, file=sys.stderr)
    try:
        for begin in range(0, len(todo), batch_size):
            chunk = todo[begin : begin + batch_size]
            batch = [sentences[first[k]] for k in chunk]
            tick = time.perf_counter()
            output = backend.predict(batch)
            model_seconds += time.perf_counter() - tick
            batches += 1
            check_output(backend, batch, output)
            fresh = {k: [intern(t) for t in tags] for k, tags in zip(chunk, output, strict=True)}
            if cache is not None:
                cache.put_many(backend.fingerprint, fresh)
            results.update(fresh)
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
    tags = [results[key] for key in keys]
    stats = PredictStats(
        sentences=len(sentences),
        distinct=len(first),
        cached=cached,
        predicted=len(todo),
        batches=batches,
        model_seconds=model_seconds,
        total_seconds=time.perf_counter() - start,
    )
    return tags, stats


def check_output(
    backend: Backend, batch: Sequence[Sequence[str]], output: Sequence[Sequence[str]]
) -> None:
    """Check that ``output`` has one well-formed tag per word of each sentence of ``batch``.

    Raises:
        ModelError: Naming the backend, the sentence and what is wrong.
    """
    if len(output) != len(batch):
        raise ModelError(
            f"{backend.name} returned {len(output)} tag sequences for {len(batch)} sentences"
        )
    for words, tags in zip(batch, output, strict=True):
        if len(tags) != len(words):
            raise ModelError(
                f"{backend.name} returned {len(tags)} tags for the {len(words)}-word sentence "
                f"{' '.join(words[:8])!r}"
            )
        for tag in tags:
            try:
                split_tag(tag)
            except TagSchemeError as err:
                raise ModelError(f"{backend.name}: {err}") from None
