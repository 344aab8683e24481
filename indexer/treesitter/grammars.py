"""Load tree-sitter grammars and compiled queries, offline.

Grammars come from the per-language wheels (``tree-sitter-python`` ...) when installed, else from
``tree-sitter-language-pack`` 0.13, which bundles every grammar. Newer releases of the pack
download grammars at run time, which lsai never does; the pin lives in pyproject.toml.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from importlib import metadata, resources

from tree_sitter import Language as TsLanguage
from tree_sitter import Parser, Query

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.languages import BY_ID


class GrammarUnavailable(LsaiError):
    code = ErrorCode.UNSUPPORTED_LANGUAGE


_CPP_LINE = re.compile(
    rb"^[ \t]*(?:namespace(?:[ \t]+\w+(?:::\w+)*)?[ \t]*\{|template[ \t]*<"
    rb"|class[ \t]+\w+[^;(\n]*(?:\{|:[ \t]*(?:public|private|protected)\b)"
    rb"|(?:public|private|protected)[ \t]*:|using[ \t]+namespace\b)"
    rb"|\)[ \t]*const[ \t]*(?:\{|;|$)",
    re.MULTILINE,
)


def dialect(language_id: str, path: str, source: bytes) -> str:
    """The grammar a file is parsed with: its language's, except for a C header (``.h``) written
    in C++ (a namespace, a template, a class with a body or a base, an access label, a const
    member function: rapidjson's memorystream.h ``Ch Peek() const {``), which
    the C grammar misreads (``void Grow();`` in a class as a top-level function)."""
    if language_id == "c" and path.lower().endswith(".h") and _CPP_LINE.search(source):
        return "cpp"
    return language_id


_MACRO_LINE = re.compile(rb"(?<!\\\n)^[A-Z_][A-Z0-9_]*[ \t]*$", re.MULTILINE)
"""A line that is one upper-case name, outside a ``#define``'s continuation: a macro opening or
closing a scope (rapidjson's ``RAPIDJSON_NAMESPACE_BEGIN``, expanding to ``namespace rapidjson
{``), which the C++ grammar reads as the type of the declaration after it (``namespace internal
{`` then lost: its members keyed as the file's, clangd's under ``internal``)."""


def parsed_source(dialect: str, source: bytes) -> bytes:
    """What the grammar of ``dialect`` parses of ``source``: C++'s lines of a lone macro name
    blanked (same bytes' length, so every position holds)."""
    if dialect != "cpp" or not _MACRO_LINE.search(source):
        return source
    return _MACRO_LINE.sub(lambda m: b" " * len(m.group()), source)


@cache
def grammar(language_id: str) -> TsLanguage:
    spec = BY_ID[language_id].grammar
    if spec.module is not None:
        try:
            module = importlib.import_module(spec.module)
            return TsLanguage(getattr(module, spec.function)())
        except ImportError:
            pass
    if spec.pack_name is not None:
        try:
            pack = importlib.import_module("tree_sitter_language_pack")
        except ImportError:
            pass
        else:
            loaded: TsLanguage = pack.get_language(spec.pack_name)
            return loaded
    raise GrammarUnavailable(
        f"no tree-sitter grammar installed for {BY_ID[language_id].name}",
        resolution=f"pip install {spec.module.replace('_', '-') if spec.module else ''} "
        "or pip install 'lsai[languages]'".replace("pip install  or ", ""),
    )


@cache
def version(language_id: str) -> str:
    """Which grammar parsed the file, e.g. ``tree-sitter-python 0.25.0``."""
    spec = BY_ID[language_id].grammar
    candidates = [spec.module.replace("_", "-")] if spec.module else []
    candidates.append("tree-sitter-language-pack")
    for dist in candidates:
        try:
            return f"{dist} {metadata.version(dist)}"
        except metadata.PackageNotFoundError:
            continue
    return "tree-sitter"


def available(language_id: str) -> bool:
    try:
        grammar(language_id)
    except GrammarUnavailable:
        return False
    return True


def parser(language_id: str) -> Parser:
    return Parser(grammar(language_id))


def query_source(language_id: str) -> str | None:
    """The text of ``queries/<language>.scm``, then ``ecmascript.scm`` for JavaScript and
    TypeScript (what both grammars write alike: its patterns come after the language's own,
    which win where both match); TSX shares TypeScript's plus its own extras."""
    base = resources.files("lsai.indexer.treesitter").joinpath("queries")
    parts: list[str] = []
    for name in _query_files(language_id):
        path = base.joinpath(f"{name}.scm")
        if path.is_file():
            parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts) if parts else None


def _query_files(language_id: str) -> tuple[str, ...]:
    return {
        "tsx": ("typescript", "ecmascript", "tsx"),
        "typescript": ("typescript", "ecmascript"),
        "javascript": ("javascript", "ecmascript"),
    }.get(language_id, (language_id,))


IDENT = "ident"  # the capture of every identifier node, in the last pattern of the query


@cache
def extraction_query(
    language_id: str, identifier_types: tuple[str, ...], typed: tuple[str, ...] = ()
) -> tuple[Query | None, int]:
    """One query for everything tree-sitter extracts from a file, so the tree is walked once:
    the patterns of ``queries/<language>.scm`` (definitions, calls, imports, base types), then
    one pattern capturing every node of ``identifier_types`` as ``@ident``, and when ``typed``
    names some of them (names in a type position), one more capturing those. Also returns the
    index of the first identifier pattern (-1 when the grammar knows none of those node types):
    a match of a later pattern is a name in a type position."""
    lang = grammar(language_id)
    known = [t for t in identifier_types if lang.id_for_node_kind(t, True) not in (None, 0)]
    plain = [t for t in known if t not in typed]
    types = [t for t in known if t in typed]
    parts = [query_source(language_id) or ""]
    for group in (plain, types):
        if group:
            parts.append("[" + " ".join(f"({t})" for t in group) + f"] @{IDENT}")
    source = "\n".join(part for part in parts if part)
    if not source:
        return None, -1
    query = Query(lang, source)
    idents = (1 if plain else 0) + (1 if types else 0)
    return query, query.pattern_count - idents if idents else -1
