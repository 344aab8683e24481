"""A workspace module re-exporting names of a package the server does not resolve (Redux
Toolkit's query/react/reactImports.ts: ``export { useMemo, ... } from 'react'``, rtkImports.ts's
``nanoid``) joins its importers: tsgo's references at the name in any of them, or at the
re-export, are the re-export and every importer's binding and uses (the alias chain ends at the
re-export). lsai kept the asked file's sites alone (a name no symbol holds, bound by the file's
import: ``unindexed``), so it missed the others (3 each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

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
    _, sites, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert sites == theirs
    assert {("a.ts", 1, 10), ("b.ts", 5, 18), ("shim.ts", 2, 3)} <= sites
