"""Document boundaries of datasets that lost them, restored from shipped offsets.

The Hub's ``conll2003`` dataset drops the ``-DOCSTART-`` lines of the original files, so its
rows are sentences with no document. switcher ships, for each split, the index of the first
sentence of every document and the token count of every document, derived from the original
files (numbers only, no text) by ``scripts/make_conll2003_documents.py``. The token counts are a
fingerprint: offsets are applied only when the dataset's rows match them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

#: Hub ids whose rows are CoNLL-2003's sentences in file order.
CONLL2003_IDS: frozenset[str] = frozenset({"conll2003", "eriktks/conll2003"})

_SPLIT_ALIASES = {
    "valid": "validation",
    "dev": "validation",
    "testa": "validation",
    "testb": "test",
}


@lru_cache(maxsize=1)
def _conll2003() -> dict[str, dict[str, Any]]:
    text = resources.files("switcher.read").joinpath("data/conll2003_documents.json").read_text()
    data: dict[str, dict[str, Any]] = json.loads(text)["splits"]
    return data


def conll2003_document_starts(split: str) -> list[int]:
    """Return the first sentence index of each document of a CoNLL-2003 split.

    Args:
        split: ``train``, ``validation`` (or ``valid``/``dev``) or ``test``.

    >>> len(conll2003_document_starts("test"))
    231
    """
    name = _SPLIT_ALIASES.get(split, split)
    splits = _conll2003()
    if name not in splits:
        raise KeyError(f"CoNLL-2003 has no split {split!r}; expected one of {', '.join(splits)}")
    return list(splits[name]["starts"])


def match_conll2003_documents(split: str, sentence_lengths: Sequence[int]) -> list[int] | None:
    """Return CoNLL-2003 document starts if ``sentence_lengths`` fit the split, else ``None``.

    The rows fit when their number equals the split's sentence count and the tokens of each
    restored document add up to the shipped count.
    """
    name = _SPLIT_ALIASES.get(split, split)
    entry = _conll2003().get(name)
    if entry is None or len(sentence_lengths) != entry["sentences"]:
        return None
    starts = entry["starts"]
    bounds = [*starts, len(sentence_lengths)]
    for k, expected in enumerate(entry["tokens"]):
        if sum(sentence_lengths[bounds[k] : bounds[k + 1]]) != expected:
            return None
    return list(starts)
