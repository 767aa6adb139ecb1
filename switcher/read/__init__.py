"""Read stage: CoNLL files and Hugging Face datasets in, :class:`~switcher.corpus.Corpus` out."""
