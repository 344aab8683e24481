"""The text of a source file, whatever it is encoded in, and back.

lsai works on text: tree-sitter parses it as UTF-8, a server gets it in ``didOpen``, positions
are code points of it. Most files are UTF-8 (a byte order mark before it is no part of the text).
A file that is not (a C file with a Latin-1 author's name in a comment, a Python module declaring
``# -*- coding: latin-1 -*-``) was recorded as failed and failed the run: one such file made
``lsai index`` exit 1 in CI. Such a file is read in the encoding a Python file declares
(PEP 263), else as Windows-1252 (Latin-1 where that leaves a byte undefined): every byte is a
character, so positions are the file's characters. A rename writes it back in the same encoding.
"""

from __future__ import annotations

import codecs
import re

BOM = b"\xef\xbb\xbf"
FALLBACK = "cp1252"
_DECLARED = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_PYTHON = (".py", ".pyi", ".pyw")


def encoding_of(raw: bytes, path: str = "") -> str:
    """The encoding ``raw`` (a file's bytes, its byte order mark taken off) is read in."""
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass
    declared = _declared(raw) if path.endswith(_PYTHON) else None
    for encoding in (declared, FALLBACK):
        if encoding is None:
            continue
        try:
            raw.decode(encoding)
            return encoding
        except (UnicodeDecodeError, LookupError):
            continue
    return "latin-1"  # decodes every byte


def _declared(raw: bytes) -> str | None:
    """The encoding a Python file declares on one of its first two lines (PEP 263)."""
    for line in raw.split(b"\n", 2)[:2]:
        found = _DECLARED.match(line)
        if found is not None:
            try:
                return codecs.lookup(found.group(1).decode("ascii")).name
            except (LookupError, UnicodeDecodeError):
                return None
    return None


def decode(raw: bytes, path: str = "") -> str:
    """A file's text: without its byte order mark, in its encoding (``encoding_of``)."""
    body = raw.removeprefix(BOM)
    return body.decode(encoding_of(body, path))


def utf8(raw: bytes, path: str = "") -> bytes:
    """A file's text as UTF-8 bytes (what tree-sitter parses): ``raw`` itself, less a byte order
    mark, when it is UTF-8."""
    return as_utf8(raw, path)[0]


def as_utf8(raw: bytes, path: str = "") -> tuple[bytes, str]:
    """``utf8`` of a file's bytes, and the encoding they were read in."""
    body = raw.removeprefix(BOM)
    encoding = encoding_of(body, path)
    return (body if encoding == "utf-8" else body.decode(encoding).encode("utf-8")), encoding


def encode_like(text: str, raw: bytes, path: str = "") -> bytes:
    """``text`` in the encoding of the file whose bytes were ``raw``, its byte order mark
    kept; raises ``UnicodeEncodeError`` when the encoding cannot spell a character of it."""
    bom = BOM if raw.startswith(BOM) else b""
    return bom + text.encode(encoding_of(raw.removeprefix(BOM), path))


_MODULE_IMPORT = re.compile(
    r"\s*import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*\s*(?:#.*)?\r?"
)


def imports_modules(line: str) -> bool:
    """Whether a line of Python is an ``import a, b.c as d`` statement alone: it binds modules,
    never a name another file defines (``from m import name`` does)."""
    return _MODULE_IMPORT.fullmatch(line) is not None
