"""The usages at a name the language server tied to no symbol of the workspace (a library's, a
built-in: ``bytes``, ``pytest.raises``), listed by name, beside the live server's
``textDocument/references`` there."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query import unindexed
from lsai.query.errors import QueryError
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references, refusal, usages_beside_server
from tests.test_rename_go_locals import GO
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.trees import served_tree

PYTHON = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/sizes.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "def size(data: bytes) -> int:\n"  # 4
        "    return len(bytes(data))\n"  # 5
        "\n"
        "\n"
        "def test_size() -> None:\n"  # 8
        "    with pytest.raises(TypeError):\n"  # 9
        "        size(1)  # type: ignore[arg-type]\n"  # 10
    ),
    "m/wrap.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "def wrap(bytes: int) -> int:\n"  # 4: a parameter named alike
        "    return bytes\n"  # 5
        "\n"
        "\n"
        "x = bytes(3)\n"  # 8
        "pytest.raises(ValueError, wrap, 1)\n"  # 9
        "y = wrap(bytes=2)\n"  # 10
        "from .sizes import size\n"  # 11
    ),
}


def _beside_server(
    root: Path, at: Location, declarations: bool = False, files: dict[str, str] = PYTHON
) -> tuple[set[Location], set[Location]]:
    served_tree(root, files, "ty")
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
    finally:
        ws.close()
    assert found.mode == "name-based" and found.provenance.notes[0].startswith(
        f"{found.symbol.qualified_name} is no symbol of the workspace"
    )
    assert all(u.by_name for f in found.files for u in f.usages)
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    return sites, asyncio.run(live_references(root, "ty", at, declarations))


def _refused_where_ty_answers_none(tmp_path: Path, files: dict[str, str], at: Location) -> None:
    """ty answers no references at ``at`` (declarations included); lsai's usages there refuse
    (NO_SYMBOL_AT_POSITION)."""
    served_tree(tmp_path, files, "ty")
    assert not asyncio.run(live_references(tmp_path, "ty", at, declarations=True))
    asked = UsagesInput(file=at[0], line=at[1], col=at[2])
    assert refusal(tmp_path, usages, asked) == ErrorCode.NO_SYMBOL_AT_POSITION


@pytest.mark.parametrize(
    "at", [("m/sizes.py", 4, 16), ("m/wrap.py", 8, 5)], ids=["annotation", "call"]
)
def test_a_builtins_usages_are_its_uses_by_name_not_a_parameter_named_alike(
    tmp_path: Path, at: Location
) -> None:
    """``bytes`` (before: NO_SYMBOL_AT_POSITION, "a library name"): its uses in both files, as
    ty's references list them; not ``wrap``'s parameter ``bytes`` nor its keyword."""
    sites, server = _beside_server(tmp_path, at)
    assert ("m/wrap.py", 8, 5) in server and ("m/wrap.py", 5, 12) not in server
    assert sites == server


def test_a_library_members_usages_are_its_uses_as_a_member(tmp_path: Path) -> None:
    sites, server = _beside_server(tmp_path, ("m/sizes.py", 9, 17))
    assert server == {("m/sizes.py", 9, 17), ("m/wrap.py", 9, 8)}
    assert sites == server


def test_a_module_imported_absolutely_lists_its_uses_in_every_file(tmp_path: Path) -> None:
    """ty's references of ``pytest`` at ``import pytest``: both files' imports (declarations,
    which lsai's usages list as a module's imports) and uses."""
    sites, server = _beside_server(tmp_path, ("m/sizes.py", 1, 8), declarations=True)
    assert ("m/wrap.py", 9, 1) in server
    assert sites == server


BESIDE_MISSING = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/a.py": "import os, nothere\n\nprint(os.getcwd(), nothere.x)\n",
    "m/b.py": "import os\n\nprint(os.getcwd())\n",
    "m/c.py": "import nothere, os\n\nprint(os.sep, nothere.y)\n",
}


@pytest.mark.parametrize(
    "at",
    [("m/a.py", 1, 8), ("m/a.py", 3, 7), ("m/c.py", 3, 7), ("m/a.py", 3, 20)],
    ids=["import", "use", "after-the-missing-one", "the-missing-one"],
)
def test_a_module_imported_beside_one_ty_cannot_resolve_lists_its_uses_in_every_file(
    tmp_path: Path, at: Location
) -> None:
    """``import os, nothere``: ty reports ``import-not-found`` on ``nothere`` alone, and its
    references of ``os`` are every file's; lsai took the report for the whole line, refused
    at the import and listed the file's uses alone (sweep55's risk). ``nothere`` is still its
    file's alone."""
    _, sites, server = usages_beside_server(tmp_path, BESIDE_MISSING, "ty", at, declarations=True)
    assert len({file for file, _, _ in server}) == (1 if at[2] == 20 else 3)
    assert sites == server


def test_a_module_a_from_statement_imports_from_is_no_use_of_the_module(tmp_path: Path) -> None:
    """ty's references of ``typing`` at ``import typing`` list no ``from typing import
    Any`` of another file, nor ``from .`` of a relative import read as a member; lsai listed
    them (itsdangerous ``typing``: 5 "extra")."""
    files = {
        **PYTHON,
        "m/typed.py": "import typing\n\n\ndef f(x: typing.Any) -> None:\n    pass\n",
        "m/other.py": "from typing import Any\nfrom typing import cast\n\nx: Any = cast(int, 1)\n",
    }
    sites, server = _beside_server(tmp_path, ("m/typed.py", 1, 8), True, files)
    assert ("m/typed.py", 4, 10) in server
    assert sites == server


def test_a_library_name_in_a_string_annotation_is_one_of_its_uses(tmp_path: Path) -> None:
    """ty's references of ``os`` (a module imported absolutely) and of ``bytes`` list their
    names inside string annotations and a ``cast``'s string, which no identifier holds: the
    index read them only to ask what they name, and kept none the server tied to no symbol of
    the workspace (click ``os``: 14 "missing", ``t``: 33; attrs ``int``: 15)."""
    files = {
        **PYTHON,
        "m/paths.py": (
            "import os\n"  # 1
            "import typing\n"  # 2
            "\n"
            "\n"
            'def f(p: "os.PathLike[str]") -> "bytes":\n'  # 5
            '    return typing.cast("bytes", os.fspath(p))\n'  # 6
        ),
    }
    for at in (("m/paths.py", 1, 8), ("m/sizes.py", 4, 16)):
        sites, server = _beside_server(tmp_path, at, True, files)
        assert ("m/paths.py", 5, 11) in server or ("m/paths.py", 6, 25) in server
        assert sites == server


@pytest.mark.parametrize(
    "at", [("m/typed.py", 5, 22), ("m/other.py", 6, 4)], ids=["member", "imported"]
)
def test_a_library_name_is_one_as_a_modules_member_and_as_a_name_imported_from_it(
    tmp_path: Path, at: Location
) -> None:
    """ty's references of ``typing.Any`` at ``t.Any`` list the ``Any`` of ``from typing import
    (Any)`` and its uses, and at that ``Any`` the ``t.Any`` (itsdangerous ``t.Any``: 11
    "missing"; httpx ``typing.Iterator``: 6); not a member of a value (``x.Any``)."""
    files = {
        **PYTHON,
        "m/typed.py": (
            "import typing as t\n"  # 1
            "import pytest\n"
            "\n"
            "\n"
            "def f(x: t.Any) -> t.Any:\n"  # 5
            "    return x.Any, pytest.Any\n"  # 6
        ),
        "m/other.py": (
            "from typing import (\n"  # 1
            "    Any,\n"  # 2
            "    cast,\n"  # 3
            ")\n"
            "\n"
            "x: Any = cast(Any, 1)\n"  # 6
        ),
    }
    sites, server = _beside_server(tmp_path, at, True, files)
    assert {("m/typed.py", 5, 12), ("m/other.py", 2, 5)} <= server
    assert sites == server


SHIELDS = {
    **PYTHON,
    "m/shields.py": (
        "import asyncio\n"  # 1
        "import asyncio.tasks\n"
        "from asyncio.tasks import shield\n"  # 3
        "\n"
        "\n"
        "def a(f: asyncio.Future[int]) -> object:\n"  # 6
        "    return asyncio.shield(f)\n"  # 7
        "\n"
        "\n"
        "def b(f: asyncio.Future[int]) -> object:\n"  # 10
        "    return asyncio.tasks.shield(f), shield(f)\n"  # 11
        "\n"
        "\n"
        "def c() -> object:\n"  # 14
        "    return shield\n"  # 15
    ),
}


@pytest.mark.parametrize(
    "at", [("m/shields.py", 7, 20), ("m/shields.py", 11, 37)], ids=["asyncio", "asyncio.tasks"]
)
def test_a_library_function_spelled_through_two_modules_is_one_where_its_calls_lead_to_one(
    tmp_path: Path, at: Location
) -> None:
    """ty's references of ``asyncio.shield`` list ``shield`` imported from ``asyncio.tasks``
    and its uses, its calls led to one stub's ``def`` in either spelling; lsai matched the
    module's name alone (cattrs: attrs' ``define`` as ``attr.define`` and ``from attrs import
    define``, 54 "missing")."""
    sites, server = _beside_server(tmp_path, at, True, SHIELDS)
    assert {("m/shields.py", 7, 20), ("m/shields.py", 3, 27), ("m/shields.py", 15, 12)} <= server
    assert sites == server


ABCS = {
    **PYTHON,
    "m/seqs.py": (
        "import typing as t\n"  # 1
        "\n"
        "\n"
        "def first(xs: t.Sequence[int], od: t.OrderedDict[str, int]) -> int:\n"  # 4
        "    return xs[0]\n"
    ),
    "m/checks.py": (
        "import collections\n"  # 1
        "from collections.abc import Mapping, Sequence\n"  # 2
        "\n"
        "\n"
        "def flat(x: object) -> bool:\n"  # 5
        "    od = collections.OrderedDict[str, int]()\n"  # 6
        "    return isinstance(x, (Mapping, Sequence)) and not od\n"  # 7
    ),
}


@pytest.mark.parametrize(
    "at", [("m/seqs.py", 4, 17), ("m/checks.py", 7, 36)], ids=["typing", "collections.abc"]
)
def test_a_library_name_a_stub_imports_from_another_module_is_one_in_both_spellings(
    tmp_path: Path, at: Location
) -> None:
    """typeshed's ``collections/abc.pyi`` star-imports ``_collections_abc``, which imports
    ``Sequence`` from ``typing``: ty's references of ``t.Sequence`` list ``from collections.abc
    import Sequence`` and its uses, and the other way; lsai's spellings read
    ``collections.abc.Sequence`` and ``typing.Sequence`` apart (pydash ``t.Sequence``: 2
    "missing"; the sweep8 gap, alembic ``Index``: no call joined them). ``typing.OrderedDict``
    (an alias typing.pyi assigns) stays apart from ``collections.OrderedDict``, as in ty's."""
    sites, server = _beside_server(tmp_path, at, True, ABCS)
    assert {("m/seqs.py", 4, 17), ("m/checks.py", 2, 38), ("m/checks.py", 7, 36)} <= server
    assert sites == server
    sites, server = _beside_server(tmp_path, ("m/seqs.py", 4, 38), True, ABCS)
    assert ("m/checks.py", 6, 22) not in server
    assert sites == server


def test_the_stubs_a_name_is_followed_through_are_written_on_a_fresh_ty_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ty writes a typeshed stub to its cache only when an answer leads into it: after it is
    installed or upgraded, ``collections/abc.pyi`` and ``_collections_abc.pyi`` are not there,
    and lsai read ``t.Sequence`` and ``Sequence`` of ``from collections.abc`` as two names
    (quart ``t.Callable``: 1 missing at 2 positions; the test above failed on a fresh cache).
    The index run has ty write the stubs the imports lead through (``indexer.lsp.stubs``)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    root = tmp_path / "tree"
    root.mkdir()
    sites, server = _beside_server(root, ("m/seqs.py", 4, 17), True, ABCS)
    assert {("m/seqs.py", 4, 17), ("m/checks.py", 2, 38), ("m/checks.py", 7, 36)} <= server
    assert sites == server
    assert list(cache.glob("ty/vendored/typeshed/*/stdlib/_collections_abc.pyi"))


JOINS = {
    **PYTHON,
    "m/words.py": (
        "import os\n"  # 1
        "import os.path as osp\n"
        "\n"
        "PATTERN = '|'.join(['a', 'b'])\n"  # 4: a module-level call, led nowhere
        "\n"
        "\n"
        "def listed(xs: list[str]) -> str:\n"  # 7
        "    return ', '.join(xs) + os.path.join('a', 'b') + osp.join('c')\n"  # 8
    ),
}


@pytest.mark.parametrize(
    ("at", "other"),
    [
        (("m/words.py", 4, 15), ("m/words.py", 8, 17)),
        (("m/words.py", 8, 36), ("m/words.py", 8, 57)),
    ],
    ids=["str.join", "os.path.join"],
)
def test_a_member_of_a_module_reached_through_a_module_is_no_member_of_a_value(
    tmp_path: Path, at: Location, other: Location
) -> None:
    """``os.path.join`` after ``import os`` is the module's function, whose uses ty's
    references list apart from ``str.join``'s; lsai read a member of a chain as a member of a
    value, by name (inflect ``'|'.join`` of a module-level f-string: 1 "extra" at
    tests/test_inflections.py ``os.path.join``)."""
    sites, server = _beside_server(tmp_path, at, True, JOINS)
    assert server == {at, other}
    assert sites == server


FILTERS = {
    "pyproject.toml": "[project]\nname = 'sqlkit'\nversion = '0'\n",
    "sqlkit/__init__.py": (
        "from sqlkit import filters\n\n\ndef run() -> object:\n    return filters.Upper()\n"
    ),
    "sqlkit/filters/__init__.py": (
        "from sqlkit.filters.others import Upper\n"  # 1
        "from sqlkit.filters.others import Lower\n"
        "\n"
        "__all__ = ['Upper', 'Lower']\n"
    ),
    "sqlkit/filters/others.py": "class Upper:\n    pass\n\n\nclass Lower:\n    pass\n",
    "sqlkit/use.py": (
        "from sqlkit import filters\n\n\ndef go() -> object:\n    return filters.Lower()\n"
    ),
}


def test_a_package_named_in_a_dotted_from_module_is_the_package_its_imports_bind(
    tmp_path: Path,
) -> None:
    """ty's references at ``filters`` of ``from sqlkit.filters.others import Upper`` (in the
    package's own ``__init__.py``) are those of ``from sqlkit import filters`` and its uses;
    lsai refused a dotted ``from`` module of the workspace (sqlparse ``filters``:
    NO_SYMBOL_AT_POSITION, 14 references)."""
    sites, server = _beside_server(tmp_path, ("sqlkit/filters/__init__.py", 1, 13), True, FILTERS)
    assert {("sqlkit/__init__.py", 1, 20), ("sqlkit/use.py", 5, 12)} <= server
    assert sites == server


SRC_PACKAGE = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    "src/pk/__init__.py": "from pk._levels import LEVEL\n",  # 1
    "src/pk/_levels.py": "LEVEL = 1\n",
    "src/pk/dev.py": "x = 2\n",
    "src/pk/twist.py": (
        "from ._levels import LEVEL\n"  # 1
        "from .dev import x\n"  # 2
        "from . import dev\n"  # 3
        "\n"
        "print(dev.x, LEVEL, x)\n"  # 5
    ),
    "tests/test_pk.py": (
        "import pk\n"  # 1
        "from pk._levels import LEVEL\n"  # 2
        "from pk import dev\n"  # 3
        "\n"
        "\n"
        "def test() -> None:\n"  # 6
        "    assert pk.LEVEL == LEVEL\n"  # 7
        "    assert dev.x\n"  # 8
    ),
}


@pytest.mark.parametrize(
    "at",
    [("tests/test_pk.py", 2, 6), ("src/pk/__init__.py", 1, 6), ("src/pk/twist.py", 2, 7)],
    ids=["package", "own-package", "relative"],
)
def test_the_first_or_a_relative_part_of_a_from_module_is_the_module_its_imports_bind(
    tmp_path: Path, at: Location
) -> None:
    """ty's references at ``pk`` of ``from pk._levels import LEVEL`` (a src layout's package,
    in a test or in its own ``__init__.py``) are those of ``import pk`` and its uses, and at
    ``dev`` of a relative ``from .dev import x`` those of ``from . import dev``; lsai refused
    both (structlog ``structlog`` of ``from structlog._log_levels import``: 162 references,
    ``processors`` of ``from .processors import``: 38; jsonschema's ``jsonschema``: 35)."""
    sites, server = _beside_server(tmp_path, at, True, SRC_PACKAGE)
    uses = {("tests/test_pk.py", 7, 12)} if at[2] == 6 else {("src/pk/twist.py", 5, 7)}
    assert uses <= server
    assert sites == server


SAME_NAMED = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    "src/pk/__init__.py": "from pk.pk import colored\n",
    "src/pk/pk.py": "def colored() -> str:\n    return 'x'\n",
    "src/pk/__main__.py": "from pk import colored\n\nprint(colored())\n",  # 1
    "tests/test_pk.py": (
        "from pk import colored, pk\n"  # 1
        "\n"
        "\n"
        "def test() -> None:\n"  # 4
        "    assert pk.colored() == colored()\n"  # 5
    ),
}


def test_a_package_is_not_its_submodule_of_the_same_name(tmp_path: Path) -> None:
    """A src layout's package ``pk`` holding ``pk/pk.py``, which the tests import (``from pk
    import pk``): ty's references at ``pk`` of ``from pk import colored`` are none, no import
    binding the package itself; lsai took ``pk.pk`` for ``pk`` read from folders above a source
    root (``_one_module`` looked for ``pk/__init__.py`` at the root alone) and listed the
    submodule's uses (termcolor's ``from termcolor import termcolor``: 12 "extra")."""
    served_tree(tmp_path, SAME_NAMED, "ty")
    at = ("src/pk/__main__.py", 1, 6)
    assert not asyncio.run(live_references(tmp_path, "ty", at, True))
    asked = UsagesInput(file=at[0], line=at[1], col=at[2])
    assert refusal(tmp_path, usages, asked) == ErrorCode.NO_SYMBOL_AT_POSITION


def test_a_module_is_one_imported_relatively_absolutely_and_under_an_alias(tmp_path: Path) -> None:
    """ty's references of the module ``m.sizes`` at ``from m import sizes`` list ``from . import
    sizes`` and ``from m import sizes as sz``; lsai left out those spelled otherwise
    (marshmallow ``fields``: 2 "missing" at ``from . import fields``, ``import fields as
    ma_fields``)."""
    files = {
        **PYTHON,
        "m/a.py": "from . import sizes\n\nsizes.size(b'')\n",
        "m/b.py": "from m import sizes as sz\n\nsz.size(b'')\n",
        "m/c.py": "from m import sizes\n\nprint(sizes)\n",
    }
    sites, server = _beside_server(tmp_path, ("m/c.py", 3, 7), True, files)
    assert {("m/a.py", 1, 15), ("m/b.py", 1, 15)} <= server
    assert sites == server


def test_a_library_types_member_is_no_member_of_a_module_spelled_alike(tmp_path: Path) -> None:
    """ty's references of ``str.join`` at ``",".join(parts)`` leave out ``path.join`` after
    ``from os import path`` (a module's function); lsai listed every ``.join`` (click
    ``e.param``: 51 "extra" ``pytest.param``)."""
    files = {
        **PYTHON,
        "m/joins.py": (
            "from os import path\n"  # 1
            "\n"
            "\n"
            "def f(parts: list[str]) -> str:\n"  # 4
            "    return ','.join(parts) + path.join('a', 'b')\n"  # 5
        ),
    }
    sites, server = _beside_server(tmp_path, ("m/joins.py", 5, 16), True, files)
    assert ("m/joins.py", 5, 16) in server and ("m/joins.py", 5, 35) not in server
    assert sites == server


def test_a_keyword_argument_of_a_librarys_function_is_its_keywords_in_calls_of_that_function(
    tmp_path: Path,
) -> None:
    """ty's references of ``match`` at ``pytest.raises(E, match="x")`` are the parameter's: the
    ``match=`` of every ``pytest.raises`` call, not ``pytest.warns``'s nor a method's of a value
    spelled alike (before: NO_SYMBOL_AT_POSITION, "a keyword argument"; attrs ``match``: 37
    references). At a method's of a value ty cannot type (itsdangerous ``signer.unsign(s,
    return_timestamp=True)``) or a parameter's call (``signer_factory(digest_method=...)``),
    ty answers nothing, and lsai refuses."""
    files = {
        **PYTHON,
        "m/check.py": (
            "import pytest\n"  # 1
            "\n"
            "\n"
            "def test_it() -> None:\n"  # 4
            "    with pytest.raises(ValueError, match='x'):\n"  # 5
            "        int('a')\n"
            "    with pytest.warns(UserWarning, match='y'):\n"  # 7
            "        pass\n"
        ),
        "m/more.py": (
            "from pytest import raises\n"  # 1
            "\n"
            "with raises(\n"  # 3
            "    KeyError,\n"
            "    match='z',\n"  # 5
            "):\n"
            "    pass\n"
            "\n"
            "\n"
            "def g(x):  # type: ignore[no-untyped-def]\n"  # 10
            "    return x.raises(match='w')\n"  # 11
            "\n"
            "\n"
            "def h(make):  # type: ignore[no-untyped-def]\n"  # 14
            "    return make(match='v')\n"  # 15
        ),
    }
    sites, server = _beside_server(tmp_path, ("m/check.py", 5, 36), True, files)
    assert {("m/check.py", 5, 36), ("m/more.py", 5, 5)} <= server
    assert ("m/more.py", 11, 21) not in server
    assert sites == server
    # a method of a value, a parameter: ty answers nothing there, lsai refuses
    for at in (("m/more.py", 11, 21), ("m/more.py", 15, 17)):
        assert (
            refusal(tmp_path, usages, UsagesInput(file=at[0], line=at[1], col=at[2]))
            == ErrorCode.NO_SYMBOL_AT_POSITION
        )
        assert not asyncio.run(live_references(tmp_path, "ty", at))


ARGPARSE = {
    **PYTHON,
    "m/cli.py": (
        "import argparse\n"  # 1
        "\n"
        "\n"
        "def build() -> argparse.ArgumentParser:\n"  # 4
        "    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('-v', action='store_true')\n"  # 6
        "    group = parser.add_argument_group('g')\n"
        "    group.add_argument('-q', action='count')\n"  # 8
        "    group.add_argument('-n', nargs=2)\n"
        "    return parser\n"
        "\n"
        "\n"
        "def text(n: int) -> str:\n"  # 13
        "    return '{n}'.format(n=n)\n"  # 14: str.format(*args, **kwargs)
    ),
}


ALIASED = {
    **PYTHON,
    "m/show.py": (
        "import functools\n"  # 1
        "\n"
        "unichr = chr\n"  # 3
        "echo = functools.partial(print, end='')\n"  # 4
        "\n"
        "\n"
        "def show(n: int) -> str:\n"  # 7
        "    echo(unichr(n))\n"  # 8
        "    print(chr(n))\n"  # 9
        "    return unichr(n + 1)\n"  # 10
    ),
}


@pytest.mark.parametrize("at", [("m/show.py", 9, 11), ("m/show.py", 9, 5)], ids=["chr", "print"])
def test_a_builtins_usages_leave_out_the_calls_of_a_variable_holding_it(
    tmp_path: Path, at: Location
) -> None:
    """``unichr(n)`` of ``unichr = chr``, ``echo(x)`` of ``echo = functools.partial(print)``:
    ty's outgoing calls there lead to the builtin, its references of the builtin leave those
    calls out (they list ``chr`` and ``print`` where written); lsai listed them too (wcwidth
    ``chr`` and ``print``: 7 "extra" each)."""
    sites, server = _beside_server(tmp_path, at, True, ALIASED)
    assert ("m/show.py", 3, 10) in server or ("m/show.py", 4, 26) in server
    assert ("m/show.py", 8, 10) not in server and ("m/show.py", 8, 5) not in server
    assert sites == server


SPACED = {
    **PYTHON,
    "m/dumps.py": (
        "import json\n"  # 1
        "\n"
        "\n"
        "class Response:\n"  # 4
        "    def __init__(self, body: int = 0, **kw: int) -> None:\n"
        "        self.body = body\n"
        "\n"
        "\n"
        "def dump(x: object) -> tuple[str, str, str, Response]:\n"  # 9
        "    a = json.dumps(x, indent = 2)\n"  # 10
        "    b = json.dumps(\n"
        "        x,  # a comment\n"
        "        indent = 4,\n"  # 13
        "    )\n"
        "    c = json.dumps(x, indent=1)\n"  # 15
        "    indent = 3\n"  # 16: an assignment
        "    return a, b, c, Response(\n"
        "        body = indent,\n"
        "        last_modified = 2,\n"  # 19: `**kw` takes it
        "    )\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [("m/dumps.py", 10, 23), ("m/dumps.py", 13, 9), ("m/dumps.py", 15, 23)],
    ids=["spaced", "spaced, starting its line", "unspaced"],
)
def test_a_keyword_argument_with_spaces_around_its_equals_is_a_keyword(
    tmp_path: Path, at: Location
) -> None:
    """``json.dumps(x, indent = 2)``: a keyword argument written with spaces around ``=`` (PEP 8
    would not), on its call's line or starting one, is the parameter's as ty's references say;
    lsai read an assignment and listed ``indent`` by name, without the unspaced ``indent=1``
    (at webob's ``Response(..., last_modified = stat.st_mtime)`` of a class whose ``**kw`` takes
    it, ty answers none, lsai the keyword itself: "the server answers none; lsai 1")."""
    sites, server = _beside_server(tmp_path, at, True, SPACED)
    assert {("m/dumps.py", 10, 23), ("m/dumps.py", 13, 9), ("m/dumps.py", 15, 23)} == server
    assert sites == server
    _refused_where_ty_answers_none(tmp_path, SPACED, ("m/dumps.py", 19, 9))


def test_a_keyword_argument_of_a_library_method_is_its_keywords_where_the_server_led_the_calls(
    tmp_path: Path,
) -> None:
    """ty's references of ``action`` at ``group.add_argument('-q', action='count')`` are
    argparse's parameter's: the ``action=`` of every call it led to ``add_argument`` (a
    parser's and a group's; sqlparse cli.py: 7). lsai refused a keyword of a method of a value
    (NO_SYMBOL_AT_POSITION). Where the method's ``**kwargs`` alone takes the keyword
    (``'{n}'.format(n=n)``), ty answers nothing, and lsai still refuses."""
    sites, server = _beside_server(tmp_path, ("m/cli.py", 8, 30), True, ARGPARSE)
    assert {("m/cli.py", 6, 31), ("m/cli.py", 8, 30)} <= server
    assert sites == server
    at = ("m/cli.py", 14, 25)
    assert (
        refusal(tmp_path, usages, UsagesInput(file=at[0], line=at[1], col=at[2]))
        == ErrorCode.NO_SYMBOL_AT_POSITION
    )
    assert not asyncio.run(live_references(tmp_path, "ty", at))


SPACES = {
    **PYTHON,
    "m/spaces.py": (
        "from argparse import ArgumentParser, Namespace\n"  # 1
        "\n"
        "\n"
        "def spaces() -> Namespace:\n"  # 4
        "    parser = ArgumentParser(prog='p')\n"  # 5: __init__(self, prog=None, ...)
        "    parser.parse_args([])\n"
        "    return Namespace(c=1, prog=ArgumentParser(prog='q').prog)\n"  # 7: **kwargs
    ),
}


def test_a_keyword_argument_a_library_classs_kwargs_alone_takes_is_no_symbol(
    tmp_path: Path,
) -> None:
    """At ``c`` of ``Namespace(c=1)`` (argparse's ``Namespace.__init__(self, **kwargs)``) ty
    answers no references; lsai listed the ``c=`` of every ``Namespace`` call by name (pydash
    tests/test_objects.py: "the server answers none; lsai 1"). The server leads such a call to
    the class, whose own ``__init__`` is read now. A keyword its ``__init__`` names
    (``ArgumentParser(prog='p')``) is still its keywords in the class's calls."""
    sites, server = _beside_server(tmp_path, ("m/spaces.py", 5, 29), True, SPACES)
    assert {("m/spaces.py", 5, 29), ("m/spaces.py", 7, 47)} <= server
    assert sites == server
    for at in (("m/spaces.py", 7, 22), ("m/spaces.py", 7, 27)):
        assert not asyncio.run(live_references(tmp_path, "ty", at))
        assert (
            refusal(tmp_path, usages, UsagesInput(file=at[0], line=at[1], col=at[2]))
            == ErrorCode.NO_SYMBOL_AT_POSITION
        )


MODULE_LEVEL = {
    **PYTHON,
    "m/setup.py": (
        "import argparse\n"  # 1
        "from argparse import ArgumentParser, Namespace\n"  # 2
        "\n"
        "OPTIONS = dict(author='a', url='u')\n"  # 4: dict(**kwargs)
        "DEFAULTS = argparse.Namespace(author='b')\n"  # 5: Namespace(**kwargs)
        "PARSER = ArgumentParser(prog='p')\n"  # 6: __init__(self, prog=None, ...)
        "\n"
        "\n"
        "def parsed() -> Namespace:\n"  # 9
        "    return Namespace(url=ArgumentParser(prog='q').prog)\n"  # 10
    ),
}


def test_a_keyword_argument_kwargs_alone_takes_at_module_level_is_no_symbol(
    tmp_path: Path,
) -> None:
    """A call at module level is no caller's: ty's outgoing calls are asked of callables
    alone, so no stored call says what it leads to, and ``Namespace(c=1)``'s rule (above) did
    not hold there: at ``author`` of setup.py's ``setup(author=...)`` (setuptools' ``def
    setup(**attrs)``) or of ``dict(author=...)`` ty answers no references, lsai listed the
    keywords of every such call by name (click-plugins 5 positions, python-slugify 2,
    marshmallow-dataclass 1: "the server answers none; lsai 1"). The definition the call's
    spelling names in the library's stub or source is read now. A keyword the signature names
    (``ArgumentParser(prog='p')``) is still listed, its calls' in functions too."""
    sites, server = _beside_server(tmp_path, ("m/setup.py", 6, 25), True, MODULE_LEVEL)
    assert {("m/setup.py", 6, 25), ("m/setup.py", 10, 41)} <= server
    assert sites == server
    for at in (("m/setup.py", 4, 16), ("m/setup.py", 4, 28), ("m/setup.py", 5, 31)):
        assert not asyncio.run(live_references(tmp_path, "ty", at, declarations=True))
        assert (
            refusal(tmp_path, usages, UsagesInput(file=at[0], line=at[1], col=at[2]))
            == ErrorCode.NO_SYMBOL_AT_POSITION
        )


OPTPARSE = {
    **PYTHON,
    "m/opts.py": (
        "import optparse\n"  # 1
        "\n"
        "\n"
        "def build() -> optparse.OptionParser:\n"  # 4
        "    parser = optparse.OptionParser()\n"
        "    parser.add_option('-v', dest='verbose', action='store_true')\n"  # 6
        "    ao = parser.add_option\n"
        "    ao('-q', dest='quiet')\n"  # 8
        "    return parser\n"
    ),
}


@pytest.mark.parametrize("at", [("m/opts.py", 6, 29), ("m/opts.py", 8, 14)], ids=["call", "alias"])
def test_a_keyword_argument_of_an_overloaded_library_method_is_its_keywords(
    tmp_path: Path, at: Location
) -> None:
    """optparse's ``add_option`` is two ``@overload`` stubs; the server leads its calls to the
    first (``add_option(self, opt: Option, /)``), which names no ``dest``; the second does.
    ty's references of ``dest`` are the ``dest=`` of every call led there, through a local
    holding the bound method too (peewee pwiz.py ``ao = parser.add_option``, ``ao('-s',
    dest='schema')``: 17, lsai NO_SYMBOL_AT_POSITION)."""
    sites, server = _beside_server(tmp_path, at, True, OPTPARSE)
    assert {("m/opts.py", 6, 29), ("m/opts.py", 8, 14)} <= server
    assert sites == server


def test_a_dicts_string_key_is_no_name_to_list_by_name(tmp_path: Path) -> None:
    """At the key of ``POWER['not']`` (a plain dict: no TypedDict declares it) ty answers no
    references; lsai listed every untied ``['not']`` and ``not``-named site by name (jmespath
    parser.py ``self.BINDING_POWER['not']``: "the server answers none; lsai 1"; at
    ``['flatten']``, 2)."""
    files = {
        **PYTHON,
        "m/power.py": (
            "POWER = {'flatten': 9, 'eof': 0}\n"  # 1
            "\n"
            "\n"
            "def bind() -> int:\n"  # 4
            "    return POWER['flatten'] + POWER['eof']\n"  # 5
            "\n"
            "\n"
            "def again() -> int:\n"  # 8
            '    return POWER["flatten"]\n'  # 9
        ),
    }
    served_tree(tmp_path, files, "ty")
    for at in (("m/power.py", 5, 19), ("m/power.py", 9, 19)):
        assert not asyncio.run(live_references(tmp_path, "ty", at))
        assert (
            refusal(tmp_path, usages, UsagesInput(file=at[0], line=at[1], col=at[2]))
            == ErrorCode.NO_SYMBOL_AT_POSITION
        )


def test_a_dicts_string_key_is_no_use_of_a_library_module_of_that_name(tmp_path: Path) -> None:
    """ty's references of ``functools`` at ``functools.reduce`` are the module's import and
    uses; lsai listed another file's ``ARGS['functools']`` too (a plain dict's string key the
    index keeps as a site tied to no symbol; funcy decorators.py ``functools``: 1 "extra")."""
    files = {
        **PYTHON,
        "m/folds.py": (
            "import functools\n"  # 1
            "\n"
            "total = functools.reduce(lambda a, b: a + b, [1, 2])\n"  # 3
        ),
        "m/args.py": (
            "ARGS: dict[str, dict[str, str]] = {}\n"  # 1
            "ARGS['functools'] = {'reduce': '**'}\n"  # 2
            "ARGS['builtins'] = {'len': '*'}\n"
        ),
    }
    sites, server = _beside_server(tmp_path, ("m/folds.py", 3, 9), True, files)
    assert ("m/folds.py", 1, 8) in server
    assert sites == server


FALLBACK_CLASS = {
    **PYTHON,
    "m/compat.py": (
        "try:\n"
        "    from StringIO import StringIO\n"  # 2: not installed
        "except ImportError:\n"
        "    from io import StringIO\n"
    ),
    "m/t1.py": "from .compat import StringIO\n\n\ndef f():\n    return StringIO()\n",  # 5:12
    "m/t2.py": "from io import StringIO\n\n\ndef g():\n    return StringIO()\n",  # 5:12
}


def test_a_library_class_called_through_a_fallback_import_is_the_class_called_directly(
    tmp_path: Path,
) -> None:
    """ty leads ``StringIO()`` of compat's fallback import to io's class and its ``__init__``,
    io's own import's call to the class alone; its references at either call list both. lsai
    kept the calls led to the one definition it took for the asked call (tqdm tests: 2
    "missing", ``logging.StreamHandler(StringIO())`` in a file importing ``from io import
    StringIO``). The unresolved import's binding (compat.py:2) is lsai's, not ty's: judged (ty
    lists no import it cannot resolve)."""
    sites, server = _beside_server(tmp_path, ("m/t1.py", 5, 12), True, FALLBACK_CLASS)
    assert ("m/t2.py", 5, 12) in server
    assert sites - {("m/compat.py", 2, 26)} == server


def test_a_module_a_function_imports_is_the_modules_there_too(tmp_path: Path) -> None:
    """ty's references of ``pytest`` list a function's own ``import pytest`` and its uses
    there; lsai read them as the function's local (attrs ``import attr`` in a test helper: 4
    "missing", ``from typing import TypeVar`` in a test: 2)."""
    files = {
        **PYTHON,
        "m/late.py": "def late() -> None:\n    import pytest\n\n    pytest.fail('x')\n",
    }
    sites, server = _beside_server(tmp_path, ("m/sizes.py", 1, 8), True, files)
    assert {("m/late.py", 2, 12), ("m/late.py", 4, 5)} <= server
    assert sites == server


def test_a_module_a_from_statement_imports_is_still_no_symbol_to_ask_about(tmp_path: Path) -> None:
    """ty lists no uses of ``sizes`` at ``from .sizes import size``; nor does lsai."""
    served_tree(tmp_path, PYTHON, "ty")
    assert (
        refusal(tmp_path, usages, UsagesInput(file="m/wrap.py", line=11, col=7))
        == ErrorCode.NO_SYMBOL_AT_POSITION
    )
    assert not asyncio.run(live_references(tmp_path, "ty", ("m/wrap.py", 11, 7)))


WARNINGS = {
    **PYTHON,
    "m/late.py": (
        "import warnings\n"  # 1
        "\n"
        "\n"
        "def late() -> None:\n"  # 4
        "    from warnings import warn\n"  # 5
        "\n"
        "    warn('x')\n"  # 7
        "\n"
        "\n"
        "def aliased() -> None:\n"  # 10
        "    from warnings import warn as w\n"  # 11
        "\n"
        "    w('y')\n"  # 13
        "    warnings.warn('z')\n"  # 14
    ),
    "m/early.py": (
        "from warnings import warn\n"  # 1
        "\n"
        "\n"
        "def early() -> None:\n"  # 4
        "    import warnings\n"  # 5
        "\n"
        "    warn('a')\n"  # 7
    ),
}


@pytest.mark.parametrize(
    "at",
    [("m/late.py", 5, 10), ("m/early.py", 1, 6)],
    ids=["in a function", "at the top"],
)
def test_the_library_module_a_from_statement_imports_from_lists_the_modules_uses(
    tmp_path: Path, at: Location
) -> None:
    """ty's references at ``warnings`` of ``from warnings import warn`` are the module's:
    ``import warnings`` and ``warnings.warn``, in every file, not the ``from`` statements.
    lsai refused (NO_SYMBOL_AT_POSITION; cachetools' ``from warnings import warn``: ty lists 10)."""
    sites, server = _beside_server(tmp_path, at, declarations=True, files=WARNINGS)
    assert {("m/late.py", 1, 8), ("m/late.py", 14, 5), ("m/early.py", 5, 12)} <= server
    assert sites == server


@pytest.mark.parametrize(
    "at",
    [("m/late.py", 5, 26), ("m/late.py", 7, 5), ("m/early.py", 5, 12)],
    ids=["from-imported", "its use", "a module"],
)
def test_a_library_name_a_function_imports_is_its_uses_in_every_file(
    tmp_path: Path, at: Location
) -> None:
    """ty's references at a function's own ``from warnings import warn`` (or ``import
    warnings``) are the library name's, in every file, as at a module's import; lsai listed
    the function's uses alone, as a local's (``import warnings`` unused there: none)."""
    sites, server = _beside_server(tmp_path, at, declarations=True, files=WARNINGS)
    assert len({file for file, _, _ in server}) == 2
    assert sites == server


def test_a_library_name_a_function_imports_under_an_alias_is_the_functions_local(
    tmp_path: Path,
) -> None:
    """``from warnings import warn as w`` in a function: ty's references at ``w`` are the
    alias's, its import and its use in the function; so are lsai's."""
    served_tree(tmp_path, WARNINGS, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file="m/late.py", line=13, col=5, include_definition=True))
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    server = asyncio.run(live_references(tmp_path, "ty", ("m/late.py", 13, 5), True))
    assert server == {("m/late.py", 11, 34), ("m/late.py", 13, 5)}
    assert sites == server


def _with_declarations(
    root: Path, files: dict[str, str], at: Location, server: str = "tsgo"
) -> tuple[set[Location], set[Location]]:
    """lsai's usages at ``at`` and the server's references there, declarations included in
    both."""
    _, sites, theirs = usages_beside_server(root, files, server, at, declarations=True)
    return sites, theirs


JAVASCRIPT = {
    "tsconfig.json": JSCONFIG,
    "server.js": (
        "const http = require('http');\n"  # 1
        "function serve(port) {\n"  # 2
        "  return http.createServer().listen(port, { backlog: 1 });\n"  # 3
        "}\n"
        "module.exports = { serve, keys: Object.keys(http) };\n"  # 5
    ),
    "client.js": (
        "const http = require('http');\n"  # 1
        "exports.get = (url) => http.get(url, Object.freeze({ backlog: 2 }));\n"  # 2
    ),
}


@pytest.mark.parametrize(
    "at", [("server.js", 3, 10), ("server.js", 5, 33)], ids=["required", "global"]
)
def test_a_required_module_is_its_files_and_a_global_every_files(
    tmp_path: Path, at: Location
) -> None:
    """``const http = require('http')`` binds ``http`` in its file alone: tsgo's references are
    that file's; ``Object``'s are every file's."""
    sites, server = _with_declarations(tmp_path, JAVASCRIPT, at)
    assert {file for file, _, _ in server} == (
        {"server.js"} if at[1] == 3 else {"server.js", "client.js"}
    )
    assert sites == server


def test_a_go_package_is_its_files_and_a_built_in_no_symbol(tmp_path: Path) -> None:
    """gopls's references of ``strings`` are its import and uses in that file; of ``string``,
    none: lsai refuses it as before."""
    served_tree(tmp_path, GO, "gopls")
    line = GO["join.go"].split("\n")[15]  # return func() string { ... strings.Repeat(...) }
    package = ("join.go", 16, line.index("strings") + 1)
    built_in = ("join.go", 16, line.index("string {") + 1)
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        at = package
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True))
        with pytest.raises(QueryError) as refused:
            usages(ws, UsagesInput(file="join.go", line=16, col=built_in[2]))
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    server = asyncio.run(live_references(tmp_path, "gopls", package, declarations=True))
    assert ("join.go", 3, 8) in server and ("join.go", 31, 10) in server
    assert sites == server
    assert refused.value.code == ErrorCode.NO_SYMBOL_AT_POSITION
    assert not asyncio.run(live_references(tmp_path, "gopls", built_in, declarations=True))


def test_a_namespace_imported_from_an_unresolved_module_is_its_files_however_many_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``import * as z from "zod/v4"`` (the package's own name, which the server does not
    resolve in its sources): tsgo's references of ``z`` are its file's, listed though other
    files name ``z`` more than ``UNTIED_LISTED`` times before it; spread (``...z.c``) too. The
    limit is lowered to 200 here (20,000 lines for tsgo took 50 s of the suite)."""
    monkeypatch.setattr(unindexed, "UNTIED_LISTED", 200)
    many = "".join(f"export const a{n} = z.a{n};\n" for n in range(unindexed.UNTIED_LISTED))
    files = {
        "tsconfig.json": TSCONFIG,
        "a.ts": 'import * as z from "missing";\n' + many,
        "b.ts": (
            'import * as z from "missing";\n'  # 1
            "export const b = z.b;\n"  # 2
            "export const c = [...z.c];\n"  # 3
        ),
    }
    sites, server = _with_declarations(tmp_path, files, ("b.ts", 2, 18))
    assert server == {("b.ts", 1, 13), ("b.ts", 2, 18), ("b.ts", 3, 22)}  # not a member: `...z`
    assert sites == server


UNRESOLVED_TYPES = {
    "tsconfig.json": TSCONFIG,
    "src/http.ts": (
        "import type {\n"  # 1
        "  Response,\n"  # 2
        "  Message,\n"  # 3
        '} from "@acme/absent";\n'
        "\n"
        "export function parse(json: unknown): { json: Response } {\n"  # 6
        "  return { json: json as Response };\n"  # 7
        "}\n"
        "export const none: Message[] = [];\n"  # 9
    ),
}


@pytest.mark.parametrize(
    "at", [("src/http.ts", 2, 3), ("src/http.ts", 7, 26)], ids=["import", "use"]
)
def test_a_type_imported_from_an_unresolved_module_is_its_import_and_its_uses(
    tmp_path: Path, at: Location
) -> None:
    """tsgo's references of a type a module the server does not resolve exports (``import
    type { Response } from "@acme/absent"``) are the import and the type's uses, at either;
    lsai kept the type's uses apart from the import, a type's from a value's (trpc client
    ``TRPCResponse`` of ``@trpc/server/...``: 2 "missing" at the import, 1 at a use)."""
    sites, server = _with_declarations(tmp_path, UNRESOLVED_TYPES, at)
    assert server == {("src/http.ts", 2, 3), ("src/http.ts", 6, 47), ("src/http.ts", 7, 26)}
    assert sites == server


PROMISES = {
    "tsconfig.json": TSCONFIG,
    "src/load.ts": (
        "export async function load(ms: number): Promise<number> {\n"  # 1
        "  await new Promise((resolve) => setTimeout(resolve, ms));\n"  # 2
        "  return Promise.resolve(ms);\n"  # 3
        "}\n"
    ),
    "src/wait.ts": (
        "export const wait = (): Promise<void> => Promise.resolve();\n"  # 1
        "export const Real = globalThis.Promise;\n"  # 2: the global
    ),
}


@pytest.mark.parametrize(
    "at", [("src/load.ts", 3, 10), ("src/load.ts", 1, 41)], ids=["value", "type"]
)
def test_a_library_name_both_a_type_and_a_value_is_the_one_asked(
    tmp_path: Path, at: Location
) -> None:
    """tsgo's references at ``Promise.resolve`` are the value's (``new Promise``), not the
    interface's (``: Promise<number>``), and the other way round; ``globalThis.Promise`` is the
    value (zod's ``globalThis.Map = RealMap``)."""
    sites, server = _with_declarations(tmp_path, PROMISES, at)
    values = {("src/load.ts", 2, 13), ("src/load.ts", 3, 10), ("src/wait.ts", 1, 42)}
    values.add(("src/wait.ts", 2, 32))
    assert server == (values if at[1] == 3 else {("src/load.ts", 1, 41), ("src/wait.ts", 1, 25)})
    assert sites == server


GO_PACKAGES = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "wait.go": (
        "package m\n"  # 1
        "\n"
        'import "time"\n'  # 3
        "\n"
        "func Wait() time.Duration {\n"  # 5
        "\ttime.Sleep(time.Millisecond)\n"  # 6
        "\treturn time.Millisecond\n"  # 7
        "}\n"
        "\n"
        "func Long() time.Duration { return time.Second }\n"  # 10
    ),
    "tick.go": (
        "package m\n"  # 1
        "\n"
        'import "time"\n'  # 3
        "\n"
        "type clock struct{ Millisecond int }\n"  # 5
        "\n"
        "func Tick(c clock) int {\n"  # 7
        "\ttime.Sleep(2 * time.Millisecond)\n"  # 8
        "\treturn c.Millisecond\n"  # 9
        "}\n"
        "\n"
        "func Shadow() int {\n"  # 12
        "\ttime := time.Now()\n"  # 13
        "\treturn time.Second()\n"  # 14: a local's method
        "}\n"
    ),
    "sub/later.go": (
        "package sub\n"  # 1
        "\n"
        'import t "time"\n'  # 3
        "\n"
        "func Later() { t.Sleep(t.Millisecond) }\n"  # 5
    ),
}


@pytest.mark.parametrize("at", [("wait.go", 6, 18), ("wait.go", 10, 41)], ids=["field", "local"])
def test_a_go_packages_member_is_its_uses_in_every_file_importing_it(
    tmp_path: Path, at: Location
) -> None:
    """gopls's references of ``time.Millisecond`` are its uses in each file importing ``time``,
    under another name too (``t.Millisecond``); not a field named alike (``c.Millisecond``), nor
    of ``time.Second`` a method of a local that shadows the package (``time.Second()``)."""
    sites, server = _with_declarations(tmp_path, GO_PACKAGES, at, "gopls")
    if at[1] == 6:
        assert ("sub/later.go", 5, 26) in server and ("tick.go", 9, 11) not in server
    else:
        assert server == {("wait.go", 10, 41)}
    assert sites == server


CLASSES = {
    "tsconfig.json": JSCONFIG,
    "command.js": (
        "class Command {\n"  # 1
        "  constructor(name) {\n"  # 2
        "    this._name = name;\n"  # 3
        "  }\n"
        "  name() {\n"  # 5
        "    return this._name;\n"  # 6
        "  }\n"
        "}\n"
        "class Option {\n"  # 9
        "  constructor() {\n"
        "    this._name = 'o';\n"  # 11
        "  }\n"
        "}\n"
        "module.exports = { Command, Option };\n"
    ),
}


def test_a_property_a_class_assigns_to_this_is_its_classs_alone(tmp_path: Path) -> None:
    """``this._name = name`` in a constructor (commander's Command: no symbol of the index):
    tsgo's references of Command's ``_name`` are its assignment and read, not Option's."""
    at = ("command.js", 6, 17)
    sites, server = _with_declarations(tmp_path, CLASSES, at)
    assert server == {("command.js", 3, 10), ("command.js", 6, 17)}
    assert sites == server


GLOBALS = {
    "tsconfig.json": JSCONFIG,
    "a.js": (
        "const ks = Object.keys({ a: 1 });\n"  # 1
        "console.log(JSON.stringify(ks));\n"  # 2
        "module.exports = { ks };\n"
    ),
    "b.js": (
        "const n = Object.keys({ b: 2 }).length;\n"  # 1
        "function names(map) {\n"  # 2
        "  return map.keys();\n"  # 3: a value's, tsgo cannot type it
        "}\n"
        "module.exports = { n, s: JSON.stringify(n), names };\n"  # 5
    ),
}


@pytest.mark.parametrize(
    "at", [("a.js", 1, 19), ("b.js", 5, 31)], ids=["Object.keys", "JSON.stringify"]
)
def test_a_javascript_builtin_objects_member_is_its_uses_on_that_object(
    tmp_path: Path, at: Location
) -> None:
    """tsgo types ``Object`` and ``JSON`` from its own library in any JavaScript file: the
    references of ``Object.keys`` are every file's ``Object.keys``, not ``map.keys()`` of an
    untyped parameter (a JavaScript member lsai refused before)."""
    sites, server = _with_declarations(tmp_path, GLOBALS, at)
    assert {file for file, _, _ in server} == {"a.js", "b.js"}
    assert sites == server


CONDITIONAL = {
    "tsconfig.json": JSCONFIG,
    "global.js": (
        "const g = typeof self !== 'undefined' ? self : typeof window !== 'u' ? window : g;\n"
        "module.exports = { g, href: () => window.location.href };\n"  # 2
    ),
}


@pytest.mark.parametrize(
    "at", [("global.js", 1, 72), ("global.js", 2, 35)], ids=["in a conditional", "a read"]
)
def test_a_name_between_a_conditionals_question_mark_and_colon_is_no_objects_key(
    tmp_path: Path, at: Location
) -> None:
    """axios utils.js ``typeof window !== 'undefined' ? window : global``: the ``window``
    followed by ``:`` was read as an object's key, so it was left out of the global's uses
    (1 "missing") and refused when asked there."""
    sites, server = _with_declarations(tmp_path, CONDITIONAL, at)
    assert ("global.js", 1, 72) in server
    assert sites == server


def test_a_library_name_used_thousands_of_times_lists_every_files_uses(tmp_path: Path) -> None:
    """python-dateutil's tests name ``datetime`` 2,194 times: ty's references at any of them are
    all; lsai read the first 2,000 untied uses (by path), so test_tz.py's and later files' were
    left out, and at one of them it refused (NO_SYMBOL_AT_POSITION: the asked site not read)."""
    many = "".join(f"a{n} = datetime({n} + 1, 1, 1)\n" for n in range(2_100))
    files = {
        "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
        "m/__init__.py": "",
        "m/a.py": "from datetime import datetime\n" + many,
        "m/b.py": "from datetime import datetime\n\nlater = datetime.now()\n",
    }
    at = ("m/b.py", 3, 9)
    served_tree(tmp_path, files, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    sites: set[Location] = set()
    offset: int | None = 0
    try:
        while offset is not None:
            asked = UsagesInput(file=at[0], line=at[1], col=at[2], limit=1000, offset=offset)
            found = usages(ws, asked)
            sites |= {(f.file, u.line, u.col) for f in found.files for u in f.usages}
            offset = found.next_offset
    finally:
        ws.close()
    server = asyncio.run(live_references(tmp_path, "ty", at, declarations=True))
    assert at in server and len(server) > 2_100
    assert sites == server


BUILTINS_IMPORTED = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/types.py": (
        "from typing import TYPE_CHECKING\n"  # 1
        "\n"
        "if TYPE_CHECKING:\n"  # 3
        "    from builtins import int as CustomInt\n"  # 4
        "else:\n"
        "    CustomInt = object\n"  # 6
    ),
    "m/use.py": (
        "from builtins import int\n"  # 1
        "\n"
        "\n"
        "def parse(text: str) -> int:\n"  # 4
        "    return int(text)\n"  # 5
    ),
    "m/other.py": "count: int = int('3')\n",
}


@pytest.mark.parametrize(
    "at", [("m/other.py", 1, 14), ("m/types.py", 4, 26), ("m/use.py", 5, 12)],
    ids=["bare", "imported-as", "imported"],
)  # fmt: skip
def test_a_builtin_imported_from_builtins_is_the_builtin(tmp_path: Path, at: Location) -> None:
    """tomlkit's ``from builtins import int as _CustomInt`` (in ``if TYPE_CHECKING``): ty's
    references of ``int`` anywhere list the import's ``int`` and every bare ``int``; lsai read
    the import's as the member ``builtins.int`` of a module, no bare name (4 positions of
    tomlkit "missing" it; asked there, the bare uses were left out)."""
    sites, server = _beside_server(tmp_path, at, declarations=True, files=BUILTINS_IMPORTED)
    assert {("m/types.py", 4, 26), ("m/other.py", 1, 8), ("m/use.py", 5, 12)} <= server
    assert sites == server


GO_CLAUSES = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "doc.go": "// Package m waits.\n//\n// It sleeps.\npackage m\n",  # 4
    "wait.go": 'package m\n\nimport "time"\n\nfunc Wait() { time.Sleep(1) }\n',
    "wait_test.go": 'package m\n\nimport "testing"\n\nfunc TestWait(t *testing.T) { Wait() }\n',
    "ext_test.go": (
        "package m_test\n"  # 1: the external test package, another package
        "\n"
        'import "example.com/m"\n'  # 3
        "\n"
        "func use() { m.Wait() }\n"  # 5
    ),
    "sub/later.go": (
        "package sub\n"  # 1: no tests
        "\n"
        'import "example.com/m"\n'  # 3
        "\n"
        "func Later() { m.Wait() }\n"  # 5
    ),
    "use/use.go": (
        "package use\n"  # 1
        "\n"
        "import (\n"
        '\t"example.com/m/sub"\n'  # 4
        '\tm2 "example.com/m"\n'  # 5
        ")\n"
        "\n"
        "func Use() { sub.Later(); m2.Wait() }\n"  # 8
    ),
}


@pytest.mark.parametrize(
    "at", [("wait.go", 1, 9), ("doc.go", 4, 9), ("sub/later.go", 1, 9)], ids=["m", "doc", "sub"]
)
def test_a_go_package_clause_is_the_clauses_of_its_packages_files_and_its_imports(
    tmp_path: Path, at: Location
) -> None:
    """gopls's references at ``package m`` are the clauses of the package's files, its
    in-package test's too, and its imports, not ``m.Wait()``: with in-package tests, the
    external test package's import alone (``package m_test``), not sub's nor use's; of ``package
    sub`` (no tests), every import (before: NO_SYMBOL_AT_POSITION, "a local, a parameter or a
    library name")."""
    sites, server = _with_declarations(tmp_path, GO_CLAUSES, at, "gopls")
    if at[0] == "sub/later.go":
        assert server == {("sub/later.go", 1, 9), ("use/use.go", 4, 2)}
    else:
        clauses = {("doc.go", 4, 9), ("wait.go", 1, 9), ("wait_test.go", 1, 9)}
        assert server == clauses | {("ext_test.go", 3, 8)}
    assert sites == server


GO_FIELDS = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "bench_test.go": (
        "package m\n"  # 1
        "\n"
        'import "testing"\n'  # 3
        "\n"
        "func BenchmarkA(b *testing.B) {\n"  # 5
        "\tfor i := 0; i < b.N; i++ {\n"  # 6
        "\t}\n"
        "}\n"
        "\n"
        "func BenchmarkB(a, b *testing.B) { total := b.N + a.N; _ = total }\n"  # 10
    ),
    "req.go": (
        "package m\n"  # 1
        "\n"
        "import (\n"  # 3
        '\t"net/http"\n'  # 4
        '\t"net/url"\n'  # 5
        ")\n"
        "\n"
        "type page struct{ N int }\n"  # 8
        "\n"
        "func Path(r *http.Request, e *url.Error, p page) string {\n"  # 10
        "\tvar other *http.Request\n"  # 11
        "\t_ = other.URL\n"  # 12
        "\t_ = p.N\n"  # 13
        "\treturn r.URL.Path + e.URL\n"  # 14
        "}\n"
    ),
}


@pytest.mark.parametrize(
    "at", [("bench_test.go", 6, 20), ("req.go", 14, 11)], ids=["testing.B.N", "Request.URL"]
)
def test_a_library_types_field_is_its_reads_where_a_value_is_declared_that_type(
    tmp_path: Path, at: Location
) -> None:
    """gopls's references of ``b.N`` (a field of ``testing.B``, read, not called) are the reads
    of ``N`` of every value of that type, not a workspace type's ``p.N``; of ``r.URL``
    (``http.Request``'s), not ``e.URL`` of a ``url.Error``. Before: NO_SYMBOL_AT_POSITION (a
    member read leads no call to the library's definition)."""
    sites, server = _with_declarations(tmp_path, GO_FIELDS, at, "gopls")
    if at[0] == "bench_test.go":
        assert server == {
            ("bench_test.go", 6, 20),
            ("bench_test.go", 10, 47),
            ("bench_test.go", 10, 53),
        }
    else:
        assert server == {("req.go", 12, 12), ("req.go", 14, 11)}
    assert sites == server


TIMES = {
    **PYTHON,
    "m/clock.py": (
        "from time import time\n"  # 1
        "\n"
        "\n"
        "def now() -> float:\n"  # 4
        "    return time()\n"  # 5
    ),
    "m/sleeper.py": (
        "import time\n"  # 1
        "\n"
        "\n"
        "def nap() -> float:\n"  # 4
        "    time.sleep(0)\n"  # 5
        "    return time.time()\n"  # 6
    ),
}


def test_the_module_a_from_statement_imports_a_namesake_from_lists_the_modules_uses(
    tmp_path: Path,
) -> None:
    """``time`` of ``from time import time`` is the module: ty's references there are the uses
    of ``import time`` (``time.sleep``'s ``time``), not the function's. lsai read the module's
    name as the name the statement imports, ``time.time``, and listed the function's uses
    (cachelib memcached.py:3:6: ty none, lsai 12)."""
    at = ("m/clock.py", 1, 6)
    sites, server = _beside_server(tmp_path, at, declarations=True, files=TIMES)
    assert ("m/sleeper.py", 5, 5) in server and ("m/clock.py", 5, 12) not in server
    assert sites == server


SHADOWED = {
    "pyproject.toml": "[project]\nname = 'ws'\nversion = '0'\n",
    "ws/__init__.py": "import typing\n\nif typing.TYPE_CHECKING:\n    pass\n",
    "ws/typing.py": "Name = str\n",
    "ws/sub/__init__.py": "",
    "ws/sub/user.py": "from ..typing import Name\n\nx: Name = 'a'\n",  # 1: typing col 8
    "ws/client.py": "from .typing import Name\n\ny: Name = 'b'\n",  # 1: typing col 7
}


@pytest.mark.parametrize(
    "at", [("ws/sub/user.py", 1, 8), ("ws/client.py", 1, 7)], ids=["parent", "sibling"]
)
def test_a_relative_module_is_not_the_library_module_its_package_imports_absolutely(
    tmp_path: Path, at: Location
) -> None:
    """``typing`` of ``from ..typing import Name`` is the package's ``ws/typing.py``, which no
    import binds under its own name: ty lists no uses. ``import typing`` in the package's
    ``__init__.py`` is the standard library's (an absolute import); lsai took it for the
    package's module, ``ws.typing`` ending in ``.typing`` (websockets 14.1: 4 "extra" at two
    positions, where ty answers none)."""
    _refused_where_ty_answers_none(tmp_path, SHADOWED, at)


OBJECTS = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/a.py": (
        "class A:\n"  # 1
        '    """An A."""\n'  # 2
        "\n"
        "    def show(self) -> str:\n"  # 4
        "        return self.__class__.__name__ + str(self.__dict__) + str(self.__doc__)\n"  # 5
        "\n"
        "\n"
        "class E(Exception):\n"  # 8
        "    def show(self) -> str:\n"  # 9
        "        return self.__class__.__name__ + str(self.__dict__) + str(self.__doc__)\n"  # 10
    ),
    "m/b.py": (
        "from .a import A\n"  # 1
        "\n"
        "\n"
        "class B:\n"  # 4
        "    def show(self, a: A) -> str:\n"  # 5
        "        return self.__class__.__name__ + a.__class__.__name__ + str(self.__dict__)\n"  # 6
    ),
}


@pytest.mark.parametrize(
    ("at", "elsewhere"),
    [
        (("m/a.py", 5, 21), ("m/b.py", 6, 21)),
        (("m/a.py", 5, 51), ("m/b.py", 6, 74)),
        (("m/a.py", 5, 72), ("m/a.py", 10, 72)),
    ],
    ids=["__class__", "__dict__", "__doc__"],
)
def test_an_attribute_every_object_has_is_its_uses_in_every_class(
    tmp_path: Path, at: Location, elsewhere: Location
) -> None:
    """``self.__class__`` (markdown-it's and httpcore's ``self.__class__.__name__`` in a
    ``__repr__``): ``object.__class__`` in any class, ty's references list it in each (and on
    a typed value, ``a.__class__``); before, lsai listed the asked class's alone, as a
    property its methods assign (httpcore: 1 of 18)."""
    sites, server = _beside_server(tmp_path, at, files=OBJECTS)
    assert elsewhere in server  # another class's
    assert sites == server


ALIASED_MODULE = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/a.py": "from email.message import Message\n\nprint(Message)\n",
    "m/b.py": 'import email as em\n\nprint(em.message_from_string(""))\n',
    "m/c.py": 'import email\n\nprint(email.message_from_string(""))\n',
    "m/d.py": "from email import policy\n\nprint(policy)\n",
}


def test_the_first_part_of_a_librarys_dotted_from_module_is_the_module_its_imports_bind(
    tmp_path: Path,
) -> None:
    """ty's references at ``email`` of ``from email.message import Message`` are those at
    ``import email as em``: the imports naming it and ``import email``'s uses, not the ``from``
    statements; lsai refused (alembic's ``sqlalchemy`` of
    ``from sqlalchemy.sql.expression import``: NO_SYMBOL_AT_POSITION, 7 references)."""
    sites, server = _beside_server(tmp_path, ("m/a.py", 1, 6), True, ALIASED_MODULE)
    assert ("m/b.py", 1, 8) in server
    assert sites == server


LIBRARY_BASE = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/a.py": (
        "import logging\n"  # 1
        "\n"
        "class A(logging.Handler):\n"  # 3
        "    def f(self) -> object:\n"  # 4
        "        return self.formatter\n"  # 5
    ),
    "m/b.py": (
        "from logging import Handler\n"  # 1
        "\n"
        "class Mid(Handler):\n"  # 3
        "    pass\n"  # 4
        "\n"
        "class D(Mid):\n"  # 6
        "    def g(self) -> object:\n"  # 7
        "        if self.formatter:\n"  # 8
        "            return self.formatter\n"  # 9
        "        return None\n"  # 10
    ),
    "m/c.py": (
        "import logging\n"  # 1
        "\n"
        "class C(logging.Handler):\n"  # 3
        "    def __init__(self) -> None:\n"  # 4
        "        self.formatter = None\n"  # 5
        "\n"
        "    def h(self) -> object:\n"  # 7
        "        return self.formatter\n"  # 8
        "\n"
        "class E(logging.Filter):\n"  # 10
        "    def k(self) -> object:\n"  # 11
        "        return self.formatter  # type: ignore[attr-defined]\n"  # 12
    ),
}


def test_a_library_bases_attribute_is_its_uses_in_every_class_deriving_from_it(
    tmp_path: Path,
) -> None:
    """``self.encoding`` in pygments' LatexFormatter, which no formatter assigns but img.py's
    and other.py's: Formatter's attribute, ty's references list it in each class deriving from
    Formatter (html.py, svg.py) and no class's that assigns its own; lsai listed the asked
    class's alone, as a property its methods assign (pygments formatters: 1 of 11)."""
    sites, server = _beside_server(tmp_path, ("m/a.py", 5, 21), files=LIBRARY_BASE)
    assert ("m/b.py", 9, 25) in server  # through a workspace base
    assert ("m/c.py", 8, 21) not in server  # C's own
    assert sites == server


VARIADIC = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/a.py": (
        "def f(\n"  # 1
        "    *args: str, **kwargs: int\n"  # 2
        ") -> str:\n"  # 3
        '    return ""\n'  # 4
        "\n"
        "\n"
        "def g(a: str, b: int) -> int:\n"  # 7
        "    return b\n"  # 8
    ),
}


@pytest.mark.parametrize("at", [("m/a.py", 7, 10), ("m/a.py", 2, 12)], ids=["elsewhere", "there"])
def test_a_builtin_annotating_a_variadic_parameter_starting_its_line_is_one_of_its_uses(
    tmp_path: Path, at: Location
) -> None:
    """``*args: str`` starting its line (typeguard's ``typed_variable_args``) was read as a
    JSDoc comment's line, a tag's type: not alike the other uses of ``str`` (3 positions of
    typeguard, 1 "missing" each), and asked there, alone."""
    sites, server = _beside_server(tmp_path, at, files=VARIADIC)
    assert {("m/a.py", 2, 12), ("m/a.py", 7, 10)} <= server
    assert sites == server


IMPORTED_CLASSES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": (
        "from .errors import DocumentError, SchemaError, Validator\n"  # 1
        "\n"
        "__all__ = [DocumentError.__name__, SchemaError.__name__, Validator.__name__]\n"  # 3
    ),
    "m/errors.py": (
        "class DocumentError(Exception):\n"  # 1
        "    pass\n"
        "\n"
        "\n"
        "class SchemaError(Exception):\n"  # 5
        "    def show(self) -> str:\n"  # 6
        "        return self.__class__.__name__\n"  # 7
        "\n"
        "\n"
        "Validator = type('Validator', (SchemaError,), {})\n"  # 10: a class a call makes
    ),
}


def test_a_library_attribute_of_an_imported_workspace_class_is_no_modules_member(
    tmp_path: Path,
) -> None:
    """``SchemaError.__name__`` of a class imported from a workspace module (cerberus's
    ``__all__``; ``Validator`` a variable holding a class) is ``type.__name__``, whose uses ty's
    references list on every class; lsai read the class as a module
    (``m.errors.SchemaError.__name__``) and listed that spelling's alone."""
    sites, server = _beside_server(tmp_path, ("m/__init__.py", 3, 50), files=IMPORTED_CLASSES)
    assert {("m/__init__.py", 3, 26), ("m/__init__.py", 3, 68)} <= server  # the others'
    assert sites == server


MODULE_ATTRIBUTES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/cli.py": (
        '"""The command line."""\n'  # 1
        "import os\n"
        "\n"
        "HERE = os.path.dirname(__file__)\n"  # 4
        "\n"
        "\n"
        "def main() -> str:\n"  # 7
        "    return __doc__ or __name__\n"  # 8
        "\n"
        "\n"
        'if __name__ == "__main__":\n'  # 11
        "    main()\n"
    ),
    "examples/run.py": (
        "import os\n"  # 1
        "\n"
        'if __name__ == "__main__":\n'  # 3
        "    print(__doc__, __file__, __package__, __spec__, __debug__)\n"  # 4
        "\n"
        "\n"
        "class Named:\n"  # 7
        "    where = (__module__, __qualname__)\n"  # 8
    ),
    "m/r.py": "r = (__loader__, __path__, __builtins__, __annotations__, __dict__, __cached__)\n",
}
REST = MODULE_ATTRIBUTES["m/r.py"]


@pytest.mark.parametrize(
    "at",
    [
        ("m/cli.py", 11, 4), ("m/cli.py", 8, 23), ("m/cli.py", 8, 12), ("m/cli.py", 4, 24),
        ("examples/run.py", 3, 4), ("examples/run.py", 4, 21), ("examples/run.py", 4, 36),
        ("examples/run.py", 4, 46), ("examples/run.py", 4, 56), ("examples/run.py", 8, 14),
        ("examples/run.py", 8, 26),
        *(("m/r.py", 1, REST.index(name) + 1) for name in REST[5:-2].split(", ")),
    ],
    ids=[
        "name", "name-in-function", "doc", "file", "name-in-script", "doc-in-script",
        "package", "spec", "debug", "module", "qualname",
        *REST[5:-2].replace("_", "").split(", "),
    ],
)  # fmt: skip
def test_a_modules_implicit_attribute_is_no_name_to_list_by_name(
    tmp_path: Path, at: Location
) -> None:
    """``__name__``, ``__file__``, ``__doc__`` read bare are each module's own attribute (a
    class body's ``__module__``, ``__qualname__``: its class's), declared nowhere: ty ties them
    to nothing and lists no references; lsai listed every file's by name (docopt's examples'
    ``if __name__ == '__main__':``: "the server answers none; lsai 16" at 2 positions)."""
    _refused_where_ty_answers_none(tmp_path, MODULE_ATTRIBUTES, at)


UNDEFINED = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/compat.py": (
        "def text(raw: bytes) -> str:\n"  # 1
        "    return unicode(raw, 'utf-8')  # type: ignore[name-defined]\n"  # 2
        "\n"
        "\n"
        "def is_text(value: object) -> bool:\n"  # 5
        "    return isinstance(value, (basestring, unicode))\n"  # 6
    ),
    "m/other.py": "u = unicode('x')\n",
}


@pytest.mark.parametrize(
    "at", [("m/compat.py", 2, 12), ("m/compat.py", 6, 43), ("m/other.py", 1, 5)]
)
def test_a_name_no_scope_defines_is_no_name_to_list_by_name(tmp_path: Path, at: Location) -> None:
    """Python 2's ``unicode`` in Python 3 code (jedi's vendored typeshed's Python 2 stubs: "the
    server answers none; lsai 188"): ty reports ``unresolved-reference`` there, ties it to
    nothing and lists no references; lsai listed every file's ``unicode`` by name."""
    _refused_where_ty_answers_none(tmp_path, UNDEFINED, at)


UNTYPED_BASE = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/test_a.py": (
        "from not_installed import TestCase\n"  # 1
        "\n"
        "\n"
        "def helper() -> int:\n"  # 4
        "    return 1\n"
        "\n"
        "\n"
        "class Case(TestCase):\n"  # 8
        "    def test_a(self):\n"  # 9
        "        self.assertRaises(ValueError, int, 'x')\n"  # 10
        "        helper()\n"  # 11
        "\n"
        "    def test_b(self):\n"  # 13
        "        self.assertRaises(ValueError, int, 'y')\n"  # 14
    ),
}


@pytest.mark.parametrize("at", [("m/test_a.py", 10, 14), ("m/test_a.py", 14, 14)])
def test_a_member_of_an_untyped_base_called_where_nothing_else_is_led_is_led_nowhere(
    tmp_path: Path, at: Location
) -> None:
    """``self.assertRaises`` in a test class of a base ty cannot resolve (croniter's
    ``unittest2`` fallback): ty ties it to nothing and lists no references. Its call in a
    method whose every call ty's outgoing calls led nowhere (``test_b``) was not known to be
    led nowhere (no other call said the method's outgoing calls were answered), so lsai listed
    it by name (croniter ``assertRaises``: "the server answers none; lsai 10" at 2 positions)."""
    _refused_where_ty_answers_none(tmp_path, UNTYPED_BASE, at)


ALIASED_SUBMODULE = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    "pk/__init__.py": "__version__ = '1'\n",
    "pk/cli.py": "def run() -> int:\n    return 1\n",
    "setup.py": "import pk\n\nprint(pk.__version__)\n",  # 1, 3
    "tests/test_cli.py": (
        "import pk.cli as cli\n"  # 1
        "from pk.cli import run\n"  # 2
        "\n"
        "assert cli.run() == run()\n"  # 4
    ),
}


@pytest.mark.parametrize(
    "at",
    [("setup.py", 1, 8), ("tests/test_cli.py", 2, 6), ("tests/test_cli.py", 1, 8)],
    ids=["import", "from", "aliased"],
)
def test_a_package_named_in_an_aliased_import_of_its_submodule_is_no_use_of_it(
    tmp_path: Path, at: Location
) -> None:
    """``import radon.cli as cli`` binds ``cli`` alone: ty's references of the package ``radon``
    (at ``import radon`` in setup.py, at ``from radon.cli.colors import``) leave its ``radon``
    out; lsai listed it (radon: 8 extra, one per aliased import)."""
    sites, server = _beside_server(tmp_path, at, True, ALIASED_SUBMODULE)
    assert ("tests/test_cli.py", 1, 8) not in server
    assert ("setup.py", 3, 7) in server
    assert sites == server


UNRESOLVED_IMPORTS = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    **{
        f"pk/{name}.py": (
            "import nothere\n"  # 1
            "import gone as gn\n"  # 2
            "from gone import thing\n"  # 3
            "\n"
            "x = nothere.a\n"  # 5
            "y = gn.b\n"  # 6
            "z = thing(1)\n"  # 7
            "w = (nothere.c, gn.d, thing(2))\n"  # 8
        )
        for name in ("__init__", "other")
    },
}


@pytest.mark.parametrize(
    "at",
    [
        ("pk/__init__.py", 5, 5),
        ("pk/__init__.py", 6, 5),
        ("pk/__init__.py", 2, 16),
        ("pk/__init__.py", 7, 5),
    ],
    ids=["import", "alias", "alias-binding", "from"],
)
def test_a_name_an_unresolved_import_binds_is_its_files(tmp_path: Path, at: Location) -> None:
    """A module ty cannot resolve (environs' uninstalled ``import marshmallow as ma``): ty's
    references of the name its import binds are the file's (the alias's binding too, not an
    unaliased import's name); lsai listed every file's (environs ``ma``: 5 extra at 2
    positions)."""
    sites, server = _beside_server(tmp_path, at, True, UNRESOLVED_IMPORTS)
    assert server and all(s[0] == "pk/__init__.py" for s in server)
    assert sites == server


@pytest.mark.parametrize(
    "at", [("pk/__init__.py", 1, 8), ("pk/__init__.py", 3, 18)], ids=["import", "from"]
)
def test_an_unaliased_unresolved_import_is_refused(tmp_path: Path, at: Location) -> None:
    """At the name an unaliased import of a module ty cannot resolve binds, ty answers no
    references; lsai listed every file's uses."""
    _refused_where_ty_answers_none(tmp_path, UNRESOLVED_IMPORTS, at)


RENAMED_UNRESOLVED = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    "pk/__init__.py": (
        "from gone.tag import Tag as Tag  # noqa: F401\n"  # 1
        "from gone.tag import (\n"  # 2
        "    Dict as Dict,\n"  # 3
        ")\n"
        "\n"
        "x = (Tag(1), Dict(2))\n"  # 6
    ),
}


@pytest.mark.parametrize(
    "at", [("pk/__init__.py", 1, 29), ("pk/__init__.py", 3, 13)], ids=["line", "parenthesized"]
)
def test_a_name_re_exported_as_itself_from_an_unresolved_module_is_the_aliass(
    tmp_path: Path, at: Location
) -> None:
    """``from flask.json.tag import TagDateTime as TagDateTime`` (quart, flask not installed):
    ty's references of the alias are its binding and uses, not the name before ``as``, which
    the index holds as a reference (1 extra at each of quart's 8 re-exports)."""
    sites, server = _beside_server(tmp_path, at, True, RENAMED_UNRESOLVED)
    assert (at[0], at[1], 6 if at[1] == 1 else 5) not in server
    assert sites == server


@pytest.mark.parametrize(
    "at", [("pk/__init__.py", 1, 22), ("pk/__init__.py", 3, 5)], ids=["line", "parenthesized"]
)
def test_the_name_before_as_of_an_unresolved_module_is_refused(
    tmp_path: Path, at: Location
) -> None:
    """At the name a ``from`` statement of a module ty cannot resolve imports under an alias,
    ty answers no references; lsai listed the alias's."""
    _refused_where_ty_answers_none(tmp_path, RENAMED_UNRESOLVED, at)


UNRESOLVED_DOTTED = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    **{
        f"pk/{name}.py": (
            "import models.models as models\n"  # 1
            "import gone.gone\n"  # 2
            "\n"
            "x = models.User\n"  # 4
            "y = (gone.a, gone.gone.b)\n"  # 5
        )
        for name in ("__init__", "other")
    },
}


@pytest.mark.parametrize(
    "at", [("pk/__init__.py", 4, 5), ("pk/__init__.py", 5, 6)], ids=["alias", "import"]
)
def test_the_parts_of_an_unresolved_dotted_module_are_no_uses_of_its_name(
    tmp_path: Path, at: Location
) -> None:
    """The parts of a module ty cannot resolve, named in an ``import`` (the second ``models``
    of autopep8's ``import models.models as models``, ``gone`` of ``import gone.gone``): ty
    lists none of them among the references of the name the import binds; lsai listed them
    (autopep8 test/e101_example.py: 1 extra at 2 positions)."""
    sites, server = _beside_server(tmp_path, at, True, UNRESOLVED_DOTTED)
    assert ("pk/__init__.py", 1, 15) not in server and ("pk/__init__.py", 2, 13) not in server
    assert server and all(s[0] == "pk/__init__.py" for s in server)
    assert sites == server


@pytest.mark.parametrize(
    "at",
    [("pk/__init__.py", 1, 8), ("pk/__init__.py", 1, 15), ("pk/__init__.py", 2, 13)],
    ids=["first", "aliased", "unaliased"],
)
def test_a_part_of_an_unresolved_dotted_module_is_refused(tmp_path: Path, at: Location) -> None:
    """At a part of a module ty cannot resolve, named in an ``import``, ty answers no
    references; lsai listed the uses of the part's spelling as a member (``.models``)."""
    _refused_where_ty_answers_none(tmp_path, UNRESOLVED_DOTTED, at)


ALIASED_CLASS = {
    **PYTHON,
    "m/timeouts.py": (
        "import socket\n"  # 1
        "\n"
        "\n"
        "def wait() -> None:\n"  # 4
        "    len('x')\n"
        "    raise socket.timeout()\n"  # 6
        "\n"
        "\n"
        "def run() -> None:\n"  # 9
        "    try:\n"
        "        wait()\n"
        "    except socket.timeout:\n"  # 12
        "        pass\n"
    ),
}


def test_a_modules_member_called_where_the_server_led_the_call_nowhere_is_still_its_use(
    tmp_path: Path,
) -> None:
    """typeshed's ``socket.timeout`` is ``from builtins import TimeoutError as timeout``: ty's
    outgoing calls leave out ``socket.timeout()``, its references list it (kombu: 8 missing at
    ``pytest.raises(socket.timeout)``); lsai dropped it as an untyped value's member called.
    (Asked at that call, lsai still refuses: open.)"""
    sites, server = _beside_server(tmp_path, ("m/timeouts.py", 12, 19), True, ALIASED_CLASS)
    assert {("m/timeouts.py", 6, 18), ("m/timeouts.py", 12, 19)} <= server
    assert sites == server


LIBRARY_CLASS_MEMBER = {
    **PYTHON,
    "m/cli.py": (
        "import argparse\n"  # 1
        "from argparse import ArgumentParser\n"  # 2
        "\n"
        "\n"
        "def parse(argv: list[str]) -> argparse.Namespace:\n"  # 5
        "    parser = ArgumentParser()\n"  # 6
        "    method = ArgumentParser.parse_args\n"  # 7
        "    return method(parser, argv) if argv else parser.parse_args([])\n"  # 8
        "\n"
        "\n"
        "def other(parser: argparse.ArgumentParser) -> argparse.Namespace:\n"  # 11
        "    return argparse.ArgumentParser.parse_args(parser)\n"  # 12
    ),
}


@pytest.mark.parametrize(
    "at",
    [("m/cli.py", 8, 53), ("m/cli.py", 7, 29), ("m/cli.py", 12, 36)],
    ids=["value", "imported-class", "module-class"],
)
def test_a_library_class_member_read_on_its_imported_class_is_the_members_use(
    tmp_path: Path, at: Location
) -> None:
    """``ArgumentParser.parse_args`` after ``from argparse import ArgumentParser`` is the
    method read on its class, which ty's references of ``parser.parse_args`` list
    (pydantic-settings: 1 missing); lsai took it for a module's member (``argparse`` is a
    module, ``ArgumentParser`` a class) and left it out, and asked there listed no value's."""
    sites, server = _beside_server(tmp_path, at, True, LIBRARY_CLASS_MEMBER)
    assert {("m/cli.py", 7, 29), ("m/cli.py", 8, 53), ("m/cli.py", 12, 36)} <= server
    assert sites == server
