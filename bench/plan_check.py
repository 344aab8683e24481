"""Plan check: do the query tools' statements plan alike with and without SQLite's statistics?

``lsai index`` and every watcher update end with ``PRAGMA optimize``, which writes
``sqlite_stat1``; an index may hold statistics for some tables, all or none, depending on what ran
last. This script copies an indexed copy of the bench corpus (``bench/mcp_bench.py`` builds them
under ``~/.cache/lsai-bench``) twice, one with its statistics deleted and one with every table
analyzed (``ANALYZE``), answers the same tool calls on each in-process (the MCP server's own
``execute``: usages, callers -d 3, callees -d 3, impact, hierarchy, search, info and outline over a
sample of symbols picked as ``mcp_bench.py`` picks them, per language), and prints:

- per tool, the p50 and max ``execute`` time in each state (per call the median of the rounds);
- per statement (named by the storage function that ran it), how many of its executions plan
  differently (``EXPLAIN QUERY PLAN``) in the two states, and its time in each (each execution
  run again on the driver, rows fetched, best of 3), the slowest first;
- whether the answers (text and structured content) are the same in both states.

``--dump DIR`` writes every answer to ``DIR/<copy>.txt``, to diff the answers of two builds.
The copies are never written into. It prints figures; it is not a test.

    .venv/bin/python bench/plan_check.py [--copy python] [--copy combined] [--symbols N]
        [--repeat N] [--plans] [--dump DIR] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from mcp_bench import WORK, BenchError, groups, rows, search_queries
from sqlalchemy import Engine, event

STATES = ("no stats", "analyzed")
SLOW_MS = 1.0  # --plans prints the plans of statements this slow too, alike or not
Call = tuple[str, dict[str, Any]]

# -- copies with and without statistics -----------------------------------------------------------


def stat_tables(conn: sqlite3.Connection) -> list[str]:
    found = conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'sqlite_stat%'")
    return [str(r[0]) for r in found]


def snapshot(source: Path, target: Path, *, analyzed: bool) -> None:
    """A copy of the index ``source`` (read only, through SQLite's backup) at ``target``, its
    statistics deleted, or every table analyzed."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        for table in stat_tables(dst):
            dst.execute(f"DELETE FROM {table}")
        if analyzed:
            dst.execute("ANALYZE")
        dst.commit()
    finally:
        src.close()
        dst.close()


# -- statements, as the driver runs them ----------------------------------------------------------


@dataclass
class Statement:
    label: str  # the storage function that ran it
    sql: str
    params: Any


class Trace:
    """The statements the tools run, recorded while ``on`` (every connection of every engine
    opened after ``install`` is a ``_TracedConnection``)."""

    on = False
    seen: dict[tuple[str, str], Statement] = {}  # noqa: RUF012 - one trace per process

    @classmethod
    def record(cls, sql: str, params: Any) -> None:
        if not cls.on or not sql.lstrip().upper().startswith(("SELECT", "WITH")):
            return
        key = (sql, repr(params))
        if key not in cls.seen:
            cls.seen[key] = Statement(_caller(), sql, params)

    @staticmethod
    def install() -> None:
        def do_connect(_dialect: Any, _record: Any, _cargs: Any, cparams: dict[str, Any]) -> None:
            cparams["factory"] = _TracedConnection

        event.listen(Engine, "do_connect", do_connect)

    @classmethod
    @contextmanager
    def recording(cls) -> Iterator[None]:
        cls.on = True
        try:
            yield
        finally:
            cls.on = False


def _caller() -> str:
    """The innermost public ``lsai.storage`` function on the stack (else the innermost ``lsai``
    one): the named query, not the helper that ran its statement."""
    frame = sys._getframe(2)
    fallback = "?"
    while frame is not None:
        module = str(frame.f_globals.get("__name__", ""))
        if module.startswith("lsai.storage") and not frame.f_code.co_name.startswith("_"):
            return f"{module.removeprefix('lsai.storage.')}.{frame.f_code.co_name}"
        if fallback == "?" and module.startswith("lsai."):
            fallback = f"{module.removeprefix('lsai.')}.{frame.f_code.co_name}"
        frame = frame.f_back  # type: ignore[assignment]
    return fallback


class _TracedCursor(sqlite3.Cursor):
    def execute(self, sql: str, parameters: Any = (), /) -> _TracedCursor:
        Trace.record(sql, parameters)
        super().execute(sql, parameters)
        return self


class _TracedConnection(sqlite3.Connection):
    def cursor(self, factory: Any = None) -> _TracedCursor:  # type: ignore[override]
        return super().cursor(_TracedCursor)

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return self.cursor().execute(sql, parameters)


# -- picking the calls ----------------------------------------------------------------------------

_RANKED = """SELECT s.qualified_name, {count} AS n FROM symbols s
WHERE s.is_external = 0 AND s.kind IN ({kinds}) AND s.language = ?
  AND (SELECT count(*) FROM symbols t WHERE t.qualified_name = s.qualified_name) = 1
ORDER BY n DESC, s.qualified_name"""
_COUNTS = {  # semantic; by name (tree-sitter files)
    "usages": (
        "(SELECT count(*) FROM occurrences o WHERE o.symbol_key = s.key"
        " AND o.role <> 'definition')",
        "(SELECT count(*) FROM occurrences o WHERE o.name = s.name AND o.symbol_key IS NULL"
        " AND o.role <> 'definition')",
    ),
    "callers": (
        "(SELECT count(*) FROM call_edges c WHERE c.callee_key = s.key)",
        "(SELECT count(*) FROM call_edges c WHERE c.callee_name = s.name AND c.callee_key IS NULL)",
    ),
    "constructors": (  # the heirs of its class: which constructors they inherit
        "(SELECT count(*) FROM type_edges e WHERE e.target_key = s.container_key)",
        "(SELECT count(*) FROM type_edges e JOIN symbols c ON c.key = s.container_key"
        " WHERE e.target_name = c.name AND e.target_key IS NULL)",
    ),
    "hierarchy": (
        "(SELECT count(*) FROM type_edges e WHERE e.target_key = s.key)"
        " + (SELECT count(*) FROM type_edges e WHERE e.source_key = s.key)",
        "(SELECT count(*) FROM type_edges e WHERE e.target_name = s.name AND e.target_key IS NULL)",
    ),
}
_KINDS = {
    "usages": "'class','function','method','field','variable','constant','property','interface'",
    "callers": "'function','method','constructor'",
    "constructors": "'constructor'",
    "hierarchy": "'class','interface','struct','enum','trait','type'",
}


def ranked(db: Path, what: str, language: str, by_name: bool) -> list[tuple[str, int]]:
    """Symbols of ``language`` with a unique qualified name, the most used first."""
    semantic, named = _COUNTS[what]
    count = f"{semantic} + {named}" if by_name else semantic
    sql = _RANKED.format(count=count, kinds=_KINDS[what])
    return [(str(q), int(n)) for q, n in rows(db, sql, language)]


def accepted(spaces: Any, tools: dict[str, Any], candidates: list[Call], want: int) -> list[Call]:
    """The first ``want`` calls that answer without an error (AMBIGUOUS_SYMBOL and the like)."""
    from lsai.mcp_server.server import execute

    kept: list[Call] = []
    for name, args in candidates:
        if len(kept) >= want:
            break
        if not execute(tools[name], spaces, dict(args)).is_error:
            kept.append((name, args))
    return kept


def plan_calls(db: Path, spaces: Any, tools: dict[str, Any], n: int) -> dict[str, list[Call]]:
    """Per tool, its calls: ``n`` symbols for each (split among the index's languages), picked
    as ``mcp_bench.py`` picks them (the most used, then a spread down to rare ones)."""
    by_name = bool(rows(db, "SELECT 1 FROM files WHERE backend = 'tree-sitter' LIMIT 1"))
    languages = [str(r[0]) for r in rows(db, _LANGUAGES)]
    share = max(2, n // max(1, len(languages)))
    plan: dict[str, list[Call]] = defaultdict(list)
    for language in languages:
        for what, tool, extra in _SYMBOL_TOOLS:
            picked: list[Call] = []
            for want, symbols in groups(ranked(db, what, language, by_name), share):
                candidates = [(tool, {"symbol": q, **extra}) for q in symbols]
                picked += accepted(spaces, tools, candidates, want)
            plan[tool] += picked
            if what == "usages":
                for follow in ("lsai_impact", "lsai_info"):
                    plan[follow] += [(follow, {"symbol": a["symbol"]}) for _, a in picked]
    qualified = [str(a["symbol"]) for _, a in plan["lsai_usages"]]
    plan["lsai_search"] = [("lsai_search", {"query": q}) for q in search_queries(db, qualified, n)]
    files = [(str(p), int(c)) for p, c in rows(db, _FILES)]
    plan["lsai_outline"] = [
        ("lsai_outline", {"file": p}) for want, paths in groups(files, n) for p in paths[:want]
    ]
    return dict(plan)


_LANGUAGES = """SELECT language FROM symbols WHERE is_external = 0 AND language IS NOT NULL
GROUP BY language HAVING count(*) >= 100 ORDER BY count(*) DESC"""
_FILES = """SELECT f.path, count(*) AS n FROM files f JOIN symbols s ON s.file_id = f.id
GROUP BY f.id ORDER BY n DESC, f.path"""
_SYMBOL_TOOLS: list[tuple[str, str, dict[str, Any]]] = [
    ("usages", "lsai_usages", {}),
    ("callers", "lsai_callers", {"depth": 3}),
    ("callers", "lsai_callees", {"depth": 3}),
    ("constructors", "lsai_callers", {"depth": 1}),
    ("hierarchy", "lsai_hierarchy", {}),
]


# -- one state: answers and timings ---------------------------------------------------------------


@dataclass
class Run:
    answers: dict[str, str] = field(default_factory=dict)  # call -> text and structured content
    ms: dict[str, list[float]] = field(default_factory=dict)  # tool -> per call, median of rounds
    slowest: dict[str, str] = field(default_factory=dict)  # tool -> its slowest call


def call_id(call: Call) -> str:
    return f"{call[0]} {json.dumps(call[1], sort_keys=True)}"


def answer_text(result: Any) -> str:
    texts = [c.text for c in result.content if getattr(c, "type", "") == "text"]
    structured = json.dumps(result.structured_content, sort_keys=True, indent=1)
    return "\n".join([*texts, structured])


def run_state(root: Path, db: Path, plan: dict[str, list[Call]], repeat: int) -> Run:
    """Every call answered once (statements traced), then ``repeat`` timed rounds."""
    from lsai.mcp_server.server import execute
    from lsai.mcp_server.tooldefs import tool_defs
    from lsai.mcp_server.workspaces import Workspaces

    tools = {t.mcp_name: t for t in tool_defs()}
    spaces = Workspaces(root, database=str(db))
    run = Run()
    try:
        with Trace.recording():
            for calls in plan.values():
                for call in calls:
                    run.answers[call_id(call)] = answer_text(
                        execute(tools[call[0]], spaces, dict(call[1]))
                    )
        for tool, calls in plan.items():
            medians: list[tuple[float, str]] = []
            for call in calls:
                samples = []
                for _ in range(repeat):
                    start = time.perf_counter()
                    execute(tools[call[0]], spaces, dict(call[1]))
                    samples.append((time.perf_counter() - start) * 1000)
                medians.append((statistics.median(samples), call_id(call)))
            run.ms[tool] = [m for m, _ in medians]
            run.slowest[tool] = max(medians)[1] if medians else ""
    finally:
        spaces.close_all()
    return run


# -- statements in each state ---------------------------------------------------------------------


def plan_of(conn: sqlite3.Connection, stmt: Statement) -> str:
    found = conn.execute("EXPLAIN QUERY PLAN " + stmt.sql, stmt.params).fetchall()
    depth: dict[int, int] = {0: -1}
    lines = []
    for node, parent, _, detail in found:
        depth[node] = depth.get(parent, -1) + 1
        lines.append("  " * depth[node] + str(detail))
    return "\n".join(lines)


def time_of(conn: sqlite3.Connection, stmt: Statement, tries: int = 3) -> float:
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        conn.execute(stmt.sql, stmt.params).fetchall()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


@dataclass
class Shape:
    """One statement text (its executions with their parameters), across the two states."""

    label: str
    digest: str
    runs: int = 0
    differ: int = 0  # executions whose plan differs between the states
    total_ms: list[float] = field(default_factory=lambda: [0.0, 0.0])
    max_ms: list[float] = field(default_factory=lambda: [0.0, 0.0])
    # the plans of its slowest execution (of those that differ, when some do)
    example: list[str] = field(default_factory=list)
    example_ms: float = 0.0


def shapes(dbs: Sequence[Path], statements: Sequence[Statement]) -> list[Shape]:
    conns = [sqlite3.connect(f"file:{db}?mode=ro", uri=True) for db in dbs]
    found: dict[str, Shape] = {}
    try:
        for stmt in statements:
            digest = hashlib.sha1(stmt.sql.encode()).hexdigest()[:8]
            shape = found.setdefault(digest, Shape(stmt.label, digest))
            plans = [plan_of(c, stmt) for c in conns]
            ms = [time_of(c, stmt) for c in conns]
            shape.runs += 1
            for i, m in enumerate(ms):
                shape.total_ms[i] += m
                shape.max_ms[i] = max(shape.max_ms[i], m)
            differs = plans[0] != plans[1]
            shape.differ += differs
            if (differs, max(ms)) >= (bool(shape.differ), shape.example_ms):
                shape.example_ms = max(ms)
                shape.example = [*plans, stmt.sql, repr(stmt.params)[:300]]
    finally:
        for c in conns:
            c.close()
    return sorted(found.values(), key=lambda s: -max(s.total_ms))


# -- report ---------------------------------------------------------------------------------------


def percentile(samples: Sequence[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def check_copy(
    name: str, n: int, repeat: int, show_plans: bool, dump: Path | None
) -> dict[str, Any]:
    root = WORK / name
    source = root / ".lsai" / "index.db"
    if not source.is_file():
        raise BenchError(f"no index at {source}: run bench/mcp_bench.py once to build it")
    from lsai.mcp_server.tooldefs import tool_defs
    from lsai.mcp_server.workspaces import Workspaces

    with tempfile.TemporaryDirectory(prefix="plan-check-") as tmp:
        dbs = [Path(tmp) / "nostats.db", Path(tmp) / "analyzed.db"]
        for db, analyzed in zip(dbs, (False, True), strict=True):
            snapshot(source, db, analyzed=analyzed)
        spaces = Workspaces(root, database=str(dbs[0]))
        try:
            plan = plan_calls(source, spaces, {t.mcp_name: t for t in tool_defs()}, n)
        finally:
            spaces.close_all()
        Trace.seen.clear()
        runs = [run_state(root, db, plan, repeat) for db in dbs]
        found = shapes(dbs, list(Trace.seen.values()))
    same = runs[0].answers == runs[1].answers
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
        text = "".join(f"## {k}\n{v}\n" for k, v in sorted(runs[0].answers.items()))
        (dump / f"{name}.txt").write_text(text, encoding="utf-8")
    tools = {
        tool: {
            "calls": len(plan[tool]),
            "p50_ms": [percentile(r.ms[tool], 0.5) for r in runs],
            "max_ms": [max(r.ms[tool], default=0.0) for r in runs],
            "slowest": [r.slowest[tool] for r in runs],
        }
        for tool in plan
    }
    print_copy(name, tools, found, same, show_plans)
    return {"copy": name, "tools": tools, "statements": [asdict(s) for s in found], "same": same}


def print_copy(
    name: str, tools: dict[str, Any], found: list[Shape], same: bool, show_plans: bool
) -> None:
    print(f"\n== {name}: execute ms per call (median of rounds), no stats | analyzed")
    print(f"{'tool':<16} {'calls':>5} {'p50':>7} {'max':>7} | {'p50':>7} {'max':>7}  slowest")
    for tool, f in tools.items():
        p50, top = f["p50_ms"], f["max_ms"]
        slow = f["slowest"][0] if top[0] >= top[1] else f["slowest"][1]
        print(
            f"{tool:<16} {f['calls']:>5} {p50[0]:7.2f} {top[0]:7.2f} | {p50[1]:7.2f} "
            f"{top[1]:7.2f}  {slow.split(' ', 1)[1][:60]}"
        )
    print(f"\nstatements ({len(found)} texts), ms on the driver: no stats | analyzed")
    columns = f"{'runs':>5} {'differ':>6} {'total':>8} {'max':>7} | {'total':>8} {'max':>7}"
    print(f"{'statement':<40} {columns}")
    for s in found:
        if s.differ == 0 and max(s.total_ms) < 1.0 and max(s.max_ms) < 0.5:
            continue
        print(
            f"{s.label[:31]:<31} {s.digest} {s.runs:>5} {s.differ:>6} {s.total_ms[0]:8.2f} "
            f"{s.max_ms[0]:7.2f} | {s.total_ms[1]:8.2f} {s.max_ms[1]:7.2f}"
        )
    print(f"answers identical in both states: {'yes' if same else 'NO'}")
    if show_plans:
        for s in found:
            if s.differ or max(s.max_ms) >= SLOW_MS:
                plans = (f"-- {state}:\n{p}" for state, p in zip(STATES, s.example, strict=False))
                head = f"\n# {s.label} {s.digest}\n{s.example[2]}\n{s.example[3]}\n"
                print(head + "\n".join(plans))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--copy", action="append", help="python, combined (default: both)")
    parser.add_argument("--symbols", type=int, default=20, help="symbols per tool and language")
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds per call")
    parser.add_argument(
        "--plans", action="store_true", help="print the plans that differ, and of slow statements"
    )
    parser.add_argument("--dump", type=Path, help="write every answer to DIR/<copy>.txt")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    Trace.install()
    try:
        data = [
            check_copy(c, args.symbols, args.repeat, args.plans, args.dump)
            for c in args.copy or ["python", "combined"]
        ]
    except BenchError as exc:
        print(f"plan_check: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
