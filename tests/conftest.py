"""Shared fixtures: the bundled sample, and the real data in ../shared/data when present."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
CONLL2003 = SHARED_DATA / "conll2003"


@pytest.fixture
def conll2003_dir() -> Path:
    """The CoNLL-2003 folder of ../shared/data; the test is skipped where it is absent."""
    if not (CONLL2003 / "test.txt").exists():
        pytest.skip("../shared/data/conll2003 is not available on this machine")
    return CONLL2003
