"""Hugging Face token-classification models (``AutoModelForTokenClassification``).

The model is a Hub id or a local folder. Pre-split words are tokenised with
``is_split_into_words=True``; each word takes the label of its first sub-token
(``word_ids()``). A sentence longer than the model's maximum length is cut into overlapping
windows of whole words (see :mod:`switcher.predict.align`), so nothing is truncated and
nothing crashes. Windows are run in padded batches, on the GPU with fp16 when one is present.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from switcher.errors import ModelError
from switcher.predict.align import (
    assign_words,
    first_subtoken_labels,
    plan_word_windows,
    to_iob2,
)
from switcher.predict.base import hash_files, import_runtime, label_types, make_fingerprint

# Tokenizers whose byte-level BPE needs a leading space on pre-split words.
_PREFIX_SPACE_TYPES = frozenset({"roberta", "gpt2", "longformer", "bart", "deberta", "mvp"})
# model_max_length above this means "not set" in transformers.
_UNSET_MAX_LENGTH = 100_000
_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*(/[\w.-]+)?$")


class TransformersBackend:
    """A loaded token-classification model and its fast tokenizer.

    Use :func:`load_transformers_backend` (or ``load_backend("transformers", ...)``) to make
    one.
    """

    def __init__(
        self,
        *,
        name: str,
        fingerprint: str,
        model: Any,
        tokenizer: Any,
        id2label: dict[int, str],
        max_length: int,
        stride: int,
        batch_size: int,
        device: str,
    ) -> None:
        self.name = name
        self.fingerprint = fingerprint
        self.labels = label_types(id2label.values(), name)
        self.model = model
        self.tokenizer = tokenizer
        self.id2label = id2label
        self.max_length = max_length
        self.budget = max_length - tokenizer.num_special_tokens_to_add(pair=False)
        self.stride = stride
        self.batch_size = batch_size
        self.device = device

    def word_lengths(self, batch: Sequence[Sequence[str]]) -> list[list[int]]:
        """Return the number of sub-tokens of each word (without special tokens), per sentence.

        Every sentence must have at least one word.
        """
        encoding = self.tokenizer(
            [list(words) for words in batch],
            is_split_into_words=True,
            add_special_tokens=False,
            verbose=False,  # long sentences are expected here: they are cut into windows
        )
        out = []
        for i, words in enumerate(batch):
            lengths = [0] * len(words)
            for word in encoding.word_ids(i):
                if word is not None:
                    lengths[word] += 1
            out.append(lengths)
        return out

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        """Tag each sentence of ``batch`` with one IOB2 tag per word."""
        import torch

        # Every sentence becomes one or more windows of whole words.
        jobs: list[tuple[int, int, int]] = []  # (sentence, first word, end word)
        owners: list[list[int]] = [[] for _ in batch]  # per word, the job that labels it
        filled = [s for s, words in enumerate(batch) if words]
        all_lengths = self.word_lengths([batch[s] for s in filled]) if filled else []
        for s, lengths in zip(filled, all_lengths, strict=True):
            words = batch[s]
            if sum(lengths) <= self.budget:
                windows = [(0, len(words))]
            else:
                windows = plan_word_windows(lengths, self.budget, self.stride)
            first = len(jobs)
            owners[s] = [first + w for w in assign_words(windows, len(words))]
            jobs.extend((s, start, end) for start, end in windows)

        window_labels: list[list[str]] = []
        for begin in range(0, len(jobs), self.batch_size):
            chunk = jobs[begin : begin + self.batch_size]
            texts = [list(batch[s][start:end]) for s, start, end in chunk]
            encoding = self.tokenizer(
                texts,
                is_split_into_words=True,
                truncation=True,
                max_length=self.max_length,
                padding=True,
                return_tensors="pt",
            )
            inputs = {k: v.to(self.device) for k, v in encoding.items()}
            with torch.inference_mode():
                logits = self.model(**inputs).logits
            predicted = logits.argmax(dim=-1).cpu().tolist()
            for i, (_, start, end) in enumerate(chunk):
                word_ids = encoding.word_ids(i)
                tokens = [self.id2label[int(p)] for p in predicted[i][: len(word_ids)]]
                window_labels.append(first_subtoken_labels(word_ids, tokens, end - start))

        out: list[list[str]] = []
        for s in range(len(batch)):
            tags = [window_labels[job][i - jobs[job][1]] for i, job in enumerate(owners[s])]
            out.append(to_iob2(tags))
        return out


def _model_hash(model: str, config: Any, revision: str | None) -> str:
    path = Path(model).expanduser()
    if path.is_dir():
        files = [p for p in path.rglob("*") if p.is_file() and not p.name.startswith(".")]
        return hash_files(files, root=path)
    commit = getattr(config, "_commit_hash", None) or revision or "main"
    return f"{model}@{commit}"


def load_transformers_backend(
    model: str,
    *,
    device: str | None = None,
    fp16: bool | None = None,
    batch_size: int = 32,
    max_length: int | None = None,
    stride: int | None = None,
    revision: str | None = None,
) -> TransformersBackend:
    """Load a token-classification model from the Hub or a local folder.

    Args:
        model: A Hub model id (``"dslim/bert-base-NER"``) or a folder written by
            ``save_pretrained`` holding the model and its tokenizer.
        device: ``"cpu"``, ``"cuda"``, ``"cuda:1"``...; default ``cuda`` when available.
        fp16: Run in half precision; default on when the device is a GPU.
        batch_size: Windows per forward pass.
        max_length: Sub-tokens per window, special tokens included; default the model's
            maximum (``model_max_length`` of the tokenizer, else ``max_position_embeddings``).
        stride: Sub-tokens shared by consecutive windows of a long sentence; default a quarter
            of the window.
        revision: Hub revision (branch, tag or commit).

    Raises:
        ModelError: transformers/torch is missing, the model cannot be loaded, its tokenizer is
            not a fast one (``word_ids()`` is needed) or its labels are not BIO tags.
    """
    torch = import_runtime("torch", "transformers", model)
    transformers = import_runtime("transformers", "transformers", model)
    path = Path(model).expanduser()
    if not path.is_dir() and (path.exists() or not _HUB_ID.match(model)):
        raise ModelError(
            f"cannot load {model!r}: not a model folder and not a Hugging Face Hub model id"
        )
    source = str(path) if path.is_dir() else model
    try:
        config = transformers.AutoConfig.from_pretrained(source, revision=revision)
        net = transformers.AutoModelForTokenClassification.from_pretrained(
            source, revision=revision
        )
        tokenizer_options: dict[str, Any] = {}
        if getattr(config, "model_type", "") in _PREFIX_SPACE_TYPES:
            tokenizer_options["add_prefix_space"] = True
        tokenizer = transformers.AutoTokenizer.from_pretrained(
            source, revision=revision, **tokenizer_options
        )
    except (OSError, ValueError, KeyError) as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ModelError(
            f"cannot load {model!r} as a token-classification model: {first}"
        ) from None
    if not getattr(tokenizer, "is_fast", False):
        raise ModelError(
            f"{model}: the tokenizer is not a fast tokenizer; word alignment needs word_ids()"
        )
    id2label = {int(k): str(v) for k, v in net.config.id2label.items()}
    label_types(id2label.values(), model)  # fail early on LABEL_0-style labels

    limits = [getattr(config, "max_position_embeddings", None)]
    if tokenizer.model_max_length and tokenizer.model_max_length < _UNSET_MAX_LENGTH:
        limits.append(tokenizer.model_max_length)
    if max_length is not None:
        limits.append(max_length)
    length = min(x for x in limits if x)
    special = tokenizer.num_special_tokens_to_add(pair=False)
    if length - special < 2:
        raise ModelError(f"{model}: max_length {length} leaves no room for words")
    window_stride = stride if stride is not None else (length - special) // 4
    if not 0 <= window_stride < length - special:
        raise ModelError(
            f"{model}: stride {window_stride} must be at least 0 and below the window of "
            f"{length - special} sub-tokens"
        )

    if device is None:
        device = "cuda" if torch.cuda.is_available() else "cpu"
    if fp16 is None:
        fp16 = device.startswith("cuda")
    try:
        net.to(device)
    except (RuntimeError, AssertionError) as err:
        raise ModelError(f"{model}: cannot use device {device!r}: {err}") from None
    if fp16:
        net.half()
    net.eval()
    fingerprint = make_fingerprint(
        "transformers",
        model=_model_hash(model, config, revision),
        fp16=bool(fp16),
        max_length=length,
        stride=window_stride,
    )
    return TransformersBackend(
        name=f"transformers:{model}",
        fingerprint=fingerprint,
        model=net,
        tokenizer=tokenizer,
        id2label=id2label,
        max_length=length,
        stride=window_stride,
        batch_size=batch_size,
        device=device,
    )
