"""The members a function's JSDoc ``@param {Object} opts`` tag gives its parameter's type with the
``@param`` tags after it (``@param {Object} opts.log``, restify's auditLogger): tsgo's outline
lists none of them, though its definition of ``opts.log`` leads to the tag's ``log`` and its
references list the tag, every read and the keys of the literals callers pass. lsai refused
those reads (NO_SYMBOL_AT_POSITION: restify ``opts.log``, 6 references; express-session
``opts.resave``). TypeScript reads the tags as its parser does (``parseNestedTypeLiteral``):
only after an ``Object`` (not ``Object=``), the tags right after it extending its name, an
``Object`` member's extended in turn; another tag ends them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import index_rows, needs, served_tree

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "audit.js": (
        "/**\n"
        " * @param {Object} opts - The options.\n"  # 2
        " * @param {Object} opts.log - The logger.\n"  # 3
        " * @param {String} [opts.event] - The event,\n"  # 4
        " *   one of 'pre' or 'after'.\n"
        " * @param {Object} opts.inner\n"  # 6
        " * @param {string} opts.inner.mode\n"  # 7
        " * @returns {string} the mode\n"
        " */\n"
        "function auditLogger(opts) {\n"  # 10
        "  opts.log.info(opts.event);\n"  # 11
        "  return opts.inner.mode;\n"  # 12
        "}\n\n"
        "/**\n"
        " * @param {object} options\n"  # 16
        " * @param {number} options.port\n"  # 17
        " */\n"
        "var listen = function (options) {\n"
        "  return options.port;\n"  # 20
        "};\n\n"
        "function Server() {}\n"  # 23
        "/**\n"
        " * @param {Object=} opts\n"  # 25: optional, no members
        " * @param {string} opts.name\n"
        " * @param {Object} more\n"  # 27
        " * @param {string} more.name\n"  # 28
        " */\n"
        "Server.prototype.use = function use(opts, more) {\n"
        "  return opts.name + more.name;\n"  # 31
        "};\n\n"
        "class Router {\n"
        "  /**\n"
        "   * @param {Object} opts\n"
        "   * @param {string} opts.path\n"  # 37
        "   */\n"
        "  mount(opts) {\n"
        "    return opts.path;\n"  # 40
        "  }\n"
        "}\n"
        "module.exports = { auditLogger, listen, Server, Router };\n"
    ),
    "use.js": (
        "var audit = require('./audit');\n"
        "function main() {\n"
        "  audit.auditLogger({ log: console, event: 'x', inner: { mode: 'm' } });\n"  # 3
        "  audit.listen({ port: 1 });\n"  # 4
        "  new audit.Router().mount({ path: '/' });\n"  # 5
        "}\n"
        "module.exports = main;\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("audit.js", 3, 25),  # the tag's name
        ("audit.js", 11, 8),  # a read
        ("use.js", 3, 23),  # a caller's key
        ("audit.js", 4, 26),  # a bracketed name
        ("audit.js", 12, 21),  # `mode` of `opts.inner.mode`: a member's member
        ("audit.js", 20, 18),  # a function a variable holds
        ("audit.js", 31, 27),  # a prototype's method, the second parameter's
        ("audit.js", 40, 17),  # a class's method
    ],
)
def test_the_nested_param_tags_are_members_of_the_parameters_type(
    tmp_path: Path, at: Location
) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert len(server) > 1 and sites == server


def test_no_member_where_typescript_reads_no_nested_tag(tmp_path: Path) -> None:
    """``{Object=}`` is no ``Object`` (tsgo's definition of ``opts.name`` there is none), and
    the ``@returns`` tag ends ``opts``' members; ``more.name`` after ``more`` is one."""
    served_tree(tmp_path, FILES, "tsgo")
    members = index_rows(
        tmp_path,
        "SELECT qualified_name, name_line FROM symbols"
        " WHERE kind = 'property' AND key LIKE '% audit.js %' ORDER BY name_line",
    )
    assert members == [
        ("auditLogger.log", 3),
        ("auditLogger.event", 4),
        ("auditLogger.inner", 6),
        ("auditLogger.inner.mode", 7),
        ("listen.port", 17),
        ("Server.use.name", 28),
        ("Router.mount.path", 37),
    ]
