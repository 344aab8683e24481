"""The language registry: data, not code.

Each entry says how to recognise a language's files and which tree-sitter grammar parses them.
Later entries grow the language servers that serve them. Add a language by adding an entry here
(and, for rich extraction, a query file in ``indexer/treesitter/queries/``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class Grammar:
    """Where a grammar comes from: a per-language wheel first, else the language pack."""

    module: str | None  # e.g. "tree_sitter_python"
    function: str = "language"
    pack_name: str | None = None  # name in tree-sitter-language-pack 0.13 (bundled, offline)


@dataclass(frozen=True)
class Language:
    id: str
    name: str
    extensions: tuple[str, ...]
    grammar: Grammar
    filenames: tuple[str, ...] = ()


def _wheel(module: str, function: str = "language", pack: str | None = None) -> Grammar:
    return Grammar(module=module, function=function, pack_name=pack)


def _pack(name: str) -> Grammar:
    return Grammar(module=None, pack_name=name)


LANGUAGES: tuple[Language, ...] = (
    Language("python", "Python", (".py", ".pyi"), _wheel("tree_sitter_python", pack="python")),
    Language(
        "typescript",
        "TypeScript",
        (".ts", ".mts", ".cts"),
        _wheel("tree_sitter_typescript", "language_typescript", "typescript"),
    ),
    Language("tsx", "TSX", (".tsx",), _wheel("tree_sitter_typescript", "language_tsx", "tsx")),
    Language(
        "javascript",
        "JavaScript",
        (".js", ".jsx", ".mjs", ".cjs"),
        _wheel("tree_sitter_javascript", pack="javascript"),
    ),
    Language("go", "Go", (".go",), _wheel("tree_sitter_go", pack="go")),
    Language("rust", "Rust", (".rs",), _wheel("tree_sitter_rust", pack="rust")),
    Language("java", "Java", (".java",), _wheel("tree_sitter_java", pack="java")),
    Language("csharp", "C#", (".cs",), _wheel("tree_sitter_c_sharp", pack="csharp")),
    Language("c", "C", (".c", ".h"), _wheel("tree_sitter_c", pack="c")),
    Language(
        "cpp",
        "C++",
        (".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp"),
        _wheel("tree_sitter_cpp", pack="cpp"),
    ),
    # Through tree-sitter-language-pack (the `languages` extra), outlines by node-type rules.
    Language("ruby", "Ruby", (".rb", ".rake", ".gemspec"), _pack("ruby"), ("Rakefile", "Gemfile")),
    Language("php", "PHP", (".php",), _pack("php")),
    Language("kotlin", "Kotlin", (".kt", ".kts"), _pack("kotlin")),
    Language("scala", "Scala", (".scala", ".sc"), _pack("scala")),
    Language("swift", "Swift", (".swift",), _pack("swift")),
    Language("lua", "Lua", (".lua",), _pack("lua")),
    Language("bash", "Bash", (".sh", ".bash"), _pack("bash")),
    Language("elixir", "Elixir", (".ex", ".exs"), _pack("elixir")),
    Language("haskell", "Haskell", (".hs",), _pack("haskell")),
    Language("dart", "Dart", (".dart",), _pack("dart")),
)

BY_ID: dict[str, Language] = {lang.id: lang for lang in LANGUAGES}
_BY_EXTENSION: dict[str, Language] = {ext: lang for lang in LANGUAGES for ext in lang.extensions}
_BY_FILENAME: dict[str, Language] = {name: lang for lang in LANGUAGES for name in lang.filenames}


def language_for(path: str) -> Language | None:
    """The language of a workspace-relative path, or None when lsai does not index it."""
    pure = PurePosixPath(path)
    by_name = _BY_FILENAME.get(pure.name)
    if by_name is not None:
        return by_name
    return _BY_EXTENSION.get(pure.suffix.lower())
