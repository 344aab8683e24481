"""OpenCode's ``lsp`` tool: nine LSP operations at a 1-based ``filePath:line:character``.

The answer is the LSP result of the operation as OpenCode hands it on (``uri``, 0-based
``range`` in UTF-16 units, numeric ``kind``), in ``result``; the text is that result as indented
JSON, or ``No results found for OPERATION``. ``workspaceSymbol`` searches the name at the
position (OpenCode passes no query).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from lsai.errors import LsaiError
from lsai.query.calls import CallHop
from lsai.query.compat import core, files
from lsai.query.compat.core import Place, Symbol
from lsai.query.compat.files import Lines
from lsai.query.compat.profile import CompatTool, Profile
from lsai.query.contracts import Contract
from lsai.query.errors import NoSymbolAtPosition
from lsai.query.info import InfoResult
from lsai.query.workspace import Workspace

Operation = Literal[
    "goToDefinition",
    "findReferences",
    "hover",
    "documentSymbol",
    "workspaceSymbol",
    "goToImplementation",
    "prepareCallHierarchy",
    "incomingCalls",
    "outgoingCalls",
]


class LspInput(Contract):
    """One LSP operation at a position of a file."""

    operation: Operation = Field(description="The LSP operation to perform")
    file_path: str = Field(description="Absolute path, or relative to the workspace root")
    line: int = Field(ge=1, description="Line number (1-based, as editors show it)")
    character: int = Field(ge=1, description="Character offset (1-based, as editors show it)")


class LspOutput(Contract):
    operation: str
    title: str = Field(description="operation file:line:character")
    result: Any = Field(description="The operation's LSP result (uri, 0-based range)")


class _Lsp:
    """One call's converter to LSP's shapes."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.lines = Lines(ws)
        self._outlines: dict[str, list[Symbol]] = {}

    def uri(self, file: str) -> str:
        path = Path(file)
        return (path if path.is_absolute() else self.ws.root / path).as_uri()

    def position(self, file: str, line: int, col: int) -> dict[str, int]:
        text = self.lines.line(file, line)
        return {"line": line - 1, "character": files.utf16(text, col)}

    def range(self, file: str, line: int, col: int, end_line: int, end_col: int) -> dict[str, Any]:
        return {
            "start": self.position(file, line, col),
            "end": self.position(file, end_line, end_col),
        }

    def location(self, p: Place) -> dict[str, Any]:
        return {"uri": self.uri(p.file), "range": self.range(p.file, *_span(p))}

    def document_symbol(self, file: str, s: Symbol) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": s.name,
            "detail": s.detail,
            "kind": core.kind_number(s.kind),
            "range": self.range(file, s.line, s.start_col, s.end_line, s.end_col),
            "selectionRange": self.range(file, s.line, s.col, s.line, s.col + len(s.name)),
        }
        if s.children:
            out["children"] = [self.document_symbol(file, c) for c in s.children]
        return out

    def item(self, file: str, s: Symbol) -> dict[str, Any]:
        """A call hierarchy item: the symbol's whole range and its name's."""
        out = self.document_symbol(file, s)
        out.pop("children", None)
        out["uri"] = self.uri(file)
        return out

    def item_of(self, found: InfoResult) -> dict[str, Any]:
        s = found.symbol
        place = Place.named(s.file, s.line, s.col, s.name)
        held = self.held(s.file, s.line)
        whole = (
            self.range(s.file, held.line, held.start_col, held.end_line, held.end_col)
            if held
            else None
        )
        name_range = self.range(s.file, *_span(place))
        return {
            "name": s.name,
            "kind": core.kind_number(s.kind),
            "detail": s.signature or "",
            "uri": self.uri(s.file),
            "range": whole or name_range,
            "selectionRange": name_range,
        }

    def held(self, file: str, line: int, starting: bool = True) -> Symbol | None:
        """The outline symbol declared at ``line`` (``starting``), or the innermost holding it."""
        if Path(file).is_absolute():
            return None
        if file not in self._outlines:
            self._outlines[file] = core.document_symbols(self.ws, file, self.lines)
        symbols = self._outlines[file]
        if starting:
            for top in symbols:
                for s in top.walk():
                    if s.line == line:
                        return s
        return core.enclosing(symbols, line)


def _span(p: Place) -> tuple[int, int, int, int]:
    return p.line, p.col, p.end_line, p.end_col


def _word_at(lines: Lines, file: str, line: int, col: int) -> str | None:
    text = lines.line(file, line)
    for m in re.finditer(r"[A-Za-z_$][\w$]*", text):
        if m.start() <= col - 1 <= m.end():
            return m.group(0)
    return None


def lsp(ws: Workspace, params: LspInput) -> LspOutput:
    file = files.source_file(ws, params.file_path)
    at = (file, params.line, params.character)
    conv = _Lsp(ws)
    op = params.operation
    result: Any
    if op == "documentSymbol":
        result = [
            conv.document_symbol(file, s) for s in core.document_symbols(ws, file, conv.lines)
        ]
    elif op == "workspaceSymbol":
        name = _word_at(conv.lines, *at)
        if name is None:
            raise NoSymbolAtPosition(
                f"no identifier at {file}:{params.line}:{params.character} to search for",
                resolution="put line and character on a symbol's name",
            )
        hits, _ = core.workspace_symbols(ws, name, None, 100)
        result = [
            {
                "name": h.name,
                "kind": core.kind_number(h.kind),
                "location": conv.location(Place.named(h.file, h.line, h.col, h.name)),
                **({"containerName": h.namespace} if h.namespace else {}),
            }
            for h in hits
        ]
    elif op == "findReferences":
        _, places, _total = core.references(ws, *at)
        result = [conv.location(p) for p in places]
    else:
        result = _at_symbol(ws, conv, op, at, core.symbol_at(ws, *at))
    title = f"{op} {file}:{params.line}:{params.character}"
    return LspOutput(operation=op, title=title, result=result)


def _at_symbol(
    ws: Workspace, conv: _Lsp, op: str, at: tuple[str, int, int], found: InfoResult
) -> Any:
    lines = conv.lines
    if op == "goToDefinition":
        return [conv.location(p) for p in core.definitions(ws, found, lines)]
    if op == "goToImplementation":
        return [conv.location(p) for p in core.implementations(ws, found, lines, 1000)]
    if op == "hover":
        s = found.symbol
        return {
            "contents": {"kind": "markdown", "value": core.hover_markdown(found)},
            "range": conv.range(s.file, *_span(Place.named(s.file, s.line, s.col, s.name))),
        }
    if op == "prepareCallHierarchy":
        return [] if found.symbol.kind in core.NEVER_CALLED else [conv.item_of(found)]
    incoming = op == "incomingCalls"
    hops = core.calls(ws, found, at, incoming)
    return _incoming(conv, found, hops) if incoming else _outgoing(conv, hops)


def _incoming(conv: _Lsp, found: InfoResult, hops: list[CallHop]) -> list[dict[str, Any]]:
    """``{from, fromRanges}`` per calling function: its item, and its call sites (of the
    name of ``found``, the function called)."""
    grouped: dict[str, dict[str, Any]] = {}
    for hop in hops:
        file, line = hop.site
        if file is None or line is None:
            continue
        name = found.symbol.name
        site = conv.range(file, line, hop.call_col, line, hop.call_col + len(name))
        holder = conv.held(file, line, starting=False)
        if holder is None:  # a call at a module's top level
            item = {"name": hop.method, "kind": 1, "uri": conv.uri(file)}
            item["range"] = item["selectionRange"] = site
        else:
            item = conv.item(file, holder)
        key = json.dumps(item, sort_keys=True)
        grouped.setdefault(key, {"from": item, "fromRanges": []})["fromRanges"].append(site)
    return list(grouped.values())


def _outgoing(conv: _Lsp, hops: list[CallHop]) -> list[dict[str, Any]]:
    """``{to, fromRanges}`` per function called: its item, and the call sites in the caller.
    A library's function is where its language server located it (an absolute path); one the
    index cannot place is left out."""
    grouped: dict[str, dict[str, Any]] = {}
    for hop in hops:
        site_file, site_line = hop.site
        to = core.callee(conv.ws, hop)
        if to is None or site_file is None or site_line is None:
            continue
        file, line = to
        name = hop.method.rsplit(".", 1)[-1]
        held = conv.held(file, line)
        if held is None:
            col = conv.lines.name_col(file, line, name)
            span = conv.range(file, *_span(Place.named(file, line, col, name)))
            item = {"name": name, "kind": core.kind_number(hop.kind or "function")}
            item |= {"uri": conv.uri(file), "range": span, "selectionRange": span}
        else:
            item = conv.item(file, held)
        site = conv.range(site_file, site_line, hop.call_col, site_line, hop.call_col + len(name))
        key = json.dumps(item, sort_keys=True)
        grouped.setdefault(key, {"to": item, "fromRanges": []})["fromRanges"].append(site)
    return list(grouped.values())


def _text(result: BaseModel) -> str:
    assert isinstance(result, LspOutput)
    if result.result in (None, [], {}):
        return f"No results found for {result.operation}"
    return json.dumps(result.result, indent=2, ensure_ascii=False)


def _error(error: LsaiError) -> dict[str, Any]:
    return error.to_dict()


def _error_text(error: LsaiError) -> str:
    text = error.message
    return f"{text}\n{error.resolution}" if error.resolution else text


DESCRIPTION = """Interact with Language Server Protocol (LSP) features to get code intelligence,
answered from lsai's index (built by the language servers).

Supported operations:
- goToDefinition: where the symbol at the position is defined
- findReferences: every reference to it (its declaration first)
- hover: its signature and documentation
- documentSymbol: every symbol of the file, nested
- workspaceSymbol: the workspace's symbols of the name at the position
- goToImplementation: the implementations of an interface, class or method
- prepareCallHierarchy: the call hierarchy item at the position
- incomingCalls: the functions and methods calling it
- outgoingCalls: the functions and methods it calls

Required: filePath (absolute or relative to the workspace), line and character (1-based, as
editors show them). Results are LSP's: file URIs and 0-based ranges."""

PROFILE = Profile(
    name="opencode",
    title="OpenCode's lsp tool",
    tools=(CompatTool("lsp", LspInput, LspOutput, lsp, DESCRIPTION),),
    error=_error,
    error_text=_error_text,
    text=_text,
)
