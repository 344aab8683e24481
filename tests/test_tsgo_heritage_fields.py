"""The fields of effect 4.1.0's Schema classes: ``class CliError extends
Schema.TaggedError<CliError>()("CliError", { option: Schema.String })`` declares its fields by
the keys of the object its heritage's call is passed. tsgo's outline lists them under the class
and its definition at ``err.option`` is the key, but lsai dropped every member listed before
the class's body (meant for a type literal in its heading: ``test_tsgo_unseen``'s msw
``Failure<Data extends { request: Request }>``): no symbol, so usages at the key answered
NO_SYMBOL_AT_POSITION and the reads named nothing (``outline.tsgo_outline``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import TSCONFIG

FILES = {
    "tsconfig.json": TSCONFIG,
    "Schema.ts": (
        "export interface Top {\n"
        "  readonly Type: unknown;\n"
        "}\n"
        'export const String: { readonly Type: string } = { Type: "" };\n'
        "\n"
        "export function TaggedError<Self>(identifier?: string) {\n"
        "  return <Tag extends string, Fields extends Record<string, Top>>(\n"
        "    tag: Tag,\n"
        "    fields: Fields\n"
        "  ): new (props: { readonly [K in keyof Fields]: Fields[K]['Type'] }) => Error & {\n"
        "    readonly _tag: Tag;\n"
        "  } & { readonly [K in keyof Fields]: Fields[K]['Type'] } => {\n"
        "    void identifier;\n"
        "    void fields;\n"
        "    return class extends Error {\n"
        "      readonly _tag = tag;\n"
        "    } as never;\n"
        "  };\n"
        "}\n"
    ),
    "CliError.ts": (
        'import * as Schema from "./Schema.js";\n'  # 1
        "\n"  # 2
        'export class CliError extends Schema.TaggedError<CliError>()("CliError", {\n'  # 3
        "  option: Schema.String,\n"  # 4
        "  detail: Schema.String\n"  # 5
        "}) {\n"  # 6
        "  get summary(): string {\n"  # 7
        "    return this.option + this.detail;\n"  # 8
        "  }\n"  # 9
        "}\n"  # 10
    ),
    "report.ts": (
        'import { CliError } from "./CliError.js";\n'  # 1
        "\n"  # 2
        "export function report(err: CliError): string {\n"  # 3
        "  return err.option;\n"  # 4
        "}\n"  # 5
        "\n"  # 6
        'export const made = new CliError({ option: "x", detail: "y" });\n'  # 7
    ),
}

AT = [
    ("CliError.ts", 4, 3),  # the key
    ("CliError.ts", 8, 17),  # this.option
    ("report.ts", 4, 14),  # err.option
    ("CliError.ts", 5, 3),  # the other key
]


@pytest.mark.parametrize("at", AT)
def test_usages_of_a_field_declared_in_the_heritage_call_match_tsgo(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert {("CliError.ts", 8, 17 if at[1] != 5 else 31)} <= theirs
    assert mine == theirs


def test_rename_of_a_field_declared_in_the_heritage_call_matches_tsgo(tmp_path: Path) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", ("report.ts", 4, 14), "flag")
    assert {line for _, line, _ in theirs} >= {4, 8}
    assert mine == theirs
