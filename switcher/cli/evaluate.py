"""``switcher evaluate``: run NER models on every variant of a sets folder and score them."""

from __future__ import annotations

import argparse


def _csv(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``evaluate`` subcommand."""
    parser = subparsers.add_parser(
        "evaluate",
        help="run NER models on the original set and every variant; score per origin and name",
        description="Run one model, or a family of models (one architecture trained with "
        "several seeds: repeat --model), on the original set and every variant of a sets "
        "folder; write per-variant, per-origin and per-name tables (parquet and CSV) and a "
        "Markdown summary with intervals and significance tests.",
    )
    parser.add_argument("--sets", required=True, help="a folder written by `switcher generate`")
    parser.add_argument(
        "--model",
        action="append",
        required=True,
        help="model id, folder or predictions file; repeat it for a family of seeds",
    )
    parser.add_argument(
        "--backend",
        choices=("transformers", "spacy", "onnx", "predictions"),
        default="spacy",
        help="default: spacy",
    )
    parser.add_argument(
        "--label-map",
        help="label map: ontonotes, pii, conll or a YAML file (default: the one that fits)",
    )
    parser.add_argument("--out", required=True, help="folder for the tables and summary")
    parser.add_argument(
        "--reference", default="us", help="origin the others are compared with (default us)"
    )
    parser.add_argument("--modes", type=_csv, help="modes to evaluate (default: all)")
    parser.add_argument("--origins", type=_csv, help="origins to evaluate (default: all)")
    parser.add_argument(
        "--cache",
        default="default",
        help="prediction cache file (default ~/.cache/switcher/predictions.sqlite)",
    )
    parser.add_argument("--no-cache", action="store_true", help="keep predictions in memory")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--resamples", type=int, default=10000, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    parser.add_argument("--device", help="transformers: cpu, cuda, cuda:0 (default: best)")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Evaluate and print the Markdown summary."""
    from switcher.evaluate import evaluate_sets
    from switcher.report.write import markdown_summary
    from switcher.switch.store import read_provenance

    options = {"device": args.device} if args.device else {}
    result = evaluate_sets(
        args.sets,
        args.model,
        backend=args.backend,
        label_map=args.label_map,
        out=args.out,
        reference=args.reference or None,
        modes=args.modes,
        origins=args.origins,
        cache=None if args.no_cache else args.cache,
        batch_size=args.batch_size,
        n_resamples=args.resamples,
        seed=args.seed,
        progress=not args.quiet,
        backend_options=options,
    )
    print(markdown_summary(result, read_provenance(args.sets), args.reference or None))
    print(f"tables written to {args.out}")
    return 0
