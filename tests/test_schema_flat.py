from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from lsai.mcp_server.schema_flat import flatten
from lsai.mcp_server.tooldefs import tool_defs

NODE = {
    "type": "object",
    "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
}
SCHEMA: dict[str, Any] = {
    "$defs": {
        "Leaf": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
        "Node": NODE,
    },
    "type": "object",
    "properties": {
        "leaves": {"type": "array", "items": {"$ref": "#/$defs/Leaf"}},
        "maybe": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "leaf": {"anyOf": [{"$ref": "#/$defs/Leaf"}, {"type": "null"}]},
        "tree": {"$ref": "#/$defs/Node", "description": "recursive"},
    },
}


def test_refs_are_inlined_nullables_become_type_lists_and_recursive_refs_stay() -> None:
    flat = flatten(SCHEMA)
    props = flat["properties"]
    assert props["leaves"]["items"] == SCHEMA["$defs"]["Leaf"]
    assert props["maybe"] == {"type": ["string", "null"], "default": None}
    assert props["leaf"]["type"] == ["object", "null"] and props["leaf"]["required"] == ["n"]
    assert props["tree"] == {"$ref": "#/$defs/Node", "description": "recursive"}
    assert flat["$defs"] == {"Node": NODE}


def test_flat_schemas_accept_and_refuse_what_the_originals_do() -> None:
    flat = Draft202012Validator(flatten(SCHEMA))
    original = Draft202012Validator(SCHEMA)
    cases: list[dict[str, Any]] = [
        {"leaves": [{"n": 1}], "maybe": None, "leaf": None, "tree": {"children": [{}]}},
        {"leaves": [{"n": "x"}]},
        {"maybe": 3},
        {"leaf": {}},
        {"tree": {"children": [{"children": 1}]}},
    ]
    for case in cases:
        assert flat.is_valid(case) == original.is_valid(case), case
    for tool in tool_defs():
        Draft202012Validator.check_schema(tool.output_schema())
