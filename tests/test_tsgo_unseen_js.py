"""Callers and usages that disagreed with TypeScript 7 in the sweep of JavaScript and
TypeScript packages lsai had not been run on (js-yaml, mobx, ...: ``bench/accuracy_bench.py
--npm`` / ``--npm-js``), each on a small fixture: lsai's stored answer is compared with the
live server's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from tests.test_tsgo_unseen import JSCONFIG
from tests.test_ty_union_calls import callers_beside_server

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["tsgo"]) is None,
    reason="TypeScript 7 is not installed: npm install -g typescript@7 (or: lsai doctor --install)",
)

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
