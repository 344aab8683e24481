"""A member call chained after a callback or an object literal longer than ten lines (trpc
server's jsonl.ts ``new ReadableStream({ ... 14 lines ... })\\n  .pipeThrough(...)``): tsgo's
outgoing calls site it where the chain's object starts, and lsai moved such a site to the
call's name only within ten lines of it, so the call stayed at the object's start and usages
of the library member listed that site ("extra"). The server answers the chain's two calls of
one name (``.catch(a)\n.catch(b)``) as one, at the object's start: the second asks its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

TSCONFIG = '{"compilerOptions": {"strict": true, "target": "es2022"}, "include": ["*.ts"]}\n'
BODY = "".join(f"      const v{i} = x + {i};\n" for i in range(12))
CHAINED = (
    "export function run(): Promise<number> {\n"  # 1
    "  return Promise.resolve(1)\n"  # 2
    "    .then((x) => {\n"  # 3
    + BODY  # 4-15
    + "      return Promise.resolve(v11)\n"  # 16
    "        // a chain inside the callback\n"  # 17
    "        .catch(() => 2);\n"  # 18
    "    })\n"  # 19
    "\n"
    "    .catch(() => 0)\n"  # 21
    "    .catch(() => 3);\n"  # 22
    "}\n"
    "export function other(p: Promise<number>): Promise<number> {\n"  # 24
    "  return p.catch(() => 1);\n"  # 25
    "}\n"
)


@pytest.mark.parametrize(
    "at", [("it.ts", 21, 6), ("it.ts", 22, 6), ("it.ts", 18, 10), ("it.ts", 3, 6)]
)
def test_a_call_chained_after_a_long_callback_is_sited_at_its_name(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    files = {"tsconfig.json": TSCONFIG, "it.ts": CHAINED}
    _, stored, server = usages_beside_server(tmp_path, files, "tsgo", at)
    assert at in server
    assert stored == server


INVOKED = (
    "export function share(peers: string[], promises: Promise<void>[]): void {\n"  # 1
    "  promises.push(\n"  # 2
    "    (async () => {\n"  # 3
    "      for (const peer of peers) {\n"  # 4
    "        console.log(peer);\n"  # 5
    "      }\n"  # 6
    "    })().catch((e) => {\n"  # 7
    "      console.log(e);\n"  # 8
    "    }),\n"  # 9
    "  );\n"  # 10
    "}\n"
    "export function other(p: Promise<number>): Promise<number> {\n"  # 12
    "  return p.catch(() => 1);\n"  # 13
    "}\n"
)


@pytest.mark.parametrize("at", [("it.ts", 13, 12), ("it.ts", 7, 10)])
def test_a_call_chained_on_the_line_closing_its_object_is_sited_at_its_name(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """``(async () => { ... })().catch(f)`` (automerge-repo's CollectionSynchronizer): tsgo
    sites the ``catch`` call at the ``(`` the chain starts with, lines above the name, which
    follows the brackets' close on the same line; the chain's lines left that line out, so the
    library pass asked the name too and the call stood at both sites: usages of
    ``Promise.catch`` listed the ``(`` ("extra")."""
    files = {"tsconfig.json": TSCONFIG, "it.ts": INVOKED}
    _, stored, server = usages_beside_server(tmp_path, files, "tsgo", at)
    assert at in server
    assert stored == server


JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
TRAILING = (
    "function path(a, b, more) {\n"  # 1
    "  const joined = [a, b, more.rest].\n"  # 2
    "    filter(v => !!v).\n"  # 3
    "    join('.');\n"  # 4
    "  // a comment ending with a dot.\n"  # 5
    "  return [joined].filter(v => v).join('.');\n"  # 6
    "}\n"
    "module.exports = path;\n"
)


@pytest.mark.parametrize("at", [("it.js", 6, 19), ("it.js", 6, 34), ("it.js", 3, 5)])
def test_a_call_below_a_line_ending_with_its_dot_is_sited_at_its_name(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """mongoose's ``const _path = [a, b].\\n  filter(v => !!v).join('.')``: the dot ends the
    line above the call's name, which tsgo's outgoing calls site at the chain's object (the
    ``[``); the chain's lines stopped at the first line, so the call stood at the ``[`` too:
    usages of ``Array.filter`` and ``Array.join`` listed it (mongoose 2 "extra")."""
    files = {"jsconfig.json": JSCONFIG, "it.js": TRAILING}
    _, stored, server = usages_beside_server(tmp_path, files, "tsgo", at)
    assert at in server
    assert {s for s in stored if s[0] == "it.js"} == {s for s in server if s[0] == "it.js"}
