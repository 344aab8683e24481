"""How the tree-sitter backend reads a definition's details: signature, parameters, return
type, modifiers, attributes and documentation, driven by the language's ``Rules``."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from functools import lru_cache

from tree_sitter import Node

from lsai.indexer.treesitter.rules import CALLABLE_KINDS, TYPE_KINDS, Rules
from lsai.indexer.treesitter.source import Text

MAX_SIGNATURE = 400
MAX_DOC = 4000


def _field(node: Node, names: tuple[str, ...]) -> Node | None:
    for name in names:
        child = node.child_by_field_name(name)
        if child is not None:
            return child
    return None


def _descend(node: Node, rules: Rules, names: tuple[str, ...]) -> Node | None:
    """The first field of ``names`` on the node or on its declarator/value chain."""
    current: Node | None = node
    for _ in range(5):
        if current is None:
            return None
        found = _field(current, names)
        if found is not None:
            return found
        current = _field(current, rules.descend_fields)
    return None


_OPEN_SPACE = re.compile(r"([(\[{])\s+")
_SPACE_CLOSE = re.compile(r",?\s+([)\]}])")
_TRAILING_COMMA = re.compile(r",([)\]])")


_NEEDS_TIDYING = re.compile(r"[(\[{] | [)\]}]|,[)\]]")  # what the three can match in `flat`


def collapse(value: str) -> str:
    """One line: whitespace runs to one space, none inside brackets, no trailing commas."""
    flat = " ".join(value.split())
    if _NEEDS_TIDYING.search(flat) is None:
        return flat  # the common case: nothing for the three substitutions to do
    flat = _OPEN_SPACE.sub(r"\1", flat)
    flat = _SPACE_CLOSE.sub(r"\1", flat)
    return _TRAILING_COMMA.sub(r"\1", flat)


def _body(node: Node, rules: Rules) -> Node | None:
    """The body field, else the first child of a ``body_types`` type along the descend chain."""
    body = _descend(node, rules, rules.body_fields)
    current: Node | None = node
    while body is None and rules.body_types and current is not None:
        body = next((c for c in current.children if c.type in rules.body_types), None)
        current = _field(current, rules.descend_fields)
    return body


def signature(node: Node, kind: str, text: Text, rules: Rules) -> str:
    """The definition's header as written, on one line. One of several declarators of a
    declaration (``var a = 1, b = 2``) reads as the declaration's keywords and its own
    declarator (``var b = 2``), not the declaration's first line."""
    body = _body(node, rules)
    outer = (
        node.parent
        if node.parent is not None and node.parent.type in rules.signature_wrappers
        else node
    )
    lead = ""
    siblings = [c for c in outer.named_children if c.type == node.type] if outer != node else []
    if len(siblings) > 1:
        lead, outer = text.between(outer.start_byte, siblings[0].start_byte), node
    if body is not None and body.start_byte > node.start_byte:
        raw = lead + _without_comments(outer, body.start_byte, text, rules)
    else:
        raw = lead + text.of(outer).rstrip()
        if kind not in CALLABLE_KINDS and kind not in TYPE_KINDS and "\n" in raw:
            raw = raw.split("\n", 1)[0] + " …"
    signature = collapse(raw).rstrip(";").rstrip().rstrip("{:").rstrip()
    if signature.endswith("=>"):
        signature = signature[:-2].rstrip()
    if len(signature) > MAX_SIGNATURE:
        signature = signature[: MAX_SIGNATURE - 1] + "…"
    return signature


def _without_comments(node: Node, end: int, text: Text, rules: Rules) -> str:
    """The text of ``node`` up to ``end``, leaving out the comments inside it, at any depth
    (fastapi's ``def Depends(  # noqa: N802`` has its comment in the parameter list)."""
    pieces: list[str] = []
    cursor = node.start_byte
    for comment in _comments_within(node, end, rules):
        pieces.append(text.between(cursor, comment.start_byte))
        cursor = comment.end_byte
    pieces.append(text.between(cursor, end))
    return " ".join(pieces)


def _comments_within(node: Node, end: int, rules: Rules) -> Iterator[Node]:
    """The comments in ``node`` that start before ``end``, in order."""
    for child in node.children:
        if child.start_byte >= end:
            return
        if child.type in rules.comment_types:
            yield child
        elif child.child_count:
            yield from _comments_within(child, end, rules)


def parameters(node: Node, text: Text, rules: Rules) -> str | None:
    params = _descend(node, rules, rules.parameter_fields)
    if params is None:
        return None
    return collapse(_without_comments(params, params.end_byte, text, rules))


_PARAMETER = re.compile(r"\s*(?:\*{1,2}|\.{3})?([^\W\d]\w*)\s*(?:[:=?]|$)")
"""A parameter's name as ``parameters`` spells it: ``a``, ``a: int = 1``, ``*args``, ``b?:
T``, ``...rest`` (not C's or Go's ``int x`` / ``x int``, whose name is not first or alone)."""


@lru_cache(maxsize=4096)
def parameter_names(parameters: str | None) -> frozenset[str]:
    """The names a definition's ``parameters`` (``(self, n: int = f(1, 2), *args)``) bind,
    read at the commas outside brackets (asked at each call site of its callers: cached)."""
    if not parameters:
        return frozenset()
    inner = parameters.strip().removeprefix("(").removesuffix(")")
    names: set[str] = set()
    depth = start = 0
    for i, char in enumerate(inner + ","):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            found = _PARAMETER.match(inner, start, i)
            if found:
                names.add(found[1])
            start = i + 1
    return frozenset(names)


def return_type(node: Node, text: Text, rules: Rules) -> str | None:
    found = _descend(node, rules, rules.return_fields)
    if found is None:
        return None
    value = collapse(text.of(found)).lstrip(":").strip()
    value = value.removeprefix("->").strip()
    declarator = node.child_by_field_name("declarator")
    pointers = ""
    while declarator is not None and declarator.type in rules.pointer_declarators:
        pointers += text.of(declarator.children[0])  # `*`, `&`, `&&` of `char *f()`
        next_ = declarator.child_by_field_name("declarator")
        declarator = next_ if next_ is not None else declarator.named_children[-1]
    return f"{value} {pointers}" if value and pointers else value or None


def modifiers(node: Node, name_node: Node | None, text: Text, rules: Rules) -> tuple[str, ...]:
    if not rules.modifier_words:
        return ()
    end = name_node.start_byte if name_node is not None else node.start_byte
    words: list[str] = []
    outer = node.parent
    if outer is not None and outer.type in rules.export_wrappers:
        words.append("export")
        if text.of(outer).lstrip().startswith("export default"):
            words.append("default")
    prefix = " ".join([*_wrapper_keywords(node, text, rules), text.between(node.start_byte, end)])
    for raw in _outside_braces(prefix).replace("(", " ").replace("\n", " ").split():
        word = raw.strip(";,")
        if word in rules.modifier_words and word not in words:
            words.append(word)
    section = _section(node, rules)
    if section is not None and section not in words:
        words.append(section)
    return tuple(words)


def _outside_braces(value: str) -> str:
    """``value`` without the ``{...}`` parts (a body before the name: `typedef struct {...} T`)."""
    if "{" not in value:
        return value
    depth = 0
    kept: list[str] = []
    for char in value:
        depth += char == "{"
        if depth == 0:
            kept.append(char)
        depth -= char == "}" and depth > 0
    return "".join(kept)


def _section(node: Node, rules: Rules) -> str | None:
    """The word of the nearest section label above a member (C++ `public:`), if any."""
    if not rules.section_types:
        return None
    outer = (
        node.parent if node.parent is not None and node.parent.type in rules.wrapper_types else node
    )
    sibling = outer.prev_named_sibling
    while sibling is not None:
        if sibling.type in rules.section_types:
            return (
                sibling.text.decode("utf-8", "replace").rstrip(":").strip()
                if sibling.text
                else None
            )
        sibling = sibling.prev_named_sibling
    return None


def _wrapper_keywords(node: Node, text: Text, rules: Rules) -> list[str]:
    """Keyword tokens that wrappers put before the definition: ``export const`` in TS."""
    words: list[str] = []
    child, outer = node, node.parent
    while outer is not None and outer.type in rules.wrapper_types:
        before = [c for c in outer.children if c.end_byte <= child.start_byte and not c.is_named]
        words[:0] = [text.of(c) for c in before]
        child, outer = outer, outer.parent
    return words


def attributes(node: Node, text: Text, rules: Rules) -> tuple[str, ...]:
    if not rules.attribute_types:
        return ()
    found: list[Node] = []
    holders = [node]
    wrapper = node.parent
    if wrapper is not None and wrapper.type in rules.wrapper_types:
        holders.append(wrapper)
    for holder in holders:
        for child in holder.children:
            if child.type in rules.attribute_types:
                found.append(child)
            elif child.type == "modifiers":
                found.extend(c for c in child.children if c.type in rules.attribute_types)
    sibling = (wrapper if wrapper in holders[1:] else node).prev_named_sibling
    while sibling is not None and sibling.type in rules.attribute_types:
        found.append(sibling)
        sibling = sibling.prev_named_sibling
    found.sort(key=lambda n: n.start_byte)
    return tuple(collapse(text.of(n)) for n in found)


def doc(node: Node, kind: str, text: Text, rules: Rules) -> str | None:
    if rules.doc_style == "python":
        return _python_doc(node, text)
    outer = node
    comments = _comments_above(outer, text, rules)
    # A wrapper (`export`, a Go `const (...)` group) owns the comment unless the member has its own.
    while not comments and outer.parent is not None and outer.parent.type in rules.wrapper_types:
        outer = outer.parent
        comments = _comments_above(outer, text, rules)
    if not comments and kind in rules.trailing_doc_kinds:
        comments = _comment_after(node, rules)
    if rules.doc_openers:
        comments = [c for c in comments if c.startswith(rules.doc_openers)]
    if not comments:
        return None
    return _clean_comment("\n".join(reversed(comments)))[:MAX_DOC] or None


def _comment_after(node: Node, rules: Rules) -> list[str]:
    """The comment after ``node`` on the line it ends (``char *buf; /* buffer */``), past the
    punctuation closing it; from the declaration around ``node`` ending on that line too."""
    row = node.end_point[0]
    outer: Node | None = node
    while outer is not None and outer.end_point[0] == row:
        after = outer.next_sibling
        while after is not None and not after.is_named and after.start_point[0] == row:
            after = after.next_sibling  # `;`, `,`
        if after is not None and after.start_point[0] == row:
            if after.type in rules.comment_types and after.text is not None:
                return [after.text.decode("utf-8", "replace")]
            return []
        outer = outer.parent
    return []


def _comments_above(outer: Node, text: Text, rules: Rules) -> list[str]:
    """The comments right above ``outer``, nearest first: on the lines just above it, or for
    the nearest one, across blank lines when it opens as ``rules.docs_across_blank_lines``
    (tsgo's JSDoc, clangd's any comment). A comment after code on its line is that code's
    (``a = 1 // about a``), no doc of the declaration below, as the servers read it."""
    comments: list[str] = []
    line = outer.start_point[0]
    sibling = outer.prev_sibling
    while sibling is not None and sibling.type in rules.attribute_types:
        line = sibling.start_point[0]
        sibling = sibling.prev_sibling
    while sibling is not None and sibling.type in rules.comment_types:
        end_row, end_col = sibling.end_point
        comment = text.of(sibling)
        gap = not comments and comment.startswith(rules.docs_across_blank_lines or ("\0",))
        if (end_row - 1 if end_col == 0 else end_row) < line - 1 and not gap:
            break  # Rust comments own the \n
        before = sibling.prev_sibling
        code = before is not None and before.type not in rules.comment_types
        if code and before is not None and before.end_point[0] == sibling.start_point[0]:
            break  # a trailing comment of the code before it
        comments.append(comment)
        line = sibling.start_point[0]
        sibling = before
    return comments


def _python_doc(node: Node, text: Text) -> str | None:
    """The docstring: the first statement of the body when it is a string; of a variable
    (``LIMIT = 3``, at module or class level), the string statement right after its
    assignment (an attribute docstring, which ty's hover shows)."""
    body = node.child_by_field_name("body")
    if body is not None:
        return _docstring(body.named_child(0) if body.named_child_count else None, text)
    statement = node
    while statement.parent is not None and statement.type != "expression_statement":
        if statement.type not in ("assignment", "identifier", "attribute"):
            return None
        statement = statement.parent
    if statement.type != "expression_statement" or statement.named_child_count != 1:
        return None
    if statement.named_children[0].type != "assignment":
        return None
    return _docstring(statement.next_named_sibling, text)


def _docstring(statement: Node | None, text: Text) -> str | None:
    """The text of ``statement`` when it is a lone string literal."""
    if statement is None or statement.type != "expression_statement":
        return None
    if statement.named_child_count != 1:
        return None
    string = statement.named_child(0)
    if string is None or string.type != "string":
        return None
    content = [c for c in string.named_children if c.type == "string_content"]
    raw = "".join(text.of(c) for c in content)
    return inspect.cleandoc(raw)[:MAX_DOC] or None


MARKERS = ("/**<", "/*!<", "///<", "//!<", "/**", "/*!", "/*", "*/", "///", "//!", "//", "#", "--")
"""How a comment line opens, longest first: Doxygen's ``/**<`` documents what is before it."""


def _clean_comment(raw: str) -> str:
    lines: list[str] = []
    for line in raw.splitlines():
        stripped = line.strip()
        for marker in MARKERS:
            if stripped.startswith(marker):
                stripped = stripped[len(marker) :]
                break
        stripped = stripped.removesuffix("*/").strip()
        stripped = stripped.removeprefix("* ").removeprefix("*").strip()
        lines.append(stripped)
    return "\n".join(lines).strip()
