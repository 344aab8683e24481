"""A run's first server, started while the tree-sitter pass runs (``indexer.headstart``), with
tsgo on the TypeScript fixture: the run's answers are about the text lsai read, even when a file
changed after the server loaded it from disk, and no server outlives a head start nobody used."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from lsai.indexer import pipeline, semantic
from lsai.indexer.headstart import HeadStart
from lsai.indexer.lsp import ServerRun, SourceText
from lsai.indexer.lsp.session import LspSession
from tests.trees import needs

pytestmark = needs("tsgo")

FIXTURES = Path(__file__).parent / "fixtures"
UTIL = "src/util.ts"


@pytest.fixture
def workspace(tmp_path: Path) -> tuple[Path, semantic.Group]:
    root = tmp_path / "typescript"
    shutil.copytree(FIXTURES / "typescript", root, ignore=shutil.ignore_patterns(".lsai"))
    paths = tuple(sorted(p.relative_to(root).as_posix() for p in (root / "src").iterdir()))
    return root, semantic.Group("tsgo", ".", paths)


def _sources(root: Path, group: semantic.Group) -> dict[str, tuple[str, str]]:
    return {t.path: (t.language, t.content) for t in group.texts_on_disk(root)}


def _errors(run: ServerRun, path: str) -> list[str]:
    return [d.message for d in run.files[path].diagnostics if d.severity == "error"]


def test_a_file_changed_after_the_server_loaded_it_is_answered_as_lsai_read_it(
    workspace: tuple[Path, semantic.Group],
) -> None:
    """The head start opened every file as it was on disk and asked their diagnostics; util.ts
    then changes (as during the tree-sitter pass): the run sends it, its new reference is
    found, and the diagnostics are asked again, including those of the file that calls it."""
    root, group = workspace
    with HeadStart(root, group) as head:
        sources = _sources(root, group)
        language, text = sources[UTIL]
        assert "makeCircle(r: number)" in text
        changed = text.replace("makeCircle(r: number)", "makeCircle(r: number, name: string)")
        sources[UTIL] = (language, changed + "\nexport const again = makeCircle(2, 'b');\n")
        budget = semantic.RestartBudget()
        run, problem = semantic.serve_group(group, root, sources, budget, started=head.take)
    assert problem is None and run is not None
    make = next(s for s in run.files[UTIL].symbols if s.name == "makeCircle")
    lines = changed.count("\n") + 2
    assert any(
        o.span.start_line == lines and o.symbol_key == make.key for o in run.files[UTIL].occurrences
    )
    assert any("Expected 2 arguments" in m for m in _errors(run, "src/view.tsx"))


def test_a_run_with_nothing_changed_answers_from_what_the_head_start_asked(
    workspace: tuple[Path, semantic.Group], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cold index: the pass runs on the session the head start loaded, whose diagnostics it
    asked while lsai read the files (not asked a second time)."""
    root, _ = workspace
    loaded: list[int] = []
    indexed: list[int] = []
    load, index = LspSession.load, LspSession.index

    async def spy_load(self: LspSession, files: list[SourceText]) -> None:
        loaded.append(id(self))
        await load(self, files)

    async def spy_index(self: LspSession, *args: object) -> ServerRun:
        indexed.append(id(self))
        pulls = self.lsp.request

        async def no_second_pull(
            method: str, params: object, *, timeout: float | None = None
        ) -> object:
            assert method != "textDocument/diagnostic", "asked again"
            return await pulls(method, params, timeout=timeout)

        self.lsp.request = no_second_pull  # type: ignore[method-assign]
        return await index(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(LspSession, "load", spy_load)
    monkeypatch.setattr(LspSession, "index", spy_index)
    summary = pipeline.run_index(root, database=str(root / "index.db"))
    assert summary.complete and summary.servers["tsgo"].diagnostics > 0
    assert loaded == indexed and len(loaded) == 1


def test_a_head_start_nobody_used_stops_its_server(
    workspace: tuple[Path, semantic.Group],
) -> None:
    root, group = workspace
    head = HeadStart(root, group)
    session = head._session
    assert session is not None and session.client is not None and session.client.alive
    process = session.client._process
    assert process is not None
    head.close()
    head.close()  # idempotent
    assert process.returncode is not None
    with pytest.raises(ProcessLookupError):
        os.kill(process.pid, 0)
