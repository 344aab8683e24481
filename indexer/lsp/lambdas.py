"""The library calls made in a Python lambda, asked where they lead.

ty's outgoing calls of a function list no call made in a lambda inside it (``each(lambda v:
out.append(v))``), and a lambda is no callable lsai could ask: the call edge of ``out.append``
there was tree-sitter's alone, with no library callee, so ``usages`` at ``append`` left it out
and refused when asked at it, where ty's references list it with the function's other calls of
``list.append`` (pluggy: 3 positions, 4 calls each). After the calls pass, each call in a lambda
that no outgoing call answered asks the server's definition once; one landing outside the
workspace becomes the call's library callee, as an outgoing call's does (``passes._external``).
A call the references pass tied to a workspace symbol asks nothing: merge joins it to its
callee already.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable

from lsai.indexer.lsp import passes, resolve
from lsai.indexer.lsp.bases import python_module
from lsai.storage.records import CallRecord, ExternalSymbol, Span

_IN_LAMBDA = re.compile(r"\blambda\b[^:]*:")
"""A lambda's head before the call on its line (``key=lambda s: s.lower()``)."""


async def lambda_calls(
    context: passes.Context, path: str, calls: Iterable[tuple[Span, str]]
) -> int:
    """The library callees of ``path``'s calls in lambdas (``calls``: tree-sitter's call
    sites of the file, each where and the name called) that no outgoing call answered; how
    many were asked."""
    data = context.file(path)
    answered = {(c.line, c.col) for c in data.calls}
    tied = passes.keyed_positions(context, path)
    lines = context.documents.lines(path)
    asked = [
        (span, name)
        for span, name in calls
        if (at := (span.start_line, span.start_col)) not in answered
        and at not in tied
        and _IN_LAMBDA.search(lines[at[0] - 1][: at[1] - 1] if at[0] <= len(lines) else "")
    ]
    if not asked:
        return 0
    document = {"uri": context.documents.uri(path)}
    answers = await asyncio.gather(
        *(resolve.ask_definition(context, path, document, span) for span, _ in asked)
    )
    for (span, name), answer in zip(asked, answers, strict=True):
        uri, range_ = answer[0] if answer else ("", None)
        if range_ is None or not uri.startswith("file:") or context.documents.path_of(uri):
            continue  # none, or the workspace's own
        line, col = span.start_line, span.start_col
        member = lines[line - 1][: col - 1].rstrip().endswith(".")
        external = ExternalSymbol.at(
            uri,
            name,
            "method" if member else "function",
            python_module(uri),
            range_.start.line + 1,
            range_.start.character + 1,
        )
        caller = context.index.enclosing(path, line, col)
        data.calls.append(
            CallRecord(
                caller_key=caller.key if caller is not None else None,
                callee_name=name,
                line=line,
                col=col,
                external=external,
            )
        )
    return len(asked)
