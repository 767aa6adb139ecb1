"""The dataset card of an export: a YAML header for the Hub and a Markdown body for people.

The header is written with ``huggingface_hub``'s :class:`~huggingface_hub.DatasetCardData`
and ``datasets``' own ``dataset_info`` writer, so it reads back exactly as the Hub reads it:
``configs`` (``original`` and one per mode and origin, each with a ``test`` split),
``dataset_info`` (the features of every config, ``ClassLabel`` names included, and their
sizes), the licence, task, language, tags, size category and source dataset.

The body says what entity switching is, which origins and name lists (with their sources and
licences) were used, how the sets were generated, how to load and evaluate them, what every
column holds, the limits of the method, and how to cite it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from switcher.publish.layout import LICENSE_FILE, ORIGINAL_CONFIG, SPLIT, ExportConfig
from switcher.publish.licence import SourceLicence

#: Placeholder of the repository id in the card; ``publish`` fills in the real one.
REPO_PLACEHOLDER = "OWNER/NAME"

PAPER_CITATION = """@misc{agarwal2020entityswitched,
    title = {Entity-Switched Datasets: An Approach to Auditing the In-Domain Robustness of
             Named Entity Recognition Models},
    author = {Agarwal, Oshin and Yang, Yinfei and Wallace, Byron C. and Nenkova, Ani},
    year = {2020},
    eprint = {2004.04123},
    archivePrefix = {arXiv},
    primaryClass = {cs.CL},
    url = {https://arxiv.org/abs/2004.04123},
}"""

TAGS: tuple[str, ...] = (
    "entity-switching",
    "fairness",
    "ner",
    "named-entity-recognition",
    "audit",
    "robustness",
    "switcher",
)

#: (upper bound, Hub size category), the Hub's own buckets.
_SIZE_CATEGORIES: tuple[tuple[int, str], ...] = (
    (1_000, "n<1K"),
    (10_000, "1K<n<10K"),
    (100_000, "10K<n<100K"),
    (1_000_000, "100K<n<1M"),
    (10_000_000, "1M<n<10M"),
    (100_000_000, "10M<n<100M"),
    (1_000_000_000, "100M<n<1B"),
)

_MODE_NAMES = {"per": "PER-only", "full": "full (PER, LOC and ORG)"}

_COLUMNS: tuple[tuple[str, str], ...] = (
    ("origin", "origin id of the name lists (`original` for the source corpus)"),
    ("mode", "`per` (PER-only), `full`, or `original`"),
    (
        "variant",
        "0-based variant number within the origin (-1 for the source corpus); each variant is "
        "a complete copy of the test set",
    ),
    ("variant_name", "PER-only: the name every person became; full mode: `seed N`"),
    ("document_id", "document of the sentence in the source corpus"),
    ("sentence_id", "index of the sentence in the source corpus (the same in every variant)"),
    ("tokens", "the words of the sentence, after switching"),
)
_TAIL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("changed", "true when the variant replaced at least one span of this sentence"),
    (
        "replacements",
        "one record per replaced span: `orig_start`/`orig_end` and `new_start`/`new_end` "
        "(half-open token offsets in the original and the new sentence), `orig_text`, "
        "`new_text`, `label`, `subtype` (LOC sub-type or ORG sub-category), `role` (PER: "
        "`full`, `first` or `last`), `entity` (the source entity within its document), "
        "`entry` (the lexicon entry used) and `source` (`<origin>:<list>`)",
    ),
)


@dataclass(frozen=True)
class ListSources:
    """The sources of one list of a lexicon, e.g. ``per.first_names``."""

    key_path: str
    entries: int
    sources: tuple[str, ...]
    licences: tuple[str, ...]


@dataclass(frozen=True)
class OriginSources:
    """What the card says about one origin's lexicon.

    ``status`` is ``ok`` (the file was found and its sha256 matches the provenance),
    ``changed`` (the file differs from the one used) or ``missing`` (not found); only ``ok``
    comes with ``lists``.
    """

    id: str
    name: str
    path: str
    sha256: str
    curated: bool
    status: str
    lists: tuple[ListSources, ...] = ()


def _lexicon_file(path: str) -> Path:
    """Shipped lexicons are recorded as ``name_lists/...``; others as given."""
    if path.startswith("name_lists/"):
        from switcher.lexicons import lexicon_dir

        return lexicon_dir() / path.removeprefix("name_lists/")
    return Path(path)


def _used_lists(provenance: Mapping[str, Any]) -> tuple[str, ...] | None:
    """Key paths the mode replaces from; ``None`` for every list of the lexicon."""
    if provenance.get("mode") == "per":
        return ("per.first_names", "per.family_names")
    return None


def collect_lexicon_sources(provenance: Mapping[str, Any]) -> tuple[OriginSources, ...]:
    """Read the lexicon files named in a provenance and return their sources and licences.

    A file that cannot be found, or whose sha256 differs from the provenance's, is reported
    as such (its sources are not guessed from another version of the file).
    """
    from switcher.errors import LexiconError
    from switcher.lexicons import read_lexicon

    used = _used_lists(provenance)
    options = provenance.get("options") or {}
    wanted = {"per.first_names", "per.family_names"}
    wanted |= {f"loc.{t}" for t in options.get("replace_loc") or ()}
    wanted |= {f"org.{t}" for t in options.get("replace_org") or ()}
    result = []
    for record in provenance.get("lexicons", []):
        base = {
            "id": record["id"],
            "name": record.get("name") or record["id"],
            "path": record.get("path") or "",
            "sha256": record.get("sha256") or "",
            "curated": bool(record.get("curated")),
        }
        try:
            lexicon = read_lexicon(_lexicon_file(base["path"]))
        except LexiconError:
            result.append(OriginSources(**base, status="missing"))
            continue
        if lexicon.sha256 != base["sha256"]:
            result.append(OriginSources(**base, status="changed"))
            continue
        keys = used if used is not None else tuple(k for k in lexicon.list_sources if k in wanted)
        lists = []
        for key in keys:
            if key not in lexicon.list_sources:
                continue
            sources = lexicon.list_sources[key]
            lists.append(
                ListSources(
                    key_path=key,
                    entries=len(lexicon.entries(key)),
                    sources=tuple(s.describe() for s in sources),
                    licences=tuple(s.licence or "licence not stated" for s in sources),
                )
            )
        result.append(OriginSources(**base, status="ok", lists=tuple(lists)))
    return tuple(result)


def size_category(rows: int) -> str:
    """Return the Hub size category of a dataset of ``rows`` examples (``1K<n<10K``...)."""
    for bound, name in _SIZE_CATEGORIES:
        if rows < bound:
            return name
    return "n>1T"


def default_pretty_name(provenance: Mapping[str, Any], licence: SourceLicence) -> str:
    """Return a title such as ``Entity-switched CoNLL-2003 test (PER-only, 17 origins)``."""
    mode = "PER-only" if provenance.get("mode") == "per" else "full"
    origins = len(provenance.get("sets", []))
    if licence.kind == "conll2003":
        name = "CoNLL-2003 " + licence.dataset.rsplit(", ", 1)[-1].removesuffix(" split")
    elif licence.kind == "sample":
        name = "switcher sample"
    else:
        name = Path(str(licence.dataset).split("[", 1)[0]).name or "NER"
    plural = "origin" if origins == 1 else "origins"
    return f"Entity-switched {name} ({mode}, {origins} {plural})"


def card_metadata(
    provenance: Mapping[str, Any],
    configs: Sequence[ExportConfig],
    licence: SourceLicence,
    *,
    pretty_name: str,
) -> Any:
    """Return the card's YAML header as a :class:`huggingface_hub.DatasetCardData`."""
    import datasets
    from datasets.info import DatasetInfosDict
    from huggingface_hub import DatasetCardData

    extra: dict[str, Any] = {}
    if licence.license_name:
        extra["license_name"] = licence.license_name
        extra["license_link"] = LICENSE_FILE
    source = f"extended|{licence.hub_id}" if licence.hub_id else "extended|other"
    data = DatasetCardData(
        pretty_name=pretty_name,
        language=list(licence.language) or None,
        multilinguality="monolingual" if len(licence.language) == 1 else None,
        license=licence.license,
        task_categories=["token-classification"],
        task_ids=["named-entity-recognition"],
        size_categories=[size_category(sum(c.rows for c in configs))],
        source_datasets=[source],
        **extra,
        tags=list(TAGS),
        configs=[
            {
                "config_name": c.name,
                "data_files": [{"split": SPLIT, "path": c.data_files_pattern}],
            }
            for c in configs
        ],
    )
    infos = DatasetInfosDict(
        {
            c.name: datasets.DatasetInfo(
                features=c.features,
                splits=datasets.SplitDict(
                    {
                        SPLIT: datasets.SplitInfo(
                            name=SPLIT, num_bytes=c.num_bytes, num_examples=c.rows
                        )
                    }
                ),
                download_size=c.file_size,
                dataset_size=c.num_bytes,
                config_name=c.name,
            )
            for c in configs
        }
    )
    infos.to_dataset_card_data(data)
    return data


def _source_label(source: str) -> str:
    """A local path by its file name (the publisher's folders are not the reader's business)."""
    base, bracket, rest = source.partition("[")
    if base.startswith(("/", ".", "~")) or base.count("/") > 1 or "\\" in base:
        base = Path(base).name
    return base + bracket + rest


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _licence_notice(licence: SourceLicence) -> list[str]:
    if licence.research_only:
        return [
            f"> **Research use only.** These sets are derived from {licence.dataset}. "
            + licence.terms
            + f" See [{LICENSE_FILE}]({LICENSE_FILE}).",
            "",
        ]
    if not licence.known:
        return [f"> **Licence unknown.** {licence.terms}", ""]
    return []


def _describe_mode(provenance: Mapping[str, Any]) -> str:
    options = provenance.get("options") or {}
    if provenance.get("mode") == "per":
        return (
            "**PER-only**: one variant per name. In a variant, every PER mention of the test "
            "set is replaced by a form of the same name (a full name by the full name, a first "
            "or last name alone by the new first or last name); LOC, ORG and MISC are left "
            "unchanged. Single-token mentions that match no full name of their document are "
            f"taken as {'first' if options.get('unmatched') == 'first' else 'family'} names."
        )
    kept_loc = "countries, continents, regions and natural features"
    return (
        "**Full**: PER, LOC and ORG entities are replaced; each entity of a document gets one "
        "replacement of the same type (LOC within its sub-type, ORG within its sub-category) "
        "drawn with a seed, and every mention of it gets the matching form. One variant per "
        "seed. Replaced LOC sub-types: "
        + (", ".join(options.get("replace_loc") or []) or "none")
        + "; replaced ORG sub-categories: "
        + (", ".join(options.get("replace_org") or []) or "none")
        + f". Kept unchanged: MISC, LOC {kept_loc} (any sub-type not listed), ORG `Others` "
        "(international bodies, unclassified)"
        + (
            ", and mentions whose list the origin lacks"
            if options.get("on_missing") == "keep"
            else ""
        )
        + "."
    )


def _variant_counts(provenance: Mapping[str, Any], configs: Sequence[ExportConfig]) -> str:
    """``20``, or ``5 (20 asked: the lists have fewer names)`` when an origin fell short."""
    asked = provenance.get("variants_per_origin")
    counts = sorted({len(c.variants) for c in configs})
    if not counts:
        return str(asked)
    shown = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    if counts != [asked]:
        shown += f" ({asked} asked: some name lists have fewer first names)"
    return shown


def _config_rows(configs: Sequence[ExportConfig]) -> list[str]:
    lines = [
        "| config | origin | variants | rows | variant names |",
        "|---|---|---:|---:|---|",
    ]
    for c in configs:
        if c.name == ORIGINAL_CONFIG:
            names = "the source corpus, unchanged (variant -1)"
            count = "-"
        else:
            names = "; ".join(f"{v.index}: {v.name}" for v in c.variants)
            count = str(len(c.variants))
        lines.append(
            f"| `{c.name}` | {_cell(c.origin_name)} | {count} | {c.rows:,} | {_cell(names)} |"
        )
    return lines


def _origin_rows(origins: Sequence[OriginSources]) -> list[str]:
    lines = ["| origin | lexicon | list | entries | source |", "|---|---|---|---:|---|"]
    for origin in origins:
        who = f"`{origin.id}` {_cell(origin.name)}" + (" (curated)" if origin.curated else "")
        shown = origin.path if origin.path.startswith("name_lists/") else Path(origin.path).name
        where = f"`{_cell(shown)}`"
        if origin.status != "ok":
            why = (
                "file not found"
                if origin.status == "missing"
                else "the file has changed since generation"
            )
            lines.append(
                f"| {who} | {where} | - | - | sources unavailable: {why} (sha256 "
                f"`{origin.sha256[:12]}`, see provenance.json) |"
            )
            continue
        for item in origin.lists:
            lines.append(
                f"| {who} | {where} | `{item.key_path}` | {item.entries} | "
                f"{_cell('; '.join(item.sources))} |"
            )
    return lines


def _column_rows(configs: Sequence[ExportConfig]) -> list[str]:
    features = configs[0].features
    known = {name for name, _ in _COLUMNS + _TAIL_COLUMNS} | {"ner_tags"}
    lines = ["| column | type | content |", "|---|---|---|"]
    for name, text in _COLUMNS:
        lines.append(f"| `{name}` | {_feature_type(features[name])} | {text} |")
    for name in features:
        if name in known:
            continue
        lines.append(
            f"| `{name}` | {_feature_type(features[name])} | a column of the source corpus, "
            "kept (inserted tokens copy the value of the span they replace) |"
        )
    tag_names = ", ".join(f"`{n}`" for n in features["ner_tags"].feature.names)
    lines.append(
        f"| `ner_tags` | {_feature_type(features['ner_tags'])} | NER tags in the source's "
        f"scheme; `ClassLabel` names: {tag_names} |"
    )
    for name, text in _TAIL_COLUMNS:
        lines.append(f"| `{name}` | {_feature_type(features[name])} | {text} |")
    return lines


def _feature_type(feature: Any) -> str:
    import datasets

    inner = getattr(feature, "feature", None)
    if isinstance(feature, list) or (inner is not None and isinstance(inner, dict)):
        return "list of records"
    if inner is not None:
        return f"list of {_feature_type(inner)}"
    if isinstance(feature, datasets.ClassLabel):
        return "ClassLabel"
    return str(getattr(feature, "dtype", type(feature).__name__))


def _load_section(configs: Sequence[ExportConfig], repo_id: str) -> list[str]:
    example = next((c.name for c in configs if c.name != ORIGINAL_CONFIG), ORIGINAL_CONFIG)
    origin = next((c for c in configs if c.name == example), configs[0])
    return [
        "## How to load",
        "",
        "```python",
        "from datasets import load_dataset",
        "",
        f'switched = load_dataset("{repo_id}", "{example}", split="{SPLIT}")',
        f'original = load_dataset("{repo_id}", "{ORIGINAL_CONFIG}", split="{SPLIT}")',
        "tags = switched.features['ner_tags'].feature.names",
        "first = switched.filter(lambda row: row['variant'] == 0)  # one complete test set",
        "```",
        "",
        f"Every config has one split, `{SPLIT}`: these are test sets for auditing a trained "
        "model, not training data. A config holds all variants of its origin"
        + (f" ({len(origin.variants)} for `{example}`)" if origin.variants else "")
        + "; select one with the `variant` column. There is no default config: name one.",
        "",
        "## How to evaluate",
        "",
        "`switcher evaluate` reads this repository as it is: download it, then run a model on "
        "the original set and every variant:",
        "",
        "```bash",
        'pip install "switcher @ git+https://github.com/switcher-ner/switcher"',
        f"hf download {repo_id} --repo-type dataset --local-dir export",
        "switcher evaluate --sets export --model MODEL --backend transformers --out results",
        "```",
        "",
        "The scores to compare are per origin: the mean over its variants of the F1 and of the "
        "recall on the replaced spans (the `replacements` column gives their offsets), against "
        "the `original` config.",
        "",
    ]


def build_card(
    provenance: Mapping[str, Any],
    configs: Sequence[ExportConfig],
    licence: SourceLicence,
    origins: Sequence[OriginSources],
    *,
    pretty_name: str | None = None,
    repo_id: str | None = None,
) -> str:
    """Return the text of the dataset card (``README.md``) of an export.

    Args:
        provenance: The sets folder's ``provenance.json``.
        configs: The configs of the export, ``original`` first.
        licence: The input's licence (:func:`switcher.publish.licence.identify_source`).
        origins: The origins' lexicon sources (:func:`collect_lexicon_sources`).
        pretty_name: Title of the dataset (default: built from the input and mode).
        repo_id: The Hub repository id for the load examples; default ``OWNER/NAME``, which
            ``switcher publish`` replaces with the repository it pushes to.
    """
    title = pretty_name or default_pretty_name(provenance, licence)
    repo = repo_id or REPO_PLACEHOLDER
    header = card_metadata(provenance, configs, licence, pretty_name=title)
    source = provenance.get("input") or {}
    mode = str(provenance.get("mode"))
    variant_configs = [c for c in configs if c.name != ORIGINAL_CONFIG]
    seeds = sorted({v.seed for c in variant_configs for v in c.variants})
    licences = sorted({lic for o in origins for item in o.lists for lic in item.licences})
    lines = [
        "---",
        header.to_yaml(),
        "---",
        "",
        f"# {title}",
        "",
        *_licence_notice(licence),
        "Entity-switched test sets for auditing named entity recognition (NER) models by the "
        "national origin of the names they meet, after Agarwal et al. (2020). Each variant is "
        "the whole test set with named entities replaced by plausible entities of the same "
        "type from one origin, the rest of the text unchanged; a model that is robust scores "
        "the same on every origin. Generated with [switcher]"
        f"(https://github.com/switcher-ner/switcher) {provenance.get('switcher_version')}.",
        "",
        "## Sets",
        "",
        f"Mode: {_describe_mode(provenance)}",
        "",
        f"Seed: {provenance.get('seed')}"
        + (f" (variant seeds {', '.join(str(s) for s in seeds)})" if len(seeds) > 1 else "")
        + f"; variants per origin: {_variant_counts(provenance, variant_configs)}; "
        f"{len(variant_configs)} origins ({_MODE_NAMES.get(mode, mode)}).",
        "",
        *_config_rows(configs),
        "",
        "## Origins and name lists",
        "",
        "Names are drawn from one lexicon per origin (a YAML file of switcher's `name_lists/`, "
        "or the publisher's own); each list names its sources. Licences of the lists: "
        + (", ".join(licences) or "not available")
        + ". The sha256 of every file is in `provenance.json`.",
        "",
        *_origin_rows(origins),
        "",
        "## Source dataset",
        "",
        f"- dataset: `{_source_label(str(source.get('source')))}`"
        + (f" (split {source.get('split')})" if source.get("split") else ""),
        f"- recognised as: {licence.dataset}",
        f"- licence: `{licence.license}`"
        + (f" ({licence.license_name})" if licence.license_name else "")
        + f". {licence.terms}",
        f"- {source.get('documents', 0):,} documents, {source.get('sentences', 0):,} "
        f"sentences, {source.get('tokens', 0):,} tokens, tag scheme "
        f"{str(source.get('scheme', '')).upper()}; entities: "
        + ", ".join(f"{k} {v:,}" for k, v in (source.get("entities") or {}).items()),
        f"- content fingerprint: `{source.get('fingerprint')}`",
        "",
        *_load_section(configs, repo),
        "## Columns",
        "",
        *_column_rows(configs),
        "",
        "Unchanged sentences are repeated in every variant, so each variant is a complete test "
        "set; `changed` marks the sentences a variant switched.",
        "",
        "## Limits",
        "",
        "- Names are romanised (Latin script): the sets test names of an origin as they appear "
        "in English text, not in their own script.",
        "- A multi-token PER mention is split by the Western rule of the paper: first token = "
        "first name, the rest = last name. Names of other shapes (family name first, "
        "patronymics, mononyms) follow the lexicon's shape but the source mentions are still "
        "read this way.",
        "- A name list is a sample of names of a country, not its population: an origin's "
        "score says how a model handles these names, and a small list can be unrepresentative.",
        "- National origin stands in for the groups a model may treat unequally; one country "
        "holds many groups.",
        "- "
        + (
            "PER-only sets keep LOC, ORG and MISC unchanged."
            if mode == "per"
            else "Full sets keep MISC, LOC countries, continents, regions and natural features, "
            "and ORG `Others` unchanged; contexts can then disagree with the new names."
        ),
        "",
        "## Citation",
        "",
        "The method:",
        "",
        "```bibtex",
        PAPER_CITATION,
        "```",
    ]
    if licence.citation:
        lines += ["", "The source dataset:", "", "```bibtex", licence.citation, "```"]
    return "\n".join(lines) + "\n"


def build_license_file(licence: SourceLicence) -> str:
    """Return ``LICENSE.md`` for an input whose licence is not a standard one."""
    lines = [f"# Licence: {licence.license_name or licence.license}", "", licence.terms, ""]
    if licence.citation:
        lines += ["Cite the source dataset as:", "", "```bibtex", licence.citation, "```", ""]
    return "\n".join(lines)
