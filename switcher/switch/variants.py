"""A variant: the original corpus with some sentences switched, held sparsely."""

from __future__ import annotations

from dataclasses import dataclass, field

from switcher.corpus import Corpus, Document, Replacement, Sentence

PER_MODE, FULL_MODE = "per", "full"
MODES: tuple[str, ...] = (PER_MODE, FULL_MODE)


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """What identifies a variant inside a set.

    Args:
        mode: ``per`` (PER-only) or ``full``.
        origin: Lexicon id of the origin.
        index: 0-based variant number within the origin.
        name: PER-only: the replacement name; full mode: ``seed N``.
        seed: The seed the variant was drawn with.
    """

    mode: str
    origin: str
    index: int
    name: str
    seed: int


@dataclass(slots=True)
class Variant:
    """The sentences a variant changed, keyed by corpus-wide sentence index.

    Unchanged sentences are not copied: a variant holds only what differs from the original
    corpus, so a grid of hundreds of variants costs little memory.

    Args:
        info: Identity of the variant.
        changed: Sentence index -> (new sentence, its replacements in span order).
        collisions: Times two different source entities of one document received the same
            replacement because the lexicon had too few entries (full mode).
        kept: Mentions left unchanged, counted by ``"LABEL/subtype"``.
    """

    info: VariantInfo
    changed: dict[int, tuple[Sentence, tuple[Replacement, ...]]] = field(default_factory=dict)
    collisions: int = 0
    kept: dict[str, int] = field(default_factory=dict)

    def replacements(self) -> list[Replacement]:
        """Return every replacement of the variant in corpus order."""
        return [r for index in sorted(self.changed) for r in self.changed[index][1]]


def apply_variant(corpus: Corpus, variant: Variant) -> Corpus:
    """Return ``corpus`` with the variant's sentences switched (unchanged ones are shared)."""
    documents = []
    index = 0
    for document in corpus.documents:
        sentences = []
        for sentence in document.sentences:
            entry = variant.changed.get(index)
            sentences.append(sentence if entry is None else entry[0])
            index += 1
        documents.append(Document(sentences, document.docstart))
    return Corpus(
        documents=documents,
        scheme=corpus.scheme,
        column_names=corpus.column_names,
        has_documents=corpus.has_documents,
        label_names=corpus.label_names,
        column_labels=corpus.column_labels,
        layout=corpus.layout,
        source=f"{corpus.source} [{variant.info.mode}/{variant.info.origin}/{variant.info.index}]",
    )
