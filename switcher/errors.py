"""Errors raised for bad input.

Every error a user can cause by handing switcher a bad file, argument or model is a
:class:`SwitcherError`. The command line prints its message (no traceback) and exits with
status 2; library callers catch the specific subclass. Messages name the file and line (or the
sentence, lexicon key, ...), the bad value and what was expected.
"""

from __future__ import annotations

from pathlib import Path


class SwitcherError(ValueError):
    """Base class of every user-facing error in switcher."""


class InputFormatError(SwitcherError):
    """A data file does not follow its format.

    Args:
        path: The file that holds the problem.
        line: 1-based line number, or ``None`` when the problem is not tied to a line.
        message: What was found and what was expected.
    """

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")


class TagSchemeError(SwitcherError):
    """A tag sequence breaks the rules of its tagging scheme, or a scheme is unknown."""

    def __init__(self, message: str, position: int | None = None) -> None:
        self.position = position
        super().__init__(message)


class SourceError(SwitcherError):
    """A corpus source (file, folder, dataset id) cannot be found or loaded."""


class LexiconError(SwitcherError):
    """A lexicon file is missing, malformed or fails validation."""


class AnnotationError(SwitcherError):
    """An entity sub-type annotation does not match its corpus or uses an unknown label."""


class GenerationError(SwitcherError):
    """An entity-switched set cannot be generated from the given inputs."""


class PublishError(SwitcherError):
    """An export folder or a Hub upload is not possible as asked."""


class ModelError(SwitcherError):
    """A model, its label map or a predictions file cannot be used."""


class ScoreError(SwitcherError):
    """Arguments of a metric or statistic are malformed (spans, count arrays, levels)."""
