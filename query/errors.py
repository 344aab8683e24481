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
