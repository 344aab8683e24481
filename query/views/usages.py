"""Text profiles of the usages tool.

compact (the default) lists the files by folder (``folders``), each usage line once with its
line number and its code cut around the identifier (``snippet``); usage lines of a file that read
the same print once with all their line numbers. A file's first usage line follows its name
(``carts.py:12 class DiscountCart(Cart):``, as grep prints it) and the others are indented under
it (``  30 cart = Cart()``). Consecutive files whose usage lines all read the same one code
share one entry (``a.py:3, b.py:5 import``). An import statement the server resolved to the
symbol prints ``import``, and a re-export ``re-export`` (``_shown``). verbose prints every
file's whole path and the whole code lines; turbo only the line numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lsai.query.render import footer, renders
from lsai.query.usage_contracts import Usage, UsageFile, UsagesResult
from lsai.query.views.folders import INDENT, listing, placed
from lsai.query.views.snippet import snippet
from lsai.words import plural


def _printed(result: UsagesResult) -> list[UsageFile]:
    """The usages the text prints: none when the page is shown as per-file counts (the
    structured answer still holds them)."""
    return [] if result.per_file is not None else result.files


def _summary(result: UsagesResult) -> str:
    files = f"{result.file_count} {plural('file', result.file_count)}"
    usages = f"{result.total} {plural('usage', result.total)} in {files}"
    if result.truncated:
        shown = sum(len(f.usages) for f in result.files) if result.per_file is None else None
        first = "" if shown is None else f"{shown} of "
        return f"{first}{usages}; next page: offset {result.next_offset}"
    return usages


def _end(result: UsagesResult, lines: list[str]) -> str:
    lines.extend(f"{c.file}  ({c.count})" for c in result.per_file or [])
    if result.degraded:
        lines.append(f"! {result.degraded}")
    if not result.total:
        lines.append(f"no usages of {result.symbol.kind} {result.symbol.qualified_name}")
    return "\n".join(lines + footer(_summary(result), result.provenance))


def _numbers(group: UsageFile) -> str:
    """The file's usage line numbers, each once (two usages on one line print it once)."""
    return ",".join(map(str, dict.fromkeys(u.line for u in group.usages)))


_STATEMENT = re.compile(r"(?:(?P<imports>import|from)|export\b.*\bfrom)\b")


def _shown(usage: Usage, name: str) -> str:
    """The code of a usage as compact prints it. An import statement that binds the name as it
    is prints ``import``, and a re-export (``export { X } from``) ``re-export``: the module they
    name leads to the symbol the server resolved it to (the structured answer keeps the line).
    Any other line is cut around the name: an alias (``X as Y``), and an import matched by name
    (tree-sitter), whose module tells which symbol of that name it may be."""
    code = usage.context or ""
    resolved = usage.role == "import" and not usage.by_name
    statement = _STATEMENT.match(code) if resolved else None
    if statement is None or re.search(rf"(?<![\w$]){re.escape(name)}\s+as\b", code):
        return snippet(code, name)
    return "import" if statement["imports"] else "re-export"


def _code_lines(group: UsageFile, name: str) -> list[tuple[str, str]]:
    """(line numbers, code) of a file's usage lines; lines whose code reads the same share one
    entry, at the place of the first."""
    same: dict[str, dict[int, None]] = {}
    for u in group.usages:
        same.setdefault(_shown(u, name), {})[u.line] = None
    return [(",".join(map(str, lines)), code) for code, lines in same.items()]


@dataclass
class _Printed:
    """One entry of compact: the files it stands for (``name:lines`` each), the code of their
    first usage line, and the file's further lines (only when it stands for one file)."""

    heads: list[str]
    code: str
    rest: list[tuple[str, str]]


def _alike(named: list[tuple[UsageFile, str]], name: str) -> list[_Printed]:
    """A run's files as compact prints them: consecutive files whose usage lines all read the
    same one code share one entry, their names and line numbers joined (forty locale files with
    ``const issue = raw as errors.Issues;`` print ``ar.ts:98, az.ts:94, … const issue = …``)."""
    out: list[_Printed] = []
    for group, shown in named:
        (at, code), *rest = _code_lines(group, name)
        last = out[-1] if out else None
        if last is not None and not rest and not last.rest and code and last.code == code:
            last.heads.append(f"{shown}:{at}")
        else:
            out.append(_Printed([f"{shown}:{at}"], code, rest))
    return out


@renders(UsagesResult, "compact")
def _usages_compact(result: UsagesResult) -> str:
    name = result.symbol.name
    lines: list[str] = []
    for folder, named in placed(_printed(result), lambda g: g.file):
        indent = INDENT if folder else ""
        if folder:
            lines.append(folder + "/")
        for entry in _alike(named, name):
            lines.append(f"{indent}{', '.join(entry.heads)} {entry.code}".rstrip())
            lines.extend(f"{indent}{INDENT}{at} {code}".rstrip() for at, code in entry.rest)
    return _end(result, lines)


@renders(UsagesResult, "verbose")
def _usages_verbose(result: UsagesResult) -> str:
    """Every file's whole path, then each usage line once with the whole code line."""
    lines: list[str] = []
    for group in _printed(result):
        lines.append(group.file)
        code: dict[int, str] = {}
        for u in group.usages:
            code.setdefault(u.line, u.context or "")
        lines.extend(f"  :{line} {text}".rstrip() for line, text in code.items())
    return _end(result, lines)


@renders(UsagesResult, "turbo")
def _usages_turbo(result: UsagesResult) -> str:
    """Files by folder with their usage line numbers, no code."""

    def entry(group: UsageFile, shown: str, indent: str) -> list[str]:
        return [f"{indent}{shown}:{_numbers(group)}"]

    return _end(result, listing(_printed(result), lambda g: g.file, entry))


@renders(UsagesResult, "grep")
def _usages_grep(result: UsagesResult) -> str:
    lines = [
        f"{group.file}:{u.line}:{u.col}: {u.context or ''}".rstrip()
        for group in _printed(result)
        for u in group.usages
    ]
    return _end(result, lines)
