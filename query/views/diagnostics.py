"""Text profiles of the diagnostics tool; ``compiler`` is the native one (``path(l,c): error``)."""

from __future__ import annotations

from itertools import groupby

from lsai.query.diagnostics import NOT_SERVED, SEVERITIES, DiagnosticItem, DiagnosticsResult
from lsai.query.render import footer, renders
from lsai.query.views import syntax
from lsai.words import plural


def _summary(result: DiagnosticsResult) -> str:
    if not result.served:
        return "0 diagnostics"
    parts = [
        f"{result.counts[s]} {plural(s, result.counts[s])}"
        for s in SEVERITIES
        if result.counts.get(s)
    ]
    text = ", ".join(parts) if parts else f"0 {plural(result.severities[0], 0)}"
    if not parts and len(result.severities) > 1:
        text = "no " + " or ".join(plural(s, 0) for s in result.severities)
    if result.truncated:
        shown = len(result.diagnostics)
        text += f"; {shown} shown, next page: offset {result.next_offset}"
    hidden = [(s, n) for s in SEVERITIES if (n := result.hidden.get(s, 0))]
    if hidden:
        listed = ", ".join(f"{n} {plural(s, n)}" for s, n in hidden)
        text += f"; not shown: {listed} (ask for them by severity)"
    return text


def _code(d: DiagnosticItem) -> str:
    return f" {d.code}" if d.code else ""


def _parts(message: str) -> list[str]:
    """A message's non-blank lines (ty adds ``info: ...`` lines after a blank one)."""
    return [line.strip() for line in message.splitlines() if line.strip()] or [""]


def _head(message: str) -> str:
    """A message's first line: the lean profiles print that (ty adds lines of ``info: ...``
    about where it searched; verbose and the structured answer keep them)."""
    return _parts(message)[0]


def _under(message: str, indent: str) -> str:
    """A message whose further lines are indented under its diagnostic's."""
    first, *rest = _parts(message)
    return "\n".join([first, *(indent + line for line in rest)])


def _end(result: DiagnosticsResult, lines: list[str]) -> str:
    prov = result.provenance
    if NOT_SERVED in prov.notes:  # say it first, not as a footnote
        lines = [NOT_SERVED, *lines]
        prov = prov.model_copy(update={"notes": [n for n in prov.notes if n != NOT_SERVED]})
    return "\n".join(lines + footer(_summary(result), prov))


@renders(DiagnosticsResult, "compiler")
def _compiler(result: DiagnosticsResult) -> str:
    lines = [
        f"{d.file}({d.line},{d.col}): {d.severity}{_code(d)}: {_head(d.message)}"
        for d in result.diagnostics
    ]
    return _end(result, lines)


@renders(DiagnosticsResult, "compact")
def _compact(result: DiagnosticsResult) -> str:
    lines: list[str] = []
    for file, items in groupby(result.diagnostics, key=lambda d: d.file):
        lines.append(file)
        lines.extend(
            f"  :{d.line}:{d.col} {d.severity}{_code(d)}: {_head(d.message)}" for d in items
        )
    return _end(result, lines)


@renders(DiagnosticsResult, "verbose")
def _verbose(result: DiagnosticsResult) -> str:
    """Compact plus the range, the reporting tool and the source line."""
    lines: list[str] = []
    for file, items in groupby(result.diagnostics, key=lambda d: d.file):
        lines.append(file)
        for d in items:
            source = f" ({d.source})" if d.source else ""
            where = f":{d.line}:{d.col}-{d.end_line}:{d.end_col}"
            lines.append(f"  {where} {d.severity}{_code(d)}{source}: {_under(d.message, '    ')}")
            if d.context is not None:
                lines.append(f"      {d.context.strip()}")
    return _end(result, lines)


@renders(DiagnosticsResult, "turbo")
def _turbo(result: DiagnosticsResult) -> str:
    """Per file: the count per severity and the lines."""
    lines: list[str] = []
    for file, group in groupby(result.diagnostics, key=lambda d: d.file):
        items = list(group)
        counts = [
            f"{n} {plural(s, n)}"
            for s in SEVERITIES
            if (n := sum(1 for d in items if d.severity == s))
        ]
        at = ",".join(str(d.line) for d in items)
        lines.append(f"{file}: {', '.join(counts)} ({at})")
    return _end(result, lines)


@renders(DiagnosticsResult, "grep")
def _grep(result: DiagnosticsResult) -> str:
    lines = [
        f"{d.file}:{d.line}:{d.col}: {d.severity}{_code(d)}: {_head(d.message)}"
        for d in result.diagnostics
    ]
    return _end(result, lines)


@renders(DiagnosticsResult, "syntax")
def _syntax(result: DiagnosticsResult) -> str:
    """Each offending line of code with the diagnostic in a comment after it."""
    lines: list[str] = []
    for file, items in groupby(result.diagnostics, key=lambda d: d.file):
        group = list(items)
        language = syntax.language_of(file, group[0].language)
        lines.append(f"{syntax.comment(language)} {file}")
        for d in group:
            code = (d.context or "").strip() or "..."
            note = f":{d.line}:{d.col} {d.severity}{_code(d)}: {_head(d.message)}"
            lines.append(syntax.annotate(code, language, note))
    return _end(result, lines)
