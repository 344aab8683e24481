"""Usages at an importer's default binding of a function exported under another name
(underscore's has.js ``import _has from './_has.js'`` of ``export default function has``):
tsgo's references there and at its reads are that file's binding and reads; lsai listed every
importer's (15 extra). A binding spelled as the function (``import has from './_has.js'``) is
the function's for tsgo: every importer's, with the function. So with ``export default make;`` or
``export default class Shape``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "_has.js": (
        "export default function has(obj, key) {\n"  # 1
        "  return obj != null && key in obj;\n"
        "}\n"
    ),
    "has.js": (
        "import _has from './_has.js';\n"  # 1
        "\n"
        "export default function has(obj, path) {\n"
        "  return _has(obj, path) && _has(obj, 'a');\n"  # 4
        "}\n"
    ),
    "keys.js": (
        "import has from './_has.js';\n"  # 1
        "\n"
        "export default function keys(obj) {\n"
        "  return has(obj, 'k') ? ['k'] : [];\n"  # 4
        "}\n"
    ),
    "alias.js": "function make() {\n  return 1;\n}\nexport default make;\n",
    "build.js": "import build from './alias.js';\nexport const made = build();\n",  # 2
    "classes.js": "export default class Shape {}\n",
    "draw.js": "import Figure from './classes.js';\nexport const f = new Figure();\n",  # 2
}


@pytest.mark.parametrize(
    "at",
    [
        ("has.js", 1, 8),  # the binding under another name
        ("has.js", 4, 10),  # its read
        ("has.js", 4, 29),
        ("keys.js", 1, 8),  # spelled as the function: every importer's
        ("keys.js", 4, 10),
        ("_has.js", 1, 25),  # the function
        ("build.js", 2, 21),  # `export default make;`
        ("draw.js", 2, 22),  # a class
    ],
)
def test_usages_at_a_default_import_under_another_name_are_its_files(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs
