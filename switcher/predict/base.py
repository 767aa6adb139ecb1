"""The backend interface (words in, one IOB2 tag per word out) and :func:`load_backend`.

A backend wraps one NER model. It exposes a ``name`` for reports, a ``fingerprint`` that keys
the prediction cache (it changes whenever the model's outputs could change: other weights,
another revision, an option such as fp16 or a score threshold), the entity ``labels`` the model
can output in its own label space, and ``predict``, which tags pre-split sentences.

Backends are loaded by kind; each kind lives in its own module and imports its runtime
(torch, spaCy, onnxruntime) only when it is loaded, so importing :mod:`switcher.predict` stays
cheap.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from switcher.errors import ModelError

#: Backend kinds: the module and loader function of each, and the extra that installs it.
BACKEND_KINDS: dict[str, tuple[str, str, str | None]] = {
    "transformers": (
        "switcher.predict.transformers_backend",
        "load_transformers_backend",
        "transformers",
    ),
    "spacy": ("switcher.predict.spacy_backend", "load_spacy_backend", "spacy"),
    "onnx": ("switcher.predict.onnx_backend", "load_onnx_backend", "onnx"),
    "predictions": ("switcher.predict.predictions_file", "load_predictions_backend", None),
}


@runtime_checkable
class Backend(Protocol):
    """A NER model behind one small interface.

    Attributes:
        name: Human-readable name of the model (for reports), e.g. ``"spacy:en_core_web_sm"``.
        fingerprint: Stable id of the model, its revision or file hashes and every option that
            changes its outputs; the prediction cache is keyed by it.
        labels: Entity types the model can output, in its own label space and without
            prefixes, e.g. ``("PERSON", "GPE", "ORG")``.
    """

    name: str
    fingerprint: str
    labels: tuple[str, ...]

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        """Tag each sentence of ``batch``: one IOB2 tag per word (``B-X``, ``I-X`` or ``O``)."""
        ...


def install_hint(extra: str) -> str:
    """Return the pip command that installs the runtime of a backend extra."""
    return f"pip install 'switcher[{extra}]'"


def load_backend(kind: str, model: str, **options: Any) -> Backend:
    """Load a NER model as a :class:`Backend`.

    Args:
        kind: ``"transformers"`` (a Hub model id or a local folder), ``"spacy"`` (an installed
            pipeline name or a pipeline folder), ``"onnx"`` (a folder with an ONNX model,
            ``tokenizer.json`` and ``config.json``, or ``"arcjet-rampart"``) or
            ``"predictions"`` (a CoNLL file, or a folder of them, with gold and predicted
            columns).
        model: The model name or path.
        **options: Options of that kind's loader, e.g. ``device="cuda"``, ``fp16=True`` or
            ``batch_size=64`` for transformers; ``threshold`` for onnx.

    Returns:
        The loaded backend.

    Raises:
        ModelError: The kind or an option is unknown, the runtime is not installed (the message
            says what to install), or the model cannot be loaded (the message says why).

    >>> backend = load_backend("spacy", "en_core_web_sm")  # doctest: +SKIP
    >>> backend.predict([["Angela", "Merkel", "visited", "Paris", "."]])  # doctest: +SKIP
    [['B-PERSON', 'I-PERSON', 'O', 'B-GPE', 'O']]
    """
    if kind not in BACKEND_KINDS:
        raise ModelError(
            f"unknown backend kind {kind!r}; expected one of {', '.join(BACKEND_KINDS)}"
        )
    module_name, loader_name, _ = BACKEND_KINDS[kind]
    loader = getattr(importlib.import_module(module_name), loader_name)
    parameters = inspect.signature(loader).parameters
    allowed = [name for name, p in parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise ModelError(
            f"unknown option(s) {', '.join(unknown)} for the {kind} backend; "
            f"expected {', '.join(allowed) or 'none'}"
        )
    backend: Backend = loader(model, **options)
    return backend


def import_runtime(module: str, extra: str, model: str) -> Any:
    """Import a backend's runtime module or raise a :class:`ModelError` saying what to install."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ModelError(
            f"cannot load {model!r}: the {module} package is not installed ({err}); "
            f"install it with {install_hint(extra)}"
        ) from None


def label_types(labels: Iterable[str], source: str) -> tuple[str, ...]:
    """Return the entity types of BIO-style model labels, in first-seen order.

    Args:
        labels: The model's output labels, e.g. ``["O", "B-PER", "I-PER"]``. Prefixes ``B``,
            ``I``, ``E``, ``S``, ``L`` and ``U`` are accepted (IOB1, IOB2, BIOES, BILOU).
        source: The model, for messages.

    Raises:
        ModelError: A label is not ``O`` or ``P-TYPE`` (e.g. ``LABEL_0``), or no label is an
            entity label.

    >>> label_types(["O", "B-PER", "I-PER", "B-LOC"], "model")
    ('PER', 'LOC')
    """
    from switcher.errors import TagSchemeError
    from switcher.schemes import split_tag

    types: dict[str, None] = {}
    bad: list[str] = []
    for label in labels:
        try:
            prefix, kind = split_tag(label)
        except TagSchemeError:
            bad.append(label)
            continue
        if prefix != "O":
            types[kind] = None
    if bad:
        shown = ", ".join(repr(b) for b in bad[:5])
        raise ModelError(
            f"{source}: labels {shown} are not BIO-style tags; a token-classification NER "
            "model must label tokens O, B-TYPE and I-TYPE (config.json id2label)"
        )
    if not types:
        raise ModelError(f"{source}: the model has no entity labels (only O)")
    return tuple(types)


def hash_files(paths: Iterable[Path], *, root: Path | None = None) -> str:
    """Return a sha256 hex digest of the names (relative to ``root``) and contents of files."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        name = str(path.relative_to(root)) if root is not None else path.name
        digest.update(name.encode() + b"\0")
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        digest.update(b"\0")
    return digest.hexdigest()


def make_fingerprint(kind: str, **parts: Any) -> str:
    """Return ``kind:`` followed by a sha256 of ``parts`` (JSON, sorted keys), 16 hex digits."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return f"{kind}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"
