"""Text profiles of the deps tool."""

from __future__ import annotations

from lsai.query.deps import DepsResult, ProjectDeps
from lsai.query.render import footer, renders
from lsai.words import plural


def _summary(result: DepsResult) -> str:
    n, e = result.project_count, result.edge_count
    return f"{n} {plural('project', n)}, {e} {plural('dependency', e)}"


def _targets(p: ProjectDeps) -> str:
    return ", ".join(d.name for d in p.depends_on) or "(none)"


def _files(p: ProjectDeps, indent: str) -> list[str]:
    lines: list[str] = []
    for group in p.files or []:
        listed = ", ".join(group.files) or f"({group.count} {plural('file', group.count)})"
        lines.append(f"{indent}{group.directory}/  {listed}")
    return lines


def _header(result: DepsResult) -> str:
    n = result.project_count
    return f"{result.workspace} ({n} {plural('project', n)})"


@renders(DepsResult, "compact")
def _compact(result: DepsResult) -> str:
    width = max((len(p.name) for p in result.projects), default=0)
    lines = [_header(result)]
    for p in result.projects:
        lines.append(f"  {p.name.ljust(width)} -> {_targets(p)}")
        lines.extend(_files(p, "      "))
    return "\n".join(lines + footer(_summary(result), result.provenance))


@renders(DepsResult, "verbose")
def _verbose(result: DepsResult) -> str:
    """Compact plus each project's folder, manifests, file count, how each edge is declared and
    who depends on it."""
    lines = [_header(result)]
    for p in result.projects:
        markers = ", ".join(p.markers) or "no manifest"
        files = f"{p.file_count} {plural('file', p.file_count)}"
        lines.append(f"  {p.name}  ({p.root}; {markers}; {files})")
        for d in p.depends_on:
            lines.append(f"    -> {d.name}  [{d.kind}]  {d.root}")
        if not p.depends_on:
            lines.append("    -> (none)")
        if p.used_by:
            lines.append(f"    <- {', '.join(p.used_by)}")
        lines.extend(_files(p, "      "))
    return "\n".join(lines + footer(_summary(result), result.provenance))


@renders(DepsResult, "turbo")
def _turbo(result: DepsResult) -> str:
    lines = [f"{p.name}>{','.join(d.name for d in p.depends_on)}" for p in result.projects]
    return "\n".join(lines + footer(_summary(result), result.provenance))


@renders(DepsResult, "grep")
def _grep(result: DepsResult) -> str:
    """One line per project, located at its manifest."""
    lines = [
        f"{p.manifest or p.root}:1:1: project {p.name} -> {_targets(p)}" for p in result.projects
    ]
    return "\n".join(lines + footer(_summary(result), result.provenance))


@renders(DepsResult, "compiler")
def _compiler(result: DepsResult) -> str:
    lines = [
        f"{p.manifest or p.root}(1,1): project {p.name} -> {_targets(p)}" for p in result.projects
    ]
    return "\n".join(lines + footer(_summary(result), result.provenance))


def _quoted(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@renders(DepsResult, "syntax")
def _syntax(result: DepsResult) -> str:
    """The graph in Graphviz DOT syntax."""
    lines = ["```dot", f"digraph {_quoted(result.workspace)} {{"]
    for p in result.projects:
        if not p.depends_on:
            lines.append(f"    {_quoted(p.name)};  // {p.root}")
        for d in p.depends_on:
            lines.append(f"    {_quoted(p.name)} -> {_quoted(d.name)};  // {d.kind}")
    lines += ["}", "```"]
    return "\n".join(lines + footer(_summary(result), result.provenance))
