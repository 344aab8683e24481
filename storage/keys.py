"""The grammar of stable symbol keys.

A key names one symbol across index runs. It does not change when other code in the file changes,
so occurrences and edges held by other files keep pointing at the right symbol after the defining
file is re-indexed. Integer ids are join keys only and are never exposed as identity.

Grammar (SCIP-like, one space between the five parts)::

    key         ::= "lsai" " " language " " project " " path " " descriptor+
    language    ::= lsai's language id, e.g. "python", "typescript", "cpp"
    project     ::= the project root, workspace-relative POSIX path, "." for the workspace root
    path        ::= the file, workspace-relative POSIX path
    descriptor  ::= name suffix
    suffix      ::= "/"                      namespace, module or package
                  | "#"                      type: class, interface, struct, enum, trait, type alias
                  | "(" [disambiguator] ")." callable: function, method, constructor
                  | "[" disambiguator "]" ("#" | "." | "/" | "!")   a repeated non-callable
                  | "."                      term: field, property, variable, constant, enum member
                  | "!"                      macro
    disambiguator ::= "+" n   the n-th (n >= 1) later definition of the same name and suffix in the
                              same container (overloads, redefinitions); the first has none
    name        ::= [A-Za-z0-9_$]+ | "`" (any character, "`" doubled) "`"

Parts of the prefix (project, path) that contain a space or a backtick are written in backticks
the same way. Example: ``lsai python . src/app.py Flask# route().`` is the method ``route`` of the
class ``Flask`` in ``src/app.py``; an overload of it is ``... Flask# route(+1).``.
"""

from __future__ import annotations

import functools
import re

SCHEME = "lsai"
_PLAIN = re.compile(r"[A-Za-z0-9_$]+")
_PLAIN_PART = re.compile(r"[^\s`]+")
_DISAMBIGUATORS = re.compile(r"\((?:\+\d+)?\)|\[\+\d+\]")
_TRAILING_SUFFIX = re.compile(r"[^\w$`]+$")

SUFFIX_BY_KIND: dict[str, str] = {
    "namespace": "/",
    "module": "/",
    "package": "/",
    "class": "#",
    "interface": "#",
    "struct": "#",
    "enum": "#",
    "trait": "#",
    "type": "#",
    "union": "#",
    "delegate": "#",
    "function": "().",
    "method": "().",
    "constructor": "().",
    "macro": "!",
}


def escape_name(name: str) -> str:
    if _PLAIN.fullmatch(name):
        return name
    return "`" + name.replace("`", "``") + "`"


def _escape_part(part: str) -> str:
    if _PLAIN_PART.fullmatch(part):
        return part
    return "`" + part.replace("`", "``") + "`"


def key_prefix(language: str, project: str | None, path: str) -> str:
    return " ".join((SCHEME, language, _escape_part(project or "."), _escape_part(path)))


def descriptor(name: str, kind: str, disambiguator: int = 0) -> str:
    """One descriptor; ``disambiguator`` is 0 for the first definition of a name in a container."""
    suffix = SUFFIX_BY_KIND.get(kind, ".")
    escaped = escape_name(name)
    if suffix == "().":
        return f"{escaped}({'+' + str(disambiguator) if disambiguator else ''})."
    if disambiguator:
        return f"{escaped}[+{disambiguator}]{suffix}"
    return escaped + suffix


def symbol_key(prefix: str, descriptors: list[str]) -> str:
    return prefix + " " + "".join(descriptors)


def template_of(name: str) -> str:
    """The class template a specialization's name is of (C++ ``native_simd<uint32_t>``:
    ``native_simd``, the name of its constructors); any other name as it is."""
    return name.split("<", 1)[0] if name.endswith(">") and not name.startswith("operator") else name


@functools.lru_cache(maxsize=1 << 16)  # asked again and again of the same keys by a merge
def declared_name(key: str) -> str:
    """``key`` without its disambiguators and its last suffix: one string for the overloads and
    redefinitions of a name (``parse().``, ``parse(+1).``) and for the declarations of different
    kinds that share a name in one container (``interface Mode`` ``Mode#`` and ``const Mode``
    ``Mode.``). For comparing keys, not a key itself."""
    return _TRAILING_SUFFIX.sub("", _DISAMBIGUATORS.sub("", key))


def is_term(key: str) -> bool:
    """Whether ``key`` names a term (a variable, a field, a constant): not a type, a callable,
    a namespace or a macro."""
    return key.endswith(".") and not key.endswith(").")


def names(key: str, name: str) -> bool:
    """Whether ``key`` is of a symbol named ``name`` (a site spelling another name names its
    symbol through an alias: ``export { nullableType as nullable }``)."""
    declared = declared_name(key)
    return declared.endswith(name) and declared[: -len(name)][-1:] in ("#", ".", "/", " ")


CONSTRUCTOR_KEY = re.compile(r"(?P<type>.*?(?P<cls>[\w$]+)#)(?P<name>\w+)\((?:\+\d+)?\)\.")
"""A constructor's key: its class's (``type``, named ``cls``) and its own ``name``."""


def class_of_construction(key: str | None, name: str) -> str | None:
    """The class, for a site that names it and resolves to one of its constructors (tsgo
    defines ``new Query(...)`` at ``constructor``): the identifier is the class's name, and the
    server answers it among the class's references (a rename renames it). The call edge keeps
    the constructor. A constructor named like its class (C++) keeps the site, and so does
    ``super(...)`` (tsgo's class references leave it out)."""
    if key is None or ("#constructor(" not in key and "#__init__(" not in key):
        return key  # the common case, without the pattern
    found = CONSTRUCTOR_KEY.fullmatch(key)
    if found is None or found["name"] not in ("constructor", "__init__") or name != found["cls"]:
        return key
    return found["type"]
