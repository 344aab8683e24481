"""A member assigned to a function (mongoose's ``Model.__subclass = function subclass(...)``)
whose value declares a function of the owner's name (``const Model = function Model(...)``):
the inner ``Model`` is none of the member's owners. Taken for its owner, the member and the
inner function were each other's parent, and tree-sitter's extraction walked their parents
round without end: ``lsai index`` hung on mongoose 8.9.0's lib/model.js."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "model.js": (
        "function Model(doc) {\n"  # 1
        "  this.doc = doc;\n"
        "}\n"
        "Model.__subclass = function subclass(conn) {\n"  # 4
        "  const Model = function Model(doc) {\n"  # 5
        "    this.conn = conn;\n"
        "  };\n"
        "  Model.base = this;\n"  # 8
        "  return Model;\n"
        "};\n"
        "module.exports = Model;\n"  # 11
    ),
    "use.js": (
        "const Model = require('./model');\n"  # 1
        "const Sub = Model.__subclass('c');\n"  # 2
    ),
}
_PATIENCE = 120
"""Seconds the index and the answers may take (a few here); past them, the walk went round."""


@contextmanager
def _bounded(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"no answer in {seconds} s: a walk that does not end")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("at", [("model.js", 4, 38), ("model.js", 6, 17)])
def test_a_members_value_declaring_its_owners_name_is_indexed(tmp_path: Path, at: Location) -> None:
    """The member's parameter ``conn``, asked once the index is built: its uses, as tsgo's."""
    with _bounded(_PATIENCE):
        _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    assert server == {("model.js", 6, 17)}
    assert sites == server
