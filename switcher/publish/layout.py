"""The layout of a Hub-ready dataset repository folder, and reading one back.

::

    REPO_DIR/
      README.md                                   dataset card: YAML header (configs,
                                                  dataset_info, licence...) and Markdown body
      LICENSE.md                                  the input's terms, when they are not a
                                                  standard licence (CoNLL-2003: research only)
      provenance.json                             the sets folder's provenance, byte for byte
      data/original/test-00000-of-00001.parquet   the source corpus (variant -1)
      data/<mode>-<origin>/test-00000-of-00001.parquet   all variants of one origin

One Hub config per parquet file: ``original`` and ``<mode>-<origin>`` (``per-vn``,
``full-in``), each with a single split, ``test`` (the sets are test sets: switching is an
audit of a trained model, never training data). The parquet files are the generator's own,
copied byte for byte: their schema carries the ``datasets`` features, ``ClassLabel`` names
included, and the card declares the same features.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from switcher.errors import PublishError, SourceError
from switcher.switch.store import config_name

ORIGINAL_CONFIG = "original"
SPLIT = "test"
DATA_DIR = "data"
DATA_FILE_NAME = f"{SPLIT}-00000-of-00001.parquet"
CARD_FILE = "README.md"
LICENSE_FILE = "LICENSE.md"
PROVENANCE_FILE = "provenance.json"


@dataclass(frozen=True)
class VariantEntry:
    """One variant of a config: its index, its name (the new name, or ``seed N``), its seed."""

    index: int
    name: str
    seed: int


@dataclass(frozen=True)
class ExportConfig:
    """One Hub config of an export: a parquet file of a sets folder and where it goes.

    Args:
        name: The config name (``original``, ``per-vn``).
        mode: ``original``, ``per`` or ``full``.
        origin: The origin id (``original`` for the source corpus).
        origin_name: The origin's name for people (``Vietnam``).
        source: The parquet file in the sets folder.
        rows: Rows of the file (sentences × variants).
        variants: The variants the file holds, in order (none for ``original``).
        features: The ``datasets.Features`` stored in the file's schema.
        num_bytes: In-memory (Arrow) size of the table, for the card's ``dataset_info``.
        file_size: Size of the parquet file in bytes.
    """

    name: str
    mode: str
    origin: str
    origin_name: str
    source: Path
    rows: int
    variants: tuple[VariantEntry, ...]
    features: Any
    num_bytes: int
    file_size: int

    @property
    def path_in_repo(self) -> str:
        """Where the parquet file lies in the repository."""
        return data_path(self.name)

    @property
    def data_files_pattern(self) -> str:
        """The ``data_files`` pattern of the config in the card."""
        return f"{DATA_DIR}/{self.name}/*.parquet"


def data_path(config: str) -> str:
    """Return the path in the repository of the parquet file of ``config``."""
    return f"{DATA_DIR}/{config}/{DATA_FILE_NAME}"


def expected_configs(provenance: Mapping[str, Any]) -> list[str]:
    """Return the config names an export of a sets folder with this provenance has."""
    return [ORIGINAL_CONFIG] + [config_name(s["mode"], s["origin"]) for s in provenance["sets"]]


def _read_config(sets_dir: Path, name: str, relative: str) -> tuple[Path, int, Any, int]:
    import datasets
    import pyarrow.parquet as pq

    path = sets_dir / relative
    if not path.is_file():
        raise PublishError(
            f"{sets_dir}: provenance.json lists the set {relative}, but the file is missing "
            "(an incomplete sets folder: generate it again)"
        )
    try:
        table = pq.read_table(path)
    except Exception as err:  # pyarrow raises several kinds for a damaged file
        raise PublishError(f"{path}: not a readable parquet file ({err})") from None
    if table.schema.metadata is None or b"huggingface" not in table.schema.metadata:
        raise PublishError(
            f"{path}: its schema carries no datasets features (no 'huggingface' metadata); "
            "expected a file written by switcher generate"
        )
    features = datasets.Features.from_arrow_schema(table.schema)
    tags = features.get("ner_tags")
    if not isinstance(getattr(tags, "feature", None), datasets.ClassLabel):
        raise PublishError(
            f"{path}: ner_tags is {tags!r}, expected a sequence of ClassLabel (config {name})"
        )
    return path, table.num_rows, features, int(table.nbytes)


def plan_configs(sets_dir: str | Path) -> tuple[dict[str, Any], list[ExportConfig]]:
    """Read a sets folder and return its provenance and the configs of its export.

    Raises:
        PublishError: The folder is not a complete sets folder, a file lacks its features,
            or two sets have different features.
    """
    root = Path(sets_dir)
    try:
        from switcher.switch.store import read_provenance

        provenance = read_provenance(root)
    except SourceError as err:
        raise PublishError(f"{err}; expected a folder written by switcher generate") from None
    entries: list[tuple[str, str, str, str, str, tuple[VariantEntry, ...]]] = [
        (
            ORIGINAL_CONFIG,
            ORIGINAL_CONFIG,
            ORIGINAL_CONFIG,
            "the source corpus",
            provenance["original"]["path"],
            (),
        )
    ]
    for entry in provenance["sets"]:
        variants = tuple(
            VariantEntry(int(v["index"]), str(v["name"]), int(v["seed"])) for v in entry["variants"]
        )
        entries.append(
            (
                config_name(entry["mode"], entry["origin"]),
                entry["mode"],
                entry["origin"],
                entry.get("origin_name") or entry["origin"],
                entry["path"],
                variants,
            )
        )
    names = [e[0] for e in entries]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise PublishError(
            f"{root / PROVENANCE_FILE}: the set {duplicates[0]!r} appears twice; expected one "
            "set per mode and origin"
        )
    configs = []
    for name, mode, origin, origin_name, relative, variants in entries:
        path, rows, features, num_bytes = _read_config(root, name, relative)
        configs.append(
            ExportConfig(
                name=name,
                mode=mode,
                origin=origin,
                origin_name=origin_name,
                source=path,
                rows=rows,
                variants=variants,
                features=features,
                num_bytes=num_bytes,
                file_size=path.stat().st_size,
            )
        )
    reference = configs[0].features
    for config in configs[1:]:
        if config.features != reference:
            raise PublishError(
                f"{config.source}: its features differ from those of {configs[0].source}; "
                "expected every set of one folder to share the source corpus's features"
            )
    return provenance, configs


@dataclass(frozen=True)
class ExportFolder:
    """An export folder read back: its card header, provenance and files.

    Args:
        root: The folder.
        card_data: The card's YAML header as a dict.
        provenance: The copied ``provenance.json``.
        configs: Config names in card order, with the local parquet files of each.
        files: Every file to upload, as paths relative to ``root`` (POSIX), sorted.
    """

    root: Path
    card_data: Mapping[str, Any]
    provenance: Mapping[str, Any]
    configs: Mapping[str, tuple[str, ...]]
    files: tuple[str, ...]


def _not_export(root: Path, why: str) -> PublishError:
    return PublishError(
        f"{root}: not a switcher export folder ({why}); make one with "
        "`switcher export SETS_DIR --out REPO_DIR`"
    )


def read_export(repo_dir: str | Path) -> ExportFolder:
    """Read and check an export folder written by :func:`switcher.publish.export_sets`.

    The card must parse with ``huggingface_hub``'s card classes and declare one config per set
    of ``provenance.json`` (plus ``original``), each with a ``test`` split whose parquet files
    exist. Hidden files and folders (``.cache``, ``.git``...) are not part of the export.

    Raises:
        PublishError: The folder is missing or is not a complete export (the message says
            what is wrong).
    """
    from huggingface_hub import DatasetCard

    root = Path(repo_dir)
    if not root.is_dir():
        raise PublishError(f"{root}: no such folder")
    card_path = root / CARD_FILE
    if not card_path.is_file():
        raise _not_export(root, f"no {CARD_FILE}")
    try:
        card_data = DatasetCard.load(card_path).data.to_dict()
    except Exception as err:  # a malformed header raises ValueError or a YAML error
        raise _not_export(root, f"{CARD_FILE} has no valid YAML header: {err}") from None
    configs_field = card_data.get("configs")
    if not isinstance(configs_field, list) or not configs_field:
        raise _not_export(root, f"{CARD_FILE} declares no configs")
    provenance_path = root / PROVENANCE_FILE
    if not provenance_path.is_file():
        raise _not_export(root, f"no {PROVENANCE_FILE}")
    try:
        provenance = json.loads(provenance_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise PublishError(f"{provenance_path}:{err.lineno}: not valid JSON ({err.msg})") from None
    from switcher.switch.store import FORMAT

    if not isinstance(provenance, dict) or provenance.get("format") != FORMAT:
        raise _not_export(root, f"{PROVENANCE_FILE} is not the provenance of switcher sets")
    configs: dict[str, tuple[str, ...]] = {}
    for item in configs_field:
        name = item.get("config_name") if isinstance(item, dict) else None
        patterns = item.get("data_files") if isinstance(item, dict) else None
        if not isinstance(name, str) or not isinstance(patterns, list):
            raise _not_export(root, f"{CARD_FILE}: malformed configs entry {item!r}")
        config_files: list[str] = []
        for pattern in patterns:
            split = pattern.get("split") if isinstance(pattern, dict) else None
            if split != SPLIT:
                raise _not_export(
                    root, f"config {name!r} has split {split!r}; expected {SPLIT!r} only"
                )
            matched = sorted(p for p in root.glob(pattern["path"]) if p.is_file())
            if not matched:
                raise PublishError(
                    f"{root}: config {name!r} has no data file matching {pattern['path']!r}; "
                    "the export is incomplete (export it again)"
                )
            config_files.extend(p.relative_to(root).as_posix() for p in matched)
        configs[name] = tuple(config_files)
    expected = expected_configs(provenance)
    if sorted(configs) != sorted(expected):
        missing = sorted(set(expected) - set(configs))
        extra = sorted(set(configs) - set(expected))
        raise _not_export(
            root,
            f"its card and provenance.json disagree: missing configs {missing or 'none'}, "
            f"unexpected configs {extra or 'none'}",
        )
    files = tuple(
        sorted(
            path.relative_to(root).as_posix()
            for path in root.rglob("*")
            if path.is_file()
            and not any(part.startswith(".") for part in path.relative_to(root).parts)
        )
    )
    return ExportFolder(root, card_data, provenance, configs, files)
