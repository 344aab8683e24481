"""Errors of the language-server layer.

Every failure a server can cause is translated here, at the edge, into an ``LsaiError`` with a code
the rest of lsai understands, so that pygls and JSON-RPC exceptions never travel further up.
"""

from __future__ import annotations

from lsai.errors import ErrorCode, LsaiError


class LspError(LsaiError):
    """Root of the errors raised by ``lsai.indexer.lsp``."""

    code = ErrorCode.INTERNAL_ERROR


class ServerNotFound(LspError):
    code = ErrorCode.SERVER_NOT_FOUND


class ServerTimeout(LspError):
    code = ErrorCode.SERVER_TIMEOUT


class ServerCrashed(LspError):
    code = ErrorCode.SERVER_CRASHED


class ServerRequestFailed(LspError):
    """The server answered a request with a JSON-RPC error."""

    code = ErrorCode.INTERNAL_ERROR


class CapabilityNotSupported(LspError):
    code = ErrorCode.CAPABILITY_NOT_SUPPORTED
