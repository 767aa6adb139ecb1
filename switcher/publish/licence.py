"""Which licence a switched set inherits from its input, and when publishing needs ``--yes``.

A switched set repeats the text of its input with names replaced, so it carries the input's
licence. switcher recognises the inputs it knows from the provenance of a sets folder:

* **CoNLL-2003** (English, Reuters RCV1 newswire): by its content fingerprint
  (:func:`switcher.corpus.corpus_fingerprint`; the test, valid and train splits, identical
  for the IOB1 files, their IOB2 conversion and the Hub dataset with restored documents), by a
  Hub id such as ``conll2003`` or ``eriktks/conll2003``, or by an original file name
  (``eng.testb``...). Reuters licenses the text for research use only: the card says so and
  publishing needs ``--yes``.
* **the bundled sample** (``switcher/data/sample.conll``, written for this project): Apache-2.0,
  the licence of switcher.
* anything else: licence **unknown**, unless the user declares one when exporting
  (``--license``); an unknown licence needs ``--yes`` to publish as well.

Only hex digests are kept here, never text of the data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from switcher.errors import PublishError

#: ``corpus_fingerprint`` of the CoNLL-2003 English splits (IOB1 files, IOB2 files and the
#: Hub dataset with its documents restored all give these), by split.
CONLL2003_FINGERPRINTS: Mapping[str, str] = {
    "0e599607d852b178247a1a03f2a7dc35e8aa9444566ff11fcf6247886d6f0546": "test",
    "a5dcd35cb6f5e62f3e7c28898477e7833f4ac8ccba39697cfb4e3687657da4f8": "valid",
    "8efd66b846f243d6f60bbccda84841d7b77751c5ebd91060b9337676ebc73a33": "train",
}
#: Hub datasets whose text is CoNLL-2003's (CoNLL++ corrects labels, not text).
CONLL2003_HUB_IDS: frozenset[str] = frozenset(
    {"conll2003", "eriktks/conll2003", "tner/conll2003", "conllpp", "ZihanWangKi/conllpp"}
)
#: File names of the original CoNLL-2003 English release.
CONLL2003_FILE_NAMES: Mapping[str, str] = {
    "eng.testb": "test",
    "eng.testa": "valid",
    "eng.train": "train",
}

CONLL2003_CITATION = """@inproceedings{tjong-kim-sang-de-meulder-2003-introduction,
    title = "Introduction to the {C}o{NLL}-2003 Shared Task:
             Language-Independent Named Entity Recognition",
    author = "Tjong Kim Sang, Erik F. and De Meulder, Fien",
    booktitle = "Proceedings of the Seventh Conference on Natural Language Learning
                 at {HLT}-{NAACL} 2003",
    year = "2003",
    pages = "142--147",
    url = "https://aclanthology.org/W03-0419",
}"""

CONLL2003_TERMS = (
    "CoNLL-2003's English data is Reuters RCV1 newswire. Reuters makes RCV1 available for "
    "research use only, through NIST (https://trec.nist.gov/data/reuters/reuters.html); the "
    "shared task page (https://www.clips.uantwerpen.be/conll2003/ner/) distributes annotations "
    "and asks users to obtain the text there. Every config of this dataset repeats that text "
    "with some names replaced, so the same terms apply: use it for research only, and do not "
    "redistribute it beyond what the Reuters RCV1 agreement allows."
)

_LICENCE_ID = re.compile(r"^[a-z0-9][a-z0-9.+\-]*$")
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]+)*$")


@dataclass(frozen=True)
class SourceLicence:
    """The input of a switched set, as far as its licence is concerned.

    Args:
        kind: ``conll2003``, ``sample``, ``declared`` (the user named the licence) or
            ``unknown``.
        dataset: The input's name for people, e.g. ``CoNLL-2003 English NER, test split``.
        license: The Hugging Face Hub licence id for the card (``other``, ``apache-2.0``,
            ``unknown``, ...).
        research_only: The input's text may be used for research only.
        terms: What the licence allows, one paragraph for the card.
        license_name: Short id of a licence that is not on the Hub's list (with ``other``).
        hub_id: The input's Hub dataset id, for ``source_datasets``, when there is one.
        language: Languages of the text (ISO 639 codes), when known.
        citation: BibTeX of the input, when known.
    """

    kind: str
    dataset: str
    license: str
    research_only: bool
    terms: str
    license_name: str | None = None
    hub_id: str | None = None
    language: tuple[str, ...] = ()
    citation: str | None = None

    @property
    def known(self) -> bool:
        """True when the licence is known (recognised or declared), not ``unknown``."""
        return self.license != "unknown"


def _hub_id(source: str) -> str | None:
    """``eriktks/conll2003[test]`` → ``eriktks/conll2003``; ``None`` for a local path."""
    base = source.split("[", 1)[0]
    if base.startswith((".", "/", "~")) or base.count("/") > 1 or Path(base).suffix:
        return None
    return base or None


def conll2003_split(input_info: Mapping[str, Any]) -> str | None:
    """Return the CoNLL-2003 split an input is (``test``, ``valid``, ``train``), or ``None``.

    ``input_info`` is the ``input`` record of a sets folder's ``provenance.json``: its
    ``fingerprint``, ``source`` and ``split`` are read. A Hub id of CoNLL-2003 or an original
    file name counts even when the fingerprint differs (an edited copy is still Reuters text).
    """
    fingerprint = str(input_info.get("fingerprint") or "")
    if fingerprint in CONLL2003_FINGERPRINTS:
        return CONLL2003_FINGERPRINTS[fingerprint]
    source = str(input_info.get("source") or "")
    hub = _hub_id(source)
    if hub in CONLL2003_HUB_IDS:
        match = re.search(r"\[([^\]]+)\]$", source)
        split = match.group(1) if match else input_info.get("split")
        return str(split or "test")
    name = Path(source.split("[", 1)[0]).name
    return CONLL2003_FILE_NAMES.get(name)


def _is_sample(input_info: Mapping[str, Any]) -> bool:
    from switcher.corpus import corpus_fingerprint
    from switcher.read.sources import SAMPLE, load_corpus, sample_path

    source = str(input_info.get("source") or "")
    if source == SAMPLE:
        return True
    try:
        if Path(source).resolve() == sample_path().resolve():
            return True
    except OSError:
        pass
    return input_info.get("fingerprint") == corpus_fingerprint(load_corpus(SAMPLE))


def identify_source(
    input_info: Mapping[str, Any],
    *,
    license: str | None = None,
    language: tuple[str, ...] = (),
) -> SourceLicence:
    """Return the licence of the input described by a provenance ``input`` record.

    Args:
        input_info: The ``input`` record of ``provenance.json``.
        license: A Hub licence id the user declares for an input switcher does not
            recognise (``cc-by-4.0``...).
        language: Languages the user declares for an unrecognised input.

    Raises:
        PublishError: ``license`` or ``language`` is malformed, or a licence is declared for
            an input whose licence switcher knows (CoNLL-2003 stays research-only).
    """
    if license is not None and not _LICENCE_ID.match(license):
        raise PublishError(
            f"--license {license!r} is not a Hub licence id (lower case, e.g. cc-by-4.0, mit, "
            "apache-2.0, other)"
        )
    for code in language:
        if not _LANGUAGE.match(code):
            raise PublishError(f"--language {code!r} is not an ISO 639 code such as en or de")
    split = conll2003_split(input_info)
    if split is not None:
        if license is not None:
            raise PublishError(
                f"--license {license}: the input is CoNLL-2003 ({split}), whose Reuters text is "
                "for research use only; its licence cannot be overridden"
            )
        return SourceLicence(
            kind="conll2003",
            dataset=f"CoNLL-2003 English NER (Reuters RCV1 newswire), {split} split",
            license="other",
            license_name="conll-2003-research-only",
            research_only=True,
            terms=CONLL2003_TERMS,
            hub_id="eriktks/conll2003",
            language=("en",),
            citation=CONLL2003_CITATION,
        )
    if _is_sample(input_info):
        if license is not None:
            raise PublishError(
                f"--license {license}: the input is switcher's bundled sample, which is "
                "Apache-2.0 like switcher; its licence cannot be overridden"
            )
        return SourceLicence(
            kind="sample",
            dataset="switcher's bundled sample corpus (switcher/data/sample.conll)",
            license="apache-2.0",
            research_only=False,
            terms="The sample was written for switcher and is distributed under its licence, "
            "Apache-2.0.",
            language=("en",),
        )
    source = str(input_info.get("source") or "an unnamed corpus")
    hub = _hub_id(source)
    if hub is not None and (hub.count("/") != 1 or Path(hub).exists()):
        hub = None  # a local folder, or a name too short to be sure it is a Hub id
    if license is not None:
        return SourceLicence(
            kind="declared",
            dataset=source,
            license=license,
            research_only=False,
            terms=f"The input's licence, {license}, as declared by the publisher when exporting.",
            hub_id=hub,
            language=tuple(language),
        )
    return SourceLicence(
        kind="unknown",
        dataset=source,
        license="unknown",
        research_only=False,
        terms="The licence of the input is unknown to switcher: check it before using or "
        "sharing this dataset. The switched variants repeat the input's text, so they carry "
        "its licence.",
        hub_id=hub,
        language=tuple(language),
    )


def confirmation_reason(licence: SourceLicence, *, private: bool) -> str | None:
    """Return why publishing a set of this input needs ``--yes``, or ``None`` if it does not.

    A research-only input needs ``--yes`` for a public and for a private repository (a
    private repository can be made public later, and collaborators see it); an unknown
    licence needs it too.
    """
    where = "a private" if private else "a public"
    if licence.research_only:
        advice = "" if private else "; a private repository (--private) is strongly recommended"
        return (
            f"{licence.dataset} is for research use only, and these sets repeat its text: "
            f"pushing them to {where} repository needs --yes, to confirm that you may share "
            f"it there{advice}"
        )
    if not licence.known:
        return (
            f"the licence of the input ({licence.dataset}) is unknown: pushing text derived "
            f"from it to {where} repository needs --yes (or export again with --license ID "
            "when you know it)"
        )
    return None
