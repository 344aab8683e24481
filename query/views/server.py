"""Text profiles of the server tool."""

from __future__ import annotations

from lsai.query.render import renders
from lsai.query.server import LanguageCapability, ServerResult
from lsai.words import plural


def _limited(lang: LanguageCapability) -> str:
    limits = [f"{tool} {how}" for tool, how in lang.tools.items() if how != "full"]
    return f" ({'; '.join(limits)})" if limits else ""


def _freshness(r: ServerResult) -> list[str]:
    f = r.freshness
    lines = [
        f"index: {f.status}"
        + (f", last run {f.finished_at or f.started_at}" if f.started_at else "")
        + (f", updated {f.last_updated}" if f.last_updated not in (None, f.finished_at) else "")
        + (", watching" if f.watching else "")
    ]
    if f.pending:
        more = f" (+{len(f.pending) - 5} more)" if len(f.pending) > 5 else ""
        lines.append(f"  pending: {', '.join(f.pending[:5])}{more}")
    if f.indexed_commit or f.head_commit:
        if f.commit_matches is True:
            state = "same as HEAD"
        elif f.commit_matches is False:
            state = f"HEAD is now {(f.head_commit or '?')[:12]}"
        else:
            state = "indexed outside git" if f.indexed_commit is None else "no git HEAD now"
        lines.append(f"  commit: {(f.indexed_commit or 'none')[:12]} ({state})")
    problems = {s: n for s, n in f.files_by_status.items() if s != "complete" and n}
    if problems:
        lines.append("  files: " + ", ".join(f"{n} {s}" for s, n in sorted(problems.items())))
    lines.extend(f"! {note}" for note in f.notes)
    return lines


@renders(ServerResult, "compact")
def _compact(r: ServerResult) -> str:
    lines = [f"lsai v{r.version}", f"protocol: {r.protocol}", "languages:"]
    width = max((len(lang.language) for lang in r.languages), default=0)
    for lang in r.languages:
        n = len([t for t, how in lang.tools.items() if how != "unavailable"])
        lines.append(
            f"  {lang.language.ljust(width)}  tier {lang.tier}  {lang.backend}  "
            f"{lang.files} {plural('file', lang.files)}  {n} tools"
        )
    if not r.languages:
        lines.append("  (none indexed)")
    lines.append("workspaces:")
    for ws in r.workspaces:
        langs = ", ".join(ws.languages) or "no languages"
        lines.append(f"  {ws.id} | {langs} | {ws.path} | {ws.files} {plural('file', ws.files)}")
    return "\n".join(lines + _freshness(r))


@renders(ServerResult, "verbose")
def _verbose(r: ServerResult) -> str:
    """Compact plus each language's files per backend and what its tools give at its tier."""
    lines = [f"lsai v{r.version}", f"protocol: {r.protocol}", "languages:"]
    for lang in r.languages:
        per = ", ".join(f"{n} {b}" for b, n in sorted(lang.files_by_backend.items()))
        lines.append(f"  {lang.language}  tier {lang.tier}  {lang.backend}  ({per})")
        lines.append(f"    tools: {', '.join(lang.tools)}{_limited(lang)}")
    lines.append("workspaces:")
    for ws in r.workspaces:
        projects = f"{ws.projects} {plural('project', ws.projects)}"
        lines.append(f"  {ws.id} | {ws.path} | {ws.files} {plural('file', ws.files)} | {projects}")
    return "\n".join(lines + _freshness(r))


@renders(ServerResult, "turbo")
def _turbo(r: ServerResult) -> str:
    langs = " ".join(f"{lang.language}:{lang.tier}" for lang in r.languages)
    files = sum(ws.files for ws in r.workspaces)
    return f"lsai {r.version} {r.protocol} {langs} files:{files} index:{r.freshness.status}"


@renders(ServerResult, "grep")
def _grep(r: ServerResult) -> str:
    lines = [
        f"language:{lang.language}: tier {lang.tier} {lang.backend} {lang.files} files"
        for lang in r.languages
    ]
    lines.extend(f"workspace:{ws.id}: {ws.path} {ws.files} files" for ws in r.workspaces)
    lines.append(f"index:{r.freshness.status}: {r.version} {r.protocol}")
    return "\n".join(lines)
