"""Agreement benchmark: lsai's usages against the live server's references, symbol by symbol,
on a random sample of a benchmark tree: TypeScript (zod and rxjs sources, tsgo) or Python
(requests, flask, attrs, rich, click, jinja2, werkzeug; ty).

It indexes the tree (``semantic_bench``'s corpus) into a scratch database, samples symbols of
every kind by seed, asks the server ``textDocument/references`` for each (the declaration itself
taken out; TypeScript asked until two rounds agree: ``tests.test_references_match_server.live``;
Python in a session per project, as the index asks) and lsai's ``usages`` (every page), and prints
how many answers are the same set of file:line:col, the sites missing and extra, and the worst
symbols. It prints figures; it is not a test.

    .venv/bin/python bench/agreement_bench.py [--corpus typescript|python] [--tree PATH]
        [--symbols 300] [--seed 7] [--db PATH] [--worst 10]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH_DIR), str(BENCH_DIR.parent)]


from lsai.indexer.crawler import discover  # noqa: E402
from lsai.indexer.lsp.documents import Documents, SourceText  # noqa: E402
from lsai.indexer.lsp.session import LspSession  # noqa: E402
from lsai.indexer.pipeline import run_index  # noqa: E402
from lsai.query.usages import UsagesInput, usages  # noqa: E402
from lsai.query.workspace import open_workspace  # noqa: E402
from tests.test_references_match_server import _references, live  # noqa: E402

CORPORA = BENCH_DIR / ".bench-cache" / "corpus"
KINDS = ("method", "property", "field", "function", "class", "interface", "constant", "variable")
Site = tuple[str, int, int]


def sample(db: Path, n: int, seed: int) -> dict[str, Site]:
    """``n`` symbols of the index, by seed: key -> where its name is."""
    marks = ", ".join("?" * len(KINDS))
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT s.key, f.path, s.name_line, s.name_col FROM symbols s "
            f"JOIN files f ON f.id = s.file_id WHERE s.is_external = 0 AND s.kind IN ({marks}) "
            "ORDER BY s.key",
            KINDS,
        ).fetchall()
    chosen = random.Random(seed).sample(rows, min(n, len(rows)))
    return {key: (path, line, col) for key, path, line, col in chosen}


async def python_references(root: Path, symbols: dict[str, Site]) -> dict[str, set[Site]]:
    """ty's references of each symbol, without its own name: one session per project."""
    workspace = discover(root)
    by_project: dict[str, dict[str, Site]] = {}
    for key, at in symbols.items():
        by_project.setdefault(workspace.project_of(at[0]), {})[key] = at
    found: dict[str, set[Site]] = {}
    for project, asked in sorted(by_project.items()):
        files = [
            SourceText(f.path, f.language.id, f.absolute.read_text(encoding="utf-8"), project)
            for f in workspace.files
            if workspace.project_of(f.path) == project and f.language.id == "python"
        ]
        async with LspSession("ty", root, project) as session:
            documents = Documents(session.workspace_root, files, session.lsp.encoding)
            await session.index(files)
            for key, at in asked.items():
                found[key] = await _references(session, documents, at)
    return found


def lsai_sites(tree: Path, db: Path, symbols: dict[str, Site]) -> dict[str, set[Site]]:
    """lsai's usages of each symbol, asked by its position, every page."""
    ws = open_workspace(tree, str(db))
    found: dict[str, set[Site]] = {}
    try:
        for key, (path, line, col) in symbols.items():
            sites: set[Site] = set()
            offset: int | None = 0
            while offset is not None:
                asked = UsagesInput(file=path, line=line, col=col, limit=100, offset=offset)
                answer = usages(ws, asked)
                sites |= {(f.file, u.line, u.col) for f in answer.files for u in f.usages}
                offset = answer.next_offset
            found[key] = sites
    finally:
        ws.close()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=("typescript", "python"), default="typescript")
    parser.add_argument(
        "--tree", type=Path, help="another tree to measure, served as --corpus says (tsgo or ty)"
    )
    parser.add_argument("--symbols", type=int, default=300, help="symbols sampled (300)")
    parser.add_argument("--seed", type=int, default=7, help="sampling seed (7)")
    parser.add_argument("--db", type=Path, help="an index of the tree to use as it is")
    parser.add_argument("--worst", type=int, default=10, help="symbols listed (10)")
    args = parser.parse_args()
    corpus = args.tree or CORPORA / args.corpus
    if not corpus.is_dir():
        print(f"no corpus at {corpus}: run bench/semantic_bench.py once", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="lsai-agreement-") as scratch:
        db = args.db or Path(scratch) / "index.db"
        if args.db is None:
            print(f"indexing {corpus} ...", file=sys.stderr)
            run_index(corpus, database=str(db))
        symbols = sample(db, args.symbols, args.seed)
        print(f"asking the server about {len(symbols)} symbols ...", file=sys.stderr)
        asked = python_references if args.corpus == "python" else live
        server = asyncio.run(asked(corpus, symbols))
        ours = lsai_sites(corpus, db, symbols)
    same = sum(1 for key in symbols if ours[key] == server[key])
    missing = sum(len(server[k] - ours[k]) for k in symbols)
    extra = sum(len(ours[k] - server[k]) for k in symbols)
    print(
        f"{args.corpus}: usages vs the server's references, {len(symbols)} symbols "
        f"(seed {args.seed}): "
        f"{same} the same ({100 * same / len(symbols):.1f}%), "
        f"sites missing {missing}, extra {extra}"
    )

    def wrong(key: str) -> int:
        return len(server[key] - ours[key]) + len(ours[key] - server[key])

    worst = sorted(symbols, key=lambda k: -wrong(k))[: args.worst]
    for key in worst:
        gone, more = len(server[key] - ours[key]), len(ours[key] - server[key])
        if gone or more:
            print(f"  {gone:4} missing {more:4} extra  {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
