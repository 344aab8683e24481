"""Query benchmark: latency of search, usages, callers (depth 3) and impact on a real index.

Builds (once, with ``lsai index``) an index of the bench corpus
(``bench/.bench-cache/corpus/python``, fetched by ``index_bench.py``), then times each tool
in-process, the way a running ``lsai mcp`` answers: one open workspace, each sample = the tool
call plus rendering its default profile. Symbols are the most referenced and the most called ones
of the index, addressed by position. Prints p50 and p99 per tool against the targets, and the
first page of usages of the most referenced symbol. It prints figures; it is not a test.

    .venv/bin/python bench/query_bench.py [--backend auto|tree-sitter] [--repeat N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from lsai.query.calls import CallsInput, callers
from lsai.query.contracts import SearchInput
from lsai.query.impact import ImpactInput, impact
from lsai.query.render import render
from lsai.query.search import search
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace
from lsai.storage.engine import open_index

BENCH_DIR = Path(__file__).resolve().parent
CACHE = BENCH_DIR / ".bench-cache"
TARGET_P50_MS = 5.0
TARGET_P99_MS = 20.0
TARGET_HEAVY_MS = 50.0
HEAVY_REFERENCES = 3000
SEARCHES = ("Flask", "get*", "*Error", "Session.send", "render", "Con*Manager")
Call = Callable[[], BaseModel]


@dataclass
class Figure:
    tool: str
    samples: int
    p50_ms: float
    p99_ms: float
    target: str
    ok: bool


def build_index(corpus: Path, db: Path, backend: str) -> None:
    db.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "lsai", "index", str(corpus), "--db", str(db), "-q"]
    print(f"indexing {corpus} ({backend}) -> {db}", file=sys.stderr)
    done = subprocess.run([*command, "--backend", backend], check=False)
    if done.returncode not in (0, 1):  # 1: partial, still an index
        raise SystemExit(f"lsai index failed with exit code {done.returncode}")


def _rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


_AT = """SELECT f.path, s.name_line, s.name_col, {count} AS n FROM symbols s
JOIN files f ON f.id = s.file_id
WHERE s.is_external = 0 AND s.kind IN ({kinds}) ORDER BY n DESC LIMIT {limit}"""
_REFS = "(SELECT count(*) FROM occurrences o WHERE o.symbol_key = s.key)"
_NAME_REFS = "(SELECT count(*) FROM occurrences o WHERE o.name = s.name AND o.symbol_key IS NULL)"
_CALLS = "(SELECT count(*) FROM call_edges c WHERE c.callee_key = s.key)"
_NAME_CALLS = "(SELECT count(*) FROM call_edges c WHERE c.callee_name = s.name)"
_ANY = "'class','function','method','field','variable','constant','property'"
_CALLABLE = "'function','method','constructor'"


def pick_symbols(db: Path, semantic: bool, limit: int) -> dict[str, list[tuple[Any, ...]]]:
    """The most referenced and the most called symbols: (path, line, col, count)."""
    refs, calls = (_REFS, _CALLS) if semantic else (_NAME_REFS, _NAME_CALLS)
    return {
        "usages": _rows(db, _AT.format(count=refs, kinds=_ANY, limit=limit)),
        "callers": _rows(db, _AT.format(count=calls, kinds=_CALLABLE, limit=limit)),
    }


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(calls: list[Call], repeat: int) -> list[float]:
    for call in calls:  # warm caches once, as a running server has
        render(call())
    samples: list[float] = []
    for _ in range(repeat):
        for call in calls:
            start = time.perf_counter()
            render(call())
            samples.append((time.perf_counter() - start) * 1000)
    return samples


def _figure(tool: str, samples: list[float]) -> Figure:
    p50, p99 = statistics.median(samples), percentile(samples, 0.99)
    target = f"p50 <= {TARGET_P50_MS:g} ms, p99 <= {TARGET_P99_MS:g} ms"
    return Figure(
        tool, len(samples), p50, p99, target, p50 <= TARGET_P50_MS and p99 <= TARGET_P99_MS
    )


def _at(row: tuple[Any, ...]) -> dict[str, Any]:
    return {"file": row[0], "line": row[1], "col": row[2]}


def _calls(ws: Workspace, picks: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[Call]]:
    def searching(q: str) -> Call:
        return lambda: search(ws, SearchInput(query=q))

    def using(r: tuple[Any, ...]) -> Call:
        return lambda: usages(ws, UsagesInput(**_at(r)))

    def calling(r: tuple[Any, ...]) -> Call:
        return lambda: callers(ws, CallsInput(**_at(r), depth=3))

    def impacting(r: tuple[Any, ...]) -> Call:
        return lambda: impact(ws, ImpactInput(**_at(r)))

    return {
        "search": [searching(q) for q in SEARCHES],
        "usages": [using(r) for r in picks["usages"]],
        "callers -d 3": [calling(r) for r in picks["callers"]],
        "impact": [impacting(r) for r in picks["callers"]],
    }


def run(ws: Workspace, picks: dict[str, list[tuple[Any, ...]]], repeat: int) -> list[Figure]:
    figures = [_figure(tool, measure(calls, repeat)) for tool, calls in _calls(ws, picks).items()]
    heavy = picks["usages"][0]
    samples = measure([lambda: usages(ws, UsagesInput(**_at(heavy)))], repeat * 5)
    p50, p99 = statistics.median(samples), percentile(samples, 0.99)
    figures.append(
        Figure(
            f"usages, first page of {heavy[3]} refs",
            len(samples),
            p50,
            p99,
            f"p99 <= {TARGET_HEAVY_MS:g} ms (for >= {HEAVY_REFERENCES} refs)",
            p99 <= TARGET_HEAVY_MS,
        )
    )
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CACHE / "corpus" / "python")
    parser.add_argument("--backend", choices=("auto", "tree-sitter"), default="auto")
    parser.add_argument("--db", type=Path, help="index to use (default: built in the cache)")
    parser.add_argument("--rebuild", action="store_true", help="index the corpus again")
    parser.add_argument("--repeat", type=int, default=20, help="samples per symbol (default 20)")
    parser.add_argument("--symbols", type=int, default=5, help="symbols per tool (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        raise SystemExit(f"no corpus at {args.corpus}: run bench/index_bench.py once to fetch it")
    db = args.db or CACHE / "db" / f"query-{args.backend}.db"
    if args.rebuild or not db.exists():
        build_index(args.corpus, db, args.backend)
    semantic = bool(_rows(db, "SELECT 1 FROM files WHERE backend = 'lsp' LIMIT 1"))
    lines = _rows(db, "SELECT sum(line_count), count(*) FROM files WHERE status = 'complete'")[0]
    picks = pick_symbols(db, semantic, args.symbols)
    ws = Workspace(root=args.corpus.resolve(), index=open_index(db, read_only=True))
    try:
        figures = run(ws, picks, args.repeat)
    finally:
        ws.close()
    header = {
        "corpus": str(args.corpus),
        "lines": lines[0],
        "files": lines[1],
        "index": "semantic (language servers)" if semantic else "tree-sitter (name-based)",
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps({**header, "figures": [asdict(f) for f in figures]}, indent=2))
        return
    print(", ".join(f"{k}: {v}" for k, v in header.items()))
    print(f"{'tool':36} {'samples':>7} {'p50 ms':>8} {'p99 ms':>8}  target")
    for f in figures:
        mark = "ok" if f.ok else "MISSED"
        print(f"{f.tool:36} {f.samples:>7} {f.p50_ms:>8.2f} {f.p99_ms:>8.2f}  {f.target} {mark}")


if __name__ == "__main__":
    main()
