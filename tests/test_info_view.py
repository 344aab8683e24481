"""The text of the info tool: compact leaves out what the signature already spells."""

from __future__ import annotations

from lsai.query.contracts import SymbolRef
from lsai.query.info import InfoResult
from lsai.query.render import render


def _method(signature: str, returns: str | None, params: str | None) -> InfoResult:
    ref = SymbolRef(
        name="send",
        kind="method",
        qualified_name="Client.send",
        file="httpx/_client.py",
        line=891,
        col=9,
        signature=signature,
        backend="lsp",
    )
    return InfoResult.model_validate({"symbol": ref, "return": returns, "params": params})


def test_compact_leaves_out_the_return_type_and_parameters_the_signature_spells() -> None:
    params = "(self, request: Request, *, stream: bool = False)"
    found = _method(f"def send{params} -> Response", "Response", params)
    assert render(found).splitlines() == [
        "httpx/_client.py:891 method Client.send",
        f"  signature: def send{params} -> Response",
        "[method Client.send]",
    ]
    assert "  return: Response" in render(found, "verbose").splitlines()
    assert f"  params: {params}" in render(found, "verbose").splitlines()
    assert render(found, "json").count("Response") == 2  # the structured answer keeps both


def test_compact_keeps_a_return_type_or_parameters_the_signature_does_not_spell() -> None:
    found = _method("send(request)", "Promise<Response>", "(request: Request)")
    assert "  return: Promise<Response>" in render(found).splitlines()
    assert "  params: (request: Request)" in render(found).splitlines()
    typescript = _method("send(request: Request): Promise<Response>", "Promise<Response>", None)
    assert not any(line.startswith("  return:") for line in render(typescript).splitlines())
