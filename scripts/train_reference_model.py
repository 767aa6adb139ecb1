"""Train the reference NER models: spaCy CNN pipelines from scratch on CoNLL-2003, one per seed.

Usage:
    python scripts/train_reference_model.py [--data DIR] [--seeds 0 1 2] [--out DIR]
        [--max-epochs N] [--max-steps N] [--patience N] [--eval-frequency N] [--overwrite]

This is the paper's own setting (Agarwal et al. train their models on CoNLL-2003 train): a
spaCy pipeline of ``tok2vec`` + ``ner`` from ``spacy init config --lang en --pipeline ner
--optimize efficiency`` (a hash-embedding CNN, no static vectors), trained on CPU with spaCy's
own training loop (``spacy.cli.train.train``) on ``train.txt``, model selection on
``valid.txt``, and scored with ``Language.evaluate`` (exact-span entity P/R/F1, the same as
conlleval) on ``test.txt``.

The config is generated at run time from spaCy's efficiency recipe, then a few settings are
overridden (see :func:`build_config`); the exact config of every model is saved as
``config.cfg`` inside it, and ``scripts/reference_model.cfg`` is not needed. Data are read with
:func:`switcher.read.conll.read_conll` and written as ``.spacy`` DocBin files (one Doc per sentence:
the evaluator predicts sentence by sentence, so the model is trained the same way).

Each model lands in ``OUT/conll03-spacy-seed{N}`` (default ``OUT`` =
``~/.cache/switcher/models``), outside the repository: weights are never committed. The folder
also holds ``switcher-reference.json`` with the seed, training time and test scores. Load it
with ``switcher.predict.load_backend("spacy", path)``; its labels are CoNLL's (``conll`` label
map).

At the end the script prints one line per seed with the test entity F1 and the mean.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "conll2003"
DEFAULT_OUT = Path("~/.cache/switcher/models").expanduser()

# Budget: about 10-25 minutes per seed on 2 shared CPU cores. One epoch of CoNLL-2003 train
# (204k tokens) takes 30-60 s there; 25 epochs with early stopping fit the budget.
DEFAULT_MAX_EPOCHS = 25
DEFAULT_MAX_STEPS = 0  # 0: bounded by epochs only
DEFAULT_PATIENCE = 2000  # steps without a dev improvement before stopping early
DEFAULT_EVAL_FREQUENCY = 200


def model_dir(out: Path, seed: int) -> Path:
    """Return the folder of the model trained with ``seed``."""
    return out / f"conll03-spacy-seed{seed}"


def write_docbins(data: Path, work: Path) -> dict[str, Path]:
    """Convert ``train``/``valid``/``test`` of CoNLL-2003 to ``.spacy`` files in ``work``.

    Args:
        data: Folder holding ``train.txt``, ``valid.txt`` and ``test.txt`` (IOB1).
        work: Folder for the DocBin files (created).

    Returns:
        The path of each split's DocBin file, by split name.
    """
    import spacy
    from spacy.tokens import Doc, DocBin
    from spacy.tokens import Span as SpacySpan

    from switcher.read.conll import read_conll

    nlp = spacy.blank("en")
    work.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    for split in ("train", "valid", "test"):
        corpus = read_conll(data / f"{split}.txt")
        docbin = DocBin(attrs=["ORTH", "ENT_IOB", "ENT_TYPE"], store_user_data=False)
        for _, _, sentence in corpus.iter_sentences():
            doc = Doc(nlp.vocab, words=sentence.tokens)
            doc.ents = [SpacySpan(doc, s.start, s.end, label=s.label) for s in sentence.spans]
            docbin.add(doc)
        path = work / f"{split}.spacy"
        docbin.to_disk(path)
        paths[split] = path
        print(f"{split}: {len(docbin)} sentences -> {path}", flush=True)
    return paths


def build_config(
    seed: int, *, max_epochs: int, max_steps: int, patience: int, eval_frequency: int
) -> Any:
    """Return spaCy's efficiency NER config with switcher's overrides for ``seed``.

    Overrides: the seed; epoch/step/patience budget; ``gold_preproc = true`` so that spaCy
    keeps CoNLL's tokens instead of re-tokenising the text; no progress bar.
    """
    from spacy.cli.init_config import init_config

    config = init_config(lang="en", pipeline=["ner"], optimize="efficiency", gpu=False)
    config["system"]["seed"] = seed
    training = config["training"]
    training["max_epochs"] = max_epochs
    training["max_steps"] = max_steps
    training["patience"] = patience
    training["eval_frequency"] = eval_frequency
    config["corpora"]["train"]["gold_preproc"] = True
    config["corpora"]["dev"]["gold_preproc"] = True
    return config


def evaluate_model(path: Path, docbin: Path) -> dict[str, Any]:
    """Score the pipeline at ``path`` on the gold Docs of ``docbin`` (exact-span entities).

    Returns:
        ``ents_p``, ``ents_r``, ``ents_f`` and ``ents_per_type`` from ``Language.evaluate``.
    """
    import spacy
    from spacy.tokens import Doc, DocBin
    from spacy.training import Example

    nlp = spacy.load(path)
    examples = []
    for gold in DocBin().from_disk(docbin).get_docs(nlp.vocab):
        words = [token.text for token in gold]
        examples.append(Example(Doc(nlp.vocab, words=words), gold))
    scores = nlp.evaluate(examples)
    return {key: scores[key] for key in ("ents_p", "ents_r", "ents_f", "ents_per_type")}


def train_seed(
    seed: int,
    docbins: dict[str, Path],
    out: Path,
    *,
    max_epochs: int,
    max_steps: int,
    patience: int,
    eval_frequency: int,
    overwrite: bool,
) -> dict[str, Any]:
    """Train, evaluate and save the model of one seed; return its record."""
    from spacy.cli.train import train

    from switcher.atomic import atomic_directory, atomic_write

    target = model_dir(out, seed)
    if target.exists() and not overwrite:
        raise SystemExit(f"{target} already exists; pass --overwrite to train it again")
    config = build_config(
        seed,
        max_epochs=max_epochs,
        max_steps=max_steps,
        patience=patience,
        eval_frequency=eval_frequency,
    )
    work = out / f".train-seed{seed}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    config_path = work / "config.cfg"
    config.to_disk(config_path)
    print(f"\n=== seed {seed}: training into {work} ===", flush=True)
    start = time.perf_counter()
    train(
        config_path,
        work / "output",
        overrides={"paths.train": str(docbins["train"]), "paths.dev": str(docbins["valid"])},
    )
    seconds = time.perf_counter() - start
    best = work / "output" / "model-best"
    scores = {split: evaluate_model(best, docbins[split]) for split in ("valid", "test")}
    record = {
        "seed": seed,
        "train_seconds": round(seconds, 1),
        "recipe": "spacy init config --lang en --pipeline ner --optimize efficiency (CPU)",
        "overrides": {
            "max_epochs": max_epochs,
            "max_steps": max_steps,
            "patience": patience,
            "eval_frequency": eval_frequency,
            "gold_preproc": True,
        },
        "data": {split: str(path) for split, path in docbins.items()},
        "scores": scores,
    }
    with atomic_directory(target, overwrite=overwrite) as tmp:
        shutil.copytree(best, tmp, dirs_exist_ok=True)
        with atomic_write(tmp / "switcher-reference.json") as handle:
            handle.write(json.dumps(record, indent=2) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    test = scores["test"]
    print(
        f"seed {seed}: test entity P {test['ents_p']:.4f} R {test['ents_r']:.4f} "
        f"F1 {test['ents_f']:.4f} ({seconds / 60:.1f} min) -> {target}",
        flush=True,
    )
    return record


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, train every seed and print the test F1 of each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="CoNLL-2003 folder")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where models are saved")
    parser.add_argument("--max-epochs", type=int, default=DEFAULT_MAX_EPOCHS)
    parser.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS)
    parser.add_argument("--patience", type=int, default=DEFAULT_PATIENCE)
    parser.add_argument("--eval-frequency", type=int, default=DEFAULT_EVAL_FREQUENCY)
    parser.add_argument("--overwrite", action="store_true", help="replace existing models")
    args = parser.parse_args(argv)

    for split in ("train", "valid", "test"):
        if not (args.data / f"{split}.txt").exists():
            print(f"error: {args.data / f'{split}.txt'} not found", file=sys.stderr)
            return 2
    out = args.out.expanduser()
    docbins = write_docbins(args.data, out / ".data")
    records = [
        train_seed(
            seed,
            docbins,
            out,
            max_epochs=args.max_epochs,
            max_steps=args.max_steps,
            patience=args.patience,
            eval_frequency=args.eval_frequency,
            overwrite=args.overwrite,
        )
        for seed in args.seeds
    ]
    print("\nseed  test P  test R  test F1  minutes")
    for record in records:
        test = record["scores"]["test"]
        print(
            f"{record['seed']:>4}  {test['ents_p']:.4f}  {test['ents_r']:.4f}  "
            f"{test['ents_f']:.4f}  {record['train_seconds'] / 60:7.1f}"
        )
    f1s = [record["scores"]["test"]["ents_f"] for record in records]
    print(f"mean test F1 {sum(f1s) / len(f1s):.4f} over {len(f1s)} seed(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
