"""Names a JavaScript or TypeScript rename must keep: those read from a package.

``import type { Encoder } from '@trpc/server/...'`` reads the name the package exports. When the
package is not installed, tsgo lists the file's ``export { type Encoder }`` as a symbol and
answers the import as one of its sites, so the rename of that re-export reached the import
too: ``import type { EncoderZq } from '@trpc/server/...'`` names nothing the package exports
(@trpc/client's createWsClient.ts). The import keeps the name it reads and binds the new one
(``import type { Encoder as EncoderZq }``), as tsgo's rename at the import spells it; the
workspace's own re-exports and importers are renamed with the symbol (lsai's rule for a
re-export, ``export { a }`` -> ``export { aZq }``).

The index keeps no syntax tree: a site's statement is read from the text around it (the
``{ ... }`` list it stands in, and the ``from '...'`` after it).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from lsai.query.rename_plan import Miss, Plan

_SCAN = 4000  # characters looked back for the list's ``{`` and ahead for its ``}``
_HEAD = re.compile(r"\b(import|export)(?:\s+type)?\s*(?:[\w$]+\s*,\s*)?$")
"""What precedes the ``{`` of an import or export list: ``import``, ``import type``, ``import
React, {``, ``export``, ``export type``."""
_FROM = re.compile(r"""\s*from\s*(["'])([^"'\n]+)\1""")
_AS = re.compile(r"\s+as\b")


class _Text:
    """A file's lines joined once, with where each line starts."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.text = "\n".join(lines)
        self.starts = list(itertools.accumulate((len(each) + 1 for each in lines), initial=0))


def list_statement(source: _Text, line: int, col: int) -> tuple[str, str | None] | None:
    """The keyword (``import``, ``export``) of the ``{ ... }`` list the name at ``line``,
    ``col`` of ``source`` stands in, and the module the list reads from (None: ``export { a
    }`` of the file's own names); None when the name is in no such list."""
    if not 0 < line < len(source.starts):
        return None
    text = source.text
    at = source.starts[line - 1] + col - 1
    before = text[max(0, at - _SCAN) : at]
    opening = before.rfind("{")
    if opening < 0 or any(c in before[opening + 1 :] for c in "{}();=`"):
        return None
    head = _HEAD.search(before[:opening])
    if head is None:
        return None
    closing = text.find("}", at, at + _SCAN)
    if closing < 0:
        return None
    found = _FROM.match(text, closing + 1)
    return head.group(1), found.group(2) if found else None


def _reads_a_package(module: str) -> bool:
    """Whether an import's module is a package's (``@trpc/server``), not a file's (``./a``)."""
    return not module.startswith((".", "/"))


def keep_package_names(
    plan: Plan, lines_of: dict[str, list[str]], new_name: str
) -> dict[str, dict[tuple[int, int], str]]:
    """Per file, the sites of ``plan`` that read the name from a package, spelled so that they
    keep it (``Encoder as EncoderZq``); such a site already aliased (``Encoder as E``) is left
    out of the edits. Only when every definition the plan renames is a name in an export list
    (``export { type Encoder }``): the name is then declared by no file of the workspace, so a
    package's import is where it comes from. Where a file declares it, an import spelled as
    a package's reads it from the workspace (a ``paths`` alias, a workspace package)."""
    t = plan.target
    sources = {path: _Text(lines) for path, lines in lines_of.items()}
    if not plan.semantic or not all(
        path in sources and (list_statement(sources[path], line, col) or ("",))[0] == "export"
        for path, line, col in plan.definitions
    ):
        return {}
    out: dict[str, dict[tuple[int, int], str]] = {}
    for path, positions in plan.edits.items():
        lines = lines_of.get(path, [])
        source = sources.get(path) or _Text(lines)
        for line, col in list(positions):
            found = list_statement(source, line, col)
            if found is None or found[1] is None or not _reads_a_package(found[1]):
                continue
            if _AS.match(lines[line - 1], col - 1 + len(t.name)):
                positions.remove((line, col))
                why = f"reads {t.name} from the package {found[1]}, bound to another name"
                plan.misses.append(Miss("alias", t.name, path, line, col, why))
                continue
            out.setdefault(path, {})[line, col] = f"{t.name} as {new_name}"
    return out
