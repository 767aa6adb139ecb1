"""Surface form of a replacement: its case, and the extra columns of inserted tokens.

Both are pure functions of the replaced span and its sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from switcher.corpus import Sentence
from switcher.schemes import split_tag


def is_upper_word(token: str) -> bool:
    """Return True when ``token`` has at least one cased letter and all of them are upper."""
    return any(c.isalpha() for c in token) and token.upper() == token and token.lower() != token


def sentence_is_upper(sentence: Sentence) -> bool:
    """Return True when ``sentence`` is written in capitals, like a CoNLL-2003 headline.

    The words outside entities decide: every one of them that has letters is upper-case, and
    at least one has two letters or more. A sentence whose only words are entities (a
    dateline such as ``LAGOS 1996-09-14``) is upper-case when all its entity words are.
    Acronyms in ordinary sentences (``the EU said``) therefore do not count as capitals.
    """
    inside = bytearray(len(sentence.tokens))
    for span in sentence.spans:
        inside[span.start : span.end] = b"\x01" * (span.end - span.start)
    outside = [
        t for i, t in enumerate(sentence.tokens) if not inside[i] and any(c.isalpha() for c in t)
    ]
    if outside:
        return all(is_upper_word(t) for t in outside) and any(
            sum(c.isalpha() for c in t) >= 2 for t in outside
        )
    words = [t for t in sentence.tokens if any(c.isalpha() for c in t)]
    return bool(words) and all(is_upper_word(t) for t in words)


def apply_case(tokens: Sequence[str], original: Sequence[str], upper_sentence: bool) -> list[str]:
    """Return ``tokens`` cased like ``original`` in its sentence.

    In an all-caps sentence an all-caps mention is replaced in capitals (``CHINA`` ->
    ``VIETNAM``); everywhere else the replacement keeps the lexicon's own case (an acronym
    such as ``EU`` is not a case pattern to copy).
    """
    if upper_sentence and all(
        is_upper_word(t) or not any(c.isalpha() for c in t) for t in original
    ):
        return [t.upper() for t in tokens]
    return list(tokens)


_BEGINS = frozenset("BSU")
_ENDS = frozenset("ESLU")


def _stretch(old: Sequence[str], n: int) -> list[tuple[int, int, bool, bool]]:
    """Map ``n`` new positions onto ``len(old)`` old ones.

    Returns, per new position, the range ``[j0, j1)`` of old positions it stands for and
    whether it is the first and the last new position of that range.
    """
    m = len(old)
    out: list[tuple[int, int, bool, bool]] = []
    if n >= m:
        for j in range(m):
            lo, hi = j * n // m, (j + 1) * n // m
            for i in range(lo, hi):
                out.append((j, j + 1, i == lo, i == hi - 1))
    else:
        for i in range(n):
            out.append((i * m // n, (i + 1) * m // n, True, True))
    return out


def fill_column(old: Sequence[str], n: int, scheme: str | None) -> list[str]:
    """Fill an extra column for ``n`` tokens that replace the tokens whose values are ``old``.

    Old values are stretched (or squeezed) over the new tokens in order. For a column of
    IOB-style tags (``scheme`` given, e.g. CoNLL-2003's chunk column in ``iob1``) the result
    stays a valid sequence: a token split into several keeps its beginning on the first
    piece and its end on the last (``B-NP`` -> ``B-NP I-NP I-NP``; in BIOES ``S-NP`` ->
    ``B-NP I-NP E-NP``), and tokens merged into one combine them. Other columns (POS)
    repeat the value of the old token each new token stands for.

    >>> fill_column(["B-NP"], 3, "iob2")
    ['B-NP', 'I-NP', 'I-NP']
    >>> fill_column(["NNP", "NNP"], 3, None)
    ['NNP', 'NNP', 'NNP']
    """
    if not old:
        raise ValueError("cannot fill a column from an empty span")
    pieces = _stretch(old, n)
    if scheme is None:
        return [old[j0] for j0, _, _, _ in pieces]
    out = []
    for j0, j1, first, last in pieces:
        head_prefix, label = split_tag(old[j0])
        tail_prefix, _ = split_tag(old[j1 - 1])
        if head_prefix == "O":
            out.append("O")
            continue
        begins = first and head_prefix in _BEGINS
        ends = last and tail_prefix in _ENDS
        if scheme in ("bioes", "bilou"):
            single, end = ("S", "E") if scheme == "bioes" else ("U", "L")
            prefix = (single if ends else "B") if begins else (end if ends else "I")
        elif scheme == "io":
            prefix = "I"
        else:  # iob1 / iob2 keep the begin tag of the first piece only
            prefix = head_prefix if first else "I"
        out.append(f"{prefix}-{label}")
    return out
