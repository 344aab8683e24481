"""Errors of the query layer."""

from __future__ import annotations

from lsai.errors import ErrorCode, LsaiError


class QueryError(LsaiError):
    code = ErrorCode.INVALID_ARGUMENT


class FileNotIndexed(QueryError):
    code = ErrorCode.FILE_NOT_FOUND


class SymbolNotFound(QueryError):
    code = ErrorCode.SYMBOL_NOT_FOUND


class WorkspaceNotFound(QueryError):
    code = ErrorCode.WORKSPACE_NOT_FOUND


class AmbiguousSymbol(QueryError):
    """Several symbols match; ``candidates`` lists them (``kind qualified_name file:line``, then
    a form that addresses that one alone: ``symbol=...`` or ``file=... line=...``)."""

    code = ErrorCode.AMBIGUOUS_SYMBOL

    def __init__(
        self, message: str, *, resolution: str = "", candidates: tuple[str, ...] = ()
    ) -> None:
        super().__init__(message, resolution=resolution)
        self.candidates = candidates


class InvalidPosition(QueryError):
    code = ErrorCode.INVALID_POSITION


class NoSymbolAtPosition(QueryError):
    code = ErrorCode.NO_SYMBOL_AT_POSITION
    site: tuple[str, int, int, str] | None = None
    """The identifier read there (file, line, column, name), when it is one the index holds no
    symbol for (a library's name: ``query.unindexed.untied_usages`` lists its uses by name)."""
