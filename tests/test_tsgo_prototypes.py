"""Usages at ``prototype`` of a JavaScript function of the workspace (send's
``SendStream.prototype.root = function root(...)``): tsgo's references there are the
``prototype`` of every workspace function, in every file (``Function.prototype``), not
``Object.prototype``. lsai refused them all (NO_SYMBOL_AT_POSITION: the index ties no
``prototype``, and a member of a value tsgo cannot type is listed by no name). A function
declared in a chain of three assignments (stylus's ``var HSLA = exports = module.exports =
function HSLA``) was no such function: its ``prototype`` reads were refused and left out of the
others' (stylus: 23 missing at 6 positions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "stream.js": (
        "function SendStream(path) {\n"  # 1
        "  this.path = path\n"  # 2
        "}\n"
        "function Other() {}\n"  # 4
        "SendStream.prototype.root = function root(p) {\n"  # 5
        "  return p\n"
        "}\n"
        "SendStream.prototype.from = SendStream.prototype.root\n"  # 8
        "Other.prototype.root = function root(p) { return p }\n"  # 9
        "var proto = Other.prototype\n"  # 10
        "module.exports = SendStream\n"  # 11
    ),
    "use.js": (
        "var SendStream = require('./stream')\n"  # 1
        "SendStream.prototype.extra = function extra() {}\n"  # 2
        "var x = Object.prototype.toString\n"  # 3
    ),
    "hsla.js": (  # stylus's, a chain of three assignments
        "var HSLA = exports = module.exports = function HSLA(h) {\n"  # 1
        "  this.h = h\n"
        "}\n"
        "HSLA.prototype.clone = function () { return new HSLA(this.h) }\n"  # 4
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("stream.js", 5, 12),
        ("stream.js", 8, 40),
        ("stream.js", 9, 7),
        ("use.js", 2, 12),
        ("hsla.js", 4, 6),
    ],
)
def test_the_prototype_of_a_function_is_every_functions_prototype(
    tmp_path: Path, at: Location
) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    assert {("stream.js", 10, 19), ("use.js", 2, 12), ("hsla.js", 4, 6)} <= server
    assert ("use.js", 3, 16) not in server
    assert sites == server


ASSIGNED = {
    **FILES,
    "streams.js": (
        "var Transform = require('stream').Transform\n"  # 1
        "function Encoder(conv) {\n"  # 2
        "  this.conv = conv\n"
        "}\n"
        "Encoder.prototype = Object.create(Transform.prototype, {\n"  # 5
        "  constructor: { value: Encoder }\n"
        "})\n"
        "Encoder.prototype._flush = function (done) { done() }\n"  # 8
        "function Decoder() {}\n"  # 9
        "Decoder.prototype = { write: function (b) { return b } }\n"  # 10
        "Decoder.prototype.end = function () {}\n"  # 11
        "module.exports = { Encoder: Encoder, Decoder: Decoder }\n"
    ),
    "cookie.js": (  # express-session's
        "var Cookie = module.exports = function Cookie(options) {\n"  # 1
        "  this.options = options\n"
        "}\n"
        "Cookie.prototype = { get: function () { return 1 } }\n"  # 4
    ),
}


@pytest.mark.parametrize(
    ("at", "own"),
    [
        (("streams.js", 5, 9), {("streams.js", 5, 9), ("streams.js", 8, 9)}),
        (("streams.js", 8, 9), {("streams.js", 5, 9), ("streams.js", 8, 9)}),
        (("streams.js", 11, 9), {("streams.js", 10, 9), ("streams.js", 11, 9)}),
        (("stream.js", 5, 12), None),
        (("cookie.js", 4, 8), None),  # declared in a chain: Function.prototype
    ],
)
def test_the_prototype_a_function_is_assigned_is_its_own(
    tmp_path: Path, at: Location, own: set[Location] | None
) -> None:
    """``Encoder.prototype = Object.create(...)`` (iconv-lite's streams): tsgo's references of
    that ``prototype`` are the function's own, and every other function's leave them out; not
    express-session's ``var Cookie = module.exports = function Cookie``'s (1 missing)."""
    _, sites, server = usages_beside_server(tmp_path, ASSIGNED, "tsgo", at, declarations=True)
    if own is None:
        assert not any(file == "streams.js" for file, _, _ in server)
        assert ("use.js", 2, 12) in server
    else:
        assert server == own
    assert sites == server


CLASSES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2022"}}\n',
    "state.ts": (
        "export class State {\n"  # 1
        "  get(): number { return 1 }\n"
        "}\n"
        "export class Computed {}\n"  # 4
        "const original = State.prototype.get\n"  # 5
        "State.prototype.get = function () { return original.call(this) + 1 }\n"  # 6
        "export const c = Computed.prototype\n"  # 7
        "export function f() {}\n"  # 8
        "export const g = f.prototype\n"  # 9
    ),
    "use.ts": (
        'import { State } from "./state"\nexport const p = State.prototype\n'  # 2
    ),
}


@pytest.mark.parametrize("at", [("state.ts", 5, 24), ("state.ts", 6, 7), ("use.ts", 2, 24)])
def test_the_prototype_of_a_class_is_its_own(tmp_path: Path, at: Location) -> None:
    """``State.prototype`` of a workspace class (signal-polyfill's ``Signal.State.prototype``):
    tsgo's references are that class's ``prototype`` reads, in every file, not another class's
    nor a function's."""
    _, sites, server = usages_beside_server(tmp_path, CLASSES, "tsgo", at, declarations=True)
    assert server == {("state.ts", 5, 24), ("state.ts", 6, 7), ("use.ts", 2, 24)}
    assert sites == server
