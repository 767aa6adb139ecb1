"""Label maps: the shipped maps, apply (ignore, merge_adjacent), check and bad files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from switcher.corpus import CONLL_TYPES
from switcher.errors import ModelError
from switcher.predict import SHIPPED_MAPS, LabelMap, default_label_map, load_label_map

FIXTURES = Path(__file__).parent / "fixtures" / "predict"

SPACY_ONTONOTES_LABELS = [
    "CARDINAL",
    "DATE",
    "EVENT",
    "FAC",
    "GPE",
    "LANGUAGE",
    "LAW",
    "LOC",
    "MONEY",
    "NORP",
    "ORDINAL",
    "ORG",
    "PERCENT",
    "PERSON",
    "PRODUCT",
    "QUANTITY",
    "TIME",
    "WORK_OF_ART",
]
RAMPART_LABELS = [
    "GIVEN_NAME",
    "SURNAME",
    "EMAIL",
    "PHONE",
    "URL",
    "TAX_ID",
    "BANK_ACCOUNT",
    "ROUTING_NUMBER",
    "GOVERNMENT_ID",
    "PASSPORT",
    "DRIVERS_LICENSE",
    "BUILDING_NUMBER",
    "STREET_NAME",
    "SECONDARY_ADDRESS",
    "CITY",
    "STATE",
    "ZIP_CODE",
]


@pytest.mark.parametrize(
    ("name", "model_labels", "types", "merge"),
    [
        ("conll", list(CONLL_TYPES), ("PER", "ORG", "LOC", "MISC"), set()),
        ("ontonotes", SPACY_ONTONOTES_LABELS, ("PER", "ORG", "LOC", "MISC"), set()),
        ("pii", RAMPART_LABELS, ("PER", "LOC"), {"PER"}),
    ],
)
def test_shipped_maps_cover_their_models(
    name: str, model_labels: list[str], types: tuple[str, ...], merge: set[str]
) -> None:
    label_map = load_label_map(name)
    assert label_map.name == name
    label_map.check(model_labels)
    assert set(label_map.mapping) == set(model_labels)
    assert label_map.types == types
    assert label_map.merge_adjacent == merge


def test_every_shipped_map_is_tested() -> None:
    shipped = {p.stem for p in (Path(load_label_map("conll").source).parent).glob("*.yaml")}
    assert shipped == set(SHIPPED_MAPS) == {"conll", "ontonotes", "pii"}


@pytest.mark.parametrize(
    ("label", "target"),
    [
        ("PERSON", "PER"),
        ("GPE", "LOC"),
        ("LOC", "LOC"),
        ("FAC", "LOC"),
        ("ORG", "ORG"),
        ("NORP", "MISC"),
        ("EVENT", "MISC"),
        ("PRODUCT", "MISC"),
        ("WORK_OF_ART", "MISC"),
        ("LAW", "MISC"),
        ("LANGUAGE", "MISC"),
        ("DATE", None),
        ("TIME", None),
        ("PERCENT", None),
        ("MONEY", None),
        ("QUANTITY", None),
        ("ORDINAL", None),
        ("CARDINAL", None),
    ],
)
def test_ontonotes_targets(label: str, target: str | None) -> None:
    assert load_label_map("ontonotes").mapping[label] == target


@pytest.mark.parametrize(
    ("name", "tags", "expected"),
    [
        # ignored types become O
        (
            "ontonotes",
            ["B-PERSON", "I-PERSON", "O", "B-GPE", "B-DATE", "I-DATE"],
            ["B-PER", "I-PER", "O", "B-LOC", "O", "O"],
        ),
        # two adjacent spans mapping to one type stay two without merge_adjacent
        ("ontonotes", ["B-GPE", "B-FAC"], ["B-LOC", "B-LOC"]),
        ("ontonotes", ["B-NORP", "O", "B-ORG", "I-ORG"], ["B-MISC", "O", "B-ORG", "I-ORG"]),
        # GIVEN_NAME SURNAME is one person
        ("pii", ["B-GIVEN_NAME", "B-SURNAME", "O"], ["B-PER", "I-PER", "O"]),
        (
            "pii",
            ["B-GIVEN_NAME", "B-GIVEN_NAME", "B-SURNAME", "I-SURNAME"],
            ["B-PER", "I-PER", "I-PER", "I-PER"],
        ),
        # an O between the parts keeps them apart
        ("pii", ["B-GIVEN_NAME", "O", "B-SURNAME"], ["B-PER", "O", "B-PER"]),
        # places are not merged (LOC is not in merge_adjacent)
        ("pii", ["B-CITY", "B-STATE"], ["B-LOC", "B-LOC"]),
        # a name touching an ignored type, and an ignored type in between
        ("pii", ["B-SURNAME", "B-EMAIL", "B-SURNAME"], ["B-PER", "O", "B-PER"]),
        ("pii", ["B-SURNAME", "B-CITY"], ["B-PER", "B-LOC"]),
        # input in IOB1 or with I- after O is decoded with conlleval's rules
        (
            "conll",
            ["I-PER", "I-PER", "B-PER", "O", "I-LOC"],
            ["B-PER", "I-PER", "B-PER", "O", "B-LOC"],
        ),
        ("conll", [], []),
    ],
)
def test_apply(name: str, tags: list[str], expected: list[str]) -> None:
    assert load_label_map(name).apply(tags) == expected


def test_apply_unknown_model_label() -> None:
    with pytest.raises(
        ModelError,
        match=r"ontonotes.yaml: label map 'ontonotes' has no entry for model label PER\b",
    ):
        load_label_map("ontonotes").apply(["B-PER", "O"])


def test_check_names_missing_labels_and_file() -> None:
    label_map = load_label_map(FIXTURES / "missing_label.yaml")
    with pytest.raises(
        ModelError,
        match=r"missing_label\.yaml: label map 'partial' has no entry for "
        r"model label\(s\) ORG, MISC",
    ):
        label_map.check(["PER", "ORG", "LOC", "MISC"])


def test_check_rejects_unknown_target_of_a_built_map() -> None:
    label_map = LabelMap("x", "mine.yaml", (("PERSON", "PERSONA"),))
    with pytest.raises(
        ModelError, match=r"mine\.yaml: model label PERSON maps to unknown type 'PERSONA'"
    ):
        label_map.check(["PERSON"])


@pytest.mark.parametrize(
    ("fixture", "message"),
    [
        (
            "pii_bad_target.yaml",
            r"pii_bad_target\.yaml:4: model label SURNAME maps to unknown type 'PERSON'; "
            r"expected one of PER, ORG, LOC, MISC or null",
        ),
        ("bad_merge.yaml", r"bad_merge\.yaml:3: merge_adjacent names unknown type 'PEOPLE'"),
        ("bad_key.yaml", r"bad_key\.yaml:3: unknown key 'merge'"),
        ("broken.yaml", r"broken\.yaml:\d+: not valid YAML"),
    ],
)
def test_bad_files(fixture: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        load_label_map(FIXTURES / fixture)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- PER\n", "must be a mapping with a 'labels' key"),
        ("name: x\n", "the 'labels' key .* is missing"),
        ("labels: {}\n", "'labels' must map each model label"),
        ("labels:\n  PER: [PER]\n", r":2: model label PER must map to a dataset type or null"),
        ("labels:\n  PER: PER\n  PER: LOC\n", r":3: model label PER is listed twice"),
        ("labels:\n  PER: PER\nmerge_adjacent: PER\n", "must be a list of dataset types"),
    ],
)
def test_bad_structures(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "map.yaml"
    path.write_text(text)
    with pytest.raises(ModelError, match=message):
        load_label_map(path)


def test_missing_file_and_unknown_name() -> None:
    with pytest.raises(ModelError, match=r"label map 'wikiner' not found: .*conll, ontonotes, pii"):
        load_label_map("wikiner")


def test_labels_are_read_as_written() -> None:
    label_map = load_label_map(FIXTURES / "yes_no.yaml")
    assert label_map.mapping == {"NO": "PER", "ON": None}
    assert label_map.name == "yes_no"  # no name key: the file's stem
    assert label_map.ignored == ("ON",)


def test_custom_dataset_types(tmp_path: Path) -> None:
    path = tmp_path / "wnut.yaml"
    path.write_text("labels:\n  PERSON: person\n  GPE: location\n  DATE: null\n")
    label_map = load_label_map(path, dataset_types=("person", "location"))
    assert label_map.apply(["B-PERSON", "B-GPE", "B-DATE"]) == ["B-person", "B-location", "O"]
    with pytest.raises(ModelError, match="unknown type 'person'"):
        load_label_map(path)


@dataclass
class _Labels:
    labels: tuple[str, ...]


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        (("PER", "LOC"), "conll"),
        (tuple(CONLL_TYPES), "conll"),
        (("PERSON", "GPE", "DATE"), "ontonotes"),
        (tuple(SPACY_ONTONOTES_LABELS), "ontonotes"),
        (tuple(RAMPART_LABELS), "pii"),
        (("PERSON", "GIVEN_NAME"), None),
        (("person",), None),
    ],
)
def test_default_label_map(labels: tuple[str, ...], expected: str | None) -> None:
    found = default_label_map(_Labels(labels))
    assert (found.name if found else None) == expected
