"""The backend modes of an index run, in a module of their own: the CLI names them in its
options without importing the indexer (``lsai usages`` starts in about half the time)."""

TREE_SITTER = "tree-sitter"
BACKEND_MODES = ("auto", TREE_SITTER)
