"""Semantic index benchmark: lsai with its language servers against the SCIP indexers, same run.

For the Python corpus and the TypeScript corpus of ``index_bench.py`` (the same cache), runs a cold
full ``lsai`` index (fresh database, language servers on) and ``scip-python`` or
``scip-typescript`` (installed from npm into the cache) on the same tree, each on its own fresh
copy in a temporary folder, and prints lines, seconds, LOC/s, symbols, references, call edges,
peak RSS of the whole process tree and the index size on disk, then checks the targets and shows
where lsai's time went (per-server phases).

    .venv/bin/python bench/semantic_bench.py [--cache DIR] [--repeat N] [--json]
                                             [--only python|typescript] [--references-only]

``--references-only`` makes lsai ask references for every symbol, as before names were resolved
by definition (``indexer/lsp/resolve.py``), to compare the two in the same conditions.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:  # imported as a module (mypy, tests), not run as a script
    sys.path.insert(0, str(BENCH_DIR))

from index_bench import DEFAULT_CACHE, BenchError, ProcSampler, fetch_corpus  # noqa: E402

CORPORA = ("python", "typescript")
SCIP_PACKAGES = ("@sourcegraph/scip-python@0.6.6", "@sourcegraph/scip-typescript@0.4.0")
SCIP_TOOL = {"python": "scip-python", "typescript": "scip-typescript"}
LSAI_SERVER = {"python": "ty", "typescript": "tsgo"}  # written into the copy's lsai.toml

TARGET_PY_RATIO = 2.0  # lsai LOC/s >= 2x scip-python's
TARGET_TS_RATIO = 1.0  # lsai LOC/s >= scip-typescript's
TARGET_RSS_KIB = 3 * 2**19  # 1.5 GiB for lsai plus its servers

TSCONFIG = {
    "compilerOptions": {
        "target": "es2022",
        "module": "esnext",
        "moduleResolution": "bundler",
        "lib": ["es2022", "dom"],
        "strict": True,
        "noEmit": True,
        "skipLibCheck": True,
    },
    "include": ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"],
}
PHASES = ("start", "symbols", "ready", "references", "calls", "bases", "diagnostics")


# -- the SCIP indexers from npm -------------------------------------------------------------------


def npm_bin(cache: Path) -> Path:
    return cache / "npm" / "node_modules" / ".bin"


def ensure_scip(cache: Path, log: bool) -> dict[str, str]:
    """Install the SCIP indexers into ``cache/npm`` unless present; {tool: version}."""
    tools = [SCIP_TOOL[c] for c in CORPORA]
    if not all((npm_bin(cache) / t).is_file() for t in tools):
        prefix = cache / "npm"
        prefix.mkdir(parents=True, exist_ok=True)
        argv = ["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund"]
        argv += SCIP_PACKAGES
        if log:
            print(f"installing {' '.join(SCIP_PACKAGES)} into {prefix}", file=sys.stderr)
        try:
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
        except FileNotFoundError as exc:
            raise BenchError(
                "npm is not installed: the SCIP indexers come from npm (install Node.js >= 18)"
            ) from exc
        if done.returncode != 0:
            tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-6:])
            raise BenchError(
                "cannot install the SCIP indexers from npm (offline, or the registry "
                f"{_npm_registry()} is unreachable?)\n$ {' '.join(argv)}  "
                f"[exit {done.returncode}]\n{tail}\nrun again when the registry is reachable; "
                "later runs use the cache and work offline"
            )
    versions = {}
    for tool in tools:
        manifest = cache / "npm" / "node_modules" / "@sourcegraph" / tool / "package.json"
        versions[tool] = str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    return versions


def _npm_registry() -> str:
    try:
        done = subprocess.run(
            ["npm", "config", "get", "registry"], capture_output=True, text=True, check=False
        )
    except OSError:
        return "(unknown)"
    return done.stdout.strip() or "(unknown)"


# -- a minimal SCIP (protobuf) reader -------------------------------------------------------------


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def _fields(buf: bytes, pos: int, end: int) -> Iterator[tuple[int, int, int, int]]:
    """(field number, wire type, value or start, stop) of each field of ``buf[pos:end]``."""
    while pos < end:
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
            yield number, wire, value, pos
        elif wire == 2:
            size, pos = _varint(buf, pos)
            yield number, wire, pos, pos + size
            pos += size
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            yield number, wire, pos, pos + width
            pos += width
        else:
            raise BenchError(f"SCIP index: unsupported protobuf wire type {wire}")


@dataclass
class ScipCounts:
    documents: int = 0
    occurrences: int = 0  # every occurrence, locals included
    definitions: int = 0  # occurrences with the Definition role, locals excluded
    references: int = 0  # occurrences without the Definition role, locals excluded
    local_occurrences: int = 0  # occurrences of `local N` symbols (lsai does not index locals)
    symbols: int = 0  # SymbolInformation of documents, locals excluded
    external_symbols: int = 0


LOCAL = b"local "
DEFINITION = 0x1  # SymbolRole.Definition


def count_scip(path: Path) -> ScipCounts:
    """Index{documents=2 Document{occurrences=2 Occurrence{symbol=2, symbol_roles=3},
    symbols=3 SymbolInformation{symbol=1}}, external_symbols=3}."""
    buf = path.read_bytes()
    counts = ScipCounts()
    for number, wire, start, stop in _fields(buf, 0, len(buf)):
        if wire != 2:
            continue
        if number == 2:
            counts.documents += 1
            _count_document(buf, start, stop, counts)
        elif number == 3:
            counts.external_symbols += 1
    return counts


def _count_document(buf: bytes, pos: int, end: int, counts: ScipCounts) -> None:
    for number, wire, start, stop in _fields(buf, pos, end):
        if wire != 2:
            continue
        if number == 2:
            _count_occurrence(buf, start, stop, counts)
        elif number == 3:
            for inner, inner_wire, s_start, _ in _fields(buf, start, stop):
                if inner == 1 and inner_wire == 2:
                    counts.symbols += not buf.startswith(LOCAL, s_start)
                    break


def _count_occurrence(buf: bytes, pos: int, end: int, counts: ScipCounts) -> None:
    roles, symbol_at, symbol_end = 0, -1, -1
    for number, wire, start, stop in _fields(buf, pos, end):
        if number == 2 and wire == 2:
            symbol_at, symbol_end = start, stop
        elif number == 3 and wire == 0:
            roles = start
    counts.occurrences += 1
    if symbol_at < 0 or symbol_at == symbol_end:
        return
    if buf.startswith(LOCAL, symbol_at):
        counts.local_occurrences += 1
    elif roles & DEFINITION:
        counts.definitions += 1
    else:
        counts.references += 1


# -- sampling a process tree from /proc -----------------------------------------------------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PAGE_KIB = (os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096) // 1024


class TreeSampler(ProcSampler):
    """Every ``interval`` s: the summed RSS of ``root`` and all its descendants (peak kept), and
    each process's CPU time (the last value seen before it exited), by command name."""

    sample_first = True

    def __init__(self, root: int, interval: float = 0.05) -> None:
        super().__init__(interval)
        self.root = root
        self.peak_kib = 0
        self.cpu_ticks: dict[int, tuple[str, int]] = {}  # pid -> (command, utime + stime)

    def sample(self) -> None:
        table = _proc_table()
        tree, todo = set(), [self.root]
        children: dict[int, list[int]] = {}
        for pid, (ppid, *_) in table.items():
            children.setdefault(ppid, []).append(pid)
        while todo:
            pid = todo.pop()
            if pid in table and pid not in tree:
                tree.add(pid)
                todo.extend(children.get(pid, []))
        self.peak_kib = max(self.peak_kib, sum(table[p][2] for p in tree))
        for pid in tree:
            _, command, _, ticks = table[pid]
            self.cpu_ticks[pid] = (command, ticks)

    def cpu_seconds(self) -> dict[str, float]:
        by_command: dict[str, float] = {}
        for command, ticks in self.cpu_ticks.values():
            by_command[command] = by_command.get(command, 0.0) + ticks / CLOCK_TICKS
        return {k: round(v, 2) for k, v in sorted(by_command.items(), key=lambda kv: -kv[1])}


def _proc_table() -> dict[int, tuple[int, str, int, int]]:
    """pid -> (ppid, command, RSS KiB, utime + stime ticks) of every live process."""
    table = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # exited meanwhile
        head, _, tail = stat.rpartition(")")
        rest = tail.split()  # rest[0] is field 3 (state) of proc(5)
        command = head.partition("(")[2]
        ticks = int(rest[11]) + int(rest[12])
        table[int(entry.name)] = (int(rest[1]), command, int(rest[21]) * PAGE_KIB, ticks)
    return table


def run_sampled(argv: Sequence[str], cwd: Path, what: str) -> tuple[float, TreeSampler, str]:
    """Run ``argv``; (wall seconds, its sampler, stdout). Raises BenchError when it fails."""
    started = time.perf_counter()
    with subprocess.Popen(
        argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        with TreeSampler(proc.pid) as sampler:
            out, err = proc.communicate()
        seconds = time.perf_counter() - started
    if proc.returncode != 0:
        tail = "\n".join((err or out).strip().splitlines()[-12:])
        raise BenchError(f"{what} failed [exit {proc.returncode}]\n$ {' '.join(argv)}\n{tail}")
    return seconds, sampler, out


# -- one measured run -----------------------------------------------------------------------------


@dataclass
class ToolRun:
    seconds: float
    peak_rss_kib: int
    index_bytes: int
    symbols: int
    references: int
    calls: int | None
    cpu_seconds: dict[str, float] = field(default_factory=dict)
    detail: dict[str, Any] = field(default_factory=dict)


def prepare_copy(corpus_root: Path, scratch: Path, corpus: str) -> Path:
    """A fresh copy of the corpus (the cache is never touched) with what the tools need: a
    tsconfig.json for TypeScript, and an lsai.toml naming the server (harmless to SCIP)."""
    tree = scratch / corpus
    shutil.copytree(corpus_root, tree)
    if corpus == "typescript":
        (tree / "tsconfig.json").write_text(json.dumps(TSCONFIG, indent=2) + "\n")
    server = LSAI_SERVER[corpus]
    (tree / "lsai.toml").write_text(f'[servers]\n{corpus} = "{server}"\n')
    return tree


def run_lsai(tree: Path, scratch: Path, references_only: bool = False) -> ToolRun:
    db = scratch / "lsai-index.db"
    argv = [sys.executable, str(Path(__file__).resolve()), "--lsai-child", str(tree)]
    argv += ["--db", str(db)] + (["--references-only"] if references_only else [])
    seconds, sampler, out = run_sampled(argv, tree, "lsai index")
    detail: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    with sqlite3.connect(db) as conn:
        refs = conn.execute(
            "SELECT count(*) FROM occurrences WHERE symbol_key IS NOT NULL AND role <> 'definition'"
        ).fetchone()[0]
        calls = conn.execute(
            "SELECT count(*) FROM call_edges WHERE callee_key IS NOT NULL"
        ).fetchone()[0]
        symbols = conn.execute("SELECT count(*) FROM symbols").fetchone()[0]
        detail["diagnostics"] = conn.execute("SELECT count(*) FROM diagnostics").fetchone()[0]
    conn.close()
    size = sum(p.stat().st_size for p in scratch.glob("lsai-index.db*"))
    return ToolRun(
        seconds, sampler.peak_kib, size, symbols, refs, calls, sampler.cpu_seconds(), detail
    )


def run_scip(corpus: str, tree: Path, scratch: Path, cache: Path) -> ToolRun:
    tool = SCIP_TOOL[corpus]
    output = scratch / "index.scip"
    argv = [str(npm_bin(cache) / tool), "index"]
    if corpus == "python":
        environment = scratch / "scip-environment.json"
        environment.write_text("[]\n")  # no `pip list`/`pip show`: offline, corpus only
        argv += ["--project-name", "corpus", "--project-version", "0"]
        argv += ["--environment", str(environment), "--quiet"]
    else:
        argv += ["--no-progress-bar"]
    argv += ["--output", str(output)]
    seconds, sampler, _ = run_sampled(argv, tree, tool)
    if not output.is_file():
        raise BenchError(f"{tool} wrote no index at {output}")
    counts = count_scip(output)
    return ToolRun(
        seconds,
        sampler.peak_kib,
        output.stat().st_size,
        counts.symbols,
        counts.references,
        None,
        sampler.cpu_seconds(),
        asdict(counts),
    )


# -- the lsai child: run_index with the servers' phase timings recorded ---------------------------


def lsai_child(tree: Path, db: Path, references_only: bool = False) -> int:
    from lsai.indexer import pipeline, semantic
    from lsai.indexer.lsp import adapters

    if references_only:  # every name asks references per symbol: the pass before ``resolve``
        for name, adapter in adapters.ADAPTERS.items():
            adapters.ADAPTERS[name] = replace(adapter, references_cost=None)

    phases: dict[str, dict[str, float]] = {}
    sessions: dict[str, int] = {}
    serve_group = semantic.serve_group

    def timed_serve_group(group: Any, *args: Any, **kwargs: Any) -> Any:
        run, problem = serve_group(group, *args, **kwargs)
        sessions[group.adapter] = sessions.get(group.adapter, 0) + 1
        into = phases.setdefault(group.adapter, {})
        for name, spent in (getattr(run, "timings", None) or {}).items():
            into[name] = into.get(name, 0.0) + spent
        return run, problem

    semantic.serve_group = timed_serve_group  # the bench's own instrumentation, this process only
    started = time.perf_counter()
    summary = pipeline.run_index(tree, database=str(db))
    seconds = time.perf_counter() - started
    result = {
        "run_index_seconds": seconds,
        "status": summary.status,
        "lines": summary.lines,
        "files": summary.files_seen,
        "projects": summary.projects,
        "failed": len(summary.failed),
        "fallbacks": summary.fallbacks,
        "servers": {k: asdict(v) for k, v in summary.servers.items()},
        "sessions": sessions,
        "phases": phases,
    }
    print(json.dumps(result))
    from lsai.cli.main import quick_exit

    quick_exit(0)  # as `lsai index` ends: the database is closed, the heap is not freed
    return 0


# -- the whole benchmark --------------------------------------------------------------------------


@dataclass
class Row:
    corpus: str
    tool: str
    version: str
    lines: int = 0
    runs: list[ToolRun] = field(default_factory=list)

    @property
    def median_run(self) -> ToolRun:
        ordered = sorted(self.runs, key=lambda r: r.seconds)
        return ordered[(len(ordered) - 1) // 2]

    @property
    def seconds(self) -> float:
        return statistics.median(r.seconds for r in self.runs)

    @property
    def peak_rss_kib(self) -> int:
        return int(statistics.median(r.peak_rss_kib for r in self.runs))

    @property
    def loc_per_s(self) -> float:
        return self.lines / self.seconds if self.seconds > 0 else 0.0

    @property
    def cpu_seconds(self) -> float:
        """Median CPU time of the whole process tree: steadier than wall time on a busy host."""
        return statistics.median(sum(r.cpu_seconds.values()) for r in self.runs)

    @property
    def loc_per_cpu_s(self) -> float:
        return self.lines / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def measure(
    corpora: Sequence[str],
    cache: Path,
    repeat: int,
    versions: dict[str, str],
    log: bool,
    references_only: bool = False,
) -> list[Row]:
    corpus_dir = cache / "corpus"
    rows: dict[tuple[str, str], Row] = {}
    for name in corpora:
        rows[(name, "lsai")] = Row(name, "lsai", "")
        rows[(name, "scip")] = Row(name, SCIP_TOOL[name], versions[SCIP_TOOL[name]])
    for attempt in range(1, repeat + 1):
        for name in corpora:
            for which in ("lsai", "scip"):
                row = rows[(name, which)]
                if log:
                    print(f"[{attempt}/{repeat}] {name}: {row.tool} ...", file=sys.stderr)
                with tempfile.TemporaryDirectory(prefix="lsai-semantic-bench-") as tmp:
                    scratch = Path(tmp)
                    tree = prepare_copy(corpus_dir / name, scratch, name)
                    if which == "lsai":
                        run = run_lsai(tree, scratch, references_only)
                    else:
                        run = run_scip(name, tree, scratch, cache)
                row.runs.append(run)
                if log:
                    print(f"    {run.seconds:.1f} s", file=sys.stderr)
    for name in corpora:
        lsai_row = rows[(name, "lsai")]
        detail = lsai_row.median_run.detail
        servers = detail.get("servers", {})
        lsai_row.version = ", ".join(f"{s['server']} {s['version']}" for s in servers.values())
        lines = int(detail.get("lines", 0))
        lsai_row.lines = rows[(name, "scip")].lines = lines  # the same tree: lsai's line count
    return list(rows.values())


# -- reporting ------------------------------------------------------------------------------------


def _mib(kib: float) -> str:
    return f"{kib / 1024:,.0f}"


HEADER = (
    f"{'corpus':<11}{'tool':<24}{'lines':>9}{'seconds':>9}{'LOC/s':>8}{'CPU s':>7}{'symbols':>9}"
    f"{'references':>12}{'calls':>8}{'peak RSS':>10}{'index':>7}"
)


def _row(r: Row) -> str:
    m = r.median_run
    label = f"{'lsai' if r.tool == 'lsai' else r.tool} {r.version}".strip()
    calls = f"{m.calls:,}" if m.calls is not None else "n/a"
    return (
        f"{r.corpus:<11}{label[:23]:<24}{r.lines:>9,}{r.seconds:>9.1f}{r.loc_per_s:>8,.0f}"
        f"{r.cpu_seconds:>7.1f}"
        f"{m.symbols:>9,}{m.references:>12,}{calls:>8}{_mib(r.peak_rss_kib):>10}"
        f"{m.index_bytes / 2**20:>7.1f}"
    )


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def targets(rows: list[Row]) -> list[tuple[str, bool]]:
    out = []
    by = {(r.corpus, r.tool == "lsai"): r for r in rows}
    for corpus, ratio in (("python", TARGET_PY_RATIO), ("typescript", TARGET_TS_RATIO)):
        if (corpus, True) not in by:
            continue
        lsai, scip = by[(corpus, True)], by[(corpus, False)]
        got = lsai.loc_per_s / scip.loc_per_s if scip.loc_per_s else 0.0
        text = (
            f"{corpus}: lsai LOC/s >= {ratio:g}x {scip.tool}'s: {lsai.loc_per_s:,.0f} vs "
            f"{scip.loc_per_s:,.0f} = {got:.2f}x"
        )
        out.append((text, got >= ratio))
        per_cpu = lsai.loc_per_cpu_s / scip.loc_per_cpu_s if scip.loc_per_cpu_s else 0.0
        out.append((f"  (per CPU second, for a busy host: {per_cpu:.2f}x)", per_cpu >= ratio))
    for r in rows:
        if r.tool == "lsai":
            text = (
                f"{r.corpus}: peak RSS of lsai + servers <= {_mib(TARGET_RSS_KIB)} MiB: "
                f"{_mib(r.peak_rss_kib)} MiB"
            )
            out.append((text, r.peak_rss_kib <= TARGET_RSS_KIB))
    return out


def breakdown(r: Row) -> list[str]:
    """Where one lsai run's wall time went: start-up, tree-sitter + writing, each server."""
    m = r.median_run
    d = m.detail
    in_run = float(d["run_index_seconds"])
    servers = d.get("servers", {})
    served = sum(float(s["seconds"]) for s in servers.values())
    lines = [
        f"  {r.corpus}: {m.seconds:.1f} s wall = {m.seconds - in_run:.1f} process start-up and "
        f"imports + {in_run - served:.1f} crawl, tree-sitter, merge and writes + {served:.1f} "
        f"language servers"
    ]
    for adapter, stats in servers.items():
        spent = d.get("phases", {}).get(adapter, {})
        parts = [f"{p} {spent[p]:.1f}" for p in PHASES if p in spent]
        rest = float(stats["seconds"]) - sum(spent.values())
        sessions = d.get("sessions", {}).get(adapter, 0)
        lines.append(
            f"    {adapter} {stats['version']}: {stats['seconds']:.1f} s in {sessions} session(s) "
            f"over {d.get('projects', '?')} projects: {', '.join(parts)}, "
            f"shutdown and other {rest:.1f}"
        )
        lines.append(
            f"      {stats['files']:,} files, {stats['references']:,} references, "
            f"{stats['calls']:,} calls, {stats['diagnostics']:,} diagnostics"
            + (f"; problem: {stats['problem']}" if stats.get("problem") else "")
        )
        requests = stats.get("requests") or {}
        if requests:
            counts = ", ".join(f"{kind} {count:,}" for kind, count in requests.items())
            lines.append(f"      requests: {counts}")
    cpu = ", ".join(f"{k} {v:.1f}" for k, v in m.cpu_seconds.items())
    lines.append(f"    CPU seconds by process: {cpu}")
    for language, why in d.get("fallbacks", {}).items():
        lines.append(f"    warning: {language} fell back to tree-sitter: {why}")
    if d.get("status") != "complete":
        lines.append(
            f"    warning: index {d.get('status')}, {d.get('failed')} files partial/failed"
        )
    return lines


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def render(rows: list[Row], repeat: int, load: tuple[str, str]) -> str:
    out = [
        f"lsai semantic benchmark: cold full index, lsai (servers on) vs the SCIP indexers on "
        f"the same tree in the same run, median of {repeat}, {os.cpu_count()} CPUs, "
        f"Python {sys.version.split()[0]}, load average {load[0]} before, {load[1]} after",
        HEADER,
        *(_row(r) for r in rows),
        "",
        "targets:",
        *(f"  {text}  {_verdict(ok)}" for text, ok in targets(rows)),
        "",
        "where lsai's time went (median run):",
    ]
    for r in rows:
        if r.tool == "lsai":
            out += breakdown(r)
    for r in rows:
        if r.tool != "lsai":
            d = r.median_run.detail
            cpu = ", ".join(f"{k} {v:.1f}" for k, v in r.median_run.cpu_seconds.items())
            out.append(
                f"  {r.tool}: {d['documents']:,} documents, {d['occurrences']:,} occurrences "
                f"({d['local_occurrences']:,} of locals, not counted), {d['definitions']:,} "
                f"definitions; CPU seconds: {cpu}"
            )
    out += [
        "",
        "lines: of the files lsai indexed (the same tree for both tools). seconds: wall time of "
        "the whole command, start-up included. CPU s: user + system time of the command and "
        "its descendants.",
        "references: lsai = occurrences with a symbol_key and a role other than definition; "
        "SCIP = occurrences without the Definition role, locals excluded.",
        "calls: lsai call_edges with a callee_key (SCIP has none). symbols: lsai symbols rows; "
        "SCIP SymbolInformation of documents, locals excluded.",
        "peak RSS (MiB): the summed RSS of the process and all its descendants, sampled from "
        "/proc every 50 ms. index (MiB): database or .scip size on disk.",
    ]
    return "\n".join(out)


def as_json(rows: list[Row], repeat: int, load: tuple[str, str]) -> str:
    payload = {
        "repeat": repeat,
        "cpus": os.cpu_count(),
        "load_average": {"before": load[0], "after": load[1]},
        "targets": {
            "python_ratio": TARGET_PY_RATIO,
            "typescript_ratio": TARGET_TS_RATIO,
            "peak_rss_kib": TARGET_RSS_KIB,
        },
        "checks": [{"target": text, "ok": ok} for text, ok in targets(rows)],
        "rows": [
            {
                "corpus": r.corpus,
                "tool": r.tool,
                "version": r.version,
                "lines": r.lines,
                "seconds": r.seconds,
                "loc_per_s": r.loc_per_s,
                "cpu_seconds": r.cpu_seconds,
                "peak_rss_kib": r.peak_rss_kib,
                "median_run": asdict(r.median_run),
                "runs": [asdict(run) for run in r.runs],
            }
            for r in rows
        ],
    }
    return json.dumps(payload, indent=2)


# -- command line ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="download/corpus dir")
    parser.add_argument("--repeat", type=int, default=1, help="runs per tool and corpus (median)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--only", choices=CORPORA, help="measure one corpus")
    parser.add_argument(
        "--references-only",
        action="store_true",
        help="lsai asks references for every symbol, never definitions (for comparison)",
    )
    parser.add_argument("--lsai-child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.lsai_child:
        return lsai_child(args.lsai_child, args.db, args.references_only)
    cache: Path = args.cache.resolve()
    corpora = (args.only,) if args.only else CORPORA
    try:
        fetch_corpus(cache, log=True)
        versions = ensure_scip(cache, log=True)
        before = _load()
        rows = measure(corpora, cache, args.repeat, versions, True, args.references_only)
        load = (before, _load())
    except BenchError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    report: Callable[[list[Row], int, tuple[str, str]], str] = as_json if args.json else render
    print(report(rows, args.repeat, load))
    return 0


if __name__ == "__main__":
    sys.exit(main())
