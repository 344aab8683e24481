"""What a module exports, read from its top-level statements: the public API its top-level
symbols are part of (``impact``'s entry points, ``info``'s accessibility).

JavaScript and TypeScript: a top-level declaration is exported by ESM (``export function f``,
``export { f }``, ``export { f as g }``, ``export default f``, TypeScript's ``export = f``) or by
CommonJS (``module.exports = f``, ``module.exports = { f, g: h }``, ``exports.f = f``,
``module.exports.f = ...``, ``const proto = module.exports = {...}``; a definition inside such
a statement, ``exports.f = function () {}``, is exported too). Exported ones get the modifier
``export``; the others are private to the module (as a C ``static`` function is to its file).
A file with no module syntax at all is a script, whose top-level names are globals, and a
declaration file (``.d.ts``) declares what a package exports: both are left as they are.

Python: when a module assigns ``__all__`` a list or tuple of strings, its top-level names not
listed are ``internal`` (``_name`` is already ``protected``, ``__name`` ``private``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tree_sitter import Node

from lsai.indexer.treesitter.source import Text
from lsai.storage.records import Span, SymbolRecord

_JS_DIALECTS = frozenset({"javascript", "typescript", "tsx"})
_DECLARATION_FILE = re.compile(r"\.d\.[cm]?ts$")
_CJS_HOLDERS = frozenset({"module.exports", "exports"})
_DUNDER = re.compile(r"^__\w+__$")  # ``__all__``, ``__version__``: the module's own


def _closable(symbol: SymbolRecord) -> bool:
    """A top-level symbol whose exportedness the module decides: not an ambient module or
    ``declare global`` (``declare module "x" {}`` augments ``x`` for every file)."""
    ambient = "declare" in symbol.modifiers and symbol.kind in ("module", "namespace")
    return symbol.container_key is None and not ambient


@dataclass
class _Exports:
    names: set[str] = field(default_factory=set)
    spans: list[Span] = field(default_factory=list)  # statements that export
    module: bool = False  # any ESM or CommonJS syntax

    def holds(self, symbol: SymbolRecord) -> bool:
        if "export" in symbol.modifiers or symbol.name in self.names:
            return True
        at = (symbol.name_span.start_line, symbol.name_span.start_col)
        return any((s.start_line, s.start_col) <= at <= (s.end_line, s.end_col) for s in self.spans)


def mark_exports(
    dialect: str, path: str, root: Node, text: Text, symbols: list[SymbolRecord]
) -> list[SymbolRecord]:
    """``symbols`` with their top-level ones' exportedness as the module says (module doc)."""
    if dialect in _JS_DIALECTS and not _DECLARATION_FILE.search(path):
        found = _js_exports(root, text)
        if not found.module:
            return symbols
        return [_js_marked(s, found) if _closable(s) else s for s in symbols]
    if dialect == "python":
        listed = _python_all(root, text)
        if listed is None:
            return symbols
        return [
            replace(s, accessibility="internal")
            if s.container_key is None
            and s.accessibility == "public"
            and s.name not in listed
            and not _DUNDER.match(s.name)
            else s
            for s in symbols
        ]
    return symbols


def _js_marked(symbol: SymbolRecord, found: _Exports) -> SymbolRecord:
    if not found.holds(symbol):
        return replace(symbol, accessibility="private")
    modifiers = symbol.modifiers if "export" in symbol.modifiers else ("export", *symbol.modifiers)
    return replace(symbol, modifiers=modifiers, accessibility="public")


def _js_exports(root: Node, text: Text) -> _Exports:
    found = _Exports()
    for statement in root.named_children:
        if statement.type == "import_statement":
            found.module = True
        elif statement.type == "export_statement":
            found.module = True
            if statement.child_by_field_name("source") is None:
                found.names.update(_esm_names(statement, text))
        elif statement.type == "expression_statement":
            _cjs_statement(statement, text, found)
        elif statement.type in ("lexical_declaration", "variable_declaration"):
            _cjs_declaration(statement, text, found)
    if not found.module:
        found.module = b"require(" in text.source
    return found


def _esm_names(statement: Node, text: Text) -> list[str]:
    """The local names ``export { a, b as c }``, ``export default a`` and ``export = a`` name."""
    names: list[str] = []
    for child in statement.named_children:
        if child.type == "export_clause":
            for spec in child.named_children:
                name = spec.child_by_field_name("name")
                if spec.type == "export_specifier" and name is not None:
                    names.append(text.of(name))
        elif child.type == "identifier":
            names.append(text.of(child))
    return names


def _cjs_statement(statement: Node, text: Text, found: _Exports) -> None:
    assigned = statement.named_children[0] if statement.named_children else None
    if assigned is not None:
        _cjs_assignment(statement, assigned, text, found)


def _cjs_declaration(statement: Node, text: Text, found: _Exports) -> None:
    """``const proto = module.exports = {...}`` (koa's context.js) exports ``proto``."""
    for declarator in statement.named_children:
        name, value = (declarator.child_by_field_name(f) for f in ("name", "value"))
        if (
            name is not None
            and value is not None
            and _cjs_assignment(statement, value, text, found)
        ):
            found.names.add(text.of(name))


def _cjs_assignment(statement: Node, assigned: Node, text: Text, found: _Exports) -> bool:
    """Whether ``assigned`` assigns ``module.exports``, ``exports`` or a member of either; if
    it does, what it names is exported, and definitions in ``statement`` are."""
    if assigned.type != "assignment_expression":
        return False
    left, right = assigned.child_by_field_name("left"), assigned.child_by_field_name("right")
    if left is None or right is None or left.type not in ("member_expression", "identifier"):
        return False
    target = text.of(left)
    holder = target.rsplit(".", 1)[0] if left.type == "member_expression" else target
    if target not in _CJS_HOLDERS and holder not in _CJS_HOLDERS:
        return False
    found.module = True
    found.spans.append(text.span(statement))
    if right.type == "identifier":
        found.names.add(text.of(right))
    elif right.type == "object" and target in _CJS_HOLDERS:
        for member in right.named_children:
            value = member.child_by_field_name("value") if member.type == "pair" else member
            if value is not None and value.type in ("identifier", "shorthand_property_identifier"):
                found.names.add(text.of(value))
    return True


def _python_all(root: Node, text: Text) -> set[str] | None:
    """The names a module's ``__all__`` lists, or None when it assigns none it spells out."""
    listed: set[str] | None = None
    for statement in root.named_children:
        assigned = statement.named_children[0] if statement.named_children else None
        if statement.type != "expression_statement" or assigned is None:
            continue
        if assigned.type not in ("assignment", "augmented_assignment"):
            continue
        left, right = assigned.child_by_field_name("left"), assigned.child_by_field_name("right")
        if left is None or text.of(left) != "__all__":
            continue
        if right is None or right.type not in ("list", "tuple"):
            return None  # computed: not known here
        strings = [c for c in right.named_children if c.type == "string"]
        if len(strings) != right.named_child_count:
            return None
        names = {text.of(c).strip("'\"") for c in strings}
        listed = names if assigned.type == "assignment" else (listed or set()) | names
    return listed
