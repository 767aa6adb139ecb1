"""Score metrics: Counts, exact-span entities (against conlleval.pl and seqeval), IO tokens."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from switcher.corpus import Span
from switcher.errors import ScoreError
from switcher.read.conll import read_conll
from switcher.schemes import tags_to_spans
from switcher.score import (
    Counts,
    entity_counts,
    sum_per_type,
    target_recall,
    token_io_counts,
    total,
)

FIXTURES = Path(__file__).parent / "fixtures" / "score"

# --- Counts ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "precision", "recall", "f1"),
    [
        (Counts(3, 1, 2), 0.75, 0.6, 2 / 3),
        (Counts(1, 0, 0), 1.0, 1.0, 1.0),
        (Counts(0, 0, 0), 0.0, 0.0, 0.0),  # nothing at all: conlleval prints 0.00
        (Counts(0, 4, 0), 0.0, 0.0, 0.0),  # no gold: recall undefined -> 0
        (Counts(0, 0, 5), 0.0, 0.0, 0.0),  # no prediction: precision undefined -> 0
        (Counts(2, 0, 6), 1.0, 0.25, 0.4),
    ],
)
def test_counts_scores(counts: Counts, precision: float, recall: float, f1: float) -> None:
    assert counts.precision == pytest.approx(precision, abs=1e-12)
    assert counts.recall == pytest.approx(recall, abs=1e-12)
    assert counts.f1 == pytest.approx(f1, abs=1e-12)


def test_counts_add_sum_and_arrays() -> None:
    a, b = Counts(1, 2, 3), Counts(10, 20, 30)
    assert a + b == Counts(11, 22, 33)
    assert sum([a, b, a]) == Counts(12, 24, 36)
    assert (a.gold, a.predicted) == (4, 3)
    array = b.as_array()
    assert array.dtype == np.int64
    assert array.tolist() == [10, 20, 30]
    assert Counts.from_array(array) == b
    assert Counts(np.int64(2), np.int32(1), 0) == Counts(2, 1, 0)
    assert type(Counts(np.int64(2), 0, 0).tp) is int


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Counts(-1, 0, 0), r"Counts\.tp must be >= 0, got -1"),
        (lambda: Counts(0, 1.5, 0), r"Counts\.fp must be an integer, got 1\.5"),
        (lambda: Counts.from_array([1, 2]), r"expected three values \(tp, fp, fn\), got 2"),
    ],
)
def test_counts_reject_bad_values(build: Callable[[], Counts], message: str) -> None:
    with pytest.raises(ScoreError, match=message):
        build()


# --- entity_counts -----------------------------------------------------------------------


def _triples(per_type: dict[str, Counts]) -> dict[str, tuple[int, int, int]]:
    return {label: (c.tp, c.fp, c.fn) for label, c in per_type.items()}


@pytest.mark.parametrize(
    ("gold", "pred", "types", "expected"),
    [
        # exact match
        ([Span(0, 2, "PER")], [Span(0, 2, "PER")], None, {"PER": (1, 0, 0)}),
        # wrong boundary: one fp and one fn of the same type
        ([Span(0, 2, "PER")], [Span(0, 1, "PER")], None, {"PER": (0, 1, 1)}),
        # right boundary, wrong type: fp of the predicted type, fn of the gold type
        ([Span(3, 4, "LOC")], [Span(3, 4, "ORG")], None, {"ORG": (0, 1, 0), "LOC": (0, 0, 1)}),
        # two adjacent names predicted as one
        (
            [Span(0, 2, "PER"), Span(2, 3, "PER")],
            [Span(0, 3, "PER")],
            None,
            {"PER": (0, 1, 2)},
        ),
        # nothing anywhere
        ([], [], None, {}),
        # a span listed twice is matched as a multiset (tag decoding never does this)
        (
            [Span(0, 1, "PER"), Span(0, 1, "PER")],
            [Span(0, 1, "PER"), Span(2, 3, "LOC")],
            None,
            {"PER": (1, 0, 1), "LOC": (0, 1, 0)},
        ),
        # types: a listed type gets an entry even with zero counts; MISC is ignored
        (
            [Span(0, 1, "PER"), Span(2, 3, "MISC")],
            [Span(0, 1, "PER"), Span(4, 5, "MISC")],
            ["PER", "ORG"],
            {"PER": (1, 0, 0), "ORG": (0, 0, 0)},
        ),
        # a model that cannot predict ORG: gold ORG is left out rather than missed
        (
            [Span(0, 1, "ORG"), Span(1, 2, "LOC")],
            [Span(1, 2, "LOC")],
            ("PER", "LOC"),
            {"PER": (0, 0, 0), "LOC": (1, 0, 0)},
        ),
    ],
)
def test_entity_counts_table(
    gold: list[Span],
    pred: list[Span],
    types: Collection[str] | None,
    expected: dict[str, tuple[int, int, int]],
) -> None:
    assert _triples(entity_counts(gold, pred, types=types)) == expected


@pytest.mark.parametrize(
    "score", [entity_counts, lambda g, p, types: token_io_counts(g, p, 3, types=types)]
)
def test_types_must_not_be_a_string(score: Callable[..., object]) -> None:
    with pytest.raises(
        ScoreError, match=r"types must be a collection of type names, not the string 'PER'"
    ):
        score([], [], types="PER")


def test_entity_counts_orders_conll_types_first() -> None:
    gold = [Span(0, 1, "ZZZ"), Span(1, 2, "MISC"), Span(2, 3, "PER"), Span(3, 4, "AAA")]
    assert list(entity_counts(gold, [])) == ["PER", "MISC", "AAA", "ZZZ"]


# --- conlleval.pl reference output --------------------------------------------------------

# Produced by conlleval.pl (version 2004-01-26, Erik Tjong Kim Sang) run as
# ``perl conlleval.pl < tests/fixtures/score/<file>``. The fixtures are hand-made sentences in
# ``token gold predicted`` columns: IOB1 and IOB2, adjacent same-type entities, wrong
# boundaries, wrong types, an I- after O, a B-X followed by I-Y, entities at sentence ends.
CONLLEVAL_OUTPUT = {
    "conlleval_iob1.txt": """\
processed 34 tokens with 14 phrases; found: 15 phrases; correct: 5.
accuracy:  73.53%; precision:  33.33%; recall:  35.71%; FB1:  34.48
              LOC: precision:  25.00%; recall:  20.00%; FB1:  22.22  4
             MISC: precision:  50.00%; recall: 100.00%; FB1:  66.67  2
              ORG: precision:  20.00%; recall:  25.00%; FB1:  22.22  5
              PER: precision:  50.00%; recall:  50.00%; FB1:  50.00  4
""",
    "conlleval_iob2.txt": """\
processed 33 tokens with 15 phrases; found: 16 phrases; correct: 7.
accuracy:  72.73%; precision:  43.75%; recall:  46.67%; FB1:  45.16
              LOC: precision:  25.00%; recall:  25.00%; FB1:  25.00  4
             MISC: precision:   0.00%; recall:   0.00%; FB1:   0.00  1
              ORG: precision:  40.00%; recall:  50.00%; FB1:  44.44  5
              PER: precision:  66.67%; recall:  66.67%; FB1:  66.67  6
""",
    "conlleval_edge.txt": """\
processed 9 tokens with 1 phrases; found: 2 phrases; correct: 0.
accuracy:  44.44%; precision:   0.00%; recall:   0.00%; FB1:   0.00
              LOC: precision:   0.00%; recall:   0.00%; FB1:   0.00  1
             MISC: precision:   0.00%; recall:   0.00%; FB1:   0.00  1
              PER: precision:   0.00%; recall:   0.00%; FB1:   0.00  0
""",
}

_HEADER = re.compile(
    r"processed (\d+) tokens with (\d+) phrases; found: (\d+) phrases; correct: (\d+)\."
)
_FIGURES = re.compile(r"precision: +([\d.]+)%; recall: +([\d.]+)%; FB1: +([\d.]+)")
_TYPE_LINE = re.compile(r"^ *(\S+): precision: .*FB1: +[\d.]+ +(\d+)$")


def _parse_conlleval(text: str) -> dict[str, Any]:
    lines = text.splitlines()
    tokens, phrases, found, correct = map(int, _HEADER.match(lines[0]).groups())
    overall = tuple(map(float, _FIGURES.search(lines[1]).groups()))
    types = {}
    for line in lines[2:]:
        label, predicted = _TYPE_LINE.match(line).groups()
        types[label] = (*map(float, _FIGURES.search(line).groups()), int(predicted))
    return {
        "tokens": tokens,
        "phrases": phrases,
        "found": found,
        "correct": correct,
        "overall": overall,
        "types": types,
    }


def _read_predictions(path: Path) -> list[tuple[list[str], list[str]]]:
    """Read ``token gold predicted`` lines into (gold tags, predicted tags) per sentence."""
    sentences = []
    for block in path.read_text(encoding="utf-8").strip().split("\n\n"):
        rows = [line.split() for line in block.splitlines()]
        sentences.append(([row[1] for row in rows], [row[2] for row in rows]))
    return sentences


def _figures(counts: Counts) -> tuple[float, float, float]:
    return (100 * counts.precision, 100 * counts.recall, 100 * counts.f1)


def _assert_matches_conlleval(per_type: dict[str, Counts], printed: dict[str, Any]) -> None:
    overall = total(per_type)
    assert (overall.gold, overall.predicted, overall.tp) == (
        printed["phrases"],
        printed["found"],
        printed["correct"],
    )
    # conlleval prints two decimals: agree to within its rounding.
    assert _figures(overall) == pytest.approx(printed["overall"], abs=0.005 + 1e-9)
    shown = {label: c for label, c in per_type.items() if c.gold or c.predicted}
    assert sorted(shown) == list(printed["types"])
    for label, (precision, recall, f1, predicted) in printed["types"].items():
        counts = shown[label]
        assert counts.predicted == predicted, label
        assert _figures(counts) == pytest.approx((precision, recall, f1), abs=0.005 + 1e-9)


@pytest.mark.parametrize("name", sorted(CONLLEVAL_OUTPUT))
def test_entity_counts_equal_conlleval_on_fixtures(name: str) -> None:
    sentences = _read_predictions(FIXTURES / name)
    printed = _parse_conlleval(CONLLEVAL_OUTPUT[name])
    assert sum(len(gold) for gold, _ in sentences) == printed["tokens"]
    per_type = sum_per_type(
        entity_counts(tags_to_spans(gold), tags_to_spans(pred)) for gold, pred in sentences
    )
    _assert_matches_conlleval(per_type, printed)


def test_entity_counts_per_type_counts_on_iob1_fixture() -> None:
    """Counts behind the IOB1 figures, derived by hand and consistent with conlleval."""
    sentences = _read_predictions(FIXTURES / "conlleval_iob1.txt")
    per_type = sum_per_type(
        entity_counts(tags_to_spans(gold), tags_to_spans(pred)) for gold, pred in sentences
    )
    assert _triples(per_type) == {
        "PER": (2, 2, 2),
        "ORG": (1, 4, 3),
        "LOC": (1, 3, 4),
        "MISC": (1, 1, 0),
    }


# conlleval.pl on the whole of CoNLL-2003 test.txt (token, gold, predicted), against itself
# and against the perturbation of _perturb (every 7th gold entity dropped, every 11th
# retyped PER->ORG->LOC->MISC->PER; predictions written in IOB1). Produced by conlleval.pl.
CONLL2003_TEST_SELF = """\
processed 46666 tokens with 5648 phrases; found: 5648 phrases; correct: 5648.
accuracy: 100.00%; precision: 100.00%; recall: 100.00%; FB1: 100.00
              LOC: precision: 100.00%; recall: 100.00%; FB1: 100.00  1668
             MISC: precision: 100.00%; recall: 100.00%; FB1: 100.00  702
              ORG: precision: 100.00%; recall: 100.00%; FB1: 100.00  1661
              PER: precision: 100.00%; recall: 100.00%; FB1: 100.00  1617
"""
CONLL2003_TEST_PERTURBED = """\
processed 46666 tokens with 5648 phrases; found: 4842 phrases; correct: 4402.
accuracy:  96.20%; precision:  90.91%; recall:  77.94%; FB1:  83.93
              LOC: precision:  91.05%; recall:  78.06%; FB1:  84.05  1430
             MISC: precision:  80.68%; recall:  77.35%; FB1:  78.98  673
              ORG: precision:  90.93%; recall:  78.45%; FB1:  84.23  1433
              PER: precision:  96.02%; recall:  77.55%; FB1:  85.80  1306
"""
_RETYPE = {"PER": "ORG", "ORG": "LOC", "LOC": "MISC", "MISC": "PER"}


def _perturb(spans_by_sentence: list[list[Span]]) -> list[list[Span]]:
    """Drop every 7th gold entity and retype every 11th (1-based, in file order)."""
    k = 0
    out = []
    for spans in spans_by_sentence:
        kept = []
        for span in spans:
            k += 1
            if k % 7 == 0:
                continue
            if k % 11 == 0:
                span = Span(span.start, span.end, _RETYPE[span.label])
            kept.append(span)
        out.append(kept)
    return out


@pytest.mark.shared_data
def test_entity_counts_equal_conlleval_on_conll2003_test(conll2003_dir: Path) -> None:
    corpus = read_conll(conll2003_dir / "test.txt")
    gold = [sentence.spans for sentence in corpus.sentences()]
    # conlleval also counts the 231 -DOCSTART- lines as tokens.
    assert corpus.num_tokens() + len(corpus.documents) == 46666
    for predicted, output in [
        (gold, CONLL2003_TEST_SELF),
        (_perturb(gold), CONLL2003_TEST_PERTURBED),
    ]:
        per_type = sum_per_type(entity_counts(g, p) for g, p in zip(gold, predicted, strict=True))
        _assert_matches_conlleval(per_type, _parse_conlleval(output))
    perturbed = sum_per_type(entity_counts(g, p) for g, p in zip(gold, _perturb(gold), strict=True))
    assert _triples(perturbed)["PER"] == (1254, 52, 363)


# --- seqeval, conlleval-compatible mode ---------------------------------------------------

_RANDOM_TAGS = ["O"] * 6 + [f"{p}-{t}" for p in "BI" for t in ("PER", "LOC", "ORG", "MISC")]


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_entity_counts_equal_seqeval_on_random_tags(seed: int) -> None:
    from seqeval.metrics.sequence_labeling import precision_recall_fscore_support

    rng = random.Random(seed)
    y_true, y_pred = [], []
    for _ in range(200):
        gold = [rng.choice(_RANDOM_TAGS) for _ in range(rng.randint(1, 15))]
        pred = [tag if rng.random() < 0.6 else rng.choice(_RANDOM_TAGS) for tag in gold]
        y_true.append(gold)
        y_pred.append(pred)
    per_type = sum_per_type(
        entity_counts(tags_to_spans(g), tags_to_spans(p))
        for g, p in zip(y_true, y_pred, strict=True)
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        precision, recall, f1, support = precision_recall_fscore_support(
            y_true, y_pred, average=None, zero_division=0
        )
        micro = precision_recall_fscore_support(y_true, y_pred, average="micro", zero_division=0)
    labels = sorted(label for label, c in per_type.items() if c.gold or c.predicted)
    assert len(labels) == len(precision)
    for i, label in enumerate(labels):
        c = per_type[label]
        assert c.gold == support[i]
        assert (c.precision, c.recall, c.f1) == pytest.approx(
            (precision[i], recall[i], f1[i]), abs=1e-12
        )
    overall = total(per_type)
    assert (overall.precision, overall.recall, overall.f1) == pytest.approx(micro[:3], abs=1e-12)


# --- token_io_counts ---------------------------------------------------------------------


# Each row: gold tags, predicted tags, types, expected (tp, fp, fn) per type, micro P/R/F1,
# all computed by hand.
IO_ROWS = [
    pytest.param(
        ["B-PER", "I-PER", "O", "B-LOC"],
        ["B-PER", "I-PER", "O", "B-LOC"],
        None,
        {"PER": (2, 0, 0), "LOC": (1, 0, 0)},
        (1.0, 1.0, 1.0),
        id="identical",
    ),
    pytest.param(
        ["B-PER", "I-PER", "O", "O"],
        ["O", "B-PER", "I-PER", "O"],
        None,
        {"PER": (1, 1, 1)},
        (0.5, 0.5, 0.5),
        id="shifted-boundary",
    ),
    pytest.param(
        ["B-ORG", "I-ORG", "O"],
        ["B-LOC", "I-LOC", "O"],
        None,
        {"ORG": (0, 0, 2), "LOC": (0, 2, 0)},
        (0.0, 0.0, 0.0),
        id="wrong-type",
    ),
    pytest.param(
        ["B-PER", "B-PER", "O"],
        ["B-PER", "I-PER", "O"],
        None,
        {"PER": (2, 0, 0)},
        (1.0, 1.0, 1.0),
        id="adjacent-merged-io-ignores-boundaries",
    ),
    pytest.param(
        ["O", "B-MISC", "O", "B-PER"],
        ["B-ORG", "O", "O", "B-PER"],
        None,
        {"PER": (1, 0, 0), "ORG": (0, 1, 0), "MISC": (0, 0, 1)},
        (0.5, 0.5, 0.5),
        id="spurious-and-missed",
    ),
    pytest.param(
        ["B-PER", "I-PER", "I-PER", "O"],
        ["B-PER", "B-LOC", "I-PER", "B-PER"],
        None,
        {"PER": (2, 1, 1), "LOC": (0, 1, 0)},
        (0.5, 2 / 3, 4 / 7),
        id="type-confusion-inside-entity",
    ),
    pytest.param(["O", "O"], ["O", "O"], None, {}, (0.0, 0.0, 0.0), id="all-O"),
    pytest.param(
        ["B-PER", "B-ORG", "O"],
        ["B-PER", "B-PER", "B-ORG"],
        ["PER"],
        {"PER": (1, 1, 0)},
        (0.5, 1.0, 2 / 3),
        id="types-ignore-ORG-on-both-sides",
    ),
    pytest.param(
        ["B-PER", "O"],
        ["O", "O"],
        ["PER", "ORG"],
        {"PER": (0, 0, 1), "ORG": (0, 0, 0)},
        (0.0, 0.0, 0.0),
        id="listed-type-gets-zero-entry",
    ),
]


@pytest.mark.parametrize(("gold", "pred", "types", "expected", "micro"), IO_ROWS)
def test_token_io_counts_table(
    gold: list[str],
    pred: list[str],
    types: Collection[str] | None,
    expected: dict[str, tuple[int, int, int]],
    micro: tuple[float, float, float],
) -> None:
    per_type = token_io_counts(tags_to_spans(gold), tags_to_spans(pred), len(gold), types=types)
    assert _triples(per_type) == expected
    overall = total(per_type)
    assert (overall.precision, overall.recall, overall.f1) == pytest.approx(micro, abs=1e-12)


@pytest.mark.parametrize(
    ("gold", "pred", "length", "message"),
    [
        ([Span(2, 5, "PER")], [], 4, r"gold span .*runs past the end of the sentence \(4 tokens\)"),
        (
            [],
            [Span(0, 2, "PER"), Span(1, 3, "LOC")],
            4,
            r"predicted span .*overlaps another predicted span at token 1",
        ),
        ([], [], -1, r"sentence length must be >= 0, got -1"),
    ],
)
def test_token_io_counts_rejects_bad_spans(
    gold: list[Span], pred: list[Span], length: int, message: str
) -> None:
    with pytest.raises(ScoreError, match=message):
        token_io_counts(gold, pred, length)


# --- target_recall, total, sum_per_type --------------------------------------------------


@pytest.mark.parametrize(
    ("targets", "pred", "expected"),
    [
        ([Span(0, 2, "PER")], [Span(0, 2, "PER")], (1, 0, 0)),
        ([Span(0, 2, "PER")], [Span(0, 1, "PER")], (0, 0, 1)),
        ([Span(0, 2, "PER")], [Span(0, 2, "ORG")], (0, 0, 1)),
        (
            [Span(0, 2, "PER"), Span(4, 5, "PER")],
            [Span(0, 2, "PER"), Span(6, 7, "LOC")],
            (1, 0, 1),
        ),
        ([], [Span(0, 1, "PER")], (0, 0, 0)),
    ],
)
def test_target_recall_table(
    targets: list[Span], pred: list[Span], expected: tuple[int, int, int]
) -> None:
    counts = target_recall(targets, pred)
    assert (counts.tp, counts.fp, counts.fn) == expected


def test_total_and_sum_per_type() -> None:
    first = {"PER": Counts(1, 0, 2), "LOC": Counts(0, 1, 0)}
    second = {"LOC": Counts(3, 0, 0), "ORG": Counts(0, 0, 4)}
    summed = sum_per_type([first, second])
    assert summed == {"PER": Counts(1, 0, 2), "LOC": Counts(3, 1, 0), "ORG": Counts(0, 0, 4)}
    assert total(summed) == Counts(4, 1, 6)
    assert total({}) == Counts()
