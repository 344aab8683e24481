"""Language servers as an index backend: client, adapters, sessions.

Three layers, each on the one below: ``client`` (process, JSON-RPC over pygls, timeouts, crash
handling, server-to-client requests), ``adapters`` (one data entry per server) and ``session``
(start a server on a project, open files, wait until ready, run the passes, stop it). LSP types
stay in this package: what it returns is ``lsai.storage.records``.
"""

from lsai.indexer.lsp.adapters import ADAPTERS, DEFAULT_FOR_LANGUAGE, ServerAdapter, resolve_command
from lsai.indexer.lsp.documents import SourceText
from lsai.indexer.lsp.session import FileStatus, LspSession, ServerRun, index_files, index_project

__all__ = [
    "ADAPTERS",
    "DEFAULT_FOR_LANGUAGE",
    "FileStatus",
    "LspSession",
    "ServerAdapter",
    "ServerRun",
    "SourceText",
    "index_files",
    "index_project",
    "resolve_command",
]
