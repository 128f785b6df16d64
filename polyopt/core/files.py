"""Writing a file the user named (``-o``, ``--save``) the way a shell's ``>`` would,
but atomically where that is possible.

A regular file (or a new one) is replaced atomically: the data goes to a short
temporary name in the same directory, which is renamed over it, with the old
file's permissions (a new file gets 0666 less the umask). A symlink is written
through (its target is replaced, the link stays). Anything that is not a
regular file (a FIFO, a terminal, /dev/null, /dev/stdout) is written into,
never replaced. The temporary file never outlives a failure.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from pathlib import Path

from polyopt.core.errors import PolyoptError


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_into(path: str, data: bytes) -> None:
    """Write ``data`` into an existing file or device, truncating a regular file."""
    with contextlib.suppress(ValueError, OSError):
        sys.stdout.flush()                    # ahead of us if ``path`` is /dev/stdout
    with open(path, "wb") as stream:
        stream.write(data)


def _replace(target: str, data: bytes, mode: int) -> None:
    """Atomically replace (or create) the regular file ``target``."""
    handle, temporary = tempfile.mkstemp(prefix=".polyopt-", suffix=".tmp",
                                         dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            os.fchmod(stream.fileno(), mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_file(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path`` names; raises PolyoptError (exit status 1) if it cannot."""
    try:
        try:
            status = os.stat(path)            # follows symlinks
        except FileNotFoundError:
            status = None
        if status is not None and not stat.S_ISREG(status.st_mode):
            _write_into(path, data)           # FIFO, device, /dev/stdout, ...
            return
        target = os.path.realpath(path)       # write through symlinks
        mode = stat.S_IMODE(status.st_mode) if status else 0o666 & ~_umask()
        try:
            _replace(target, data, mode)
        except OSError as error:
            # a directory we cannot create files in, but a file we may write: as '>' would
            if status is None or error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
                raise
            _write_into(target, data)
    except OSError as error:
        raise PolyoptError(f"cannot write '{path}': {error.strerror or error}") from None


def tuning_database_path() -> Path:
    """The tuning database's file (polyopt.tuning), unless --db says another:
    $POLYOPT_DB, else tuning.sqlite in the platform's data directory for polyopt
    (platformdirs; ~/.local/share/polyopt on Linux). Here, not
    in polyopt.tuning, so that finding the directory does not import sqlite3."""
    if os.environ.get("POLYOPT_DB"):
        return Path(os.environ["POLYOPT_DB"])
    from platformdirs import user_data_path
    path = user_data_path("polyopt", appauthor=False) / "tuning.sqlite"
    # where earlier versions kept it: used while the new place has none
    earlier = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "polyopt" \
        / "tuning.sqlite"
    return earlier if not path.exists() and earlier.exists() else path
