"""Signature help and completions, from what the index holds: the call whose parentheses hold a
position and its callee's signature; the names completing a word (a type's members after
``x.``, else the workspace's symbols with that prefix)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lsai.errors import LsaiError
from lsai.query.compat.core import (
    MEMBER_KINDS,
    TYPE_KINDS,
    Symbol,
    document_symbols,
    enclosing,
    symbol_at,
    type_definitions,
    workspace_symbols,
)
from lsai.query.compat.files import Lines
from lsai.query.info import InfoResult
from lsai.query.workspace import Workspace


@dataclass(frozen=True)
class CallContext:
    """The call whose parentheses hold a position: the callee's name and where it is, and
    which argument the position is in (0-based)."""

    name: str
    line: int
    col: int
    argument: int


def call_context(lines: Lines, file: str, line: int, col: int) -> CallContext | None:
    """The innermost call open at ``line:col`` (its ``(`` before the position, unclosed), read
    back over at most 30 lines; strings are not parsed, so a bracket in one may mislead."""
    depth, commas = 0, 0
    for at in range(line, max(line - 30, 0), -1):
        text = lines.line(file, at)
        end = col - 1 if at == line else len(text)
        for i in range(min(end, len(text)) - 1, -1, -1):
            ch = text[i]
            if ch in ")]}":
                depth += 1
            elif ch in "[{" and depth:
                depth -= 1
            elif ch == "(":
                if depth:
                    depth -= 1
                    continue
                word = re.search(r"([A-Za-z_$][\w$]*)\s*$", text[:i])
                if word is None:
                    return None
                return CallContext(word.group(1), at, word.start(1) + 1, commas)
            elif ch == "," and not depth:
                commas += 1
    return None


def parameters(found: InfoResult) -> list[str]:
    """The parameters of a callable's signature, split at its top-level commas (``self`` and
    ``cls`` of a method left out, as a call passes them)."""
    text = (found.params or "").strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text + ","):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == "," and depth <= 0:
            part = text[start:i].strip()
            if part:
                out.append(part)
            start = i + 1
    if out and found.symbol.kind in MEMBER_KINDS | {"constructor"} and out[0] in ("self", "cls"):
        out = out[1:]
    return out


@dataclass(frozen=True)
class Completion:
    name: str
    kind: str
    detail: str | None
    doc: str | None


def completions(
    ws: Workspace, file: str, line: int, col: int, lines: Lines, limit: int
) -> list[Completion]:
    """Names the index knows that complete the word before ``line:col``: after ``x.``, the
    members of the type ``x`` is (a class, a module's file, ``self``/``this`` the enclosing
    class), else the workspace's symbols starting with it."""
    text = lines.line(file, line)[: max(col - 1, 0)]
    word = re.search(r"[\w$]*$", text)
    prefix = word.group(0) if word else ""
    before = text[: len(text) - len(prefix)]
    members = None
    if before.endswith("."):
        receiver = re.search(r"([A-Za-z_$][\w$]*)\s*\.$", before)
        if receiver is not None:
            members = _members_of(ws, file, line, receiver, lines)
    if members is None:
        if not prefix:
            return []
        hits, _ = workspace_symbols(ws, f"{prefix}*", None, limit)
        found = [Completion(h.name, h.kind, h.signature, None) for h in hits]
    else:
        found = [m for m in members if m.name.startswith(prefix)]
    unique = {(c.name, c.kind): c for c in found}
    return sorted(unique.values(), key=lambda c: c.name.lower())[:limit]


def _members_of(
    ws: Workspace, file: str, line: int, receiver: re.Match[str], lines: Lines
) -> list[Completion] | None:
    name = receiver.group(1)
    if name in ("self", "this", "cls"):
        holder = enclosing(document_symbols(ws, file, lines), line, TYPE_KINDS)
        return None if holder is None else _completions_of(holder.children)
    try:
        found = symbol_at(ws, file, line, receiver.start(1) + 1)
    except LsaiError:
        return None
    s = found.symbol
    if s.kind not in TYPE_KINDS:
        types = type_definitions(ws, found, lines)
        if not types or types[0].external:
            return None
        s_file, s_line = types[0].file, types[0].line
    elif Path(s.file).is_absolute():
        return None
    else:
        s_file, s_line = s.file, s.line
    for top in document_symbols(ws, s_file, lines):
        for sym in top.walk():
            if sym.line == s_line and sym.kind in TYPE_KINDS:
                return _completions_of(sym.children)
    return None


def _completions_of(symbols: list[Symbol]) -> list[Completion]:
    return [Completion(s.name, s.kind, s.detail, s.doc) for s in symbols]
