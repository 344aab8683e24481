"""A local holding a property that is then reassigned (d3-scale 4.0.2's band.js ``var copy =
scale.copy; scale.copy = function() { return pointish(copy()); }``, log.js's ``const domain
= scale.domain`` called in ``rescale`` and in the new ``scale.domain``): tsgo's outline names
the function assigned to the property after it (``copy``), and its definition at ``copy()`` is
the local, its references the local's. lsai took the local for a binding that the function is
assigned to later (``var make; make = function () {}``), so the calls were keyed to the
function: usages at them answered the function, and callers of the function listed the
functions calling the local (3 positions of d3-scale's 80)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_definition, live_references
from tests.test_tsgo_unseen import JSCONFIG
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

POINTISH = (
    "export default function pointish(scale) {\n"  # 1
    "  var copy = scale.copy;\n"  # 2
    "  scale.copy = function() {\n"  # 3
    "    return pointish(copy());\n"  # 4
    "  };\n"
    "  return scale;\n"
    "}\n"
)
LOGGISH = (
    "export function loggish(scale) {\n"  # 1
    "  const domain = scale.domain;\n"  # 2
    "  function rescale() {\n"  # 3
    "    return domain()[0];\n"  # 4
    "  }\n"
    "  scale.domain = function(_) {\n"  # 6
    "    return arguments.length ? (domain(_), rescale()) : domain();\n"  # 7
    "  };\n"
    "  return scale;\n"
    "}\n"
)


@pytest.mark.parametrize(
    ("text", "asked", "function"),
    [
        (POINTISH, [(2, 7), (4, 21)], (3, 9)),
        (LOGGISH, [(2, 9), (4, 12), (7, 32), (7, 56)], (6, 9)),
    ],
)
def test_a_call_of_a_local_holding_a_reassigned_property_is_the_locals(
    tmp_path: Path, text: str, asked: list[tuple[int, int]], function: tuple[int, int]
) -> None:
    served_tree(tmp_path, {"jsconfig.json": JSCONFIG, "it.js": text}, "tsgo")
    places: list[Location] = [("it.js", *at) for at in (*asked, function)]
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        stored, meant = {}, {}
        for at in places:
            found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
            stored[at] = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
            meant[at] = {(found.symbol.file, found.symbol.line, found.symbol.col)}
        held = ("it.js", *function)
        callers = stored_callers(ws, held)
    finally:
        ws.close()
    server = {at: asyncio.run(live_references(tmp_path, "tsgo", at)) for at in places}
    assert server[places[0]] == {("it.js", *at) for at in asked[1:]}  # the local's calls
    assert stored == server
    calls = places[1:-1]
    assert {at: meant[at] for at in calls} == {
        at: asyncio.run(live_definition(tmp_path, "tsgo", at)) for at in calls
    }
    assert callers == asyncio.run(live_callers(tmp_path, [held], server="tsgo"))[held]


CALENDAR = (
    "function make() {\n"  # 1
    "  function scale(x) { return x; }\n"  # 2
    "  scale.invert = function(y) { return y; };\n"  # 3
    "  return scale;\n"
    "}\n"
    "export function calendar() {\n"  # 6
    "  var scale = make(),\n"  # 7
    "      invert = scale.invert;\n"  # 8
    "  scale.invert = function(y) {\n"  # 9
    "    return new Date(invert(y));\n"  # 10
    "  };\n"
    "  return scale;\n"
    "}\n"
)


def test_a_call_of_a_local_whose_definition_leads_past_it_is_the_locals(tmp_path: Path) -> None:
    """d3-scale time.js's ``invert = scale.invert``, called in the new ``scale.invert``: tsgo's
    definition at ``invert(y)`` is the function the property held (line 3), its references
    there the local's; lsai keyed the call to that function (usages at it: 1 "extra")."""
    served_tree(tmp_path, {"jsconfig.json": JSCONFIG, "it.js": CALENDAR}, "tsgo")
    places: list[Location] = [("it.js", 8, 7), ("it.js", 10, 21)]
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        stored = {}
        for at in places:
            found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
            stored[at] = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    finally:
        ws.close()
    assert asyncio.run(live_definition(tmp_path, "tsgo", places[1])) == {("it.js", 3, 9)}
    assert stored == {at: asyncio.run(live_references(tmp_path, "tsgo", at)) for at in places}
