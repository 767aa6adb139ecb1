"""Benchmark: the whole PER-only grid (17 origins x 20 names) on CoNLL-2003 test, to disk.

Usage: python scripts/bench_generate.py [--input PATH] [--origins all] [--skip-baseline]

Prints seconds, tokens per second and peak RSS of switcher's generator, and of a plain
copy-per-variant baseline run in the same script: every variant materialised as a full copy
of the corpus (new token and column lists for every sentence), converted to a Hugging Face
dataset and written to parquet — what a tool without sparse variants does. Each run happens
in its own child process so that peak RSS is measured cleanly.

Targets on a 2-core machine: under 20 s and under 1 GB peak for the grid.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_INPUT = ROOT.parent / "shared" / "data" / "conll2003" / "test.txt"


def run_switcher(input_path: str, origins: str, out: Path) -> dict[str, float]:
    """Generate the grid with switcher; return seconds and tokens written."""
    from switcher.read.sources import load_corpus
    from switcher.switch.generate import generate_sets

    start = time.perf_counter()
    corpus = load_corpus(input_path)
    report = generate_sets(corpus, origins, out, mode="per", variants=20, progress=False)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "tokens": report.tokens_written, "variants": report.variants}


def run_baseline(input_path: str, origins: str, out: Path) -> dict[str, float]:
    """Generate the same grid by copying the whole corpus for every variant."""
    from switcher.corpus import Corpus, Document, Sentence
    from switcher.lexicons import resolve_origins
    from switcher.read.hf import corpus_to_dataset
    from switcher.read.sources import load_corpus
    from switcher.switch.names import per_only_names
    from switcher.switch.per_only import plan_persons
    from switcher.switch.replace import Edit, column_schemes, replace_spans

    start = time.perf_counter()
    corpus = load_corpus(input_path)
    plans = plan_persons(corpus)
    schemes = column_schemes(corpus)
    tokens = 0
    variants = 0
    out.mkdir(parents=True, exist_ok=True)
    for lexicon in resolve_origins(origins):
        for k, name in enumerate(per_only_names(lexicon, 20)):
            documents = []
            index = 0
            for document in corpus.documents:
                sentences = []
                for sentence in document.sentences:
                    copy = Sentence(
                        list(sentence.tokens),
                        list(sentence.spans),
                        {c: list(v) for c, v in sentence.columns.items()},
                        sentence.iob1_begins,
                    )
                    plan = plans.get(index)
                    if plan is not None:
                        edits = [
                            Edit(
                                m.span,
                                tuple(t.upper() for t in name.form(m.role))
                                if m.upper
                                else name.form(m.role),
                            )
                            for m in plan.mentions
                        ]
                        copy, _ = replace_spans(copy, edits, column_schemes=schemes)
                    sentences.append(copy)
                    index += 1
                documents.append(Document(sentences, document.docstart))
            variant = Corpus(documents, corpus.scheme, corpus.column_names)
            corpus_to_dataset(variant).to_parquet(str(out / f"{lexicon.id}-{k:02d}.parquet"))
            tokens += variant.num_tokens()
            variants += 1
    return {"seconds": time.perf_counter() - start, "tokens": tokens, "variants": variants}


def child(kind: str, input_path: str, origins: str) -> None:
    """Run one generator in this process and print its figures as JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "sets"
        figures = (run_switcher if kind == "switcher" else run_baseline)(input_path, origins, out)
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    figures["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures["bytes_on_disk"] = size
    print(json.dumps(figures))


def measure(kind: str, input_path: str, origins: str) -> dict[str, float]:
    """Run ``kind`` in a child process and return its figures."""
    result = subprocess.run(
        [sys.executable, __file__, "--child", kind, "--input", input_path, "--origins", origins],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"{kind} run failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    """Run both generators and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", default=str(DEFAULT_INPUT))
    parser.add_argument("--origins", default="all")
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument("--child", choices=("switcher", "baseline"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.input, args.origins)
        return 0
    if not Path(args.input).exists():
        print(f"{args.input} not found: pass --input", file=sys.stderr)
        return 2
    rows = [("switcher", measure("switcher", args.input, args.origins))]
    if not args.skip_baseline:
        rows.append(("copy-per-variant", measure("baseline", args.input, args.origins)))
    print(f"input     {args.input}")
    print(f"grid      {rows[0][1]['variants']:.0f} PER-only variants ({args.origins})")
    print(f"{'':<18}{'seconds':>9}{'M tokens/s':>12}{'peak RSS MB':>13}{'on disk MB':>12}")
    for label, figures in rows:
        rate = figures["tokens"] / figures["seconds"] / 1e6
        print(
            f"{label:<18}{figures['seconds']:>9.1f}{rate:>12.2f}{figures['peak_rss_mb']:>13.0f}"
            f"{figures['bytes_on_disk'] / 1e6:>12.1f}"
        )
    if len(rows) == 2:
        speedup = rows[1][1]["seconds"] / rows[0][1]["seconds"]
        print(f"speed-up over copy-per-variant: {speedup:.1f}x")
    print(f"tokens written: {rows[0][1]['tokens']:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
