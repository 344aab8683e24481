"""A library's name in a JSDoc comment (trpc server's jsonl.ts ``@see ReadableStream from
lib.dom.d.ts``; ``{@link ReadableStream}``, ``@param {ReadableStream} s``): tsgo binds it, and
its references of ``ReadableStream``, at a type or a value of that name or at the comment,
list it. lsai asked the definition there (``treesitter.jsdoc``) but kept only the names the
server tied to a workspace symbol: the library's were no site at all ("missing" at the uses,
NO_SYMBOL_AT_POSITION at the comment). They are untied names now, as code's are, listed by
name: a ``@see``'s or a link's in either meaning (a type and a value alike, as at an import), a
tag's type as a type. (Asked at ``new ReadableStream()`` in the tree with the ``@see``, tsgo
lists a JavaScript file's ``@param {ReadableStream}`` too, not the code's type uses: a server
quirk, left out of the positions; without the ``@see`` it lists neither, as lsai.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

TSCONFIG = (
    '{"compilerOptions": {"strict": true, "target": "es2022", "lib": ["es2022", "dom"],'
    ' "allowJs": true, "checkJs": true}, "include": ["*.ts", "*.js"]}\n'
)
SOURCE = (
    "/**\n"  # 1
    " * A subset of ReadableStream's properties.\n"  # 2
    " * @see ReadableStream from lib.dom.d.ts\n"  # 3
    " * @see {@link ReadableStream} and {@link Esque}\n"  # 4
    " */\n"  # 5
    "export type Esque = { getReader: () => unknown };\n"  # 6
    "/** @see Esque */\n"  # 7
    "export function make(s: ReadableStream<Uint8Array>): Esque {\n"  # 8
    "  return s ?? new ReadableStream();\n"  # 9
    "}\n"
)
SCRIPT = (
    "/**\n"  # 1
    " * @param {ReadableStream} s the stream\n"  # 2
    " * @returns {number} one\n"  # 3
    " */\n"  # 4
    "export function size(s) {\n"  # 5
    "  return s.locked ? 1 : 0;\n"  # 6
    "}\n"
)


@pytest.mark.parametrize(
    "at",
    [
        ("it.ts", 3, 9),
        ("it.ts", 4, 16),
        ("it.ts", 8, 25),
        ("it.js", 2, 12),
        ("it.ts", 7, 10),
        ("it.ts", 6, 13),
    ],
)
def test_a_library_name_in_a_doc_comment_is_among_its_uses(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    files = {"tsconfig.json": TSCONFIG, "it.ts": SOURCE, "it.js": SCRIPT}
    _, stored, server = usages_beside_server(tmp_path, files, "tsgo", at)
    assert at in server or at == ("it.ts", 6, 13)
    assert stored == server


TAGGED = (
    "/**\n"  # 1
    " * @param {ReadableStream} s the stream\n"  # 2
    " */\n"  # 3
    "export function make(s: ReadableStream<Uint8Array>): unknown {\n"  # 4
    "  return s ?? new ReadableStream();\n"  # 5
    "}\n"
)
TYPED_JS = "/** @type {ReadableStream} */\nexport const r = new ReadableStream();\n"


@pytest.mark.parametrize(
    "at", [("it.ts", 2, 12), ("it.ts", 4, 25), ("it.ts", 5, 19), ("b.js", 1, 12), ("b.js", 2, 22)]
)
def test_a_tags_library_type_is_among_the_types_uses(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    files = {"tsconfig.json": TSCONFIG, "it.ts": TAGGED, "b.js": TYPED_JS}
    _, stored, server = usages_beside_server(tmp_path, files, "tsgo", at)
    assert at in server
    assert stored == server
