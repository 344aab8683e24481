"""The names a JSDoc comment binds (``treesitter.jsdoc``), found in the text as TypeScript 7's
references list them (``test_references_match_server`` compares them with the live server)."""

from __future__ import annotations

from lsai.indexer.treesitter.jsdoc import jsdoc_names

SOURCE = """const glob = "src/**/*.ts"; // {@link Glob} is no JSDoc
/**
 * Makes a {@link Foo}; see {@link ns.Foo.bar|the bar} and {@linkcode Foo}.
 * @see Foo
 * @param {Array<Foo | string>} x the {@link Foo} list
 * @type {import('./Foo').Foo}
 * @returns {{ a: Foo }} a
 */
function make(x) {}
/** @typedef {Foo} Alias */
"""


def test_links_see_and_tag_types_name_what_they_bind() -> None:
    found = [
        (o.name, o.span.start_line, o.span.start_col, o.span.end_col) for o in jsdoc_names(SOURCE)
    ]
    assert found == [
        ("Foo", 3, 19, 22),
        ("ns", 3, 36, 38),
        ("Foo", 3, 39, 42),
        ("bar", 3, 43, 46),
        ("Foo", 3, 71, 74),
        ("Foo", 4, 9, 12),
        ("Array", 5, 12, 17),
        ("Foo", 5, 18, 21),  # not string: a primitive type names no declaration
        ("Foo", 5, 46, 49),
        ("Foo", 6, 27, 30),  # not the module path in quotes
        ("a", 7, 16, 17),
        ("Foo", 7, 19, 22),
        ("Foo", 10, 15, 18),
    ]


def test_a_file_without_jsdoc_has_none() -> None:
    assert (
        jsdoc_names("/* {@link Foo} */\n// @param {Foo} x\nconst s = '/** {@link Foo} */';\n") == []
    )


def test_the_names_of_a_jsdoc_comments_braced_types_are_sites_each() -> None:
    source = (
        "const a = '/** @param {Fake} x */';\n"
        "  /** @param {http.IncomingMessage} req the {word} of it\n"
        "   * @returns {Promise<Map<string, Sender>>} done\n"
        "   * @type {import('./sender').Sender} */\n"
        "// @param {Line} not a JSDoc comment\n"
    )
    found = [(o.name, o.span.start_line, o.span.start_col) for o in jsdoc_names(source)]
    assert found == [
        ("http", 2, 15),
        ("IncomingMessage", 2, 20),
        ("Promise", 3, 16),
        ("Map", 3, 24),
        ("Sender", 3, 36),  # not string: a primitive type names no declaration
        ("Sender", 4, 32),
    ]


def test_a_cast_inside_a_line_is_jsdoc_and_a_glob_in_a_string_is_not() -> None:
    source = 'run(/** @type {Bar} */ (x), "src/**/*.js", y);\nconst z = /** @type {Baz} */ (w);\n'
    assert [(o.name, o.span.start_line) for o in jsdoc_names(source)] == [("Bar", 1), ("Baz", 2)]
