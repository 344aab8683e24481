"""The files of one session: paths, URIs, texts, and LSP ranges turned into lsai spans.

Servers speak in URIs and in code units of their position encoding; lsai stores workspace-relative
POSIX paths and 1-based code-point columns. Every location a server returns passes through
``Documents`` once, which is the only place that knows both.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp

from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.indexer.lsp.positions import Encoding, to_character, to_column
from lsai.sourcetext import decode
from lsai.storage.records import Span


class WirePosition(NamedTuple):
    """An LSP position read straight from a raw answer (``client.RAW_RESULTS``)."""

    line: int
    character: int


class WireRange(NamedTuple):
    """An LSP range read straight from a raw answer: what ``lsp.Range`` is, for less."""

    start: WirePosition
    end: WirePosition


Position = lsp.Position | WirePosition
Range = lsp.Range | WireRange


@dataclass(frozen=True)
class SourceText:
    """One file handed to a language server: workspace-relative path, lsai language, content,
    and the project its symbol keys name (``None``: the session's project)."""

    path: str
    language: str
    content: str
    project: str | None = None


class Documents:
    """Path <-> URI mapping and span conversion for the files of one session.

    Files of the batch convert with the text lsai read; other workspace files (a reference found in
    a file outside the batch) are read from disk on first use. Locations outside the workspace
    (site-packages, typeshed) have no path: ``path_of`` returns ``None`` and they are not walked.
    """

    def __init__(self, workspace_root: Path, files: list[SourceText], encoding: Encoding) -> None:
        self.root = workspace_root.resolve()
        self.encoding = encoding
        self.files = {f.path: f for f in files}
        self._lines: dict[str, list[str]] = {f.path: f.content.split("\n") for f in files}
        self._uris: dict[str, str] = {}
        self._paths: dict[str, str] = {self.uri(f.path): f.path for f in files}
        self._outside: set[str] = set()  # URIs already found outside (typeshed, site-packages)

    def uri(self, path: str) -> str:
        found = self._uris.get(path)
        if found is None:
            found = self._uris[path] = (self.root / path).as_uri()
        return found

    def path_of(self, uri: str) -> str | None:
        """The workspace-relative path of ``uri``, or ``None`` outside the workspace."""
        cached = self._paths.get(uri)
        if cached is not None or uri in self._outside:
            return cached
        parsed = urlparse(uri)
        if parsed.scheme != "file":
            self._outside.add(uri)
            return None
        local = Path(unquote(parsed.path))
        if local.is_relative_to(self.root):
            direct = PurePosixPath(*local.relative_to(self.root).parts).as_posix()
            if direct in self.files:  # a file of the batch: no symlink to resolve
                self._paths[uri] = direct
                return direct
        inside = [
            PurePosixPath(*c.relative_to(self.root).parts).as_posix()
            for c in (local, local.resolve())
            if c.is_relative_to(self.root)
        ]
        # a path through a symlinked folder (never walked) names the file at its real path
        known = [p for p in inside if p in self.files]
        chosen = known or inside
        if not chosen:
            self._outside.add(uri)
            return None
        self._paths[uri] = chosen[0]
        return chosen[0]

    def lines(self, path: str) -> list[str]:
        lines = self._lines.get(path)
        if lines is None:
            try:
                text = decode((self.root / path).read_bytes(), path)
            except OSError:
                text = ""
            lines = self._lines[path] = text.split("\n")
        return lines

    def column(self, path: str, position: Position) -> tuple[int, int]:
        """1-based line and code-point column of an LSP position."""
        lines = self.lines(path)
        line, character = position.line, position.character
        text = lines[line] if line < len(lines) else ""
        if text.endswith("\r"):
            text = text.rstrip("\r")
        if character > 0 and text.isascii():  # to_column's own first case, without the call
            return line + 1, min(character, len(text)) + 1
        return line + 1, to_column(text, character, self.encoding)

    def span(self, path: str, range_: Range) -> Span:
        start_line, start_col = self.column(path, range_.start)
        end_line, end_col = self.column(path, range_.end)
        return Span(start_line, start_col, end_line, end_col)

    def position(self, path: str, line: int, column: int) -> lsp.Position:
        """The LSP position of a 1-based line and code-point column."""
        return lsp.Position(line=line - 1, character=self.character(path, line, column))

    def character(self, path: str, line: int, column: int) -> int:
        """The LSP ``character`` of a 1-based line and code-point column."""
        lines = self.lines(path)
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        return to_character(text, column, self.encoding)

    def is_module(self, path: str, range_: Range) -> bool:
        """Whether a definition's ``range_`` in ``path`` names the module, no declaration in it:
        empty (``import * as m``), or over several lines to the end of the file. tsgo's
        definition at CommonJS ``exports`` (and ``module``) is the source file, from its first
        token: where that is ``module.exports = function getProperties(object) {`` (chai's
        utils), the range starts as the statement does, whose function it is not."""
        if range_.start == range_.end:
            return True
        lines = self.lines(path)
        return (
            range_.start.line != range_.end.line
            and range_.end.line == len(lines) - 1
            and range_.end.character >= len(lines[-1])
        )

    def text_between(self, path: str, span: Span) -> str:
        """The text of a span, over as many lines as it runs (``text_at``: one line only)."""
        picked = self.lines(path)[span.start_line - 1 : span.end_line]
        if not picked:
            return ""
        if len(picked) == 1:
            return picked[0][span.start_col - 1 : span.end_col - 1]
        first, last = picked[0][span.start_col - 1 :], picked[-1][: span.end_col - 1]
        return "\n".join([first, *picked[1:-1], last])

    def text_at(self, path: str, span: Span) -> str:
        """The text of a one-line span (empty for a span over several lines)."""
        if span.start_line != span.end_line:
            return ""
        lines = self.lines(path)
        if span.start_line > len(lines):
            return ""
        return lines[span.start_line - 1][span.start_col - 1 : span.end_col - 1]


def locations(result: object) -> list[tuple[str, Range]]:
    """``Location | Location[] | LocationLink[] | None`` as (uri, range) pairs, in one place:
    lsprotocol objects, or the plain JSON of a raw answer (``client.RAW_RESULTS``)."""
    if result is None:
        return []
    items = result if isinstance(result, list | tuple) else [result]  # lsprotocol gives tuples
    found: list[tuple[str, Range]] = []
    for item in items:
        if isinstance(item, dict):
            found.append(_wire_location(item))
        elif isinstance(item, lsp.Location):
            found.append((item.uri, item.range))
        elif isinstance(item, lsp.LocationLink):
            found.append((item.target_uri, item.target_selection_range))
    return found


def plain_range(start: Position, end: Position) -> WireRange:
    """A range between two positions, as a raw answer's (``WireRange``)."""
    return WireRange(
        WirePosition(start.line, start.character), WirePosition(end.line, end.character)
    )


def same_position(a: Position, b: Position) -> bool:
    """Whether two positions are one, whichever of lsprotocol's and a raw answer's each is."""
    return a.line == b.line and a.character == b.character


def lsp_position(position: Position) -> lsp.Position:
    """``position`` as lsprotocol's (to send back in a request's params: its converter writes a
    ``WirePosition`` as a list)."""
    if isinstance(position, lsp.Position):
        return position
    return lsp.Position(line=position.line, character=position.character)


def lsp_range(range_: Range) -> lsp.Range:
    """``range_`` as lsprotocol's ``Range`` (for code that compares it with lsprotocol objects)."""
    if isinstance(range_, lsp.Range):
        return range_
    start, end = range_
    return lsp.Range(
        start=lsp.Position(line=start.line, character=start.character),
        end=lsp.Position(line=end.line, character=end.character),
    )


def json_range(data: Any) -> lsp.Range:
    """An LSP ``Range`` of a raw answer as lsprotocol's ``Range`` (where lsai keeps positions to
    send back); a malformed one fails the request, as lsprotocol's converter would have."""
    return lsp_range(wire_range(data))


def _wire_location(item: dict[str, Any]) -> tuple[str, WireRange]:
    """A ``Location`` or ``LocationLink`` of a raw answer; a malformed one fails the request,
    as lsprotocol's converter would have."""
    link = "targetUri" in item
    uri = item.get("targetUri" if link else "uri")
    range_ = item.get("targetSelectionRange" if link else "range")
    if not isinstance(uri, str):
        raise _unreadable("location", item, TypeError(f"uri {uri!r}"))
    return uri, wire_range(range_, item)


def wire_range(data: Any, within: object = None) -> WireRange:
    """An LSP ``Range`` of a raw answer (``within``: the object holding it, for the error); a
    malformed one fails the request, as lsprotocol's converter would have."""
    try:
        start, end = data["start"], data["end"]
        return WireRange(
            WirePosition(int(start["line"]), int(start["character"])),
            WirePosition(int(end["line"]), int(end["character"])),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise _unreadable("range", data if within is None else within, exc) from exc


def _unreadable(what: str, data: object, exc: Exception) -> ServerRequestFailed:
    return ServerRequestFailed(
        f"the server answered a {what} lsai cannot read: {data!r} ({exc!r})",
        resolution="see the server's log; the file is indexed partially",
    )
