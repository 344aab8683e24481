"""Text profiles of the rename tool."""

from __future__ import annotations

from itertools import groupby

from lsai.query.rename import RenameResult, Untouched
from lsai.query.render import footer, renders
from lsai.query.views import syntax
from lsai.words import plural

MAX_UNTOUCHED = 30  # near-misses shown in text; the structured result holds all of them


def _head(r: RenameResult) -> str:
    c, f = r.change_count, r.file_count
    changes = f"{c} {plural('change', c)}" + (" applied" if r.applied else "")
    return f"{r.kind} {r.symbol} -> {r.new_name}: {changes} in {f} {plural('file', f)}"


def _state(r: RenameResult) -> str:
    if r.applied:
        return "applied"
    tag = "preview \u2014 not applied"
    return tag + (" (name-based)" if r.name_based else "")


def _what(u: Untouched) -> str:
    if u.reason == "different symbol":
        return f"{u.name} (different symbol: {u.detail})"
    if u.reason in ("comment", "string", "comment or string"):
        return f'"{u.name}" in {u.reason}'
    return f"{u.name} ({u.reason}{': ' + u.detail if u.detail else ''})"


def _miss(u: Untouched) -> str:
    return f"{_what(u)} at {u.file}:{u.line}"


def _tail(r: RenameResult, lines: list[str]) -> str:
    if r.untouched:
        lines.append("untouched:")
        lines.extend(f"  {_miss(u)}" for u in r.untouched[:MAX_UNTOUCHED])
        if len(r.untouched) > MAX_UNTOUCHED:
            more = len(r.untouched) - MAX_UNTOUCHED
            lines.append(f"  ... {more} more (outputFormat json lists every one)")
    if r.conflicts:
        lines.append("conflicts:")
        lines.extend(f"  {c}" for c in r.conflicts)
    lines.extend(f"! {w}" for w in r.warnings)
    if r.compilation_result:
        lines.append(r.compilation_result)
    return "\n".join(lines + footer(_state(r), r.provenance))


@renders(RenameResult, "compact")
def _compact(r: RenameResult) -> str:
    lines = [_head(r) + ":"]
    for ch in r.changes:
        times = f" (x{len(ch.cols)})" if len(ch.cols) > 1 else ""
        if ch.new_text != ch.old_text.replace(r.old_name, r.new_name):  # spelled out: { a: b }
            lines.append(f"  {ch.file}:{ch.line} {ch.old_text} -> {ch.new_text}")
        else:
            lines.append(f"  {ch.file}:{ch.line} {r.old_name} -> {r.new_name}{times}")
    return _tail(r, lines)


@renders(RenameResult, "verbose")
def _verbose(r: RenameResult) -> str:
    """Every changed line before and after."""
    lines = [_head(r) + ":"]
    for file, changes in groupby(r.changes, key=lambda ch: ch.file):
        lines.append(f"  {file}")
        for ch in changes:
            lines.append(f"    :{ch.line}  - {ch.old_text}")
            lines.append(f"    {' ' * len(str(ch.line))}   + {ch.new_text}")
    return _tail(r, lines)


@renders(RenameResult, "turbo")
def _turbo(r: RenameResult) -> str:
    lines = [
        f"{file}:{','.join(str(ch.line) for ch in changes)}"
        for file, changes in groupby(r.changes, key=lambda ch: ch.file)
    ]
    lines.append(f"untouched: {len(r.untouched)}, conflicts: {len(r.conflicts)}")
    return "\n".join(lines + footer(_head(r) + f" ({_state(r)})", r.provenance))


@renders(RenameResult, "grep")
def _grep(r: RenameResult) -> str:
    lines = [f"{ch.file}:{ch.line}:{c}: {ch.new_text}" for ch in r.changes for c in ch.cols]
    return _tail(r, lines)


@renders(RenameResult, "compiler")
def _compiler(r: RenameResult) -> str:
    lines = [
        f"{ch.file}({ch.line},{c}): rename {r.old_name} -> {r.new_name}"
        for ch in r.changes
        for c in ch.cols
    ]
    lines.extend(f"{u.file}({u.line},{u.col or 1}): untouched {_what(u)}" for u in r.untouched)
    lines.extend(f"{r.file}({r.line},1): error RENAME_CONFLICT: {c}" for c in r.conflicts)
    return "\n".join(lines + footer(_head(r) + f" ({_state(r)})", r.provenance))


@renders(RenameResult, "syntax")
def _syntax(r: RenameResult) -> str:
    """The changed lines as code after the rename, each with its position."""
    lines: list[str] = []
    for file, changes in groupby(r.changes, key=lambda ch: ch.file):
        language = syntax.language_of(file)
        lines.append(f"{syntax.comment(language)} {file}")
        lines.extend(syntax.annotate(ch.new_text, language, f":{ch.line}") for ch in changes)
    return _tail(r, lines)
