"""Generating switched sets: PER-only and full mode, files on disk, determinism, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from switcher.cli import main
from switcher.corpus import Corpus, Span
from switcher.errors import GenerationError, LexiconError
from switcher.lexicons import load_lexicon
from switcher.read.conll import read_conll
from switcher.read.sources import load_corpus
from switcher.switch.checks import check_full_rows, check_per_only_rows, check_sets
from switcher.switch.generate import generate_sets
from switcher.switch.store import ORIGINAL, read_provenance, read_table, read_variant_corpus

from .markup import corpus as make_corpus
from .markup import document

FIXTURES = Path(__file__).parent / "fixtures" / "generate"


@pytest.fixture
def zz():
    return load_lexicon(FIXTURES / "zz.yaml")


@pytest.fixture
def sample() -> Corpus:
    return load_corpus("sample")


def per_texts(rows) -> list[list[str]]:
    """The PER mentions of each row, as strings."""
    return [
        [" ".join(r["tokens"][s.start : s.end]) for s in r["spans"] if s.label == "PER"]
        for r in rows
    ]


class Subtypes:
    """A stand-in annotation: sub-type by surface string, with a default per type."""

    def __init__(self, table: dict[str, str]) -> None:
        self.table = table

    def subtype(self, document: int, sentence: int, span: Span) -> str:
        return self.table.get(span.label, "Others")


def test_per_only_forms_follow_each_name_shape(tmp_path: Path, zz, sample) -> None:
    # seed 1 draws the two-token family name for the compound first name
    generate_sets(sample, [zz], tmp_path / "sets", variants=5, seed=1, progress=False)
    grouped = read_table(tmp_path / "sets", "per", "zz")
    names = {index: rows[0]["variant_name"] for (_, index), rows in grouped.items()}
    assert names == {
        0: "Lan Andrada Cruz",
        1: "Jose Mari Andrada Cruz",
        2: "Sukarno",
        3: "Siti Aminah",
        4: "Ayesha Khalid",
    }
    # Document 0: "Emeka Okonkwo" (full), "Okonkwo" (last), "Tunde Bakare" (full),
    # "Emeka" (first), "Bakare" (last), "Ibrahim" (unmatched: last).
    first_doc = [2, 3, 4, 5]
    expected = {
        1: [
            ["Jose Mari Andrada Cruz"],
            ["Andrada Cruz", "Jose Mari Andrada Cruz"],
            ["Jose Mari", "Andrada Cruz"],
            ["Andrada Cruz"],
        ],
        2: [["Sukarno"], ["Sukarno", "Sukarno"], ["Sukarno", "Sukarno"], ["Sukarno"]],
        3: [["Siti Aminah"], ["Aminah", "Siti Aminah"], ["Siti", "Aminah"], ["Aminah"]],
        4: [["Ayesha Khalid"], ["Khalid", "Ayesha Khalid"], ["Ayesha", "Khalid"], ["Khalid"]],
    }
    for index, texts in expected.items():
        rows = grouped["zz", index]
        assert per_texts([rows[i] for i in first_doc]) == texts


def test_per_only_keeps_everything_else(tmp_path: Path, zz, sample) -> None:
    generate_sets(sample, [zz], tmp_path / "sets", variants=5, progress=False)
    original = read_table(tmp_path / "sets", ORIGINAL, ORIGINAL)[ORIGINAL, -1]
    for (_, index), rows in read_table(tmp_path / "sets", "per", "zz").items():
        problems = check_per_only_rows(
            original, rows, rows[0]["variant_name"], "iob1", f"zz/{index}"
        )
        assert problems == []
    assert check_sets(tmp_path / "sets").ok


def test_alignment_maps_new_spans_back(tmp_path: Path, zz, sample) -> None:
    generate_sets(sample, [zz], tmp_path / "sets", variants=2, seed=1, progress=False)
    rows = read_table(tmp_path / "sets", "per", "zz")["zz", 1]
    original = list(sample.sentences())
    for row in rows:
        for r in row["replacements"]:
            old = original[row["sentence_id"]]
            assert " ".join(old.tokens[r.orig_start : r.orig_end]) == r.orig_text
            assert " ".join(row["tokens"][r.new_start : r.new_end]) == r.new_text
            assert Span(r.new_start, r.new_end, "PER") in row["spans"]
            assert r.entry == "Jose Mari Andrada Cruz"
            assert r.source == "zz:per"


def test_all_caps_headlines_and_adjacent_spans(tmp_path: Path, zz) -> None:
    corpus = make_corpus(
        document(
            "SOCCER - [PER OKONKWO] STRIKES AS [LOC LAGOS] WIN .",
            "[PER Emeka Okonkwo][PER Bobby] scored .",
        )
    )
    generate_sets(corpus, [zz], tmp_path / "sets", variants=1, progress=False)
    rows = read_table(tmp_path / "sets", "per", "zz")["zz", 0]
    assert rows[0]["tokens"] == ["SOCCER", "-", "NGUYEN", "STRIKES", "AS", "LAGOS", "WIN", "."]
    assert rows[1]["tokens"][:4] == ["Lan", "Nguyen", "Nguyen", "scored"]  # seed 0: Lan Nguyen
    assert rows[1]["tags"][:3] == ["I-PER", "I-PER", "B-PER"]  # IOB1 adjacency kept
    assert rows[1]["spans"][:2] == [Span(0, 2, "PER"), Span(2, 3, "PER")]


def test_conll_export_of_every_variant(tmp_path: Path, zz, sample) -> None:
    generate_sets(sample, [zz], tmp_path / "sets", variants=2, formats=["conll"], progress=False)
    exported = read_conll(tmp_path / "sets" / "conll" / "per" / "zz" / "01.conll")
    assert exported.scheme == "iob1"
    assert len(exported.documents) == len(sample.documents)
    assert exported.entity_counts() == sample.entity_counts()
    assert exported == read_variant_corpus(tmp_path / "sets", "per", "zz", 1)
    assert read_variant_corpus(tmp_path / "sets", ORIGINAL, ORIGINAL, -1) == sample


def test_same_seed_gives_identical_bytes(tmp_path: Path, zz, sample) -> None:
    annotation = Subtypes({"LOC": "city", "ORG": "Bank"})
    for run in ("a", "b"):
        generate_sets(sample, [zz], tmp_path / run / "per", variants=3, progress=False)
        generate_sets(
            sample,
            [zz],
            tmp_path / run / "full",
            mode="full",
            variants=2,
            annotation=annotation,
            progress=False,
        )
    files = sorted(
        p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file()
    )
    assert files
    for relative in files:
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes()


def test_another_seed_gives_another_full_mapping(tmp_path: Path, zz, sample) -> None:
    annotation = Subtypes({"LOC": "city", "ORG": "Bank"})
    entries = []
    for seed in (0, 1):
        generate_sets(
            sample,
            [zz],
            tmp_path / str(seed),
            mode="full",
            variants=1,
            seed=seed,
            annotation=annotation,
            progress=False,
        )
        rows = read_table(tmp_path / str(seed), "full", "zz")["zz", 0]
        entries.append([(r.orig_text, r.entry) for row in rows for r in row["replacements"]])
    assert [o for o, _ in entries[0]] == [o for o, _ in entries[1]]
    assert entries[0] != entries[1]


def test_full_mode_is_consistent_inside_documents(tmp_path: Path, zz, sample) -> None:
    annotation = Subtypes({"LOC": "city", "ORG": "Sports Team"})
    report = generate_sets(
        sample,
        [zz],
        tmp_path / "sets",
        mode="full",
        variants=3,
        annotation=annotation,
        progress=False,
    )
    assert report.origins[0].replaced["ORG/Sports Team"] == 3 * 13
    for (_, index), rows in read_table(tmp_path / "sets", "full", "zz").items():
        found = check_full_rows(rows, f"zz/{index}")
        assert found.problems == []
        assert found.inconsistent == 0
        # the same string in one document gets the same replacement ...
        doc0 = [r for row in rows if row["document_id"] == 0 for r in row["replacements"]]
        by_text = {}
        for r in doc0:
            if r.label != "PER":
                by_text.setdefault((r.label, r.orig_text.casefold()), set()).add(
                    r.new_text.casefold()
                )
        assert all(len(v) == 1 for v in by_text.values())
        # ... and different persons get different names
        persons = {r.entity: r.entry for r in doc0 if r.label == "PER"}
        assert len(set(persons.values())) == len(persons)
        # MISC is never touched
        original = list(sample.sentences())
        for row in rows:
            old = original[row["sentence_id"]]
            old_misc = [old.tokens[s.start : s.end] for s in old.spans if s.label == "MISC"]
            new_misc = [row["tokens"][s.start : s.end] for s in row["spans"] if s.label == "MISC"]
            assert old_misc == new_misc


def test_full_mode_keeps_others_and_countries(tmp_path: Path, zz, sample) -> None:
    annotation = Subtypes({"LOC": "country", "ORG": "Others"})
    report = generate_sets(
        sample,
        [zz],
        tmp_path / "sets",
        mode="full",
        variants=1,
        annotation=annotation,
        progress=False,
    )
    assert report.origins[0].kept == {"LOC/country": 21, "ORG/Others": 13}
    assert set(report.origins[0].replaced) == {"PER/full", "PER/last", "PER/first"}


def test_full_mode_needs_an_annotation(tmp_path: Path, zz, sample) -> None:
    with pytest.raises(GenerationError, match="switcher annotate INPUT --out FILE"):
        generate_sets(sample, [zz], tmp_path / "sets", mode="full", progress=False)
    assert not (tmp_path / "sets").exists()


def test_origin_lacking_a_needed_list(tmp_path: Path, sample) -> None:
    yy = load_lexicon(FIXTURES / "yy.yaml")
    annotation = Subtypes({"LOC": "city", "ORG": "Bank"})
    with pytest.raises(GenerationError, match=r"yy lacks org\.Bank \(13 mentions\)"):
        generate_sets(
            sample, [yy], tmp_path / "sets", mode="full", annotation=annotation, progress=False
        )
    assert not (tmp_path / "sets").exists()
    report = generate_sets(
        sample,
        [yy],
        tmp_path / "sets",
        mode="full",
        variants=1,
        annotation=annotation,
        on_missing="keep",
        progress=False,
    )
    assert report.origins[0].kept == {"ORG/Bank": 13}


def test_input_without_per_spans(tmp_path: Path, zz) -> None:
    corpus = make_corpus(document("[LOC Lagos] is hot ."))
    with pytest.raises(GenerationError, match="has no PER spans"):
        generate_sets(corpus, [zz], tmp_path / "sets", progress=False)
    assert not (tmp_path / "sets").exists()


def test_unknown_origin_is_one_line_at_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sets"
    status = main(["generate", "--input", "sample", "--origins", "us,atlantis", "--out", str(out)])
    assert status == 2
    err = capsys.readouterr().err
    assert err.startswith("switcher: error: ")
    assert "atlantis" in err
    assert not out.exists()
    with pytest.raises(LexiconError):
        generate_sets("sample", "atlantis", out, progress=False)


def test_existing_output_needs_overwrite(tmp_path: Path, zz, sample) -> None:
    generate_sets(sample, [zz], tmp_path / "sets", variants=1, progress=False)
    with pytest.raises(GenerationError, match="already exists; pass --overwrite"):
        generate_sets(sample, [zz], tmp_path / "sets", variants=1, progress=False)
    generate_sets(sample, [zz], tmp_path / "sets", variants=2, overwrite=True, progress=False)
    assert len(read_provenance(tmp_path / "sets")["sets"][0]["variants"]) == 2


def test_provenance_records_inputs(tmp_path: Path, zz, sample) -> None:
    generate_sets(sample, [zz], tmp_path / "sets", variants=2, seed=7, progress=False)
    provenance = read_provenance(tmp_path / "sets")
    assert provenance["mode"] == "per"
    assert provenance["seed"] == 7
    assert provenance["lexicons"][0]["id"] == "zz"
    assert len(provenance["lexicons"][0]["sha256"]) == 64
    assert provenance["input"]["entities"] == {"PER": 17, "ORG": 13, "LOC": 21, "MISC": 4}
    assert provenance["input"]["documents"] == 5


def test_cli_generate_on_the_sample(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sets"
    status = main(
        [
            "generate",
            "--input",
            "sample",
            "--origins",
            str(FIXTURES / "zz.yaml"),
            "--out",
            str(out),
            "--variants",
            "2",
            "--quiet",
        ]
    )
    assert status == 0
    assert "wrote 2 per variants of 1 origins" in capsys.readouterr().out
    assert (out / "per" / "zz" / "data.parquet").exists()


def test_conll2003_two_origins_pass_every_check(tmp_path: Path, conll2003_dir: Path) -> None:
    corpus = read_conll(conll2003_dir / "test.txt")
    generate_sets(corpus, "us,vn", tmp_path / "sets", progress=False)
    report = check_sets(tmp_path / "sets")
    assert report.variants == 40
    assert report.ok, report.problems[:5]
    assert set(report.per_spans.values()) == {1617}


def _tables_agree(corpus: Corpus, lexicon, count: int) -> None:
    from switcher.switch.grid import PerOnlyGrid
    from switcher.switch.names import per_only_names
    from switcher.switch.per_only import per_only_variant, plan_persons
    from switcher.switch.replace import column_schemes
    from switcher.switch.store import RowEncoder, set_features
    from switcher.switch.variants import VariantInfo

    encoder = RowEncoder(corpus, set_features(corpus))
    plans = plan_persons(corpus)
    schemes = column_schemes(corpus)
    names = per_only_names(lexicon, count)
    infos = [VariantInfo("per", lexicon.id, k, n.text, 0) for k, n in enumerate(names)]
    reference = encoder.table(
        [
            per_only_variant(plans, n, i, column_schemes=schemes)
            for n, i in zip(names, infos, strict=True)
        ]
    )
    fast = PerOnlyGrid(encoder, plans, schemes).table(names, infos)
    assert fast.schema == reference.schema
    assert fast.equals(reference)


def test_grid_tables_equal_the_reference_variants(zz, sample) -> None:
    _tables_agree(sample, zz, 5)
    headline = make_corpus(
        document("SOCCER - [PER OKONKWO] STRIKES .", "[PER Emeka Okonkwo][PER Bobby] scored .")
    )
    _tables_agree(headline, zz, 5)


def test_grid_tables_equal_the_reference_on_conll2003(conll2003_dir: Path) -> None:
    _tables_agree(read_conll(conll2003_dir / "test.txt"), load_lexicon("id"), 20)
