"""What commit the workspace is at, read from .git without running git."""

from __future__ import annotations

from pathlib import Path


def head_commit(root: Path) -> str | None:
    git = root / ".git"
    if git.is_file():  # a worktree or submodule: "gitdir: <path>"
        target = git.read_text(encoding="utf-8", errors="replace").strip()
        if not target.startswith("gitdir:"):
            return None
        git = (root / target.removeprefix("gitdir:").strip()).resolve()
    head = git / "HEAD"
    try:
        value = head.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not value.startswith("ref:"):
        return value or None
    ref = value.removeprefix("ref:").strip()
    for base in (git, _common_dir(git)):
        ref_file = base / ref
        if ref_file.is_file():
            return ref_file.read_text(encoding="utf-8").strip() or None
        packed = base / "packed-refs"
        if packed.is_file():
            for line in packed.read_text(encoding="utf-8").splitlines():
                if line.endswith(" " + ref):
                    return line.split(" ", 1)[0]
    return None


def _common_dir(git: Path) -> Path:
    common = git / "commondir"
    if common.is_file():
        return (git / common.read_text(encoding="utf-8").strip()).resolve()
    return git
