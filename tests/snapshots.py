"""Snapshot files for tests: compare with tests/snapshots/<name>, regenerate with a flag.

Regenerate with ``LSAI_UPDATE_SNAPSHOTS=1 pytest`` (never edit a snapshot by hand); review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from lsai.storage.records import FileIndex, SymbolRecord

SNAPSHOTS = Path(__file__).parent / "snapshots"


def assert_snapshot(name: str, actual: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("LSAI_UPDATE_SNAPSHOTS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), f"no snapshot {path}; run with LSAI_UPDATE_SNAPSHOTS=1 to create it"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"snapshot {name} differs; LSAI_UPDATE_SNAPSHOTS=1 regenerates it"


def _details(s: SymbolRecord) -> list[str]:
    fields = [
        ("mods", ",".join(s.modifiers)),
        ("access", s.accessibility or ""),
        ("attrs", " ".join(s.attributes)),
        ("returns", s.return_type or ""),
        ("params", s.parameters or ""),
        ("ns", s.namespace or ""),
        ("doc", s.doc.splitlines()[0] if s.doc else ""),
    ]
    return [f"{name}={value}" for name, value in fields if value]


def render_extraction(data: FileIndex) -> str:
    """A stable, reviewable text form of what a backend extracted from one file."""
    out: list[str] = ["# symbols"]
    for s in data.symbols:
        depth = s.qualified_name.count(".")
        extra = _details(s)
        out.append(
            f"{'  ' * depth}{s.name_span.start_line}:{s.name_span.start_col} {s.kind} "
            f"{s.qualified_name} :: {s.signature}"
        )
        if extra:
            out.append(f"{'  ' * depth}    {' | '.join(extra)}")
        out.append(f"{'  ' * depth}    key={s.key}")
    out.append("# calls")
    for c in data.calls:
        caller = c.caller_key.rsplit(" ", 1)[-1] if c.caller_key else "<top>"
        out.append(f"{c.line}:{c.col} {caller} -> {c.callee_name}")
    out.append("# type edges")
    for t in data.type_edges:
        out.append(f"{t.line} {t.source_key.rsplit(' ', 1)[-1]} {t.relation} {t.target_name}")
    out.append("# occurrences (non-reference roles)")
    for o in data.occurrences:
        if o.role != "reference":
            out.append(f"{o.span.start_line}:{o.span.start_col} {o.role} {o.name}")
    refs = sum(1 for o in data.occurrences if o.role == "reference")
    out.append(f"# {refs} reference occurrences")
    return "\n".join(out) + "\n"
