"""What a rename of a parameter or a local reads from a file's syntax: tree-sitter's scopes,
handed to the query layer as ``query.workspace.Scopes`` by the faces that open a workspace (the
query layer never imports the indexer)."""

from __future__ import annotations

from lsai.indexer.treesitter.pyscopes import keyword_arguments, keyword_parameter
from lsai.indexer.treesitter.scopes import parameter_docs, renamable


class TreeSitterScopes:
    """``query.workspace.Scopes`` from ``scopes`` (JavaScript, TypeScript), ``pyscopes``
    and ``goscopes``."""

    renamable = staticmethod(renamable)
    parameter_docs = staticmethod(parameter_docs)
    keyword_parameter = staticmethod(keyword_parameter)
    keyword_arguments = staticmethod(keyword_arguments)


SCOPES = TreeSitterScopes()
