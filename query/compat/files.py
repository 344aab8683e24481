"""The files the other bridges' tools name: a path as given (absolute, or relative to the
workspace) as the workspace's, a binary file refused, lines read as they are on disk (a
library's too), and LSP's UTF-16 columns."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from lsai.errors import ErrorCode
from lsai.query.errors import FileNotIndexed, QueryError
from lsai.query.libraries import library_lines
from lsai.query.rename_plan import whole_word
from lsai.query.workspace import Workspace

BINARY_SUFFIXES = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".svg", ".webp", ".zip", ".tar", ".gz",
    ".rar", ".7z", ".exe", ".dll", ".so", ".dylib", ".class", ".pyc", ".o", ".a", ".mp3", ".mp4",
    ".wav", ".avi", ".mov", ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".sqlite", ".db",
})  # fmt: skip


class FileNotReadable(QueryError):
    code = ErrorCode.FILE_NOT_READABLE


def source_file(ws: Workspace, given: str) -> str:
    """The workspace path of the source file ``given`` names (absolute, or relative to the
    workspace's root); FILE_NOT_FOUND when there is none, FILE_NOT_READABLE for a binary one
    (by its suffix, or a NUL byte in its first 8 KiB)."""
    path = ws.relative(given)
    full = ws.root / path
    if not path or not full.is_file():
        raise FileNotIndexed(
            f"File not found: {given}",
            resolution=f"check the path: absolute, or relative to the workspace root {ws.root}",
        )
    if PurePosixPath(path).suffix.lower() in BINARY_SUFFIXES or _binary(full):
        raise FileNotReadable(
            f"Cannot read file {given}: it is binary",
            resolution="these tools answer about text source files",
        )
    return path


def _binary(full: Path) -> bool:
    try:
        with full.open("rb") as handle:
            return b"\0" in handle.read(8192)
    except OSError:
        return False


class Lines:
    """Source lines as they are on disk (indentation kept), each file read once: the
    workspace's by relative path, a library's by its absolute one."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self._files: dict[str, list[str]] = {}

    def of(self, path: str) -> list[str]:
        if path not in self._files:
            if Path(path).is_absolute():
                self._files[path] = library_lines(path)
            else:
                self._files[path] = self.ws.lines(path) or []
        return self._files[path]

    def line(self, path: str, line: int) -> str:
        lines = self.of(path)
        return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""

    def name_col(self, path: str, line: int, name: str, near: int = 1) -> int:
        """The 1-based column of ``name`` as a whole word on ``line`` (the occurrence closest
        to ``near``), else ``near``."""
        text = self.line(path, line)
        found = [m.start() + 1 for m in whole_word(name).finditer(text)]
        return min(found, key=lambda c: abs(c - near)) if found else near


def utf16(text: str, col: int) -> int:
    """The 0-based UTF-16 offset of a 1-based code-point column of ``text`` (LSP's
    ``character``)."""
    head = text[: max(col - 1, 0)]
    return len(head.encode("utf-16-le")) // 2
