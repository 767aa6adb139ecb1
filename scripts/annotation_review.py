"""Print a review sheet of an annotation: every distinct ORG/LOC string with its contexts.

For a person checking a rule draft (``switcher annotate``): one block per distinct (type,
string), with its label(s), how many mentions, the documents (and their headline topics) it
occurs in, and up to ``--contexts`` sentences from different documents with the mention in
``[[ ]]``. Review the strings, edit the TSV, set ``reviewed`` to ``yes``::

    .venv/bin/python scripts/annotation_review.py INPUT FILE.tsv [--type ORG] > sheet.txt

The sheet holds corpus text: keep it out of the repository when the corpus is not yours.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from switcher.annotate import load_annotation
from switcher.annotate.rules import document_topic, fold
from switcher.corpus import Sentence, Span
from switcher.read.sources import load_corpus


def context(sentence: Sentence, span: Span, width: int = 14) -> str:
    """Return the sentence around ``span`` with the mention in double brackets."""
    tokens = sentence.tokens
    before = tokens[max(0, span.start - width) : span.start]
    after = tokens[span.end : span.end + width]
    return " ".join([*before, "[[", *tokens[span.start : span.end], "]]", *after])


def main() -> None:
    """Print the sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", help="the corpus (anything load_corpus takes)")
    parser.add_argument("annotation", help="its annotation TSV")
    parser.add_argument("--split", help="split of a dataset input")
    parser.add_argument("--type", choices=("ORG", "LOC"), help="only this entity type")
    parser.add_argument("--contexts", type=int, default=3, help="contexts per string (3)")
    parser.add_argument("--unreviewed", action="store_true", help="only strings not reviewed")
    args = parser.parse_args()
    corpus = load_corpus(args.input, split=args.split)
    annotation = load_annotation(args.annotation, corpus)
    topics = [document_topic(doc.sentences) for doc in corpus.documents]
    groups: dict[tuple[str, str], list[tuple[int, int, Span]]] = defaultdict(list)
    for row in annotation.rows:
        if args.type in (None, row.type) and not (args.unreviewed and row.reviewed):
            span = Span(row.start, row.end, row.type)
            groups[(row.type, row.text)].append((row.document, row.sentence, span))
    for n, ((entity_type, text), mentions) in enumerate(
        sorted(groups.items(), key=lambda item: (item[0][0], fold(item[0][1]))), start=1
    ):
        labels = sorted({annotation[(d, s, sp.start, sp.end)] for d, s, sp in mentions})
        documents = sorted({d for d, _, _ in mentions})
        where = " ".join(f"{d}[{topics[d][:18]}]" for d in documents[:12])
        more = " ..." if len(documents) > 12 else ""
        print(
            f"### {n} {entity_type} {text!r} x{len(mentions)} {'/'.join(labels)} in {where}{more}"
        )
        shown: set[int] = set()
        for d, s, span in mentions:
            if d in shown or len(shown) >= args.contexts:
                continue
            shown.add(d)
            sentence = corpus.documents[d].sentences[s]
            label = annotation[(d, s, span.start, span.end)]
            print(f"   {d}:{s}:{span.start} {label} | {context(sentence, span)}")


if __name__ == "__main__":
    main()
