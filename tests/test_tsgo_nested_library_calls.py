"""A library method called in a function that is no symbol of the index (a method of an object
literal, ``Object.assign({}, store, { subscribe(l) { listeners.add(l) } })`` in a curried arrow
function) is a call of that method: tsgo's outgoing calls of the function around leave it out,
so lsai asks ``prepareCallHierarchy`` there (``indexer.lsp.untied``). Without it the call had no
external symbol: usages at it were refused (a name tied to nothing), and usages at another call
of that method left it out; tsgo's references at either are the method's calls alone."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}\n',
    "a.ts": (
        "export const enhancer =\n"  # 1
        "  (n: number) =>\n"  # 2
        "  (...args: number[]) => {\n"  # 3
        "    const listeners = new Set<() => void>()\n"  # 4
        "    return Object.assign({}, { n }, {\n"  # 5
        "      subscribe(listener: () => void) {\n"  # 6
        "        const wrapped = () => listener()\n"  # 7
        "        listeners.add(wrapped)\n"  # 8
        "        return args\n"  # 9
        "      },\n"  # 10
        "    })\n"  # 11
        "  }\n"  # 12
        "export function plain(s: Set<number>, w: WeakSet<object>) {\n"  # 13
        "  s.add(1)\n"  # 14
        "  w.add({})\n"  # 15
        "}\n"  # 16
    ),
}


def test_a_library_call_in_an_object_literals_method_is_the_methods(tmp_path: Path) -> None:
    _, sites, theirs = usages_beside_server(tmp_path, FILES, "tsgo", ("a.ts", 8, 19))
    assert sites == theirs
    assert ("a.ts", 15, 5) not in sites  # WeakSet.add: another method


def test_usages_at_a_call_the_outgoing_calls_list_reach_the_nested_ones(tmp_path: Path) -> None:
    _, sites, theirs = usages_beside_server(tmp_path, FILES, "tsgo", ("a.ts", 14, 5))
    assert sites == theirs
    assert ("a.ts", 8, 19) in sites  # in the method of the object a curried arrow returns
