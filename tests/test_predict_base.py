"""Predict stage: the backend loader, label checks and the word-window helpers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from switcher.errors import ModelError
from switcher.predict import BACKEND_KINDS, Backend, load_backend
from switcher.predict.align import (
    assign_words,
    first_subtoken_labels,
    plan_word_windows,
    to_iob2,
)
from switcher.predict.base import label_types, make_fingerprint

# --- windows -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lengths", "budget", "overlap", "windows"),
    [
        ([], 4, 1, []),
        ([1, 1, 1], 4, 1, [(0, 3)]),
        ([2, 2, 2, 2], 4, 2, [(0, 2), (1, 3), (2, 4)]),
        ([2, 2, 2, 2], 4, 0, [(0, 2), (2, 4)]),
        ([1] * 6, 3, 1, [(0, 3), (2, 5), (4, 6)]),
        # a word longer than the budget gets a window of its own
        ([1, 9, 1], 4, 1, [(0, 1), (1, 2), (2, 3)]),
        # the overlap never stops progress: the next window starts at least one word later
        ([3, 3, 3], 6, 5, [(0, 2), (1, 3)]),
        ([1, 1, 1, 1, 1], 2, 1, [(0, 2), (1, 3), (2, 4), (3, 5)]),
    ],
)
def test_plan_word_windows(
    lengths: list[int], budget: int, overlap: int, windows: list[tuple[int, int]]
) -> None:
    planned = plan_word_windows(lengths, budget, overlap)
    assert planned == windows
    covered = {i for start, end in planned for i in range(start, end)}
    assert covered == set(range(len(lengths)))
    for start, end in planned:
        assert end - start == 1 or sum(lengths[start:end]) <= budget


def test_plan_word_windows_rejects_empty_budget() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        plan_word_windows([1, 2], 0, 0)


@pytest.mark.parametrize(
    ("windows", "count", "owners"),
    [
        ([(0, 3)], 3, [0, 0, 0]),
        ([(0, 3), (1, 4)], 4, [0, 0, 1, 1]),
        ([(0, 3), (2, 5), (4, 6)], 6, [0, 0, 0, 1, 1, 2]),  # ties go to the earlier window
        ([(0, 1), (1, 2)], 2, [0, 1]),
    ],
)
def test_assign_words(windows: list[tuple[int, int]], count: int, owners: list[int]) -> None:
    assert assign_words(windows, count) == owners


def test_assign_words_fails_on_uncovered_word() -> None:
    with pytest.raises(ValueError, match=r"words \[2\] are in no window"):
        assign_words([(0, 2)], 3)


@pytest.mark.parametrize(
    ("word_ids", "labels", "count", "expected"),
    [
        ([None, 0, 0, 1, None], ["O", "B-PER", "I-PER", "O", "O"], 2, ["B-PER", "O"]),
        # the first sub-token decides, not a later one
        ([None, 0, 0, None], ["O", "O", "B-LOC", "O"], 1, ["O"]),
        # a word without sub-tokens (dropped by the tokenizer) is O
        ([None, 0, 2, None], ["O", "B-PER", "B-LOC", "O"], 3, ["B-PER", "O", "B-LOC"]),
        # padding positions carry no word
        ([None, 0, None, None, None], ["O", "B-ORG", "O", "B-PER", "B-PER"], 1, ["B-ORG"]),
    ],
)
def test_first_subtoken_labels(
    word_ids: list[int | None], labels: list[str], count: int, expected: list[str]
) -> None:
    assert first_subtoken_labels(word_ids, labels, count) == expected


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (["O", "I-PER", "I-PER"], ["O", "B-PER", "I-PER"]),
        (["B-PER", "I-LOC"], ["B-PER", "B-LOC"]),
        (["B-PER", "E-PER", "S-LOC"], ["B-PER", "I-PER", "B-LOC"]),
        (["I-ORG", "B-ORG", "O"], ["B-ORG", "B-ORG", "O"]),
        ([], []),
    ],
)
def test_to_iob2(tags: list[str], expected: list[str]) -> None:
    assert to_iob2(tags) == expected


# --- labels, fingerprints ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("labels", "types"),
    [
        (["O", "B-PER", "I-PER", "B-LOC", "I-LOC"], ("PER", "LOC")),
        (["O", "S-GPE", "B-GPE", "E-GPE", "U-ORG"], ("GPE", "ORG")),
        (["I-MISC", "O"], ("MISC",)),
    ],
)
def test_label_types(labels: list[str], types: tuple[str, ...]) -> None:
    assert label_types(labels, "m") == types


@pytest.mark.parametrize(
    ("labels", "message"),
    [
        (["LABEL_0", "LABEL_1"], r"m: labels 'LABEL_0', 'LABEL_1' are not BIO-style"),
        (["O", "PER"], r"'PER' are not BIO-style"),
        (["O"], "no entity labels"),
    ],
)
def test_label_types_rejects(labels: list[str], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        label_types(labels, "m")


def test_make_fingerprint_is_stable_and_sensitive() -> None:
    a = make_fingerprint("onnx", files="abc", threshold=0.5)
    assert a == make_fingerprint("onnx", threshold=0.5, files="abc")
    assert a.startswith("onnx:")
    assert len(a) == len("onnx:") + 16
    assert a != make_fingerprint("onnx", files="abc", threshold=0.6)


# --- load_backend ------------------------------------------------------------------------


def test_load_backend_unknown_kind() -> None:
    with pytest.raises(
        ModelError,
        match=r"unknown backend kind 'keras'; "
        r"expected one of transformers, spacy, onnx, predictions",
    ):
        load_backend("keras", "model")


def test_load_backend_unknown_option(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match=r"unknown option\(s\) fp16 for the predictions backend"):
        load_backend("predictions", str(tmp_path), fp16=True)


def test_backend_kinds_have_loaders() -> None:
    import importlib

    for module, loader, _ in BACKEND_KINDS.values():
        assert callable(getattr(importlib.import_module(module), loader))


def test_predictions_backend_satisfies_protocol(tmp_path: Path) -> None:
    (tmp_path / "p.conll").write_text("Hi O O\n")
    assert isinstance(load_backend("predictions", str(tmp_path / "p.conll")), Backend)


def test_import_keeps_runtimes_out() -> None:
    code = (
        "import sys, switcher.predict, switcher.predict.run, switcher.predict.label_map;"
        "print(sorted(m for m in ('torch','spacy','onnxruntime','transformers','tokenizers')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
