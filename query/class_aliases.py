"""Python classes under another name: a variable assigned a class (hyperlink's ``EncodedURL =
URL  # An alias``, re-exported and called by the tests and hypothesis strategies).

A call of the variable constructs the class: ty's incoming calls of the class's ``__init__`` list
``EncodedURL(...)`` beside ``URL(...)``, and its references of a parameter list the keywords of
both (``EncodedURL(scheme="a", path=p)``); at such a keyword its definition is the parameter. The
index keys the call to the variable, as ty's definition there leads; the constructor's callers,
its parameters' usages and rename take the variable's calls in (``constructed_classes``), and a
keyword there is read as the class's (``held_class``). A variable whose value is more than the
name (``URL(...)``, ``make(URL)``, ``URL if x else None``) holds no class; an alias of an alias
(``A = URL``, ``B = A``) holds it too."""

from __future__ import annotations

import re

from lsai.storage import graph
from lsai.storage.engine import Reader

MAX_ALIASES = 20
"""Aliases followed from one class (and along a chain)."""


def _holds(signature: str | None, name: str, held: str) -> bool:
    """Whether the variable ``name``'s signature assigns it the bare name ``held`` (qualified by
    a module or an annotation: ``URL = _url.URL``, ``U: type[URL] = URL``)."""
    value = rf"{re.escape(name)}\s*(?::[^=]+)?=\s*(?:[A-Za-z_]\w*\s*\.\s*)*{re.escape(held)}"
    return signature is not None and re.fullmatch(value, signature.strip()) is not None


def class_aliases(conn: Reader, classes: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(key, name) of the variables holding one of the Python ``classes`` ((key, name) each)."""
    seen = {key for key, _ in classes}
    found: list[tuple[str, str]] = []
    queue = list(classes)
    for key, name in queue:  # grows while walked: aliases of aliases
        for alias, alias_name, signature in graph.assigned_from(conn, key):
            if alias not in seen and _holds(signature, alias_name, name):
                seen.add(alias)
                found.append((alias, alias_name))
                queue.append((alias, alias_name))
        if len(found) >= MAX_ALIASES:
            break
    return found[:MAX_ALIASES]


def held_class(conn: Reader, key: str) -> str | None:
    """The key of the class the variable ``key`` holds (through aliases of it), else None."""
    seen = {key}
    for _ in range(MAX_ALIASES):
        held = [
            (target, kind)
            for target, name, kind, variable, signature in graph.assigned_to(conn, key)
            if _holds(signature, variable, name)
        ]
        if len(held) != 1 or held[0][0] in seen:
            return None
        key, kind = held[0]
        if kind == "class":
            return key
        if kind != "variable":
            return None
        seen.add(key)
    return None
