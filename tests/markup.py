"""Write test sentences as bracket markup: ``"[PER Emeka Okonkwo] scored in [LOC Lagos] ."``."""

from __future__ import annotations

from switcher.corpus import Corpus, Document, Sentence, Span


def sentence(text: str, **columns: list[str]) -> Sentence:
    """Parse one marked-up sentence; ``[TYPE a b]`` is an entity, ``][`` separates two."""
    tokens: list[str] = []
    spans: list[Span] = []
    label = None
    start = 0
    for piece in text.replace("][", "] [").split():
        if piece.startswith("[") and label is None:
            label, start = piece[1:], len(tokens)
            continue
        closes = piece.endswith("]") and label is not None
        word = piece[:-1] if closes else piece
        if word:
            tokens.append(word)
        if closes:
            spans.append(Span(start, len(tokens), label))
            label = None
    assert label is None, f"unclosed entity in {text!r}"
    return Sentence(tokens, spans, dict(columns))


def document(*texts: str) -> Document:
    """A document of marked-up sentences."""
    return Document([sentence(t) for t in texts])


def corpus(*documents: Document, scheme: str = "iob1") -> Corpus:
    """A corpus of documents without extra columns."""
    return Corpus(list(documents), scheme)
