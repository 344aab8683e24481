"""Index benchmark: cold and no-change tree-sitter runs over real code fetched from PyPI and npm.

Downloads pinned source releases into a cache (nothing is committed), builds a Python corpus, a
TypeScript corpus and a workspace holding both, then prints files, lines, symbols, cold index time
(median of ``--repeat`` fresh databases), LOC/s, the no-change re-run time, peak RSS and the size
of the index. Each corpus is measured in its own child process so that peak RSS is per corpus.

    .venv/bin/python bench/index_bench.py [--cache DIR] [--repeat N] [--json] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Self

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_CACHE = BENCH_DIR / ".bench-cache"  # git-ignored (.gitignore: .bench-cache/)

TARGET_LOC_PER_S = 50_000
TARGET_NOCHANGE_S = 1.0
TARGET_NOCHANGE_LINES = 100_000


@dataclass(frozen=True)
class Package:
    registry: str  # "pypi" or "npm"
    name: str
    version: str
    corpus: str  # "python" or "typescript"
    keep: tuple[str, ...]  # file suffixes copied into the corpus
    subdir: str = ""  # only this folder of the release (e.g. "src")

    @property
    def folder(self) -> str:
        return f"{self.name}-{self.version}"


PY_KEEP = (".py", ".pyi", "pyproject.toml", "setup.py", "setup.cfg")
TS_KEEP = (".ts", ".tsx", ".mts", ".cts", "package.json", "tsconfig.json")

PACKAGES: tuple[Package, ...] = (
    Package("pypi", "requests", "2.32.3", "python", PY_KEEP),
    Package("pypi", "flask", "3.1.0", "python", PY_KEEP),
    Package("pypi", "rich", "13.9.4", "python", PY_KEEP),
    Package("pypi", "attrs", "24.2.0", "python", PY_KEEP),
    Package("pypi", "click", "8.1.7", "python", PY_KEEP),
    Package("pypi", "jinja2", "3.1.4", "python", PY_KEEP),
    Package("pypi", "werkzeug", "3.1.3", "python", PY_KEEP),
    Package("npm", "zod", "3.25.76", "typescript", TS_KEEP, "src"),
    Package("npm", "rxjs", "7.8.1", "typescript", TS_KEEP, "src"),
)
CORPORA = ("python", "typescript")
COMBINED = "combined"


class BenchError(Exception):
    """A benchmark step that cannot go on; the message says what to do."""


# -- fetching -------------------------------------------------------------------------------------


def _run_tool(argv: Sequence[str], cwd: Path, what: str) -> None:
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BenchError(f"cannot fetch {what}: {argv[0]} is not installed ({exc})") from exc
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-6:])
        raise BenchError(
            f"cannot fetch {what} (offline, or the registry is unreachable?)\n"
            f"$ {' '.join(argv)}  [exit {done.returncode}]\n{tail}".rstrip()
        )


def _download(package: Package, downloads: Path) -> Path:
    """The release archive of ``package``, downloaded into its own folder unless already there."""
    target = downloads / package.folder
    found = sorted(target.glob("*.t*gz")) if target.is_dir() else []
    if found:
        return found[0]
    target.mkdir(parents=True, exist_ok=True)
    spec = f"{package.name}=={package.version}"
    if package.registry == "pypi":
        argv = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        argv += ["--no-binary", ":all:", spec, "-d", str(target)]
        _run_tool(argv, target, f"{spec} from PyPI")
    else:
        npm_spec = f"{package.name}@{package.version}"
        _run_tool(["npm", "pack", "--silent", npm_spec], target, f"{npm_spec} from npm")
    found = sorted(target.glob("*.t*gz"))
    if not found:
        raise BenchError(f"{spec}: the download left no archive in {target}")
    return found[0]


def _extract(archive: Path, destination: Path) -> None:
    """Unpack ``archive`` and move its single top folder to ``destination`` (atomic rename)."""
    scratch = destination.with_name(destination.name + ".tmp")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        tar.extractall(scratch, filter="data")
    tops = [p for p in scratch.iterdir() if p.is_dir()]
    if len(tops) != 1:
        raise BenchError(f"{archive.name}: expected one top-level folder, found {len(tops)}")
    tops[0].rename(destination)
    shutil.rmtree(scratch)


def _copy_sources(source: Path, destination: Path, keep: tuple[str, ...]) -> int:
    """Copy files whose name ends with one of ``keep``, preserving layout and mtimes."""
    copied = 0
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.name.endswith(keep):
            out = destination / path.relative_to(source)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out)
            copied += 1
    return copied


def fetch_package(package: Package, cache: Path, final: Path, log: bool = True) -> Path:
    """``final``: the sources of ``package`` (its ``subdir`` only, files ending with one of its
    ``keep``), downloaded and unpacked into ``cache`` unless already there."""
    if final.is_dir():
        return final
    if log:
        print(f"fetching {package.registry}:{package.name}=={package.version}", file=sys.stderr)
    unpacked = cache / "src" / package.folder
    if not unpacked.is_dir():
        _extract(_download(package, cache / "downloads"), unpacked)
    root = unpacked / package.subdir if package.subdir else unpacked
    if not root.is_dir():
        raise BenchError(f"{package.folder} ships no {package.subdir}/ folder; pick another")
    scratch = final.with_name(final.name + ".tmp")
    shutil.rmtree(scratch, ignore_errors=True)
    if _copy_sources(root, scratch, package.keep) == 0:
        raise BenchError(f"{package.folder}: no {package.corpus} sources under {root}")
    scratch.rename(final)
    return final


def fetch_corpus(cache: Path, log: bool) -> Path:
    """Download, unpack and copy every package into ``cache/corpus/<corpus>/<package>``."""
    corpus = cache / "corpus"
    for package in PACKAGES:
        fetch_package(package, cache, corpus / package.corpus / package.folder, log)
    return corpus


# -- measuring (in a child process per corpus) ----------------------------------------------------


@dataclass
class Measurement:
    corpus: str
    files: int = 0
    lines: int = 0
    symbols: int = 0
    cold_runs: list[float] = field(default_factory=list)
    cold_cpu_runs: list[float] = field(default_factory=list)  # user + system, pool children too
    nochange_runs: list[float] = field(default_factory=list)
    nochange_reads: int = 0  # files the no-change runs read (should be 0)
    status: str = ""
    max_rss_self_kib: int = 0
    max_rss_children_kib: int = 0  # ru_maxrss: inflated, a fork briefly shares the parent's pages
    pool_rss_sum_kib: int = 0  # sampled: peak of the summed RSS of live child processes
    pool_rss_max_kib: int = 0  # sampled: peak RSS (VmHWM) of the largest child
    db_bytes: int = 0

    @property
    def cold_s(self) -> float:
        return statistics.median(self.cold_runs)

    @property
    def cold_cpu_s(self) -> float:
        return statistics.median(self.cold_cpu_runs)

    @property
    def loc_per_cpu_s(self) -> float:
        """Lines per CPU second: comparable across runs on a shared (loaded) machine."""
        return self.lines / self.cold_cpu_s if self.cold_cpu_s > 0 else 0.0

    @property
    def nochange_s(self) -> float:
        return statistics.median(self.nochange_runs)

    @property
    def loc_per_s(self) -> float:
        return self.lines / self.cold_s if self.cold_s > 0 else 0.0


def _remove_db(db: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        db.with_name(db.name + suffix).unlink(missing_ok=True)


def _db_bytes(db: Path) -> int:
    files = (db.with_name(db.name + s) for s in ("", "-wal", "-shm"))
    return sum(f.stat().st_size for f in files if f.exists())


class ProcSampler:
    """Calls ``sample()`` every ``interval`` seconds on a thread while the block runs (Linux, from
    /proc; a no-op elsewhere). Subclasses say what a sample records."""

    sample_first = False  # also sample once at the start

    def __init__(self, interval: float = 0.05) -> None:
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def __enter__(self) -> Self:
        if Path("/proc/self/stat").exists():
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def sample(self) -> None:
        raise NotImplementedError

    def _loop(self) -> None:
        if self.sample_first:
            self.sample()
        while not self._stop.wait(self.interval):
            self.sample()


class ChildSampler(ProcSampler):
    """The RSS of this process's children: peak of their sum and of any one."""

    def __init__(self, interval: float = 0.05) -> None:
        super().__init__(interval)
        self.peak_sum_kib = 0
        self.peak_one_kib = 0
        self._me = os.getpid()

    def sample(self) -> None:
        sizes = [_status_kib(pid) for pid in _children(self._me)]
        self.peak_sum_kib = max(self.peak_sum_kib, sum(rss for rss, _ in sizes))
        self.peak_one_kib = max([self.peak_one_kib, *(hwm for _, hwm in sizes)])


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # exited meanwhile
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
            found.append(int(entry.name))
    return found


def _status_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of ``pid`` in KiB; zeros once it has exited."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0, 0
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)

    def kib(name: str) -> int:
        return int(fields.get(name, "0 kB").split()[0])

    return kib("VmRSS"), kib("VmHWM")


def measure(corpus_root: Path, name: str, db: Path, repeat: int, serial: bool) -> Measurement:
    from lsai.indexer import pipeline  # lazily: the parent stays light

    if serial:
        pipeline.PARALLEL_THRESHOLD = sys.maxsize  # extract in this process, never in a pool
    run_index = pipeline.run_index
    result = Measurement(corpus=name)
    db.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(repeat):
        _remove_db(db)
        with ChildSampler() as sampler:
            started, cpu = time.perf_counter(), _cpu_seconds()
            summary = run_index(corpus_root, database=str(db), backend="tree-sitter")
            result.cold_runs.append(time.perf_counter() - started)
            result.cold_cpu_runs.append(_cpu_seconds() - cpu)
        result.pool_rss_sum_kib = max(result.pool_rss_sum_kib, sampler.peak_sum_kib)
        result.pool_rss_max_kib = max(result.pool_rss_max_kib, sampler.peak_one_kib)
    result.files, result.lines = summary.files_seen, summary.lines
    result.symbols, result.status = summary.symbols, summary.status
    for _ in range(repeat):
        started = time.perf_counter()
        again = run_index(corpus_root, database=str(db), backend="tree-sitter")
        result.nochange_runs.append(time.perf_counter() - started)
        result.nochange_reads = max(result.nochange_reads, len(again.reindexed))
    result.db_bytes = _db_bytes(db)
    result.max_rss_self_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result.max_rss_children_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return result


def _cpu_seconds() -> float:
    """User + system CPU seconds of this process and of its reaped children (a pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _corpus_root(corpus: Path, name: str) -> Path:
    return corpus if name == COMBINED else corpus / name


def measure_in_child(cache: Path, name: str, repeat: int, serial: bool) -> Measurement:
    argv = [sys.executable, str(Path(__file__).resolve()), "--cache", str(cache)]
    argv += ["--repeat", str(repeat), "--child", name, *(["--serial"] if serial else [])]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BenchError(f"measuring {name} failed:\n{done.stderr.strip()}")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return Measurement(**data)


def child_main(cache: Path, name: str, repeat: int, serial: bool) -> int:
    corpus = cache / "corpus"
    db = cache / "db" / f"{name}.db"
    result = measure(_corpus_root(corpus, name), name, db, repeat, serial)
    print(json.dumps(asdict(result)))
    return 0


# -- reporting ------------------------------------------------------------------------------------


def _mib(kib: int) -> str:
    return f"{kib / 1024:,.0f}"


HEADER = (
    f"{'corpus':<11}{'files':>7}{'lines':>10}{'symbols':>9}{'cold s':>8}{'LOC/s':>9}"
    f"{'CPU s':>7}{'LOC/CPU-s':>11}"
    f"{'no-change s':>13}{'RSS':>6}{'kids':>6}{'pool':>6}{'worker':>8}{'db':>6}"
)


def _row(m: Measurement) -> str:
    return (
        f"{m.corpus:<11}{m.files:>7,}{m.lines:>10,}{m.symbols:>9,}{m.cold_s:>8.2f}"
        f"{m.loc_per_s:>9,.0f}{m.cold_cpu_s:>7.2f}{m.loc_per_cpu_s:>11,.0f}"
        f"{m.nochange_s:>13.3f}{_mib(m.max_rss_self_kib):>6}"
        f"{_mib(m.max_rss_children_kib):>6}{_mib(m.pool_rss_sum_kib):>6}"
        f"{_mib(m.pool_rss_max_kib):>8}{m.db_bytes / 2**20:>6.0f}"
    )


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def _load(load: tuple[float, float]) -> str:
    return f"load average {load[0]:.2f} before, {load[1]:.2f} after"


def render(results: list[Measurement], repeat: int, serial: bool, load: tuple[float, float]) -> str:
    mode = "serial (no pool)" if serial else "pool as the pipeline decides"
    lines = [
        f"lsai index benchmark: tree-sitter backend, {mode}, median of {repeat} runs "
        f"(cold: fresh database each), {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
        + _load(load),
        HEADER,
        *(_row(m) for m in results),
        "",
        f"target: cold index >= {TARGET_LOC_PER_S:,} LOC/s",
    ]
    for m in results:
        lines.append(f"  {m.corpus:<11}{m.loc_per_s:>9,.0f} LOC/s  {_verdict(_cold_ok(m))}")
    big = max(results, key=lambda m: m.lines)
    lines += [
        f"target: no-change re-run of a >= {TARGET_NOCHANGE_LINES:,}-line tree <= "
        f"{TARGET_NOCHANGE_S:g} s",
        f"  100k+ lines ({big.corpus}, {big.lines:,} lines, {big.files:,} files): "
        f"{big.nochange_s:.3f} s, {big.nochange_reads} files read  {_verdict(_nochange_ok(big))}",
        "CPU s = user + system seconds of the cold run (pool workers included); on a loaded"
        " machine LOC/CPU-s compares runs where LOC/s cannot",
        "MiB: RSS = ru_maxrss(RUSAGE_SELF) of the measuring process; kids = ru_maxrss"
        "(RUSAGE_CHILDREN), inflated by the parent pages a fork shares;",
        "     pool = peak summed RSS of the child processes and worker = peak of one, sampled"
        " from /proc every 50 ms (0: no pool); db = index size on disk",
    ]
    lines += [f"warning: {m.corpus}: index {m.status}" for m in results if m.status != "complete"]
    return "\n".join(lines)


def _cold_ok(m: Measurement) -> bool:
    return m.loc_per_s >= TARGET_LOC_PER_S


def _nochange_ok(m: Measurement) -> bool:
    return m.lines >= TARGET_NOCHANGE_LINES and m.nochange_s <= TARGET_NOCHANGE_S


def as_json(
    results: list[Measurement], repeat: int, serial: bool, load: tuple[float, float]
) -> str:
    rows = []
    for m in results:
        row = asdict(m)
        row.update(cold_s=m.cold_s, nochange_s=m.nochange_s, loc_per_s=m.loc_per_s)
        row.update(cold_cpu_s=m.cold_cpu_s, loc_per_cpu_s=m.loc_per_cpu_s)
        row.update(cold_ok=_cold_ok(m), nochange_ok=m.nochange_s <= TARGET_NOCHANGE_S)
        rows.append(row)
    targets = {"loc_per_s": TARGET_LOC_PER_S, "nochange_s": TARGET_NOCHANGE_S}
    payload = {
        "repeat": repeat,
        "serial": serial,
        "cpus": os.cpu_count(),
        "load_average": {"before": load[0], "after": load[1]},
        "targets": targets,
        "corpora": rows,
    }
    return json.dumps(payload, indent=2)


# -- profiling ------------------------------------------------------------------------------------


def profile(cache: Path, corpus: Path, top: int) -> None:
    """Profile one cold index of the combined corpus, extraction included: no process pool."""
    from lsai.indexer import pipeline

    pipeline.PARALLEL_THRESHOLD = sys.maxsize  # serial, so cProfile sees the parsing too
    db = cache / "db" / "profile.db"
    db.parent.mkdir(parents=True, exist_ok=True)
    _remove_db(db)
    profiler = cProfile.Profile()
    load, started, cpu = os.getloadavg()[0], time.perf_counter(), _cpu_seconds()
    profiler.enable()
    summary = pipeline.run_index(corpus, database=str(db), backend="tree-sitter")
    profiler.disable()
    wall, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
    print(
        f"profiled cold run: {summary.lines:,} lines in {wall:.2f} s wall, {cpu:.2f} s CPU "
        f"(profiler overhead included), load average {load:.2f}"
    )
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(top)
    _remove_db(db)


# -- command line ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="download/corpus dir")
    parser.add_argument("--repeat", type=int, default=3, help="cold runs per corpus (median)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--profile", action="store_true", help="cProfile one combined cold run")
    parser.add_argument("--serial", action="store_true", help="no process pool (in-process)")
    parser.add_argument("--child", choices=(*CORPORA, COMBINED), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cache: Path = args.cache.resolve()
    if args.child:
        return child_main(cache, args.child, args.repeat, args.serial)
    try:
        corpus = fetch_corpus(cache, log=True)
        if args.profile:
            profile(cache, corpus, 30)
            return 0
        names = (*CORPORA, COMBINED)
        before = os.getloadavg()[0]
        results = [measure_in_child(cache, n, args.repeat, args.serial) for n in names]
        load = (before, os.getloadavg()[0])
    except BenchError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    report = as_json if args.json else render
    print(report(results, args.repeat, args.serial, load))
    return 0


if __name__ == "__main__":
    sys.exit(main())
