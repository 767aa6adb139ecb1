"""The prediction cache and predict_sentences: dedupe, batching, resume, stats."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest

from switcher.errors import ModelError
from switcher.predict import (
    PredictionCache,
    PredictStats,
    predict_sentences,
    predict_sentences_with_stats,
    sentence_key,
)

A = ["Maria", "Lopez", "flew", "to", "Lima", "."]
B = ["Kofi", "stayed", "."]
C = ["It", "rained", "all", "day", "in", "Accra", "."]
D = ["Hi"]


class CountingBackend:
    """Tags capitalised words B-PER; records every batch it is given."""

    name = "fake"
    labels = ("PER",)

    def __init__(self, fingerprint: str = "fake:1", fail_on_call: int | None = None) -> None:
        self.fingerprint = fingerprint
        self.calls: list[list[list[str]]] = []
        self.fail_on_call = fail_on_call

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        self.calls.append([list(words) for words in batch])
        if self.fail_on_call is not None and len(self.calls) == self.fail_on_call:
            raise KeyboardInterrupt  # an interrupted run
        return [["B-PER" if w[0].isupper() else "O" for w in words] for words in batch]

    @property
    def sentences_seen(self) -> int:
        return sum(len(batch) for batch in self.calls)


def expected_tags(words: Sequence[str]) -> list[str]:
    return ["B-PER" if w[0].isupper() else "O" for w in words]


# --- sentence_key ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ("a", "b"), True),
        (["a", "b"], ["ab"], False),
        (["a b"], ["a", "b"], False),
        (["A"], ["a"], False),
        ([], [""], True),  # both hash the empty string; an empty token never occurs
    ],
)
def test_sentence_key(a: Sequence[str], b: Sequence[str], same: bool) -> None:
    assert (sentence_key(a) == sentence_key(b)) is same
    assert len(sentence_key(a)) == 40


def test_sentence_key_is_stable() -> None:
    assert sentence_key(["Angela", "Merkel"]) == "8145aaea1ffed81e9edf8139f337a2eaf378a717"


# --- PredictionCache ---------------------------------------------------------------------


def test_cache_round_trip_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "cache.sqlite"
    items = {sentence_key(A): expected_tags(A), sentence_key(B): expected_tags(B), "k": []}
    with PredictionCache(path) as cache:
        assert cache.get_many("m:1", items) == {}
        cache.put_many("m:1", items)
        assert cache.get_many("m:1", [*items, "absent"]) == items
        assert cache.get_many("m:2", items) == {}  # another model shares nothing
    # open twice in a row, and two handles at once
    first, second = PredictionCache(path), PredictionCache(path)
    assert first.get_many("m:1", ["k", sentence_key(B)]) == {
        "k": [],
        sentence_key(B): expected_tags(B),
    }
    second.put_many("m:2", {"k": ["O"]})
    assert first.get_many("m:2", ["k"]) == {"k": ["O"]}
    assert first.count() == 4
    assert first.count("m:1") == 3
    assert first.fingerprints() == ["m:1", "m:2"]
    first.close()
    second.close()


def test_cache_many_keys(tmp_path: Path) -> None:
    items = {f"key{i}": ["O"] * (i % 3) for i in range(1234)}  # more than one IN (...) chunk
    with PredictionCache(tmp_path / "c.sqlite") as cache:
        cache.put_many("m", items)
        assert cache.get_many("m", items) == items


def test_cache_put_replaces(tmp_path: Path) -> None:
    with PredictionCache(tmp_path / "c.sqlite") as cache:
        cache.put_many("m", {"k": ["O"]})
        cache.put_many("m", {"k": ["B-PER"]})
        assert cache.get_many("m", ["k"]) == {"k": ["B-PER"]}


def test_cache_rejects_other_files(tmp_path: Path) -> None:
    not_db = tmp_path / "notes.txt"
    not_db.write_text("this is not a database\n" * 100)
    with pytest.raises(ModelError, match=r"notes\.txt is not a usable prediction cache"):
        PredictionCache(not_db)
    old = tmp_path / "old.sqlite"
    PredictionCache(old).close()
    with sqlite3.connect(old) as db:
        db.execute("UPDATE meta SET value = '0' WHERE key = 'schema'")
    db.close()
    with pytest.raises(ModelError, match=r"schema version 0, expected 1"):
        PredictionCache(old)


# --- predict_sentences -------------------------------------------------------------------


def test_dedupe_predicts_each_distinct_sentence_once() -> None:
    backend = CountingBackend()
    tags = predict_sentences(backend, [A, B, A], progress=False)
    assert backend.sentences_seen == 2
    assert tags == [expected_tags(A), expected_tags(B), expected_tags(A)]
    assert tags[0] is tags[2]  # repeats share one list (memory of a big grid)


def test_batches_sorted_by_length() -> None:
    backend = CountingBackend()
    sentences = [C, A, D, B, C]
    tags, stats = predict_sentences_with_stats(backend, sentences, batch_size=2, progress=False)
    assert backend.calls == [[D, B], [A, C]]
    assert tags == [expected_tags(s) for s in sentences]
    assert stats == PredictStats(
        sentences=5,
        distinct=4,
        cached=0,
        predicted=4,
        batches=2,
        model_seconds=stats.model_seconds,
        total_seconds=stats.total_seconds,
    )
    assert 0 <= stats.model_seconds <= stats.total_seconds
    assert stats.overhead_seconds == pytest.approx(stats.total_seconds - stats.model_seconds)


def test_empty_input_and_empty_sentence() -> None:
    backend = CountingBackend()
    assert predict_sentences(backend, [], progress=False) == []
    assert backend.calls == []
    assert predict_sentences(backend, [[], D, []], progress=False) == [[], ["B-PER"], []]
    assert backend.sentences_seen == 2


def test_cache_is_read_and_written(tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    with PredictionCache(path) as cache:
        first = CountingBackend()
        predict_sentences(first, [A, B], cache=cache, progress=False)
        assert first.sentences_seen == 2
        second = CountingBackend()
        tags, stats = predict_sentences_with_stats(
            second, [B, C, A, C], cache=cache, progress=False
        )
        assert second.calls == [[C]]  # only the new sentence
        assert tags == [expected_tags(s) for s in (B, C, A, C)]
        assert (stats.distinct, stats.cached, stats.predicted) == (3, 2, 1)
        other_model = CountingBackend(fingerprint="fake:2")
        predict_sentences(other_model, [A], cache=cache, progress=False)
        assert other_model.sentences_seen == 1


def test_resume_after_interrupted_batch(tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    sentences = [A, B, C, D]
    interrupted = CountingBackend(fail_on_call=2)
    cache = PredictionCache(path)
    with pytest.raises(KeyboardInterrupt):
        predict_sentences(interrupted, sentences, cache=cache, batch_size=2, progress=False)
    cache.close()
    assert interrupted.calls[0] == [D, B]  # the finished batch

    resumed = CountingBackend()
    with PredictionCache(path) as cache:
        tags, stats = predict_sentences_with_stats(
            resumed, sentences, cache=cache, batch_size=2, progress=False
        )
    assert resumed.calls == [[A, C]]
    assert (stats.cached, stats.predicted) == (2, 2)
    assert tags == [expected_tags(s) for s in sentences]


class BrokenBackend(CountingBackend):
    def __init__(self, output: list[list[str]]) -> None:
        super().__init__()
        self.output = output

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        return self.output


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ([], r"fake returned 0 tag sequences for 1 sentences"),
        ([["O"]], r"fake returned 1 tags for the 3-word sentence 'Kofi stayed \.'"),
        ([["B-PER", "PER", "O"]], r"fake: malformed tag 'PER'"),
    ],
)
def test_bad_backend_output(output: list[list[str]], message: str, tmp_path: Path) -> None:
    with PredictionCache(tmp_path / "c.sqlite") as cache:
        with pytest.raises(ModelError, match=message):
            predict_sentences(BrokenBackend(output), [B], cache=cache, progress=False)
        assert cache.count() == 0  # nothing wrong is cached


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    predict_sentences(CountingBackend(), [A, B], progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "2/2" in captured.err


def test_bad_batch_size() -> None:
    with pytest.raises(ModelError, match="batch_size must be at least 1, got 0"):
        predict_sentences(CountingBackend(), [A], batch_size=0)
