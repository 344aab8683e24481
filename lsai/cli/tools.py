"""CLI commands derived from the tool contracts: one pydantic input model -> one click command.

Each field of the input model becomes an option (``type_name`` -> ``--type-name``, lists become
repeatable options), one chosen field may be positional, ``output_format`` becomes ``--format``.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import click
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from lsai.cli.errors import fail, invalid_argument
from lsai.query.freshness import answer, commit_note
from lsai.query.render import render
from lsai.query.resolve import POSITION
from lsai.query.tools import BY_NAME, TOOLS
from lsai.query.workspace import Reindexed, Scopes, Workspace, open_workspace

ToolFn = Callable[[Workspace, Any], BaseModel]


def _base_type(annotation: Any) -> tuple[Any, bool]:
    """(click type, is list) for a field annotation."""
    origin = typing.get_origin(annotation)
    if origin in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _base_type(args[0])
    if origin is list:
        return _base_type(typing.get_args(annotation)[0])[0], True
    if origin is Literal:
        return click.Choice([str(a) for a in typing.get_args(annotation)]), False
    return {int: int, bool: bool, str: str}.get(annotation, str), False


def _option(name: str, info: FieldInfo, aliases: tuple[str, ...]) -> click.Option:
    click_type, multiple = _base_type(info.annotation)
    flag = "--format" if name == "output_format" else "--" + name.replace("_", "-")
    default = None if info.is_required() else info.default
    if multiple:
        return click.Option(
            [flag, *aliases, name], type=click_type, multiple=True, help=info.description
        )
    if click_type is bool:
        return click.Option(
            [flag + "/--no-" + flag[2:], name], default=default, help=info.description
        )
    return click.Option(
        [flag, *aliases, name],
        type=click_type,
        default=default,
        show_default=default is not None,
        help=info.description,
    )


def tool_command(
    name: str,
    model: type[BaseModel],
    run: ToolFn,
    positional: str | None = None,
    aliases: dict[str, tuple[str, ...]] | None = None,
) -> click.Command:
    """A click command for one tool; ``aliases`` adds short flags (``type_name``: ``--type``)."""
    params: list[click.Parameter] = []
    for field_name, info in model.model_fields.items():
        if field_name == positional:
            params.append(click.Argument([field_name], required=False))
        else:
            params.append(_option(field_name, info, (aliases or {}).get(field_name, ())))
    params.append(
        click.Option(["--root"], type=click.Path(path_type=Path), help="Workspace directory")
    )
    params.append(
        click.Option(["--db"], help="Database path or URL (default: ROOT/.lsai/index.db)")
    )

    def callback(root: Path | None, db: str | None, **values: Any) -> None:
        given = {k: (list(v) if isinstance(v, tuple) else v) for k, v in values.items()}
        given = {k: v for k, v in given.items() if v is not None and v != []}
        given = _from_here(given)
        try:
            request = model.model_validate(given)
        except ValidationError as exc:
            fail(invalid_argument(exc))
        with fail.guard():
            ws = open_workspace(root, db, reindex=_reindex, scopes=_scopes)
            try:
                note = commit_note(ws)
                if note is not None:
                    click.echo(f"note: {note}", err=True)
                spec = BY_NAME.get(name)
                result = answer(ws, run, request, read_only=spec is None or spec.read_only)
                click.echo(render(result, str(getattr(request, "output_format", "compact"))))
            finally:
                ws.close()

    spec = BY_NAME.get(name)
    doc = spec.description if spec is not None else (model.__doc__ or "").strip()
    summary = spec.summary if spec is not None and spec.summary else None
    return click.Command(name, params=params, callback=callback, help=doc, short_help=summary)


def tool_commands() -> dict[str, click.Command]:
    """The command of every tool, by name."""
    return {t.name: tool_command(t.name, t.input, t.run, t.positional, t.aliases) for t in TOOLS}


_PATHS = ("file", "scope")  # the fields that name a file or folder


def _from_here(given: dict[str, Any]) -> dict[str, Any]:
    """Paths relative to the current directory, as a shell user types them from a folder of
    the workspace (``lsai outline sessions.py`` in ``src/requests``), made absolute when they
    name something there; others stay workspace-relative (the tools take both)."""
    out = dict(given)
    for name in _PATHS:
        value = out.get(name)
        if isinstance(value, str) and _here(value) is not None:
            out[name] = _here(value)
    symbol = out.get("symbol")
    if isinstance(symbol, str) and (at := POSITION.fullmatch(symbol)) and _here(at["file"]):
        out["symbol"] = f"{_here(at['file'])}{symbol[at.end('file') :]}"
    return out


def _here(path: str) -> str | None:
    """``path`` made absolute from the current directory, when it is relative and exists there
    (not from the workspace root alone: the current directory is inside it)."""
    if not path or path == "*" or Path(path).is_absolute():
        return None
    here = Path.cwd() / path
    return str(here) if here.exists() else None


def _scopes() -> Scopes:
    from lsai.indexer.treesitter.renaming import SCOPES  # the parser: only when renaming

    return SCOPES


def _reindex(root: Path, database: str) -> Reindexed:
    """``pipeline.reindex``, imported when a tool changes files (rename): the indexer is not
    loaded for a query."""
    from lsai.indexer.pipeline import reindex

    return reindex(root, database)
