"""Project-to-project dependencies, read from the manifests of the workspace's projects.

Only dependencies between projects of this workspace count (the ``deps`` tool shows the
workspace's own graph, not third-party packages). Each manifest names its dependencies by path
(``tsconfig.json`` references, Cargo path dependencies, ``.csproj`` ProjectReference, go.mod
``replace``, npm ``file:``), by glob (npm/Cargo/uv workspaces), or by package name (npm
``dependencies``, pyproject dependencies, go.mod ``require``, Maven ``dependency``), which is
matched against the names the other projects declare. A manifest that cannot be parsed adds a note
instead of edges; it never fails the index run.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath
from typing import Any

from lsai.indexer.crawler import ProjectRoot
from lsai.storage.deps import write_project_deps
from lsai.storage.engine import Index

Edge = tuple[str, str, str]  # (project root, target project root, kind)


@dataclass
class Declared:
    """What one project's manifests say: the names it publishes and what it refers to."""

    names: set[tuple[str, str]] = field(default_factory=set)  # (ecosystem, name)
    by_name: list[tuple[str, str, str]] = field(default_factory=list)  # ecosystem, name, kind
    by_path: list[tuple[str, str]] = field(default_factory=list)  # relative path, kind
    by_glob: list[tuple[str, str]] = field(default_factory=list)  # relative glob, kind


def _py_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(spec: str) -> str | None:
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
    return _py_name(match.group(1)) if match else None


def _jsonc(text: str) -> Any:
    """JSON with comments and trailing commas, as tsconfig.json allows."""
    out: list[str] = []
    i, n, in_string = 0, len(text), False
    while i < n:
        ch = text[i]
        if in_string:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
            out.append(ch)
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        else:
            out.append(ch)
        i += 1
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", "".join(out)))


def _package_json(text: str, d: Declared) -> None:
    data = json.loads(text)
    if isinstance(data.get("name"), str):
        d.names.add(("npm", data["name"]))
    for section in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        for name, spec in (data.get(section) or {}).items():
            d.by_name.append(("npm", name, "package-json"))
            if isinstance(spec, str) and spec.startswith(("file:", "link:")):
                d.by_path.append((spec.split(":", 1)[1], "package-json"))
    workspaces = data.get("workspaces") or []
    if isinstance(workspaces, dict):
        workspaces = workspaces.get("packages") or []
    d.by_glob.extend((str(w), "workspace") for w in workspaces)


def _tsconfig(text: str, d: Declared) -> None:
    data = _jsonc(text)
    for ref in data.get("references") or []:
        if isinstance(ref, dict) and isinstance(ref.get("path"), str):
            d.by_path.append((ref["path"], "tsconfig-reference"))


def _pyproject(text: str, d: Declared) -> None:
    data = tomllib.loads(text)
    project = data.get("project") or {}
    tool = data.get("tool") or {}
    poetry = tool.get("poetry") or {}
    for name in (project.get("name"), poetry.get("name")):
        if isinstance(name, str):
            d.names.add(("python", _py_name(name)))
    specs = list(project.get("dependencies") or [])
    for extra in (project.get("optional-dependencies") or {}).values():
        specs.extend(extra)
    for spec in specs:
        name = _requirement_name(str(spec))
        if name:
            d.by_name.append(("python", name, "pyproject"))
    for name, spec in (poetry.get("dependencies") or {}).items():
        d.by_name.append(("python", _py_name(name), "pyproject"))
        if isinstance(spec, dict) and isinstance(spec.get("path"), str):
            d.by_path.append((spec["path"], "pyproject"))
    uv = tool.get("uv") or {}
    for spec in (uv.get("sources") or {}).values():
        if isinstance(spec, dict) and isinstance(spec.get("path"), str):
            d.by_path.append((spec["path"], "pyproject"))
    members = (uv.get("workspace") or {}).get("members") or []
    d.by_glob.extend((str(m), "workspace") for m in members)


def _go_mod(text: str, d: Declared) -> None:
    module = re.search(r"^module\s+(\S+)", text, re.MULTILINE)
    if module:
        d.names.add(("go", module.group(1)))
    for block in re.findall(r"^require\s*\((.*?)^\)", text, re.MULTILINE | re.DOTALL):
        for line in block.splitlines():
            parts = line.split("//", 1)[0].split()
            if parts:
                d.by_name.append(("go", parts[0], "go-mod"))
    for path in re.findall(r"^require\s+([^\s(]+)", text, re.MULTILINE):
        d.by_name.append(("go", path, "go-mod"))
    for target in re.findall(r"=>\s*(\.{1,2}/\S*|/\S+)", text):
        d.by_path.append((target, "go-mod"))


def _cargo(text: str, d: Declared) -> None:
    data = tomllib.loads(text)
    name = (data.get("package") or {}).get("name")
    if isinstance(name, str):
        d.names.add(("cargo", name))
    tables = [data.get(s) or {} for s in ("dependencies", "dev-dependencies", "build-dependencies")]
    for target in (data.get("target") or {}).values():
        tables.extend(target.get(s) or {} for s in ("dependencies", "dev-dependencies"))
    for table in tables:
        for dep, spec in table.items():
            if not isinstance(spec, dict):
                continue
            if isinstance(spec.get("path"), str):
                d.by_path.append((spec["path"], "cargo-path"))
            elif spec.get("workspace") is True:
                d.by_name.append(("cargo", str(spec.get("package") or dep), "cargo-path"))
    members = (data.get("workspace") or {}).get("members") or []
    d.by_glob.extend((str(m), "workspace") for m in members)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _msbuild(text: str, d: Declared) -> None:
    for element in ET.fromstring(text).iter():
        include = element.get("Include")
        if _local(element.tag) == "ProjectReference" and include:
            d.by_path.append((include.replace("\\", "/"), "project-reference"))


def _slnx(text: str, d: Declared) -> None:
    for element in ET.fromstring(text).iter():
        path = element.get("Path")
        if _local(element.tag) == "Project" and path:
            d.by_path.append((path.replace("\\", "/"), "solution"))


def _sln(text: str, d: Declared) -> None:
    for path in re.findall(r'^Project\("[^"]*"\)\s*=\s*"[^"]*",\s*"([^"]+)"', text, re.MULTILINE):
        if path.endswith(("proj",)):
            d.by_path.append((path.replace("\\", "/"), "solution"))


def _pom(text: str, d: Declared) -> None:
    root = ET.fromstring(text)
    children = {_local(c.tag): c for c in root}
    artifact = children.get("artifactId")
    if artifact is not None and artifact.text:
        d.names.add(("maven", artifact.text.strip()))
    modules = children.get("modules")
    for module in modules if modules is not None else ():
        if module.text:
            d.by_path.append((module.text.strip(), "maven-module"))
    for element in root.iter():
        if _local(element.tag) != "dependency":
            continue
        for child in element:
            if _local(child.tag) == "artifactId" and child.text:
                d.by_name.append(("maven", child.text.strip(), "maven-dependency"))


Reader = Callable[[str, Declared], None]
READERS: dict[str, Reader] = {
    "package.json": _package_json,
    "tsconfig.json": _tsconfig,
    "jsconfig.json": _tsconfig,
    "pyproject.toml": _pyproject,
    "go.mod": _go_mod,
    "Cargo.toml": _cargo,
    "pom.xml": _pom,
    ".csproj": _msbuild,
    ".fsproj": _msbuild,
    ".vbproj": _msbuild,
    ".sln": _sln,
    ".slnx": _slnx,
}
_PARSE_ERRORS = (
    OSError, UnicodeDecodeError, ValueError, ET.ParseError, tomllib.TOMLDecodeError,
    AttributeError, TypeError,
)  # fmt: skip
# json and toml errors are ValueErrors; a manifest of the wrong shape raises Attribute/TypeError


def _reader(marker: str) -> Reader | None:
    return READERS.get(marker) or READERS.get(PurePosixPath(marker).suffix or marker)


def declared(root: Path, project: ProjectRoot, notes: list[str]) -> Declared:
    """Everything the manifests of ``project`` declare; unreadable ones add to ``notes``."""
    d = Declared()
    for marker in project.markers:
        reader = _reader(marker)
        if reader is None:
            continue
        rel = marker if project.root == "." else f"{project.root}/{marker}"
        try:
            reader((root / rel).read_text(encoding="utf-8-sig"), d)
        except _PARSE_ERRORS as exc:
            notes.append(f"{rel}: {type(exc).__name__}: {exc}; fix it and re-run `lsai index`")
    return d


def _normalise(project_root: str, path: str) -> str | None:
    """A manifest's relative path as a workspace-relative one (None when it leaves the tree)."""
    if PurePosixPath(path).is_absolute():
        return None
    joined = os.path.normpath(PurePosixPath(project_root, path)).replace(os.sep, "/")
    return None if joined == ".." or joined.startswith("../") else joined


def _edges_of(
    project: ProjectRoot, d: Declared, roots: set[str], names: Mapping[tuple[str, str], set[str]]
) -> Iterable[Edge]:
    for path, kind in d.by_path:
        target = _normalise(project.root, path)
        if target is None:
            continue
        for candidate in (target, str(PurePosixPath(target).parent)):
            if candidate in roots:
                yield project.root, candidate, kind
                break
    for ecosystem, name, kind in d.by_name:
        for target in names.get((ecosystem, name), ()):
            yield project.root, target, kind
    for pattern, kind in d.by_glob:
        glob = _normalise(project.root, pattern.rstrip("/"))
        if glob is None:
            continue
        for target in roots:
            if target != project.root and fnmatch(target, glob):
                yield project.root, target, kind


def derive(
    root: Path, projects: Sequence[ProjectRoot], found: Mapping[str, Declared] | None = None
) -> tuple[list[Edge], list[str]]:
    """The dependency edges between ``projects`` and notes on unreadable manifests; ``found``:
    what their manifests declare, when the caller has read them."""
    notes: list[str] = []
    if found is None:
        found = {p.root: declared(root, p, notes) for p in projects}
    names: dict[tuple[str, str], set[str]] = {}
    for project_root, d in found.items():
        for name in d.names:
            names.setdefault(name, set()).add(project_root)
    roots = set(found)
    edges: set[Edge] = set()
    for project in projects:
        edges.update(
            e for e in _edges_of(project, found[project.root], roots, names) if e[0] != e[1]
        )
    return sorted(edges), notes


def unlinked_packages(root: Path, found: Mapping[str, Declared]) -> str | None:
    """Why imports between the workspace's npm packages may not resolve, or None.

    A package that depends on another package of the workspace by name imports it through
    ``node_modules/<name>``, the link ``npm install`` (pnpm, yarn) makes. In a checkout nobody has
    installed, TypeScript's server cannot follow those imports, so references stop at package
    borders; lsai does not write into the user's tree to make the links itself."""
    names = {name for d in found.values() for eco, name in d.names if eco == "npm"}
    missing: dict[str, set[str]] = {}
    for project_root, d in found.items():
        for ecosystem, name, _ in d.by_name:
            if ecosystem == "npm" and name in names and not _linked(root, project_root, name):
                missing.setdefault(name, set()).add(project_root)
    if not missing:
        return None
    shown = ", ".join(
        f"{name} (used by {', '.join(sorted(users)[:2])}{', ...' if len(users) > 2 else ''})"
        for name, users in sorted(missing.items())[:3]
    )
    more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
    return (
        f"{len(missing)} workspace package{'s are' if len(missing) != 1 else ' is'} not linked "
        f"into node_modules: {shown}{more}. TypeScript's server cannot follow imports between "
        "the packages, so their references stop at package borders; run `npm install` (or "
        "pnpm/yarn install) at the workspace root, then `lsai index` again"
    )


def _linked(root: Path, project_root: str, name: str) -> bool:
    """Whether ``node_modules/<name>`` exists in the project's folder or one above it."""
    folder = (root / project_root).resolve()
    top = root.resolve()
    while True:
        if (folder / "node_modules" / name).exists():
            return True
        if folder == top or not folder.is_relative_to(top):
            return False
        folder = folder.parent


def record_deps(
    index: Index, root: Path, projects: Sequence[ProjectRoot], project_ids: Mapping[str, int]
) -> str | None:
    """Derive the graph and store it in ``project_deps``; returns ``unlinked_packages``'s note."""
    notes: list[str] = []
    found = {p.root: declared(root, p, notes) for p in projects}
    edges, _ = derive(root, projects, found)
    rows = [
        (project_ids[s], project_ids[t], kind)
        for s, t, kind in edges
        if s in project_ids and t in project_ids
    ]
    write_project_deps(index, rows, notes)
    return unlinked_packages(root, found)
