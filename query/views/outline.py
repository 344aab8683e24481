"""Text profiles of the outline tool."""

from __future__ import annotations

from lsai.query.contracts import OutlineMember, OutlineResult
from lsai.query.render import footer, renders
from lsai.query.views import syntax
from lsai.words import plural


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
    return "\n".join(lines + footer(_paged(result, summary), result.provenance))


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
    return "\n".join(
        lines + footer(_paged(result, f"{n} {plural('symbol', n)}"), result.provenance)
    )


def _walk(members: list[OutlineMember], depth: int = 0) -> list[tuple[int, OutlineMember]]:
    out: list[tuple[int, OutlineMember]] = []
    for m in members:
        out.append((depth, m))
        out.extend(_walk(m.members, depth + 1))
    return out


def _paged(result: OutlineResult, summary: str) -> str:
    """The summary, with the page shown when the outline has more symbols than one page."""
    if not result.truncated and result.offset == 0:
        return summary
    last = result.next_offset if result.next_offset is not None else result.total
    page = f"symbols {result.offset + 1}-{last} of {result.total}"
    if result.next_offset is None:
        return f"{summary}; {page}"
    return f"{summary}; {page}; next page: offset {result.next_offset} (or depth 1: the top level)"


def _total(result: OutlineResult) -> str:
    n = sum(result.counts.values())
    return f"{n} {plural('symbol', n)}"


@renders(OutlineResult, "verbose")
def _outline_verbose(result: OutlineResult) -> str:
    """Compact plus accessibility, modifiers and the first line of each documentation."""
    lines: list[str] = []
    for section in result.sections:
        ns = f"  (namespace {section.namespace})" if section.namespace else ""
        lines.append(f"{section.file}{ns}  [{section.language or '?'}, {section.backend}]")
        for depth, m in _walk(section.members):
            pad = "  " * (depth + 1)
            access = f"{m.accessibility} " if m.accessibility else ""
            lines.append(f"{pad}{access}{_outline_line(m)}  ({m.kind}, :{m.line}-{m.end_line})")
            if m.doc:
                lines.append(f"{pad}  \u2014 {m.doc}")
    parts = [f"{n} {plural(kind, n)}" for kind, n in sorted(result.counts.items())]
    return "\n".join(
        lines + footer(_paged(result, ", ".join(parts) or _total(result)), result.provenance)
    )


@renders(OutlineResult, "turbo")
def _outline_turbo(result: OutlineResult) -> str:
    """Names and lines only, nested by indentation."""
    lines: list[str] = []
    for section in result.sections:
        lines.append(section.file)
        lines.extend(f"{' ' * (depth + 1)}{m.name}:{m.line}" for depth, m in _walk(section.members))
    return "\n".join(lines + footer(_paged(result, _total(result)), result.provenance))


def _kinded(m: OutlineMember) -> str:
    """The signature, prefixed with the kind unless it already starts with it."""
    return m.signature if m.signature.split(" ", 1)[0] == m.kind else f"{m.kind} {m.signature}"


@renders(OutlineResult, "compiler")
def _outline_compiler(result: OutlineResult) -> str:
    lines = [
        f"{section.file}({m.line},1): {_kinded(m)}"
        for section in result.sections
        for _, m in _walk(section.members)
    ]
    return "\n".join(lines + footer(_paged(result, _total(result)), result.provenance))


@renders(OutlineResult, "syntax")
def _outline_syntax(result: OutlineResult) -> str:
    """The outline as code in the file's language, each declaration with its line."""
    lines: list[str] = []
    for section in result.sections:
        language = syntax.language_of(section.file, section.language)
        lines.append(f"```{syntax.fence(language)}")
        lines.append(f"{syntax.comment(language)} {section.file}")
        _syntax_members(section.members, language, 0, lines)
        lines.append("```")
    return "\n".join(lines + footer(_paged(result, _total(result)), result.provenance))


def _syntax_members(
    members: list[OutlineMember],
    language: str,
    depth: int,
    lines: list[str],
    parent_kind: str | None = None,
) -> None:
    pad = "    " * depth
    for m in members:
        lines.extend(f"{pad}{a}" for a in m.attributes)
        nested = bool(m.members) and not syntax.inline_body(m.signature)
        code = syntax.declaration(m.signature, m.kind, language, nested, parent_kind, m.modifiers)
        lines.append(pad + syntax.annotate(code, language, f":{m.line}"))
        if nested:
            _syntax_members(m.members, language, depth + 1, lines, m.kind)
            if language not in syntax.INDENT_BLOCKS:
                lines.append(pad + "}")
