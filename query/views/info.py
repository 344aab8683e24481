"""Text profiles of the info tool."""

from __future__ import annotations

from lsai.query.contracts import TypeRef
from lsai.query.info import InfoResult
from lsai.query.render import footer, renders
from lsai.query.views.hierarchy import where


def _types(types: list[TypeRef]) -> str:
    return ", ".join(f"{t.qualified_name or t.name} ({where(t).strip('()')})" for t in types)


def _fields(result: InfoResult) -> list[tuple[str, str | None]]:
    s = result.symbol
    return [
        ("namespace", s.namespace),
        ("containing", result.containing),
        ("modifiers", " ".join(result.modifiers) or None),
        ("accessibility", result.accessibility),
        ("signature", s.signature),
        ("return", result.return_type),
        ("params", result.params),
        ("base", _types(result.base) or None),
        ("implements", _types(result.implements) or None),
        ("members", result.members),
        ("constructors", "; ".join(result.constructors) or None),
        ("attributes", " ".join(result.attributes) or None),
        ("doc", result.doc),
    ]


@renders(InfoResult, "compact")
def _info_compact(result: InfoResult) -> str:
    s = result.symbol
    lines = [f"{s.file}:{s.line} {s.kind} {s.qualified_name}"]
    lines.extend(f"  {name}: {value}" for name, value in _fields(result) if value)
    if result.overloads:
        lines.append(f"  overloads: {len(result.overloads)} more")
        lines.extend(f"    {o.line}: {o.signature}" for o in result.overloads)
    if result.unavailable:
        lines.append(f"  unavailable: {'; '.join(result.unavailable)}")
    return "\n".join(lines + footer(f"{s.kind} {s.qualified_name}", result.provenance))


@renders(InfoResult, "grep")
def _info_grep(result: InfoResult) -> str:
    s = result.symbol
    line = f"{s.file}:{s.line}:{s.col}: {s.kind} {s.signature or s.qualified_name}"
    return "\n".join([line, *footer(f"{s.kind} {s.qualified_name}", result.provenance)])
