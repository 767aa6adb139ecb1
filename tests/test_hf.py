"""Hugging Face datasets: corpus <-> Dataset, ClassLabel names on disk, sources, documents."""

from __future__ import annotations

from pathlib import Path

import datasets
import pytest

from switcher.errors import SourceError
from switcher.read.conll import parse_conll, read_conll
from switcher.read.convert import convert_corpus
from switcher.read.documents import conll2003_document_starts, match_conll2003_documents
from switcher.read.hf import corpus_to_dataset, dataset_to_corpus, label_names_for
from switcher.read.sources import load_corpus
from switcher.schemes import spans_to_tags

CONLL2003_NAMES = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"]


@pytest.fixture
def sample():
    return load_corpus("sample")


def hub_like(corpus) -> datasets.Dataset:
    """A dataset in the Hub ``conll2003`` layout: IOB2, no documents, no -DOCSTART- rows."""
    dataset = corpus_to_dataset(convert_corpus(corpus, "iob2"))
    return dataset.remove_columns(["document_id", "sentence_id"])


def test_label_names_follow_the_conll2003_order() -> None:
    assert list(label_names_for(["MISC", "LOC", "PER", "ORG"], "iob2")) == CONLL2003_NAMES
    assert label_names_for(["PER"], "bioes") == ("O", "B-PER", "I-PER", "E-PER", "S-PER")
    assert label_names_for(["person", "location"], "io") == ("O", "I-location", "I-person")


def test_dataset_has_the_conll2003_layout(sample) -> None:
    dataset = corpus_to_dataset(convert_corpus(sample, "iob2"))
    assert dataset.column_names == [
        "document_id",
        "sentence_id",
        "tokens",
        "pos_tags",
        "chunk_tags",
        "ner_tags",
    ]
    assert dataset.features["ner_tags"].feature.names == CONLL2003_NAMES
    assert dataset.num_rows == sample.num_sentences()
    first_doc = [row for row in dataset if row["document_id"] == 0]
    assert len(first_doc) == len(sample.documents[0].sentences)


def test_corpus_dataset_corpus_is_identical(sample) -> None:
    assert dataset_to_corpus(corpus_to_dataset(sample)) == sample
    bioes = convert_corpus(sample, "bioes")
    assert dataset_to_corpus(corpus_to_dataset(bioes)) == bioes


@pytest.mark.parametrize("how", ["save_to_disk", "parquet"])
def test_class_label_names_survive_disk(sample, tmp_path: Path, how: str) -> None:
    dataset = corpus_to_dataset(sample)
    if how == "save_to_disk":
        dataset.save_to_disk(str(tmp_path / "ds"))
        back = datasets.load_from_disk(str(tmp_path / "ds"))
        source = tmp_path / "ds"
    else:
        dataset.to_parquet(str(tmp_path / "ds.parquet"))
        back = datasets.Dataset.from_parquet(str(tmp_path / "ds.parquet"))
        source = tmp_path / "ds.parquet"
    assert back.features["ner_tags"].feature.names == dataset.features["ner_tags"].feature.names
    assert back.features["pos_tags"].feature.names == dataset.features["pos_tags"].feature.names
    assert load_corpus(source) == sample


def test_label_names_of_a_source_dataset_are_kept(sample) -> None:
    names = ["O", "B-LOC", "I-LOC", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-MISC", "I-MISC", "B-X"]
    dataset = hub_like(sample).cast_column(
        "ner_tags", datasets.Sequence(datasets.ClassLabel(names=CONLL2003_NAMES))
    )
    relabelled = dataset.map(
        lambda row: {"ner_tags": [names.index(CONLL2003_NAMES[t]) for t in row["ner_tags"]]},
        features=datasets.Features(
            {**dataset.features, "ner_tags": datasets.Sequence(datasets.ClassLabel(names=names))}
        ),
    )
    with pytest.warns(UserWarning, match="no document boundaries"):
        corpus = dataset_to_corpus(relabelled)
    assert corpus.label_names == tuple(names)
    again = corpus_to_dataset(corpus)
    assert again.features["ner_tags"].feature.names == names


def test_docstart_rows_become_documents(sample) -> None:
    rows: dict[str, list[list[str]]] = {"tokens": [], "ner_tags": []}
    for document in sample.documents:
        rows["tokens"].append(["-DOCSTART-"])
        rows["ner_tags"].append(["O"])
        for sentence in document.sentences:
            rows["tokens"].append(sentence.tokens)
            rows["ner_tags"].append(spans_to_tags(sentence.spans, len(sentence.tokens), "iob2"))
    corpus = dataset_to_corpus(datasets.Dataset.from_dict(rows))
    assert corpus.scheme == "iob2"
    assert [(s.tokens, s.spans) for s in corpus.sentences()] == [
        (s.tokens, s.spans) for s in sample.sentences()
    ]
    assert [len(d.sentences) for d in corpus.documents] == [
        len(d.sentences) for d in sample.documents
    ]


def test_document_starts_restore_documents(sample) -> None:
    dataset = hub_like(sample)
    starts = []
    position = 0
    for document in sample.documents:
        starts.append(position)
        position += len(document.sentences)
    corpus = dataset_to_corpus(dataset, document_starts=starts)
    assert corpus == convert_corpus(sample, "iob2")
    with pytest.raises(SourceError, match="document starts must rise from 0"):
        dataset_to_corpus(dataset, document_starts=[1, 3])


def test_no_boundaries_warns_and_makes_one_document_per_sentence(sample) -> None:
    with pytest.warns(UserWarning, match="no document boundaries"):
        corpus = dataset_to_corpus(hub_like(sample))
    assert len(corpus.documents) == sample.num_sentences()
    assert not corpus.has_documents


def test_local_folder_of_data_files_loads_like_the_hub(sample, tmp_path: Path) -> None:
    folder = tmp_path / "my-ner"
    (folder / "data").mkdir(parents=True)
    corpus_to_dataset(sample).to_parquet(str(folder / "data" / "test-00000-of-00001.parquet"))
    corpus_to_dataset(sample).to_parquet(str(folder / "data" / "train-00000-of-00001.parquet"))
    loaded = load_corpus(folder)
    assert loaded == sample
    assert loaded.source.endswith("[test]")
    with pytest.raises(SourceError, match="no split 'dev'"):
        load_corpus(folder, split="dev")


def test_hub_id_goes_through_load_dataset(monkeypatch, sample) -> None:
    calls = []

    def fake_load_dataset(name, split=None, revision=None):
        calls.append((name, split, revision))
        return datasets.DatasetDict({"test": hub_like(sample)})

    monkeypatch.setattr(datasets, "load_dataset", fake_load_dataset)
    with pytest.warns(UserWarning, match="no document boundaries"):
        corpus = load_corpus("someone/ner-set")
    assert calls == [("someone/ner-set", None, None)]
    assert corpus.num_sentences() == sample.num_sentences()


def test_unreachable_hub_is_a_clear_error(monkeypatch) -> None:
    def offline(*args, **kwargs):
        raise ConnectionError("Couldn't reach 'conll2003' on the Hub")

    monkeypatch.setattr(datasets, "load_dataset", offline)
    with pytest.raises(SourceError, match="cannot load 'conll2003' from the Hugging Face Hub"):
        load_corpus("conll2003")


def test_missing_path_is_not_sent_to_the_hub() -> None:
    with pytest.raises(SourceError, match="no such file or folder"):
        load_corpus("data/missing.txt")


def test_conll2003_offsets_are_shipped() -> None:
    assert len(conll2003_document_starts("test")) == 231
    assert len(conll2003_document_starts("valid")) == 216
    assert len(conll2003_document_starts("train")) == 946
    assert match_conll2003_documents("test", [3] * 3453) is None  # token counts do not fit


def test_hub_conll2003_gets_its_documents_back(monkeypatch, conll2003_dir: Path) -> None:
    original = read_conll(conll2003_dir / "test.txt")
    hub_test = hub_like(original).cast_column(
        "ner_tags", datasets.Sequence(datasets.ClassLabel(names=CONLL2003_NAMES))
    )
    monkeypatch.setattr(datasets, "load_dataset", lambda name, split=None, revision=None: hub_test)
    corpus = load_corpus("conll2003", split="test")
    assert corpus.has_documents
    assert len(corpus.documents) == 231
    assert corpus == convert_corpus(original, "iob2")


def test_dataset_rows_with_bad_tags_name_the_row() -> None:
    dataset = datasets.Dataset.from_dict(
        {
            "tokens": [["a", "b"], ["c"]],
            "ner_tags": [["B-PER", "I-PER"], ["I-LOC"]],
            "document_id": [0, 0],
        }
    )
    with pytest.raises(SourceError, match=r"row 1, token 0: tag 'I-LOC' cannot follow O"):
        dataset_to_corpus(dataset, scheme="iob2")
    with pytest.raises(SourceError, match="no NER tag column"):
        dataset_to_corpus(dataset.remove_columns("ner_tags"))


def test_parse_then_dataset_keeps_string_columns() -> None:
    corpus = parse_conll("-DOCSTART- O\n\nAnna B-PER\nsang O\n\n")
    assert dataset_to_corpus(corpus_to_dataset(corpus)) == corpus
