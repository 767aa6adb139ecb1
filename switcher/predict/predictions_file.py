"""Predictions of an outside system, read from CoNLL files, behind the backend interface.

A predictions file is a CoNLL column file whose last two columns are the gold and the
predicted tag (``token ... gold predicted``, as ``conlleval`` reads it); blank lines end
sentences and ``-DOCSTART-`` lines are skipped. The model may be one file or a folder of them
(every ``*.conll``, ``*.txt``, ``*.tsv``, ``*.iob``, ``*.bio`` file below it, e.g. one per
variant). ``predict`` looks each sentence up by its tokens and returns its predicted column in
IOB2: IOB1, IOB2 and BIOES (or BILOU) tags are decoded with conlleval's chunk rules
(:func:`switcher.schemes.tags_to_spans`), so an ill-formed ``I-X`` after ``O`` starts an
entity, as conlleval counts it.

A sentence asked for that is not in the files is an error naming its first tokens and the
files; when a sentence of the same length differs in a few tokens only, the message points at
that sentence's line and the first differing token.
"""

from __future__ import annotations

import hashlib
import warnings
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from switcher.errors import InputFormatError, ModelError, TagSchemeError
from switcher.predict.align import to_iob2
from switcher.predict.base import make_fingerprint
from switcher.predict.cache import sentence_key
from switcher.schemes import split_tag

#: File suffixes read from a folder of predictions.
SUFFIXES = frozenset({".conll", ".txt", ".tsv", ".iob", ".bio"})
_DOCSTART = "-DOCSTART-"


@dataclass(frozen=True, slots=True)
class PredictedSentence:
    """One sentence of a predictions file.

    Args:
        tokens: The words.
        tags: The predicted tags in IOB2.
        path: The file it came from.
        line: 1-based line of its first token.
    """

    tokens: tuple[str, ...]
    tags: tuple[str, ...]
    path: str
    line: int


def read_predictions(path: str | Path, *, column: int = -1) -> list[PredictedSentence]:
    """Read the sentences and predicted tags of one CoNLL predictions file.

    Args:
        path: The file.
        column: Index of the predicted column (default the last); the token is column 0.

    Raises:
        ModelError: The file cannot be read.
        InputFormatError: A line has too few columns, a different number of columns from the
            first line, or a malformed tag (the message names file and line).
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ModelError(f"cannot read predictions file {file}: {err}") from None
    sentences: list[PredictedSentence] = []
    tokens: list[str] = []
    tags: list[str] = []
    first_line = 0
    ncols = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        fields = raw.split()
        if not fields or fields[0] == _DOCSTART:
            if tokens:
                sentences.append(_finish(tokens, tags, file, first_line))
                tokens, tags = [], []
            continue
        if not ncols:
            ncols = len(fields)
            if ncols < 3:
                raise InputFormatError(
                    file,
                    lineno,
                    f"a predictions file needs at least 3 columns (token ... gold predicted), "
                    f"found {ncols}: {raw!r}",
                )
            if not -ncols < column < ncols or column in (0, -ncols):
                raise ModelError(
                    f"{file}: predicted column {column} is not a tag column of a "
                    f"{ncols}-column file"
                )
        elif len(fields) != ncols:
            raise InputFormatError(
                file, lineno, f"expected {ncols} columns like the first line, found {len(fields)}"
            )
        tag = fields[column]
        try:
            split_tag(tag)
        except TagSchemeError as err:
            raise InputFormatError(file, lineno, f"predicted column: {err}") from None
        if not tokens:
            first_line = lineno
        tokens.append(fields[0])
        tags.append(tag)
    if tokens:
        sentences.append(_finish(tokens, tags, file, first_line))
    return sentences


def _finish(tokens: list[str], tags: list[str], file: Path, line: int) -> PredictedSentence:
    return PredictedSentence(tuple(tokens), tuple(to_iob2(tags)), str(file), line)


def prediction_files(path: Path) -> list[Path]:
    """Return ``path`` itself, or the predictions files below a folder, sorted.

    Raises:
        ModelError: ``path`` does not exist, or the folder holds no predictions file.
    """
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise ModelError(f"predictions file or folder {path} not found")
    files = sorted(
        p
        for p in path.rglob("*")
        if p.is_file() and p.suffix.lower() in SUFFIXES and not p.name.startswith(".")
    )
    if not files:
        raise ModelError(
            f"{path}: no predictions files (expected {', '.join(sorted(SUFFIXES))} files)"
        )
    return files


class PredictionsBackend:
    """Predicted tags read from CoNLL files, served sentence by sentence.

    Use :func:`load_predictions_backend` (or ``load_backend("predictions", ...)``).
    """

    def __init__(
        self, *, name: str, fingerprint: str, sentences: Sequence[PredictedSentence], where: str
    ) -> None:
        self.name = name
        self.fingerprint = fingerprint
        self.where = where
        self.index: dict[str, PredictedSentence] = {}
        self.by_length: dict[int, list[PredictedSentence]] = defaultdict(list)
        conflicts = 0
        types: dict[str, None] = {}
        for sentence in sentences:
            key = sentence_key(sentence.tokens)
            known = self.index.get(key)
            if known is None:
                self.index[key] = sentence
                self.by_length[len(sentence.tokens)].append(sentence)
            elif known.tags != sentence.tags:
                conflicts += 1
            for tag in sentence.tags:
                if tag != "O":
                    types[split_tag(tag)[1]] = None
        if conflicts:
            warnings.warn(
                f"{where}: {conflicts} repeated sentence(s) have different predictions; the "
                "first occurrence of each is used",
                stacklevel=3,
            )
        from switcher.corpus import order_types

        self.labels = order_types(list(types))

    def predict(self, batch: Sequence[Sequence[str]]) -> list[list[str]]:
        """Return the predicted tags (IOB2) of each sentence of ``batch``.

        Raises:
            ModelError: A sentence is not in the predictions files.
        """
        out = []
        for words in batch:
            found = self.index.get(sentence_key(words))
            if found is None:
                raise self._missing(words)
            out.append(list(found.tags))
        return out

    def _missing(self, words: Sequence[str]) -> ModelError:
        shown = " ".join(words[:8]) + (" ..." if len(words) > 8 else "")
        best: PredictedSentence | None = None
        best_same = -1
        for candidate in self.by_length.get(len(words), ()):
            same = sum(a == b for a, b in zip(candidate.tokens, words, strict=True))
            if same > best_same:
                best, best_same = candidate, same
        if best is not None and best_same * 2 >= len(words):
            i = next(k for k, (a, b) in enumerate(zip(best.tokens, words, strict=True)) if a != b)
            return ModelError(
                f"the tokens of sentence {shown!r} ({len(words)} tokens) do not match the "
                f"predictions: the closest sentence, {best.path}:{best.line}, differs at token "
                f"{i + 1} ({words[i]!r} in the set, {best.tokens[i]!r} in the file)"
            )
        return ModelError(
            f"sentence {shown!r} ({len(words)} tokens) is not in the predictions {self.where}"
        )


def load_predictions_backend(model: str, *, column: int = -1) -> PredictionsBackend:
    """Load a CoNLL predictions file, or a folder of them, as a backend.

    Args:
        model: The file or folder.
        column: Index of the predicted column in each line (default the last).

    Raises:
        ModelError: The path does not exist, holds no predictions file, or a file is malformed
            (an :class:`~switcher.errors.InputFormatError` for a bad line).
    """
    path = Path(model).expanduser()
    files = prediction_files(path)
    sentences: list[PredictedSentence] = []
    digest = hashlib.sha256()
    for file in files:
        sentences.extend(read_predictions(file, column=column))
        # A single file is identified by its content only; in a folder, the layout matters
        # too (the first of two differing predictions of one sentence is used).
        if path.is_dir():
            digest.update(str(file.relative_to(path)).encode())
        digest.update(b"\0" + file.read_bytes() + b"\0")
    where = f"file {path}" if path.is_file() else f"folder {path} ({len(files)} files)"
    return PredictionsBackend(
        name=f"predictions:{path}",
        fingerprint=make_fingerprint("predictions", files=digest.hexdigest(), column=column),
        sentences=sentences,
        where=where,
    )
