"""Whether a member call on a line below belongs to the chain whose object starts at a site.

tsgo sites a member call where its object starts (``obj.go()`` from ``obj``; a chain's calls on
the lines below, ``names\\n  .trim()\\n  .split(/ +/)``, from its first line). The call's own
name is the first of its name after that site on a line the chain reaches: the chain goes on
over each line break inside the brackets it opened (a callback's body, an object literal
argument: ``new ReadableStream({ ... 14 lines ... })\\n  .pipeThrough(...)``, trpc's jsonl.ts),
and over one outside them only to a line continuing it (``.name``, ``?.name``; blank and
comment lines between do not end it) or below a line ending with the dot (``[a, b].\n
filter(...)``). A window of ten lines left a call after a longer
callback at its object's start: usages of the library member listed that site.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CONTINUES = re.compile(r"\s*\??\.\s*")
"""A line continuing a chain: ``.name``, ``?.name``."""
_GOES_ON = re.compile(r"\s*(?:\([^()]*\)\s*)*[!?]?\.\s*[\w$#]")
"""What goes on with a chain after the brackets that close it on a line: calls, then
``.name`` (``().catch``, ``?.name``, ``!.name``)."""
_LEADS_ON = re.compile(r"[\w$)\]}]\s*[!?]?\.\s*$")
"""A line whose chain goes on below it, its dot left at its end (mongoose's ``const _path =
[a, b].\n  filter(v => !!v).\n  join('.')``); not a spread's ``...``."""
_EMPTY = re.compile(r"\s*(?:$|//|/\*|\*)")
"""A blank or comment line, which does not end a chain."""
LONGEST = 400
"""How many lines below its object a chain is followed (a bracket a string or a regular
expression opens is never closed: the rest of the file would be read for each call)."""


def _goes_on(text: str, depth: int) -> bool:
    """Whether ``text``, a line inside ``depth`` brackets the chain opened, closes them all and
    goes on with the chain after them (``})().catch(f)``, ``}).then(g)``)."""
    for index, char in enumerate(text):
        depth += (char in "([{") - (char in ")]}")
        if depth == 0:
            return _GOES_ON.match(text, index + 1) is not None
    return False


def _leads_on(text: str) -> bool:
    """Whether the line ``text`` ends with its chain's dot (``_LEADS_ON``), not a comment's
    full stop (``// the end.``, `` * a sentence.``)."""
    return _LEADS_ON.search(text) is not None and "//" not in text and not _EMPTY.match(text)


def chain_lines(lines: Sequence[str], at: tuple[int, int]) -> list[int]:
    """The lines of ``lines`` the chain whose object starts at ``at`` (1-based line and column)
    goes on to: ``at``'s own, then each line below continuing it outside the brackets it
    opened (a ``.name`` inside a callback is another chain's) or closing them and going on
    after them (``})().catch(f)``: tsgo sites that ``catch`` at the ``(``), up to where it
    ends."""
    out = [at[0]]
    depth = 0
    for number in range(at[0], min(len(lines), at[0] + LONGEST)):
        text = lines[number - 1][at[1] - 1 :] if number == at[0] else lines[number - 1]
        if depth > 0 and _goes_on(text, depth):
            out.append(number)  # `})().catch(f)`: the chain goes on past the brackets' close
        depth += sum(map(text.count, "([{")) - sum(map(text.count, ")]}"))
        following = lines[number]
        if depth > 0 or _EMPTY.match(following):
            continue
        if not (_CONTINUES.match(following) or _leads_on(text)):
            break
        out.append(number + 1)
    return out
