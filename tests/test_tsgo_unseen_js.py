"""Callers and usages that disagreed with TypeScript 7 in the sweep of JavaScript and
TypeScript packages lsai had not been run on (js-yaml, mobx, ...: ``bench/accuracy_bench.py
--npm`` / ``--npm-js``), each on a small fixture: lsai's stored answer is compared with the
live server's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.query.calls import CallsInput, callers
from lsai.query.workspace import open_workspace
from tests.test_rename_matches_server import ASSIGNED_LATER, BRANCH_ASSIGNED
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG, usages_beside_server
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FOLD = {
    "jsconfig.json": JSCONFIG,
    "fold.js": (
        "function fold(text) {\n"  # 1
        "  var first = (function () {\n"  # 2
        "    return line(text);\n"  # 3
        "  }());\n"
        "  var second = (async function () { return line(text); })();\n"  # 5
        "  return first + second + again(text);\n"  # 6
        "}\n\n"
        "function line(text) {\n"  # 9
        "  return text;\n"
        "}\n\n"
        "function again(text) {\n"  # 13
        "  return fold(text);\n"  # 14
        "}\n\n"
        "module.exports.fold = fold;\n"  # 17
        "module.exports.line = line;\n"  # 18
        "exports.again = again;\n"  # 19
    ),
}


def test_a_function_expression_called_where_it_is_written_is_no_call_of_the_function_around(
    tmp_path: Path,
) -> None:
    """js-yaml's foldString: ``var result = (function () {...}());``. tsgo's outgoing calls of
    foldString list the call of the anonymous function as a call of foldString itself (its
    incoming calls do not): foldString was its own caller (1 "extra", lib/dumper.js)."""
    asked = [("fold.js", 1, 10), ("fold.js", 9, 10)]
    stored, server = callers_beside_server(tmp_path, FOLD, "tsgo", asked)
    assert server[asked[0]] == {("again", "fold.js")}
    assert server[asked[1]] == {("fold", "fold.js")}
    assert stored == server


def test_a_function_assigned_to_a_property_of_exports_is_not_called_there(
    tmp_path: Path,
) -> None:
    """js-yaml's ``module.exports.isObject = isObject`` (lib/common.js): the property, an alias
    of the function, is a member outside any function, which lsai counts as a call of the
    module when it is read (tsgo's call hierarchy does); assigned, it is read by nothing
    (callers: an extra ``<module>`` of isObject, repeat, ...)."""
    asked = [("fold.js", 13, 10)]
    stored, server = callers_beside_server(tmp_path, FOLD, "tsgo", asked)
    assert server[asked[0]] == {("fold", "fold.js")}
    assert stored == server


ACCESSORS = {
    "tsconfig.json": TSCONFIG,
    "atom.ts": (
        "export function getFlag(flags: number, mask: number): boolean {\n"  # 1
        "  return (flags & mask) !== 0\n"
        "}\n\n"
        "export function setFlag(flags: number, mask: number, on: boolean): number {\n"  # 5
        "  return on ? flags | mask : flags & ~mask\n"
        "}\n\n"
        "export class Atom {\n"  # 9
        "  private flags = 0\n\n"
        "  get diffValue(): 0 | 1 {\n"  # 12
        "    return getFlag(this.flags, 4) ? 1 : 0\n"
        "  }\n"
        "  set diffValue(value: 0 | 1) {\n"  # 15
        "    this.flags = setFlag(this.flags, 4, value === 1)\n"
        "  }\n\n"
        "  static get empty(): boolean {\n"  # 19
        "    return getFlag(0, 1)\n"
        "  }\n"
        "}\n\n"
        "export const box = {\n"  # 24
        "  flags: 0,\n"
        "  get on(): boolean {\n"  # 26
        "    return getFlag(this.flags, 1)\n"
        "  },\n"
        "}\n"
    ),
}


def test_a_call_in_a_getter_or_a_setter_is_the_accessors(tmp_path: Path) -> None:
    """mobx's Atom: ``get diffValue() { return getFlag(this.flags_, ...) }`` and its setter
    calling setFlag. tsgo's caller is the accessor (``diffValue``); lsai's was the class
    around it (getFlag: 13 "missing" accessors, 3 "extra" classes, core/atom.ts ...)."""
    asked = [("atom.ts", 1, 17), ("atom.ts", 5, 17)]
    stored, server = callers_beside_server(tmp_path, ACCESSORS, "tsgo", asked)
    assert server[asked[0]] == {("diffValue", "atom.ts"), ("empty", "atom.ts"), ("on", "atom.ts")}
    assert server[asked[1]] == {("diffValue", "atom.ts")}
    assert stored == server


SIGNATURES = {
    "tsconfig.json": TSCONFIG,
    "action.ts": (
        "export interface Named {\n"  # 1
        "  name: string\n"
        "}\n\n"
        "export interface ActionFactory\n"  # 5
        "  extends Named {\n"
        "  // nameless actions\n"
        "  <T extends Function | undefined | null>(fn: T): T\n"  # 8
        "  // named actions\n"
        "  <T extends Function | undefined | null>(name: string, fn: T): T\n"  # 10
        "  /** A decorator. */\n"
        "  (customName: string): Named &\n"
        "    Named\n"
        "  bound: Named\n"
        "}\n\n"
        "export function isNamed(arg: unknown): arg is string {\n"  # 17
        '  return typeof arg === "string"\n'
        "}\n\n"
        "export function createFactory(): unknown {\n"  # 21
        "  if (isNamed(1)) {\n"  # 22
        "    return createFactory()\n"  # 23
        "  }\n"
        "  return isNamed\n"
        "}\n\n"
        "export const made = createFactory()\n"
        "isNamed(made)\n\n"  # 29
        "export class Box {\n"
        "  get named(): boolean {\n"
        "    return isNamed(this)\n"  # 33
        "  }\n"
        "}\n"
    ),
}


def test_a_generic_call_signature_on_its_own_line_keeps_the_file_readable(
    tmp_path: Path,
) -> None:
    """mobx's IActionFactory: ``(name: string, fn: T): T`` then ``<T extends Function |
    undefined | null>(...)`` on the next line, which tree-sitter-typescript reads as the type
    arguments of ``T`` and fails, losing the rest of the file: createActionFactory's calls
    were the module's (is20223Decorator: an extra ``<module>``), ``if (...)`` a call; here a
    call at the top after the function is lost, a class's getter keyed as a function."""
    asked = [("action.ts", 17, 17), ("action.ts", 21, 17)]
    stored, server = callers_beside_server(tmp_path, SIGNATURES, "tsgo", asked)
    assert server[asked[0]] == {
        ("createFactory", "action.ts"),
        ("<module>", "action.ts"),
        ("named", "action.ts"),
    }
    assert server[asked[1]] == {("createFactory", "action.ts"), ("<module>", "action.ts")}
    assert stored == server


OPENED = {
    "tsconfig.json": TSCONFIG,
    "selector.ts": (
        "export interface CreateSelector<State = any> {\n"  # 1
        "  <Input extends State[], Result>(input: Input): Result &\n"
        "    Input\n"
        "  /** Its parameters on the lines after the `<`. */\n"
        "  <\n"  # 5
        "    Input extends State[],\n"
        "    Result = unknown\n"
        "  >(input: Input, result: Result): Result\n"
        "}\n\n"
        "export function check(value: unknown): boolean {\n"  # 11
        "  return value !== undefined\n"
        "}\n\n"
        "export function createSelector(): CreateSelector {\n"  # 15
        "  const memoized = (input: unknown[]) => check(input)\n"  # 16
        "  check(memoized)\n"  # 17
        "  return memoized as unknown as CreateSelector\n"
        "}\n\n"
        "check(createSelector)\n"  # 21
    ),
}


def test_a_generic_call_signature_opening_with_a_lone_angle_bracket_keeps_the_file_readable(
    tmp_path: Path,
) -> None:
    """reselect's CreateSelectorFunction (createSelectorCreator.ts): a call signature whose type
    parameters open on a line of its own (``<`` alone, then ``InputSelectors extends ...``)
    after a member ending with a type read to tree-sitter-typescript as type arguments, which
    failed the whole file: the calls in createSelectorCreator were the module's
    (runIdentityFunctionCheck: an extra ``<module>``); redux's store.ts and Redux Toolkit's
    createSlice.ts and combineSlices.ts too."""
    asked = [("selector.ts", 11, 17)]
    stored, server = callers_beside_server(tmp_path, OPENED, "tsgo", asked)
    assert server[asked[0]] == {
        ("createSelector", "selector.ts"),
        ("memoized", "selector.ts"),
        ("<module>", "selector.ts"),
    }
    assert stored == server


LOOSE = {
    "jsconfig.json": JSCONFIG,
    "env.js": (
        "function _inheritsLoose(subClass, superClass) {\n"  # 1
        "  subClass.prototype = Object.create(superClass.prototype);\n"
        "}\n\n"
        "function helper(err) {\n"  # 5
        "  return err;\n"
        "}\n\n"
        "var Obj = /*#__PURE__*/function () {\n"  # 9
        "  function Obj() {}\n"
        "  var _proto = Obj.prototype;\n"  # 11
        "  _proto.init = function init() {\n"  # 12
        "    helper(1);\n"
        "  };\n"
        "  return Obj;\n"
        "}();\n\n"
        "var Environment = /*#__PURE__*/function (_Obj) {\n"  # 18
        "  _inheritsLoose(Environment, _Obj);\n"
        "  function Environment() {\n"  # 20
        "    return _Obj.call(this) || this;\n"
        "  }\n"
        "  var _proto = Environment.prototype;\n"  # 23
        "  _proto.handle = function handle(err) {\n"  # 24
        "    return helper(err);\n"
        "  };\n"
        "  return Environment;\n"
        "}(Obj);\n\n"
        "var tools = {};\n"  # 30
        "tools.run = function run() {\n"  # 31
        "  return helper(2);\n"
        "};\n\n"
        "module.exports = { Environment: Environment, tools: tools };\n"
    ),
}


def test_a_method_assigned_through_an_alias_of_the_prototype_calls_what_it_calls(
    tmp_path: Path,
) -> None:
    """nunjucks's Environment, compiled by Babel in loose mode: ``var _proto =
    Environment.prototype; _proto.handle = function handle(err) {...}``. tsgo's caller is the
    function ``handle``; lsai had no symbol for it and credited its calls to the function
    around, the anonymous IIFE, so ``<module>`` (Environment.handle: "missing" getTemplate,
    "extra" ``<module>``). It is now the method ``handle`` of ``Environment``, as
    ``Environment.prototype.handle = function`` is; each IIFE's ``_proto`` its own class's."""
    asked = [("env.js", 5, 10)]
    stored, server = callers_beside_server(tmp_path, LOOSE, "tsgo", asked)
    assert server[asked[0]] == {("init", "env.js"), ("handle", "env.js"), ("run", "env.js")}
    assert stored == server
    ws = open_workspace(tmp_path)
    try:
        answer = callers(ws, CallsInput(file="env.js", line=5, col=10))
    finally:
        ws.close()
    assert {h.method for lv in answer.levels for h in lv.calls} == {
        "Obj.Obj.init",
        "Environment.Environment.handle",
        "tools.run",
    }


DEFAULT_EXPORT = {
    "jsconfig.json": JSCONFIG,
    "each.js": (
        "export default function (instance) {\n"  # 1
        "  instance.register('each', function (context) {\n"
        "    function execIteration(field) {\n"  # 3
        "      return field;\n"
        "    }\n"
        "    return execIteration(context);\n"  # 6
        "  });\n"
        "  return helper(instance);\n"  # 8
        "}\n\n"
        "function helper(x) {\n"  # 11
        "  return x;\n"
        "}\n"
    ),
    "use.js": "import each from './each';\n\nexport const installed = each({ register() {} });\n",
}


def test_a_call_in_an_anonymous_default_export_is_the_default_export_s(tmp_path: Path) -> None:
    """handlebars' helpers (``export default function (instance) { ... execIteration(...)
    }``): tree-sitter held no function there, so its calls were the module's (``<module>``);
    tsgo's incoming calls credit them to ``default``, the function tsgo names so, whose name
    lsai now places at the keyword, where tsgo's call hierarchy item selects it."""
    asked = [("each.js", 3, 14), ("each.js", 11, 10), ("each.js", 1, 8)]
    stored, server = callers_beside_server(tmp_path, DEFAULT_EXPORT, "tsgo", asked)
    assert server[asked[0]] == server[asked[1]] == {("default", "each.js")}
    assert server[asked[2]] == {("<module>", "use.js")}
    assert stored == server


@needs("tsgo")
def test_the_declaration_of_a_variable_a_function_is_assigned_to_later_is_a_usage_of_it(
    tmp_path: Path,
) -> None:
    """bluebird's ``var getMethodCaller;`` and its read ``[getMethodCaller]`` (no call): tsgo's
    references of the function assigned later list both; lsai keyed neither (usages 1
    "missing" each, in bluebird and commander's ``let write``)."""
    stored, server = usages_beside_server(tmp_path, ASSIGNED_LATER, ("call_get.js", 5, 5))
    assert server == {("call_get.js", 2, 7), ("call_get.js", 9, 18), ("call_get.js", 11, 11)}
    assert stored == server


@pytest.mark.parametrize("at", [("out.js", 4, 5), ("out.js", 6, 5)])
def test_functions_assigned_in_turn_to_one_variable_share_its_usages(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """commander's ``let write; if (...) { write = (str) => ... } else { write = (str) => ...
    }``: two symbols to tsgo's outline, one binding to its references, which list the
    declaration, the other assignment and every use at either. lsai's usages of the first
    missed the second assignment, of the second listed nothing."""
    stored, server = usages_beside_server(tmp_path, BRANCH_ASSIGNED, at)
    other = ("out.js", 6 if at[1] == 4 else 4, 5)
    assert server == {("out.js", 2, 7), other, ("out.js", 8, 3), ("out.js", 9, 10)}
    assert stored == server


SHORTHANDS = {
    "jsconfig.json": JSCONFIG,
    "defaults.js": (
        "const { pid } = process\n"  # 1
        "const { platform } = process\n"  # 2
        "const { arch } = process\n"  # 3
        "const defaults = {\n"  # 4
        "  base: { pid, platform, arch },\n"  # 5
        "  more: {\n"
        "    ppid\n"  # 7: a key alone on its line
        "  },\n"
        "}\n"
        "const { ppid } = process\n\n"  # 10
        "module.exports = defaults\n"
    ),
}


@pytest.mark.parametrize(
    ("at", "read"),
    [
        (("defaults.js", 1, 9), (5, 11)),
        (("defaults.js", 2, 9), (5, 16)),
        (("defaults.js", 3, 9), (5, 26)),
        (("defaults.js", 10, 9), (7, 5)),
    ],
)
def test_a_shorthand_property_is_a_usage_of_the_binding_it_reads(
    tmp_path: Path, at: tuple[str, int, int], read: tuple[int, int]
) -> None:
    """pino's ``const { pid } = process`` and ``base: { pid, hostname }``: the shorthand
    defines the object's ``pid`` (tsgo's outline lists it) and reads the variable (tsgo's
    references of it). The property's name was settled by definition before the variable's
    references came back (whose name tree-sitter reads as a use of ``process.pid``, so it is
    asked by references) and, the last answer at the site, kept it: usages of ``pid`` 0,
    tsgo's 1 (pino.js:60:11). The uses now win, in whatever order the answers came."""
    stored, server = usages_beside_server(tmp_path, SHORTHANDS, at)
    assert server == {("defaults.js", *read)}
    assert stored == server
