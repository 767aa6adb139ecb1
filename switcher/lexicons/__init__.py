"""Country lexicons: the YAML schema, its validator, loading, and the shipped origins.

One YAML file per origin (``name_lists/<id>.yaml`` curated by hand,
``name_lists/generated/<id>.yaml`` built by ``scripts/build_lexicons.py``) holds PER, LOC and
ORG lists, each with its sources. ``name_lists/SCHEMA.md`` documents the format.

>>> from switcher.lexicons import resolve_origins  # doctest: +SKIP
>>> [lex.id for lex in resolve_origins("all")][:3]  # doctest: +SKIP
['us', 'us-difficult', 'ru']
"""

from switcher.lexicons.files import (
    curated_files,
    find_lexicon_file,
    generated_files,
    lexicon_dir,
    shipped_files,
)
from switcher.lexicons.load import load_lexicon, read_lexicon
from switcher.lexicons.model import GivenName, Lexicon, LexiconInfo, LexiconProblem, Source
from switcher.lexicons.registry import KEYWORDS, list_lexicons, resolve_origins
from switcher.lexicons.schema import (
    FULL_ORIGINS,
    GENDERS,
    LOC_SUBTYPES,
    ORG_SUBCATEGORIES,
    PAPER_ORIGINS,
    SHAPES,
)
from switcher.lexicons.validate import (
    ValidationReport,
    entry_text_problems,
    fold_to_ascii,
    validate_path,
    validate_paths,
)

__all__ = [
    "FULL_ORIGINS",
    "GENDERS",
    "KEYWORDS",
    "LOC_SUBTYPES",
    "ORG_SUBCATEGORIES",
    "PAPER_ORIGINS",
    "SHAPES",
    "GivenName",
    "Lexicon",
    "LexiconInfo",
    "LexiconProblem",
    "Source",
    "ValidationReport",
    "curated_files",
    "entry_text_problems",
    "find_lexicon_file",
    "fold_to_ascii",
    "generated_files",
    "lexicon_dir",
    "list_lexicons",
    "load_lexicon",
    "read_lexicon",
    "resolve_origins",
    "shipped_files",
    "validate_path",
    "validate_paths",
]
