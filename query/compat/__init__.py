"""The tool sets of other LSP bridges, served from the index.

Agents and their prompts are written against other bridges' tools too: OpenCode's ``lsp`` tool,
the FS-001 bridge's four tools, lsp-mcp-server's fourteen ``lsp_*`` tools, lspi's name-addressed
and ``*_at`` tools. Each is a profile here: its tool names, parameters and result shapes as that
bridge defines them, answered by the LSAI tools over the same index (``core``), so that one
contract stays one implementation and a profile only translates. ``lsai mcp --profile NAME``
serves one.
"""
