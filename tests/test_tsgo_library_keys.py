"""A key of an object literal a variable is declared a library's type with (trpc server's
``const init: RequestInit = { headers: ..., method: ... }``): tsgo's references there, and at
``init.method`` or ``i.headers`` of another value of that type, are the library member's, the
key among them; lsai refused the key (NO_SYMBOL_AT_POSITION: keys are their contextual type's,
which the index holds no symbol for) and left it out of the member's uses by name. A key of
an untyped literal, of one nested in the typed one, or of another library type's literal
(``ResponseInit``'s ``headers``) is no such member. Asked at the key, the reads listed are
those of values declared with its type (``i: RequestInit``; not ``r.headers`` of a
``Response``); asked at a read, they stay listed by name (the rule for library members)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

TSCONFIG = (
    '{"compilerOptions": {"strict": true, "target": "es2022", "lib": ["es2022", "dom"]},'
    ' "include": ["*.ts"]}\n'
)
SOURCE = (
    "export function make(h: Headers, m: string): Request {\n"  # 1
    "  const init: RequestInit = {\n"  # 2
    "    headers: h,\n"  # 3
    "    method: m,\n"  # 4
    "    window: { method: 1, headers: 2 } ? null : null,\n"  # 5
    "  };\n"  # 6
    "  init.method = 'POST';\n"  # 7
    "  const plain = { headers: 2, method: 'x' };\n"  # 8
    "  return new Request(String(plain), init);\n"  # 9
    "}\n"
    "export function other(i: RequestInit): unknown {\n"  # 11
    "  const once: ResponseInit = { headers: i.headers };\n"  # 12
    "  return [i.headers, once];\n"  # 13
    "}\n"
    "export function third(r: Response): unknown {\n"  # 15
    "  return r.headers;\n"  # 16
    "}\n"
)


@pytest.mark.parametrize("at", [("it.ts", 3, 5), ("it.ts", 4, 5), ("it.ts", 7, 8)])
def test_a_library_typed_literals_key_is_the_library_members(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    files = {"tsconfig.json": TSCONFIG, "it.ts": SOURCE}
    _, stored, server = usages_beside_server(tmp_path, files, "tsgo", at)
    assert at in server
    assert stored == server
