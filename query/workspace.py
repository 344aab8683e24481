"""Find the workspace and its index for a query."""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Protocol

from lsai.query.errors import FileNotIndexed, WorkspaceNotFound
from lsai.sourcetext import decode
from lsai.storage.engine import Index, open_index
from lsai.storage.errors import IndexMissing

INDEX_DIR = ".lsai"
INDEX_FILE = "index.db"


class Reindexed(Protocol):
    """What a re-index reports back (the indexer's run summary satisfies it)."""

    @property
    def status(self) -> str: ...


Reindexer = Callable[[], Reindexed]


class Freshener(Protocol):
    """What keeps a workspace's index current while lsai runs (the MCP face's file watcher)."""

    def pending(self) -> list[str]:
        """Files changed on disk whose change is not indexed yet."""
        ...

    def refresh(self, paths: list[str]) -> None:
        """Bring the index up to date now; ``paths`` are the changed files a query found."""
        ...

    def generation(self) -> int:
        """A count that moves when an update starts and when it ends (odd while one runs): an
        answer read while it moved may mix two states of the index."""
        ...


Position = tuple[int, int]  # a 1-based line and code-point column


class Scopes(Protocol):
    """What a rename of a parameter or a local reads from a file's syntax (``query.local_rename``):
    the indexer's tree-sitter scopes, given by the face that opens the workspace."""

    def renamable(self, language_id: str, source: bytes) -> dict[Position, Position]:
        """Each name of the file a rename of a function-local binding changes -> the binding."""
        ...

    def binding_docs(self, language_id: str, source: bytes) -> dict[Position, list[Position]]:
        """Each local binding -> the words of a doc comment its rename changes too (a
        ``@param`` tag of its function's JSDoc comment; a Go declaration's doc comment)."""
        ...

    def literal_members(
        self, language_id: str, source: bytes
    ) -> dict[Position, tuple[Position, bool, Position | None]]:
        """JavaScript, TypeScript: each key of a function-local variable's object literal, and
        each member name reading or writing it through the variable (``data.text``) -> the
        property (where its first key is), whether the site declares it, and where the
        variable first hands the literal on (``return data``), if it does."""
        ...

    def keyword_parameter(self, source: bytes, at: Position) -> Position | None:
        """Python: the function whose parameter ``at`` is, when a call can pass it by keyword."""
        ...

    def keyword_arguments(
        self, source: bytes, calls: list[Position]
    ) -> dict[Position, dict[str, Position]]:
        """Python: the keyword arguments of each call starting at one of ``calls``."""
        ...

    def type_names(self, language_id: str, source: bytes) -> set[Position]:
        """TypeScript: where the file names a type, not a value (``Promise<T>``)."""
        ...

    def imported_names(self, source: bytes) -> dict[str, str]:
        """Python: each name the file's imports bind -> the dotted name it stands for
        (``import typing as t``: ``t`` -> ``typing``; ``from typing import Any``: ``Any`` ->
        ``typing.Any``)."""
        ...


@dataclass(frozen=True)
class Workspace:
    root: Path
    index: Index
    reindex: Reindexer | None = None
    """Brings the index up to date after a tool wrote files (rename). The faces provide it, so
    that the query layer never imports the indexer."""
    freshener: Freshener | None = None
    """Keeps the index current (a watcher); queries ask it to refresh files found changed."""
    scopes: Callable[[], Scopes] | None = None
    """Loads the scopes a rename of a parameter or local reads (the parser, only when one
    runs); ``None``: such a rename is not offered."""

    def relative(self, file: str) -> str:
        """A user's path (relative, ./-prefixed, absolute, Windows separators) as an index path."""
        raw = file.replace("\\", "/").strip()
        path = Path(raw)
        if path.is_absolute():
            try:
                raw = path.resolve().relative_to(self.root).as_posix()
            except ValueError:
                raise self._outside(file) from None
        normal = posixpath.normpath(raw) if raw else ""  # ``a/../b.py``: ``b.py``
        if normal == ".." or normal.startswith("../"):  # ``../other/x.py``
            raise self._outside(file)
        parts = [p for p in PurePosixPath(normal).parts if p not in (".", "")]
        return "/".join(parts)

    def lines(self, path: str) -> list[str] | None:
        """A workspace file's lines, decoded as the indexer reads it; None: unreadable."""
        try:
            return decode((self.root / path).read_bytes(), path).split("\n")
        except OSError:
            return None

    def _outside(self, file: str) -> FileNotIndexed:
        return FileNotIndexed(
            f"{file} is outside the workspace {self.root}",
            resolution="give a path inside the workspace, relative to its root",
        )

    @property
    def id(self) -> str:
        """A stable id from the absolute root (``ws-`` and 8 hex digits): the same folder always
        gets the same id, in every face."""
        return "ws-" + hashlib.sha256(str(self.root).encode()).hexdigest()[:8]

    def close(self) -> None:
        self.index.dispose()


def find_root(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` that holds ``.lsai/index.db``."""
    current = start.resolve()
    for candidate in (current, *current.parents):
        if (candidate / INDEX_DIR / INDEX_FILE).is_file():
            return candidate
    return None


def open_workspace(
    root: Path | None = None,
    database: str | None = None,
    *,
    read_only: bool = False,
    reindex: Callable[[Path, str], Reindexed] | None = None,
    scopes: Callable[[], Scopes] | None = None,
) -> Workspace:
    """Open the workspace at ``root`` (default: found from the current directory upwards)."""
    if root is None:
        found = find_root(Path.cwd())
        if found is None and database is None:
            raise IndexMissing(
                f"no lsai index in {Path.cwd()} or any parent directory",
                resolution="run `lsai index` in the workspace first, or pass --root PATH",
            )
        root = found or Path.cwd()
    elif not root.is_dir():
        raise WorkspaceNotFound(
            f"{root} is not a directory", resolution="pass --root the workspace directory"
        )
    root = root.resolve()
    target = database or str(root / INDEX_DIR / INDEX_FILE)
    index = open_index(target, read_only=read_only)
    bound = root
    refresh: Reindexer | None = (lambda: reindex(bound, target)) if reindex is not None else None
    return Workspace(root=root, index=index, reindex=refresh, scopes=scopes)
