"""The corpus model shared by every stage: spans, sentences, documents, corpora.

Spans are the truth. A :class:`Sentence` holds its tokens, its entity :class:`Span` list and
any extra columns of the input (POS, chunk); NER tags are derived from the spans in whatever
scheme is asked for (see :mod:`switcher.schemes`), never stored or edited by hand.

Equality compares content only: tokens, spans, extra columns, document structure, the tag
scheme and column names. How a file was laid out (separator, line endings, ``-DOCSTART-``
columns, trailing blank lines) and where it came from are kept for faithful writing but are not
part of equality, so a corpus read from CoNLL equals the same corpus read back from a
Hugging Face dataset.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

#: Entity types of CoNLL-2003, in the order the Hugging Face ``conll2003`` dataset uses.
CONLL_TYPES: tuple[str, ...] = ("PER", "ORG", "LOC", "MISC")


_CHECKED_LABELS: set[str] = set()


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """An entity over the tokens of one sentence.

    Indices are half-open: the entity covers ``tokens[start:end]``.

    Args:
        start: Index of the first token.
        end: Index one past the last token (``end > start``).
        label: Entity type without prefix, e.g. ``"PER"``.
    """

    start: int
    end: int
    label: str

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise ValueError(f"span [{self.start}, {self.end}) is empty or negative")
        if self.label not in _CHECKED_LABELS:
            if not self.label or any(c.isspace() for c in self.label):
                raise ValueError(f"span label {self.label!r} must be non-empty without whitespace")
            _CHECKED_LABELS.add(self.label)

    def __len__(self) -> int:
        return self.end - self.start


@dataclass(slots=True)
class Sentence:
    """Tokens, their entity spans and the extra columns of one sentence.

    Args:
        tokens: The words.
        spans: Entities, sorted and non-overlapping, indexing ``tokens``.
        columns: Extra per-token columns by name (e.g. ``pos_tags``), each as long as
            ``tokens``, in file order.
        iob1_begins: Start indices of spans that an IOB1 source tagged ``B-`` although
            CoNLL-2003's rule gives ``I-`` (a ``B-`` after ``O``; two such tags occur in
            CoNLL-2003 train). They change no span; they are kept only so that an IOB1 file
            is written back byte for byte (not compared).
    """

    tokens: list[str]
    spans: list[Span] = field(default_factory=list)
    columns: dict[str, list[str]] = field(default_factory=dict)
    iob1_begins: tuple[int, ...] = field(default=(), compare=False)

    def __len__(self) -> int:
        return len(self.tokens)

    def span_text(self, span: Span) -> str:
        """Return the tokens of ``span`` joined by single spaces."""
        return " ".join(self.tokens[span.start : span.end])


class Replacement(NamedTuple):
    """One entity span replaced in a switched sentence: the alignment record.

    A named tuple rather than a dataclass: a PER-only grid holds over half a million of them.

    Offsets are half-open token indices in the original and the new sentence, so
    predictions on a variant map back to the original sentence.

    Args:
        orig_start: First token of the replaced span in the original sentence.
        orig_end: One past its last token.
        new_start: First token of the replacement in the new sentence.
        new_end: One past its last token.
        orig_text: The replaced tokens joined by spaces.
        new_text: The new tokens joined by spaces.
        label: Entity type (``PER``, ``LOC``, ``ORG``).
        subtype: LOC sub-type or ORG sub-category (empty for PER).
        role: For PER, which part of the name the mention is (``full``, ``first``,
            ``last``); empty otherwise.
        entity: Index of the source entity in its document (mentions of one person share
            it); for LOC and ORG, the index of the distinct (string, sub-type) pair.
        entry: The lexicon entry the replacement came from (the full name for PER).
        source: Where the entry came from: ``<origin>:<list>``, e.g. ``vn:loc.city``.
    """

    orig_start: int
    orig_end: int
    new_start: int
    new_end: int
    orig_text: str
    new_text: str
    label: str
    subtype: str
    role: str
    entity: int
    entry: str
    source: str


@dataclass(slots=True)
class Document:
    """A list of sentences that belong together (one news story in CoNLL-2003).

    Args:
        sentences: The sentences in order.
        docstart: The columns of the ``-DOCSTART-`` line that opened the document in a CoNLL
            file, or ``None`` when the document had none (not compared).
    """

    sentences: list[Sentence] = field(default_factory=list)
    docstart: tuple[str, ...] | None = field(default=None, compare=False)


@dataclass(slots=True)
class ConllLayout:
    """How a CoNLL file was written, so that it can be written back byte for byte.

    Args:
        separator: Column separator (a space or a tab).
        newline: Line ending (``"\\n"`` or ``"\\r\\n"``).
        trailing_blank_lines: Blank lines after the usual one that ends the last sentence.
    """

    separator: str = " "
    newline: str = "\n"
    trailing_blank_lines: int = 0


@dataclass(slots=True)
class Corpus:
    """Documents of sentences with entity spans, plus what is needed to write them back.

    Args:
        documents: The documents in order.
        scheme: The tag scheme the corpus was read in and is written in
            (``iob1``, ``iob2``, ``io``, ``bioes`` or ``bilou``).
        column_names: Names of the extra columns between the token and the NER tag.
        has_documents: ``False`` when no document boundaries were known and every sentence
            was made its own document (not compared).
        label_names: ``ClassLabel`` names of the NER tags to keep when the corpus came from a
            Hugging Face dataset (not compared).
        column_labels: ``ClassLabel`` names of extra columns, likewise (not compared).
        layout: CoNLL file layout (not compared).
        source: Where the corpus came from, for messages and provenance (not compared).
    """

    documents: list[Document]
    scheme: str
    column_names: tuple[str, ...] = ()
    has_documents: bool = field(default=True, compare=False)
    label_names: tuple[str, ...] | None = field(default=None, compare=False)
    column_labels: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    layout: ConllLayout = field(default_factory=ConllLayout, compare=False)
    source: str = field(default="", compare=False)

    def sentences(self) -> Iterator[Sentence]:
        """Yield every sentence in corpus order."""
        for document in self.documents:
            yield from document.sentences

    def iter_sentences(self) -> Iterator[tuple[int, int, Sentence]]:
        """Yield ``(document index, sentence index in document, sentence)`` in order."""
        for d, document in enumerate(self.documents):
            for s, sentence in enumerate(document.sentences):
                yield d, s, sentence

    def num_sentences(self) -> int:
        """Return the number of sentences."""
        return sum(len(document.sentences) for document in self.documents)

    def num_tokens(self) -> int:
        """Return the number of tokens."""
        return sum(len(sentence.tokens) for sentence in self.sentences())

    def entity_counts(self) -> Counter[str]:
        """Return the number of entity spans per type."""
        return Counter(span.label for sentence in self.sentences() for span in sentence.spans)

    def entity_types(self) -> tuple[str, ...]:
        """Return the entity types present, CoNLL types first in their usual order."""
        return order_types(self.entity_counts())


def order_types(types: Counter[str] | set[str] | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Order entity types: CoNLL-2003's PER, ORG, LOC, MISC first, then the rest sorted."""
    present = set(types)
    known = [t for t in CONLL_TYPES if t in present]
    return tuple(known + sorted(present.difference(CONLL_TYPES)))


def corpus_fingerprint(corpus: Corpus) -> str:
    """Return a sha256 hex digest of the content of ``corpus``.

    It covers document boundaries, tokens and entity spans, and nothing else: the same
    corpus read from its IOB1 file, its IOB2 release or a Hugging Face dataset with restored
    documents has the same fingerprint; a changed token, span or boundary changes it.
    """
    digest = hashlib.sha256()
    for document in corpus.documents:
        digest.update(b"\x1d")
        for sentence in document.sentences:
            digest.update("\x1f".join(sentence.tokens).encode())
            digest.update(b"\x1e")
            digest.update(";".join(f"{s.start},{s.end},{s.label}" for s in sentence.spans).encode())
            digest.update(b"\n")
    return digest.hexdigest()
