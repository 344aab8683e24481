"""lsai: a Language Server for AI.

An offline index builder (language servers and tree-sitter into SQLite) plus a query server that
answers the LSAI tools over MCP and a CLI.
"""

__version__ = "0.1.0"
PROTOCOL = "LSAI/1.2"
