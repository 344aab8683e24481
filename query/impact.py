"""The ``impact`` tool: if this symbol changes, what is affected, and how risky is it.

One answer combines the direct usages (count and files), the caller chain by level, the public
API entry points the change reaches (public symbols on the chain that no code of the project's
own calls: tests, docs and examples call it as users do; public is what the index's
accessibility says, a JavaScript/TypeScript top-level name when its module exports it, a Python
one when it has no ``_`` and the module's ``__all__``, if any, lists it, and a member when no
container of it is less than public),
the tests that reach it (test functions on the caller chain, found by the languages' test-file
conventions, and test files that use it), and a risk level with its reason. Under tree-sitter the
usages and the chain are name-based; when other symbols share the name the risk is UNKNOWN.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pydantic import Field

from lsai.query.calls import WALK_CAP, Node, capped, levels_of, walk_sites
from lsai.query.contracts import Contract, OutputFormat, Provenance, SymbolRef, SymbolTarget
from lsai.query.reach import answer_provenance, precision
from lsai.query.resolve import Precision, Resolved, resolve, sharing_references
from lsai.query.workspace import Workspace
from lsai.storage import graph, navigation
from lsai.storage.engine import Reader
from lsai.storage.graph import CallSite
from lsai.testfiles import is_sample_file, is_test_file

TEST_DEPTH = 4  # tests are looked for at least this far up the chain
MAX_LISTED = 20
TEST_NAME = re.compile(r"(^|\.)(test|Test|it$|should)|(Test|Tests|_test)$")
Risk = Literal["HIGH", "MEDIUM", "LOW", "UNKNOWN"]


class ImpactInput(SymbolTarget):
    """What a change to a symbol affects: direct usages, the caller chain, public API entry
    points, affected tests (by the languages' test conventions), and a risk level with why."""

    depth: int = Field(2, ge=1, le=5, description="Caller chain depth shown")
    output_format: OutputFormat = Field("compact", description="Output profile")


class ImpactLevel(Contract):
    depth: int
    count: int
    callers: list[str] = Field(description=f"Qualified names, at most {MAX_LISTED}")


class ImpactSymbol(Contract):
    name: str
    kind: str | None = None
    file: str
    line: int
    depth: int = Field(0, description="Caller-chain level (0: the symbol itself)")


class ImpactResult(Contract):
    symbol: SymbolRef
    mode: str = Field(description="semantic, name-based or mixed")
    direct_usages: int
    direct_files: int
    caller_chain: list[ImpactLevel]
    public_api: list[ImpactSymbol] = Field(description=f"At most {MAX_LISTED}")
    public_api_count: int
    affected_tests: list[ImpactSymbol] = Field(description=f"At most {MAX_LISTED}")
    affected_test_count: int
    test_files: list[str] = Field(description=f"At most {MAX_LISTED}")
    test_file_count: int
    risk: Risk
    reason: str
    unavailable: list[str] = Field(default_factory=list)
    provenance: Provenance = Field(default_factory=Provenance)


class _Hit(NamedTuple):
    """An ``ImpactSymbol`` before it is listed: the target, or a node of the chain made one
    only when listed (every hit is counted, at most MAX_LISTED are built: a chain holds
    hundreds)."""

    name: str
    kind: str | None
    file: str
    line: int
    depth: int = 0

    @classmethod
    def of(cls, node: Node) -> _Hit:
        row = node.row
        file, line = _place(node)
        return cls(node.label, row.kind, file, line, node.depth)


Found = _Hit | Node  # a hit, or a node of the chain that is one


def _listed(found: list[Found]) -> list[ImpactSymbol]:
    hits = (f if isinstance(f, _Hit) else _Hit.of(f) for f in found[:MAX_LISTED])
    return [ImpactSymbol(**hit._asdict()) for hit in hits]


def _file(found: Found) -> str:
    return found.file if isinstance(found, _Hit) else _place(found)[0]


def _place(node: Node) -> tuple[str, int]:
    row = node.row
    return row.def_file or row.site_file, row.def_line or row.site_line


def _tests(levels: list[list[Node]]) -> list[Found]:
    out: dict[str, Found] = {}
    for level in levels:
        for node in level:
            if node.identity in out or not is_test_file(_place(node)[0]):
                continue
            if node.key is not None and not TEST_NAME.search(node.label):
                continue
            out[node.identity] = node
    return list(out.values())


def _is_public(accessibility: str | None, modifiers: str | None) -> bool:
    return accessibility in (None, "public") or "export" in str(modifiers or "").split()


def _outside(path: str) -> bool:
    """Whether a file is no part of the code it tests or shows: a test, a doc's or an example's
    (fastapi's docs_src): its calls are a user's, its symbols no API."""
    return is_test_file(path) or is_sample_file(path)


def _called_in_walk(
    target: Resolved, rows: list[CallSite], levels: list[list[Node]], depth: int
) -> tuple[set[str], set[str]]:
    """The symbols whose every caller the walk listed, and those of them that non-test code
    calls: ``callers_of`` need not ask again. A walk lists every call into the target and into
    each node above its last level, unless it stopped at its row cap, or at its node limit
    (never with this few rows: each node it reaches on a level calls into one of its rows, and
    it reaches a node on depth - 1 levels at most)."""
    if capped(rows) or 1 + (depth - 1) * len(rows) >= WALK_CAP:
        return set(), set()
    known = {target.key} | {n.key for level in levels[: depth - 1] for n in level if n.key}
    called = {row.via for row in rows if row.via in known and not _outside(row.site_file)}
    return known, called


def _public_api(
    conn: Reader,
    target: Resolved,
    prec: Precision,
    levels: list[list[Node]],
    walked: tuple[set[str], set[str]],
) -> list[Found]:
    """Public symbols on the chain (the target included), in no public-less container (the
    methods of a class its module does not export), that no code of the project's own calls:
    tests, docs and examples call it as users do (``_outside``). ``walked``: the candidates
    whose callers the walk listed, and those of them called."""
    candidates: dict[str, Found] = {}
    names: dict[str, str] = {}
    if _is_public(target.accessibility, " ".join(target.modifiers)) and not _outside(
        target.ref.file
    ):
        ref = target.ref
        candidates[target.key] = _Hit(ref.qualified_name, ref.kind, ref.file, ref.line)
        names[target.key] = target.name
    for level in levels:
        for node in level:
            row = node.row
            if node.key is None or node.key in candidates:
                continue
            if not _is_public(row.accessibility, row.modifiers):
                continue
            if _outside(_place(node)[0]):
                continue
            candidates[node.key] = node
            names[node.key] = str(row.name or node.label.rsplit(".", 1)[-1])
    known, called = walked
    by_name = list(set(names.values())) if prec.by_name else []
    rest = [key for key in candidates if key not in known]
    for callee_key, callee_name, path in graph.callers_of(conn, rest, by_name, target.family):
        if _outside(path):
            continue
        called.add(callee_key if callee_key else f"name:{callee_name}")
    uncalled = [
        key for key in candidates if key not in called and f"name:{names[key]}" not in called
    ]
    # a closure passed as a callback (Django's check_password's setter): called by no code,
    # yet no entry point of any API
    local = navigation.declared_in_functions(conn, uncalled)
    closed = navigation.inside_closed(conn, uncalled)
    return [candidates[key] for key in uncalled if key not in local and key not in closed]


def _risk(
    target: Resolved,
    prec: Precision,
    usages: tuple[int, int],
    levels: list[list[Node]],
    api: int,
    tests: int,
) -> tuple[Risk, str]:
    total, files = usages
    direct = len(levels[0]) if levels else 0
    indirect = sum(len(level) for level in levels[1:])
    facts = [
        f"{api} public API entry point{'s' if api != 1 else ''}",
        f"{direct} direct caller{'s' if direct != 1 else ''}",
        f"{indirect} indirect",
        f"{tests} test{'s' if tests != 1 else ''}" if tests else "no tests reach it",
        f"{total} usage{'s' if total != 1 else ''} in {files} file{'s' if files != 1 else ''}",
    ]
    reason = ", ".join(facts)
    if prec.mode == "name-based" and prec.namesakes:
        return "UNKNOWN", (
            f"name-based index: {prec.namesakes} other symbol(s) named {target.name} make the "
            f"usages and callers uncertain ({reason})"
        )
    if not total and not direct:
        return "LOW", "no usages or callers in the index"
    callers = direct + indirect
    if api >= 2 or files >= 10 or callers >= 10 or (api and not tests):
        return "HIGH", reason
    if files <= 1 and callers <= 2 and not api:
        return "LOW", reason
    return "MEDIUM", reason


def _chain(levels: list[list[Node]], depth: int) -> list[ImpactLevel]:
    out: list[ImpactLevel] = []
    for i, level in enumerate(levels[:depth], start=1):
        labels = sorted({n.label for n in level})  # namesakes (two files' `Article.save`) once
        out.append(ImpactLevel(depth=i, count=len(level), callers=labels[:MAX_LISTED]))
    return out


def _unavailable(prec: Precision) -> list[str]:
    if prec.mode == "semantic":
        return []
    what = "name-based (tree-sitter)" if prec.mode == "name-based" else "partly name-based"
    return [
        f"resolved callers and tests: the caller chain is {what}, so it may include callers of "
        "other symbols with the same name and miss calls through aliases"
    ]


def impact(ws: Workspace, params: ImpactInput) -> ImpactResult:
    with ws.index.connect() as conn:
        target = sharing_references(conn, resolve(conn, ws, params), root=ws.root)
        prec = precision(conn, target)
        langs = target.family if prec.by_name else ()
        by_path = navigation.usages_by_path(
            conn, target.key, target.name, name_languages=langs, related=target.merged,
            name_everywhere=prec.everywhere,
        )  # fmt: skip
        usages = (sum(n for _, n in by_path), len(by_path))
        paths = [path for path, _ in by_path]
        depth = max(params.depth, TEST_DEPTH)
        rows, roots = walk_sites(conn, target, prec, "callers", depth)
        levels = levels_of(rows, roots, "callers", depth)
        tests = _tests(levels)
        walked = _called_in_walk(target, rows, levels, depth)
        api = _public_api(conn, target, prec, levels, walked)
        stopped = capped(rows)
        extra = ["the caller walk stopped at its cap: counts are lower bounds"] if stopped else []
        prov = answer_provenance(conn, target, prec, extra)
    risk, reason = _risk(target, prec, usages, levels[: params.depth], len(api), len(tests))
    test_files = sorted({p for p in paths if is_test_file(p)} | {_file(t) for t in tests})
    return ImpactResult(
        symbol=target.ref,
        mode=prec.mode,
        direct_usages=usages[0],
        direct_files=usages[1],
        caller_chain=_chain(levels, params.depth),
        public_api=_listed(api),
        public_api_count=len(api),
        affected_tests=_listed(tests),
        affected_test_count=len(tests),
        test_files=test_files[:MAX_LISTED],
        test_file_count=len(test_files),
        risk=risk,
        reason=reason,
        unavailable=_unavailable(prec),
        provenance=prov,
    )
