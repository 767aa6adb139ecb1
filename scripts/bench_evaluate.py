"""Benchmark: evaluate a model on the whole PER-only grid (17 origins x 20 names).

Usage: python scripts/bench_evaluate.py [--sets DIR] [--model en_core_web_sm] [--backend spacy]

Without --sets it first generates the grid from ../shared/data/conll2003/test.txt into a
temporary folder. The evaluation runs with an empty in-memory prediction cache, so every
distinct sentence is predicted once. Prints the sentences of the original set and all variants
against the sentences sent to the model (target: at least 3.3x fewer), model time against total
time (target: evaluator overhead at most 10% of model time with spaCy) and sentences per
second.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_INPUT = ROOT.parent / "shared" / "data" / "conll2003" / "test.txt"


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", help="a sets folder (default: generate the grid)")
    parser.add_argument("--input", default=str(DEFAULT_INPUT))
    parser.add_argument("--model", default="en_core_web_sm")
    parser.add_argument("--backend", default="spacy")
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()

    from switcher.evaluate import evaluate_sets
    from switcher.switch.generate import generate_sets

    with tempfile.TemporaryDirectory() as tmp:
        sets = Path(args.sets) if args.sets else Path(tmp) / "sets"
        if not args.sets:
            if not Path(args.input).exists():
                print(f"{args.input} not found: pass --input or --sets", file=sys.stderr)
                return 2
            generate_sets(args.input, "all", sets, mode="per", progress=False)
        start = time.perf_counter()
        result = evaluate_sets(
            sets,
            [args.model],
            backend=args.backend,
            cache=None,
            batch_size=args.batch_size,
            progress=False,
        )
        wall = time.perf_counter() - start
    stats = result.stats
    overhead = stats.total_seconds - stats.model_seconds
    print(f"model            {args.model} ({args.backend})")
    print(f"variants         {len(result.variants)}")
    print(f"sentences        {stats.sentences_in_variants:,} in the original set and all variants")
    print(
        f"predicted        {stats.sentences_predicted:,} "
        f"({stats.sentences_in_variants / max(stats.sentences_predicted, 1):.2f}x fewer)"
    )
    print(f"model time       {stats.model_seconds:.1f} s")
    print(f"total time       {stats.total_seconds:.1f} s (wall {wall:.1f} s)")
    share = 100 * overhead / max(stats.model_seconds, 1e-9)
    print(f"overhead         {overhead:.1f} s = {share:.1f}% of model time")
    print(
        f"throughput       {stats.sentences_predicted / stats.model_seconds:,.0f} sentences/s "
        f"through the model; {stats.sentences_in_variants / stats.total_seconds:,.0f} "
        "set sentences/s scored end to end"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
