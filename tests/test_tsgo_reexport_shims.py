"""A workspace module re-exporting names of a package the server does not resolve (Redux
Toolkit's query/react/reactImports.ts: ``export { useMemo, ... } from 'react'``, rtkImports.ts's
``nanoid``) joins its importers: tsgo's references at the name in any of them, or at the
re-export, are the re-export and every importer's binding and uses (the alias chain ends at the
re-export). lsai kept the asked file's sites alone (a name no symbol holds, bound by the file's
import: ``unindexed``), so it missed the others (3 each)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import live_references
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}\n',
    "shim.ts": "export {\n  useThing,\n  other,\n} from 'missing-pkg'\n",
    "a.ts": "import { useThing } from './shim'\nexport const x = useThing(1)\n",
    "b.ts": (
        "import {\n  other,\n  useThing,\n} from './shim'\nexport const y = useThing(2) + other\n"
    ),
    "c.ts": "import { useThing } from 'missing-pkg'\nexport const z = useThing(3)\n",
}


@pytest.mark.parametrize("at", [("a.ts", 2, 18), ("shim.ts", 2, 3), ("b.ts", 3, 3)])
def test_the_importers_of_a_reexport_shim_share_the_name(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        asked = UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True)
        found = usages(ws, asked)
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    theirs = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
    assert sites == theirs
    assert {("a.ts", 1, 10), ("b.ts", 5, 18), ("shim.ts", 2, 3)} <= sites
