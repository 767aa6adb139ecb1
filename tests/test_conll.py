"""CoNLL reading and writing: documents, layout, round trips, bad input, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from switcher.atomic import atomic_directory, atomic_write
from switcher.corpus import Span
from switcher.errors import InputFormatError, SourceError
from switcher.read.conll import format_conll, parse_conll, read_conll, write_conll
from switcher.read.convert import convert_corpus, iob_columns
from switcher.read.sources import load_corpus, sample_path

TWO_DOCS = (
    "-DOCSTART- -X- -X- O\n"
    "\n"
    "CRICKET NN I-NP O\n"
    "- : O O\n"
    "INDIA NNP I-NP I-LOC\n"
    "WIN VBP I-VP O\n"
    "\n"
    "Rahul NNP I-NP I-PER\n"
    "Sharma NNP I-NP I-PER\n"
    "met VBD I-VP O\n"
    "Anil NNP I-NP B-PER\n"
    "\n"
    "-DOCSTART- -X- -X- O\n"
    "\n"
    "Belgian JJ I-NP I-MISC\n"
    "Dutch-language JJ I-NP B-MISC\n"
    "daily JJ I-NP O\n"
    "\n"
)


def test_parse_reads_documents_sentences_columns_and_spans() -> None:
    corpus = parse_conll(TWO_DOCS)
    assert corpus.scheme == "iob1"
    assert [len(d.sentences) for d in corpus.documents] == [2, 1]
    assert corpus.column_names == ("pos_tags", "chunk_tags")
    first = corpus.documents[0].sentences[1]
    assert first.tokens == ["Rahul", "Sharma", "met", "Anil"]
    assert first.spans == [Span(0, 2, "PER"), Span(3, 4, "PER")]
    assert first.columns["pos_tags"] == ["NNP", "NNP", "VBD", "NNP"]
    assert corpus.documents[1].sentences[0].spans == [Span(0, 1, "MISC"), Span(1, 2, "MISC")]
    assert corpus.documents[0].docstart == ("-DOCSTART-", "-X-", "-X-", "O")


def test_write_gives_back_the_same_text() -> None:
    assert format_conll(parse_conll(TWO_DOCS)) == TWO_DOCS


@pytest.mark.parametrize(
    "variant",
    [
        TWO_DOCS + "\n\n",  # trailing blank lines, like CoNLL-2003 test
        TWO_DOCS.rstrip("\n") + "\n",  # no blank line after the last sentence
        TWO_DOCS.replace(" ", "\t"),  # tab separated
        TWO_DOCS.replace("\n", "\r\n"),  # CRLF
    ],
)
def test_layout_round_trips_byte_for_byte(variant: str) -> None:
    assert format_conll(parse_conll(variant)) == variant


def test_trailing_spaces_and_blank_lines_with_tabs_are_tolerated() -> None:
    messy = TWO_DOCS.replace("WIN VBP I-VP O\n", "WIN VBP I-VP O   \n").replace(
        "\n\nRahul", "\n\t\nRahul"
    )
    corpus = parse_conll(messy)
    assert corpus == parse_conll(TWO_DOCS)


def test_file_without_docstart_makes_one_document_per_sentence() -> None:
    text = "Anna B-PER\nsang O\n\nin O\nOslo B-LOC\n\n"
    with pytest.warns(UserWarning, match="no -DOCSTART- lines"):
        corpus = parse_conll(text)
    assert corpus.scheme == "iob2"
    assert not corpus.has_documents
    assert [len(d.sentences) for d in corpus.documents] == [1, 1]
    assert format_conll(corpus) == text


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a NN O\nb NN\n", 2, "expected 3 columns .* like line 1, found 2"),
        ("a\n", 1, "expected at least 2 columns"),
        ("a NN I-\n", 1, "malformed tag 'I-'"),
        ("a NN X-PER\n", 1, "malformed tag 'X-PER'"),
        ("a B-PER\nb O\n\nc B-LOC\nd O\n\ne I-PER\n", 7, "'I-PER' cannot follow O in IOB2"),
    ],
)
@pytest.mark.filterwarnings("ignore:.*no -DOCSTART- lines")
def test_bad_lines_name_file_and_line(text: str, line: int, message: str) -> None:
    with pytest.raises(InputFormatError, match=message) as info:
        parse_conll(text, source="bad.conll")
    assert info.value.line == line
    assert str(info.value).startswith(f"bad.conll:{line}: ")


def test_types_outside_the_declared_ones_are_rejected_with_the_line() -> None:
    with pytest.raises(InputFormatError, match=r"x.txt:2: tag 'B-FOO' has type 'FOO'"):
        parse_conll("a B-PER\nb B-FOO\n", source="x.txt", types=["PER", "LOC", "ORG", "MISC"])


def test_declared_strict_scheme_is_enforced() -> None:
    with pytest.raises(InputFormatError, match="prefix B-, which IO does not have"):
        parse_conll("a B-PER\n", scheme="io")


def test_undecodable_file_reports_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"a O\n\nb\xe9 O\n")
    with pytest.raises(InputFormatError, match=r"latin1\.txt:3: not valid utf-8"):
        read_conll(path)


def test_missing_file_is_a_source_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="cannot read"):
        read_conll(tmp_path / "nope.txt")


def test_sample_has_what_the_tests_of_later_stages_need() -> None:
    corpus = load_corpus("sample")
    assert corpus.scheme == "iob1"
    assert set(corpus.entity_types()) == {"PER", "LOC", "ORG", "MISC"}
    texts = [s.span_text(sp) for s in corpus.sentences() for sp in s.spans]
    assert "Emeka Okonkwo" in texts  # a full name ...
    assert "Okonkwo" in texts  # ... and later the surname alone
    headline = corpus.documents[0].sentences[0]
    assert all(t.isupper() or not t.isalpha() for t in headline.tokens)  # all-caps headline
    assert "B-MISC" in sample_path().read_text()  # adjacent same-type entities


def test_convert_converts_iob_columns_and_round_trips() -> None:
    corpus = parse_conll(TWO_DOCS)
    assert iob_columns(corpus) == ("chunk_tags",)
    iob2 = convert_corpus(corpus, "iob2")
    assert "Anil NNP B-NP B-PER" in format_conll(iob2)
    assert "INDIA NNP B-NP B-LOC" in format_conll(iob2)
    assert format_conll(convert_corpus(iob2, "iob1")) == TWO_DOCS
    assert format_conll(convert_corpus(convert_corpus(corpus, "bioes"), "iob1")) == TWO_DOCS
    kept = convert_corpus(corpus, "iob2", convert_columns=False)
    assert "Anil NNP I-NP B-PER" in format_conll(kept)


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    target = tmp_path / "out.conll"
    target.write_text("old\n")

    def fail_halfway() -> None:
        with atomic_write(target) as handle:
            handle.write("half")
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        fail_halfway()
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.conll"]


def test_write_conll_failure_leaves_nothing_behind(tmp_path: Path) -> None:
    corpus = parse_conll(TWO_DOCS)
    corpus.documents[0].sentences[0].columns["pos_tags"].pop()  # one value short
    with pytest.raises(IndexError):
        write_conll(corpus, tmp_path / "x.conll")
    assert list(tmp_path.iterdir()) == []


def test_atomic_directory_replaces_only_on_success(tmp_path: Path) -> None:
    target = tmp_path / "sets"
    with atomic_directory(target) as tmp:
        (tmp / "a.txt").write_text("a")
    assert (target / "a.txt").read_text() == "a"
    with pytest.raises(FileExistsError):
        atomic_directory(target).__enter__()

    def interrupted() -> None:
        with atomic_directory(target, overwrite=True) as tmp:
            (tmp / "b.txt").write_text("b")
            raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError, match="interrupted"):
        interrupted()
    assert sorted(p.name for p in target.iterdir()) == ["a.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sets"]


# --- the real CoNLL-2003 files, when ../shared/data is present ---------------------------------


@pytest.mark.parametrize("name", ["train.txt", "valid.txt", "test.txt"])
def test_conll2003_round_trips_byte_for_byte(conll2003_dir: Path, name: str) -> None:
    text = (conll2003_dir / name).read_text()
    corpus = read_conll(conll2003_dir / name)
    assert corpus.scheme == "iob1"
    assert format_conll(corpus) == text


def test_conll2003_test_counts(conll2003_dir: Path) -> None:
    corpus = read_conll(conll2003_dir / "test.txt")
    assert len(corpus.documents) == 231
    assert corpus.num_sentences() == 3453
    assert corpus.num_tokens() == 46435
    assert corpus.entity_counts() == {"PER": 1617, "LOC": 1668, "ORG": 1661, "MISC": 702}


def test_conll2003_test_converts_to_the_iob2_release(conll2003_dir: Path) -> None:
    corpus = read_conll(conll2003_dir / "test.txt")
    expected = (conll2003_dir / "iob2" / "test.txt").read_text()
    assert format_conll(convert_corpus(corpus, "iob2")) == expected


@pytest.mark.parametrize("name", ["valid.txt", "test.txt"])
@pytest.mark.parametrize("via", ["iob2", "bioes", "bilou", "io"])
def test_conll2003_scheme_round_trips_through_files(
    conll2003_dir: Path, name: str, via: str
) -> None:
    original = read_conll(conll2003_dir / name)
    there = parse_conll(format_conll(convert_corpus(original, via)))
    assert there.scheme == via if via != "io" else there.scheme in ("io", "iob1")
    back = format_conll(convert_corpus(there, "iob1"))
    if via == "io":  # IO cannot separate adjacent entities of one type
        assert back != format_conll(convert_corpus(original, "iob1"))
    else:
        assert back == format_conll(convert_corpus(original, "iob1"))


def test_conll2003_train_keeps_its_two_noncanonical_b_tags(conll2003_dir: Path) -> None:
    corpus = read_conll(conll2003_dir / "train.txt")
    begins = [s.iob1_begins for s in corpus.sentences() if s.iob1_begins]
    assert len(begins) == 2
    # Through IOB2 and back inside one corpus object the spans and the kept B- survive.
    back = convert_corpus(convert_corpus(corpus, "iob2"), "iob1")
    assert back == corpus
    assert format_conll(back, scheme="iob1") == format_conll(
        convert_corpus(corpus, "iob1"), scheme="iob1"
    )
