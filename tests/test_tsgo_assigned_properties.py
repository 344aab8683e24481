"""The properties a destructuring assignment reads (rxjs 7.8.1's repeat: ``({ count =
Infinity, delay } = countOrConfig)``, no declaration): tsgo's references of
``RepeatConfig.delay`` list the shorthand (and a key, ``with: _with``), though its definition
there answers the variable written (at the key, the key itself). lsai's references pass asks
definitions, so it keyed those sites to nothing: usages and rename of the property missed
them (``indexer.lsp.assigned``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.live import LiveIndex
from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_live import assert_equals_rebuild
from tests.test_live_tsgo import edit
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import needs

FILES = {
    "tsconfig.json": TSCONFIG,
    "repeat.ts": (
        "export interface RepeatConfig {\n"  # 1
        "  count?: number;\n"  # 2
        "  delay?: number;\n"  # 3
        "  with?: string;\n"  # 4
        "}\n"  # 5
        "\n"  # 6
        "export function repeat(countOrConfig?: number | RepeatConfig): number {\n"  # 7
        "  let count = Infinity;\n"  # 8
        "  let delay: RepeatConfig['delay'];\n"  # 9
        "  let _with = '';\n"  # 10
        "  if (typeof countOrConfig === 'object') {\n"  # 11
        "    ({ count = Infinity, delay, with: _with = 'x' } = countOrConfig);\n"  # 12
        "  }\n"  # 13
        "  return count + (delay ?? 0) + _with.length;\n"  # 14
        "}\n"
    ),
    "plain.ts": (
        "import type { RepeatConfig } from './repeat.js';\n"  # 1
        "\n"  # 2
        "export function plain(config: RepeatConfig): number {\n"  # 3
        "  let delay: number | undefined;\n"  # 4
        "  ({ delay } = config);\n"  # 5
        "  return delay ?? 0;\n"  # 6
        "}\n"
    ),
}

AT = [
    ("repeat.ts", 2, 3),  # RepeatConfig.count
    ("repeat.ts", 3, 3),  # RepeatConfig.delay
    ("repeat.ts", 4, 3),  # RepeatConfig.with
    ("repeat.ts", 12, 8),  # the shorthand count: the variable and the property
    ("plain.ts", 4, 7),  # the variable delay alone
]


@pytest.mark.parametrize("at", AT)
def test_usages_of_a_property_take_in_a_destructuring_assignments_names(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert any(line in (5, 12) for _, line, _ in theirs), theirs
    assert mine == theirs


@pytest.mark.parametrize("at", [("repeat.ts", 3, 3), ("repeat.ts", 4, 3)])
def test_rename_of_a_property_spells_out_a_destructuring_assignments_shorthand(
    tmp_path: Path, at: Location
) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert any(line == 12 for _, line, _ in theirs), theirs
    assert mine == theirs


@needs("tsgo")
def test_a_live_edit_keys_a_new_destructuring_assignment_as_a_rebuild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A live update of a file asks its new patterns' names too (``incremental``; asked alone
    here, as ``test_live_tsgo``'s shorthand export is: an importer's edit asks the whole group
    otherwise, ``incremental._module_shape``)."""
    monkeypatch.setattr("lsai.indexer.lsp.incremental._module_shape", lambda *_: False)
    root = tmp_path / "tree"
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    with LiveIndex(root) as index:
        assert index.update().complete
        old = "({ delay } = config);"
        edit(root, "plain.ts", old, old + "\n  ({ count: delay } = config);")
        assert index.update(["plain.ts"]).servers["tsgo"].files == 1
        assert_equals_rebuild(root, tmp_path / "rebuilt")
