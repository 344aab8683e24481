"""Test files, by the conventions of each language's tooling (pytest, jest/vitest, go test,
Maven and Gradle, xUnit/NUnit, cargo, RSpec/minitest, PHPUnit, Kotlin): the tests ``impact``
finds, and the candidates an ambiguous answer lists last; and the code that shows a project's API
as its users call it (docs, examples, benchmarks), whose calls ``impact`` counts as users'."""

from __future__ import annotations

import re
from functools import lru_cache

TEST_FILES = (
    r"(^|/)test_[^/]*\.py$", r"_test\.py$", r"(^|/)tests?/.*\.py$", r"(^|/)conftest\.py$",
    r"\.(test|spec)\.[cm]?[jt]sx?$", r"(^|/)__tests__/",
    r"_test\.go$",
    r"(^|/)src/test/", r"Tests?\.(java|kt)$",
    r"Tests?\.cs$", r"(^|/)[^/]*\.Tests?/",
    r"(^|/)tests/.*\.rs$",
    r"_(spec|test)\.rb$", r"(^|/)spec/",
    r"Test\.php$",
    r"(^|/)tests?/.*\.(c|cc|cpp|h|hpp)$", r"_test\.(c|cc|cpp)$",
)  # fmt: skip
TEST_FILE_PATTERN = re.compile("|".join(TEST_FILES))


@lru_cache(maxsize=4096)
def is_test_file(path: str) -> bool:
    return TEST_FILE_PATTERN.search(path) is not None


SAMPLE_FILE_PATTERN = re.compile(
    r"(^|/)(docs?|docs_src|examples?|samples?|benchmarks?)/", re.IGNORECASE
)


@lru_cache(maxsize=4096)
def is_sample_file(path: str) -> bool:
    return SAMPLE_FILE_PATTERN.search(path) is not None
