"""Atomic writes: a file or folder appears whole, or not at all.

Writers write into a temporary sibling and rename it into place, so an error or an
interruption never leaves a half-written output and never destroys an older complete one.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def atomic_write(
    path: str | Path, *, binary: bool = False, encoding: str = "utf-8"
) -> Iterator[IO]:
    """Open a temporary file beside ``path`` and move it onto ``path`` when the block ends.

    If the block raises, the temporary file is removed and ``path`` is left as it was.
    Text mode writes newlines exactly as given (no translation).

    >>> with atomic_write("out.txt") as f:  # doctest: +SKIP
    ...     f.write("done\\n")
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        Path(tmp).chmod(0o666 & ~_umask())
        if binary:
            handle: IO = os.fdopen(fd, "wb")
        else:
            handle = os.fdopen(fd, "w", encoding=encoding, newline="")
        with handle:
            yield handle
        Path(tmp).replace(target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def atomic_directory(path: str | Path, *, overwrite: bool = False) -> Iterator[Path]:
    """Yield an empty temporary folder that replaces ``path`` when the block ends.

    Args:
        path: The folder to create.
        overwrite: Replace an existing folder at ``path``; without it an existing non-empty
            folder is an error (:class:`FileExistsError`), raised before any work is done.

    If the block raises, the temporary folder is deleted and ``path`` is untouched.
    """
    target = Path(path)
    if target.exists() and not overwrite and (not target.is_dir() or any(target.iterdir())):
        raise FileExistsError(f"{target} already exists and is not empty")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"))
    try:
        tmp.chmod(0o777 & ~_umask())
        yield tmp
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            target.rename(old)
            tmp.rename(target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
