"""The prediction cache: tags of each (model fingerprint, sentence) pair, in SQLite on disk.

Keys are :func:`sentence_key` hashes of the token sequence, so the same sentence in the
original set and in twenty variants is stored (and predicted) once. Every :meth:`put_many`
commits, so an interrupted run keeps every finished batch and the next run resumes from there.
The database runs in WAL mode with a busy timeout, so it can be opened again right after (or
while) another handle uses it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from sys import intern
from types import TracebackType

from switcher.errors import ModelError

#: Version of the table layout; a cache written with another version is refused.
SCHEMA_VERSION = "1"
# SQLite limits the number of ``?`` parameters of one statement (999 in old builds).
_CHUNK = 500


def sentence_key(tokens: Sequence[str]) -> str:
    """Return a stable hash of a token sequence: sha1 of the tokens joined by ``\\x1f``.

    ``\\x1f`` is whitespace to Python's ``str.split``, so no CoNLL token contains it.

    >>> sentence_key(["Angela", "Merkel"])
    '8145aaea1ffed81e9edf8139f337a2eaf378a717'
    """
    return hashlib.sha1("\x1f".join(tokens).encode("utf-8")).hexdigest()


class PredictionCache:
    """Predicted tags on disk, keyed by model fingerprint and sentence key.

    Args:
        path: The SQLite file (created with its folder when missing).

    Raises:
        ModelError: ``path`` is not a SQLite database, was written by another schema version,
            or cannot be created.

    >>> with PredictionCache("runs/cache.sqlite") as cache:  # doctest: +SKIP
    ...     cache.put_many("spacy:abc", {sentence_key(["Hi"]): ["O"]})
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60)
        except (OSError, sqlite3.Error) as err:
            raise ModelError(f"cannot open prediction cache {self.path}: {err}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            with self._db:
                self._db.execute(
                    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
                )
                self._db.execute(
                    "CREATE TABLE IF NOT EXISTS predictions (fingerprint TEXT NOT NULL, "
                    "key TEXT NOT NULL, tags TEXT NOT NULL, PRIMARY KEY (fingerprint, key)) "
                    "WITHOUT ROWID"
                )
                self._db.execute(
                    "INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,)
                )
            (version,) = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.DatabaseError as err:
            self._db.close()
            raise ModelError(
                f"{self.path} is not a usable prediction cache ({err}); delete it or choose "
                "another cache file"
            ) from None
        if version != SCHEMA_VERSION:
            self._db.close()
            raise ModelError(
                f"{self.path} is a prediction cache of schema version {version}, expected "
                f"{SCHEMA_VERSION}; delete it or choose another cache file"
            )

    def get_many(self, fingerprint: str, keys: Iterable[str]) -> dict[str, list[str]]:
        """Return the cached tags of those ``keys`` that the cache holds for ``fingerprint``."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, list[str]] = {}
        for begin in range(0, len(wanted), _CHUNK):
            chunk = wanted[begin : begin + _CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT key, tags FROM predictions WHERE fingerprint = ? AND key IN ({marks})",
                (fingerprint, *chunk),
            )
            for key, tags in rows:
                # Interned: a million cached sentences hold a few dozen distinct tag strings.
                found[key] = [intern(tag) for tag in json.loads(tags)]
        return found

    def put_many(self, fingerprint: str, items: Mapping[str, Sequence[str]]) -> None:
        """Store the tags of ``items`` (sentence key -> tags) for ``fingerprint`` and commit."""
        rows = [(fingerprint, key, json.dumps(list(tags))) for key, tags in items.items()]
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO predictions VALUES (?, ?, ?)", rows)

    def count(self, fingerprint: str | None = None) -> int:
        """Return the number of cached sentences, of one model or of all."""
        if fingerprint is None:
            (n,) = self._db.execute("SELECT COUNT(*) FROM predictions").fetchone()
        else:
            (n,) = self._db.execute(
                "SELECT COUNT(*) FROM predictions WHERE fingerprint = ?", (fingerprint,)
            ).fetchone()
        return int(n)

    def fingerprints(self) -> list[str]:
        """Return the model fingerprints present in the cache, sorted."""
        rows = self._db.execute("SELECT DISTINCT fingerprint FROM predictions ORDER BY 1")
        return [row[0] for row in rows]

    def close(self) -> None:
        """Close the database (every batch is already committed)."""
        self._db.close()

    def __enter__(self) -> PredictionCache:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
