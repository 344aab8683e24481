"""A library function or method called in a Python lambda (``each(lambda v: out.append(v))``):
ty's outgoing calls of the function around list no call made in the lambda, and a lambda is no
callable to ask, so lsai asks the definition at each such call (``indexer.lsp.lambdas``). The
usages at the call and at the library name elsewhere are ty's references there."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import run_index
from tests.renames import Location, usages_beside_server
from tests.trees import index_rows, served_tree

LAMBDAS = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/lam.py": (
        "from typing import Callable\n"  # 1
        "\n"
        "\n"
        "def each(f: Callable[[str], None]) -> None:\n"  # 4
        "    f('x')\n"
        "\n"
        "\n"
        "def collect() -> list[str]:\n"  # 8
        "    out: list[str] = []\n"
        "    each(lambda v: out.append(v.upper()))\n"  # 10: append col 24, upper col 33
        "    out.append('y')\n"  # 11: append col 9
        "    return sorted(out, key=lambda s: s.lower())\n"  # 12: lower col 40
        "\n"
        "\n"
        "def shout(s: str) -> str:\n"  # 15
        "    return s.upper() + s.lower()\n"  # 16: upper col 14, lower col 26
    ),
}


@pytest.mark.parametrize(
    "at",
    [("m/lam.py", 10, 24), ("m/lam.py", 11, 9), ("m/lam.py", 12, 40), ("m/lam.py", 16, 14)],
    ids=["in-a-lambda", "outside", "a-key-lambda", "another-function"],
)
def test_the_usages_of_a_library_method_take_in_its_calls_in_lambdas(
    tmp_path: Path, at: Location
) -> None:
    """At ``append`` in the lambda lsai refused (NO_SYMBOL_AT_POSITION), and at the other
    ``append`` it listed that one alone; ty's references list both (pluggy: 4 missing at each
    of 3 positions)."""
    found, sites, server = usages_beside_server(tmp_path, LAMBDAS, "ty", at)
    assert len(server) == 2 and at in server
    assert sites == server, found.provenance.notes


def test_a_call_in_a_lambda_keeps_its_library_callee_when_its_file_alone_is_indexed_again(
    tmp_path: Path,
) -> None:
    """A run that asks the server about a changed file alone (``incremental``) asks where its
    calls in lambdas lead, as a full run does."""
    served_tree(tmp_path, LAMBDAS, "ty")
    path = tmp_path / "m/lam.py"
    path.write_text("# moved\n" + LAMBDAS["m/lam.py"])
    with LiveIndex(tmp_path) as targets:  # as `lsai index` runs: a few files asked alone
        summary = run_index(tmp_path, targets=targets)
    assert summary.complete and summary.reindexed == ["m/lam.py"]
    rows = index_rows(
        tmp_path,
        "SELECT c.line, c.col, s.name FROM call_edges c JOIN symbols s "
        "ON s.key = c.external_key WHERE s.name IN ('append', 'upper', 'lower') ORDER BY 1, 2",
    )
    assert rows == [
        (11, 24, "append"),
        (11, 33, "upper"),
        (12, 9, "append"),
        (13, 40, "lower"),
        (17, 14, "upper"),
        (17, 26, "lower"),
    ]
