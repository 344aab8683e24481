"""Whether ty passes the keyword arguments of a Python function's calls to its parameters
through the decorators of its definition: its references of a parameter list those keywords
(``f(timeout=3)``) only where the decorated function keeps its signature to ty.

Measured against ty on a probe: ``staticmethod``, ``classmethod``, ``contextmanager``,
``asynccontextmanager`` and a workspace decorator annotated to return what it takes (``def
deco(f: F) -> F``, ``Callable[P, R]``) keep it; a decorator ty cannot resolve (radon's
``@program.command`` of the uninstalled ``mando``), a workspace decorator without a return
annotation (``def deco(f): return f`` too), one wrapping the function (``functools.wraps``),
``functools.lru_cache`` and ``functools.cache`` do not: ty lists no keyword there."""

from __future__ import annotations

import re

from lsai.storage import navigation, tool_queries
from lsai.storage.engine import Reader

KEEPS = frozenset(
    {"staticmethod", "classmethod", "contextmanager", "asynccontextmanager", "overload"}
    | {"abstractmethod", "override", "final"}
)
"""Decorators ty reads as keeping the signature, by their last name (typeshed declares them
with a type variable or a ``ParamSpec``; ``staticmethod`` is led nowhere by ty's calls)."""
WRAPS = frozenset({"lru_cache", "cache"})
"""Library decorators returning a wrapper whose ``__call__`` takes ``**kwargs``."""
DECORATOR_REACH = 40
"""Lines above a definition's name where its decorators' calls may be."""
_DECORATOR = re.compile(r"@\s*((?:\w+\s*\.\s*)*\w+)")


def passes_keywords(conn: Reader, key: str) -> bool:
    """Whether ty passes the keyword arguments of the calls of the Python function ``key`` to
    its parameters, through each of its decorators (module doc)."""
    function = navigation.symbol_details(conn, key)
    if function is None or function["language"] != "python" or not function["attributes"]:
        return True
    names = [m[1].rsplit(".", 1)[-1].strip() for m in _DECORATOR.finditer(function["attributes"])]
    line = int(function["line"])
    calls = tool_queries.calls_led_on_lines(
        conn, str(function["file"]), max(1, line - DECORATOR_REACH), line - 1
    )
    return all(_keeps(conn, name, calls) for name in names)


def _keeps(conn: Reader, name: str, calls: list[tuple[int, str, str | None, str | None]]) -> bool:
    """Whether the decorator called ``name`` keeps the signature, as its call above the
    definition (the nearest of that name) was led: to a library (not a wrapper's), to a
    workspace function annotated with its return type; not nowhere. No call of that name
    read there: as it was (kept)."""
    if name in KEEPS or name in WRAPS:
        return name in KEEPS
    led = next(((key, external) for _, callee, key, external in calls if callee == name), None)
    if led is None:
        return True
    key, external = led
    if external is not None:
        return True
    decorator = navigation.symbol_details(conn, key) if key is not None else None
    return decorator is not None and bool(decorator["return_type"])
