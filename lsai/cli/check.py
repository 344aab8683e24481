"""``lsai check``: update the index, then fail on error diagnostics (pre-commit, CI).

Exit code 1 when the given files (or the whole workspace) have a diagnostic at the chosen severity
or worse, 0 when they have none, 2 on error. Files no language server served (tree-sitter only)
have no diagnostics: that is said, and it passes, so that a commit never fails for lack of a
server.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import click

from lsai.cli.errors import fail
from lsai.indexer.backends import BACKEND_MODES
from lsai.query.diagnostics import SEVERITIES, DiagnosticsResult, Severity, diagnostics_of_files
from lsai.query.errors import FileNotIndexed
from lsai.query.render import render
from lsai.query.workspace import Workspace, find_root, open_workspace

EXIT_CLEAN = 0
EXIT_FOUND = 1
NO_SERVER = (
    "lsai check: no language server served these files (tree-sitter only), so there are no "
    "diagnostics to check; passing. `lsai doctor` says how to install one."
)
UNREAD = "lsai check: none of the given files was indexed (why: above), so none has diagnostics"
NOT_INDEXED = "lsai check: none of the given files is in the index (ignored or not source); passing"


@dataclass
class CheckOutcome:
    exit_code: int
    lines: list[str]
    warnings: list[str] = field(default_factory=list)  # for stderr


def severities_up_to(threshold: Severity) -> list[Severity]:
    """``error`` -> errors; ``warning`` -> errors and warnings; and so on down to ``hint``."""
    return list(SEVERITIES[: SEVERITIES.index(threshold) + 1])


def workspace_paths(ws: Workspace, files: Sequence[Path], cwd: Path) -> list[str]:
    """Paths given relative to ``cwd`` (or absolute) as workspace paths; outside ones are left
    out (a hook may pass files of the repository that the workspace does not cover)."""
    paths: list[str] = []
    for file in files:
        try:
            paths.append(ws.relative(str(file if file.is_absolute() else cwd / file)))
        except FileNotIndexed:
            continue
    return paths


def check(
    root: Path | None,
    files: Sequence[Path],
    *,
    database: str | None = None,
    backend: str = "auto",
    threshold: Severity = "error",
    cwd: Path | None = None,
) -> CheckOutcome:
    """Update the index of ``root`` (default: the workspace around ``cwd``), then gate on the
    diagnostics of ``files`` (all files when none are given)."""
    from lsai.indexer.live import LiveIndex  # the indexer only for the command that runs it
    from lsai.indexer.pipeline import check_workspace, run_index

    cwd = cwd or Path.cwd()
    root = root or find_root(cwd) or cwd
    with LiveIndex(check_workspace(root), database, backend) as targets:
        summary = run_index(root, database=database, backend=backend, targets=targets)
    warnings = [] if summary.complete else [_partial(len(summary.failed))]
    ws = open_workspace(root, database, read_only=True)
    try:
        paths = workspace_paths(ws, files, cwd) if files else None
        if paths == []:
            return CheckOutcome(EXIT_CLEAN, [NOT_INDEXED], warnings)
        try:
            result = diagnostics_of_files(ws, paths, severities_up_to(threshold))
        except FileNotIndexed:
            if paths is None:
                raise
            return CheckOutcome(EXIT_CLEAN, [NOT_INDEXED], warnings)
    finally:
        ws.close()
    return _outcome(result, warnings)


def _partial(failed: int) -> str:
    return f"lsai check: the index is partial ({failed} file(s) failed; `lsai index` lists them)"


def _outcome(result: DiagnosticsResult, warnings: list[str]) -> CheckOutcome:
    lines = render(result, "compiler").splitlines()
    if not result.served:  # tree-sitter files, or files not indexed only (the notes say why)
        return CheckOutcome(
            EXIT_CLEAN, [*lines, NO_SERVER if result.files_unserved else UNREAD], warnings
        )
    return CheckOutcome(EXIT_FOUND if result.total else EXIT_CLEAN, lines, warnings)


@click.command("check", short_help="Update the index, then fail on error diagnostics (CI)")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--root", type=click.Path(path_type=Path), help="Workspace (default: found from . upwards)"
)
@click.option("--db", help="Database path or URL (default: ROOT/.lsai/index.db)")
@click.option(
    "--severity",
    type=click.Choice(SEVERITIES),
    default="error",
    show_default=True,
    help="Fail on diagnostics of this severity or worse (warning: errors and warnings)",
)
@click.option("--backend", type=click.Choice(BACKEND_MODES), default="auto", show_default=True)
def check_command(
    files: tuple[Path, ...], root: Path | None, db: str | None, severity: Severity, backend: str
) -> None:
    """Update the index, then print the error diagnostics of FILES (default: every file) as
    path(line,col): error CODE: message.

    FILES are relative to the current directory or absolute. Exit code 1 when there is at least
    one, 0 when there is none or no language server served the files, 2 on error.
    """
    with fail.guard():
        outcome = check(root, files, database=db, backend=backend, threshold=severity)
    for line in outcome.warnings:
        click.echo(line, err=True)
    click.echo("\n".join(outcome.lines))
    raise SystemExit(outcome.exit_code)
