"""A key of a CommonJS export object naming another's value (fs-extra's mkdirs/index.js
``module.exports = { mkdirsSync: makeDirSync }``, ``makeDirSync`` required from make-dir.js) is
a property of the module, whose sites tsgo's references list; where another file declares a
variable of the key's name resolved by definition (copy-sync.js's ``const mkdirsSync =
require('../mkdirs').mkdirsSync``), every site of the name was asked by definition too, and a
requirer's ``mkdir.mkdirsSync(dir)``, which tsgo's definition leads on to the function, was
keyed to ``makeDirSync`` first: usages there answered the function's (3 missing, 6 extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "make.js": (
        "module.exports.make = async (dir) => dir\n"
        "module.exports.makeSync = (dir, options) => {\n"
        "  return dir\n"
        "}\n"
    ),
    "index.js": (
        "const { make: _make, makeSync } = require('./make')\n"
        "module.exports = {\n"
        "  mkSync: makeSync,\n"  # 3
        "  mkpSync: makeSync\n"
        "}\n"
    ),
    "copy.js": (
        "const mkSync = require('./index').mkSync\n"  # 1
        "function copy (dest) {\n"
        "  if (dest) mkSync(dest)\n"
        "}\n"
        "module.exports = copy\n"
    ),
    "use.js": (
        "const m = require('./index')\n"
        "function go (e) {\n"
        "  if (e) m.mkSync('a')\n"  # 3
        "}\n"
        "module.exports = go\n"
    ),
}


@pytest.mark.parametrize("at", [("use.js", 3, 12), ("index.js", 3, 3)])
def test_usages_of_a_cjs_key_read_elsewhere_are_the_servers(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert len(theirs) > 2, "tsgo lists the key's reads"
    assert mine == theirs
