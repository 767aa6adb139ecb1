"""Evaluating sets end to end: predictions files with known answers, a family, a real model."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from switcher.cli import main
from switcher.errors import ModelError
from switcher.evaluate import evaluate_sets
from switcher.lexicons import load_lexicon
from switcher.read.sources import load_corpus
from switcher.schemes import spans_to_tags
from switcher.switch.generate import generate_sets
from switcher.switch.store import ORIGINAL, read_provenance, read_table

FIXTURES = Path(__file__).parent / "fixtures" / "generate"


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PER-only sets of the sample for the two fixture origins, 3 names each."""
    out = tmp_path_factory.mktemp("eval") / "sets"
    lexicons = [load_lexicon(FIXTURES / "zz.yaml"), load_lexicon(FIXTURES / "yy.yaml")]
    generate_sets(load_corpus("sample"), lexicons, out, variants=3, progress=False)
    return out


def write_predictions(sets: Path, path: Path, *, drop_switched_in: str | None = None) -> Path:
    """Write a predictions file for every sentence of ``sets``: gold everywhere, except that
    the switched PER spans of origin ``drop_switched_in`` are predicted O."""
    lines = []
    groups = [read_table(sets, ORIGINAL, ORIGINAL)]
    for entry in read_provenance(sets)["sets"]:
        groups.append(read_table(sets, entry["mode"], entry["origin"]))
    for grouped in groups:
        for (origin, _), rows in grouped.items():
            for row in rows:
                gold = row["tags"]
                spans = row["spans"]
                if origin == drop_switched_in:
                    switched = {(r.new_start, r.new_end) for r in row["replacements"]}
                    spans = [s for s in spans if (s.start, s.end) not in switched]
                pred = spans_to_tags(spans, len(row["tokens"]), "iob2")
                lines += [f"{t} {g} {p}" for t, g, p in zip(row["tokens"], gold, pred, strict=True)]
                lines.append("")
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_perfect_system_scores_one_everywhere(sets: Path, tmp_path: Path) -> None:
    perfect = write_predictions(sets, tmp_path / "perfect.conll")
    result = evaluate_sets(
        sets, [str(perfect)], backend="predictions", cache=None, progress=False, reference="zz"
    )
    assert result.types == ("PER", "ORG", "LOC", "MISC")
    assert result.original["io_f1"].tolist() == [1.0]
    assert (result.variants["io_f1"] == 1.0).all()
    assert (result.variants["switched_recall"] == 1.0).all()
    yy = result.origins.set_index("origin").loc["yy"]
    assert yy["io_f1_mean"] == 1.0
    assert yy["io_f1_gap_reference"] == 0.0
    assert yy["io_f1_gap_reference_p"] == 1.0


def test_a_system_that_misses_switched_names(sets: Path, tmp_path: Path) -> None:
    blind = write_predictions(sets, tmp_path / "blind.conll", drop_switched_in="yy")
    result = evaluate_sets(
        sets,
        [str(blind)],
        backend="predictions",
        cache=None,
        progress=False,
        reference="zz",
        n_resamples=200,
    )
    variants = result.variants.set_index(["origin", "variant"])
    assert (variants.loc["zz", "switched_recall"] == 1.0).all()
    assert (variants.loc["yy", "switched_recall"] == 0.0).all()
    assert (variants.loc["yy", "recall_PER"] == 0.0).all()
    yy = result.origins.set_index("origin").loc["yy"]
    assert yy["recall_PER_mean"] == 0.0
    assert yy["recall_PER_gap_reference"] == pytest.approx(-1.0)
    assert yy["recall_PER_gap_reference_p"] < 0.05
    assert yy["io_f1_gap_original"] < 0
    names = result.names
    assert set(names["origin"]) == {"zz", "yy"}
    assert names.groupby("origin")["rank"].max().tolist() == [3, 3]


def test_io_precision_stays_one_when_only_names_are_missed(sets: Path, tmp_path: Path) -> None:
    blind = write_predictions(sets, tmp_path / "blind.conll", drop_switched_in="yy")
    result = evaluate_sets(sets, [str(blind)], backend="predictions", cache=None, progress=False)
    yy = result.variants[result.variants["origin"] == "yy"]
    assert (yy["io_precision"] == 1.0).all()
    assert (yy["io_recall"] < 1.0).all()


def evaluate_family(sets: Path, tmp_path: Path):
    """A family of two "seeds": one perfect, one blind to the switched names of ``yy``."""
    perfect = write_predictions(sets, tmp_path / "a.conll")
    blind = write_predictions(sets, tmp_path / "b.conll", drop_switched_in="yy")
    return evaluate_sets(
        sets,
        [str(perfect), str(blind)],
        backend="predictions",
        cache=None,
        progress=False,
        reference="zz",
        n_resamples=200,
    )


def test_a_family_reports_seed_spread(sets: Path, tmp_path: Path) -> None:
    result = evaluate_family(sets, tmp_path)
    family = result.origins[result.origins["scope"] == "family"].set_index("origin")
    assert family.loc["yy", "recall_PER_seed_spread"] == pytest.approx(1.0)
    assert family.loc["zz", "recall_PER_seed_spread"] == 0.0
    assert family.loc["yy", "recall_PER_mean"] == pytest.approx(0.5)
    # |gap| = 0.5 is smaller than the spread between the two models: flagged
    assert bool(family.loc["yy", "recall_PER_gap_within_seed_spread"]) is True
    names = result.names
    assert "io_f1_seed_spread" in names.columns


def test_outputs_on_disk(sets: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    perfect = write_predictions(sets, tmp_path / "perfect.conll")
    out = tmp_path / "results"
    status = main(
        [
            "evaluate",
            "--sets",
            str(sets),
            "--model",
            str(perfect),
            "--backend",
            "predictions",
            "--out",
            str(out),
            "--no-cache",
            "--quiet",
            "--reference",
            "zz",
        ]
    )
    assert status == 0
    printed = capsys.readouterr().out
    assert "## Per origin (per," in printed
    for name in ("original", "variants", "origins", "names"):
        assert len(pd.read_parquet(out / f"{name}.parquet")) == len(
            pd.read_csv(out / f"{name}.csv")
        )
    assert (out / "summary.md").read_text().startswith("# switcher evaluation")
    assert (out / "run.json").exists()


def test_predictions_that_do_not_match_the_set(sets: Path, tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.conll"
    wrong.write_text("Nobody O O\nhere O O\n\n")
    with pytest.raises(ModelError, match="is not in the predictions"):
        evaluate_sets(sets, [str(wrong)], backend="predictions", cache=None, progress=False)
    status = main(
        [
            "evaluate",
            "--sets",
            str(sets),
            "--model",
            str(wrong),
            "--backend",
            "predictions",
            "--out",
            str(tmp_path / "r"),
            "--no-cache",
            "--quiet",
        ]
    )
    assert status == 2
    assert not (tmp_path / "r").exists()


def test_a_model_that_cannot_be_loaded(sets: Path, tmp_path: Path) -> None:
    with pytest.raises(ModelError):
        evaluate_sets(sets, [str(tmp_path / "nope")], backend="spacy", cache=None, progress=False)


def test_en_core_web_sm_on_the_sample_sets(sets: Path, tmp_path: Path) -> None:
    pytest.importorskip("spacy")

    def run():
        return evaluate_sets(
            sets,
            ["en_core_web_sm"],
            backend="spacy",
            cache=tmp_path / "cache.sqlite",
            progress=False,
            reference="zz",
            n_resamples=100,
        )

    result = run()
    assert result.model_info[0]["label_map"] == "ontonotes"
    assert 0.3 < result.original["io_f1"].iloc[0] <= 1.0
    assert len(result.variants) == 6
    assert not math.isnan(result.origins["io_f1_mean"].iloc[0])
    # a rerun reads every sentence from the cache
    again = run()
    assert again.stats.sentences_predicted == 0
    pd.testing.assert_frame_equal(again.variants, result.variants)


def test_an_exported_folder_evaluates_like_its_sets(sets: Path, tmp_path: Path) -> None:
    from switcher.publish import export_sets

    export_sets(sets, tmp_path / "hub")
    assert not (tmp_path / "hub" / "per").exists()
    perfect = write_predictions(sets, tmp_path / "perfect.conll")
    direct = evaluate_sets(sets, [str(perfect)], backend="predictions", cache=None, progress=False)
    exported = evaluate_sets(
        tmp_path / "hub", [str(perfect)], backend="predictions", cache=None, progress=False
    )
    pd.testing.assert_frame_equal(direct.variants, exported.variants)


def test_the_summary_flags_gaps_within_the_seed_spread(sets: Path, tmp_path: Path) -> None:
    from switcher.report.write import markdown_summary

    result = evaluate_family(sets, tmp_path)
    summary = markdown_summary(result, read_provenance(sets), "zz")
    assert "## Per origin (per, family)" in summary
    assert "(gap within seed spread)" in summary
    assert "Neighbouring origins whose PER recall differs by less than the seed spread" in summary
    assert "zz–yy (50.0 < 100.0)" in summary
