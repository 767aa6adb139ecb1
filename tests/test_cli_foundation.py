"""The `switcher stats` and `switcher convert` commands, and how the CLI reports bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from switcher.cli import main
from switcher.read.sources import sample_path


def test_stats_on_the_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "sample"]) == 0
    out = capsys.readouterr().out
    assert "scheme     IOB1" in out
    assert "documents  5" in out
    assert "sentences  23" in out


def test_stats_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "sample", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["entities"] == {"PER": 17, "ORG": 13, "LOC": 21, "MISC": 4}
    assert stats["tokens"] == 297


def test_stats_on_conll2003_test(capsys: pytest.CaptureFixture[str], conll2003_dir: Path) -> None:
    assert main(["stats", str(conll2003_dir / "test.txt")]) == 0
    out = capsys.readouterr().out
    for line in [
        "scheme     IOB1",
        "documents  231",
        "sentences  3,453",
        "tokens     46,435",
        "  PER       1,617",
        "  ORG       1,661",
        "  LOC       1,668",
        "  MISC        702",
    ]:
        assert line in out


def test_convert_writes_iob2_and_keeps_columns(tmp_path: Path) -> None:
    out = tmp_path / "sample.iob2"
    assert main(["convert", "sample", str(out), "--scheme", "iob2"]) == 0
    text = out.read_text()
    assert "Emeka NNP B-NP B-PER" in text
    assert text.count("-DOCSTART-") == 5
    assert main(["convert", str(out), str(tmp_path / "back.txt"), "--scheme", "iob1"]) == 0
    assert (tmp_path / "back.txt").read_text() == sample_path().read_text()


def test_convert_to_parquet_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "sample", str(tmp_path / "s.parquet"), "--scheme", "bioes"]) == 0
    capsys.readouterr()
    assert main(["stats", str(tmp_path / "s.parquet"), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["scheme"] == "bioes"
    assert stats["documents"] == 5
    assert stats["entities"]["PER"] == 17


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.conll"
    bad.write_text("Anna NNP I-NP B-PER\nsang VBD I-VP\n")
    result = subprocess.run(
        [sys.executable, "-m", "switcher", "stats", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f"switcher: error: {bad}:2: expected 4 columns (token first, NER tag last) like line 1, "
        "found 3: 'sang VBD I-VP'"
    ]


def test_failed_convert_leaves_no_output(tmp_path: Path) -> None:
    bad = tmp_path / "bad.conll"
    bad.write_text("Anna B-FOO\n")
    out = tmp_path / "out.conll"
    assert main(["convert", str(bad), str(out), "--scheme", "iob2", "--types", "PER,LOC"]) == 2
    assert not out.exists()
