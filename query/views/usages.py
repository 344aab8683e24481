"""Text profiles of the usages tool."""

from __future__ import annotations

from lsai.query.render import footer, plural, renders
from lsai.query.usages import UsagesResult


def _summary(result: UsagesResult) -> str:
    files = f"{result.file_count} {plural('file', result.file_count)}"
    usages = f"{result.total} {plural('usage', result.total)} in {files}"
    if result.truncated:
        shown = sum(len(f.usages) for f in result.files) if result.per_file is None else None
        first = "" if shown is None else f"{shown} of "
        return f"{first}{usages}; next page: offset {result.next_offset}"
    return usages


def _coarse(result: UsagesResult) -> list[str]:
    lines = [f"{c.file}  ({c.count})" for c in result.per_file or []]
    if result.degraded:
        lines.append(f"! {result.degraded}")
    return lines


MAX_CONTEXT = 120  # characters of a code line in the compact profile


def _short(context: str | None) -> str:
    text = context or ""
    return text if len(text) <= MAX_CONTEXT else text[: MAX_CONTEXT - 1] + "…"


@renders(UsagesResult, "compact")
def _usages_compact(result: UsagesResult) -> str:
    lines: list[str] = []
    for group in result.files:
        lines.append(group.file)
        shown: set[int] = set()  # two usages on one line print that line once
        for u in group.usages:
            if u.line not in shown:
                shown.add(u.line)
                lines.append(f"  :{u.line} {_short(u.context)}".rstrip())
    lines.extend(_coarse(result))
    if not result.total:
        lines.append(f"no usages of {result.symbol.kind} {result.symbol.qualified_name}")
    return "\n".join(lines + footer(_summary(result), result.provenance))


@renders(UsagesResult, "grep")
def _usages_grep(result: UsagesResult) -> str:
    lines = [
        f"{group.file}:{u.line}:{u.col}: {u.context or ''}".rstrip()
        for group in result.files
        for u in group.usages
    ]
    lines.extend(_coarse(result))
    return "\n".join(lines + footer(_summary(result), result.provenance))
