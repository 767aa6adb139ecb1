"""Generate entity-switched sets: the public entry point of the switch stage.

>>> report = generate_sets("sample", "us,vn", "sets", mode="per")  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import time
import warnings
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from switcher import __version__
from switcher.atomic import atomic_directory
from switcher.corpus import Corpus, corpus_fingerprint
from switcher.errors import GenerationError
from switcher.read.conll import write_conll
from switcher.read.sources import load_corpus
from switcher.switch.full import REPLACE_LOC, REPLACE_ORG, FullOptions, full_variant, missing_lists
from switcher.switch.grid import PerOnlyGrid
from switcher.switch.names import per_only_names
from switcher.switch.per_only import SentencePlan, per_only_variant, plan_persons
from switcher.switch.persons import LAST, UNMATCHED_CHOICES
from switcher.switch.replace import column_schemes
from switcher.switch.store import (
    DATA_FILE,
    FORMAT,
    FORMAT_VERSION,
    ORIGINAL,
    RowEncoder,
    set_features,
    write_json,
    write_original,
    write_table,
    write_variants,
)
from switcher.switch.variants import FULL_MODE, MODES, PER_MODE, Variant, VariantInfo, apply_variant

#: Variants per origin when none is asked for: one per name (PER-only), seeds (full).
DEFAULT_VARIANTS = {PER_MODE: 20, FULL_MODE: 5}
FORMATS: tuple[str, ...] = ("parquet", "conll")


@dataclass
class OriginReport:
    """What was generated for one origin."""

    origin: str
    variants: int
    rows: int
    changed_sentences: int = 0
    replaced: dict[str, int] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)
    collisions: int = 0


@dataclass
class GenerationReport:
    """What :func:`generate_sets` wrote.

    ``replaced`` and ``kept`` count mentions over all variants of an origin, by
    ``LABEL/subtype`` (``PER/full``, ``LOC/city``, ``ORG/Bank``...).
    """

    out: Path
    mode: str
    seed: int
    origins: list[OriginReport]
    seconds: float
    tokens_written: int

    @property
    def variants(self) -> int:
        """The number of variants written over all origins."""
        return sum(o.variants for o in self.origins)


def generate_sets(
    source: str | Path | Corpus,
    origins: str | Sequence[Any],
    out: str | Path,
    *,
    mode: str = PER_MODE,
    variants: int | None = None,
    seed: int = 0,
    split: str | None = None,
    annotation: str | Path | Any | None = None,
    unmatched: str = LAST,
    replace_loc: Sequence[str] = REPLACE_LOC,
    replace_org: Sequence[str] = REPLACE_ORG,
    on_missing: str = "error",
    formats: Sequence[str] = ("parquet",),
    overwrite: bool = False,
    progress: bool = True,
) -> GenerationReport:
    """Generate entity-switched variants of a test set for several origins and write them.

    Args:
        source: A corpus, or anything :func:`switcher.read.sources.load_corpus` takes
            (``"conll2003"``, a CoNLL file, a dataset folder, ``"sample"``).
        origins: Origin ids (``"us,in,vn"``, ``"all"``), lexicon files or folders, or
            loaded :class:`switcher.lexicons.Lexicon` objects.
        out: Folder to write (see :mod:`switcher.switch.store` for its layout); it appears
            whole or not at all.
        mode: ``per`` (PER-only, one variant per name) or ``full`` (PER, LOC, ORG).
        variants: Variants per origin: names (PER-only, default 20) or seeds (full, default
            5: seeds ``seed``, ``seed + 1``, ...).
        seed: Seed of every random draw; the same inputs and seed give byte-identical output.
        split: Split of a dataset source.
        annotation: Full mode: the ORG/LOC sub-type annotation of the source: a TSV path
            (see :mod:`switcher.annotate`) or a loaded annotation; by default the one
            shipped for CoNLL-2003 test.
        unmatched: Role of single-token PER mentions that match no full name of their
            document: ``last`` (family name, default) or ``first``.
        replace_loc: Full mode: LOC sub-types to replace.
        replace_org: Full mode: ORG sub-categories to replace.
        on_missing: Full mode: ``error`` when an origin lacks a list the source needs, or
            ``keep`` to leave those mentions unchanged.
        formats: ``parquet`` (always written) and/or ``conll`` (one CoNLL file per variant).
        overwrite: Replace an existing ``out`` folder.
        progress: Show a progress bar.

    Raises:
        GenerationError: The inputs cannot give the asked sets (no PER mention, no
            annotation for full mode, a missing lexicon list...), before anything is written.
        LexiconError: An origin id is unknown or a lexicon is invalid.
    """
    started = time.perf_counter()
    if mode not in MODES:
        raise GenerationError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if unmatched not in UNMATCHED_CHOICES:
        raise GenerationError(
            f"unknown --unmatched {unmatched!r}; expected one of {', '.join(UNMATCHED_CHOICES)}"
        )
    unknown_formats = [f for f in formats if f not in FORMATS]
    if unknown_formats:
        raise GenerationError(
            f"unknown format {unknown_formats[0]!r}; expected one of {', '.join(FORMATS)}"
        )
    if variants is not None and variants < 1:
        raise GenerationError(f"--variants must be at least 1, not {variants}")
    count = variants or DEFAULT_VARIANTS[mode]
    out_path = Path(out)
    if out_path.exists() and not overwrite and (not out_path.is_dir() or any(out_path.iterdir())):
        raise GenerationError(f"{out_path} already exists; pass --overwrite to replace it")

    corpus = source if isinstance(source, Corpus) else load_corpus(source, split=split)
    lexicons = _resolve_origins(origins)
    counts = corpus.entity_counts()
    if mode == PER_MODE and not counts.get("PER"):
        raise GenerationError(
            f"{corpus.source or 'the input'} has no PER spans (it has "
            f"{', '.join(f'{k} {v}' for k, v in counts.items()) or 'no entities'}): "
            "PER-only switching has nothing to replace"
        )

    options = FullOptions(tuple(replace_loc), tuple(replace_org), unmatched, on_missing)
    annotation_obj = None
    annotation_info = None
    if mode == FULL_MODE:
        annotation_obj, annotation_info = _resolve_annotation(corpus, annotation)
        problems = []
        for lexicon in lexicons:
            missing = missing_lists(corpus, lexicon, annotation_obj, options)
            if missing and on_missing == "error":
                problems.append(f"{lexicon.id} lacks {', '.join(missing)}")
        if problems:
            raise GenerationError(
                "full mode needs a lexicon list for every sub-type it replaces: "
                + "; ".join(problems)
                + " (add the lists, narrow --replace-org/--replace-loc, or pass --on-missing keep)"
            )
    else:
        for lexicon in lexicons:
            if not lexicon.first_names:
                raise GenerationError(f"origin {lexicon.id!r} ({lexicon.path}) has no first names")
            if count > len(lexicon.first_names):
                warnings.warn(
                    f"origin {lexicon.id!r} has {len(lexicon.first_names)} first names: "
                    f"{len(lexicon.first_names)} variants instead of {count}",
                    stacklevel=2,
                )

    features = set_features(corpus)
    encoder = RowEncoder(corpus, features)
    schemes = column_schemes(corpus)
    plan = plan_persons(corpus, unmatched=unmatched) if mode == PER_MODE else {}
    grid = PerOnlyGrid(encoder, plan, schemes)
    total = sum(min(count, len(lx.first_names)) if mode == PER_MODE else count for lx in lexicons)
    bar = _progress(total, progress, f"generating {mode} sets")
    reports: list[OriginReport] = []
    tokens_written = 0
    try:
        with atomic_directory(out_path, overwrite=overwrite) as tmp:
            _, tokens_written = write_original(tmp / ORIGINAL / DATA_FILE, encoder)
            set_entries = []
            for lexicon in lexicons:
                relative = Path(mode) / lexicon.id / DATA_FILE
                if mode == PER_MODE:
                    names = per_only_names(lexicon, count, seed=seed)
                    infos = [
                        VariantInfo(PER_MODE, lexicon.id, k, name.text, seed)
                        for k, name in enumerate(names)
                    ]
                    rows, tokens = write_table(tmp / relative, grid.table(names, infos))
                    bar.update(len(names))
                    built = (
                        [
                            per_only_variant(plan, name, info, column_schemes=schemes)
                            for name, info in zip(names, infos, strict=True)
                        ]
                        if "conll" in formats
                        else []
                    )
                    report = _per_only_report(lexicon.id, plan, infos, rows)
                    variant_entries = [_per_only_entry(plan, info) for info in infos]
                else:
                    built = []
                    for k in range(count):
                        info = VariantInfo(FULL_MODE, lexicon.id, k, f"seed {seed + k}", seed + k)
                        built.append(
                            full_variant(
                                corpus,
                                lexicon,
                                annotation_obj,
                                info,
                                column_schemes=schemes,
                                options=options,
                            )
                        )
                        bar.update(1)
                    rows, tokens = write_variants(tmp / relative, encoder, built)
                    report = _origin_report(lexicon.id, built, rows)
                    variant_entries = [_variant_entry(v) for v in built]
                tokens_written += tokens
                for variant in built:
                    write_conll(
                        apply_variant(corpus, variant),
                        tmp / "conll" / mode / lexicon.id / f"{variant.info.index:02d}.conll",
                    )
                reports.append(report)
                set_entries.append(
                    {
                        "mode": mode,
                        "origin": lexicon.id,
                        "origin_name": lexicon.name,
                        "path": relative.as_posix(),
                        "rows": rows,
                        "variants": variant_entries,
                    }
                )
            write_json(
                tmp / "provenance.json",
                _provenance(
                    corpus,
                    source,
                    split,
                    lexicons,
                    annotation_info,
                    mode,
                    count,
                    seed,
                    options,
                    formats,
                    set_entries,
                ),
            )
    finally:
        bar.close()
    return GenerationReport(
        out=out_path,
        mode=mode,
        seed=seed,
        origins=reports,
        seconds=time.perf_counter() - started,
        tokens_written=tokens_written,
    )


def _resolve_origins(origins: str | Sequence[Any]) -> list[Any]:
    from switcher.lexicons import resolve_origins

    if isinstance(origins, str):
        return list(resolve_origins(origins))
    if all(hasattr(o, "first_names") for o in origins):
        return list(origins)
    return list(resolve_origins(list(origins)))


def _resolve_annotation(corpus: Corpus, annotation: Any) -> tuple[Any, dict[str, Any]]:
    if hasattr(annotation, "subtype"):  # an annotation object
        path = getattr(annotation, "path", None)
        return annotation, {
            "path": str(path) if path else None,
            "sha256": _sha256(Path(path)) if path else None,
            "shipped": False,
        }
    from switcher.annotate import load_annotation, shipped_annotation

    if annotation is not None:
        path = Path(annotation)
        loaded = load_annotation(path, corpus)
        return loaded, {"path": str(annotation), "sha256": _sha256(path), "shipped": False}
    shipped = shipped_annotation(corpus)
    if shipped is None:
        raise GenerationError(
            "full mode needs the ORG sub-categories and LOC sub-types of "
            f"{corpus.source or 'the input'}, and none is shipped for it: make one with "
            "`switcher annotate INPUT --out FILE`, review it, and pass --annotation FILE"
        )
    path = getattr(shipped, "path", None)
    info = {
        "path": Path(path).name if path else "conll2003_test.tsv",
        "sha256": _sha256(Path(path)) if path else None,
        "shipped": True,
    }
    return shipped, info


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _progress(total: int, enabled: bool, description: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not enabled, desc=description, unit="variant")


def _origin_report(origin: str, built: Sequence[Variant], rows: int) -> OriginReport:
    replaced: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    changed = 0
    collisions = 0
    for variant in built:
        changed += len(variant.changed)
        collisions += variant.collisions
        kept.update(variant.kept)
        for record in variant.replacements():
            replaced[f"{record.label}/{record.subtype or record.role}"] += 1
    return OriginReport(
        origin=origin,
        variants=len(built),
        rows=rows,
        changed_sentences=changed,
        replaced=dict(sorted(replaced.items())),
        kept=dict(sorted(kept.items())),
        collisions=collisions,
    )


def _per_only_counts(plan: Mapping[int, SentencePlan]) -> dict[str, int]:
    counts: Counter[str] = Counter(
        f"PER/{m.role}" for sentence in plan.values() for m in sentence.mentions
    )
    return dict(sorted(counts.items()))


def _per_only_report(
    origin: str, plan: Mapping[int, SentencePlan], infos: Sequence[VariantInfo], rows: int
) -> OriginReport:
    replaced = {k: v * len(infos) for k, v in _per_only_counts(plan).items()}
    return OriginReport(
        origin=origin,
        variants=len(infos),
        rows=rows,
        changed_sentences=len(plan) * len(infos),
        replaced=replaced,
    )


def _per_only_entry(plan: Mapping[int, SentencePlan], info: VariantInfo) -> dict[str, Any]:
    return {
        "index": info.index,
        "name": info.name,
        "seed": info.seed,
        "changed_sentences": len(plan),
        "replaced": _per_only_counts(plan),
        "kept": {},
        "collisions": 0,
    }


def _variant_entry(variant: Variant) -> dict[str, Any]:
    replaced: Counter[str] = Counter(
        f"{r.label}/{r.subtype or r.role}" for r in variant.replacements()
    )
    return {
        "index": variant.info.index,
        "name": variant.info.name,
        "seed": variant.info.seed,
        "changed_sentences": len(variant.changed),
        "replaced": dict(sorted(replaced.items())),
        "kept": variant.kept,
        "collisions": variant.collisions,
    }


def _lexicon_path(lexicon: Any) -> str:
    """Shipped lexicons by their path inside ``name_lists/``; others as given."""
    from switcher.lexicons import lexicon_dir

    path = Path(lexicon.path).resolve()
    try:
        return "name_lists/" + path.relative_to(lexicon_dir().resolve()).as_posix()
    except ValueError:
        return str(lexicon.path)


def _provenance(
    corpus: Corpus,
    source: Any,
    split: str | None,
    lexicons: Sequence[Any],
    annotation: dict[str, Any] | None,
    mode: str,
    count: int,
    seed: int,
    options: FullOptions,
    formats: Sequence[str],
    sets: list[dict[str, Any]],
) -> dict[str, Any]:
    source_path = None if isinstance(source, Corpus) else Path(str(source))
    sha = _sha256(source_path) if source_path is not None and source_path.is_file() else None
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "switcher_version": __version__,
        "input": {
            "source": corpus.source if isinstance(source, Corpus) else str(source),
            "split": split,
            "sha256": sha,
            "fingerprint": corpus_fingerprint(corpus),
            "scheme": corpus.scheme,
            "documents": len(corpus.documents),
            "has_documents": corpus.has_documents,
            "sentences": corpus.num_sentences(),
            "tokens": corpus.num_tokens(),
            "entities": dict(corpus.entity_counts()),
        },
        "mode": mode,
        "variants_per_origin": count,
        "seed": seed,
        "options": {
            "unmatched": options.unmatched,
            "replace_loc": list(options.replace_loc) if mode == FULL_MODE else [],
            "replace_org": list(options.replace_org) if mode == FULL_MODE else [],
            "on_missing": options.on_missing if mode == FULL_MODE else None,
            "formats": sorted(set(formats) | {"parquet"}),
        },
        "lexicons": [
            {
                "id": lexicon.id,
                "name": lexicon.name,
                "path": _lexicon_path(lexicon),
                "sha256": lexicon.sha256,
                "curated": bool(lexicon.curated),
            }
            for lexicon in lexicons
        ],
        "annotation": annotation,
        "original": {"path": f"{ORIGINAL}/{DATA_FILE}"},
        "sets": sets,
    }
