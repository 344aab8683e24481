"""Text profiles of the callers and callees tools."""

from __future__ import annotations

from lsai.query.calls import CallHop, CallsResult
from lsai.query.render import footer, renders
from lsai.words import plural


def _where(hop: CallHop) -> str:
    if hop.external:
        return f"(external: {hop.location})" if hop.location else "(external)"
    if hop.unresolved:
        return "(unresolved)"  # the workspace has callables of that name: maybe one of them
    where = f"{hop.file}:{hop.line}"
    return where + (f"  ({hop.calls} calls)" if hop.calls > 1 else "")


def _summary(result: CallsResult) -> str:
    if result.depth == 1:
        noun = "caller" if result.direction == "callers" else "call"
        summary = f"{result.direct} {plural(noun, result.direct)}"
    else:
        summary = f"{result.direct} direct, {result.indirect} indirect"
    if result.truncated:
        summary += "; truncated (raise limit)"
    return summary


def _level_lines(result: CallsResult, arrow: str) -> list[str]:
    lines: list[str] = []
    for level in result.levels:
        if not level.calls:
            continue
        lines.append(f"depth {level.depth}:")
        if level.depth == 1:
            lines.extend(f"  {h.method}  {_where(h)}" for h in level.calls)
            continue
        parent: str | None = None
        for hop in sorted(level.calls, key=lambda h: h.via or ""):
            if hop.via != parent:
                parent = hop.via
                lines.append(f"  {parent}")
            lines.append(f"    {arrow} {hop.method}  {_where(hop)}")
        if level.truncated:
            lines.append(f"  ... {level.total - len(level.calls)} more at depth {level.depth}")
    return lines


@renders(CallsResult, "compact")
def _calls_compact(result: CallsResult) -> str:
    arrow = "<-" if result.direction == "callers" else "->"
    if result.depth == 1:
        hops = result.levels[0].calls if result.levels else []
        lines = [f"{h.method}  {_where(h)}" for h in hops]
        if result.levels and result.levels[0].truncated:
            lines.append(f"... {result.levels[0].total - len(hops)} more")
    else:
        lines = _level_lines(result, arrow)
    if not result.direct:
        what = "no callers of" if result.direction == "callers" else "no calls from"
        lines.append(f"{what} {result.symbol.kind} {result.symbol.qualified_name}")
    return "\n".join(lines + footer(_summary(result), result.provenance))


@renders(CallsResult, "grep")
def _calls_grep(result: CallsResult) -> str:
    arrow = "<-" if result.direction == "callers" else "->"
    lines: list[str] = []
    for level in result.levels:
        for h in level.calls:
            chain = f"{h.via} {arrow} " if h.via else f"{result.symbol.qualified_name} {arrow} "
            file, line = h.site
            lines.append(f"{file}:{line}:{h.call_col}: depth {h.depth} {chain}{h.method}")
    return "\n".join(lines + footer(_summary(result), result.provenance))
