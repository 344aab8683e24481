"""The tree-sitter backend: outlines, call sites and identifier occurrences, offline.

tree-sitter types never leave this package: it hands out ``lsai.storage.records`` only.
"""
