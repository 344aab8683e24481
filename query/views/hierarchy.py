"""Text profiles of the hierarchy tool."""

from __future__ import annotations

from lsai.query.contracts import TypeRef
from lsai.query.hierarchy import HierarchyResult
from lsai.query.render import footer, renders
from lsai.words import plural


def _label(t: TypeRef) -> str:
    return t.qualified_name or t.name


def where(t: TypeRef) -> str:
    """A type's file and line, or where a library's is (``(external: builtins.pyi:1073)``)."""
    if t.external:
        return f"(external: {t.location})" if t.location else "(external)"
    return f"{t.file}:{t.line}"


def _home(result: HierarchyResult) -> str:
    """Where the type the answer is about is: its file and line, or outside the workspace."""
    s = result.symbol
    if s.file:
        return f"{s.file}:{s.line}"
    return f"(external: {result.location})" if result.location else "(external)"


def _up(result: HierarchyResult) -> list[str]:
    """Each ancestor chain from its farthest base down to the type, as the protocol draws it."""
    target = result.symbol
    own = target.qualified_name  # a base may share it (``class Renderer(base.Renderer)``)
    # a base may hang from an interface the type implements (Go: flag.Value, which the
    # interface goBoolFlag embeds): its chain goes down through it
    by_label = {_label(t): t for t in (*result.interfaces, *result.base_types)}
    parents = {b.via for b in result.base_types if b.via != own}
    lines: list[str] = []
    for top in (b for b in result.base_types if _label(b) not in parents):
        chain = [top]
        while chain[-1].via != own and chain[-1].via in by_label and len(chain) <= len(by_label):
            chain.append(by_label[str(chain[-1].via)])
        for depth, t in enumerate(chain, start=1):
            arrow = "-> " if depth > 1 else ""
            lines.append(f"{'  ' * depth}{arrow}{_label(t)}  {where(t)}")
        indent = "  " * (len(chain) + 1)
        lines.append(f"{indent}-> {target.qualified_name}  {_home(result)}")
    return lines


def _down(result: HierarchyResult) -> list[str]:
    children: dict[str | None, list[TypeRef]] = {}
    for t in result.derived_types:
        children.setdefault(t.via, []).append(t)
    lines: list[str] = []

    def walk(parent: str, indent: int, path: frozenset[str]) -> None:
        for t in children.get(parent, []):
            lines.append(f"{'  ' * indent}{_label(t)}  {where(t)}")
            if _label(t) not in path:  # a subclass named like its base: not its own child
                walk(_label(t), indent + 1, path | {_label(t)})

    walk(result.symbol.qualified_name, 1, frozenset({result.symbol.qualified_name}))
    return lines


@renders(HierarchyResult, "compact")
def _hierarchy_compact(result: HierarchyResult) -> str:
    s = result.symbol
    lines = [f"{s.kind} {s.qualified_name}  {_home(result)}"]
    if result.direction in ("up", "both"):
        up = _up(result)
        lines.extend(["up:", *up] if up else ["up: (none)"])
        if result.interfaces:
            lines.append("implements:")
            lines.extend(f"  {_label(t)}  {where(t)}" for t in result.interfaces)
    if result.direction in ("down", "both"):
        down = _down(result)
        empty = "(sealed)" if result.sealed else "(none)"
        lines.extend(["down:", *down] if down else [f"down: {empty}"])
    bases = len(result.base_types) + len(result.interfaces)
    derived = len(result.derived_types)
    summary = f"{bases} {plural('base', bases)}, {derived} derived"
    return "\n".join(lines + footer(summary, result.provenance))


@renders(HierarchyResult, "grep")
def _hierarchy_grep(result: HierarchyResult) -> str:
    lines: list[str] = []
    groups = (("base", result.base_types), ("implements", result.interfaces))
    for relation, types in (*groups, ("derived", result.derived_types)):
        for t in types:
            at = f"{t.file}:{t.line}:1" if not t.external else where(t)
            lines.append(f"{at}: {relation} {_label(t)}")
    n = len(lines)
    return "\n".join(lines + footer(f"{n} {plural('type', n)}", result.provenance))
