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
    if language_id == "c" and path.lower().endswith(".h") and written_in_cpp(source):
        return "cpp"
    return language_id


def written_in_cpp(source: bytes) -> bool:
    """Whether C source holds a line only C++ writes (``dialect``)."""
    return _CPP_LINE.search(source) is not None


_MACRO_NAME = rb"(?:[A-Za-z_]\w*_)?[A-Z_][A-Z0-9_]*"
"""A macro's name: upper-case, or upper-case after its last ``_`` (CPython's ``PyObject_HEAD``)."""
_MACRO_LINE = re.compile(rb"(?<!\\\n)^[ \t]*" + _MACRO_NAME + rb"[ \t]*$", re.MULTILINE)
"""A line that is one macro name, outside a ``#define``'s continuation: a macro opening or
closing a scope (rapidjson's ``RAPIDJSON_NAMESPACE_BEGIN``, expanding to ``namespace rapidjson
{``), which the C++ grammar reads as the type of the declaration after it (``namespace internal
{`` then lost: its members keyed as the file's, clangd's under ``internal``); CPython's
``PyObject_HEAD`` above a struct's first field (simplejson: the field's heading read
``PyObject_HEAD …`` at the macro's line)."""


_GENERIC_SIGNATURE = re.compile(
    rb"^[ \t]*([ \t])(?:new[ \t]*)?<\s*[\w$]+(?:\s+extends\b|\s*[,=>])", re.MULTILINE
)
"""An indented line opening with type parameters: a generic call or construct signature of an
interface or a type literal (``<T extends Function>(fn: T): T``, mobx's IActionFactory; the
parameters on the lines after a lone ``<``, reselect's CreateSelectorFunction)."""
_ENDS_TYPE = re.compile(rb"[\w$)\]>]$")
_LINE_COMMENT = re.compile(rb"^\s*//")


def _template_escapes_blanked(source: bytes) -> bytes:
    """``source`` with the escapes of its templates' text blanked (``\\``` and ``\\n`` two
    spaces; a backslash alone before a line's end or a non-ASCII character, so every line and
    character holds): tree-sitter-typescript knows no escape in a template literal type, ends
    the type at an escaped backtick and reads the rest of the file otherwise (effect's
    Schema.ts ``type MissingSelfGeneric<...> = `Missing \\`Self\\` generic ...```: its next
    400 lines' names lost). A template is taken where a backtick follows an operator, a
    bracket or a comma (a value's template too, whose text names nothing); one whose
    substitutions hold a backtick is left as it is."""
    out = bytearray(source)
    scanned = 0
    for opened in _TEMPLATE_OPENED.finditer(source):
        if opened.end() <= scanned:
            continue  # the closing backtick of a template read
        scanned, escapes = _template_escapes(source, opened.end())
        for at in escapes:
            out[at] = ord(" ")
            if source[at + 1] < 0x80 and source[at + 1] not in b"\r\n":
                out[at + 1] = ord(" ")
    return bytes(out)


def _template_escapes(source: bytes, start: int) -> tuple[int, list[int]]:
    """Where the template whose text starts at ``start`` ends (past its closing backtick) and
    where its text's escapes are; ``start`` and none where its end is not found (a
    substitution holding a backtick)."""
    escapes: list[int] = []
    at = start
    while True:
        text = _TEMPLATE_TEXT.match(source, at)
        assert text is not None  # the pattern matches the empty string
        at = text.end()
        escapes += [e.start() for e in _ESCAPE.finditer(source, text.start(), at)]
        if source.startswith(b"`", at):
            return at + 1, escapes
        closed = _SUBSTITUTION.match(source, at + 2) if source.startswith(b"${", at) else None
        if closed is None:
            return start, []
        at = closed.end()


_TEMPLATE_OPENED = re.compile(rb"(?:[=:|&<>(\[{,?]|\bextends)[ \t\r\n]*`")
"""A backtick after an operator, a bracket, a comma or ``extends``: a template's opening."""
_TEMPLATE_TEXT = re.compile(rb"(?:[^`\\$]|\\.|\$(?!\{))*", re.DOTALL)
_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_SUBSTITUTION = re.compile(rb"(?:[^`{}]|\{[^`{}]*\})*\}")
"""A template's substitution up to its ``}`` (braces one deep inside: ``${{ a: 1 }.a}``), no
backtick in it."""


_VARIANCE = re.compile(rb"(?<=[<,])(\s*)((?:in|out)(?:\s+out)?)(?=\s+[\w$]+\s*(?:[,>=]|extends\b))")
"""A type parameter's variance (``<in out A, out E = never>``, TypeScript 4.7), which
tree-sitter-typescript does not know: it fails the parameter list and, past a class heading
(effect's ``class ChannelExecutor<out OutElem, in InElem = unknown, ...>``), may read a
generic arrow function later in the file (``const run = <Env, InErr>(...) => {...}``) as a
type assertion, no function: its calls were the module's."""


def parsed_source(dialect: str, source: bytes) -> bytes:
    """What the grammar of ``dialect`` parses of ``source``, with the same bytes' length, so
    every position holds: C's and C++'s lines of a lone macro name blanked (``_MACRO_LINE``;
    CPython's ``PyObject_HEAD`` above a struct's first field, read as its type), C's macro
    before a field on its line (``_HEAD_MACRO``); TypeScript's generic
    signatures after a member ending with a type (``_after_type``) closed with ``;``, its
    type parameters' variance (``_VARIANCE``) and its templates' escapes
    (``_template_escapes_blanked``) blanked."""
    if dialect in ("typescript", "tsx") and (b"in " in source or b"out " in source):
        source = _VARIANCE.sub(lambda m: m.group(1) + b" " * len(m.group(2)), source)
    if dialect in ("typescript", "tsx") and b"`" in source and b"\\" in source:
        source = _template_escapes_blanked(source)
    if dialect == "typescript" and _GENERIC_SIGNATURE.search(source):
        return _separated(source)
    if dialect not in ("c", "cpp"):
        return source
    if _HEAD_MACRO.search(source):  # mmh3's `PyObject_HEAD uint64_t h1;`
        source = _HEAD_MACRO.sub(lambda m: m.group(1) + b" " * len(m.group(2)), source)
    if _MACRO_CALL_LINE.search(source):
        source = _MACRO_CALL_LINE.sub(
            lambda m: m.group() if _in_code(source, m) else b" " * len(m.group()), source
        )
    if not _MACRO_LINE.search(source):
        return source
    return _MACRO_LINE.sub(
        lambda m: m.group() if _in_list(source, m) else b" " * len(m.group()), source
    )


_MACRO_CALL_LINE = re.compile(
    rb"(?<!\\\n)^[ \t]*" + _MACRO_NAME + rb"\([^;{}()\n]*\)[ \t]*$", re.MULTILINE
)
"""A line that is one macro invoked, with no ``;``: a macro declaring a field or a variable
(pycryptodome's libtom ``LTC_MUTEX_TYPE(prng_lock)`` in a struct, ``LTC_MUTEX_PROTO(mutex)`` at
the top), which fails tree-sitter-c for the rest of the file (tomcrypt_prng.h: the typedef
``prng_state`` a field, its references lost)."""


def _in_code(source: bytes, line: re.Match[bytes]) -> bool:
    """Whether a line of one macro call is part of the code around it rather than a
    declaration of its own: after a line that ends no statement (an item of a list, an
    operand: ``_MM_SHUFFLE(2,1,2,2)`` after ``f(a,``; ``static int`` then ``F(x)``), or before one
    that does not end one (a return type: pythoncapi_compat's ``PYCAPI_COMPAT_STATIC_INLINE(int)``
    then ``PyFrame_GetLasti(PyFrameObject *frame)``; ``PHP_FUNCTION(f)`` then ``{``)."""
    code = b""  # the last line of code before, past preprocessor lines (`#ifdef X` around it)
    for last in reversed(_before(source, line.start()).split(b"\n")[-50:]):
        code = last.split(b"//", 1)[0].strip()
        if code and not code.startswith(b"#"):
            break
    ended = not code or code.startswith(b"#") or code.endswith((b";", b"{", b"}", b"*/"))
    after = _after(source, line.end()).lstrip()
    following = after.split(b"\n", 1)[0].split(b"//", 1)[0].rstrip()
    declared = not following or following.startswith((b"}", b"#")) or following.endswith(b";")
    return not ended or not declared


_HEAD_MACRO = re.compile(
    rb"^([ \t]*)(" + _MACRO_NAME + rb"[ \t]+)(?!(?:const|volatile|restrict|_Atomic)\b)"
    rb"(?=[A-Za-z_]\w*(?:[ \t]+|[ \t]*\*+[ \t]*)[A-Za-z_]\w*[ \t]*[;\[])",
    re.MULTILINE,
)
"""An upper-case name before a declaration of a type and a name on its line: a macro a CPython
extension's object struct opens with (mmh3's ``PyObject_HEAD uint64_t h1;``), which
tree-sitter-c reads as the field's type: a field named ``uint64_t`` beside clangd's ``h1``."""


_AROUND = 2048
"""How far around a macro's line ``_in_code`` and ``_in_list`` read: a window, not the whole
file before and after it, once per such line (a generated C file holds thousands)."""


def _before(source: bytes, start: int) -> bytes:
    return source[max(0, start - _AROUND) : start]


def _after(source: bytes, end: int) -> bytes:
    return source[end : end + _AROUND]


def _in_list(source: bytes, line: re.Match[bytes]) -> bool:
    """Whether a line of one upper-case name is an item of a list or an expression rather than
    a macro standing alone: the code before it ends with ``,``, ``(``, an operator, or the code
    after it closes a brace (an enum's last member: ``RED,`` then ``GREEN`` then ``};``)."""
    before = _before(source, line.start()).rstrip()
    after = _after(source, line.end()).lstrip()
    return before.endswith((b",", b"(", b"=", b"+", b"-", b"|", b"&", b"?", b":")) or (
        after.startswith(b"}")
    )


def _separated(source: bytes) -> bytes:
    """``source`` with a ``;`` in place of the last indentation space of each generic signature
    following a member that ends with a type: tree-sitter-typescript reads ``(name: string): T``
    then ``<T extends Function | null>(fn: T): T`` on the next line as ``T<T extends ...>``,
    fails, and loses the rest of the file (mobx api/action.ts: its functions' calls were the
    module's, ``if (...)`` a call); TypeScript ends the member at the line."""
    out = bytearray(source)
    for m in _GENERIC_SIGNATURE.finditer(source):
        if _after_type(source, m.start()):
            out[m.start(1)] = ord(";")
    return bytes(out)


def _after_type(source: bytes, start: int) -> bool:
    """Whether the code before the line at ``start`` (past blank lines, ``//`` lines and a
    block comment's lines) ends with a name, ``)``, ``]`` or ``>``."""
    end = start - 1  # the newline ending the line before
    in_comment = False
    while end > 0:
        begin = source.rfind(b"\n", 0, end) + 1
        line, end = source[begin:end].rstrip(), begin - 1
        if in_comment:
            if b"/*" not in line:
                continue
            line, in_comment = line[: line.rfind(b"/*")].rstrip(), False
        elif line.endswith(b"*/"):
            opened = line.rfind(b"/*")
            if opened < 0:
                in_comment = True
                continue
            line = line[:opened].rstrip()
        if not line or _LINE_COMMENT.match(line):
            continue
        return _ENDS_TYPE.search(line) is not None
    return False


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
