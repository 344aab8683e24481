"""Where a Python library's name comes from, through the imports of its module's stub or
source: ``collections.abc.Sequence`` is typeshed's ``typing.Sequence`` (``collections/abc.pyi``
star-imports ``_collections_abc``, which imports it from ``typing``), ``from sqlalchemy import
Index`` is ``sqlalchemy.sql.schema.Index``. ty follows these imports to one definition, so its
references at either spelling list both; lsai's spellings (``alike.Spellings``) compare the
names they lead to. The library files are looked for under the folders the server located
library symbols in (typeshed's ``stdlib``, a ``site-packages``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

_ROOTS = ("stdlib", "site-packages", "dist-packages")
"""The folders a library module's dotted name is a path below."""
_STAR = re.compile(r"^from\s+(\.*[\w.]*)\s+import\s+\*", re.MULTILINE)
_FOLLOWED = 20
"""At most this many imports are followed from one name (a cycle ends sooner)."""


def uri_path(uri: str) -> str:
    """The absolute path of a ``file://`` URI."""
    return unquote(urlsplit(uri).path)


class LibraryModules:
    """The library modules of a workspace's index, read on demand."""

    def __init__(
        self,
        uris: Callable[[], Sequence[str]],
        imported_names: Callable[[bytes], dict[str, str]],
    ):
        self.uris = uris
        """The files of the index's external symbols, read once a module's file is looked for."""
        self.roots: list[Path] | None = None  # ``_roots``, once needed
        self.imported_names = imported_names
        self.files: dict[str, tuple[str, str] | None] = {}
        """module -> (its file's path below its root, its text); None: no such file."""
        self.names: dict[str, dict[str, str]] = {}
        self.origins: dict[str, str] = {}
        self.paths: dict[str, Path] = {}
        """module -> its file's absolute path (``_file``)."""
        self.missing: set[str] = set()
        """The modules looked for whose file is under no root (``_file``): the standard
        library stubs ty has not written (``indexer.lsp.stubs``), another's modules."""

    def origin(self, dotted: str) -> str:
        """The dotted name ``dotted`` stands for where its module's library file imports it
        from another module, or star-imports a module binding it, and so on; ``dotted`` where
        the module defines it, or no library file of the module is found."""
        if dotted not in self.origins:
            seen, current = {dotted}, dotted
            while len(seen) < _FOLLOWED:
                found = self._step(current)
                if found is None or found in seen:
                    break
                seen.add(found)
                current = found
            self.origins[dotted] = current
        return self.origins[dotted]

    def definition(self, dotted: str) -> tuple[str, int] | None:
        """The file URI and line of the ``def`` or ``class`` the library name ``dotted``
        stands for (``origin``) at its module's top level: where a server would lead a call
        of it (``setuptools.setup``, ``builtins.dict``), read where none led one (a call at
        module level, of no caller whose outgoing calls were asked); None: no such file or
        definition (an assignment: ``setup = _setup``)."""
        module, _, name = self.origin(dotted).rpartition(".")
        found = self._file(module) if module else None
        if found is None:
            return None
        text = found[1]
        ats = list(re.finditer(_DEFINED.format(re.escape(name)), text, re.MULTILINE))
        at = next((a for a in ats if not a[0].startswith(" ")), ats[0] if ats else None)
        if at is None:  # (an indented one: under a top-level `if`, or a class's method)
            return None
        return self.paths[module].as_uri(), text.count("\n", 0, at.start()) + 1

    def is_class(self, dotted: str) -> bool:
        """Whether the library name ``dotted`` stands for (``origin``) is a ``class`` at its
        module's top level (``argparse.ArgumentParser``), no module itself."""
        if "." not in dotted or self._file(dotted) is not None:
            return False
        module, _, name = self.origin(dotted).rpartition(".")
        found = self._file(module) if module else None
        pattern = _CLASS.format(re.escape(name))
        return found is not None and re.search(pattern, found[1], re.MULTILINE) is not None

    def _step(self, dotted: str) -> str | None:
        """The name the module of ``dotted`` imports its member from; None: none."""
        module, _, name = dotted.rpartition(".")
        found = self._file(module) if module else None
        if found is None:
            return None
        path, text = found
        bound = self._names(module, path, text).get(name)
        if bound is not None:
            return absolute_module(path, bound)
        if _defines(text, name):
            return None
        for star in _STAR.findall(text):
            other = absolute_module(path, star)
            there = self._file(other)
            if there is not None and (
                name in self._names(other, *there) or _defines(there[1], name)
            ):
                return f"{other}.{name}"
        return None

    def _names(self, module: str, path: str, text: str) -> dict[str, str]:
        if module not in self.names:
            self.names[module] = self.imported_names(text.encode("utf-8"))
        return self.names[module]

    def _file(self, module: str) -> tuple[str, str] | None:
        """The stub (else the source) of the library module ``module`` under a root."""
        if module not in self.files:
            self.files[module] = None
            below = PurePosixPath(*module.split("."))
            if self.roots is None:
                self.roots = _roots(self.uris())
            for root in self.roots:
                for suffix in (".pyi", "/__init__.pyi", ".py", "/__init__.py"):
                    relative = f"{below}{suffix}"
                    try:
                        text = (root / relative).read_text(encoding="utf-8", errors="replace")
                    except OSError:
                        continue
                    self.files[module] = (relative, text)
                    self.paths[module] = root / relative
                    return self.files[module]
            self.missing.add(module)
        return self.files[module]


def absolute_module(path: str, dotted: str) -> str:
    """A relative import's dotted name from the folders of the file it is in (``.fields`` in
    ``src/pkg/__init__.py``: ``src.pkg.fields``); another as it is."""
    name = dotted.lstrip(".")
    up = len(dotted) - len(name)
    if not up:
        return dotted
    folders = PurePosixPath(path).parent.parts
    return ".".join([*folders[: max(0, len(folders) - up + 1)], name])


def _roots(uris: Sequence[str]) -> list[Path]:
    """The library roots above the files ``uris`` (``.../typeshed/stdlib``)."""
    found: dict[Path, None] = {}
    for uri in uris:
        parts = Path(uri_path(uri)).parts
        for at, part in enumerate(parts):
            if part in _ROOTS:
                found.setdefault(Path(*parts[: at + 1]), None)
                break
    return list(found)


_DEFINED = r"^(?:    )?(?:(?:async\s+)?def|class)\s+{}\b"
"""A top-level ``def`` or ``class`` of a name (``format``-ed in, escaped), under a top-level
``if`` too."""


_CLASS = r"^(?:    )?class\s+{}\b"
"""A top-level ``class`` of a name (``format``-ed in, escaped), under a top-level ``if`` too."""


def _defines(text: str, name: str) -> bool:
    """Whether the module ``text`` defines ``name`` at its top level (a class, a function, an
    assignment or annotation), under a top-level ``if`` too."""
    escaped = re.escape(name)
    pattern = _DEFINED.format(escaped) + rf"|^(?:    )?{escaped}\s*[:=]"
    return re.search(pattern, text, re.MULTILINE) is not None
