"""The ``lsai`` command."""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from lsai import PROTOCOL, __version__
from lsai.cli.errors import EXIT_PARTIAL, fail
from lsai.errors import LsaiError
from lsai.indexer.backends import BACKEND_MODES

if TYPE_CHECKING:
    from lsai.indexer.watch import Update

# Each command imports the layers it runs, not every command all of them: the indexer (language
# server clients, lsprotocol, rich) loads with the commands that index, so a query from the shell
# starts in ~0.4 s instead of ~0.9 s; the query layer (pydantic contracts, SQL queries) loads
# with the commands that answer, so ``lsai index`` does not pay ~0.3 s for it.


class _Exit:
    """How the process ends. After ``lsai index`` has closed its database, nothing is left to
    write: the process leaves without freeing its heap, which for a large index takes a
    noticeable while (0.6 s after indexing 75k lines of TypeScript). Only ``main`` acts on it:
    a caller of ``cli`` in its own process (a test) keeps its process."""

    quick = False


class _Commands(click.Group):
    """The commands defined in this module, and those built from the query layer (``check`` and
    one per tool, from its contract), loaded when a command line names one of them or the help
    lists them (click's lazily loaded subcommands)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_query_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, cmd_name) or _query_commands().get(cmd_name)


@functools.cache
def _query_commands() -> dict[str, click.Command]:
    from lsai.cli.check import check_command
    from lsai.cli.tools import tool_commands

    return {"check": check_command, **tool_commands()}


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", message=f"lsai %(version)s ({PROTOCOL})")
def cli() -> None:
    """lsai: a Language Server for AI. Index a workspace, then ask it questions."""


@cli.command("index", short_help="Build or update the index of a workspace")
@click.argument("path", required=False, default=".", type=click.Path(path_type=Path))
@click.option("--db", help="Database path or URL (default: PATH/.lsai/index.db)")
@click.option(
    "--backend",
    type=click.Choice(BACKEND_MODES),
    default="auto",
    show_default=True,
    help="auto: language servers where installed, else tree-sitter; tree-sitter: force fallback",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary")
def index_command(path: Path, db: str | None, backend: str, quiet: bool) -> None:
    """Build or update the index of PATH (default: the current directory).

    Exit code 0 when every source file was indexed, 1 when some failed (listed), 2 on error.
    """
    from lsai.cli.progress import RichProgress, print_summary
    from lsai.indexer.live import LiveIndex
    from lsai.indexer.pipeline import check_workspace, run_index

    with fail.guard():
        progress = None if quiet else RichProgress()
        # a group with a few changed files is answered for them alone (``LiveIndex.takes``)
        with LiveIndex(check_workspace(path), db, backend) as targets:
            summary = run_index(
                path, database=db, backend=backend, progress=progress, targets=targets
            )
    _Exit.quick = True  # run_index has closed its database connections: all is written
    if not quiet:
        print_summary(summary)
    if not summary.complete:
        raise SystemExit(EXIT_PARTIAL)


@cli.command("watch", short_help="Index, then keep the index current as files change")
@click.argument("path", required=False, default=".", type=click.Path(path_type=Path))
@click.option("--db", help="Database path or URL (default: PATH/.lsai/index.db)")
@click.option("--backend", type=click.Choice(BACKEND_MODES), default="auto", show_default=True)
def watch_command(path: Path, db: str | None, backend: str) -> None:
    """Index PATH, then keep the index current as files change (Ctrl-C to stop)."""
    from lsai.indexer.pipeline import check_workspace
    from lsai.indexer.watch import watch

    def report(update: Update) -> None:
        s = update.summary
        stamp = time.strftime("%H:%M:%S")
        if not update.changed:
            click.echo(f"{stamp} indexed {s.files_seen} files ({s.status}) in {s.seconds:.2f} s")
        else:
            shown = ", ".join(update.changed[:3]) + (" ..." if len(update.changed) > 3 else "")
            click.echo(
                f"{stamp} {len(update.changed)} changed ({shown}): {len(s.reindexed)} re-read, "
                f"{len(s.removed)} removed, {s.status}, {s.seconds:.2f} s"
            )

    def problem(exc: Exception) -> None:
        detail = exc.to_dict() if isinstance(exc, LsaiError) else {"message": str(exc)}
        click.echo(
            f"update failed: {detail.get('message')} {detail.get('resolution', '')}", err=True
        )

    with fail.guard():
        root = check_workspace(path)
        click.echo(f"watching {root} (Ctrl-C to stop)")
        try:
            watch(root, report, database=db, backend=backend, on_error=problem)
        except KeyboardInterrupt:
            click.echo("stopped")


@cli.command("doctor", short_help="Which language servers lsai would use, and how to install them")
@click.argument("path", required=False, default=".", type=click.Path(path_type=Path))
@click.option("--install", is_flag=True, help="Install missing servers that come from npm")
def doctor_command(path: Path, install: bool) -> None:
    """Per language in PATH: the server lsai would use, installed or not, and how to install it."""
    from lsai.indexer.doctor import diagnose, examine, install_missing
    from lsai.indexer.pipeline import check_workspace

    with fail.guard():
        reports, notes = examine(check_workspace(path))
        if install:
            for server, ok, detail in install_missing(reports):
                click.echo(f"{'installed' if ok else 'not installed'} {server}: {detail}")
            reports = diagnose(check_workspace(path))
    if not reports:
        click.echo("no source files of a known language here")
    for r in reports:
        click.echo(f"{r.name} ({r.files} {'file' if r.files == 1 else 'files'}): {r.backend}")
        if r.server:
            state = f"{r.command} ({r.version or 'version unknown'})" if r.installed else "missing"
            click.echo(f"  server {r.server}: {r.broken or state}")
        else:
            click.echo(f"  {r.why}")
        if r.install:
            click.echo(f"  install: {r.install}")
        if not r.grammar:
            click.echo("  no tree-sitter grammar: pip install 'lsai[languages]'")
    for note in notes:
        click.echo(f"note: {note}")
    missing = [r for r in reports if r.server and not r.installed]
    if missing:
        raise SystemExit(EXIT_PARTIAL)


@cli.command("mcp", short_help="Serve the LSAI tools over MCP (stdio or HTTP)")
@click.option(
    "--root", type=click.Path(path_type=Path), help="Workspace (default: found from . upwards)"
)
@click.option("--db", help="Database path or URL (default: ROOT/.lsai/index.db)")
@click.option("--http", metavar="HOST:PORT", help="Serve streamable HTTP at HOST:PORT/mcp")
@click.option(
    "--watch/--no-watch",
    default=True,
    show_default=True,
    help="Keep the index current while files change (language servers kept running)",
)
@click.option(
    "--profile",
    "profiles",
    multiple=True,
    type=click.Choice(["lsai", "opencode", "fs001", "lsp-mcp", "lspi"]),
    help="Tool set to serve (repeatable; default lsai): opencode's lsp tool, the FS-001 "
    "bridge's four tools, lsp-mcp-server's lsp_* tools, lspi's tools",
)
def mcp_command(
    root: Path | None, db: str | None, http: str | None, watch: bool, profiles: tuple[str, ...]
) -> None:
    """Serve the LSAI tools over MCP: stdio by default, streamable HTTP with --http. With
    --profile, the tools of another LSP bridge instead (or as well), answered from the index."""
    from lsai.mcp_server.server import serve  # the MCP SDK loads only for this command

    with fail.guard():
        serve(root, db, http, watch=watch, profiles=profiles or ("lsai",))


@cli.command("sql", short_help="Run a read-only SQL query on the index")
@click.argument("query")
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
    show_default=True,
)  # fmt: skip
@click.option("--root", type=click.Path(path_type=Path), help="Workspace directory")
@click.option("--db", help="Database path or URL (default: ROOT/.lsai/index.db)")
def sql_command(query: str, fmt: str, root: Path | None, db: str | None) -> None:
    """Run a read-only SQL QUERY on the index (tables: see schemas/index-schema.md)."""
    from lsai.query.workspace import open_workspace
    from lsai.storage import queries

    with fail.guard():
        ws = open_workspace(root, db, read_only=True)
        try:
            with ws.index.connect() as conn:
                columns, rows = queries.run_readonly_sql(conn, query)
        finally:
            ws.close()
    click.echo(_format_rows(columns, rows, fmt), nl=False)


def _format_rows(columns: list[str], rows: list[tuple[Any, ...]], fmt: str) -> str:
    if fmt == "json":
        return json.dumps([dict(zip(columns, r, strict=True)) for r in rows], indent=2) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        return buffer.getvalue()
    cells = [[("NULL" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([len(c), *(len(r[i]) for r in cells)]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(
        "  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in cells
    )
    lines.append(f"({len(rows)} {'row' if len(rows) == 1 else 'rows'})")
    return "\n".join(lines) + "\n"


def main() -> None:
    try:
        cli.main(prog_name="lsai", standalone_mode=True)
    except SystemExit as done:
        if _Exit.quick:
            quick_exit(done.code)
        raise
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    except Exception as exc:  # a bug: say so in one line, the traceback only on request
        if os.environ.get("LSAI_DEBUG"):
            raise
        print(f"error[INTERNAL_ERROR]: {type(exc).__name__}: {exc}", file=sys.stderr)
        print(
            "  fix: this is a bug in lsai; rerun with LSAI_DEBUG=1 for the traceback and report it",
            file=sys.stderr,
        )
        raise SystemExit(2) from None


def quick_exit(code: object) -> None:
    """End the process now with ``code`` (a ``SystemExit`` code), its output flushed."""
    status = code if isinstance(code, int) else (0 if code is None else 1)
    if not isinstance(code, int | None):
        print(code, file=sys.stderr)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
