"""Annotations shipped with switcher, found by the fingerprint of the corpus they annotate.

One is shipped: CoNLL-2003 test (``data/conll2003_test.tsv``), every ORG and LOC mention
labelled by rules and then reviewed in context by a person (``docs/annotation.md``). A corpus is
recognised by :func:`~switcher.annotate.format.annotation_fingerprint`, which hashes tokens and
spans only: the IOB1 file, the IOB2 release and the Hub dataset all match, and the rows are
moved to the corpus's own document indices when its document boundaries differ.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from switcher.annotate.format import (
    Annotation,
    annotation_fingerprint,
    load_annotation,
    read_header,
)
from switcher.corpus import Corpus

#: File names of the shipped annotations, under ``switcher/annotate/data``.
SHIPPED_FILES: tuple[str, ...] = ("conll2003_test.tsv",)


def shipped_paths() -> list[Path]:
    """Return the paths of the shipped annotation files that exist."""
    folder = resources.files("switcher.annotate").joinpath("data")
    paths = [Path(str(folder.joinpath(name))) for name in SHIPPED_FILES]
    return [path for path in paths if path.is_file()]


def shipped_annotation(corpus: Corpus) -> Annotation | None:
    """Return the shipped annotation of ``corpus``, or ``None`` when none is shipped for it.

    ``corpus`` is recognised by fingerprint, whatever its tag scheme or source (the CoNLL-2003
    test file, its IOB2 release, the Hub dataset with or without restored documents).

    Raises:
        AnnotationError: A shipped file matches the fingerprint but fails validation (a
            packaging fault, never expected).
    """
    fingerprint = annotation_fingerprint(corpus)
    for path in shipped_paths():
        if read_header(path).get("fingerprint") == fingerprint:
            return load_annotation(path, corpus)
    return None
