"""The predictions backend: CoNLL files of an outside system, schemes, folders, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from switcher.errors import InputFormatError, ModelError
from switcher.predict import default_label_map, load_backend
from switcher.predict.predictions_file import read_predictions

FIXTURES = Path(__file__).parent / "fixtures" / "predict"

MARIA = ["Maria", "Lopez", "flew", "to", "Lima", "."]
KOFI = ["Kofi", "met", "Anan", "Lee", "."]


@pytest.mark.parametrize(
    ("fixture", "maria", "kofi"),
    [
        # IOB1, 4 columns, -DOCSTART-: I-ORG B-ORG are two ORG entities
        (
            "iob1.conll",
            ["B-PER", "I-PER", "O", "O", "B-LOC", "O"],
            ["B-PER", "O", "B-ORG", "B-ORG", "O"],
        ),
        # BIOES, 3 columns, no -DOCSTART-
        (
            "bioes.conll",
            ["B-PER", "I-PER", "O", "O", "B-LOC", "O"],
            ["B-PER", "O", "B-PER", "B-PER", "O"],
        ),
    ],
)
def test_schemes_become_iob2(fixture: str, maria: list[str], kofi: list[str]) -> None:
    backend = load_backend("predictions", str(FIXTURES / fixture))
    assert backend.predict([KOFI, MARIA, KOFI]) == [kofi, maria, kofi]


def test_ill_formed_iob2_follows_conlleval() -> None:
    backend = load_backend("predictions", str(FIXTURES / "iob2_bad_order.conll"))
    assert backend.predict([MARIA]) == [["O", "B-PER", "O", "O", "B-LOC", "O"]]


def test_labels_name_and_fingerprint(tmp_path: Path) -> None:
    backend = load_backend("predictions", str(FIXTURES / "iob1.conll"))
    assert backend.labels == ("PER", "ORG", "LOC")
    assert default_label_map(backend).name == "conll"
    copy = tmp_path / "copy.conll"
    copy.write_bytes((FIXTURES / "iob1.conll").read_bytes())
    # same content elsewhere: same model, same cache entries
    assert load_backend("predictions", str(copy)).fingerprint == backend.fingerprint
    copy.write_text(copy.read_text().replace("I-LOC I-LOC", "I-LOC O"))
    assert load_backend("predictions", str(copy)).fingerprint != backend.fingerprint


def test_folder_of_files(tmp_path: Path) -> None:
    (tmp_path / "variant-a").mkdir()
    (tmp_path / "variant-a" / "test.conll").write_text("Ana B-PER B-PER\nsang O O\n")
    (tmp_path / "b.txt").write_text("Bo B-PER O\nran O O\n\nAna B-PER O\nsang O O\n")
    (tmp_path / "notes.md").write_text("not read\n")
    with pytest.warns(UserWarning, match=r"1 repeated sentence\(s\) have different predictions"):
        backend = load_backend("predictions", str(tmp_path))
    # b.txt sorts before variant-a/test.conll: its "Ana sang" (O O) wins
    assert backend.predict([["Bo", "ran"], ["Ana", "sang"]]) == [["O", "O"], ["O", "O"]]
    assert "(2 files)" in backend.where


def test_column_option(tmp_path: Path) -> None:
    path = tmp_path / "p.conll"
    path.write_text("Ana B-PER B-PER O\nsang O O O\n")
    assert load_backend("predictions", str(path)).predict([["Ana", "sang"]]) == [["O", "O"]]
    assert load_backend("predictions", str(path), column=2).predict([["Ana", "sang"]]) == [
        ["B-PER", "O"]
    ]
    with pytest.raises(ModelError, match="predicted column 0 is not a tag column"):
        load_backend("predictions", str(path), column=0)


def test_sentence_not_in_file() -> None:
    backend = load_backend("predictions", str(FIXTURES / "iob1.conll"))
    with pytest.raises(
        ModelError,
        match=r"sentence 'Nobody is here at all today , says \.\.\.' \(11 tokens\) is not in "
        r"the predictions file .*iob1\.conll",
    ):
        backend.predict(
            [["Nobody", "is", "here", "at", "all", "today", ",", "says", "the", "clerk", "."]]
        )


def test_tokens_do_not_match() -> None:
    backend = load_backend("predictions", str(FIXTURES / "iob1.conll"))
    switched = ["Maria", "Nguyen", "flew", "to", "Lima", "."]
    with pytest.raises(
        ModelError,
        match=r"the tokens of sentence 'Maria Nguyen flew to Lima \.' \(6 tokens\) do not match "
        r"the predictions: the closest sentence, .*iob1\.conll:3, differs at token 2 "
        r"\('Nguyen' in the set, 'Lopez' in the file\)",
    ):
        backend.predict([switched])


@pytest.mark.parametrize(
    ("fixture", "error", "message"),
    [
        (
            "bad_tag.conll",
            InputFormatError,
            r"bad_tag\.conll:3: predicted column: malformed tag 'PERSON'",
        ),
        (
            "two_columns.conll",
            InputFormatError,
            r"two_columns\.conll:1: a predictions file needs at least 3 columns",
        ),
        ("absent.conll", ModelError, r"predictions file or folder .*absent\.conll not found"),
    ],
)
def test_bad_files(fixture: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        load_backend("predictions", str(FIXTURES / fixture))


def test_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "p.conll"
    path.write_text("Ana B-PER B-PER\nsang O\n")
    with pytest.raises(
        InputFormatError, match=r"p\.conll:2: expected 3 columns like the first line, found 2"
    ):
        read_predictions(path)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ModelError, match="no predictions files"):
        load_backend("predictions", str(empty))


def test_read_predictions_records_lines() -> None:
    sentences = read_predictions(FIXTURES / "iob1.conll")
    assert [(s.tokens[0], s.line) for s in sentences] == [("Maria", 3), ("Kofi", 10)]
