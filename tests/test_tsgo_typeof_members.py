"""A member declared with the type of a method (true-myth's ``interface MaybeConstructor {
nothing: typeof MaybeImpl.nothing }`` and ``export const Maybe: MaybeConstructor``), beside the
live server: tsgo's definition at ``Maybe.nothing()`` lists the member and the method, but the
call is in the references of the member alone. lsai keyed it to the method, so usages at the
call answered the method's, and the method's listed the member's calls."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "a.ts": (
        "class Impl {\n"  # 1
        "  static nothing(): Impl {\n"  # 2: `nothing` at col 10
        "    return new Impl();\n"
        "  }\n"
        "  other(): Impl {\n"
        "    return Impl.nothing();\n"  # 6: the method's
        "  }\n"
        "}\n"
        "export interface Ctor {\n"
        "  nothing: typeof Impl.nothing;\n"  # 10: the member, at col 3
        "}\n"
        "export const M: Ctor = Impl as Ctor;\n"
        "export const none = Impl.nothing;\n"  # 13: the method's
    ),
    "b.ts": (
        "import { M } from './a';\n"
        "export const x = M.nothing();\n"  # 2: the member's, at col 20
        "export const y = M.nothing();\n"
    ),
}


def test_a_call_through_a_member_typed_with_a_method_is_the_members(tmp_path: Path) -> None:
    for at in (("b.ts", 2, 20), ("a.ts", 2, 10)):
        _found, mine, theirs = usages_beside_server(tmp_path / str(at[1]), FILES, "tsgo", at)
        assert theirs, at
        assert mine == theirs, (at, sorted(mine ^ theirs))
