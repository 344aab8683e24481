"""A library method called in a function that is no symbol of the index (a method of an object
literal, ``Object.assign({}, store, { subscribe(l) { listeners.add(l) } })`` in a curried arrow
function) is a call of that method: tsgo's outgoing calls of the function around leave it out,
so lsai asks ``prepareCallHierarchy`` there (``indexer.lsp.untied``). Without it the call had no
external symbol: usages at it were refused (a name tied to nothing), and usages at another call
of that method left it out; tsgo's references at either are the method's calls alone."""

from __future__ import annotations

from pathlib import Path

from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import run_index
from tests.renames import usages_beside_server
from tests.trees import index_rows, needs, served_tree

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


def test_a_changed_file_alone_asks_its_untied_library_calls_as_a_full_run(tmp_path: Path) -> None:
    """A run after a change (`lsai index` with a few files changed, as `lsai watch` and `lsai
    mcp` keep the index) ties the library calls no outgoing calls list as a full run does:
    tsgo answers the changed file alone (``ServerAdapter.targeted``), and ``untied`` asks its
    sites there too (``incremental._untied_calls``): without it ``listeners.add``
    lost its callee."""
    changed = {**FILES, "a.ts": "// moved\n" + FILES["a.ts"]}
    served_tree(tmp_path / "full", changed, "tsgo")
    served_tree(tmp_path / "live", FILES, "tsgo")
    (tmp_path / "live/a.ts").write_text(changed["a.ts"])
    with LiveIndex(tmp_path / "live") as targets:  # as `lsai index` runs: a few files alone
        summary = run_index(tmp_path / "live", targets=targets)
    assert summary.complete and summary.reindexed == ["a.ts"]
    full, live = (_library_calls(tmp_path / tree) for tree in ("full", "live"))
    assert (9, 19, "add") in full
    assert live == full


def _library_calls(root: Path) -> list[tuple[int, int, str]]:
    return index_rows(
        root,
        "SELECT c.line, c.col, s.name FROM call_edges c JOIN symbols s "
        "ON s.key = c.external_key ORDER BY 1, 2, 3",
    )
