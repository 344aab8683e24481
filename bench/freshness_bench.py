"""Freshness benchmark: how soon an edit is in the answers, with the servers kept running by the
watcher.

Needs the bench corpora (``bench/index_bench.py`` builds them in ``bench/.bench-cache``), ty and
tsgo. Prints these figures:

1. **save -> query**, per language: a one-function edit (Python: a call of ``get_debug_flag``
   moved into flask's ``prepare_import``; TypeScript: a call of ``nullish`` in zod's
   ``joinValues``, both with a new marker each time), ``--edits`` times; from the moment the
   file is written until a polling ``usages`` of the called function shows the edited line,
   through the watcher (no sleep anywhere in the measured path). p50 and p90, plus the update's
   own time and its server part (the server's answers and the write of the rows; the rest is
   the pipeline's: tree-sitter of the file, the run's records, a walk of the workspace when a
   batch needs one).
2. **release switch**: a workspace holding the flask 3.0.3 sdist, indexed with ty; its contents
   replaced by the 3.1.0 sdist (``pip download`` into the cache); time of the live update (server
   kept running), and of a run with a fresh server for comparison.
3. **no-change ``lsai index``** on the whole corpus (>= 100k lines), median of 3.

    .venv/bin/python bench/freshness_bench.py [--cache DIR] [--scratch DIR] [--edits N] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import run_index
from lsai.indexer.watch import Update, Watcher

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:  # imported as a module (mypy, tests), not run as a script
    sys.path.insert(0, str(BENCH_DIR))

from semantic_bench import TSCONFIG  # noqa: E402

DEFAULT_CACHE = BENCH_DIR / ".bench-cache"
DEFAULT_SCRATCH = Path(tempfile.gettempdir()) / "lsai-freshness"


@dataclass(frozen=True)
class Case:
    """One language's edit: a call inserted before the last ``return`` of a function."""

    language: str
    server: str
    corpus: str  # the folder of ``--cache``/corpus
    edited: str
    function: str  # the function's first line
    indent: str  # of its body
    call: str  # the inserted statement, ``{}`` for the marker
    target: tuple[str, str]  # the called function and its file: usages asked
    config: tuple[tuple[str, str], ...] = ()  # files written into the copy


CASES = {
    "python": Case(
        "python",
        "ty",
        "python",
        "flask-3.1.0/src/flask/cli.py",
        "def prepare_import(path: str) -> str:",
        "    ",
        "get_debug_flag()  # bench edit {}",
        ("get_debug_flag", "flask-3.1.0/src/flask/helpers.py"),
    ),
    "typescript": Case(
        "typescript",
        "tsgo",
        "typescript",
        "zod-3.25.76/v4/core/util.ts",
        'export function joinValues<T extends Primitive[]>(array: T, separator = "|"): string {',
        "  ",
        "nullish(array); // bench edit {}",
        ("nullish", "zod-3.25.76/v4/core/util.ts"),
        (("tsconfig.json", json.dumps(TSCONFIG, indent=2) + "\n"),),
    ),
}
RELEASES = ("3.0.3", "3.1.0")
TARGET_P50_MS = 300.0
TARGET_NOCHANGE_S = 1.0


def _fresh_copy(source: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".lsai"))
    return target


def _edit(text: str, marker: str, case: Case) -> str:
    """``text`` with the marker call in the case's function, just before its last ``return``
    (the function ends at the next line that starts with no indentation)."""
    lines = [line for line in text.split("\n") if "bench edit" not in line]
    start = lines.index(case.function)
    end = next(i for i in range(start + 1, len(lines)) if lines[i][:1] not in ("", " ", "\t"))
    last = max(i for i in range(start, end) if lines[i].startswith(case.indent + "return "))
    lines.insert(last, case.indent + case.call.format(marker))
    return "\n".join(lines)


POLLER = """
import sys, time
from pathlib import Path
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
ws = open_workspace(Path(sys.argv[1]))
request = UsagesInput(symbol=sys.argv[2], file=sys.argv[3])
print("ready", flush=True)
for marker in sys.stdin:
    wanted = "bench edit " + marker.strip()
    while True:
        result = usages(ws, request)
        if any(wanted in (u.context or "") for f in result.files for u in f.usages):
            print(time.monotonic(), flush=True)
            break
"""


def save_to_query(corpus: Path, scratch: Path, edits: int, case: Case) -> dict[str, float]:
    """Edits of one function, each timed from just before the write until a query in another
    process (polling ``usages``, as an agent's client would ask) shows it."""
    root = _fresh_copy(corpus, scratch / f"corpus-{case.language}")
    for name, text in case.config:
        (root / name).write_text(text, encoding="utf-8")
    updates: list[float] = []
    served: list[float] = []  # the server's part of each update, with the write of its rows

    def heard(update: Update) -> None:
        if update.changed:
            updates.append(update.summary.seconds)
            server = update.summary.servers.get(case.server)
            served.append(server.seconds if server is not None else 0.0)

    clock = time.perf_counter()
    watcher = Watcher(root, on_update=heard).start()
    cold = time.perf_counter() - clock
    if watcher.errors:
        raise SystemExit(f"the first index failed: {watcher.errors[0]}")
    poller = subprocess.Popen(
        [sys.executable, "-c", POLLER, str(root), *case.target],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert poller.stdin is not None and poller.stdout is not None
    times: list[float] = []
    try:
        assert poller.stdout.readline().strip() == "ready"
        edited = root / case.edited
        for i in range(edits + 1):
            text = _edit(edited.read_text(encoding="utf-8"), str(i), case)
            written = time.monotonic()
            poller.stdin.write(f"{i}\n")
            poller.stdin.flush()
            edited.write_text(text, encoding="utf-8")
            seen = float(poller.stdout.readline())
            if i:  # the first edit pays for the server's first answers about the file
                times.append(seen - written)
    finally:
        poller.kill()
        poller.wait()
        watcher.close()
    times.sort()
    return {
        "first_index_s": cold,
        "edits": len(times),
        "p50_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * times[int(0.9 * (len(times) - 1))],
        "update_p50_ms": 1000 * statistics.median(updates[1:] or updates),
        "server_p50_ms": 1000 * statistics.median(served[1:] or served),
    }


def _release(cache: Path, version: str) -> Path:
    """The unpacked flask ``version`` sdist (downloaded with pip into the cache)."""
    releases = cache / "releases"
    unpacked = releases / f"flask-{version}"
    if unpacked.is_dir():
        return unpacked
    releases.mkdir(parents=True, exist_ok=True)
    archive = releases / f"flask-{version}.tar.gz"
    if not archive.is_file():
        argv = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary"]
        subprocess.run([*argv, ":all:", f"flask=={version}", "-d", str(releases)], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(releases, filter="data")
    return unpacked


def _swap(folder: Path, release: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(release, folder)


def release_switch(cache: Path, scratch: Path) -> dict[str, float]:
    old, new = (_release(cache, v) for v in RELEASES)
    root = scratch / "switch"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    _swap(root / "flask", old)
    with LiveIndex(root) as live:
        clock = time.perf_counter()
        live.update()
        cold = time.perf_counter() - clock
        _swap(root / "flask", new)
        clock = time.perf_counter()
        summary = live.update()
        switched = time.perf_counter() - clock
    _swap(root / "flask", old)
    clock = time.perf_counter()
    run_index(root)
    fresh = time.perf_counter() - clock
    return {
        "files_changed": len(summary.reindexed) + len(summary.removed),
        "first_index_s": cold,
        "live_switch_s": switched,
        "fresh_server_switch_s": fresh,
    }


def no_change(root: Path, repeat: int = 3) -> dict[str, float]:
    run_index(root)
    times = []
    for _ in range(repeat):
        clock = time.perf_counter()
        summary = run_index(root)
        times.append(time.perf_counter() - clock)
    lines = sum(
        len(p.read_bytes().split(b"\n")) for p in root.rglob("*.py") if ".lsai" not in p.parts
    )
    return {"files": summary.files_seen, "lines": lines, "median_s": statistics.median(times)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument(
        "--scratch",
        type=Path,
        default=DEFAULT_SCRATCH,
        help="where the edited copies go: not under a folder a git checkout ignores (under "
        "lsai's .bench-cache/, ty resolves no reference across files)",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--parts", default="save,switch,nochange", help="comma-separated: save, switch, nochange"
    )
    parser.add_argument(
        "--languages", default="python,typescript", help="of save -> query: python, typescript"
    )
    args = parser.parse_args(argv)
    corpus = args.cache / "corpus" / "python"
    cases = [CASES[name] for name in args.languages.split(",")]
    for case in cases:
        if not (args.cache / "corpus" / case.corpus / case.edited).is_file():
            print(f"no {case.language} corpus: run bench/index_bench.py first", file=sys.stderr)
            return 2
    scratch = args.scratch
    parts = set(args.parts.split(","))
    figures: dict[str, dict[str, float]] = {}
    for case in cases if "save" in parts else []:
        source = args.cache / "corpus" / case.corpus
        figures[f"save_to_query {case.language}"] = save_to_query(source, scratch, args.edits, case)
    if "switch" in parts:
        figures["release_switch"] = release_switch(args.cache, scratch)
    if "nochange" in parts:
        indexed = _fresh_copy(corpus, scratch / "corpus-python")
        figures["no_change_index"] = no_change(indexed)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        _print(figures)
    return 0


def _print(figures: dict[str, dict[str, float]]) -> None:
    for case in CASES.values():
        s = figures.get(f"save_to_query {case.language}")
        if not s:
            continue
        print(f"{case.language} corpus first index ({case.server}, watcher start): "
              f"{s['first_index_s']:.1f} s")  # fmt: skip
        print(
            f"save -> query ({s['edits']:.0f} one-function edits of {case.edited}): "
            f"p50 {s['p50_ms']:.0f} ms, p90 {s['p90_ms']:.0f} ms (target p50 <= "
            f"{TARGET_P50_MS:.0f} ms); the update itself p50 {s['update_p50_ms']:.0f} ms, of which "
            f"{case.server} and the write of its rows {s['server_p50_ms']:.0f} ms"
        )
    r = figures.get("release_switch")
    if r:
        print(
            f"flask {RELEASES[0]} -> {RELEASES[1]} ({r['files_changed']:.0f} files): live update "
            f"{r['live_switch_s']:.1f} s, fresh server {r['fresh_server_switch_s']:.1f} s "
            f"(first index {r['first_index_s']:.1f} s)"
        )
    n = figures.get("no_change_index")
    if n:
        print(
            f"no-change index: {n['files']:.0f} files, {n['lines']:,.0f} lines, "
            f"{n['median_s']:.2f} s (target <= {TARGET_NOCHANGE_S:.0f} s)"
        )


if __name__ == "__main__":
    raise SystemExit(main())
