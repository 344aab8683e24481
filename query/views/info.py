"""Text profiles of the info tool.

compact prints each field the index holds, but the return type and the parameters where the
signature spells them out (the structured answer keeps both); verbose prints them all."""

from __future__ import annotations

from lsai.query.contracts import TypeRef
from lsai.query.info import InfoResult
from lsai.query.render import footer, renders
from lsai.query.views.hierarchy import where


def _types(types: list[TypeRef]) -> str:
    return ", ".join(f"{t.qualified_name or t.name} ({where(t).strip('()')})" for t in types)


def _fields(result: InfoResult, spelled: bool) -> list[tuple[str, str | None]]:
    """The fields of the answer, each as its text prints it; ``spelled``: also the return
    type and the parameters the signature already spells out (compact leaves those out)."""
    s = result.symbol
    signature = s.signature or ""
    returns, params = result.return_type, result.params
    if not spelled and returns and signature.rstrip(" :{;").endswith(returns):
        returns = None  # ``def send(...) -> Response``: the signature's end
    if not spelled and params and params in signature:
        params = None
    return [
        ("namespace", s.namespace),
        ("containing", result.containing),
        ("modifiers", " ".join(result.modifiers) or None),
        ("accessibility", result.accessibility),
        ("signature", s.signature),
        ("return", returns),
        ("params", params),
        ("base", _types(result.base) or None),
        ("implements", _types(result.implements) or None),
        ("members", result.members),
        ("constructors", "; ".join(result.constructors) or None),
        ("attributes", " ".join(result.attributes) or None),
        ("doc", result.doc),
    ]


def _text(result: InfoResult, spelled: bool) -> str:
    s = result.symbol
    lines = [f"{s.file}:{s.line} {s.kind} {s.qualified_name}"]
    lines.extend(f"  {name}: {value}" for name, value in _fields(result, spelled) if value)
    if result.overloads:
        lines.append(f"  overloads: {len(result.overloads)} more")
        lines.extend(f"    {o.line}: {o.signature}" for o in result.overloads)
    if result.unavailable:
        lines.append(f"  unavailable: {'; '.join(result.unavailable)}")
    return "\n".join(lines + footer(f"{s.kind} {s.qualified_name}", result.provenance))


@renders(InfoResult, "compact")
def _info_compact(result: InfoResult) -> str:
    return _text(result, spelled=False)


@renders(InfoResult, "verbose")
def _info_verbose(result: InfoResult) -> str:
    return _text(result, spelled=True)


@renders(InfoResult, "grep")
def _info_grep(result: InfoResult) -> str:
    s = result.symbol
    line = f"{s.file}:{s.line}:{s.col}: {s.kind} {s.signature or s.qualified_name}"
    return "\n".join([line, *footer(f"{s.kind} {s.qualified_name}", result.provenance)])
