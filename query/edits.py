"""Safe application of identifier edits to workspace files: all files or none.

Before writing, every file must still hold exactly what the index saw (same content hash) and the
old name at every edit position; otherwise nothing is written and ``INDEX_STALE`` names the files.
Paths are resolved through symlinks and must stay inside the workspace root. Each file is written
to a temporary file in its own folder, flushed to disk and renamed over the original (keeping its
permissions); if any step fails, the files already replaced get their original content back.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from lsai.errors import ErrorCode
from lsai.query.errors import QueryError
from lsai.sourcetext import BOM, decode, encode_like, encoding_of
from lsai.storage.fingerprint import content_hash

Position = tuple[int, int]  # 1-based line, 1-based column in code points


class IndexStale(QueryError):
    code = ErrorCode.INDEX_STALE


class OutsideWorkspace(QueryError):
    code = ErrorCode.INVALID_ARGUMENT


class WriteFailed(QueryError):
    code = ErrorCode.INTERNAL_ERROR


class Unspellable(QueryError):
    """A file's encoding (not UTF-8: ``sourcetext``) cannot spell the new name."""

    code = ErrorCode.RENAME_CONFLICT


@dataclass(frozen=True)
class FileEdit:
    path: str  # workspace-relative
    expected_hash: str | None  # the content hash the index recorded
    positions: tuple[Position, ...]
    spelled: tuple[tuple[Position, str], ...] = ()
    """Positions whose replacement is spelled out (``shorthand.expansions``), not the new name."""


@dataclass(frozen=True)
class _Prepared:
    target: Path  # the real file (symlinks resolved)
    original: bytes
    updated: bytes
    mode: int


def replace_names(
    text: str,
    positions: Sequence[Position],
    old: str,
    new: str,
    spelled: Mapping[Position, str] | None = None,
) -> str | None:
    """``text`` with ``old`` replaced by ``new`` at each position (by ``spelled``'s text where it
    has one); None if one does not match."""
    lines = text.split("\n")
    for line, col in sorted(set(positions), reverse=True):
        if not 0 < line <= len(lines):
            return None
        current = lines[line - 1]
        start = col - 1
        if start < 0 or current[start : start + len(old)] != old:
            return None
        put = spelled.get((line, col), new) if spelled else new
        lines[line - 1] = current[:start] + put + current[start + len(old) :]
    return "\n".join(lines)


def inside(root: Path, path: str) -> Path:
    """The real path of ``path`` under ``root``; refuses anything that resolves outside it."""
    real_root = root.resolve()
    target = (real_root / path).resolve()
    if not target.is_relative_to(real_root):
        raise OutsideWorkspace(
            f"{path} resolves to {target}, outside the workspace {real_root}",
            resolution="lsai never writes outside the workspace: edit that file by hand",
        )
    return target


def _prepare(root: Path, edit: FileEdit, old: str, new: str) -> _Prepared | str:
    """The new content of one file, or why it is stale."""
    target = inside(root, edit.path)
    try:
        original = target.read_bytes()
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError as exc:
        return f"{edit.path} (unreadable: {exc.strerror or exc})"
    if edit.expected_hash is None or content_hash(original) != edit.expected_hash:
        return f"{edit.path} (changed since it was indexed)"
    text = decode(original, edit.path)  # as indexed: no byte order mark, in its encoding
    updated = replace_names(text, edit.positions, old, new, dict(edit.spelled))
    if updated is None:
        return f"{edit.path} (the old name is not at an indexed position)"
    try:
        return _Prepared(target, original, encode_like(updated, original, edit.path), mode)
    except UnicodeEncodeError:
        encoding = encoding_of(original.removeprefix(BOM), edit.path)
        raise Unspellable(
            f"{edit.path} is written in {encoding}, which cannot spell {new!r}: nothing was "
            "written",
            resolution=f"choose a name {encoding} can spell, or re-encode {edit.path} as UTF-8",
        ) from None


def apply_edits(root: Path, edits: Sequence[FileEdit], old: str, new: str) -> list[str]:
    """Rewrite every file of ``edits`` or none; returns the paths written."""
    prepared: list[_Prepared] = []
    stale: list[str] = []
    for edit in edits:
        result = _prepare(root, edit, old, new)
        if isinstance(result, str):
            stale.append(result)
        else:
            prepared.append(result)
    if stale:
        raise IndexStale(
            f"{len(stale)} file(s) differ from the index, nothing was written: " + ", ".join(stale),
            resolution="run `lsai index` to refresh the index, then preview the rename again",
        )
    _write_all(prepared)
    return [e.path for e in edits]


def _write_all(files: Sequence[_Prepared]) -> None:
    temps: list[Path] = []
    done: list[_Prepared] = []
    try:
        for f in files:
            temps.append(_write_temp(f.target, f.updated, f.mode))
        for f, temp in zip(files, temps, strict=True):
            temp.replace(f.target)
            done.append(f)
        for parent in {f.target.parent for f in files}:
            _fsync_dir(parent)
    except OSError as exc:
        for temp in temps:
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
        lost = _restore(done)
        raise WriteFailed(
            f"writing the rename failed ({exc}); "
            + ("every file was restored" if not lost else f"could not restore: {', '.join(lost)}"),
            resolution="check permissions and free space in the workspace, then retry",
        ) from exc


def _write_temp(target: Path, content: bytes, mode: int) -> Path:
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".lsai")
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        temp.chmod(mode)
    except OSError:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        raise
    return temp


def _restore(done: Sequence[_Prepared]) -> list[str]:
    """Put the original content back into files already replaced; returns the ones that failed."""
    lost: list[str] = []
    for f in done:
        try:
            _write_temp(f.target, f.original, f.mode).replace(f.target)
        except OSError:
            lost.append(str(f.target))
    return lost


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
