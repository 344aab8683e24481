"""The type names of JavaScript's JSDoc comments (``indexer.treesitter.jsdoc``): where the
semantic pass asks a definition, as TypeScript's server lists them among a type's references."""

from __future__ import annotations

from lsai.indexer.treesitter.jsdoc import jsdoc_type_names


def test_the_names_of_a_jsdoc_comments_braced_types_are_sites_each() -> None:
    source = (
        "const a = '/** @param {Fake} x */';\n"
        "  /** @param {http.IncomingMessage} req the {word} of it\n"
        "   * @returns {Promise<Map<string, Sender>>} done\n"
        "   * @type {import('./sender').Sender} */\n"
        "// @param {Line} not a JSDoc comment\n"
    )
    found = [
        (o.name, o.span.start_line, o.span.start_col) for o in jsdoc_type_names(source.encode())
    ]
    assert found == [
        ("http", 2, 15),
        ("IncomingMessage", 2, 20),
        ("Promise", 3, 16),
        ("Map", 3, 24),
        ("string", 3, 28),
        ("Sender", 3, 36),
        ("Sender", 4, 32),
    ]
    assert jsdoc_type_names(b"const x = 1;\n") == []
