"""Write a corpus as a CoNLL file, a parquet file or a ``save_to_disk`` folder, atomically."""

from __future__ import annotations

from pathlib import Path

from switcher.atomic import atomic_directory, atomic_write
from switcher.corpus import Corpus
from switcher.read.conll import write_conll


def write_corpus(corpus: Corpus, out: str | Path, *, overwrite: bool = True) -> Path:
    """Write ``corpus`` in the format ``out`` asks for and return the path written.

    ``*.parquet`` gives a Hugging Face dataset file, a path ending in ``/`` (or an existing
    folder) a :meth:`datasets.Dataset.save_to_disk` folder, anything else a CoNLL file in
    the corpus's scheme. Nothing is left half-written if writing fails.
    """
    text = str(out)
    path = Path(text)
    if path.suffix.lower() == ".parquet":
        from switcher.read.hf import corpus_to_dataset

        dataset = corpus_to_dataset(corpus)
        with atomic_write(path, binary=True) as handle:
            dataset.to_parquet(handle)
        return path
    if text.endswith(("/", "\\")) or path.is_dir():
        from switcher.read.hf import corpus_to_dataset

        dataset = corpus_to_dataset(corpus)
        with atomic_directory(path, overwrite=overwrite) as tmp:
            dataset.save_to_disk(str(tmp))
        return path
    write_conll(corpus, path)
    return path
