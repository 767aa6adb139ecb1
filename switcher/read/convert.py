"""Re-encode a corpus in another tag scheme."""

from __future__ import annotations

from dataclasses import replace

from switcher.corpus import ConllLayout, Corpus, Document
from switcher.errors import TagSchemeError
from switcher.schemes import check_scheme, convert_tags, split_tag


def iob_columns(corpus: Corpus) -> tuple[str, ...]:
    """Return the extra columns whose every value is an IOB-style tag (``O`` or ``X-TYPE``).

    CoNLL-2003's chunk column (``I-NP``, ``B-VP``, ``O``) is one; its POS column is not.
    A column of ``O`` alone does not count.
    """
    found = []
    for name in corpus.column_names:
        values = {v for s in corpus.sentences() for v in s.columns[name]}
        if values == {"O"} or not values:
            continue
        try:
            for value in values:
                split_tag(value)
        except TagSchemeError:
            continue
        found.append(name)
    return tuple(found)


def convert_corpus(corpus: Corpus, scheme: str, *, convert_columns: bool = True) -> Corpus:
    """Return ``corpus`` re-encoded in ``scheme``.

    Spans do not change; only the scheme the corpus is written in does. With
    ``convert_columns``, extra columns that hold IOB-style tags (CoNLL-2003's chunk column)
    are re-encoded in the same scheme, as the common IOB2 release of CoNLL-2003 did. The
    converted corpus is laid out canonically: trailing blank lines after the last sentence
    are dropped; the separator and line ending are kept.

    Args:
        corpus: The corpus to convert; it is not modified.
        scheme: Target scheme (see :data:`switcher.schemes.SCHEMES`).
        convert_columns: Also convert IOB-style extra columns.
    """
    target = check_scheme(scheme)
    columns = iob_columns(corpus) if convert_columns else ()
    documents = []
    for document in corpus.documents:
        sentences = []
        for sentence in document.sentences:
            if columns:
                new_columns = dict(sentence.columns)
                for name in columns:
                    new_columns[name] = convert_tags(sentence.columns[name], target)
                sentence = replace(sentence, columns=new_columns)
            sentences.append(sentence)
        documents.append(Document(sentences, document.docstart))
    layout = ConllLayout(corpus.layout.separator, corpus.layout.newline, 0)
    return replace(
        corpus,
        documents=documents,
        scheme=target,
        label_names=None,
        layout=layout,
    )
