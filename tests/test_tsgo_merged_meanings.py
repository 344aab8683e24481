"""A value and a type of one name (true-myth's ``export const Maybe`` and ``export type Maybe``,
ts-results' ``Ok``, ``Some``), beside the live server: TypeScript binds them to one symbol, and
tsgo's references at a use of it list the uses of the meanings the position has. In the
declarations' own file a type position means the type, but ``export default Maybe`` and ``{@link
Maybe}`` mean both, and so does an importer's binding (``import { Maybe }``): at any use of it
there, tsgo lists the value's uses and the type's. lsai keyed those sites to one declaration and
answered that one's usages alone."""

from __future__ import annotations

from pathlib import Path

from tests.renames import renamed_beside_server, usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "maybe.ts": (
        "class MaybeImpl<T> {\n"  # 1
        "  constructor(readonly value: T) {}\n"
        "  static of<T>(v: T): Maybe<T> {\n"  # 3
        "    return new Maybe(v);\n"  # 4: a value use
        "  }\n"
        "}\n"
        "export const Maybe = MaybeImpl;\n"  # 7
        "/** Wraps {@link Maybe} values. */\n"  # 8: `Maybe` at col 18
        "export type Maybe<T> = MaybeImpl<T>;\n"  # 9
        "export function wrap<T>(m: Maybe<T>): Maybe<T> {\n"  # 10: `Maybe` at col 28
        "  return Maybe.of(m.value);\n"  # 11: a value use
        "}\n"
        "export default Maybe;\n"  # 13: `Maybe` at col 16
        "/**\n"
        "  Wraps a value in a {@linkcode\n"
        "  Maybe}.\n"  # 16: a link across lines, `Maybe` at col 3
        " */\n"
        "export const wrapped = 1;\n"
    ),
    "use.ts": (
        "import { Maybe } from './maybe';\n"  # 1
        "export function use<T>(m: Maybe<T>): Maybe<T> {\n"  # 2: `Maybe` at col 27, 38
        "  return Maybe.of(m.value);\n"  # 3: `Maybe` at col 10
        "}\n"
    ),
}
VALUE_USES = {("maybe.ts", 4, 16), ("maybe.ts", 11, 10), ("use.ts", 3, 10)}
TYPE_USES = {("maybe.ts", 3, 23), ("maybe.ts", 10, 28), ("use.ts", 2, 27), ("use.ts", 2, 38)}
EVERY_USE = VALUE_USES | TYPE_USES


def test_an_importers_use_of_a_merged_name_answers_every_meaning(tmp_path: Path) -> None:
    """At ``Maybe<T>`` and at ``Maybe.of`` in an importer, tsgo lists the value's uses and the
    type's; lsai answered the type's at the one, the value's at the other."""
    for at, other in ((("use.ts", 2, 28), VALUE_USES), (("use.ts", 3, 10), TYPE_USES)):
        found, mine, theirs = usages_beside_server(tmp_path / str(at[2]), FILES, "tsgo", at)
        assert other <= theirs, (at, sorted(theirs))
        assert other <= mine, (at, sorted(other - mine))
        assert found.symbol.merged, at  # answered for both declarations, and said so


def test_an_export_default_of_a_merged_name_is_a_use_of_each(tmp_path: Path) -> None:
    """At a type position and at a value position in the declarations' own file, tsgo lists
    that meaning's uses, ``export default Maybe`` (it exports both) and the JSDoc links (one
    split across lines too), not the other meaning's; lsai keyed the export to the value alone
    and a split link to the type alone."""
    every_meaning = {("maybe.ts", 8, 18), ("maybe.ts", 13, 16), ("maybe.ts", 16, 3)}
    for at, other in ((("maybe.ts", 10, 28), VALUE_USES), (("maybe.ts", 11, 10), TYPE_USES)):
        _found, mine, theirs = usages_beside_server(tmp_path / str(at[1]), FILES, "tsgo", at)
        assert theirs >= every_meaning and not other & theirs, (at, sorted(theirs))
        assert mine >= every_meaning, (at, sorted(every_meaning - mine))
        assert not other & mine, (at, sorted(mine))


def test_a_jsdoc_link_to_a_merged_name_answers_every_meaning(tmp_path: Path) -> None:
    """At ``{@link Maybe}``, tsgo lists every use of either declaration."""
    at = ("maybe.ts", 8, 18)
    _found, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at)
    assert theirs >= EVERY_USE, sorted(theirs)
    assert mine >= EVERY_USE, sorted(EVERY_USE - mine)


def test_renaming_one_declaration_of_a_merged_name_renames_the_symbol(tmp_path: Path) -> None:
    """tsgo's rename at ``const Maybe`` edits ``type Maybe`` and its uses too (one symbol);
    lsai's renamed the const and its value uses alone."""
    for at in (("maybe.ts", 7, 14), ("maybe.ts", 9, 13)):
        mine, theirs = renamed_beside_server(tmp_path / str(at[1]), FILES, "tsgo", at, "Option")
        assert mine == theirs, (at, sorted(mine ^ theirs))


INTERFACE_AND_CONST = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "timeout.ts": (
        "export interface TimeoutInfo {\n"  # 1
        "  /** Provided through the {@link TimeoutError}. */\n"  # 2: `TimeoutError` at col 35
        "  meta: number;\n"
        "}\n"
        "export interface TimeoutError extends Error {\n"  # 5
        "  info: TimeoutInfo | null;\n"
        "}\n"
        "export interface TimeoutErrorCtor {\n"
        "  new (info?: TimeoutInfo): TimeoutError;\n"  # 9
        "}\n"
        "export const TimeoutError: TimeoutErrorCtor = function (this: unknown) {} as never;\n"
        "/**\n"
        " * Emits a {@linkcode TimeoutError}.\n"  # 13: `TimeoutError` at col 23
        " */\n"
        "export function timeout(): void {\n"
        "  throw new TimeoutError();\n"  # 16
        "}\n"
    ),
}


def test_a_jsdoc_link_is_a_use_of_an_interface_merged_with_a_const(tmp_path: Path) -> None:
    """rxjs's ``interface TimeoutError`` and ``const TimeoutError``: tsgo's definition at a
    ``{@link TimeoutError}`` lists both, and the references of each list the link; lsai took
    the link for a value site and keyed it to the const alone (the interface's usages: 7
    "missing")."""
    links = {("timeout.ts", 2, 35), ("timeout.ts", 13, 23)}
    for at in (("timeout.ts", 5, 18), ("timeout.ts", 11, 14)):
        dir_ = tmp_path / str(at[1])
        _, mine, theirs = usages_beside_server(dir_, INTERFACE_AND_CONST, "tsgo", at, True)
        assert links <= theirs, (at, sorted(theirs))
        assert mine == theirs, (at, sorted(mine ^ theirs))
