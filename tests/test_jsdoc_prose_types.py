"""A JSDoc tag whose braces hold prose rather than a type (nedb's ``@param {Document or Array
of documents} newData``, ``@param {Native value} a``): TypeScript's parser reads one type,
``Document``, stops at the word after it (no operator joins them), and takes that word
(``or``) for the parameter's name; the rest is the tag's comment. So tsgo's references of a
name after the first (``Array``, a workspace class) leave the tag out, and at ``or`` it
answers none. lsai read every word between the braces as a type's name (nedb: "the server
answers none; lsai 1" at ``or``). A word that goes on with a type (``x is Foo``, ``T extends
U``, ``keyof typeof x``, ``K in keyof T``) keeps it going, as the tests on typedef types show."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.query.errors import NoSymbolAtPosition
from tests.renames import Location, live_references, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "docs.js": (
        "class Doc {}\n"  # 1
        "class Box {}\n"  # 2
        "/**\n"
        " * @param {Doc or Box of docs} x Optional\n"  # 4
        " * @param {Box} y\n"  # 5
        " * @returns {x is Box}\n"  # 6
        " */\n"
        "function f(x, y) { return true; }\n"  # 8
        "/** @type {keyof typeof Box} */\n"  # 9
        "let k;\n"
        "/** @typedef {{ [K in keyof Box as K]: Doc }} Mapped */\n"  # 11
        "module.exports = { Doc, Box, f, k };\n"  # 12
    ),
}


@pytest.mark.parametrize("at", [("docs.js", 2, 7), ("docs.js", 1, 7)])
def test_prose_between_braces_names_its_first_type_alone(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    if at == ("docs.js", 2, 7):
        assert ("docs.js", 4, 19) not in server and ("docs.js", 6, 19) in server
    else:
        assert ("docs.js", 4, 12) in server and ("docs.js", 11, 40) in server
    assert sites == server


@pytest.mark.parametrize("at", [("docs.js", 4, 16), ("docs.js", 4, 26)])
def test_the_words_after_it_are_no_names(tmp_path: Path, at: Location) -> None:
    """tsgo answers none there; lsai has no name at the column (it refuses, or answers for the
    nearest name on the line and says so), where it answered the word itself."""
    try:
        found, sites, _ = usages_beside_server(tmp_path, FILES, "tsgo", at)
        assert at not in sites and found.provenance.corrected
    except NoSymbolAtPosition:
        pass
    assert not asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
