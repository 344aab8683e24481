from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from lsai.cli.main import cli
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command

Workspace = Callable[[str], Path]
UNREADABLE = Path("/proc/self/mem")  # a regular file whose read fails (EIO): a file that fails


def lsai(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def indexed(workspace: Workspace) -> Path:
    root = workspace("python")
    assert lsai("index", str(root), "--backend", "tree-sitter").exit_code == 0
    return root


def test_real_process_indexes_then_answers_search_outline_and_sql(workspace: Workspace) -> None:
    root = workspace("python")
    exe = shutil.which("lsai", path=str(Path(sys.executable).parent))
    assert exe is not None
    done = subprocess.run([exe, "index", str(root)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "status: complete" in done.stdout
    assert "server ty" in done.stdout and "references" in done.stdout
    search = subprocess.run(
        [exe, "search", "Ca*", "--kind", "class"], cwd=root / "src", capture_output=True, text=True
    )
    assert search.stdout.splitlines()[0] == "src/shop/models.py:20 class Cart"
    outline = subprocess.run(
        [exe, "outline", "--type", "Cart", "--root", str(root)], capture_output=True, text=True
    )
    assert "def get(self, sku: str) -> Item | None [34]" in outline.stdout
    sql = subprocess.run(
        [
            exe,
            "sql",
            "SELECT count(*) AS n FROM symbols WHERE kind = 'class' AND is_external = 0",
            "--format",
            "csv",
        ],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert sql.stdout == "n\n3\n"


def test_real_process_index_again_after_an_edit_asks_about_the_changed_file(
    workspace: Workspace,
) -> None:
    """A second ``lsai index`` after one edit asks ty about that file alone (``LiveIndex``
    as the run's targets), and the edit is in the answers; no server outlives the command."""
    root = workspace("python")
    exe = shutil.which("lsai", path=str(Path(sys.executable).parent))
    assert exe is not None
    first = subprocess.run([exe, "index", str(root)], capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    services = root / "src/shop/services.py"
    text = services.read_text()
    services.write_text(
        text.replace("    return cart\n", "    print(format_price(1, owner))\n    return cart\n", 1)
    )
    again = subprocess.run([exe, "index", str(root)], capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert "1 read" in again.stdout
    assert "server ty" in again.stdout and ": 1 file," in again.stdout
    callers = subprocess.run(
        [exe, "callers", "format_price", "--root", str(root)], capture_output=True, text=True
    )
    assert "quick_cart" in callers.stdout, callers.stdout + callers.stderr


def test_real_process_index_ends_with_its_exit_code_and_a_whole_database(
    workspace: Workspace, tmp_path: Path
) -> None:
    """``lsai index`` leaves without freeing its heap (``main._Exit``): its output, its exit
    code and every row are there all the same, in the database file alone."""
    root = workspace("python")
    (root / "src/shop/legacy.py").symlink_to(UNREADABLE)
    exe = shutil.which("lsai", path=str(Path(sys.executable).parent))
    assert exe is not None
    done = subprocess.run([exe, "index", str(root)], capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert "status: partial" in done.stdout and "failed: src/shop/legacy.py" in done.stdout
    alone = tmp_path / "alone.db"
    shutil.copyfile(root / ".lsai/index.db", alone)  # without any -wal beside it
    with sqlite3.connect(alone) as conn:
        assert conn.execute("SELECT count(*) FROM symbols").fetchone()[0] > 10
    conn.close()


def test_search_prints_relative_paths_kinds_and_a_summary(indexed: Path) -> None:
    out = lsai("search", "get", "--root", str(indexed)).output
    assert out.splitlines() == [
        "src/shop/models.py:15 method Item.get",
        " 34 method Cart.get",
        "[2 symbols · tree-sitter]",
    ]


def test_search_pages_say_they_are_truncated_and_where_to_continue(indexed: Path) -> None:
    out = lsai("search", "*", "--limit", "2", "--root", str(indexed)).output
    assert "next page: offset 2" in out.splitlines()[-1]
    data = json.loads(
        lsai("search", "*", "--limit", "2", "--root", str(indexed), "--format", "json").output
    )
    assert data["truncated"] is True and data["nextOffset"] == 2 and len(data["symbols"]) == 2


def test_search_with_a_qualified_name_finds_the_member(indexed: Path) -> None:
    out = lsai("search", "Cart.get", "--root", str(indexed)).output
    assert out.splitlines()[0] == "src/shop/models.py:34 method Cart.get"


def test_search_scope_filters_by_module_namespace(indexed: Path) -> None:
    out = lsai(
        "search", "*", "--scope", "shop.util", "--kind", "function", "--root", str(indexed)
    ).output
    first, *rest = out.splitlines()[:-1]  # the file, then its hits under it
    assert first.startswith("src/shop/util.py") and all(line.startswith(" ") for line in rest)


def test_empty_search_says_nothing_matched(indexed: Path) -> None:
    result = lsai("search", "NoSuchThing", "--root", str(indexed))
    assert result.exit_code == 0
    assert "no symbols match 'NoSuchThing'" in result.output


def test_a_search_that_matches_nothing_names_the_likest_symbols(indexed: Path) -> None:
    out = lsai("search", "chekout", "--root", str(indexed)).output
    assert "! no name contains 'chekout'; similar: checkout (function, src/shop/services.py:5)" in (
        out
    )


def test_outline_of_a_file_nests_members_with_full_signatures(indexed: Path) -> None:
    out = lsai("outline", "src/shop/models.py", "--root", str(indexed)).output
    assert "  class Cart [20]\n    TAX_RATE = 0.2 [23]" in out
    assert "      def render(self, width: int = 40) -> str [45]" in out
    assert out.splitlines()[-1] == "[3 classes, 1 constructor, 5 fields, 5 methods · tree-sitter]"


def test_outline_accepts_absolute_and_dotted_paths(indexed: Path) -> None:
    a = lsai("outline", str(indexed / "src/shop/util.py"), "--root", str(indexed)).output
    b = lsai("outline", "./src/shop/util.py", "--root", str(indexed)).output
    assert a == b and "def format_price(amount: float, currency: str) -> str" in a


def test_paths_are_read_from_the_current_folder_of_the_workspace_too(
    indexed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(indexed / "src" / "shop")  # a shell in a folder of the workspace
    here = lsai("outline", "util.py")
    assert here.exit_code == 0, here.output
    assert "def format_price(amount: float, currency: str) -> str" in here.output
    assert lsai("outline", "src/shop/util.py").output == here.output  # from the root too
    line = next(
        n
        for n, text in enumerate((indexed / "src/shop/util.py").read_text().split("\n"), 1)
        if text.startswith("def format_price")
    )
    at = lsai("usages", f"util.py:{line}:5")
    assert at.exit_code == 0 and "usages in" in at.output
    diagnostics = lsai("diagnostics", ".")
    assert diagnostics.exit_code == 0, diagnostics.output


def test_outline_of_an_unknown_file_suggests_indexed_ones(indexed: Path) -> None:
    result = lsai("outline", "shop/models.py", "--root", str(indexed))
    assert result.exit_code == 2
    assert "error[FILE_NOT_FOUND]" in result.stderr and "src/shop/models.py" in result.stderr


def test_outline_of_an_unknown_type_is_symbol_not_found(indexed: Path) -> None:
    result = lsai("outline", "--type", "Carts", "--root", str(indexed))
    assert result.exit_code == 2
    assert "error[SYMBOL_NOT_FOUND]" in result.stderr and "fix:" in result.stderr


def test_outline_needs_a_file_or_a_type(indexed: Path) -> None:
    result = lsai("outline", "--root", str(indexed))
    assert result.exit_code == 2 and "error[INVALID_ARGUMENT]" in result.stderr


def test_query_without_an_index_says_how_to_build_one(tmp_path: Path) -> None:
    result = lsai("search", "x", "--root", str(tmp_path))
    assert result.exit_code == 2
    assert "error[INDEX_MISSING]" in result.stderr and "lsai index" in result.stderr


def test_index_of_a_missing_path_fails_cleanly(tmp_path: Path) -> None:
    result = lsai("index", str(tmp_path / "missing"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error[WORKSPACE_NOT_FOUND]")
    assert "Traceback" not in result.output + result.stderr


def test_index_of_a_corrupt_database_fails_and_keeps_it(workspace: Workspace) -> None:
    root = workspace("python")
    (root / ".lsai").mkdir()
    (root / ".lsai/index.db").write_bytes(b"garbage" * 50)
    result = lsai("index", str(root))
    assert result.exit_code == 2 and "error[INDEX_CORRUPT]" in result.stderr
    assert (root / ".lsai/index.db").read_bytes() == b"garbage" * 50


def test_partial_index_exits_1_and_lists_the_failed_file(workspace: Workspace) -> None:
    root = workspace("python")
    (root / "src/shop/legacy.py").symlink_to(UNREADABLE)
    result = lsai("index", str(root))
    assert result.exit_code == 1
    assert "failed: src/shop/legacy.py: unreadable: Input/output error" in result.output
    assert "status: partial" in result.output


def test_the_summary_says_which_files_were_read_in_another_encoding(workspace: Workspace) -> None:
    root = workspace("python")
    (root / "src/shop/legacy.py").write_bytes("nom = 'caf\xe9'\n".encode("latin-1"))
    result = lsai("index", str(root), "--backend", "tree-sitter")
    assert result.exit_code == 0
    assert "  read: src/shop/legacy.py: not UTF-8, read as cp1252" in result.output


def test_an_index_off_a_terminal_says_where_it_is_in_plain_lines(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In CI (stderr not a terminal) no bar is drawn; a long run says where it is in a plain
    line at most every ``PLAIN_EVERY`` seconds (here: every step), a short one not at all."""
    from lsai.cli import progress

    root = workspace("python")
    quick = lsai("index", str(root), "--backend", "tree-sitter")
    assert quick.exit_code == 0 and "lsai: " not in quick.stderr
    monkeypatch.setattr(progress, "PLAIN_EVERY", 0.0)
    shutil.rmtree(root / ".lsai")
    result = lsai("index", str(root))
    assert result.exit_code == 0, result.stderr
    said = result.stderr.splitlines()
    assert said and all(line.startswith("lsai: ") and line.endswith(" s)") for line in said)
    assert "\x1b" not in result.stderr  # no bar, no colour
    assert any(line.startswith("lsai: ty: ") for line in said), said
    counted = [re.search(r" ([\d,]+)/([\d,]+) \(", line) for line in said]
    steps = [tuple(int(n.replace(",", "")) for n in m.groups()) for m in counted if m]
    assert steps and all(done <= total for done, total in steps), said  # each phase its own total


def test_sql_is_read_only(indexed: Path) -> None:
    result = lsai("sql", "DELETE FROM symbols", "--root", str(indexed))
    assert result.exit_code == 2 and "error[SQL_ERROR]" in result.stderr
    count = lsai("sql", "SELECT count(*) FROM symbols", "--root", str(indexed), "--format", "json")
    assert json.loads(count.output)[0]["count(*)"] > 0


def test_sql_table_format_aligns_columns(indexed: Path) -> None:
    out = lsai(
        "sql",
        "SELECT kind, count(*) AS n FROM symbols GROUP BY kind ORDER BY kind",
        "--root",
        str(indexed),
    ).output
    lines = out.splitlines()
    assert lines[0].split() == ["kind", "n"] and lines[-1].endswith("rows)")


def test_version_names_the_protocol() -> None:
    assert "LSAI/1.2" in lsai("--version").output


def test_a_query_command_does_not_load_the_indexer() -> None:
    """``lsai usages ...`` from a shell pays for the query layer only: the indexer (language
    server clients, lsprotocol, rich) loads with the commands that run it."""
    heavy = "('lsai.indexer', 'lsprotocol', 'rich')"
    probe = (
        "import sys; import lsai.cli.main; "
        f"print(sorted(m for m in sys.modules if m.startswith({heavy})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['lsai.indexer', 'lsai.indexer.backends']"


def test_the_index_command_does_not_load_the_query_layer(workspace: Workspace) -> None:
    """``lsai index`` (with its progress bar and summary) pays for the indexer only: the query
    layer (pydantic contracts, the tools' commands, MCP) loads with the commands that answer."""
    root = workspace("python")
    heavy = "('lsai.query', 'lsai.mcp_server', 'pydantic', 'mcp')"
    probe = (
        "import sys; from lsai.cli.main import cli\n"
        "try:\n"
        f"    cli.main(['index', {str(root)!r}, '--backend', 'tree-sitter'])\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code\n"
        f"print(sorted(m for m in sys.modules if m.startswith({heavy})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "status: complete" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_an_ambiguous_name_lists_forms_the_cli_takes(indexed: Path) -> None:
    result = lsai("usages", "get", "--root", str(indexed))
    assert result.exit_code == 2 and "error[AMBIGUOUS_SYMBOL]" in result.stderr
    assert "symbol=" not in result.stderr and "file=" not in result.stderr
    example = result.stderr.rsplit("e.g. ", 1)[1].split()
    picked = lsai("usages", *example, "--root", str(indexed))
    assert picked.exit_code == 0, picked.stderr


def test_hierarchy_of_a_subclass_named_like_its_base(tmp_path: Path) -> None:
    """``class Renderer(base.Renderer)``: the tree is drawn once each way, not walked for ever."""
    (tmp_path / "base.py").write_text("class Renderer:\n    pass\n")
    (tmp_path / "special.py").write_text(
        "import base\n\n\nclass Renderer(base.Renderer):\n    pass\n"
    )
    if resolve_command(ADAPTERS["ty"]) is None:
        pytest.skip("ty is not installed: pip install ty")
    assert lsai("index", str(tmp_path)).exit_code == 0  # ty resolves ``base.Renderer``
    root = ["--root", str(tmp_path)]
    down = lsai("hierarchy", "--file", "base.py", "--line", "1", "--col", "7", *root)
    assert down.exit_code == 0, down.output
    assert "down:\n  Renderer  special.py:4\n[0 bases, 1 derived]" in down.output
    up = lsai("hierarchy", "--file", "special.py", "--line", "4", "--col", "7", *root)
    assert up.exit_code == 0, up.output
    assert "up:\n  Renderer  base.py:1\n    -> Renderer  special.py:4" in up.output


def test_the_summary_lists_files_failed_for_one_reason_under_it_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server that cannot load the project (gopls without a module's dependencies) says so
    for each of its files: the reason is printed once, with the files under it."""
    from lsai.cli.progress import print_summary
    from lsai.indexer.pipeline import IndexSummary

    why = "gopls: Error loading workspace: missing go.sum entry; run `go mod download`"
    failed = [(f"pkg/f{i:02}.go", why) for i in range(12)] + [("a.c", "clangd crashed")]
    summary = IndexSummary(tmp_path, str(tmp_path / "index.db"), "partial", failed=failed)
    print_summary(summary)
    out = capsys.readouterr().out.splitlines()
    assert f"  failed (12 files): {why}" in out
    assert "    pkg/f00.go, pkg/f01.go" in out[out.index(f"  failed (12 files): {why}") + 1]
    assert out[out.index(f"  failed (12 files): {why}") + 1].endswith("and 2 more")
    assert "  failed: a.c: clangd crashed" in out
    assert sum(why in line for line in out) == 1


def test_help_lists_every_command_with_its_own_whole_line() -> None:
    result = lsai("--help")
    assert result.exit_code == 0
    listed = result.output.split("Commands:\n", 1)[1].splitlines()
    summaries = {line.split()[0]: line.split(None, 1)[1] for line in listed if line.strip()}
    assert set(summaries) >= {"index", "mcp", "usages", "callers", "callees", "rename", "sql"}
    for command, summary in summaries.items():
        assert not summary.endswith("..."), f"{command}: {summary!r} is cut short"
    assert len(set(summaries.values())) == len(summaries)  # callers and callees differ
    assert "What a function or method calls" in lsai("callees", "--help").output


def test_a_server_phase_that_reports_another_total_starts_a_new_bar() -> None:
    """The references pass and the definition pass after it once reported under one name: the
    bar kept the first total and counted past it (``tsgo: references 152,577/21,369``)."""
    from lsai.indexer.pipeline import Phases

    class Recorded:
        def __init__(self) -> None:
            self.bars: list[list[object]] = []

        def start(self, total: int) -> None: ...
        def done(self) -> None: ...

        def phase(self, description: str, total: int) -> None:
            self.bars.append([description, 0, total])

        def advance(self, path: str) -> None:
            self.bars[-1][1] += 1  # type: ignore[operator]

    shown = Recorded()
    report = Phases(shown, "tsgo")
    for done in (0, 10, 24):
        report("references", done, 24)
    for done in (0, 1024, 3000):
        report("references", done, 3000)  # a resumed or second pass, another total
    report("calls", 9, 9)
    assert shown.bars == [
        ["tsgo: references", 24, 24],
        ["tsgo: references", 3000, 3000],
        ["tsgo: calls", 9, 9],
    ]
