"""Whether a ``.h`` file is C or C++.

``.h`` is the header extension of both languages, and most C++ code bases use it (Google's and
LLVM's style, Qt). Read as C, a C++ header's classes and namespaces are keyed apart from the
``.cpp`` files that define their members (``lsai c ...`` against ``lsai cpp ...``), so a class's
name did not resolve to one symbol, and tree-sitter's C grammar misreads it where no server
answers. A header is C++ when its project has C++ sources and no C sources; C when it has C
sources alone; otherwise (both, or headers only) when its text shows C++ (``class``,
``namespace``, ``template <``, an access label, ``std::``, a C++ standard header), as GitHub's
linguist decides.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

from lsai.indexer.languages import BY_ID, Language

HEADER = ".h"
SNIFFED_BYTES = 16 * 1024
_STRUCTURE = re.compile(
    rb"^[ \t]*(?:(?:class|(?:using[ \t]+)?namespace)[ \t]+\w|template[ \t]*<"
    rb"|(?:private|public|protected)[ \t]*:|extern[ \t]+\"C\+\+\")",
    re.MULTILINE,
)
_STANDARD_INCLUDE = re.compile(
    rb"#[ \t]*include[ \t]*<(?:cstdint|cstddef|cstdlib|cstring|string|vector|map|set|list|"
    rb"array|memory|utility|functional|algorithm|optional|tuple|unordered_map|unordered_set|"
    rb"iostream|ostream|istream|sstream|fstream)>"
)
_HINTS = (b"class", b"namespace", b"template", b"public", b"private", b"protected", b'"C++"')
"""Words one of which a header's C++ structure spells: the line-by-line search (~0.7 ms for a
12 KiB header) runs only when one is there, as every walk reads the headers of a mixed project
(a C header: 0.05 ms)."""


def cpp_text(text: bytes) -> bool:
    """Whether a header's text shows C++ (its first ``SNIFFED_BYTES``)."""
    head = text[:SNIFFED_BYTES]
    if b"@interface" in head or b"@protocol" in head:
        return False  # Objective-C: read as C
    if b"std::" in head or (b"include" in head and _STANDARD_INCLUDE.search(head)):
        return True
    return any(hint in head for hint in _HINTS) and _STRUCTURE.search(head) is not None


def header_languages(
    headers: Iterable[tuple[str, str]],
    sources: Iterable[tuple[str, Language]],
    read: Callable[[str], bytes | None],
) -> dict[str, Language]:
    """The C++ headers among ``headers`` ((path, project) of each ``.h`` file), from the
    languages of their projects' ``sources`` ((project, language) of every other file) and,
    where those do not say, the header's text (``read``)."""
    kinds: dict[str, set[str]] = defaultdict(set)
    for project, language in sources:
        if language.id in ("c", "cpp"):
            kinds[project].add(language.id)
    cpp = BY_ID["cpp"]
    found: dict[str, Language] = {}
    for path, project in headers:
        seen = kinds.get(project, set())
        if seen == {"cpp"}:
            found[path] = cpp
        elif seen != {"c"}:
            text = read(path)
            if text is not None and cpp_text(text):
                found[path] = cpp
    return found


def is_header(path: str) -> bool:
    return PurePosixPath(path).suffix.lower() == HEADER


def read_head(root: Path) -> Callable[[str], bytes | None]:
    """A reader of the first ``SNIFFED_BYTES`` of a workspace file."""

    def read(path: str) -> bytes | None:
        try:
            with (root / path).open("rb") as f:
                return f.read(SNIFFED_BYTES)
        except OSError:
            return None

    return read
