"""Annotate stage: ORG sub-categories and LOC sub-types of a corpus's mentions.

Full switching replaces an ORG only by an ORG of the same sub-category and a LOC only by a LOC
of the same sub-type (paper 004 §2.2, METHOD.md §3). An :class:`Annotation` holds those labels;
it is read from and written to a TSV file (:mod:`switcher.annotate.format`), shipped for
CoNLL-2003 test (:func:`shipped_annotation`), and drafted by rules for any other corpus
(:func:`annotate_corpus`, ``switcher annotate``) for a person to review.
"""

from switcher.annotate.format import (
    COLUMNS,
    FORMAT_VERSION,
    Annotation,
    AnnotationRow,
    annotation_fingerprint,
    build_annotation,
    load_annotation,
    read_header,
    read_rows,
    write_annotation,
)
from switcher.annotate.labels import (
    LOC_SUBTYPES,
    ORG_SUBCATEGORIES,
    REPLACEABLE_LOC,
    REPLACEABLE_ORG,
    labels_for,
)
from switcher.annotate.rules import Context, annotate_corpus, guess_loc, guess_org
from switcher.annotate.shipped import shipped_annotation

__all__ = [
    "COLUMNS",
    "FORMAT_VERSION",
    "LOC_SUBTYPES",
    "ORG_SUBCATEGORIES",
    "REPLACEABLE_LOC",
    "REPLACEABLE_ORG",
    "Annotation",
    "AnnotationRow",
    "Context",
    "annotate_corpus",
    "annotation_fingerprint",
    "build_annotation",
    "guess_loc",
    "guess_org",
    "labels_for",
    "load_annotation",
    "read_header",
    "read_rows",
    "shipped_annotation",
    "write_annotation",
]
