"""What a rename of a parameter or a local reads from a file's syntax: tree-sitter's scopes,
handed to the query layer as ``query.workspace.Scopes`` by the faces that open a workspace (the
query layer never imports the indexer)."""

from __future__ import annotations

from lsai.indexer.treesitter import goscopes
from lsai.indexer.treesitter.pyimports import imported_names
from lsai.indexer.treesitter.pyscopes import keyword_arguments, keyword_parameter
from lsai.indexer.treesitter.scopes import parameter_docs, renamable, type_names

Position = tuple[int, int]


def binding_docs(language_id: str, source: bytes) -> dict[Position, list[Position]]:
    """Each local binding -> the words of a doc comment its rename changes too: a JavaScript or
    TypeScript parameter's ``@param`` tag (``scopes.parameter_docs``), a Go local's name in its
    declaration's doc comment (``goscopes.doc_words``)."""
    if language_id == "go":
        return goscopes.doc_words(source)
    return parameter_docs(language_id, source)


class TreeSitterScopes:
    """``query.workspace.Scopes`` from ``scopes`` (JavaScript, TypeScript), ``pyscopes``,
    ``pyimports``, ``goscopes`` and ``cscopes``."""

    renamable = staticmethod(renamable)
    binding_docs = staticmethod(binding_docs)
    keyword_parameter = staticmethod(keyword_parameter)
    keyword_arguments = staticmethod(keyword_arguments)
    type_names = staticmethod(type_names)
    imported_names = staticmethod(imported_names)


SCOPES = TreeSitterScopes()
