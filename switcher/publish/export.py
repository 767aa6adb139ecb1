"""Turn a sets folder into a Hub-ready dataset repository folder, and back.

>>> report = export_sets("sets", "audit-repo")  # doctest: +SKIP
>>> [c.name for c in report.configs]  # doctest: +SKIP
['original', 'per-us', 'per-vn']

The layout of the folder is documented in :mod:`switcher.publish.layout`.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from switcher.atomic import atomic_directory
from switcher.errors import PublishError
from switcher.publish.card import build_card, build_license_file, collect_lexicon_sources
from switcher.publish.layout import (
    CARD_FILE,
    LICENSE_FILE,
    ORIGINAL_CONFIG,
    PROVENANCE_FILE,
    ExportConfig,
    config_name,
    plan_configs,
    read_export,
)
from switcher.publish.licence import SourceLicence, identify_source


@dataclass(frozen=True)
class ExportedFile:
    """One file of an export folder: its path in the repository and its size in bytes."""

    path: str
    size: int


@dataclass(frozen=True)
class ExportReport:
    """What :func:`export_sets` wrote.

    Args:
        repo_dir: The export folder.
        configs: The configs, ``original`` first.
        files: Every file written, sorted by path.
        licence: The input's licence, as the card states it.
        origins_without_sources: Origins whose lexicon file was missing or changed, so the
            card could not list their sources.
    """

    repo_dir: Path
    configs: tuple[ExportConfig, ...]
    files: tuple[ExportedFile, ...]
    licence: SourceLicence
    origins_without_sources: tuple[str, ...]

    @property
    def total_bytes(self) -> int:
        """Bytes over all files."""
        return sum(f.size for f in self.files)


def _check_paths(sets_dir: Path, repo_dir: Path, overwrite: bool) -> None:
    sets, repo = sets_dir.resolve(), repo_dir.resolve()
    if repo == sets or sets in repo.parents or repo in sets.parents:
        raise PublishError(
            f"--out {repo_dir} overlaps the sets folder {sets_dir}; choose a folder outside it"
        )
    if repo_dir.exists() and not overwrite and (not repo_dir.is_dir() or any(repo_dir.iterdir())):
        raise PublishError(f"{repo_dir} already exists; pass --overwrite to replace it")


def export_sets(
    sets_dir: str | Path,
    repo_dir: str | Path,
    *,
    overwrite: bool = False,
    license: str | None = None,
    language: Sequence[str] = (),
    pretty_name: str | None = None,
    repo_id: str | None = None,
) -> ExportReport:
    """Write a Hub-ready dataset repository folder from a sets folder.

    The folder holds the dataset card (``README.md``), the parquet file of every set under
    ``data/<config>/``, the sets' ``provenance.json`` and, for an input with non-standard
    terms (CoNLL-2003), ``LICENSE.md``. ``datasets.load_dataset(repo_dir, "per-vn")`` loads a
    config from it offline, with its ``ClassLabel`` features. The folder appears whole or not at
    all.

    Args:
        sets_dir: A folder written by :func:`switcher.switch.generate.generate_sets`.
        repo_dir: The folder to write.
        overwrite: Replace an existing ``repo_dir``.
        license: Hub licence id of an input switcher does not recognise (see
            :mod:`switcher.publish.licence`); by default its licence is ``unknown``.
        language: Languages of an unrecognised input (ISO 639 codes).
        pretty_name: Title of the dataset.
        repo_id: Repository id for the card's examples (``publish`` fills it in otherwise).

    Raises:
        PublishError: ``sets_dir`` is not a complete sets folder, ``repo_dir`` exists (without
            ``overwrite``) or overlaps it, or the licence arguments do not apply.
    """
    sets_path, repo_path = Path(sets_dir), Path(repo_dir)
    if not sets_path.is_dir():
        raise PublishError(f"{sets_path}: no such folder; expected a sets folder")
    _check_paths(sets_path, repo_path, overwrite)
    provenance, configs = plan_configs(sets_path)
    licence = identify_source(provenance["input"], license=license, language=tuple(language))
    origins = collect_lexicon_sources(provenance)
    card = build_card(
        provenance, configs, licence, origins, pretty_name=pretty_name, repo_id=repo_id
    )
    with atomic_directory(repo_path, overwrite=overwrite) as tmp:
        (tmp / CARD_FILE).write_text(card, encoding="utf-8")
        if licence.license_name:
            (tmp / LICENSE_FILE).write_text(build_license_file(licence), encoding="utf-8")
        shutil.copyfile(sets_path / PROVENANCE_FILE, tmp / PROVENANCE_FILE)
        for config in configs:
            target = tmp / config.path_in_repo
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(config.source, target)
        files = tuple(
            ExportedFile(p.relative_to(tmp).as_posix(), p.stat().st_size)
            for p in sorted(tmp.rglob("*"))
            if p.is_file()
        )
    return ExportReport(
        repo_dir=repo_path,
        configs=tuple(configs),
        files=files,
        licence=licence,
        origins_without_sources=tuple(o.id for o in origins if o.status != "ok"),
    )


def unpack_export(repo_dir: str | Path, sets_dir: str | Path, *, overwrite: bool = False) -> Path:
    """Rebuild a sets folder from an export folder (e.g. a downloaded Hub repository).

    ``switcher evaluate --sets`` reads the sets layout (:mod:`switcher.switch.store`); the
    parquet files and ``provenance.json`` are copied back byte for byte.

    Raises:
        PublishError: ``repo_dir`` is not an export folder, or ``sets_dir`` exists (without
            ``overwrite``).
    """
    folder = read_export(repo_dir)
    target = Path(sets_dir)
    if target.exists() and not overwrite and (not target.is_dir() or any(target.iterdir())):
        raise PublishError(f"{target} already exists; pass overwrite=True to replace it")
    provenance = folder.provenance
    paths = {ORIGINAL_CONFIG: provenance["original"]["path"]}
    for entry in provenance["sets"]:
        paths[config_name(entry["mode"], entry["origin"])] = entry["path"]
    with atomic_directory(target, overwrite=overwrite) as tmp:
        shutil.copyfile(folder.root / PROVENANCE_FILE, tmp / PROVENANCE_FILE)
        for name, relative in paths.items():
            files = folder.configs[name]
            if len(files) != 1:
                raise PublishError(
                    f"{folder.root}: config {name!r} has {len(files)} data files; expected one"
                )
            destination = tmp / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(folder.root / files[0], destination)
    return target
