"""ORG sub-categories and LOC sub-types: the rule annotator, the TSV format, the shipped file."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from switcher.annotate import (
    COLUMNS,
    LOC_SUBTYPES,
    ORG_SUBCATEGORIES,
    REPLACEABLE_LOC,
    REPLACEABLE_ORG,
    Annotation,
    Context,
    annotate_corpus,
    annotation_fingerprint,
    build_annotation,
    guess_loc,
    guess_org,
    load_annotation,
    read_rows,
    shipped_annotation,
    write_annotation,
)
from switcher.annotate.rules import document_topic, is_sports_topic
from switcher.annotate.shipped import shipped_paths
from switcher.cli import main
from switcher.corpus import Corpus, Document, Span
from switcher.errors import AnnotationError
from switcher.read.conll import read_conll
from switcher.read.sources import load_corpus
from switcher.read.write import write_conll
from tests.markup import corpus, document

SPORTS = Context(sports=True)


def small_corpus() -> Corpus:
    """Three stories: business, sport, a press digest; every class of mention appears."""
    return corpus(
        document(
            "[ORG Zorba Bancorp] and [ORG Zorba Airways] reported profits , [ORG Reuters] said .",
            "The [ORG Zorbington] office in [LOC Smallville] , [LOC Bavaria] , moved to the "
            "village of [LOC Kleinzorb] on the [LOC Danube] in [LOC France] .",
        ),
        document(
            "SOCCER - [ORG ZORBINGTON] WIN IN [LOC ASIA] .",
            "[ORG Zorbington] 2 [ORG Quexbury] 1 , [ORG FIFA] said .",
        ),
        document(
            "PRESS DIGEST - [LOC Zorbania] - Dec 6 .",
            "[ORG ZORBA HERALD]",
            "- [ORG Zorba Industries Inc] sold shares .",
        ),
    )


def written(tmp_path: Path, text_corpus: Corpus | None = None) -> tuple[Path, Corpus, list[str]]:
    """Write the rule annotation of a corpus and return its path, corpus and lines."""
    data = text_corpus or small_corpus()
    path = tmp_path / "ann.tsv"
    write_annotation(annotate_corpus(data), data, path)
    return path, data, path.read_text().splitlines()


def header_line(lines: list[str]) -> int:
    """Return the index of the column row."""
    return next(i for i, line in enumerate(lines) if line.startswith("document\t"))


def rewrite(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n")


# --- labels -------------------------------------------------------------------------------


def test_label_sets_are_the_papers() -> None:
    assert ORG_SUBCATEGORIES[-1] == "Others"
    assert len(ORG_SUBCATEGORIES) == 10
    assert ORG_SUBCATEGORIES[:9] == REPLACEABLE_ORG
    assert LOC_SUBTYPES == ("city", "province", "village", "country", "region", "feature")
    assert REPLACEABLE_LOC == ("city", "province", "village")


# --- rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        ("Zorba Airways", Context(), "Airline"),
        ("Air Zorbania", Context(), "Airline"),
        ("Zorba Bancorp", Context(), "Bank"),
        ("Central Bank of Zorbania", Context(), "Bank"),
        ("Zorba Industries Inc", Context(), "Corporation"),
        ("Zorba Holdings Ltd", Context(), "Corporation"),
        ("Zorba Times", Context(), "Newspaper"),
        ("Reuters", Context(), "Newspaper"),
        ("ZORBA HERALD", Context(press_digest=True, alone=True), "Newspaper"),
        ("Zorbania People 's Party", Context(), "Political Party"),
        ("Zorba Pizza", Context(), "Restaurant"),
        ("McDonald 's", Context(), "Restaurant"),
        ("Quexbury", SPORTS, "Sports Team"),
        ("Quexbury Rovers", Context(), "Sports Team"),
        ("Zorbania Football Federation", Context(), "Sports Union"),
        ("FIFA", SPORTS, "Sports Union"),
        ("University of Zorbania", Context(), "University"),
        ("Zorba Institute of Technology", Context(), "University"),
        ("Zorbania Foreign Ministry", Context(), "Others"),
        ("Zorbania Foreign Ministry", SPORTS, "Others"),
        ("World Bank", Context(), "Others"),
        ("United Nations", Context(), "Others"),
        ("Zorblax", Context(), "Others"),
    ],
)
def test_rules_org_clear_cases(text: str, context: Context, expected: str) -> None:
    assert guess_org(text, context) == expected


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        ("France", Context(), "country"),
        ("U.S.", Context(), "country"),
        ("NEW ZEALAND", Context(), "country"),
        ("Bavaria", Context(), "province"),
        ("Zorbania Province", Context(), "province"),
        ("Northern Iraq", Context(), "province"),
        ("Tokyo", Context(), "city"),
        ("Zorba City", Context(), "city"),
        ("Smallville", Context(), "city"),
        ("Kleinzorb", Context(before=("village", "of")), "village"),
        ("Kleinzorb", Context(after=("village",)), "village"),
        ("Asia", Context(), "region"),
        ("West Africa", Context(), "region"),
        ("Danube", Context(), "feature"),
        ("Zorba River", Context(), "feature"),
        ("Zorbington Stadium", Context(), "feature"),
    ],
)
def test_rules_loc_clear_cases(text: str, context: Context, expected: str) -> None:
    assert guess_loc(text, context) == expected


@pytest.mark.parametrize(
    ("headline", "topic", "sports"),
    [
        ("SOCCER - JAPAN GET LUCKY WIN .", "soccer", True),
        ("NFL AMERICAN FOOTBALL-COLTS CLOBBER EAGLES .", "nfl american football", True),
        ("RUGBY UNION - BRITISH RESULTS .", "rugby union", True),
        ("PRESS DIGEST - Turkey - Dec 6 .", "press digest", False),
        ("Britain sets conditions to clear American alliance .", "", False),
    ],
)
def test_document_topic(headline: str, topic: str, sports: bool) -> None:
    found = document_topic(document(headline).sentences)
    assert found == topic
    assert is_sports_topic(found) is sports


def test_annotate_corpus_uses_the_document_topic() -> None:
    annotation = annotate_corpus(small_corpus())
    labels = {(row.document, row.text): row.subtype for row in annotation.rows}
    assert labels[(0, "Zorbington")] == "Others"  # unknown outside sport
    assert labels[(1, "Zorbington")] == "Sports Team"
    assert labels[(1, "ZORBINGTON")] == "Sports Team"
    assert labels[(1, "Quexbury")] == "Sports Team"
    assert labels[(2, "ZORBA HERALD")] == "Newspaper"
    assert labels[(0, "Kleinzorb")] == "village"
    assert labels[(2, "Zorbania")] == "city"  # unknown place
    assert annotation.num_reviewed() == 0
    assert len(annotation) == 17


def test_known_strings_win_and_bad_known_labels_fail() -> None:
    data = small_corpus()
    annotation = annotate_corpus(data, known={"Bank": ["zorbington"], "province": ["Zorbania"]})
    labels = {(row.document, row.text): row.subtype for row in annotation.rows}
    assert labels[(0, "Zorbington")] == "Bank"
    assert labels[(1, "Zorbington")] == "Bank"
    assert labels[(2, "Zorbania")] == "province"
    with pytest.raises(AnnotationError, match=r"unknown label 'Banks'; expected one of Airline"):
        annotate_corpus(data, known={"Banks": ["Zorbington"]})
    with pytest.raises(AnnotationError, match=r"must be a list of names"):
        annotate_corpus(data, known={"Bank": "Zorbington"})


# --- the Annotation mapping ---------------------------------------------------------------


def test_annotation_is_a_mapping_in_corpus_order() -> None:
    data = small_corpus()
    annotation = annotate_corpus(data)
    keys = list(annotation)
    assert keys == sorted(keys)
    assert keys[0] == (0, 0, 0, 2)
    assert annotation[(0, 0, 0, 2)] == "Bank"
    assert annotation.subtype(0, 0, Span(0, 2, "ORG")) == "Bank"
    assert annotation.subtype(0, 0, Span(0, 2, "LOC")) is None  # wrong type
    assert annotation.subtype(0, 0, Span(0, 1, "ORG")) is None  # no such span
    assert annotation.labels_for("LOC") == LOC_SUBTYPES
    assert annotation.labels_for("PER") == ()
    assert annotation.counts("ORG")["Sports Team"] == 3
    with pytest.raises(AttributeError):
        annotation.fingerprint = "x"  # type: ignore[misc]


def test_build_annotation_needs_every_mention() -> None:
    data = small_corpus()
    labels = dict(annotate_corpus(data))
    del labels[(0, 0, 0, 2)]
    with pytest.raises(AnnotationError, match=r"no label for the ORG mention 'Zorba Bancorp'"):
        build_annotation(data, labels)
    labels[(0, 0, 0, 2)] = "Banque"
    with pytest.raises(AnnotationError, match=r"unknown ORG label 'Banque'; expected one of"):
        build_annotation(data, labels)


# --- file format: round trip and fingerprint ------------------------------------------------


def test_write_then_load_round_trip(tmp_path: Path) -> None:
    path, data, lines = written(tmp_path)
    loaded = load_annotation(path, data)
    assert loaded == annotate_corpus(data)
    assert loaded.path == path
    assert lines[0] == "# switcher sub-type annotation"
    assert "# format: 1" in lines
    assert f"# fingerprint: {annotation_fingerprint(data)}" in lines
    assert "# document sizes: 2 2 3" in lines
    assert lines[header_line(lines)].split("\t") == list(COLUMNS)
    assert lines[header_line(lines) + 1] == "0\t0\t0\t2\tORG\tZorba Bancorp\tBank\tno"
    assert read_rows(path) == loaded.rows


def test_reviewed_flags_survive(tmp_path: Path) -> None:
    data = small_corpus()
    labels = dict(annotate_corpus(data))
    annotation = build_annotation(data, labels, reviewed={(0, 0, 0, 2)}, created="2026-01-02")
    path = tmp_path / "r.tsv"
    write_annotation(annotation, data, path)
    loaded = load_annotation(path, data)
    assert [row.key for row in loaded.rows if row.reviewed] == [(0, 0, 0, 2)]
    assert loaded.created == "2026-01-02"


def test_fingerprint_ignores_scheme_and_document_boundaries(tmp_path: Path) -> None:
    data = read_conll(load_corpus("sample").source)
    iob2 = tmp_path / "sample.iob2"
    write_conll(data, iob2, scheme="iob2")
    assert annotation_fingerprint(read_conll(iob2)) == annotation_fingerprint(data)
    flat = Corpus([Document([s]) for s in data.sentences()], "iob1", has_documents=False)
    assert annotation_fingerprint(flat) == annotation_fingerprint(data)
    changed = small_corpus()
    changed.documents[0].sentences[0].tokens[-1] = "!"
    assert annotation_fingerprint(changed) != annotation_fingerprint(small_corpus())


def test_rows_move_to_other_document_boundaries(tmp_path: Path) -> None:
    path, data, _ = written(tmp_path)
    flat = Corpus([Document([s]) for s in data.sentences()], "iob1", has_documents=False)
    loaded = load_annotation(path, flat)
    assert len(loaded) == 17
    assert loaded.subtype(2, 0, Span(2, 3, "ORG")) == "Sports Team"  # doc 1 sentence 0 before


# --- file format: mismatches fail loudly ----------------------------------------------------


def test_fingerprint_mismatch_comes_first(tmp_path: Path) -> None:
    path, _, _ = written(tmp_path)
    other = corpus(document("[ORG Zorba Bancorp] fell in [LOC Paris] ."))
    with pytest.raises(AnnotationError, match=r"made for another corpus .*fingerprint sha256:"):
        load_annotation(path, other)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda row: row.replace("0\t0\t0\t2\tORG", "0\t0\t0\t3\tORG"),
            r"ann\.tsv:\d+: document 0 sentence 0 has no ORG or LOC span \[0, 3\) .*its ORG/LOC "
            r"spans are: ORG \[0, 2\) 'Zorba Bancorp'",
        ),
        (
            lambda row: row.replace("Zorba Bancorp", "Zorba Bank"),
            r"ann\.tsv:\d+: .*expected the text 'Zorba Bancorp' of the corpus, found 'Zorba Bank'",
        ),
        (
            lambda row: row.replace("\tBank\t", "\tBanks\t"),
            r"ann\.tsv:\d+: unknown ORG label 'Banks'; expected one of Airline, Bank, Corporation",
        ),
        (
            lambda row: row.replace("\tORG\t", "\tLOC\t").replace("\tBank\t", "\tcity\t"),
            r"ann\.tsv:\d+: .*'Zorba Bancorp' is ORG in the corpus; the row says LOC",
        ),
        (
            lambda row: row.rsplit("\t", 1)[0],
            r"ann\.tsv:\d+: expected 8 tab-separated fields .*found 7",
        ),
        (
            lambda row: "x" + row,
            r"ann\.tsv:\d+: document must be a non-negative integer, found 'x0'",
        ),
        (
            lambda row: row.replace("\tno", "\tmaybe"),
            r"ann\.tsv:\d+: reviewed must be 'yes' or 'no', found 'maybe'",
        ),
        (
            lambda row: row.replace("0\t0\t0\t2", "9\t0\t0\t2"),
            r"ann\.tsv:\d+: document 9 does not exist; the corpus has 3 documents",
        ),
    ],
)
def test_bad_first_row_names_file_line_and_mismatch(
    tmp_path: Path, edit: Callable[[str], str], message: str
) -> None:
    path, data, lines = written(tmp_path)
    first = header_line(lines) + 1
    lines[first] = edit(lines[first])
    rewrite(path, lines)
    with pytest.raises(AnnotationError, match=message) as caught:
        load_annotation(path, data)
    assert f"ann.tsv:{first + 1}:" in str(caught.value)


def test_missing_duplicate_and_unordered_rows(tmp_path: Path) -> None:
    path, data, lines = written(tmp_path)
    first = header_line(lines) + 1
    rewrite(path, lines[:first] + lines[first + 1 :])
    with pytest.raises(
        AnnotationError,
        match=r"the ORG mention 'Zorba Bancorp' \(document 0, sentence 0, span \[0, 2\)\) has no "
        r"row; expected one row per ORG and LOC mention \(17 in",
    ):
        load_annotation(path, data)
    rewrite(path, [*lines[: first + 1], lines[first], *lines[first + 1 :]])
    with pytest.raises(AnnotationError, match=r"a second row for ORG 'Zorba Bancorp'"):
        load_annotation(path, data)
    swapped = [*lines[:first], lines[first + 1], lines[first], *lines[first + 2 :]]
    rewrite(path, swapped)
    with pytest.raises(AnnotationError, match=r"'Zorba Bancorp' .* is out of corpus order"):
        load_annotation(path, data)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda lines: [line for line in lines if not line.startswith("document")], "header row"),
        (
            lambda lines: [line.replace("# format: 1", "# format: 7") for line in lines],
            r"format version '7' in the '# format:' line; expected '1'",
        ),
        (
            lambda lines: [line for line in lines if not line.startswith("# fingerprint")],
            r"no '# fingerprint: sha256:\.\.\.' line",
        ),
    ],
)
def test_bad_header(tmp_path: Path, edit: Callable[[str], str], message: str) -> None:
    path, data, lines = written(tmp_path)
    rewrite(path, edit(lines))
    with pytest.raises(AnnotationError, match=message):
        load_annotation(path, data)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(AnnotationError, match=re.escape(f"{tmp_path / 'no.tsv'}: no such")):
        load_annotation(tmp_path / "no.tsv", small_corpus())


def test_write_refuses_another_corpus(tmp_path: Path) -> None:
    annotation = annotate_corpus(small_corpus())
    other = corpus(document("[ORG Zorba Bancorp] fell ."))
    with pytest.raises(AnnotationError, match=r"belongs to a corpus with fingerprint"):
        write_annotation(annotation, other, tmp_path / "x.tsv")
    assert not (tmp_path / "x.tsv").exists()


# --- shipped annotation and command line ------------------------------------------------------


def test_shipped_file_is_complete_and_reviewed() -> None:
    rows = read_rows(shipped_paths()[0])
    assert Counter(row.type for row in rows) == {"ORG": 1661, "LOC": 1668}
    assert all(row.reviewed for row in rows)


def test_no_shipped_annotation_for_other_corpora() -> None:
    assert shipped_annotation(small_corpus()) is None
    assert shipped_annotation(load_corpus("sample")) is None


@pytest.mark.shared_data
def test_shipped_annotation_fits_conll2003_test(conll2003_dir: Path) -> None:
    test = load_corpus(conll2003_dir / "test.txt")
    annotation = shipped_annotation(test)
    assert isinstance(annotation, Annotation)
    counts = Counter(row.type for row in annotation.rows)
    assert counts == {"ORG": 1661, "LOC": 1668}
    assert annotation.num_reviewed() == 3329
    assert all(row.subtype in annotation.labels_for(row.type) for row in annotation.rows)
    for d, s, sentence in test.iter_sentences():
        for span in sentence.spans:
            if span.label in ("ORG", "LOC"):
                assert annotation.subtype(d, s, span) is not None
    iob2 = load_corpus(conll2003_dir / "iob2" / "test.txt")
    assert shipped_annotation(iob2) == annotation
    assert shipped_annotation(load_corpus(conll2003_dir / "valid.txt")) is None


def test_cli_annotate_sample_writes_a_loadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sample.tsv"
    assert main(["annotate", "sample", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "13 ORG and 21 LOC mentions" in printed
    assert re.search(r"left at Others: \d+ of 13 ORG mentions", printed)
    loaded = load_annotation(out, load_corpus("sample"))
    assert len(loaded) == 34
    assert loaded.num_reviewed() == 0


def test_cli_annotate_bad_input_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["annotate", str(tmp_path / "none.txt"), "--out", str(tmp_path / "x.tsv")]) == 2
    assert "no such file" in capsys.readouterr().err
