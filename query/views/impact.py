"""Text profiles of the impact tool."""

from __future__ import annotations

from lsai.query.impact import ImpactResult, ImpactSymbol
from lsai.query.render import footer, renders
from lsai.words import plural


def _names(symbols: list[ImpactSymbol], total: int) -> str:
    names = ", ".join(f"{s.name} ({s.file}:{s.line})" for s in symbols)
    return names + (f", ... {total - len(symbols)} more" if total > len(symbols) else "")


@renders(ImpactResult, "compact")
def _impact_compact(result: ImpactResult) -> str:
    s = result.symbol
    lines = [
        f"{s.kind} {s.qualified_name}  {s.file}:{s.line}",
        f"direct usages: {result.direct_usages} in {result.direct_files} "
        + plural("file", result.direct_files),
    ]
    for level in result.caller_chain:
        names = ", ".join(level.callers) + (" ..." if level.count > len(level.callers) else "")
        prefix = "" if level.depth == 1 else "+"
        lines.append(f"caller chain depth {level.depth}: {prefix}{level.count} ({names})")
    if not result.caller_chain:
        lines.append("caller chain: (no callers)")
    api = _names(result.public_api, result.public_api_count)
    lines.append(f"public API paths: {result.public_api_count}" + (f" ({api})" if api else ""))
    tests = _names(result.affected_tests, result.affected_test_count)
    lines.append(
        f"tests: {result.affected_test_count} ({tests})"
        if tests
        else "tests: no test function reaches it"
    )
    if result.test_files:
        more = result.test_file_count - len(result.test_files)
        shown = ", ".join(result.test_files) + (f", ... {more} more" if more else "")
        lines.append(f"test files: {result.test_file_count} ({shown})")
    lines.append(f"risk: {result.risk} — {result.reason}")
    lines.extend(f"unavailable: {u}" for u in result.unavailable)
    return "\n".join(lines + footer(f"risk {result.risk}", result.provenance))


@renders(ImpactResult, "grep")
def _impact_grep(result: ImpactResult) -> str:
    lines = [f"{t.file}:{t.line}:1: test {t.name}" for t in result.affected_tests]
    lines.extend(f"{a.file}:{a.line}:1: public API {a.name}" for a in result.public_api)
    return "\n".join(lines + footer(f"risk {result.risk}: {result.reason}", result.provenance))
