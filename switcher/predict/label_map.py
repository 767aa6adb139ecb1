"""Label maps: from a model's entity types to the dataset's (PER, LOC, ORG, MISC).

A label map is a YAML file::

    name: ontonotes
    description: spaCy / OntoNotes 5 entity types to CoNLL-2003 types
    labels:              # every model type -> a dataset type, or null to ignore it
      PERSON: PER
      GPE: LOC
      DATE: null
    merge_adjacent: []   # dataset types whose touching spans are one entity

Shipped maps (``switcher/predict/label_maps/``): ``ontonotes`` (spaCy's English pipelines),
``pii`` (the arcjet rampart PII model; ``GIVEN_NAME SURNAME`` are two spans that make one PER,
hence ``merge_adjacent: [PER]``) and ``conll`` (identity). A map must name every label the
model can output (:meth:`LabelMap.check`); a target that is not a dataset type is an error.
Types that no model label maps to are types the model cannot predict, left out of its scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from switcher.corpus import CONLL_TYPES, Span, order_types
from switcher.errors import ModelError
from switcher.schemes import spans_to_tags, tags_to_spans

#: Names of the label maps shipped with switcher.
SHIPPED_MAPS: tuple[str, ...] = ("conll", "ontonotes", "pii")
_KEYS = frozenset({"name", "description", "labels", "merge_adjacent"})
_NULL_TAG = "tag:yaml.org,2002:null"


@dataclass(frozen=True, slots=True)
class LabelMap:
    """A mapping from model entity types to dataset entity types.

    Args:
        name: Short name (``"ontonotes"``).
        source: The file it was read from, for messages.
        entries: ``(model type, dataset type or None)`` pairs; ``None`` ignores the type.
        merge_adjacent: Dataset types whose adjacent spans (one ends where the next starts)
            are merged into one entity after mapping.
        dataset_types: The types a target may be.
        description: Free text.
    """

    name: str
    source: str
    entries: tuple[tuple[str, str | None], ...]
    merge_adjacent: frozenset[str] = frozenset()
    dataset_types: tuple[str, ...] = CONLL_TYPES
    description: str = ""

    @property
    def mapping(self) -> dict[str, str | None]:
        """The entries as a dict."""
        return dict(self.entries)

    @property
    def types(self) -> tuple[str, ...]:
        """The dataset types the model can predict through this map (CoNLL order)."""
        return order_types([t for _, t in self.entries if t is not None])

    @property
    def ignored(self) -> tuple[str, ...]:
        """The model types mapped to nothing."""
        return tuple(label for label, target in self.entries if target is None)

    def check(self, model_labels: Iterable[str]) -> None:
        """Check that the map covers ``model_labels`` and maps only to dataset types.

        Raises:
            ModelError: Naming the map's file and every model label it misses, or a target
                that is not one of ``dataset_types``.
        """
        unknown = [(m, t) for m, t in self.entries if t is not None and t not in self.dataset_types]
        if unknown:
            label, target = unknown[0]
            raise ModelError(
                f"{self.source}: model label {label} maps to unknown type {target!r}; expected "
                f"one of {', '.join(self.dataset_types)} or null"
            )
        mapping = self.mapping
        missing = [label for label in model_labels if label not in mapping]
        if missing:
            raise ModelError(
                f"{self.source}: label map {self.name!r} has no entry for model label(s) "
                f"{', '.join(missing)}; add each with a dataset type "
                f"({', '.join(self.dataset_types)}) or null"
            )

    def apply(self, tags: Sequence[str]) -> list[str]:
        """Map a model's tag sequence to IOB2 tags in dataset types.

        Spans are decoded with conlleval's rules (any scheme), each type is mapped, ignored
        types become ``O``, and touching spans of a ``merge_adjacent`` type are merged.

        Raises:
            ModelError: A tag's type has no entry in the map.

        >>> pii = load_label_map("pii")
        >>> pii.apply(["B-GIVEN_NAME", "B-SURNAME", "O", "B-CITY", "B-EMAIL"])
        ['B-PER', 'I-PER', 'O', 'B-LOC', 'O']
        """
        mapping = self.mapping
        out: list[Span] = []
        for span in tags_to_spans(tags):
            if span.label not in mapping:
                raise ModelError(
                    f"{self.source}: label map {self.name!r} has no entry for model label "
                    f"{span.label} (in tags {list(tags)[:12]})"
                )
            target = mapping[span.label]
            if target is None:
                continue
            last = out[-1] if out else None
            if (
                last is not None
                and target in self.merge_adjacent
                and last.label == target
                and last.end == span.start
            ):
                out[-1] = Span(last.start, span.end, target)
            else:
                out.append(Span(span.start, span.end, target))
        return spans_to_tags(out, len(tags), "iob2")


def shipped_map_path(name: str) -> Path:
    """Return the file of a shipped label map."""
    return Path(str(resources.files("switcher.predict").joinpath(f"label_maps/{name}.yaml")))


def load_label_map(
    name_or_path: str | Path, *, dataset_types: Sequence[str] = CONLL_TYPES
) -> LabelMap:
    """Load a shipped label map by name (``conll``, ``ontonotes``, ``pii``) or a YAML file.

    Args:
        name_or_path: A shipped name or the path of a YAML file.
        dataset_types: The types a target may be.

    Raises:
        ModelError: The file is missing or not valid YAML, a key is unknown, a label maps to
            something other than a dataset type or null, or ``merge_adjacent`` names an
            unknown type. Messages name the file, the line and the label.

    >>> load_label_map("ontonotes").mapping["GPE"]
    'LOC'
    """
    import yaml

    text_name = str(name_or_path)
    if text_name in SHIPPED_MAPS:
        path = shipped_map_path(text_name)
    else:
        path = Path(text_name).expanduser()
        if not path.is_file():
            raise ModelError(
                f"label map {text_name!r} not found: not a file and not one of the shipped "
                f"maps ({', '.join(SHIPPED_MAPS)})"
            )
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text)
    except (OSError, UnicodeDecodeError) as err:
        raise ModelError(f"cannot read label map {path}: {err}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        problem = getattr(err, "problem", None) or err
        raise ModelError(f"{where}: not valid YAML ({problem})") from None
    return _build(root, path, tuple(dataset_types))


def _build(root: Any, path: Path, dataset_types: tuple[str, ...]) -> LabelMap:
    import yaml

    def fail(node: Any, message: str) -> ModelError:
        line = node.start_mark.line + 1 if node is not None else None
        return ModelError(f"{path}:{line}: {message}" if line else f"{path}: {message}")

    if not isinstance(root, yaml.MappingNode):
        raise fail(root, "a label map must be a mapping with a 'labels' key")
    fields = {key.value: (key, value) for key, value in root.value}
    for key, (node, _) in fields.items():
        if key not in _KEYS:
            raise fail(node, f"unknown key {key!r}; expected {', '.join(sorted(_KEYS))}")
    if "labels" not in fields:
        raise fail(root, "the 'labels' key (model label -> dataset type) is missing")
    labels_node = fields["labels"][1]
    if not isinstance(labels_node, yaml.MappingNode) or not labels_node.value:
        raise fail(labels_node, "'labels' must map each model label to a dataset type or null")
    entries: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    for key, value in labels_node.value:
        label = str(key.value)
        if label in seen:
            raise fail(key, f"model label {label} is listed twice")
        seen.add(label)
        if not isinstance(value, yaml.ScalarNode):
            raise fail(value, f"model label {label} must map to a dataset type or null")
        target = None if value.tag == _NULL_TAG else str(value.value)
        if target is not None and target not in dataset_types:
            raise fail(
                value,
                f"model label {label} maps to unknown type {target!r}; expected one of "
                f"{', '.join(dataset_types)} or null",
            )
        entries.append((label, target))

    merge: frozenset[str] = frozenset()
    if "merge_adjacent" in fields:
        merge_node = fields["merge_adjacent"][1]
        if not isinstance(merge_node, yaml.SequenceNode):
            raise fail(merge_node, "'merge_adjacent' must be a list of dataset types")
        for item in merge_node.value:
            if not isinstance(item, yaml.ScalarNode) or item.value not in dataset_types:
                raise fail(
                    item,
                    f"merge_adjacent names unknown type {getattr(item, 'value', item)!r}; "
                    f"expected one of {', '.join(dataset_types)}",
                )
        merge = frozenset(item.value for item in merge_node.value)

    def scalar(key: str, default: str) -> str:
        if key not in fields:
            return default
        node = fields[key][1]
        if not isinstance(node, yaml.ScalarNode):
            raise fail(node, f"{key!r} must be text")
        return str(node.value)

    return LabelMap(
        name=scalar("name", path.stem),
        source=str(path),
        entries=tuple(entries),
        merge_adjacent=merge,
        dataset_types=dataset_types,
        description=scalar("description", ""),
    )


def default_label_map(backend: Any) -> LabelMap | None:
    """Return the shipped label map that covers every label of ``backend``, if one does.

    CoNLL-labelled models (the reference models, predictions files in CoNLL types) get
    ``conll``; spaCy's OntoNotes pipelines ``ontonotes``; the arcjet PII model ``pii``. A model
    whose labels no shipped map covers gets ``None`` (pass a map of your own).
    """
    labels = set(backend.labels)
    if labels <= set(CONLL_TYPES):
        return load_label_map("conll")
    for name in ("ontonotes", "pii"):
        candidate = load_label_map(name)
        if labels <= set(candidate.mapping):
            return candidate
    return None
