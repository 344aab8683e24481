"""A parameter of a function type written in a JSDoc comment (``@param {(values: Value[]) =>
any} fn``, ``@returns {(arg: V) => V}``, ``@type {Record<string, (v?: unknown) => unknown>}``):
it declares a name nothing else reads, the type's own, so tsgo's references there are that name
alone. The index holds no symbol there and lsai refused (NO_SYMBOL_AT_POSITION: svelte's
``values``, ``v``, ``arg``, 3 of 80 positions); usages there answer the name alone now.

A key of a JSDoc type literal (``{{update: Uint8Array}}``) is not one: reads of a value of that
type (``x.update``) are its uses where the type reaches them."""

from __future__ import annotations

import re
from typing import NamedTuple

from lsai.query.alike import doc_name
from lsai.query.contracts import SymbolRef, SymbolTarget
from lsai.query.libraries import line_of
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.resolve import asked_position
from lsai.query.unindexed import page
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import queries
from lsai.storage.engine import Reader


class Parameter(NamedTuple):
    """A JSDoc function type's parameter: where its name is (1-based) and the name."""

    path: str
    line: int
    col: int
    name: str


_NAME = re.compile(r"[\w$]+")
_TYPED = re.compile(r"\s*\??\s*:")
"""What follows a parameter's name in a function type: its type (``v?: unknown``)."""
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}


def find(conn: Reader, ws: Workspace, target: SymbolTarget) -> Parameter | None:
    """The JSDoc function type's parameter ``target``'s position names; None: no such name."""
    at = asked_position(target)
    if at is None or at[2] is None:
        return None
    path, line, col = ws.relative(at[0]), at[1], at[2]
    row = queries.file_row(conn, path)
    lines = ws.lines(path) if row is not None and row["language"] in TSGO_LANGUAGES else None
    if lines is None or not 0 < line <= len(lines):
        return None
    text = line_of(lines, line)
    start = min(col - 1, len(text))  # a column past the line's end: no name of it
    while start > 0 and _NAME.fullmatch(text[start - 1]):
        start -= 1
    name = _NAME.match(text, start)
    if name is None or name.end() < col or doc_name(lines, line, start + 1) != "type":
        return None
    if _TYPED.match(text, name.end()) is None or _opened_by(text, start) != "(":
        return None
    return Parameter(path, line, start + 1, name.group())


def _opened_by(text: str, at: int) -> str:
    """The bracket still open before ``at`` of ``text`` (its line), or ""."""
    closed: list[str] = []
    for i in range(at - 1, -1, -1):
        char = text[i]
        if char == ">" and text[i - 1 : i] == "=":
            continue  # an arrow's, no bracket
        if char in _CLOSERS:
            closed.append(_CLOSERS[char])
        elif char in "([{<" and closed and closed[-1] == char:
            closed.pop()
        elif char in "([{<":
            return char
    return ""


def usages(conn: Reader, ws: Workspace, params: UsagesInput, found: Parameter) -> UsagesResult:
    """The parameter's name alone, its declaration (with ``include_definition``)."""
    lines = ws.lines(found.path) or []
    rows = [(found.path, found.line, found.col, "definition", code_of(lines, found.line))]
    prov = provenance(conn, ["tree-sitter"], [found.path])
    note = (
        f"{found.name} is a parameter of a function type in a JSDoc comment: no other name reads it"
    )
    ref = SymbolRef(
        name=found.name, kind="parameter", qualified_name=found.name, file=found.path,
        line=found.line, col=found.col, backend="tree-sitter",
    )  # fmt: skip
    shown = rows if params.include_definition else []
    return page(shown, params, ref, "scope", prov.model_copy(update={"notes": [note, *prov.notes]}))
