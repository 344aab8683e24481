"""The ``rename`` tool: a semantic rename, previewed by default, applied safely when asked.

Preview lists every change (file, line, the line before and after), the near-misses left
untouched (other symbols of the same name, aliases, unresolved references, the name in comments
and strings of the affected files) and conflicts. Apply (``preview=false``) refuses when there are
conflicts, when the changes are only name-based (tree-sitter: no language server resolved the
references, so a rename could hit the wrong symbol), or when a file changed since it was indexed;
otherwise it rewrites all files or none (``query/edits.py``) and re-indexes the workspace.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import Field

from lsai.errors import ErrorCode, LsaiError
from lsai.query import (
    default_import,
    edits,
    imported,
    literal_keys,
    local_rename,
    rename_spelling,
    shorthand,
)
from lsai.query.contracts import Contract, OutputFormat, Provenance, SymbolTarget
from lsai.query.errors import QueryError
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES, shown_names
from lsai.query.rename_plan import (
    MEMBER_KINDS,
    Miss,
    Plan,
    Target,
    build_plan,
    doc_comment,
    identifier_problem,
    property_reads,
    scan_text,
)
from lsai.query.resolve import overload_siblings, resolve, with_every_declaration
from lsai.query.unfound import unfound_note
from lsai.query.workspace import Workspace
from lsai.sourcetext import decode, imports_modules
from lsai.storage import queries, tool_queries
from lsai.storage.engine import Reader
from lsai.storage.fingerprint import content_hash

NAME_BASED = (
    "name-based rename: no language server resolved these references (tree-sitter only), so "
    "some changes may belong to other symbols of the same name"
)


class RenameConflict(QueryError):
    code = ErrorCode.RENAME_CONFLICT


class NotSupported(QueryError):
    code = ErrorCode.CAPABILITY_NOT_SUPPORTED


class RenameInput(SymbolTarget):
    """Rename a symbol everywhere it is used (semantic); previews unless preview is false."""

    new_name: str = Field(min_length=1, description="The new name")
    preview: bool = Field(True, description="Only show the changes (false: apply them)")
    output_format: OutputFormat = Field("compact", description="Output profile")


class RenameChange(Contract):
    file: str
    line: int
    cols: list[int]  # where the old name starts on the line (1-based code points)
    old_text: str  # the line before, trimmed
    new_text: str  # the line after, trimmed


class Untouched(Contract):
    reason: str  # different symbol, alias, unresolved reference, comment, string, ...
    name: str
    file: str
    line: int
    col: int | None = None
    detail: str | None = None


class RenameResult(Contract):
    symbol: str
    key: str
    kind: str
    file: str
    line: int
    old_name: str
    new_name: str
    preview: bool
    applied: bool
    name_based: bool
    changes: list[RenameChange]
    change_count: int
    file_count: int
    untouched: list[Untouched] = Field(default_factory=list)
    conflicts: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    compilation_result: str | None = None
    provenance: Provenance = Field(default_factory=Provenance)


def rename(ws: Workspace, params: RenameInput) -> RenameResult:
    with ws.index.connect() as conn:
        plan, notes = _plan(conn, ws, params)
        target = plan.target
        if plan.related:
            notes.append(
                f"renames with it {shown_names(conn, plan.related)}: members it shares a "
                "declaration with up the type hierarchy (an implementation keeps the name of "
                "the interface member it implements), or whose declaration its name is (an "
                "object's key typed by a type literal's member)"
                + (", as TypeScript's rename does" if target.language in TSGO_LANGUAGES else "")
            )
        hashes = tool_queries.content_hashes(conn, sorted(plan.edits))
        errors_before = sum(tool_queries.error_counts(conn, sorted(plan.edits)).values())
        backend = "lsp" if plan.semantic and target.backend == "lsp" else "tree-sitter"
        prov = provenance(conn, [backend], sorted(plan.edits))
        unfound = None if target.container_key else unfound_note(conn, target.name, target.file)
        notes += [unfound] if unfound else []
        languages = {
            path: str(row["language"])
            for path in plan.edits
            if path.endswith(shorthand.SUFFIXES) and (row := queries.file_row(conn, path))
        }
    texts = {path: _read(ws, path) for path in sorted(plan.edits)}
    read = {  # each file's lines, as indexed (``sourcetext``); the unreadable left out
        path: decode(raw, path).split("\n") for path, raw in texts.items() if raw is not None
    }
    scripts = {path: lines for path, lines in read.items() if path.endswith(shorthand.SUFFIXES)}
    _module_imports(plan, read)
    _expando_reads(plan, scripts)
    property_reads(plan, _member_accesses(plan.property_sites, scripts))
    _with_doc_comment(plan, read.get(plan.target.file))
    bound = rename_spelling.destructured(ws, plan, scripts, languages)
    spelled = rename_spelling.spelled(plan, scripts, params.new_name, bound)
    spelled.update(_imports_kept(plan, read, params.new_name))
    for path, kept in imported.keep_package_names(plan, scripts, params.new_name).items():
        spelled.setdefault(path, {}).update(kept)
    prov = prov.model_copy(update={"notes": [*notes, *prov.notes]})
    result = _preview(plan, params.new_name, texts, hashes, prov, spelled)
    outside = _outside(ws, sorted(plan.edits))
    if outside:
        result = result.model_copy(update={"warnings": [*result.warnings, *outside]})
    if params.preview:
        return result
    _check_apply(plan, result)
    file_edits = [
        edits.FileEdit(
            path, hashes.get(path), tuple(positions), tuple(spelled.get(path, {}).items())
        )
        for path, positions in sorted(plan.edits.items())
    ]
    written = edits.apply_edits(ws.root, file_edits, target.name, params.new_name)
    return result.model_copy(
        update={
            "preview": False,
            "applied": True,
            "compilation_result": _reindex(ws, written, errors_before),
        }
    )


def _plan(conn: Reader, ws: Workspace, params: RenameInput) -> tuple[Plan, list[str]]:
    """The plan of the rename and its notes: of the local binding the position names when it
    names one (``local_rename``), of an importer's binding of a default export
    (``default_import``), else of the symbol ``params`` resolves to."""
    local = local_rename.find(conn, ws, params, fixtures=False)
    literal = literal_keys.find(conn, ws, params) if local is None else None
    if literal is not None:  # `data.text` of a function's `var data = { text: ... }`
        plan = literal_keys.plan(conn, ws, literal, params.new_name)
        _check_name(plan.target, params.new_name)
        note = f"{literal_keys.described(literal)}: renamed at its keys and member names"
        return plan, [note]
    if local is None:
        target, notes = _target(conn, ws, params)
        bound = default_import.plan(conn, ws, target, params, params.new_name)
        if bound is not None:
            _check_name(bound.target, params.new_name)
            note = (
                f"{bound.target.name} binds {target.file}'s default export: renamed in "
                f"{bound.target.file} only, as TypeScript's rename does"
            )
            return bound, [*notes, note]
        _check_name(target, params.new_name)
        plan = build_plan(conn, target, params.new_name)
        local_rename.label_locals(conn, ws, plan)
        return plan, notes
    found, binding, corrected = local
    plan = local_rename.plan(conn, ws, found, binding, params.new_name)
    _check_name(plan.target, params.new_name)
    notes = [
        *([corrected] if corrected else []),
        f"{local_rename.described(plan.target, found)}: renamed where tree-sitter's scopes read "
        "it as that binding"
        + (", and at the keyword arguments of its function's calls" if len(plan.edits) > 1
           or plan.target.kind == "parameter" else ""),
    ]  # fmt: skip
    return plan, notes


def _check_name(target: Target, new_name: str) -> None:
    if new_name == target.name:
        raise QueryError(
            f"{target.qualified_name} is already called {new_name}",
            resolution="give a different newName",
        )
    if target.language in TSGO_LANGUAGES and target.kind == "constructor":
        raise RenameConflict(
            f"{target.qualified_name} is a constructor: its name is `constructor`",
            resolution=f"rename the class {target.qualified_name.rsplit('.', 1)[0]} instead",
        )
    if target.language in TSGO_LANGUAGES and target.name == "default":
        raise RenameConflict(  # `export default {...}`: the keyword is no name (tsgo refuses)
            f"{target.file}:{target.line} is the module's default export: it has no name of "
            "its own, each importer names it (`import utils from ...`)",
            resolution="rename an importer's binding in its file",
        )
    if target.name.startswith("#") != new_name.startswith("#"):  # JavaScript's private names
        raise RenameConflict(
            f"cannot rename {target.qualified_name} to {new_name}: a private name keeps its #, "
            "a public one takes none",
            resolution=f"give a name {'with' if target.name.startswith('#') else 'without'} #",
        )
    problem = identifier_problem(target.language, new_name.removeprefix("#"))
    if problem is not None:
        raise RenameConflict(
            f"cannot rename {target.qualified_name}: {problem}",
            resolution=f"choose a valid {target.language or ''} identifier".replace("  ", " "),
        )


def _check_apply(plan: Plan, result: RenameResult) -> None:
    """Conflicts and name-based plans are never applied (stale files: ``edits`` refuses)."""
    if plan.conflicts:
        raise RenameConflict(
            f"renaming {plan.target.qualified_name} to {result.new_name} conflicts with: "
            + "; ".join(plan.conflicts),
            resolution="choose a name that is not defined in that scope",
        )
    if plan.blind:
        raise NotSupported(
            f"{plan.blind} occurrence(s) of {plan.target.name} are in files indexed by "
            "tree-sitter only: they may refer to this symbol, and no server could tell",
            resolution="re-index so a language server serves those files (`lsai index`), or "
            "review the preview's unresolved references and edit them yourself",
        )
    if not plan.semantic:
        raise NotSupported(
            f"{NAME_BASED}; lsai applies only semantic renames",
            resolution="index with a language server for this language (`lsai doctor`), or "
            "review the preview and edit the files yourself",
        )


def _read(ws: Workspace, path: str) -> bytes | None:
    try:
        return (ws.root / path).read_bytes()
    except OSError:
        return None


def _outside(ws: Workspace, paths: list[str]) -> list[str]:
    """Warnings for files that resolve outside the workspace (apply will refuse them)."""
    out: list[str] = []
    for path in paths:
        try:
            edits.inside(ws.root, path)
        except edits.OutsideWorkspace:
            out.append(f"{path} resolves outside the workspace: applying will be refused")
    return out


def _with_doc_comment(plan: Plan, lines: list[str] | None) -> None:
    """Go: the name in its declaration's doc comment is renamed with it (gopls does); a
    local's, as ``Scopes.binding_docs`` reads it (``local_rename``)."""
    t = plan.target
    if t.language != "go" or not plan.semantic or t.backend != "lsp" or lines is None:
        return
    found = doc_comment(lines, t.line, t.name)
    plan.edits.setdefault(t.file, []).extend(at for at in found if at not in plan.edits[t.file])
    plan.code_positions.update((t.file, line, col) for line, col in found)


def _member_accesses(
    sites: Iterable[tuple[str, int, int]], lines: dict[str, list[str]]
) -> list[tuple[str, int, int]]:
    """The ``sites`` that follow a ``.`` (``o.start``)."""
    return [
        (path, line, col)
        for path, line, col in sites
        if path in lines and shorthand.is_member_access(lines[path], line, col)
    ]


def _expando_reads(plan: Plan, lines: dict[str, list[str]]) -> None:
    """JavaScript's expando properties: ``createDebug.enable = enable`` declares a property of
    ``createDebug`` (no symbol of the index: the assignment's target is left unresolved), which
    the server's definition of ``createDebug.enable()`` answers with the function assigned, so
    the call is keyed to the function. Renaming the function leaves the property, and so its
    reads (``plan.property_sites``, taken out of the edits by ``property_reads``), as tsgo's
    rename does; renaming them alone would call a property that no longer exists (debug's
    ``setup.enable``)."""
    if plan.target.kind in MEMBER_KINDS:
        return
    name = plan.target.name
    assigned = {  # (file, receiver) of each property of the name assigned and left untouched
        (m.file, shorthand.receiver(lines[m.file], m.line, m.col))
        for m in plan.misses
        if m.reason == "unresolved reference" and m.col is not None and m.file in lines
        and shorthand.is_assigned(lines[m.file], m.line, m.col, name)
    }  # fmt: skip
    for path, positions in plan.edits.items():
        for line, col in positions if path in lines else ():
            held = shorthand.receiver(lines[path], line, col)
            if held is not None and (path, held) in assigned:
                plan.property_sites[path, line, col] = f"{held}.{name}"


_IMPORT = re.compile(r"\bimport\b")
_AS = re.compile(r"\s+as\b")


def _module_imports(plan: Plan, read: dict[str, list[str]]) -> None:
    """Python: ``import pwd`` binds a module in its own file. Where a module-level variable
    of that name is its fallback (``except ImportError: pwd = None``) in several files, ty
    answers every file's sites for each, so one file's import may be keyed to another file's
    variable: renaming that variable would rename another file's import of the module (``import
    pwdZq``: no such module) and leave the file's own (setuptools' backports/tarfile.py and
    _distutils/tests/unix_compat.py). Another file's module import is left untouched; the file's
    own is renamed with the variable it binds (``import pwd as pwdZq``: ``_imports_kept``)."""
    t = plan.target
    lines = read.get(t.file)
    if t.language != "python" or not plan.semantic or lines is None:
        return
    for path in [p for p in plan.edits if p != t.file]:
        for line, col in list(plan.edits[path]):
            if (path, line, col) in plan.imports and _imports_module(read.get(path, []), line):
                plan.edits[path].remove((line, col))
                plan.imports.discard((path, line, col))
                why = f"imports the module {t.name}, not this variable"
                plan.misses.append(Miss("module import", t.name, path, line, col, why))
        if not plan.edits[path]:
            del plan.edits[path]
    if t.container_key is not None or t.kind not in ("variable", "constant"):
        return
    own = plan.edits.setdefault(t.file, [])
    for path, line, col in sorted(plan.code_positions):
        text = lines[line - 1] if path == t.file and 0 < line <= len(lines) else ""
        end = col - 1 + len(t.name)
        spelled = text[col - 1 : end] == t.name and "." not in (
            text[col - 2 : col - 1],
            text[end : end + 1],
        )
        if (line, col) not in own and spelled and _imports_module(lines, line):  # not ``os.path``
            own.append((line, col))
            plan.imports.add((path, line, col))


def _imports_module(lines: list[str], line: int) -> bool:
    return 0 < line <= len(lines) and imports_modules(lines[line - 1])


def _imports_kept(
    plan: Plan, read: dict[str, list[str]], new_name: str
) -> dict[str, dict[tuple[int, int], str]]:
    """Python: a name imported, then bound again in its file (``from timeit import timeit``,
    then ``timeit = partial(timeit, number=5)``; an import with a fallback ``def`` under
    ``except ImportError``) is one name there, keyed to the binding of the file. Renaming it
    keeps the name the import reads, which its module defines, and binds the new one there
    (``from timeit import timeit as timeitZq``); renamed, the import read a name the module
    does not define (parsimonious tests/test_benchmarks.py)."""
    t = plan.target
    lines = read.get(t.file)
    if t.language != "python" or lines is None:
        return {}
    kept: dict[tuple[int, int], str] = {}
    for line, col in plan.edits.get(t.file, []):
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        before, after = text[: col - 1], text[col - 1 + len(t.name) :]
        if (
            (t.file, line, col) in plan.imports
            and _IMPORT.search(before)
            and not _AS.match(after)
            and not before.rstrip().endswith(" as")
        ):
            kept[line, col] = f"{t.name} as {new_name}"
    return {t.file: kept} if kept else {}


def _preview(
    plan: Plan,
    new_name: str,
    texts: dict[str, bytes | None],
    hashes: dict[str, str | None],
    prov: Provenance,
    spelled: dict[str, dict[tuple[int, int], str]],
) -> RenameResult:
    t = plan.target
    changes: list[RenameChange] = []
    warnings: list[str] = [] if plan.semantic else [NAME_BASED]
    misses = [_untouched(m) for m in plan.misses]
    for path, positions in sorted(plan.edits.items()):
        raw = texts.get(path)
        if raw is None or content_hash(raw) != hashes.get(path):
            warnings.append(f"{path} changed since it was indexed: its changes may be off")
        lines = decode(raw, path).split("\n") if raw is not None else []
        changes.extend(
            _line_changes(path, lines, positions, t.name, new_name, spelled.get(path, {}))
        )
        misses.extend(_untouched(m) for m in scan_text(path, lines, t.name, plan.code_positions))
    if plan.conflicts:
        warnings.append("conflicts found: applying this rename will be refused")
    if plan.semantic and plan.blind:
        warnings.append(
            f"{plan.blind} unresolved occurrence(s) in tree-sitter files may refer to this "
            "symbol: applying will be refused"
        )
    misses = _nearest_first(misses, t.file, set(plan.edits))
    return RenameResult(
        symbol=t.qualified_name, key=t.key, kind=t.kind, file=t.file, line=t.line,
        old_name=t.name, new_name=new_name, preview=True, applied=False,
        name_based=not plan.semantic, changes=changes,
        change_count=sum(len(set(p)) for p in plan.edits.values()), file_count=len(plan.edits),
        untouched=misses, conflicts=plan.conflicts, warnings=warnings, provenance=prov,
    )  # fmt: skip


def _nearest_first(misses: list[Untouched], home: str, edited: set[str]) -> list[Untouched]:
    """The near-misses to check first first: in the files the rename changes, then in the
    folders nearest the symbol's (its project's before another project's)."""
    home_parts = home.split("/")

    def shared(path: str) -> int:
        parts = path.split("/")
        n = 0
        while n < min(len(parts), len(home_parts)) - 1 and parts[n] == home_parts[n]:
            n += 1
        return n

    return sorted(misses, key=lambda m: (m.file not in edited, -shared(m.file)))  # else as found


def _line_changes(
    path: str,
    lines: list[str],
    positions: list[tuple[int, int]],
    old: str,
    new: str,
    spelled: dict[tuple[int, int], str],
) -> list[RenameChange]:
    by_line: dict[int, list[int]] = {}
    for line, col in positions:
        by_line.setdefault(line, []).append(col)
    out: list[RenameChange] = []
    for line, cols in sorted(by_line.items()):
        before = lines[line - 1] if 0 < line <= len(lines) else ""
        here = {(1, c): text for (at, c), text in spelled.items() if at == line}
        after = edits.replace_names(before, [(1, c) for c in cols], old, new, here) or before
        out.append(
            RenameChange(
                file=path, line=line, cols=sorted(set(cols)),
                old_text=before.strip(), new_text=after.strip(),
            )
        )  # fmt: skip
    return out


def _untouched(m: Miss) -> Untouched:
    return Untouched.model_validate(m, from_attributes=True)


def _reindex(ws: Workspace, written: list[str], errors_before: int) -> str:
    """Re-index after writing; say how the changed files compile now, and before."""
    if ws.reindex is None:
        return "files written; run `lsai index` to bring the index up to date"
    try:
        summary = ws.reindex()
        with ws.index.connect() as conn:
            errors = tool_queries.error_counts(conn, written)
    except LsaiError as exc:  # the files are written: say so, and how to catch the index up
        return f"files written; re-indexing failed ({exc.code}: {exc.message}): run `lsai index`"
    n = sum(errors.values())
    where = f"in the {len(written)} changed file{'s' if len(written) != 1 else ''}"
    before = f" (before: {errors_before})"
    state = "" if summary.status == "complete" else f"; index {summary.status}: see `lsai index`"
    if not n:
        return f"re-indexed: no errors {where}{before}{state}"
    listed = ", ".join(f"{p} ({k})" for p, k in sorted(errors.items()))
    return f"re-indexed: {n} error{'s' if n != 1 else ''} {where}{before}: {listed}{state}"


def _target(conn: Reader, ws: Workspace, params: RenameInput) -> tuple[Target, list[str]]:
    """The symbol to rename and the notes of its resolution (a corrected position ...)."""
    found = with_every_declaration(conn, ws, resolve(conn, ws, params))
    notes = [*found.notes, *([found.corrected] if found.corrected else [])]
    target = Target(
        key=found.key, name=found.name, qualified_name=found.ref.qualified_name,
        kind=found.ref.kind, container_key=found.container_key, language=found.language,
        family=found.family, file=found.ref.file, line=found.ref.line, col=found.ref.col,
        backend=found.ref.backend, modifiers=found.modifiers, merged=found.merged,
        overloads=tuple(str(r["key"]) for r in overload_siblings(conn, found, ws.root)),
    )  # fmt: skip
    return target, notes
