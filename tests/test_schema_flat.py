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


def _titles(value: object) -> int:
    if isinstance(value, list):
        return sum(_titles(v) for v in value)
    if not isinstance(value, dict):
        return 0
    own = int(isinstance(value.get("title"), str))
    return own + sum(_titles(v) for v in value.values())


def test_a_tools_schemas_carry_no_derived_titles_and_its_input_no_second_description() -> None:
    """A client hands a model every tool's input schema: pydantic's titles (``"title":
    "Limit"``) and the input model's docstring beside the tool's description were ~30% of it."""
    titled = {"type": "object", "title": "In", "properties": {"title": {"type": "string"}}}
    assert flatten(titled) == {"type": "object", "properties": {"title": {"type": "string"}}}
    for tool in tool_defs():
        schema = tool.input_schema()
        assert _titles(schema) == 0 and _titles(tool.output_schema()) == 0, tool.name
        assert "description" not in schema, tool.name
        Draft202012Validator.check_schema(schema)
    usages = next(t for t in tool_defs() if t.name == "usages").input_schema()
    assert usages["properties"]["symbol"]["type"] == ["string", "null"]
