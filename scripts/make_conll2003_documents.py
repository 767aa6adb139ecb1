"""Derive CoNLL-2003 document offsets (numbers only) from the original IOB1 files.

Writes ``switcher/read/data/conll2003_documents.json``: per Hub split, the number of
sentences, the index of each document's first sentence and each document's token count.
No text of the corpus is written.

Usage: python scripts/make_conll2003_documents.py [DATA_DIR]  (default ../shared/data/conll2003)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from switcher.atomic import atomic_write
from switcher.read.conll import read_conll

FILES = {"train": "train.txt", "validation": "valid.txt", "test": "test.txt"}


def main(argv: list[str]) -> int:
    """Read the three files and write the offsets file."""
    root = Path(__file__).resolve().parents[1]
    data_dir = Path(argv[0]) if argv else root.parent / "shared" / "data" / "conll2003"
    splits = {}
    for split, name in FILES.items():
        corpus = read_conll(data_dir / name)
        starts, tokens, position = [], [], 0
        for document in corpus.documents:
            starts.append(position)
            tokens.append(sum(len(s.tokens) for s in document.sentences))
            position += len(document.sentences)
        splits[split] = {"sentences": position, "starts": starts, "tokens": tokens}
        print(f"{split}: {len(starts)} documents, {position} sentences, {sum(tokens)} tokens")
    payload = {
        "about": "CoNLL-2003 English document offsets: first sentence index and token count of "
        "each document, per Hub split; derived from the original files by "
        "scripts/make_conll2003_documents.py. Numbers only.",
        "splits": splits,
    }
    out = root / "switcher" / "read" / "data" / "conll2003_documents.json"
    with atomic_write(out) as handle:
        handle.write(json.dumps(payload, separators=(",", ":")) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
