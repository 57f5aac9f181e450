"""Reading and writing inside the results folder without ever following a link.

Every file the tool writes (chunks, manifest, report, tune/sensitivity JSON) goes through
:func:`write_inside`: a temp file created exclusively by ``tempfile.mkstemp`` (``O_CREAT |
O_EXCL | O_NOFOLLOW``) in the target's own folder, named ``.simulate-<name>-<random>.tmp``, then
renamed over the target. A rename replaces a directory entry and never writes through a link; a
target or a folder of the wrong kind (a link, a folder where a file belongs, a FIFO) is refused in
one line naming it. Files are read through :func:`open_regular`: a link, FIFO or device is never
opened for reading, so nothing reads ``/dev/zero`` or waits on a pipe.
"""
from __future__ import annotations

import os
import stat
import tempfile
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO, Iterator

from simulate.games.base import ConfigError

TEMP_PREFIX = ".simulate-"           # the tool's temp files: ".simulate-<name>-<random>.tmp"
TEMP_SUFFIX = ".tmp"
_UMASK = os.umask(0o022)
os.umask(_UMASK)
KINDS = {stat.S_IFREG: "file", stat.S_IFDIR: "folder", stat.S_IFLNK: "link",
         stat.S_IFIFO: "named pipe", stat.S_IFSOCK: "socket", stat.S_IFCHR: "device",
         stat.S_IFBLK: "device"}


class NotRegular(OSError):
    """A path to be read is a link, folder, pipe or device, or not the size it should be."""


def kind(path: Path) -> str:
    """What ``path`` itself is (links not followed): 'missing', 'file', 'folder', 'link', ..."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    return KINDS.get(stat.S_IFMT(mode), "special file")


def _a(what: str) -> str:
    return "a link (links are never followed)" if what == "link" else f"a {what}"


def folder_inside(path: Path, create: bool = False) -> Path:
    """``path`` as a real folder (made if ``create`` and missing); a link or a file there is
    refused in one line."""
    found = kind(path)
    if found == "missing" and create:
        try:
            path.mkdir(parents=True)
        except OSError as exc:
            raise ConfigError(f"{path} cannot be created: {exc.strerror}") from None
    elif found not in ("folder", "missing"):
        raise ConfigError(f"{path} is {_a(found)}, not a folder of this tool; move it away "
                          "or choose another out folder")
    return path


def expect_file(path: Path) -> None:
    """Refuse ``path`` in one line unless it is missing or a regular file."""
    found = kind(path)
    if found not in ("file", "missing"):
        raise ConfigError(f"{path} is {_a(found)}, not a file this tool wrote; move it away "
                          "or choose another out folder")


def write_inside(folder: Path, name: str, data: bytes) -> Path:
    """Write ``folder/name`` atomically: an exclusive temp file beside it, renamed into place.
    ``folder`` must be a real folder (not a link) and the target a file or missing."""
    if kind(folder) != "folder":
        folder_inside(folder)                 # one line for a link or a file there
        raise ConfigError(f"{folder} does not exist")
    target = folder / name
    expect_file(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{name}-", suffix=TEMP_SUFFIX,
                                   dir=folder)
    except OSError as exc:
        raise ConfigError(f"cannot write into {folder}: {exc.strerror}") from None
    try:
        os.fchmod(fd, 0o666 & ~_UMASK)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    return target


@contextmanager
def open_regular(path: Path, size: int | None = None, limit: int | None = None
                 ) -> Iterator[BinaryIO]:
    """``path`` opened for reading if it is a regular file (not a link, pipe or device) of
    ``size`` bytes (when given) and at most ``limit`` bytes; :class:`NotRegular` otherwise."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(f"{path} is {_a(KINDS.get(stat.S_IFMT(info.st_mode), 'special'))}")
        if size is not None and info.st_size != size:
            raise NotRegular(f"{path} holds {info.st_size} bytes, not {size}")
        if limit is not None and info.st_size > limit:
            raise NotRegular(f"{path} is over {limit:,} bytes")
        file = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with file:
        yield file


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; OSError (or
    :class:`NotRegular`) otherwise."""
    with open_regular(path, limit=limit) as file:
        return file.read()
