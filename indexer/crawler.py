"""Walk a workspace: which files are source, which project each belongs to, what changed.

Honours ``.gitignore`` files at every level (and ``.git/info/exclude``) with git's own matching
rules (pathspec), and always leaves out generated and vendored folders. Never follows a symlinked
directory (no loops, nothing outside the workspace).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path, PurePosixPath

import pathspec

from lsai.indexer.config import MAX_FILE_BYTES, Config, load_config
from lsai.indexer.headers import header_languages, is_header, read_head
from lsai.indexer.languages import Language, language_for
from lsai.sourcetext import as_utf8
from lsai.storage.fingerprint import content_hash

ALWAYS_IGNORED = frozenset(
    {".git", ".hg", ".svn", ".lsai", "node_modules", ".venv", "__pycache__", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".idea", ".vscode", ".next", ".nuxt",
     ".gradle", ".cache", ".eggs", "bower_components", ".terraform", "site-packages",
     "venv", "_build", "buck-out", "__pypackages__", ".direnv", ".pants.d", ".pytype", ".bzr"}
)  # fmt: skip
"""Folders of tools' state, never walked. ty leaves the last line's out of its project by
default, whatever they hold (a ``venv`` without ``pyvenv.cfg``: jedi's vendored typeshed's
stub package ``stdlib/3/venv/``), so its references list nothing in them."""
OUTPUT_FOLDERS = frozenset(
    {"build", "dist", "target", "obj", "bin", "coverage", "htmlcov", "vendor"}
)  # fmt: skip
"""Names of folders that usually hold a build's output or vendored code: not
walked, unless the folder is a Python package (``__init__.py``: coverage.py's ``coverage``,
pip's ``operations/build``) or a Go package (a ``.go`` file: ``pkg/build``), which is source.
A folder named as an environment (``ENVIRONMENT_FOLDERS``) is left out where it is one."""
BUILD_TREE_MARKER = "CMakeCache.txt"
"""What a CMake build folder of any name holds (CLion's ``cmake-build-debug``, ``build-release``,
``out/build/x64``): its generated sources (``CMakeFiles/.../CMakeCCompilerId.c``) are no
project's code. Not where it sits beside a ``CMakeLists.txt``: an in-source build, the sources'
own folder."""
ENVIRONMENT_FOLDERS = frozenset({"env", ".env"})
ENVIRONMENT_MARKERS = ("pyvenv.cfg", "conda-meta", "bin/activate", "Scripts/activate")
"""What a Python environment holds (venv and virtualenv write ``pyvenv.cfg``, older virtualenvs
an ``activate`` script, conda ``conda-meta``); a folder named ``env`` without any is source
(axios's ``lib/env/data.js``, which exports ``VERSION``)."""
SCRIPT_MANIFESTS = ("package.json", "pyproject.toml", "setup.py", "setup.cfg")
"""A ``bin`` folder beside one of these holds the package's scripts, not a build's output."""
PROJECT_MARKERS = (
    "pyproject.toml", "setup.py", "setup.cfg", "package.json", "tsconfig.json", "jsconfig.json",
    "go.mod", "Cargo.toml", "pom.xml", "build.gradle", "build.gradle.kts", "CMakeLists.txt",
    "compile_commands.json", "meson.build", "Gemfile", "composer.json", "mix.exs",
    "Package.swift", "pubspec.yaml",
)  # fmt: skip
PROJECT_SUFFIXES = (".csproj", ".fsproj", ".vbproj", ".sln", ".slnx")
SHAPE_FILES = frozenset({".gitignore", "lsai.toml", *PROJECT_MARKERS})
_SNIFF_BYTES = 8192
"""A UTF-8 byte order mark, which is no part of a file's text: editors and compilers count the
first line's columns without it (tsc: ``a.ts(1,14)``) and send a language server the text
without it; so does lsai, whose index holds the text that follows it."""
_MINIFIED_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".css")
_MINIFIED_MIN_BYTES = 16 * 1024  # smaller files cost little whatever they hold
_MINIFIED_LINE_CHARS = 400  # hand-written code averages 30-50 bytes a line


@dataclass(frozen=True)
class SourceFile:
    path: str  # workspace-relative POSIX path
    absolute: Path
    language: Language
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class ProjectRoot:
    root: str  # workspace-relative POSIX path, "." for the workspace root
    name: str
    markers: tuple[str, ...]


@dataclass(frozen=True)
class Workspace:
    root: Path
    files: list[SourceFile]
    projects: list[ProjectRoot]
    linked: tuple[str, ...] = ()
    """Folders of the workspace that a symlinked folder inside it also names (``lsai/storage
    -> ../storage``): a server that imports a module by the link's path (ty) takes the file
    there for another module than the one lsai indexes at its real path."""
    unreadable: tuple[tuple[str, str], ...] = ()
    """The folders the walk could not look into (``sub/``), and why: left out, and said so."""
    max_file_bytes: int = MAX_FILE_BYTES
    """Larger files are skipped (``[index] max-file-size``)."""

    def aliased(self, path: str) -> bool:
        """Whether ``path`` is in a folder a symlinked folder of the workspace also names."""
        return any(folder == "." or path.startswith(folder + "/") for folder in self.linked)

    def language_of(self, path: str) -> Language | None:
        """A path's language: as the walk found it (a C++ ``.h`` file is C++), else by name."""
        found = self._languages.get(path)
        return found if found is not None else language_for(path)

    @cached_property
    def _languages(self) -> dict[str, Language]:
        return {f.path: f.language for f in self.files if is_header(f.path)}

    def project_of(self, path: str) -> str:
        """The root of the innermost project containing ``path``."""
        inside = [p.root for p in self.projects if p.root != "." and path.startswith(p.root + "/")]
        return max(inside, key=len, default=".")  # a one-letter folder ("c/") too


class _Ignore:
    """The stack of .gitignore specs that apply at one level of the walk."""

    def __init__(self, specs: tuple[tuple[str, pathspec.GitIgnoreSpec], ...] = ()) -> None:
        self.specs = specs

    def descend(self, directory: Path, rel: str) -> _Ignore:
        gitignore = directory / ".gitignore"
        if not _is_file(gitignore):
            return self
        try:
            lines = gitignore.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return self
        spec = pathspec.GitIgnoreSpec.from_lines(lines)
        return _Ignore((*self.specs, (rel, spec)))

    def ignored(self, rel: str, is_dir: bool) -> bool:
        for base, spec in self.specs:
            sub = rel if base == "." else rel[len(base) + 1 :]
            if spec.match_file(sub + "/" if is_dir else sub):
                return True
        return False


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; False when it cannot be looked at (a folder the user
    may not read, a path longer than the system allows): the walk leaves it out, never fails."""
    try:
        return path.is_file()
    except OSError:
        return False


def _root_ignore(root: Path, excluded: Sequence[str]) -> _Ignore:
    """``.git/info/exclude``, the configuration's ``[index] exclude``, then the root's
    ``.gitignore``."""
    specs: list[tuple[str, pathspec.GitIgnoreSpec]] = []
    exclude = root / ".git" / "info" / "exclude"
    if _is_file(exclude):
        lines = exclude.read_text(encoding="utf-8", errors="replace").splitlines()
        specs.append((".", pathspec.GitIgnoreSpec.from_lines(lines)))
    if excluded:
        specs.append((".", pathspec.GitIgnoreSpec.from_lines(excluded)))
    return _Ignore(tuple(specs)).descend(root, ".")


def discover(root: Path, config: Config | None = None) -> Workspace:
    """Every source file lsai indexes under ``root``, and the projects they belong to, as the
    workspace's configuration (``config``, else read from ``root``) says."""
    config = config if config is not None else load_config(root)
    files: list[SourceFile] = []
    projects: list[ProjectRoot] = []
    linked: set[str] = set()
    unreadable: list[tuple[str, str]] = []
    real_root = root.resolve()
    stack: list[tuple[Path, str, _Ignore]] = [(root, ".", _root_ignore(root, config.exclude))]
    while stack:
        directory, rel_dir, ignore = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError as exc:  # EACCES, a path past PATH_MAX (ENAMETOOLONG)
            unreadable.append((f"{rel_dir}/", f"cannot be read ({exc.strerror or exc})"))
            continue
        names = {e.name for e in entries}
        markers = tuple(m for m in PROJECT_MARKERS if m in names) + tuple(
            n for n in sorted(names) if n.endswith(PROJECT_SUFFIXES)
        )
        if markers:
            name = directory.name if rel_dir != "." else real_root.name
            projects.append(ProjectRoot(rel_dir, name, markers))
        subdirs: list[tuple[Path, str]] = []
        for entry in entries:
            rel = entry.name if rel_dir == "." else f"{rel_dir}/{entry.name}"
            if entry.is_dir(follow_symlinks=False):
                if _walked(Path(entry.path), rel, ignore):
                    subdirs.append((Path(entry.path), rel))
            elif entry.is_symlink() and (folder := _linked_folder(entry, real_root)) is not None:
                if _walked(Path(entry.path), rel, ignore):
                    linked.add(folder)
            elif (source := _source_file(entry, rel, ignore)) is not None:
                files.append(source)
        for path, rel in reversed(subdirs):
            stack.append((path, rel, ignore.descend(path, rel)))
    files.sort(key=lambda f: f.path)
    if not any(p.root == "." for p in projects):
        projects.append(ProjectRoot(".", real_root.name, ()))
    projects.sort(key=lambda p: p.root)
    found = Workspace(
        root,
        files,
        projects,
        tuple(sorted(linked)),
        tuple(sorted(unreadable)),
        config.max_file_bytes,
    )
    return _with_cpp_headers(found)


def _with_cpp_headers(workspace: Workspace) -> Workspace:
    """``workspace`` with its C++ ``.h`` files read as C++ (``headers``)."""
    headers = [(f.path, workspace.project_of(f.path)) for f in workspace.files if is_header(f.path)]
    if not headers:
        return workspace
    others = (
        (workspace.project_of(f.path), f.language) for f in workspace.files if not is_header(f.path)
    )
    cpp = header_languages(headers, others, read_head(workspace.root))
    files = [replace(f, language=cpp[f.path]) if f.path in cpp else f for f in workspace.files]
    return replace(workspace, files=files)


def _walked(folder: Path, rel: str, ignore: _Ignore) -> bool:
    """Whether a folder is walked (or, a symlinked one, would be)."""
    return skipped_folder(folder) is False and not ignore.ignored(rel, True)


def skipped_folder(folder: Path) -> bool:
    """Whether lsai leaves ``folder`` out whatever the ignore files say (tools' state, a build's
    output, an environment; not a Python package of such a name)."""
    name = folder.name
    if name in ALWAYS_IGNORED or name.endswith(".egg-info"):
        return True
    if name == "bin" and any(_is_file(folder.parent / m) for m in SCRIPT_MANIFESTS):
        return False  # an npm or Python package's scripts (``bin/cli.js``)
    if name in ENVIRONMENT_FOLDERS:
        return any((folder / marker).exists() for marker in ENVIRONMENT_MARKERS)
    if name in OUTPUT_FOLDERS:
        return not _package(folder)
    return _is_file(folder / BUILD_TREE_MARKER) and not _is_file(folder / "CMakeLists.txt")


def _package(folder: Path) -> bool:
    """Whether ``folder`` is a Python package or a Go package (source, whatever its name)."""
    if _is_file(folder / "__init__.py"):
        return True
    try:
        with os.scandir(folder) as entries:
            return any(e.name.endswith(".go") and e.is_file() for e in entries)
    except OSError:
        return False


def _linked_folder(entry: os.DirEntry[str], real_root: Path) -> str | None:
    """The workspace folder (relative POSIX path) a symlink names, when it names one."""
    try:
        target = Path(entry.path).resolve()
        if not target.is_dir() or not target.is_relative_to(real_root):
            return None
    except (OSError, RuntimeError):  # a broken link, a loop
        return None
    return PurePosixPath(*target.relative_to(real_root).parts).as_posix()


def shapes_workspace(path: str) -> bool:
    """Whether a change to ``path`` can change which files are indexed, their projects or their
    servers: an ignore file, a project marker (its content too: dependencies, settings), the
    lsai config."""
    name = PurePosixPath(path).name
    return name in SHAPE_FILES or name.endswith(PROJECT_SUFFIXES)


def refreshed(workspace: Workspace, modified: Iterable[str]) -> Workspace | None:
    """``workspace`` with the current size and modification time of the ``modified`` files, when
    each is one of its source files, still a regular file, and none shapes the workspace; else
    None (a file added, deleted or replaced, an ignore file or marker changed: walk again)."""
    wanted = set(modified)
    if any(shapes_workspace(path) for path in wanted):
        return None
    files = list(workspace.files)
    for i, file in enumerate(files):
        if file.path not in wanted:
            continue
        wanted.discard(file.path)
        try:
            found = file.absolute.stat()
        except OSError:
            return None
        if not stat.S_ISREG(found.st_mode):
            return None
        files[i] = replace(file, size=found.st_size, mtime_ns=found.st_mtime_ns)
    if wanted:  # not a file of the last walk: new, or ignored
        return None
    return replace(workspace, files=files)


def _source_file(entry: os.DirEntry[str], rel: str, ignore: _Ignore) -> SourceFile | None:
    language = language_for(rel)
    if language is None or ignore.ignored(rel, False):
        return None
    try:
        if not entry.is_file():
            return None
        stat = entry.stat()
    except OSError:
        return None
    return SourceFile(rel, Path(entry.path), language, stat.st_size, stat.st_mtime_ns)


@dataclass(frozen=True)
class ReadResult:
    content: bytes | None
    content_hash: str | None
    skip_reason: str | None = None  # not source: binary, too large
    error: str | None = None  # source that could not be read
    encoding: str | None = None  # what a file that is not UTF-8 was read as (``sourcetext``)


def read_source(file: SourceFile, max_bytes: int = MAX_FILE_BYTES) -> ReadResult:
    """Read a file for indexing, or say why it is skipped (binary, larger than ``max_bytes``)
    or failed (unreadable); its hash is the file's, its content the text as UTF-8
    (``sourcetext``: no byte order mark, a file in another encoding read in it)."""
    if file.size > max_bytes:
        return ReadResult(
            None,
            None,
            skip_reason=f"too large ({file.size:,} bytes > {max_bytes:,}: [index] max-file-size)",
        )
    try:
        content = file.absolute.read_bytes()
    except OSError as exc:
        return ReadResult(None, None, error=f"unreadable: {exc.strerror or exc}")
    if b"\0" in content[:_SNIFF_BYTES]:
        return ReadResult(None, content_hash(content), skip_reason="binary content")
    minified = _minified(file.path, content)
    if minified is not None:
        return ReadResult(None, content_hash(content), skip_reason=minified)
    text, encoding = as_utf8(content, file.path)
    read_as = None if encoding == "utf-8" else encoding
    return ReadResult(text, content_hash(content), encoding=read_as)


def _minified(path: str, content: bytes) -> str | None:
    """Why a file is minified or machine-written rather than source, or None. A bundle such as
    ``jquery.min.js`` is thousands of one-letter names on a few lines: indexed, it would bury
    every search and usage under noise and keep a language server busy for nothing."""
    name = path.rsplit("/", 1)[-1]
    if any(name.endswith(f".min{ext}") for ext in _MINIFIED_SUFFIXES):
        return "minified (a .min file)"
    if len(content) < _MINIFIED_MIN_BYTES:
        return None
    average = len(content) // (content.count(b"\n") + 1)
    if average > _MINIFIED_LINE_CHARS:
        return f"minified or generated (lines of {average:,} bytes on average)"
    return None


def iter_changed(
    files: list[SourceFile], known: dict[str, tuple[int, int]]
) -> Iterator[SourceFile]:
    """Files whose size or modification time differ from what the index recorded."""
    for file in files:
        if known.get(file.path) != (file.size, file.mtime_ns):
            yield file
