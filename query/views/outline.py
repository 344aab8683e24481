"""Text profiles of the outline tool."""

from __future__ import annotations

from lsai.query.contracts import OutlineMember, OutlineResult
from lsai.query.render import footer, plural, renders


def _outline_line(m: OutlineMember) -> str:
    head = " ".join([*m.attributes, m.signature])
    return f"{head} [{m.line}]"


@renders(OutlineResult, "compact")
def _outline_compact(result: OutlineResult) -> str:
    lines: list[str] = []
    for section in result.sections:
        title = section.file
        if section.namespace:
            title += f"  (namespace {section.namespace})"
        lines.append(title)

        def walk(members: list[OutlineMember], indent: int) -> None:
            for m in members:
                lines.append("  " * indent + _outline_line(m))
                walk(m.members, indent + 1)

        walk(section.members, 1)
        if not section.members:
            lines.append("  (no symbols)")
    parts = [f"{n} {plural(kind, n)}" for kind, n in sorted(result.counts.items())]
    summary = ", ".join(parts) if parts else f"0 symbols in {result.target}"
    return "\n".join(lines + footer(summary, result.provenance))


@renders(OutlineResult, "grep")
def _outline_grep(result: OutlineResult) -> str:
    lines: list[str] = []
    for section in result.sections:

        def walk(members: list[OutlineMember], file: str = section.file) -> None:
            for m in members:
                lines.append(f"{file}:{m.line}:1: {m.kind} {m.signature}")
                walk(m.members)

        walk(section.members)
    n = sum(result.counts.values())
    return "\n".join(lines + footer(f"{n} {plural('symbol', n)}", result.provenance))
