"""Per-language extraction rules for the tree-sitter backend: data, read by ``extract.py``.

The query file ``queries/<language>.scm`` says *what* is a definition, a call, an import or a base
type; these rules say how to read the details out of a node: which fields hold the body, the
parameters and the return type, which words are modifiers, where documentation lives and how
accessibility is decided when no keyword says it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

TYPE_KINDS = frozenset({"class", "interface", "struct", "enum", "trait", "union", "type"})
CALLABLE_KINDS = frozenset({"function", "method", "constructor"})
CALLER_KINDS = CALLABLE_KINDS | TYPE_KINDS  # a call belongs to the innermost of these
ACCESS_WORDS = ("public", "protected", "private", "internal")

Accessibility = Callable[[str, tuple[str, ...], "str | None"], str]


def _python_access(name: str, _modifiers: tuple[str, ...], _container: str | None) -> str:
    if name.startswith("__") and not name.endswith("__"):
        return "private"
    if name.startswith("_") and not name.startswith("__"):
        return "protected"
    return "public"


def _keyword_access(default_member: str, default_top: str) -> Accessibility:
    def decide(_name: str, modifiers: tuple[str, ...], container: str | None) -> str:
        for word in ACCESS_WORDS:
            if word in modifiers:
                return word
        if "pub" in modifiers:
            return "public"
        return default_member if container in TYPE_KINDS else default_top

    return decide


def _go_access(name: str, _modifiers: tuple[str, ...], _container: str | None) -> str:
    return "public" if name[:1].isupper() else "private"


def _rust_access(_name: str, modifiers: tuple[str, ...], container: str | None) -> str:
    # Trait items and enum variants are as visible as their trait or enum.
    return "public" if "pub" in modifiers or container in ("trait", "enum") else "private"


def _js_access(name: str, modifiers: tuple[str, ...], container: str | None) -> str:
    if name.startswith("#"):
        return "private"
    return _keyword_access("public", "public")(name, modifiers, container)


def _java_access(name: str, modifiers: tuple[str, ...], container: str | None) -> str:
    if container == "interface" and "private" not in modifiers:
        return "public"  # interface (and annotation type) members are implicitly public
    return _keyword_access("package", "package")(name, modifiers, container)


def _csharp_access(name: str, modifiers: tuple[str, ...], container: str | None) -> str:
    if "protected" in modifiers and "internal" in modifiers:
        return "protected"  # `protected internal`: the wider of the two that the schema knows
    if container in ("interface", "enum") and not set(modifiers) & set(ACCESS_WORDS):
        return "public"  # interface members and enum members are implicitly public
    return _keyword_access("private", "internal")(name, modifiers, container)


def _c_family_access(name: str, modifiers: tuple[str, ...], container: str | None) -> str:
    for word in ACCESS_WORDS:
        if word in modifiers:  # C++: the `public:` / `private:` section the member is in
            return word
    if container == "class":
        return "private"
    if container not in TYPE_KINDS and "static" in modifiers:
        return "private"  # internal linkage: not visible outside the file
    return "public"


@dataclass(frozen=True)
class Rules:
    identifier_types: tuple[str, ...] = ("identifier",)
    # Of those, the node types of a name in a type position: their occurrences' role is "type"
    # (where a type and a value share a name, a site keeps its meaning: merge.merge).
    type_identifier_types: tuple[str, ...] = ()
    body_fields: tuple[str, ...] = ("body",)
    # Child node types that start the body when no field names one (Go `struct {`, `interface {`).
    body_types: tuple[str, ...] = ()
    parameter_fields: tuple[str, ...] = ("parameters",)
    return_fields: tuple[str, ...] = ("return_type",)
    # Fields followed from a definition node to the node that holds the parameters (C declarators,
    # JS `const f = () => {}` values).
    descend_fields: tuple[str, ...] = ("declarator", "value")
    constructor_names: tuple[str, ...] = ()
    doc_style: str = "comments"  # "python": first string of the body; "comments": comments above
    comment_types: tuple[str, ...] = ("comment",)
    # How a comment opens that is a declaration's doc across blank lines (tsgo's JSDoc,
    # clangd's every comment); other comments only on the lines right above it.
    docs_across_blank_lines: tuple[str, ...] = ()
    # How a comment opens that can be a doc at all (TypeScript's JSDoc: tsgo's hover shows no
    # ``//`` or ``/* */`` comment, a ``/* tslint:disable */`` above a method is none); empty: any.
    doc_openers: tuple[str, ...] = ()
    # Kinds whose comment after them on their line is their doc when none is above (clangd:
    # a field, variable or enumerator; gopls: a field or a var or const spec).
    trailing_doc_kinds: frozenset[str] = frozenset()
    modifier_words: frozenset[str] = frozenset()
    attribute_types: tuple[str, ...] = ()
    # Node types that wrap a definition and own its leading comments, decorators and export.
    wrapper_types: tuple[str, ...] = ()
    export_wrappers: tuple[str, ...] = ()
    namespace_style: str = "definitions"  # "python-module" | "package" | "definitions"
    # A method named like its type is a constructor (C++, where the query cannot tell).
    constructors_named_after_type: bool = False
    # Definition node types whose header (before the body field) runs in the enclosing scope:
    # Python's base classes and default values; a call there is the enclosing scope's.
    headed_types: frozenset[str] = frozenset()
    # Labels whose word applies to the members after them (C++ `public:`), read as a modifier.
    section_types: tuple[str, ...] = ()
    # Node types around a definition whose text starts its signature (C++ `template <...>`).
    signature_wrappers: tuple[str, ...] = ()
    # Definition node types without a body that scope the rest of their parent (C# `namespace A;`).
    open_scope_types: tuple[str, ...] = ()
    # Declarators between a definition and its name that add to the return type (C `char *f()`).
    pointer_declarators: tuple[str, ...] = ()
    # Definition node types that name a type defined inside them without holding it: C's
    # ``typedef struct point {...} point_t;`` defines ``point`` beside ``point_t``, not in it,
    # and ``static struct chunk {...} *head;`` ``chunk`` beside the variable ``head``, and
    # ``struct pair {...} make(void) {...}`` ``pair`` beside the function returning it.
    beside_types: tuple[str, ...] = ()
    # Node types of a function's body where no function is defined: a function definition
    # directly in one is a misreading (C++ ``RawBigit(i) = 0;`` as a pure virtual function, C
    # ``Py_BEGIN_ALLOW_THREADS if (x) {...}`` as a function ``if``; clang has no GNU nested
    # functions).
    local_blocks: tuple[str, ...] = ()
    accessibility: Accessibility = field(default=_keyword_access("public", "public"))


_VALUE_KINDS = frozenset({"field", "variable", "constant", "enumMember"})
_C_FAMILY_MODS = frozenset(
    {"static", "extern", "inline", "const", "volatile", "virtual", "explicit", "constexpr",
     "override", "final", "friend", "mutable", "noexcept", "consteval", "constinit"}
)  # fmt: skip
_JAVA_MODS = frozenset(
    {"public", "protected", "private", "static", "abstract", "final", "synchronized", "native",
     "transient", "volatile", "default", "sealed", "non-sealed", "strictfp"}
)  # fmt: skip
_CSHARP_MODS = frozenset(
    {"public", "protected", "private", "internal", "static", "abstract", "virtual", "override",
     "sealed", "async", "readonly", "const", "extern", "partial", "new", "unsafe", "volatile",
     "required", "file", "ref"}
)  # fmt: skip
_PHP_MODS = frozenset({"public", "protected", "private", "static", "abstract", "final", "readonly"})
_KOTLIN_MODS = frozenset(
    {"public", "protected", "private", "internal", "open", "abstract", "override", "final", "data",
     "sealed", "inline", "suspend", "const", "lateinit", "companion", "enum", "annotation"}
)  # fmt: skip
_TS_MODS = frozenset(
    {"export", "default", "declare", "abstract", "public", "private", "protected", "static",
     "readonly", "async", "override", "get", "set", "const", "let", "var", "accessor"}
)  # fmt: skip

_TS = Rules(
    identifier_types=(
        "identifier", "property_identifier", "type_identifier", "shorthand_property_identifier",
        "private_property_identifier", "shorthand_property_identifier_pattern",
    ),
    type_identifier_types=("type_identifier",),
    parameter_fields=("parameters", "parameter"),
    descend_fields=("declarator", "value", "right"),  # `exports.f = function () {}`
    constructor_names=("constructor",),
    modifier_words=_TS_MODS,
    attribute_types=("decorator",),
    # `export const f = () => ...`: the export and the declaration own docs and keywords.
    wrapper_types=(
        "export_statement", "lexical_declaration", "variable_declaration", "ambient_declaration",
        "expression_statement",
    ),
    export_wrappers=("export_statement",),
    signature_wrappers=("lexical_declaration", "variable_declaration"),
    docs_across_blank_lines=("/**",),
    doc_openers=("/**",),
    accessibility=_js_access,
)  # fmt: skip

RULES: dict[str, Rules] = {
    "python": Rules(
        constructor_names=("__init__", "__new__"),
        doc_style="python",
        modifier_words=frozenset({"async"}),
        attribute_types=("decorator",),
        wrapper_types=("decorated_definition",),
        namespace_style="python-module",
        headed_types=frozenset({"function_definition", "class_definition"}),
        accessibility=_python_access,
    ),
    "typescript": _TS,
    "tsx": _TS,
    "javascript": _TS,
    "go": Rules(
        identifier_types=(
            "identifier",
            "type_identifier",
            "field_identifier",
            "package_identifier",
        ),
        return_fields=("result",),
        descend_fields=("type",),  # type_spec -> struct_type / interface_type
        body_types=("field_declaration_list", "{"),
        trailing_doc_kinds=_VALUE_KINDS,
        # a group's doc is its members' (`var ( ... )` holds them in a var_spec_list)
        wrapper_types=("type_declaration", "const_declaration", "var_declaration", "var_spec_list"),
        namespace_style="package",
        accessibility=_go_access,
    ),
    "rust": Rules(
        identifier_types=("identifier", "type_identifier", "field_identifier"),
        comment_types=("line_comment", "block_comment"),
        modifier_words=frozenset({"pub", "async", "const", "unsafe", "extern", "static", "mut"}),
        attribute_types=("attribute_item",),
        body_types=("{",),  # macro_rules! m { ... }
        doc_openers=("///", "/**"),  # rustdoc's outer doc comments
        accessibility=_rust_access,
    ),
    "java": Rules(
        identifier_types=("identifier", "type_identifier"),
        return_fields=("type",),
        comment_types=("line_comment", "block_comment"),
        modifier_words=_JAVA_MODS,
        attribute_types=("marker_annotation", "annotation"),
        namespace_style="package",
        doc_openers=("/**",),  # Javadoc
        accessibility=_java_access,
    ),
    "csharp": Rules(
        body_fields=("body", "accessors"),
        return_fields=("returns", "type"),
        modifier_words=_CSHARP_MODS,
        attribute_types=("attribute_list",),
        open_scope_types=("file_scoped_namespace_declaration",),
        doc_openers=("///", "/**"),  # XML documentation comments
        accessibility=_csharp_access,
    ),
    "c": Rules(
        identifier_types=("identifier", "type_identifier", "field_identifier"),
        return_fields=("type",),
        modifier_words=_C_FAMILY_MODS,
        pointer_declarators=("pointer_declarator",),
        beside_types=("type_definition", "declaration", "function_definition"),
        local_blocks=("compound_statement",),
        docs_across_blank_lines=("//", "/*"),
        trailing_doc_kinds=_VALUE_KINDS,
        accessibility=_c_family_access,
    ),
    "cpp": Rules(
        identifier_types=(
            "identifier",
            "type_identifier",
            "field_identifier",
            "namespace_identifier",
        ),
        return_fields=("type",),
        modifier_words=_C_FAMILY_MODS,
        attribute_types=("attribute_declaration",),
        wrapper_types=("template_declaration",),
        constructors_named_after_type=True,
        section_types=("access_specifier",),
        signature_wrappers=("template_declaration",),
        pointer_declarators=("pointer_declarator", "reference_declarator"),
        beside_types=("type_definition", "declaration", "function_definition"),
        local_blocks=("compound_statement",),
        docs_across_blank_lines=("//", "/*"),
        trailing_doc_kinds=_VALUE_KINDS,
        accessibility=_c_family_access,
    ),
    # Languages from tree-sitter-language-pack: definitions, calls and base types.
    "ruby": Rules(
        identifier_types=("identifier", "constant"),
        constructor_names=("initialize",),
    ),
    "php": Rules(
        identifier_types=("name",),
        constructor_names=("__construct",),
        modifier_words=_PHP_MODS,
        attribute_types=("attribute_list",),
        doc_openers=("/**",),  # PHPDoc
        namespace_style="package",
    ),
    "kotlin": Rules(
        identifier_types=("simple_identifier", "type_identifier"),
        body_types=("class_body", "enum_class_body", "function_body"),
        comment_types=("line_comment", "multiline_comment"),
        modifier_words=_KOTLIN_MODS,
        attribute_types=("annotation",),
        doc_openers=("/**",),  # KDoc
        namespace_style="package",
    ),
    "lua": Rules(comment_types=("comment",)),
    "bash": Rules(identifier_types=("word", "variable_name")),
}

DEFAULT_RULES = Rules()


def rules_for(language_id: str) -> Rules:
    return RULES.get(language_id, DEFAULT_RULES)
