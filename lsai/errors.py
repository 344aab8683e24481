"""The one error root of lsai.

Every error a user can meet carries a stable ``code``, a ``message`` saying what went wrong and a
``resolution`` saying what to do about it. Layers define their own families below ``LsaiError``
and translate foreign exceptions at their edges, so that no traceback reaches a user.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    WORKSPACE_NOT_FOUND = "WORKSPACE_NOT_FOUND"
    FILE_NOT_FOUND = "FILE_NOT_FOUND"
    FILE_NOT_READABLE = "FILE_NOT_READABLE"
    INVALID_POSITION = "INVALID_POSITION"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    NO_SYMBOL_AT_POSITION = "NO_SYMBOL_AT_POSITION"
    SYMBOL_NOT_FOUND = "SYMBOL_NOT_FOUND"
    AMBIGUOUS_SYMBOL = "AMBIGUOUS_SYMBOL"
    RENAME_CONFLICT = "RENAME_CONFLICT"
    UNSUPPORTED_LANGUAGE = "UNSUPPORTED_LANGUAGE"
    CAPABILITY_NOT_SUPPORTED = "CAPABILITY_NOT_SUPPORTED"
    INDEX_MISSING = "INDEX_MISSING"
    INDEX_BUILDING = "INDEX_BUILDING"
    INDEX_STALE = "INDEX_STALE"
    INDEX_CORRUPT = "INDEX_CORRUPT"
    INDEX_LOCKED = "INDEX_LOCKED"
    SCHEMA_TOO_NEW = "SCHEMA_TOO_NEW"
    READ_ONLY = "READ_ONLY"
    SQL_ERROR = "SQL_ERROR"
    SERVER_NOT_FOUND = "SERVER_NOT_FOUND"
    SERVER_TIMEOUT = "SERVER_TIMEOUT"
    SERVER_CRASHED = "SERVER_CRASHED"
    INTERNAL_ERROR = "INTERNAL_ERROR"


class LsaiError(Exception):
    """Root of every error lsai raises on purpose."""

    code: ErrorCode = ErrorCode.INTERNAL_ERROR

    def __init__(
        self, message: str, *, resolution: str = "", code: ErrorCode | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.resolution = resolution
        if code is not None:
            self.code = code

    def to_dict(self) -> dict[str, str]:
        return {"code": str(self.code), "message": self.message, "resolution": self.resolution}

    def __str__(self) -> str:
        return self.message
