"""MCP benchmark: query latency of ``lsai mcp`` over stdio, as an agent's client sees it.

Builds (once, with ``lsai index``) an indexed copy of the Python bench corpus with ty
(``bench/.bench-cache/mcp/python``, 149k lines), spawns ``lsai mcp --root <copy>`` with the MCP
SDK's stdio client and times round trips of ``lsai_search``, ``lsai_usages``, ``lsai_callers``
(depth 3) and ``lsai_impact`` over ~20 symbols each, picked from the index by SQL (the most
referenced and a spread down to rare ones, addressed by unique qualified names). Then the first
page of ``lsai_usages`` for a symbol with at least 3,000 references: semantic if the ty index has
one, otherwise a name-based usage in a tree-sitter index of the combined corpus (and it says so).

Next to each round trip it shows where the time goes: the same call answered in-process by the
server's own ``execute`` (validation, SQL, rendering, structured content), the client's
output-schema validation of the result, and the CPU a round trip costs the client and server
processes together (on a loaded 2-core machine the steadiest figure to compare runs by; compare
two builds with their runs alternated, old/new/new/old: a run's place in a sequence moves wall
times by more than most changes do).

Then the same calls are timed from the MCP TypeScript SDK's client (``mcp_node``: installed
from npm into the cache on first use), the client the agents lsai is configured into are built
on: it checks results with output-schema validators compiled once, where the Python SDK's
client walks the schema on every call. It prints figures; it is not a test.

    .venv/bin/python bench/mcp_bench.py [--repeat N] [--symbols N] [--rebuild] [--json]
                                        [--no-node]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult, TextContent

if str(Path(__file__).resolve().parent) not in sys.path:  # imported as a module (mypy, tests)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcp_node
from mcp_node import NodeClientUnavailable

BENCH_DIR = Path(__file__).resolve().parent
CACHE = BENCH_DIR / ".bench-cache"
# Indexed copies of the corpora (WORK/<name>/.lsai/index.db) live outside the repository: a
# server's project discovery walks up from a folder without its own pyproject.toml (ty does) and
# would take lsai's own pyproject.toml for the project.
WORK = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lsai-bench"
READY = "bench-ready.json"  # written into <copy>/.lsai/ once its index is built

TARGET_P50_MS = 5.0
TARGET_P99_MS = 20.0
TARGET_HEAVY_MS = 50.0
HEAVY_REFERENCES = 3000
SERVERS = {"python": "ty", "typescript": "tsgo", "javascript": "tsgo"}
# The tree-sitter copy keeps every language off the language servers when `lsai mcp` serves it:
# its watcher's first update would otherwise index the whole copy with them while it is timed.
TREE_SITTER_ONLY = "[servers]\n" + "".join(
    f'{lang} = "none"\n' for lang in ("python", "typescript", "tsx", "javascript")
)
WILDCARDS = ("get*", "*Error", "Con*Manager", "is_*")


class BenchError(Exception):
    """A benchmark step that cannot go on; the message says what to do."""


# -- indexed copies of the corpora ----------------------------------------------------------------


@dataclass(frozen=True)
class Indexed:
    """An indexed copy of a corpus: its root, database and what the index holds."""

    name: str
    root: Path
    db: Path
    files: int
    lines: int
    backends: dict[str, int]
    statuses: dict[str, int]
    index_seconds: float | None


def lsai_command() -> str:
    """The ``lsai`` of this virtualenv (the one the benchmark imports), else the one on PATH."""
    found = shutil.which("lsai", path=str(Path(sys.executable).parent)) or shutil.which("lsai")
    if found is None:
        raise BenchError("no `lsai` executable: run `pip install -e .[dev]` in the virtualenv")
    return found


def indexed_copy(
    name: str,
    source: Path,
    *,
    config: dict[str, str] | None = None,
    backend: str = "auto",
    rebuild: bool = False,
    log: bool = True,
    work: Path = WORK,
) -> Indexed:
    """``work/<name>``: a copy of ``source`` plus the ``config`` files (name -> text), indexed
    by ``lsai index`` into ``<copy>/.lsai/index.db``. Built once; ``rebuild`` builds it again
    (a copy built before a config file was asked for gets it written). The source (the shared
    corpus cache) is never written into."""
    if not source.is_dir():
        raise BenchError(f"no corpus at {source}: run bench/index_bench.py once to fetch it")
    root = work / name
    db = root / ".lsai" / "index.db"
    ready = root / ".lsai" / READY
    seconds: float | None = None
    if rebuild or not ready.is_file() or not db.is_file():
        shutil.rmtree(root, ignore_errors=True)
        shutil.copytree(source, root, ignore=shutil.ignore_patterns(".lsai"))
        for file, text in (config or {}).items():
            (root / file).write_text(text, encoding="utf-8")
        argv = [lsai_command(), "index", str(root), "-q", "--backend", backend]
        if log:
            print(f"indexing {root} ({backend}) ...", file=sys.stderr, flush=True)
        started = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - started
        if done.returncode not in (0, 1):  # 1: some files partial, still an index
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
            raise BenchError(f"`{' '.join(argv)}` failed (exit {done.returncode}):\n{tail}")
        ready.write_text(json.dumps({"backend": backend, "exit": done.returncode, "s": seconds}))
        if log:
            print(f"  indexed in {seconds:.1f} s (exit {done.returncode})", file=sys.stderr)
    for file, text in (config or {}).items():
        if not (root / file).is_file() or (root / file).read_text(encoding="utf-8") != text:
            (root / file).write_text(text, encoding="utf-8")
    with sqlite3.connect(db) as conn:
        files, lines = conn.execute("SELECT count(*), sum(line_count) FROM files").fetchone()
        backends = dict(conn.execute("SELECT backend, count(*) FROM files GROUP BY 1").fetchall())
        statuses = dict(conn.execute("SELECT status, count(*) FROM files GROUP BY 1").fetchall())
    conn.close()
    return Indexed(name, root, db, files, lines or 0, backends, statuses, seconds)


def rows(db: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


# -- picking symbols ------------------------------------------------------------------------------

_RANKED = """SELECT s.qualified_name, {count} AS n FROM symbols s
WHERE s.is_external = 0 AND s.kind IN ({kinds})
  AND (SELECT count(*) FROM symbols t WHERE t.qualified_name = s.qualified_name) = 1
ORDER BY n DESC, s.qualified_name"""
_REFS = "(SELECT count(*) FROM occurrences o WHERE o.symbol_key = s.key AND o.role <> 'definition')"
_CALLS = "(SELECT count(*) FROM call_edges c WHERE c.callee_key = s.key)"
_ANY = "'class','function','method','field','variable','constant','property','interface'"
_CALLABLE = "'function','method','constructor'"


def ranked_symbols(db: Path, what: str) -> list[tuple[str, int]]:
    """Symbols with a unique qualified name, by semantic references or by callers."""
    count, kinds = (_REFS, _ANY) if what == "usages" else (_CALLS, _CALLABLE)
    return [(str(r[0]), int(r[1])) for r in rows(db, _RANKED.format(count=count, kinds=kinds))]


def groups(ranked: Sequence[tuple[str, int]], n: int) -> list[tuple[int, list[str]]]:
    """Candidates as (how many to keep, in order of preference): ~40% from the most used, then
    one from each of evenly spaced slices of the rest, down to the rare ones (a rejected
    candidate is replaced by its neighbour)."""
    top = max(1, (n * 2) // 5)
    head = [q for q, _ in ranked[: top * 3]]
    rest = [q for q, c in ranked[top * 3 :] if c > 0]
    buckets = max(1, n - top)
    size = max(1, len(rest) // buckets)
    return [(top, head)] + [(1, rest[i * size : i * size + 5]) for i in range(buckets)]


def search_queries(db: Path, qualified: Sequence[str], n: int) -> list[str]:
    """Common names (many matches), rare names (one), qualified names and wildcards."""
    names = rows(
        db,
        "SELECT name, count(*) AS c FROM symbols WHERE is_external = 0 AND length(name) > 2 "
        "GROUP BY name ORDER BY c DESC, name",
    )
    share = max(1, n // 4)
    common = [str(r[0]) for r in names[:share]]
    once = [str(r[0]) for r in names if r[1] == 1]
    step = max(1, len(once) // share)
    rare = once[::step][:share]
    dotted = [q for q in qualified if "." in q][:share]
    queries = common + rare + dotted + list(WILDCARDS)
    spare = [q for q in once[step // 2 :: step] if q not in queries]
    return (queries + spare)[:n]  # fewer qualified names than asked: more rare names


# -- timing over MCP ------------------------------------------------------------------------------


@dataclass
class Figure:
    tool: str
    calls: int
    samples: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    memory_p50_ms: float
    inproc_p50_ms: float
    inproc_cpu_ms: float  # CPU per execute() call, the steadiest figure on a loaded machine
    validate_p50_ms: float
    roundtrip_cpu_ms: float  # CPU per stdio round trip: client process plus server process
    target: str
    ok: bool
    note: str = ""
    rejected: list[str] = field(default_factory=list)


Call = tuple[str, dict[str, Any]]


def percentile(samples: Sequence[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def text_of(result: CallToolResult) -> str:
    block = result.content[0] if result.content else None
    return block.text if isinstance(block, TextContent) else ""


class Timed:
    """An MCP client whose output-schema validation is timed (the SDK validates every result)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.validate_ms = 0.0
        session = client.session
        original: Callable[[str, CallToolResult], Awaitable[None]] = session.validate_tool_result

        async def timed(name: str, result: CallToolResult) -> None:
            start = time.perf_counter()
            try:
                await original(name, result)
            finally:
                self.validate_ms += (time.perf_counter() - start) * 1000

        setattr(session, "validate_tool_result", timed)  # noqa: B010 (a method on an instance)

    async def call(self, name: str, args: dict[str, Any]) -> tuple[float, float, CallToolResult]:
        """One round trip: (wall ms, of which client validation ms, result)."""
        self.validate_ms = 0.0
        start = time.perf_counter()
        result = await self.client.call_tool(name, args)
        return (time.perf_counter() - start) * 1000, self.validate_ms, result


Make = Callable[[str], Call]


async def accept(
    timed: Timed, plan: Sequence[tuple[int, list[str]]], make: Make
) -> tuple[list[Call], list[str]]:
    """From each group, the first ``want`` symbols whose call answers without an error
    (AMBIGUOUS_SYMBOL and the like); the rejected ones with their error."""
    kept: list[Call] = []
    rejected: list[str] = []
    for want, symbols in plan:
        got = 0
        for symbol in symbols:
            if got >= want:
                break
            name, args = make(symbol)
            _, _, result = await timed.call(name, args)
            if result.is_error:
                rejected.append(f"{symbol}: {text_of(result).splitlines()[0]}")
                continue
            kept.append((name, args))
            got += 1
    return kept, rejected


async def measure(
    timed: Timed, calls: Sequence[Call], repeat: int
) -> tuple[list[float], list[float]]:
    """Every call once to warm up, then ``repeat`` rounds: (wall ms, validation ms)."""
    for name, args in calls:
        await timed.call(name, args)
    wall: list[float] = []
    validate: list[float] = []
    for _ in range(repeat):
        for name, args in calls:
            ms, v_ms, result = await timed.call(name, args)
            if result.is_error:
                raise BenchError(f"{name} {args} failed while timed: {text_of(result)}")
            wall.append(ms)
            validate.append(v_ms)
    return wall, validate


class InProcess:
    """The server's own ``execute`` on the same index, no transport: what the call costs lsai."""

    def __init__(self, root: Path) -> None:
        from lsai.mcp_server.tooldefs import tool_defs
        from lsai.mcp_server.workspaces import Workspaces

        self.spaces = Workspaces(root)
        self.tools = {t.mcp_name: t for t in tool_defs()}

    def measure(self, calls: Sequence[Call], repeat: int) -> tuple[list[float], float]:
        """Wall ms of each call, and the mean CPU ms per call (this process)."""
        from lsai.mcp_server.server import execute

        for name, args in calls:
            execute(self.tools[name], self.spaces, dict(args))
        samples: list[float] = []
        cpu = time.process_time()
        for _ in range(repeat):
            for name, args in calls:
                start = time.perf_counter()
                execute(self.tools[name], self.spaces, dict(args))
                samples.append((time.perf_counter() - start) * 1000)
        return samples, (time.process_time() - cpu) * 1000 / max(1, len(samples))

    def close(self) -> None:
        self.spaces.close_all()


def figure(
    tool: str,
    calls: Sequence[Call],
    timings: tuple[list[float], list[float], float],
    memory: list[float],
    alone: tuple[list[float], float],
    heavy: bool = False,
) -> Figure:
    wall, validate, cpu = timings
    p50, p99 = statistics.median(wall), percentile(wall, 0.99)
    target, ok = verdict(p50, p99, heavy)
    return Figure(
        tool,
        len(calls),
        len(wall),
        p50,
        p99,
        max(wall),
        statistics.median(memory),
        statistics.median(alone[0]),
        alone[1],
        statistics.median(validate),
        cpu,
        target,
        ok,
    )


def verdict(p50: float, p99: float, heavy: bool) -> tuple[str, bool]:
    """The target a row is held to, and whether it meets it."""
    if heavy:
        return f"p99 <= {TARGET_HEAVY_MS:g} ms", p99 <= TARGET_HEAVY_MS
    target = f"p50 <= {TARGET_P50_MS:g}, p99 <= {TARGET_P99_MS:g} ms"
    return target, p50 <= TARGET_P50_MS and p99 <= TARGET_P99_MS


def server_params(space: Indexed) -> StdioServerParameters:
    """``lsai mcp`` over the indexed copy, with this process's environment: the SDK passes a
    child only a few variables by default, and ``PYTHONPATH`` is how a worktree's code is
    benchmarked against the virtualenv's (``PYTHONPATH=/path/to/worktree``)."""
    return StdioServerParameters(
        command=lsai_command(), args=["mcp", "--root", str(space.root)], env=dict(os.environ)
    )


Plan = dict[str, list[Call]]
Timings = dict[str, tuple[list[float], list[float], float]]


def children_cpu() -> float:
    """CPU seconds used so far by this process's child processes (the stdio server), from
    ``/proc``; 0 where there is none (then the figure is the client's alone)."""
    me, total = str(os.getpid()), 0.0
    proc = Path("/proc")
    if not proc.is_dir():
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == me:  # after the command: state, ppid, ..., utime (12th), stime (13th)
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def time_plan(client: Client, plan: Plan, repeat: int) -> Timings:
    """Each tool's (wall ms, validation ms) per call, and the CPU ms per call of client and
    server together (steadier than wall time when other work shares the cores)."""
    timed = Timed(client)
    out: Timings = {}
    for tool, calls in plan.items():
        cpu = time.process_time() + children_cpu()
        wall, validate = await measure(timed, calls, repeat)
        spent = time.process_time() + children_cpu() - cpu
        out[tool] = (wall, validate, spent * 1000 / max(1, (repeat + 1) * len(calls)))
    return out


QUIET_CPU = 0.05  # a server idle within 5% of a core, over QUIET_WINDOW seconds
QUIET_WINDOW = 0.5


async def settled(client: Client, timeout: float = 60.0) -> None:
    """Wait until the server's watcher finished its first update (the ``server`` tool shows
    the last index run as running until then) and the server process is idle (its first
    seconds after that update still use ~10% of a core): timed calls then meet a quiet
    server."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = await client.call_tool("server", {})
        freshness = dict(result.structured_content or {}).get("freshness", {})
        if freshness.get("status") != "running":
            break
        await asyncio.sleep(0.2)
    while time.monotonic() < deadline:
        before = children_cpu()
        await asyncio.sleep(QUIET_WINDOW)
        if children_cpu() - before <= QUIET_CPU * QUIET_WINDOW:
            return


async def floor(client: Client, repeat: int) -> list[float]:
    """Round trips of a call to a tool that does not exist: transport, JSON-RPC and the SDK's
    dispatch, no lsai work (``lsai mcp`` does not answer ``ping``)."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        await client.call_tool("no_such_tool", {})
        samples.append((time.perf_counter() - start) * 1000)
    return samples


async def breakdown(
    space: Indexed, plan: Plan, repeat: int
) -> tuple[Timings, dict[str, tuple[list[float], float]]]:
    """The same calls without the process boundary: the server's execute() alone, and the MCP
    server in memory (SDK client and server in this process, no pipes)."""
    from lsai.mcp_server.server import build_server

    inproc = InProcess(space.root)
    try:
        alone = {tool: inproc.measure(calls, repeat) for tool, calls in plan.items()}
        async with Client(build_server(inproc.spaces)) as client:
            memory = await time_plan(client, plan, repeat)
    finally:
        inproc.close()
    return memory, alone


async def bench_tools(
    space: Indexed, n: int, repeat: int
) -> tuple[list[Figure], list[float], Plan]:
    """p50/p99 of search, usages, callers -d 3 and impact over ``n`` symbols each, and of the
    floor (an unknown tool)."""
    by_refs = ranked_symbols(space.db, "usages")
    by_calls = ranked_symbols(space.db, "callers")
    if not by_refs or not by_calls:
        raise BenchError(f"{space.db} holds no symbols with references: is it indexed?")
    async with Client(server_params(space)) as client:
        timed = Timed(client)
        await client.list_tools()
        await settled(client)
        used, rej_u = await accept(
            timed, groups(by_refs, n), lambda q: ("lsai_usages", {"symbol": q})
        )
        called, rej_c = await accept(
            timed, groups(by_calls, n), lambda q: ("lsai_callers", {"symbol": q, "depth": 3})
        )
        qualified = [str(args["symbol"]) for _, args in used]
        queries = search_queries(space.db, qualified, n)
        impacts = [a["symbol"] for _, a in used[: n // 2]] + [
            a["symbol"] for _, a in called[: n - n // 2]
        ]
        plan: Plan = {
            "lsai_search": [("lsai_search", {"query": q}) for q in queries],
            "lsai_usages": used,
            "lsai_callers -d 3": called,
            "lsai_impact": [("lsai_impact", {"symbol": s}) for s in impacts],
        }
        rejected = {"lsai_usages": rej_u, "lsai_callers -d 3": rej_c}
        pings = await floor(client, 20 * repeat)
        stdio = await time_plan(client, plan, repeat)
    memory, alone = await breakdown(space, plan, repeat)
    figures = []
    for tool, calls in plan.items():
        f = figure(tool, calls, stdio[tool], memory[tool][0], alone[tool])
        f.rejected = rejected.get(tool, [])
        figures.append(f)
    return figures, pings, plan


def heavy_candidates(space: Indexed, semantic: bool) -> list[tuple[dict[str, Any], int]]:
    """Symbols with >= HEAVY_REFERENCES references: semantic (by key), or name-based (occurrences
    of the name in files of the symbol's language), as (MCP arguments, count)."""
    if semantic:
        found = rows(
            space.db,
            "SELECT s.qualified_name, count(*) AS n FROM occurrences o JOIN symbols s "
            "ON s.key = o.symbol_key WHERE o.role <> 'definition' AND s.is_external = 0 "
            "GROUP BY s.key HAVING n >= ? ORDER BY n DESC LIMIT 5",
            HEAVY_REFERENCES,
        )
        return [({"symbol": str(r[0])}, int(r[1])) for r in found]
    found = rows(
        space.db,
        "WITH named AS (SELECT f.language AS lang, o.name AS name, count(*) AS n "
        "FROM occurrences o JOIN files f ON f.id = o.file_id WHERE o.role <> 'definition' "
        "GROUP BY 1, 2 HAVING n >= ?) "
        "SELECT f.path, s.name_line, s.name_col, named.n FROM named "
        "JOIN symbols s ON s.name = named.name AND s.language = named.lang AND s.is_external = 0 "
        "JOIN files f ON f.id = s.file_id GROUP BY named.lang, named.name "
        "ORDER BY named.n DESC LIMIT 5",
        HEAVY_REFERENCES,
    )
    return [({"file": str(r[0]), "line": int(r[1]), "col": int(r[2])}, int(r[3])) for r in found]


async def bench_heavy(
    space: Indexed, semantic: bool, repeat: int
) -> tuple[Figure, list[Call]] | None:
    """The first page (default limit) of lsai_usages for the most used heavy symbol."""
    candidates = heavy_candidates(space, semantic)
    if not candidates:
        return None
    async with Client(server_params(space)) as client:
        timed = Timed(client)
        await client.list_tools()
        await settled(client)
        calls: list[Call] = []
        rejected: list[str] = []
        data: dict[str, Any] = {}
        for args, _ in candidates:
            _, _, result = await timed.call("lsai_usages", args)
            data = dict(result.structured_content or {})
            if result.is_error or data.get("total", 0) < HEAVY_REFERENCES:
                first = text_of(result).splitlines()[:1]
                rejected.append(f"{args}: total {data.get('total')} {first}")
                continue
            calls = [("lsai_usages", args)]
            break
        if not calls:
            raise BenchError("no heavy symbol answered: " + "; ".join(rejected))
        stdio = await time_plan(client, {"heavy": calls}, repeat)
    memory, alone = await breakdown(space, {"heavy": calls}, repeat)
    f = figure(
        "lsai_usages first page",
        calls,
        stdio["heavy"],
        memory["heavy"][0],
        alone["heavy"],
        heavy=True,
    )
    symbol = data.get("symbol", {}).get("qualifiedName", calls[0][1])
    listed = sum(len(g.get("usages", [])) for g in data.get("files", []))
    f.note = (
        f"{symbol} in {space.name}: {data.get('total')} usages ({data.get('mode')}), "
        f"{listed} listed on the page"
    )
    f.rejected = rejected
    return f, calls


# -- main -----------------------------------------------------------------------------------------


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    log = not args.json
    load_before = load()
    python = indexed_copy(
        "python",
        args.cache / "corpus" / "python",
        config={"lsai.toml": '[servers]\npython = "ty"\n'},
        rebuild=args.rebuild,
        work=args.work,
    )
    if log:
        print(f"timing {args.symbols} calls per tool over stdio ...", file=sys.stderr)
    figures, pings, plan = await bench_tools(python, args.symbols, args.repeat)
    heavy = await bench_heavy(python, True, args.repeat * 20)
    heavy_space = python
    fallback = ""
    if heavy is None:
        fallback = (
            f"no symbol of the ty index has >= {HEAVY_REFERENCES} semantic references; the "
            "first page is timed on a tree-sitter index of the combined corpus (name-based usages)"
        )
        heavy_space = indexed_copy(
            "combined",
            args.cache / "corpus",
            config={"lsai.toml": TREE_SITTER_ONLY},
            backend="tree-sitter",
            rebuild=args.rebuild,
            work=args.work,
        )
        heavy = await bench_heavy(heavy_space, False, args.repeat * 20)
    if heavy is None:
        raise BenchError(f"no symbol with >= {HEAVY_REFERENCES} usages in either index")
    figures.append(heavy[0])
    node: list[dict[str, Any]] = []
    node_problem = ""
    if args.node:
        if log:
            print("timing the same calls from the TypeScript SDK's client ...", file=sys.stderr)
        try:
            node = node_figures(args, python, plan, heavy_space, heavy, len(pings))
        except NodeClientUnavailable as exc:
            node_problem = str(exc)
    return {
        "workspace": str(python.root),
        "files": python.files,
        "lines": python.lines,
        "backends": python.backends,
        "statuses": python.statuses,
        "heavy_workspace": str(heavy_space.root),
        "heavy_lines": heavy_space.lines,
        "heavy_fallback": fallback,
        "floor_p50_ms": statistics.median(pings),
        "floor_p99_ms": percentile(pings, 0.99),
        "cpus": os.cpu_count(),
        "load_before": load_before,
        "load_after": load(),
        "figures": [asdict(f) for f in figures],
        "node_figures": node,
        "node_problem": node_problem,
    }


def node_figures(
    args: argparse.Namespace,
    space: Indexed,
    plan: Plan,
    heavy_space: Indexed,
    heavy: tuple[Figure, list[Call]],
    pings: int,
) -> list[dict[str, Any]]:
    """The plan's calls (and the heavy first page) timed from the TypeScript SDK's client, as
    rows of the second table; the floor as the row "unknown tool (floor)"."""
    rows: list[dict[str, Any]] = []
    runs = [
        (space, plan, args.repeat, pings),
        (heavy_space, {heavy[0].tool: heavy[1]}, args.repeat * 20, 0),
    ]
    for where, calls, repeat, floor_n in runs:
        params = server_params(where)
        got = mcp_node.time_calls(args.cache, params.command, params.args, calls, repeat, floor_n)
        for tool, timing in got.items():
            if tool == "floor":
                if timing:
                    rows.append(node_row("unknown tool (floor)", timing, 0.0, "", True))
                continue
            wall = timing["ms"]
            p50, p99 = statistics.median(wall), percentile(wall, 0.99)
            target, ok = verdict(p50, p99, tool == heavy[0].tool)
            rows.append(node_row(tool, wall, float(timing["cpu_ms"]), target, ok))
    return rows


def node_row(
    tool: str, wall: Sequence[float], cpu_ms: float, target: str, ok: bool
) -> dict[str, Any]:
    return {
        "tool": tool,
        "samples": len(wall),
        "p50_ms": statistics.median(wall),
        "p99_ms": percentile(wall, 0.99),
        "max_ms": max(wall),
        "client_cpu_ms": cpu_ms,
        "target": target,
        "ok": ok,
    }


def report(data: dict[str, Any]) -> str:
    out = [
        f"lsai mcp over stdio: {data['workspace']} ({data['files']} files, {data['lines']} lines, "
        f"backends {data['backends']}, status {data['statuses']})",
        f"cpus: {data['cpus']}, load avg (1/5/15 min) before: {data['load_before']}, "
        f"after: {data['load_after']}",
        "",
        f"{'tool':24} {'calls':>5} {'n':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'memory':>7} {'execute':>7} {'cpu':>5} {'valid.':>6} {'rt cpu':>6}  target",
    ]
    for f in data["figures"]:
        verdict = "PASS" if f["ok"] else "MISS"
        out.append(
            f"{f['tool']:24} {f['calls']:>5} {f['samples']:>5} {f['p50_ms']:>7.2f} "
            f"{f['p99_ms']:>7.2f} {f['max_ms']:>7.2f} {f['memory_p50_ms']:>7.2f} "
            f"{f['inproc_p50_ms']:>7.2f} {f['inproc_cpu_ms']:>5.2f} "
            f"{f['validate_p50_ms']:>6.2f} {f['roundtrip_cpu_ms']:>6.2f}  {f['target']}  {verdict}"
        )
    out.append("")
    out.append(
        f"{'unknown tool (floor)':24} {'':>5} {'':>5} {data['floor_p50_ms']:>7.2f} "
        f"{data['floor_p99_ms']:>7.2f}"
    )
    out.append("")
    out.append(
        "p50/p99/max: stdio round trips (client to `lsai mcp` and back). p50 of the same calls: "
        "memory = SDK client and server in one process (no pipes); execute = the server's "
        "execute() alone (arguments, SQL, render, structured content), cpu = its mean CPU ms "
        "per call (steadier than wall time under load); valid. = the client's "
        "output-schema check, part of each round trip; rt cpu = mean CPU ms of a stdio round "
        "trip, client and server processes together (with the cores free, the wall time is "
        "about this plus the floor)."
    )
    for f in data["figures"]:
        if f["note"]:
            out.append(f"{f['tool']}: {f['note']}")
        if f["rejected"]:
            out.append(f"{f['tool']}: {len(f['rejected'])} candidate(s) skipped, e.g.:")
            out.extend(f"  {r}" for r in f["rejected"][:3])
    if data["heavy_fallback"]:
        out.append(f"note: {data['heavy_fallback']} ({data['heavy_lines']} lines)")
    out.extend(node_report(data))
    return "\n".join(out)


def node_report(data: dict[str, Any]) -> list[str]:
    """The second table: the same calls from the TypeScript SDK's client."""
    if data["node_problem"]:
        return ["", f"TypeScript SDK client: not timed: {data['node_problem']}"]
    if not data["node_figures"]:
        return []
    out = [
        "",
        f"the same calls from the MCP TypeScript SDK's client ({mcp_node.SDK_PACKAGE}: "
        "Claude Code, Cursor and OpenCode are built on it; output schemas compiled once):",
        f"{'tool':24} {'n':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
        f"{'client cpu':>10}  target",
    ]
    for f in data["node_figures"]:
        verdict = ("PASS" if f["ok"] else "MISS") if f["target"] else ""
        cpu = f"{f['client_cpu_ms']:>10.2f}" if f["target"] else f"{'':>10}"
        out.append(
            f"{f['tool']:24} {f['samples']:>5} {f['p50_ms']:>7.2f} {f['p99_ms']:>7.2f} "
            f"{f['max_ms']:>7.2f} {cpu}  {f['target']}  {verdict}".rstrip()
        )
    out.append("client cpu: mean CPU ms per round trip of the node client process alone.")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=CACHE, help="bench cache (corpus inside)")
    parser.add_argument("--work", type=Path, default=WORK, help=f"indexed copies ({WORK})")
    parser.add_argument("--symbols", type=int, default=20, help="calls per tool (default 20)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds over them (default 5)")
    parser.add_argument("--rebuild", action="store_true", help="index the copies again")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--no-node",
        dest="node",
        action="store_false",
        help="skip the TypeScript SDK client (installed from npm into the cache on first use)",
    )
    args = parser.parse_args(argv)
    try:
        data = asyncio.run(run(args))
    except BenchError as exc:
        print(f"mcp_bench: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(data, indent=2) if args.json else report(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
