"""A JSDoc link to an instance member, ``{@link Duration#plus}`` (luxon's docs; ``@see
Duration#plus`` too): TypeScript reads ``#`` as ``.`` there, so tsgo's references and rename of
``plus`` take in the link, as they do ``{@link Duration.plus}``'s."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "tsconfig.json": TSCONFIG,
    "duration.js": (
        "export class Duration {\n"  # 1
        "  /** Adds. */\n"
        "  plus(other) {\n"  # 3
        "    return other;\n"
        "  }\n"
        "\n"
        "  /** The opposite of {@link Duration#plus}. @see Duration#plus */\n"  # 7
        "  minus(other) {\n"
        "    return this.plus(other);\n"  # 9
        "  }\n"
        "}\n"
    ),
    "interval.js": (
        'import { Duration } from "./duration.js";\n'
        "/** Grows by {@link Duration#plus}, not {@link Duration#minus}. */\n"  # 2
        "export function grow(/** @type {Duration} */ d) {\n"
        "  return d.plus(d);\n"  # 4
        "}\n"
    ),
}

AT = [
    ("duration.js", 3, 3),  # plus
    ("duration.js", 9, 17),  # this.plus
    ("duration.js", 7, 39),  # the link's plus
]


@pytest.mark.parametrize("at", AT)
def test_an_instance_members_usages_take_in_its_jsdoc_links(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert ("interval.js", 2, 30) in theirs, "tsgo lists the link"
    assert mine == theirs


def test_an_instance_members_rename_takes_in_its_jsdoc_links(tmp_path: Path) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", ("duration.js", 3, 3), "add")
    assert theirs, "tsgo renames there"
    assert mine == theirs
