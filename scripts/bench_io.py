"""Benchmark: read (and write back) CoNLL-2003 train; print tokens per second.

Usage: python scripts/bench_io.py [PATH]  (default ../shared/data/conll2003/train.txt)

The target is well under 2 s to read the 203,621 tokens of train on a 2-core machine.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from switcher.read.conll import format_conll, read_conll
from switcher.read.hf import corpus_to_dataset

T = TypeVar("T")


def best_of(runs: int, action: Callable[[], T]) -> tuple[float, T]:
    """Run ``action`` ``runs`` times; return the fastest wall time and the last result."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


def main(argv: list[str]) -> int:
    """Time reading, writing and Dataset conversion of one CoNLL file."""
    root = Path(__file__).resolve().parents[1]
    path = Path(argv[0]) if argv else root.parent / "shared" / "data" / "conll2003" / "train.txt"
    if not path.exists():
        print(f"{path} not found: pass a CoNLL file", file=sys.stderr)
        return 2
    read_s, corpus = best_of(5, lambda: read_conll(path))
    tokens = corpus.num_tokens()
    write_s, text = best_of(5, lambda: format_conll(corpus))
    hf_s, _ = best_of(3, lambda: corpus_to_dataset(corpus))
    identical = text == path.read_text()
    print(f"file          {path}")
    print(f"tokens        {tokens:,}")
    print(f"read          {read_s:.3f} s  ({tokens / read_s:,.0f} tokens/s)  best of 5")
    print(f"write         {write_s:.3f} s  ({tokens / write_s:,.0f} tokens/s)  best of 5")
    print(f"to Dataset    {hf_s:.3f} s  ({tokens / hf_s:,.0f} tokens/s)  best of 3")
    print(f"round trip    {'byte-identical' if identical else 'DIFFERENT'}")
    return 0 if identical else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
