"""Errors of the storage layer."""

from __future__ import annotations

from lsai.errors import ErrorCode, LsaiError


class StorageError(LsaiError):
    code = ErrorCode.INDEX_CORRUPT


class IndexMissing(StorageError):
    code = ErrorCode.INDEX_MISSING


class IndexCorrupt(StorageError):
    code = ErrorCode.INDEX_CORRUPT


class SchemaTooNew(StorageError):
    code = ErrorCode.SCHEMA_TOO_NEW


class IndexLocked(StorageError):
    code = ErrorCode.INDEX_LOCKED


class SqlError(StorageError):
    code = ErrorCode.SQL_ERROR
