"""CI must run exactly the test command the README gives."""

from __future__ import annotations

from tests.conftest import REPO


def test_ci_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text()
    ci = (REPO / ".ci" / "run").read_text()
    commands = [line for line in readme.splitlines() if line.startswith("python3 -m venv .venv &&")]
    assert len(commands) == 2, "the README gives exactly two set-up commands"
    assert commands[1] in ci.splitlines()
