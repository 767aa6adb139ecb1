"""The transformers backend, end to end on a tiny random BERT built in a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from switcher.errors import ModelError
from switcher.predict import default_label_map, load_backend, predict_sentences
from switcher.schemes import validate_tags

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

CONLL_LABELS = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"]
VOCAB = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]",
    "the", "in", "paris", "angela", "mer", "##kel", "visited", ".", ",", "and", "john",
    "smith", "lives", "london", "new", "york", "##s", "a", "met", "ngu", "##yen",
]  # fmt: skip
MAX_POSITIONS = 16


def build_model(folder: Path, id2label: dict[int, str] | None) -> Path:
    """Save a 2-layer, 32-wide random BertForTokenClassification and its tokenizer."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "vocab.txt").write_text("\n".join(VOCAB) + "\n")
    tokenizer = transformers.BertTokenizerFast(vocab_file=str(folder / "vocab.txt"))
    labels = {"num_labels": 3}
    if id2label is not None:
        labels = {
            "num_labels": len(id2label),
            "id2label": id2label,
            "label2id": {v: k for k, v in id2label.items()},
        }
    config = transformers.BertConfig(
        vocab_size=len(VOCAB),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=MAX_POSITIONS,
        **labels,
    )
    torch.manual_seed(0)
    transformers.BertForTokenClassification(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_model(tmp_path_factory.mktemp("tiny-bert"), dict(enumerate(CONLL_LABELS)))


SENTENCES = [
    ["Angela", "Merkel", "visited", "Paris", "."],
    ["John", "Smith", "lives", "in", "New", "York", "."],
    [],
    ["Nguyen", "met", "Angela", "in", "London", ",", "and", "John", "visited", "Paris", "."] * 4,
    ["Zyxwv"],  # unknown to the vocabulary: [UNK]
]


def test_end_to_end(tiny_bert: Path) -> None:
    backend = load_backend("transformers", str(tiny_bert), device="cpu", batch_size=2)
    assert backend.name == f"transformers:{tiny_bert}"
    assert backend.labels == ("PER", "ORG", "LOC", "MISC")
    assert default_label_map(backend).name == "conll"
    assert backend.max_length == MAX_POSITIONS
    assert backend.budget == MAX_POSITIONS - 2  # [CLS] and [SEP]
    assert len(SENTENCES[3]) > MAX_POSITIONS  # needs several windows

    tags = backend.predict(SENTENCES)
    assert [len(t) for t in tags] == [len(s) for s in SENTENCES]
    for sentence_tags in tags:
        validate_tags(sentence_tags, "iob2", types=backend.labels)
    # the same input gives the same output, alone or in another batch
    assert backend.predict(SENTENCES) == tags
    assert [backend.predict([s])[0] for s in SENTENCES] == tags
    # through predict_sentences: dedupe, sorting by length and batching change nothing
    assert predict_sentences(backend, [*SENTENCES, SENTENCES[0]], progress=False) == [
        *tags,
        tags[0],
    ]


def test_fingerprint(tiny_bert: Path) -> None:
    a = load_backend("transformers", str(tiny_bert), device="cpu")
    b = load_backend("transformers", str(tiny_bert), device="cpu", batch_size=7)
    c = load_backend("transformers", str(tiny_bert), device="cpu", stride=1)
    assert a.fingerprint == b.fingerprint  # batch size changes no output
    assert a.fingerprint != c.fingerprint
    assert a.fingerprint.startswith("transformers:")


def test_short_windows(tiny_bert: Path) -> None:
    backend = load_backend("transformers", str(tiny_bert), device="cpu", max_length=6, stride=1)
    assert backend.budget == 4
    long = SENTENCES[3]
    (tags,) = backend.predict([long])
    assert len(tags) == len(long)
    validate_tags(tags, "iob2", types=backend.labels)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_length": 3}, "max_length 3 leaves no room for words"),
        ({"stride": 14}, "stride 14 must be at least 0 and below the window of 14 sub-tokens"),
    ],
)
def test_bad_options(tiny_bert: Path, options: dict[str, int], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        load_backend("transformers", str(tiny_bert), device="cpu", **options)


def test_labels_not_bio(tmp_path: Path) -> None:
    folder = build_model(tmp_path / "label-ids", None)  # LABEL_0, LABEL_1, LABEL_2
    with pytest.raises(
        ModelError, match=r"labels 'LABEL_0', 'LABEL_1', 'LABEL_2' are not BIO-style"
    ):
        load_backend("transformers", str(folder), device="cpu")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "absent", r"not a model folder and not a Hugging Face Hub model id"),
        (lambda p: p, r"cannot load '.*' as a token-classification model"),
    ],
)
def test_unloadable(tmp_path: Path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ModelError, match=message):
        load_backend("transformers", str(make(tmp_path)))
