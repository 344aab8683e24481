"""Usages at a property a CommonJS module assigns to its exports (winston's ``exports.cli =
logform.levels(configs.cli)``, iconv-lite's ``exports.utf16be = Utf16BECodec``): tsgo's
references are that file's ``exports.X`` and ``module.exports.X``; lsai refused them
(NO_SYMBOL_AT_POSITION: the index ties the name to nothing)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.query.errors import QueryError
from tests.renames import Location, live_references, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "config.js": (
        "function make(n) {\n"  # 1
        "  return { n: n };\n"
        "}\n"
        "\n"
        "exports.cli = make(1);\n"  # 5
        "exports.npm = make(2);\n"  # 6
        "exports.both = [exports.cli, module.exports.npm];\n"  # 7
        "module.exports.syslog = make(3);\n"  # 8
        "exports.utf16be = Codec;\n"  # 9
        "function Codec() {}\n"  # 10
        "// exports.cli in a comment\n"  # 11
    ),
    "use.js": (
        "var config = require('./config');\n"  # 1
        "var cli = config.cli;\n"  # 2
        "module.exports = { cli: cli };\n"  # 3
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("config.js", 5, 9),  # assigned, read again in the file
        ("config.js", 7, 25),  # the read
        ("config.js", 6, 9),  # read on module.exports
        ("config.js", 8, 16),  # assigned on module.exports
        ("config.js", 9, 9),  # holding a function of another name
    ],
)
def test_a_property_assigned_to_the_exports_is_its_files_sites(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs


OBJECT = {
    "jsconfig.json": JSCONFIG,
    "data.js": (
        "module.exports = {\n"  # 1
        "    a: 1,\n"
        "    b: function () { return 2; },\n"
        "};\n"
    ),
    "reader.js": (
        "var data = require('./data');\n"  # 1
        "module.exports = data.a + data.b();\n"  # 2
    ),
    "sub/deep.js": (
        "const d = require('../data');\n"  # 1
        "function f() {\n"
        "  return d.a;\n"  # 3
        "}\n"
        "module.exports = f;\n"
    ),
    "all.js": "module.exports = [require('./data'), require('./reader')];\n",
}


@pytest.mark.parametrize("at", [("data.js", 1, 8), ("data.js", 1, 1)])
def test_a_module_exporting_an_object_is_its_requirers_bindings(
    tmp_path: Path, at: Location
) -> None:
    """iconv-lite's dbcs-data.js ``module.exports = {...}``: lsai refused at ``exports``
    (tsgo lists it and each requirer's binding with its uses) and listed every file's
    ``module`` at ``module``."""
    _, mine, theirs = usages_beside_server(tmp_path, OBJECT, "tsgo", at, declarations=True)
    assert ("reader.js", 1, 5) in theirs
    assert mine == theirs


REPLACED = {
    "jsconfig.json": JSCONFIG,
    "index.js": (
        "exports = module.exports = session;\n"  # 1
        "exports.Store = Store;\n"  # 2
        "module.exports.Cookie = Store;\n"  # 3
        "exports.Store.x = 1;\n"  # 4
        "function session() {}\n"
        "function Store() {}\n"
    ),
    "req.js": (
        "var req = exports = module.exports = {};\n"  # 1
        "req.a = 1;\n"
        "exports.b = 2;\n"  # 3
    ),
    "multer.js": (
        "function multer() {}\nmodule.exports = multer;\nmodule.exports.diskStorage = 1;\n"  # 3
    ),
}


@pytest.mark.parametrize(
    "at", [("index.js", 2, 9), ("index.js", 3, 16), ("req.js", 3, 9), ("multer.js", 3, 16)]
)
def test_a_property_of_exports_the_module_replaces_is_none(tmp_path: Path, at: Location) -> None:
    """express-session's ``exports = module.exports = session`` then ``exports.Store = Store``
    (passport's ``exports.Strategy = require(...)``): tsgo types ``exports`` ``any`` there and
    answers no references; lsai listed the file's sites (1 each)."""
    try:
        _, mine, theirs = usages_beside_server(tmp_path, REPLACED, "tsgo", at, declarations=True)
    except QueryError:
        mine, theirs = set(), asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
    assert not theirs
    assert mine == theirs


MODULES = {
    "jsconfig.json": JSCONFIG,
    "index.js": (
        "function multer() {}\n"
        "var disk = require('./disk')\n"
        "module.exports = multer\n"  # 3
        "module.exports.disk = disk\n"  # 4
    ),
    "disk.js": "module.exports = function (opts) {\n  return opts\n}\n",
    "init.js": "module.exports = function initialize(p) {\n  return p\n}\n",
    "connect.js": (
        "var initialize = require('./init')\n"
        "exports = module.exports = function () {\n"  # 2
        "  return { initialize: initialize }\n"
        "}\n"
    ),
    "behavior.js": (
        "function extend(t) {\n  return t\n}\n"
        "module.exports = extend({}, 1)\n"  # 4
        "module.exports.x = 1\n"
    ),
    "stub.js": "const behavior = require('./behavior')\nmodule.exports = behavior.create\n",
}


@pytest.mark.parametrize(
    "at",
    [
        ("index.js", 4, 1),
        ("disk.js", 1, 1),
        ("init.js", 1, 1),
        ("connect.js", 2, 11),
        ("disk.js", 1, 8),
        ("connect.js", 2, 18),
        ("behavior.js", 4, 8),
    ],
)
def test_module_of_module_exports_is_the_exports(tmp_path: Path, at: Location) -> None:
    """multer's ``module.exports.diskStorage = ...``, passport's ``module.exports = function
    initialize``: tsgo's references at ``module`` are the file's ``module.exports`` and the
    requirers' bindings with their uses; lsai listed every file's ``module`` (7 extra). At
    ``exports`` of ``module.exports = ...`` (sinon's ``module.exports = extend.nonEnum({},
    proto, asyncBehaviors)``) they are the same; lsai refused (NO_SYMBOL_AT_POSITION)."""
    _, mine, theirs = usages_beside_server(tmp_path, MODULES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs


@pytest.mark.parametrize(
    "at", [("config.js", 5, 1), ("config.js", 7, 17), ("connect.js", 2, 1), ("req.js", 1, 11)]
)
def test_the_free_exports_is_its_files(tmp_path: Path, at: Location) -> None:
    """``exports`` of ``exports.cli = ...`` or of passport's ``exports = module.exports = new
    Passport()``: tsgo's references are that file's ``exports`` (not ``module.exports``'s);
    lsai listed every file's (passport: 7 extra)."""
    files = {
        **FILES,
        **REPLACED,
        "connect.js": MODULES["connect.js"],
        "init.js": MODULES["init.js"],
    }
    _, mine, theirs = usages_beside_server(tmp_path, files, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs
