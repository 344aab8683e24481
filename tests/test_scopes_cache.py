"""The scope analyses a query server runs again and again are kept by file text, within a byte
budget (``renaming.cached``)."""

from __future__ import annotations

import pytest

from lsai.indexer.treesitter import renaming
from lsai.indexer.treesitter.renaming import SCOPES


def test_an_analysis_is_kept_by_text_and_the_oldest_goes_past_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(renaming, "CACHED_BYTES", 10)
    runs: list[bytes] = []

    def analysis(language: str, source: bytes) -> dict[str, int]:
        runs.append(source)
        return {language: len(source)}

    kept = renaming.cached(analysis)
    assert kept("python", b"aaaa") == {"python": 4}
    assert kept("python", b"aaaa") == {"python": 4}  # kept: not run again
    kept("python", b"bbbbbb")  # 4 + 6 bytes: both kept
    kept("python", b"aaaa")  # touched: the newest
    kept("python", b"cc")  # 12 > 10: the oldest (bbbbbb) goes
    kept("python", b"aaaa")
    kept("python", b"bbbbbb")
    kept("python", b"x" * 11)  # over the whole budget: answered, not kept
    kept("python", b"x" * 11)
    assert runs == [b"aaaa", b"bbbbbb", b"cc", b"bbbbbb", b"x" * 11, b"x" * 11]


def test_the_scopes_of_a_text_are_the_same_answer_each_time() -> None:
    source = b"def f(a):\n    return a\n"
    first = SCOPES.renamable("python", source)
    assert first and SCOPES.renamable("python", source) is first
    assert SCOPES.renamable("python", source + b"\n") == first  # another text: analysed anew
