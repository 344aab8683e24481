"""Per-server corrections of a documentSymbol tree, so that its keys equal tree-sitter's.

Servers name and nest some definitions their own way. These functions rewrite the tree before
it is keyed (``symbols.keyed_symbols``); each adapter names its own (``ServerAdapter.outline``).

clangd 14: an out-of-line member is listed at namespace level as ``Shape::area`` or
``Stack<T>::pop`` (tree-sitter: the member of the type named by the innermost qualifier);
``namespace detail::math`` is two nested namespaces (tree-sitter: one, ``detail::math``);
the fields of ``typedef struct {...} name;`` belong to an ``(anonymous struct)`` (tree-sitter:
to ``name``), those of a member ``union { ... };`` to an ``(anonymous union)`` (tree-sitter: to
the struct around it);
what a macro expansion declares is listed under a node named after the macro (tree-sitter: where
the invocation spells its name);
enumerators are listed with the kind ``Enum``; ``using std::cout;`` is listed as a namespace,
``using namespace std;`` as a variable;
the members of ``namespace {`` are listed in an ``(anonymous namespace)`` (tree-sitter: in the
enclosing scope, where C++ looks them up); a forward declaration (``struct node;``) is listed as
a type (tree-sitter: a use of the type).

tsgo: a spread in an object literal (``{ ...focusRing(), width: 1 }``) is listed as a property
named by its expression (``focusRing()``; tree-sitter: a use, and a call). The members of a
type literal in a class's or an interface's heading (a type parameter's
constraint or default, ``class Event<Data extends { request: Request }>``; a type argument of
its heritage, ``extends Array<{ item: string }>``) are listed among its members (tree-sitter:
no symbol, as for a type literal in a function's signature, which tsgo does not list either).
A JSDoc ``@typedef``'s ``@property`` tags are not listed as its members, nor a function's nested
``@param {Object} opts``, ``@param {T} opts.x`` tags as its parameter's (``typedef_members``).
The keys of an object literal a function returns are listed with its locals (``returned_keys``).

gopls: methods are listed at the top as ``(*Circle).Area`` or ``(*Pair[K, V]).Swap``
(tree-sitter: the method ``Area`` of ``Circle``); a function type (``type Handler func()``) is
listed as a ``Function`` whose range starts at its name; an interface's embedded interfaces
(``ReadCloser { Reader; Closer }``) and type sets (``~int | ~float64``) are listed as its
fields (tree-sitter: uses of the types, which the interface extends).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from lsai.indexer.lsp.documents import Documents, Position, plain_range, same_position
from lsai.indexer.lsp.returned_keys import returned_key_starts, shorthand_keys
from lsai.indexer.lsp.symbols import CALLABLE_KINDS, Node
from lsai.indexer.lsp.typedef_members import parameter_members, typedef_members

OutlineFix = Callable[[list[Node], Documents, str], list[Node]]
"""(nodes of one file, the session's documents, the file's path) -> corrected nodes."""

_USING = re.compile(r"using\b")
_GO_METHOD = re.compile(r"\(\*?(?P<type>\w+)(?:\[[^\]]*\])?\)\.(?P<name>\w+)")


def as_is(nodes: list[Node], documents: Documents, path: str) -> list[Node]:
    return nodes


def _text(documents: Documents, path: str, start: Position, end: Position) -> str:
    """The text between two positions of one line ("" across lines)."""
    line, first = documents.column(path, start)
    end_line, last = documents.column(path, end)
    if line != end_line:
        return ""
    lines = documents.lines(path)
    return lines[line - 1][first - 1 : last - 1] if line <= len(lines) else ""


def split_qualified(name: str) -> list[str]:
    """``Stack<std::string>::pop`` -> ``["Stack<std::string>", "pop"]`` (``::`` outside ``<>``)."""
    parts: list[str] = []
    depth = start = 0
    index = 0
    while index < len(name):
        char = name[index]
        depth += (char == "<") - (char == ">")
        if depth == 0 and name.startswith("::", index):
            parts.append(name[start:index])
            start = index + 2
            index += 1
        index += 1
    parts.append(name[start:])
    return parts


def clangd_outline(nodes: list[Node], documents: Documents, path: str) -> list[Node]:
    fixed: list[Node] = []
    for node in nodes:
        if _expansion(node, documents, path):
            fixed.extend(clangd_outline(_declared_by(node, documents, path), documents, path))
            continue
        if node.kind in ("namespace", "variable") and _USING.match(
            _text(documents, path, node.range.start, node.selection.start)
        ):
            # a using-declaration or -directive (clangd 14: `using namespace ann;` is a
            # variable) names something defined elsewhere
            continue
        if node.kind == "namespace" and node.name == "(anonymous namespace)":
            fixed.extend(clangd_outline(node.children, documents, path))
            continue  # its members are their enclosing scope's, as tree-sitter keys them
        if node.kind == "namespace" and _by_macro(node, documents, path):
            # `RAPIDJSON_NAMESPACE_BEGIN` (rapidjson): tree-sitter sees no namespace; its
            # members as the scope's, or each would be a second symbol beside tree-sitter's
            fixed.extend(clangd_outline(node.children, documents, path))
            continue
        if _forward(node, documents, path):
            continue  # its name is a use of the type, as tree-sitter (no symbol) reads it
        node = _joined_namespace(node, documents, path)
        parts = split_qualified(node.name)
        if len(parts) > 1 and node.kind != "namespace":
            receiver = parts[-2].split("<", 1)[0]
            node = replace(node, name=parts[-1], scope=(receiver,))
        children = clangd_outline(node.children, documents, path)
        if node.kind == "enum":
            children = [replace(c, kind="enumMember") if c.kind == "enum" else c for c in children]
        fixed.append(replace(node, children=children))
    return _typedef_members(fixed)


def _expansion(node: Node, documents: Documents, path: str) -> bool:
    """clangd 14 lists what a macro expansion declares under a node named after the macro
    (kind ``String``, read as a constant), which no other constant has: ``PyDoc_STRVAR(doc,
    "...")`` holds the variable ``doc``, ``PyObject_HEAD`` the field ``ob_base``."""
    spelled = _text(documents, path, node.selection.start, node.selection.end)
    return node.kind == "constant" and bool(node.children) and spelled == node.name


def _by_macro(node: Node, documents: Documents, path: str) -> bool:
    """A namespace a macro opens: its name is not spelled where clangd 14 puts it."""
    spelled = _text(documents, path, node.selection.start, node.selection.end)
    return spelled.split("::")[0].strip() != node.name.split("::")[0]


def _declared_by(expansion: Node, documents: Documents, path: str) -> list[Node]:
    """The declarations of a macro expansion, each at its name where the invocation spells it
    once (clangd 14 puts ``DECL(counter)``'s ``counter`` at ``DECL``). One whose name it does
    not spell (``PyObject_HEAD``'s ``ob_base``) is left out: asked there, the server answers
    the macro's other expansions as its references."""
    span = documents.span(path, expansion.range)
    text = documents.text_between(path, span)
    kept: list[Node] = []
    for node in expansion.children:
        if node.kind == "namespace":
            kept.append(node)  # `LIB_BEGIN` opening `namespace lib {`: read by ``_by_macro``
            continue
        if _text(documents, path, node.selection.start, node.selection.end) == node.name:
            kept.append(node)
            continue
        found = list(re.finditer(rf"(?<![\w$]){re.escape(node.name)}(?![\w$])", text))
        if len(found) != 1:
            continue
        before = text[: found[0].start()]
        line = span.start_line + before.count("\n")
        col = len(before) - before.rfind("\n") if "\n" in before else span.start_col + len(before)
        start = documents.position(path, line, col)
        end = documents.position(path, line, col + len(node.name))
        kept.append(replace(node, selection=plain_range(start, end)))
    return kept


_TAG_KINDS = frozenset({"class", "struct", "enum", "interface"})
_TAG_DECLARATION = re.compile(r"\s*(?:template\s*<[^{]*>\s*)?(?:struct|class|union|enum)\b")


def _forward(node: Node, documents: Documents, path: str) -> bool:
    """A forward declaration of a type (``struct node;``, ``class Shape;``, the ``struct ctx_s``
    of ``typedef struct ctx_s ctx_s;``): clangd lists it, tree-sitter defines no type there, and
    one more symbol of a name in a file would shift the keys of the later ones."""
    if node.kind not in _TAG_KINDS or node.children:
        return False
    text = documents.text_between(path, documents.span(path, node.range))
    return "{" not in text and _TAG_DECLARATION.match(text) is not None


def _typedef_members(nodes: list[Node]) -> list[Node]:
    """``typedef struct { int code; } ring_error;``: clangd lists an ``(anonymous struct)`` with
    the fields and the typedef beside it; tree-sitter, the fields as members of ``ring_error``.
    An anonymous union or struct that declares nothing (``struct Node { union { S children[2];
    T norm; }; }``) holds members of the scope around it, as tree-sitter keys them: clangd's
    ``(anonymous union)`` made each field a second symbol, which held the field's references
    (annoy ``Node.children``)."""
    kept: list[Node] = []
    for node in nodes:
        if kept and _anonymous(kept[-1]) and _encloses(node, kept[-1]):
            anonymous = kept.pop()
            node = replace(node, children=[*anonymous.children, *node.children])
        if kept and _anonymous(kept[-1]):
            kept[-1:] = kept[-1].children
        kept.append(node)
    if kept and _anonymous(kept[-1]):
        kept[-1:] = kept[-1].children
    return kept


def _anonymous(node: Node) -> bool:
    return node.name.startswith("(anonymous") and node.kind != "namespace"


def _encloses(outer: Node, inner: Node) -> bool:
    start, end = outer.range.start, outer.range.end
    inner_start, inner_end = inner.range.start, inner.range.end
    return (start.line, start.character) <= (inner_start.line, inner_start.character) and (
        inner_end.line,
        inner_end.character,
    ) <= (end.line, end.character)


def _joined_namespace(node: Node, documents: Documents, path: str) -> Node:
    """``namespace a::b {`` as one namespace ``a::b``, the way it is written."""
    while (
        node.kind == "namespace"
        and len(node.children) == 1
        and node.children[0].kind == "namespace"
        and _text(documents, path, node.selection.end, node.children[0].selection.start) == "::"
    ):
        inner = node.children[0]
        node = replace(
            node,
            name=f"{node.name}::{inner.name}",
            selection=plain_range(node.selection.start, inner.selection.end),
            children=inner.children,
        )
    return node


def gopls_outline(nodes: list[Node], documents: Documents, path: str) -> list[Node]:
    fixed: list[Node] = []
    for node in nodes:
        method = _GO_METHOD.fullmatch(node.name)
        if method is not None:
            node = replace(node, name=method["name"], scope=(method["type"],))
        elif node.kind == "function" and same_position(node.range.start, node.selection.start):
            node = replace(node, kind="type")  # `type Handler func(...)`: no `func` before it
        elif node.kind == "interface":  # an embedded interface, a type set: no member
            node = replace(node, children=[c for c in node.children if c.kind != "field"])
        fixed.append(node)
    return fixed


_HEADED = frozenset({"class", "interface"})
_OPENS, _CLOSES = "([{<", ")]}>"


def tsgo_outline(nodes: list[Node], documents: Documents, path: str) -> list[Node]:
    fixed: list[Node] = []
    for node in nodes:
        if _spread(node, documents, path):
            continue
        if node.kind == "class" and not node.children:
            node = typedef_members(node, documents, path)  # a JSDoc `@typedef`'s properties
        node = parameter_members(node, documents, path)  # `@param {Object} opts`'s `opts.x`
        children = _returned(tsgo_outline(node.children, documents, path), node, documents, path)
        body = _body_start(node, documents, path) if node.kind in _HEADED else None
        if body is not None:
            children = [
                c
                for c in children
                if documents.column(path, c.range.start) >= body
                or not _in_heading_type(node, c, documents, path)
            ]
        fixed.append(replace(node, children=children) if children != node.children else node)
    return fixed


def _returned(children: list[Node], node: Node, documents: Documents, path: str) -> list[Node]:
    """``children`` with the keys of the object literals ``node`` returns marked so
    (``returned_keys``): the rest of its properties are keys of its locals' objects; and a
    property for each shorthand key it returns (``return { count, increment }``), which tsgo
    lists nowhere. None when the function declares its return type (``(): Api``, ``(): { ok:
    boolean }``): the type's members are the members, the returned keys their uses, as before."""
    if node.kind not in _MAY_RETURN:
        return children  # a class's fields, an object's keys: no function's locals
    first, last = node.range.start.line + 1, node.range.end.line + 1
    lines = documents.lines(path)
    if not any(_RETURNS_OBJECT.search(line) for line in lines[first - 1 : last]):
        return children
    if _declares_return_type(node, documents, path):
        return children
    starts = returned_key_starts(lines, first, last)
    marked = []
    for child in children:
        line, col = documents.column(path, child.selection.start)
        if child.kind == "property" and (line, col - 1) in starts:
            child = replace(child, returned=True)
        marked.append(child)
    inner = [
        (c.range.start.line + 1, c.range.end.line + 1)
        for c in children
        if c.kind in _MAY_RETURN or c.children
    ]
    for (line, col), name in shorthand_keys(lines, starts).items():
        if any(a <= line <= b for a, b in inner):
            continue  # the key of a function nested in this one: that function's
        start = documents.position(path, line, col + 1)
        end = documents.position(path, line, col + 1 + len(name))
        where = plain_range(start, end)
        marked.append(Node(name, "property", where, where, None, [], returned=True))
    return marked


_RETURNS_OBJECT = re.compile(r"(?:\breturn|=>)\s*\(?\s*(?:\{|$)")
"""A line that may open an object literal its function returns (``return {``, ``=> ({``,
``return (`` with the brace on the next line): a function with none is not scanned."""
_MAY_RETURN = CALLABLE_KINDS | {"variable", "constant"}
"""The outline kinds of what may be a function (tsgo lists ``const f = () => ...`` as a
constant): the only nodes whose properties ``symbols`` reads as locals."""
_RETURN_TYPE = re.compile(r"\s*:")


def _declares_return_type(node: Node, documents: Documents, path: str) -> bool:
    """Whether the function ``node`` declares its return type: a ``:`` after the parenthesis
    closing its parameters, the first one opened after its name (``const f = (): T => ...``
    too)."""
    lines = documents.lines(path)
    line, col = documents.column(path, node.selection.end)
    last = min(node.range.end.line + 1, len(lines), line + 20)
    text = "\n".join([lines[line - 1][col - 1 :], *lines[line:last]]) if line <= last else ""
    depth = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                return _RETURN_TYPE.match(text, index + 1) is not None
        elif char == "{" and depth == 0:
            return False  # a body (or an object value) before any parameter list
    return False


_SPREAD = re.compile(r"\.\.\.\s*$")


def _spread(node: Node, documents: Documents, path: str) -> bool:
    """Whether ``node`` is a spread in an object literal (``...focusRing()``, ``...base``),
    which tsgo lists as a property named by its expression (``focusRing()``): it declares no
    member, and a call there is the code's around it."""
    line, col = documents.column(path, node.selection.start)
    lines = documents.lines(path)
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return _SPREAD.search(text[: col - 1]) is not None


def _body_start(node: Node, documents: Documents, path: str) -> tuple[int, int] | None:
    """Where the body of a class or interface opens (1-based line and column): the first
    ``{`` after its name outside brackets (its type parameters, its heritage's type
    arguments or call: ``extends mixin(Base)``); ``None`` when there is none."""
    for number, index, opened in _heading(node, documents, path):
        if not opened and documents.lines(path)[number - 1][index] == "{":
            return number, index + 1
    return None


def _in_heading_type(node: Node, child: Node, documents: Documents, path: str) -> bool:
    """Whether ``child``, listed under the class or interface ``node`` before its body, is in
    angle brackets of its heading (a type parameter's constraint or default, a heritage type
    argument: msw's ``<DataType extends { request: Request }>``, a type literal's member, no
    member of the class), not a value of its heritage expression (effect's ``extends
    Schema.TaggedError<E>()("E", { message: Schema.String })``: the class's fields, as tsgo's
    definition at ``err.message`` tells)."""
    at = documents.column(path, child.range.start)
    for number, index, opened in _heading(node, documents, path):
        if (number, index + 1) >= at:
            return "<" in opened
    return True


def _heading(node: Node, documents: Documents, path: str) -> Iterator[tuple[int, int, str]]:
    """Each character of a class's or interface's heading after its name, up to its body's
    ``{`` (1-based line, 0-based index), with the brackets open before it, outermost first."""
    lines = documents.lines(path)
    line, col = documents.column(path, node.selection.end)
    last = min(node.range.end.line + 1, len(lines))
    opened = ""
    for number in range(line, last + 1):
        text = lines[number - 1]
        for index in range(col - 1 if number == line else 0, len(text)):
            char = text[index]
            yield number, index, opened
            if char == "{" and not opened:
                return
            if char in _OPENS:
                opened += char
            elif char in _CLOSES and not (char == ">" and text[index - 1 : index] == "="):
                opened = opened[:-1]  # not the ``>`` of a function type's ``=>``
