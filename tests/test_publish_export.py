"""`switcher export`: the Hub-ready folder, its dataset card, and the licence it carries."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from switcher.cli import main
from switcher.corpus import corpus_fingerprint
from switcher.errors import PublishError
from switcher.lexicons import load_lexicon
from switcher.publish import export_sets, identify_source, read_export, unpack_export
from switcher.publish.card import size_category
from switcher.publish.licence import (
    CONLL2003_FINGERPRINTS,
    confirmation_reason,
    conll2003_split,
)
from switcher.read.sources import load_corpus, sample_path
from switcher.switch.generate import generate_sets
from switcher.switch.store import read_variant_corpus, set_label_names

FIXTURES = Path(__file__).parent / "fixtures" / "generate"
CONFIGS = ["original", "per-zz", "per-yy"]
FILES = [
    "README.md",
    "data/original/test-00000-of-00001.parquet",
    "data/per-yy/test-00000-of-00001.parquet",
    "data/per-zz/test-00000-of-00001.parquet",
    "provenance.json",
]
NER_NAMES = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"]


@pytest.fixture(scope="module")
def sets_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PER-only sets of the bundled sample: origins zz and yy, 2 variants each."""
    out = tmp_path_factory.mktemp("sets") / "sets"
    lexicons = [load_lexicon(FIXTURES / "zz.yaml"), load_lexicon(FIXTURES / "yy.yaml")]
    generate_sets(load_corpus("sample"), lexicons, out, variants=2, progress=False)
    return out


@pytest.fixture(scope="module")
def repo_dir(sets_dir: Path) -> Path:
    out = sets_dir.parent / "repo"
    export_sets(sets_dir, out)
    return out


def test_export_writes_the_hub_layout(sets_dir: Path, repo_dir: Path) -> None:
    files = sorted(p.relative_to(repo_dir).as_posix() for p in repo_dir.rglob("*") if p.is_file())
    assert files == FILES
    # parquet files and provenance are the generator's, byte for byte
    assert (repo_dir / "provenance.json").read_bytes() == (
        sets_dir / "provenance.json"
    ).read_bytes()
    for config, source in [("original", "original"), ("per-zz", "per/zz"), ("per-yy", "per/yy")]:
        exported = repo_dir / "data" / config / "test-00000-of-00001.parquet"
        assert exported.read_bytes() == (sets_dir / source / "data.parquet").read_bytes()
    assert not list(repo_dir.parent.glob(".repo.*"))  # no temporary folder left behind


def test_every_config_loads_with_load_dataset(repo_dir: Path, tmp_path: Path) -> None:
    import datasets

    names = list(set_label_names(load_corpus("sample")))
    assert names == NER_NAMES
    expected_rows = {"original": 23, "per-zz": 46, "per-yy": 46}
    for config in CONFIGS:
        loaded = datasets.load_dataset(str(repo_dir), config, cache_dir=str(tmp_path))
        assert list(loaded) == ["test"], config
        split = loaded["test"]
        assert split.num_rows == expected_rows[config], config
        features = split.features
        assert isinstance(features["ner_tags"].feature, datasets.ClassLabel)
        assert features["ner_tags"].feature.names == NER_NAMES
        assert isinstance(features["pos_tags"].feature, datasets.ClassLabel)
        assert features["chunk_tags"].feature.names == [
            "I-ADVP",
            "I-NP",
            "I-PP",
            "I-PRT",
            "I-VP",
            "O",
        ]
        assert list(features) == [
            "origin",
            "mode",
            "variant",
            "variant_name",
            "document_id",
            "sentence_id",
            "tokens",
            "pos_tags",
            "chunk_tags",
            "ner_tags",
            "changed",
            "replacements",
        ]
        origins = set(split["origin"])
        assert origins == ({"original"} if config == "original" else {config.split("-")[1]})
    zz = datasets.load_dataset(str(repo_dir), "per-zz", split="test", cache_dir=str(tmp_path))
    assert sorted(set(zz["variant_name"])) == ["Jose Mari Nguyen", "Lan Nguyen"]
    assert sum(zz["changed"]) == 22  # 11 switched sentences in each of the 2 variants
    first = zz.filter(lambda row: row["variant"] == 0)
    forms = {(r["role"], r["new_text"]) for reps in first["replacements"] for r in reps}
    assert forms == {("full", "Lan Nguyen"), ("first", "Lan"), ("last", "Nguyen")}


def test_card_header_parses_with_huggingface_hub(repo_dir: Path) -> None:
    from huggingface_hub import DatasetCard, DatasetCardData

    card = DatasetCard.load(repo_dir / "README.md")
    assert isinstance(card.data, DatasetCardData)
    data = card.data.to_dict()
    assert [c["config_name"] for c in data["configs"]] == CONFIGS
    for entry in data["configs"]:
        assert entry["data_files"] == [
            {"split": "test", "path": f"data/{entry['config_name']}/*.parquet"}
        ]
    infos = {info["config_name"]: info for info in data["dataset_info"]}
    assert sorted(infos) == sorted(CONFIGS)
    for name, info in infos.items():
        ner = next(f for f in info["features"] if f["name"] == "ner_tags")
        assert ner["list"]["class_label"]["names"] == {str(i): n for i, n in enumerate(NER_NAMES)}
        assert info["splits"][0]["name"] == "test"
        assert info["splits"][0]["num_examples"] == (23 if name == "original" else 46)
    assert data["license"] == "apache-2.0"
    assert data["language"] == ["en"]
    assert data["task_categories"] == ["token-classification"]
    assert data["task_ids"] == ["named-entity-recognition"]
    assert data["size_categories"] == ["n<1K"]
    assert data["source_datasets"] == ["extended|other"]
    assert data["pretty_name"] == "Entity-switched switcher sample (PER-only, 2 origins)"
    assert {"entity-switching", "fairness", "ner", "audit"} <= set(data["tags"])
    # datasets reads the same header back as per-config infos
    from datasets.info import DatasetInfosDict

    infos_back = DatasetInfosDict.from_dataset_card_data(card.data)
    assert infos_back["per-yy"].features["ner_tags"].feature.names == NER_NAMES


@pytest.mark.parametrize(
    "expected",
    [
        "eprint = {2004.04123}",
        "author = {Agarwal, Oshin and Yang, Yinfei and Wallace, Byron C. and Nenkova, Ani}",
        "@misc{agarwal2020entityswitched,",
        "| `per-zz` | Testland | 2 | 46 | 0: Lan Nguyen; 1: Jose Mari Nguyen |",
        "| `per-yy` | Nobank | 2 | 46 | 0: Chinedu Eze; 1: Ifeoma Eze |",
        "| `zz` Testland (curated) | `zz.yaml` | `per.first_names` | 5 | "
        "curated by hand, test fixture |",
        'switched = load_dataset("OWNER/NAME", "per-zz", split="test")',
        "switcher evaluate --sets export",
        "- dataset: `sample.conll`",
        "Seed: 0; variants per origin: 2; 2 origins (PER-only).",
        "taken as family names.",
        "- licence: `apache-2.0`.",
        "Names are romanised (Latin script)",
        "Western rule of the paper",
        "A name list is a sample of names of a country",
        "PER-only sets keep LOC, ORG and MISC unchanged.",
        "| `replacements` | list of records |",
        "| `variant` | int32 | 0-based variant number",
    ],
)
def test_card_body_says(repo_dir: Path, expected: str) -> None:
    assert expected in (repo_dir / "README.md").read_text()


def test_card_without_research_notice_for_the_sample(repo_dir: Path) -> None:
    text = (repo_dir / "README.md").read_text()
    assert "Research use only" not in text
    assert "Licence unknown" not in text
    assert not (repo_dir / "LICENSE.md").exists()


def _conll_like(sets_dir: Path, tmp_path: Path, **changes: object) -> Path:
    """A copy of the sample sets whose provenance claims another input (no CoNLL text)."""
    copy = tmp_path / "sets"
    shutil.copytree(sets_dir, copy)
    provenance = json.loads((copy / "provenance.json").read_text())
    provenance["input"].update(changes)
    (copy / "provenance.json").write_text(json.dumps(provenance))
    return copy


def test_research_only_input_travels_into_the_card(sets_dir: Path, tmp_path: Path) -> None:
    test_fingerprint = next(k for k, v in CONLL2003_FINGERPRINTS.items() if v == "test")
    sets = _conll_like(
        sets_dir, tmp_path, fingerprint=test_fingerprint, source="/data/conll2003/test.txt"
    )
    report = export_sets(sets, tmp_path / "repo")
    assert report.licence.research_only
    from huggingface_hub import DatasetCard

    data = DatasetCard.load(tmp_path / "repo" / "README.md").data.to_dict()
    assert data["license"] == "other"
    assert data["license_name"] == "conll-2003-research-only"
    assert data["license_link"] == "LICENSE.md"
    assert data["source_datasets"] == ["extended|eriktks/conll2003"]
    assert data["pretty_name"] == "Entity-switched CoNLL-2003 test (PER-only, 2 origins)"
    text = (tmp_path / "repo" / "README.md").read_text()
    assert "> **Research use only.** These sets are derived from CoNLL-2003" in text
    assert "Tjong Kim Sang, Erik F. and De Meulder, Fien" in text
    assert "research use only" in (tmp_path / "repo" / "LICENSE.md").read_text()


def test_unknown_licence_says_unknown_and_can_be_declared(sets_dir: Path, tmp_path: Path) -> None:
    sets = _conll_like(sets_dir, tmp_path, fingerprint="0" * 64, source="/data/mine.conll")
    report = export_sets(sets, tmp_path / "repo")
    assert report.licence.license == "unknown"
    text = (tmp_path / "repo" / "README.md").read_text()
    assert "license: unknown" in text
    assert "> **Licence unknown.**" in text
    declared = export_sets(
        sets, tmp_path / "repo2", license="cc-by-4.0", language=["de"], pretty_name="Mine"
    )
    assert declared.licence.license == "cc-by-4.0"
    text = (tmp_path / "repo2" / "README.md").read_text()
    assert "license: cc-by-4.0" in text
    assert "language:\n- de\n" in text
    assert "# Mine\n" in text


@pytest.mark.parametrize(
    ("setup", "kwargs", "message"),
    [
        ("missing", {}, "no such folder; expected a sets folder"),
        ("empty", {}, "not a switcher sets folder \\(no provenance.json\\)"),
        ("no-parquet", {}, "lists the set per/yy/data.parquet, but the file is missing"),
        ("exists", {}, "already exists; pass --overwrite"),
        ("inside", {}, "overlaps the sets folder"),
        ("sample", {"license": "mit"}, "bundled sample, which is Apache-2.0"),
        ("sample", {"license": "CC BY"}, "is not a Hub licence id"),
        ("sample", {"language": ["english"]}, "is not an ISO 639 code"),
    ],
)
def test_export_refuses_bad_input(
    sets_dir: Path, tmp_path: Path, setup: str, kwargs: dict[str, object], message: str
) -> None:
    sets, out = tmp_path / "sets", tmp_path / "out"
    if setup != "missing":
        shutil.copytree(sets_dir, sets)
    if setup == "empty":
        shutil.rmtree(sets)
        sets.mkdir()
    elif setup == "no-parquet":
        (sets / "per" / "yy" / "data.parquet").unlink()
    elif setup == "exists":
        out.mkdir()
        (out / "keep.txt").write_text("mine")
    elif setup == "inside":
        out = sets / "repo"
    with pytest.raises(PublishError, match=message):
        export_sets(sets, out, **kwargs)  # type: ignore[arg-type]
    if setup == "exists":
        assert (out / "keep.txt").read_text() == "mine"
    else:
        assert not out.exists()


def test_export_overwrite_replaces_the_folder(sets_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "repo"
    out.mkdir()
    (out / "stale.txt").write_text("old")
    export_sets(sets_dir, out, overwrite=True)
    assert not (out / "stale.txt").exists()
    assert (out / "README.md").is_file()


def test_unpack_export_gives_the_sets_folder_back(
    sets_dir: Path, repo_dir: Path, tmp_path: Path
) -> None:
    back = unpack_export(repo_dir, tmp_path / "sets")
    for relative in ["provenance.json", "original/data.parquet", "per/zz/data.parquet"]:
        assert (back / relative).read_bytes() == (sets_dir / relative).read_bytes()
    variant = read_variant_corpus(back, "per", "yy", 1)
    assert variant.num_sentences() == 23
    with pytest.raises(PublishError, match="already exists"):
        unpack_export(repo_dir, back)


def test_read_export_lists_configs_and_files(repo_dir: Path) -> None:
    folder = read_export(repo_dir)
    assert list(folder.configs) == CONFIGS
    assert folder.configs["per-zz"] == ("data/per-zz/test-00000-of-00001.parquet",)
    assert list(folder.files) == FILES


def test_cli_export(sets_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "repo"
    assert main(["export", str(sets_dir), "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"wrote 3 configs (115 rows) to {out} (")
    assert [line.split()[-1] for line in lines[1:6]] == FILES
    assert lines[6] == (
        "licence: apache-2.0 (switcher's bundled sample corpus (switcher/data/sample.conll))"
    )
    assert main(["export", str(sets_dir), "--out", str(out)]) == 2
    assert "already exists; pass --overwrite" in capsys.readouterr().err


# --- licence recognition -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("input_info", "split"),
    [
        (
            {"fingerprint": "0e599607d852b178247a1a03f2a7dc35e8aa9444566ff11fcf6247886d6f0546"},
            "test",
        ),
        (
            {"fingerprint": "a5dcd35cb6f5e62f3e7c28898477e7833f4ac8ccba39697cfb4e3687657da4f8"},
            "valid",
        ),
        (
            {"fingerprint": "8efd66b846f243d6f60bbccda84841d7b77751c5ebd91060b9337676ebc73a33"},
            "train",
        ),
        ({"source": "conll2003[test]", "fingerprint": "x"}, "test"),
        ({"source": "eriktks/conll2003[validation]", "fingerprint": "x"}, "validation"),
        ({"source": "ZihanWangKi/conllpp", "split": "test", "fingerprint": "x"}, "test"),
        ({"source": "/corpora/ner/eng.testb", "fingerprint": "x"}, "test"),
        ({"source": "/corpora/ner/eng.train", "fingerprint": "x"}, "train"),
        ({"source": "/corpora/ner/test.txt", "fingerprint": "x"}, None),
        ({"source": "wnut_17[test]", "fingerprint": "x"}, None),
    ],
)
def test_conll2003_is_recognised(input_info: dict[str, str], split: str | None) -> None:
    assert conll2003_split(input_info) == split


@pytest.mark.parametrize(
    ("input_info", "kind", "license", "hub_id"),
    [
        ({"source": "conll2003[test]"}, "conll2003", "other", "eriktks/conll2003"),
        ({"source": str(sample_path())}, "sample", "apache-2.0", None),
        ({"source": "sample"}, "sample", "apache-2.0", None),
        (
            {
                "source": "/x/converted.iob2",
                "fingerprint": corpus_fingerprint(load_corpus("sample")),
            },
            "sample",
            "apache-2.0",
            None,
        ),
        ({"source": "/x/mine.conll", "fingerprint": "f"}, "unknown", "unknown", None),
        (
            {"source": "someone/ner-set[test]", "fingerprint": "f"},
            "unknown",
            "unknown",
            "someone/ner-set",
        ),
    ],
)
def test_identify_source(
    input_info: dict[str, str], kind: str, license: str, hub_id: str | None
) -> None:
    licence = identify_source(input_info)
    assert (licence.kind, licence.license, licence.hub_id) == (kind, license, hub_id)


@pytest.mark.parametrize(
    ("input_info", "private", "expected"),
    [
        ({"source": "conll2003[test]"}, False, "is for research use only.*needs --yes.*--private"),
        ({"source": "conll2003[test]"}, True, "to a private repository needs --yes"),
        ({"source": "/x/mine.conll", "fingerprint": "f"}, False, "licence of the input .* unknown"),
        ({"source": "sample"}, False, None),
    ],
)
def test_confirmation_reason(
    input_info: dict[str, str], private: bool, expected: str | None
) -> None:
    reason = confirmation_reason(identify_source(input_info), private=private)
    if expected is None:
        assert reason is None
    else:
        assert reason is not None
        assert re.search(expected, reason), reason


def test_conll2003_cannot_get_another_licence() -> None:
    with pytest.raises(PublishError, match="research use only; its licence cannot be overridden"):
        identify_source({"source": "eriktks/conll2003[test]"}, license="mit")


@pytest.mark.shared_data
def test_hard_coded_fingerprints_are_conll2003s(conll2003_dir: Path) -> None:
    """The digests in switcher.publish.licence are those of the real files (IOB1 and IOB2)."""
    for split in ["test", "valid", "train"]:
        for path in [conll2003_dir / f"{split}.txt", conll2003_dir / "iob2" / f"{split}.txt"]:
            fingerprint = corpus_fingerprint(load_corpus(path))
            assert CONLL2003_FINGERPRINTS[fingerprint] == split, path


@pytest.mark.parametrize(
    ("rows", "category"),
    [
        (0, "n<1K"),
        (999, "n<1K"),
        (1_000, "1K<n<10K"),
        (69_060, "10K<n<100K"),
        (1_177_473, "1M<n<10M"),
    ],
)
def test_size_category(rows: int, category: str) -> None:
    assert size_category(rows) == category


def test_full_mode_card_says_what_is_kept(sets_dir: Path) -> None:
    """The full-mode wording, on the sample's configs with a full-mode provenance."""
    from switcher.publish import build_card
    from switcher.publish.layout import plan_configs

    provenance, configs = plan_configs(sets_dir)
    provenance = {
        **provenance,
        "mode": "full",
        "options": {
            "replace_loc": ["city", "province"],
            "replace_org": ["Bank"],
            "on_missing": "keep",
            "unmatched": "last",
        },
    }
    text = build_card(provenance, configs, identify_source({"source": "sample"}), ())
    assert "Replaced LOC sub-types: city, province; replaced ORG sub-categories: Bank." in text
    assert "Kept unchanged: MISC, LOC countries, continents, regions and natural features" in text
    assert "and mentions whose list the origin lacks." in text
    assert "Full sets keep MISC, LOC countries, continents, regions and natural features" in text
    assert "(full (PER, LOC and ORG))" in text
