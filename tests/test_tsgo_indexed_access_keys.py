"""A quoted key of an indexed access type (``Core['options']``, ``TRouter['options']['mode']``) is
a reference of the member in tsgo's references only in a file that spells the member's name as
an identifier (or as the quoted key of an element access, ``obj['options']``, which TypeScript's
parser records as one): its references search reads only the files whose identifiers hold the
name, though its definition at the key is the member wherever it is. lsai resolves such keys by
definition (``indexer.lsp.resolve``), so it listed them in every file (router-core's
``TRouter['options']['trailingSlash']`` in routeInfo.ts, tRPC's ``TRouter['_def']['_config']``:
"extra" at 5 of 160 positions); it asks them now only where tsgo's search reads."""

from __future__ import annotations

from pathlib import Path

from lsai.indexer.lsp import resolve
from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}\n',
    "a.ts": (
        "export interface Opts { mode: string }\n"  # 1
        "export class Core { options!: Opts }\n"  # 2
        "export type Own = Core['options']\n"  # 3
    ),
    "alone.ts": "import { Core } from './a'\nexport type X = Core['options']['mode']\n",
    "generic.ts": "import { Core } from './a'\nexport type X<T extends Core> = T['options']\n",
    "comment.ts": "import { Core } from './a'\nexport type X = Core['options'] // options\n",
    "named.ts": (
        "import { Core } from './a'\n"
        "export type X = Core['options']['mode']\n"
        "export const options = 1\n"
    ),
    "member.ts": (
        "import { Core } from './a'\n"
        "export type X = Core['options']\n"
        "export type Y = { options: 1 }\n"
    ),
    "value.ts": "import { Core } from './a'\nexport const v = new Core()['options']\n",
    "both.ts": (
        "import { Core } from './a'\n"
        "export type X = Core['options']\n"
        "export const v = new Core()['options']\n"
    ),
}


def test_a_type_key_is_a_reference_where_the_file_spells_the_name(tmp_path: Path) -> None:
    _, sites, theirs = usages_beside_server(tmp_path, FILES, "tsgo", ("a.ts", 2, 21))
    assert sites == theirs
    assert {("named.ts", 2, 23), ("member.ts", 2, 23), ("value.ts", 2, 30)} <= sites
    assert {("both.ts", 2, 23), ("a.ts", 3, 25)} <= sites
    assert not {("alone.ts", 2, 23), ("generic.ts", 2, 36), ("comment.ts", 2, 23)} & sites


def test_only_an_element_access_quotes_a_key() -> None:
    """A quoted name in an array literal or a tuple type names nothing (tsgo's definition there
    answers nothing): only a ``[`` after what it indexes is asked."""
    lines = [
        "f(['options']); g(o['options'], o?.['options'], x()['options'], T['options'])",
        "return ['options']; const t: ['options'] = x; a.b!['options'];",
    ]
    found = resolve._quoted_sites(lines, [], frozenset({"options"}), set(), None)
    assert [(s.span.start_line, s.span.start_col) for s in found] == [
        (1, 22),  # o['options']
        (1, 38),  # o?.['options']
        (1, 54),  # x()['options']
        (1, 68),  # T['options']
        (2, 53),  # a.b!['options']
    ]


def test_an_array_of_names_is_no_reference(tmp_path: Path) -> None:
    files = {
        **FILES,
        "arrays.ts": (
            "import { Core } from './a'\n"
            "export const keys = ['options'] as const\n"
            "export const read = (c: Core) => c?.['options'] ?? ['options']\n"
        ),
    }
    _, sites, theirs = usages_beside_server(tmp_path, files, "tsgo", ("a.ts", 2, 21))
    assert sites == theirs
    assert ("arrays.ts", 3, 39) in sites
