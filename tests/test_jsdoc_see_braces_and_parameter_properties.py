"""Two JSDoc names tsgo binds that lsai missed (sweep51, redux toolkit and rxjs): a ``@see``
tag's name between braces (``@see {TaskAbortError}``: TypeScript's ``parseJSDocNameReference``
skips an optional ``{``), and a constructor's ``@param`` tag naming a parameter property
(rxjs OperatorSubscriber's ``@param onFinalize`` of ``private onFinalize?: () => void``): the
parameter is the property, so tsgo's references and rename of the property take in the tag."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import TSCONFIG

FILES = {
    "tsconfig.json": TSCONFIG,
    "exceptions.ts": (
        "export class TaskAbortError extends Error {\n"  # 1
        "  constructor(public readonly code: string) {\n"  # 2
        "    super(code);\n"
        "  }\n"
        "}\n"
    ),
    "task.ts": (
        "import { TaskAbortError } from './exceptions.js';\n"  # 1
        "/**\n"
        " * Raises when aborted.\n"
        " * @see {TaskAbortError}\n"  # 4
        " * @see { TaskAbortError.code }\n"  # 5
        " */\n"
        "export function validate(aborted: boolean): void {\n"
        "  if (aborted) throw new TaskAbortError('x');\n"  # 8
        "}\n"
    ),
    "subscriber.ts": (
        "export class Sub {\n"  # 1
        "  /**\n"
        "   * Makes one.\n"
        "   * @param destination where values go\n"  # 4
        "   * @param onFinalize run on close\n"  # 5
        "   * @param {() => boolean} [shouldUnsubscribe] whether to stop\n"  # 6
        "   */\n"
        "  constructor(\n"  # 8
        "    destination: string,\n"
        "    private onFinalize?: () => void,\n"  # 10
        "    protected readonly shouldUnsubscribe?: () => boolean,\n"  # 11
        "  ) {\n"
        "    void destination;\n"
        "  }\n"
        "  close(): void {\n"
        "    if (this.shouldUnsubscribe?.()) this.onFinalize?.();\n"  # 16
        "  }\n"
        "}\n"
    ),
}

AT = [
    ("exceptions.ts", 1, 14),  # TaskAbortError
    ("exceptions.ts", 2, 31),  # code
    ("subscriber.ts", 10, 13),  # onFinalize
    ("subscriber.ts", 11, 24),  # shouldUnsubscribe
]
TAGS = [
    ("task.ts", 4, 10),
    ("task.ts", 5, 26),
    ("subscriber.ts", 5, 13),
    ("subscriber.ts", 6, 30),
]


@pytest.mark.parametrize(("at", "tag"), list(zip(AT, TAGS, strict=True)))
def test_a_see_in_braces_and_a_parameter_propertys_param_tag_are_usages(
    tmp_path: Path, at: Location, tag: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert tag in theirs, "tsgo lists the tag"
    assert mine == theirs


@pytest.mark.parametrize("at", AT)
def test_a_see_in_braces_and_a_parameter_propertys_param_tag_are_renamed(
    tmp_path: Path, at: Location
) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert theirs, "tsgo renames there"
    assert mine == theirs
