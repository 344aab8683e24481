"""Helpers of the LanguageSyntax profile: comments and blocks in the language of a file."""

from __future__ import annotations

from pathlib import PurePosixPath

HASH_COMMENT = frozenset({"python", "ruby", "bash", "shell", "perl", "r", "toml", "yaml", "elixir"})
DASH_COMMENT = frozenset({"lua", "sql", "haskell"})
INDENT_BLOCKS = frozenset({"python"})  # ``sig:`` + indented body; the rest use braces
_BY_SUFFIX = {
    ".py": "python", ".pyi": "python", ".rb": "ruby", ".sh": "bash", ".bash": "bash",
    ".lua": "lua", ".pl": "perl", ".r": "r", ".ex": "elixir", ".exs": "elixir",
}  # fmt: skip
CALLABLES = frozenset({"function", "method", "constructor"})


def language_of(path: str, language: str | None = None) -> str:
    """The language id given, or guessed from the file name for the comment style."""
    if language:
        return language
    return _BY_SUFFIX.get(PurePosixPath(path).suffix.lower(), "")


def comment(language: str) -> str:
    if language in HASH_COMMENT:
        return "#"
    if language in DASH_COMMENT:
        return "--"
    return "//"


def fence(language: str) -> str:
    """The Markdown fence language of a code block."""
    return {"csharp": "csharp", "cpp": "cpp", "tsx": "tsx"}.get(language, language)


def declaration(
    signature: str,
    kind: str,
    language: str,
    has_body: bool,
    parent_kind: str | None = None,
    modifiers: tuple[str, ...] | list[str] = (),
) -> str:
    """A signature as a line of code: opening a block when members follow, else a stub.

    Members of an interface and abstract members get no body; enum members end with a comma.
    """
    sig = signature.rstrip().rstrip("{").rstrip(":").rstrip()
    if language in INDENT_BLOCKS:
        if has_body or sig.startswith(("class ", "def ", "async def ")) or kind in CALLABLES:
            return sig + (":" if has_body else ": ...")
        return sig
    if has_body:
        return sig + " {"
    if parent_kind == "enum":
        return sig.rstrip(",;") + ","
    bodiless = parent_kind == "interface" or "abstract" in modifiers or "abstract " in sig
    callable_like = kind in CALLABLES or (kind == "property" and "(" in sig)
    if callable_like and not bodiless:
        return sig + " { }"
    return sig if sig.endswith((";", ",", "}")) else sig + ";"


def inline_body(signature: str) -> bool:
    """A declaration that already spells out its members (``type P = {x: number}``)."""
    return "{" in signature and signature.rstrip().endswith("}")


def annotate(code: str, language: str, note: str) -> str:
    return f"{code}  {comment(language)} {note}"
