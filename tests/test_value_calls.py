"""Reading a function without calling it is a call in gopls's call hierarchy: its incoming calls
of ``target`` list the function that passes ``target`` as a value (``apply(target)``), stores it
(``g := target``) or takes a method value (``apply(m.Middleware)``), and the package for a
package-level table of functions, though its outgoing calls list only the calls. lsai's callers
follow the incoming calls (``ServerAdapter.reads_call``); compared with the live gopls."""

from __future__ import annotations

from pathlib import Path

from tests.test_ty_union_calls import callers_beside_server

FILES = {
    "go.mod": "module example.com/gov\n\ngo 1.19\n",
    "a.go": (
        "package gov\n\n"  # 1-2
        "type Mw struct{}\n\n"  # 3-4
        "func (m Mw) Middleware(x int) int { return x }\n\n"  # 5-6
        "func target(x int) int { return x + 1 }\n\n"  # 7-8
        "func apply(f func(int) int) int { return f(1) }\n\n"  # 9-10
        "func User(m Mw) int {\n"  # 11
        "\tg := target\n"  # 12
        "\treturn apply(target) + apply(m.Middleware) + g(2) + target(3)\n"  # 13
        "}\n\n"  # 14-15
        'var table = map[string]func(int) int{"t": target}\n\n'  # 16-17
        "func lit() func() int {\n"  # 18
        "\treturn func() int { return target(4) }\n"  # 19
        "}\n"
    ),
}
ASKED = [("a.go", 7, 6), ("a.go", 5, 13), ("a.go", 9, 6)]  # target, Mw.Middleware, apply


def test_a_function_read_as_a_value_is_called_where_gopls_says(tmp_path: Path) -> None:
    stored, live = callers_beside_server(tmp_path, FILES, "gopls", ASKED)
    # gopls names the package ``gov`` and a function literal ``lit.func()``: lsai's <module>, lit
    spelled = {"gov": "<module>", "lit.func()": "lit"}
    server = {at: {(spelled.get(n, n), p) for n, p in found} for at, found in live.items()}
    assert stored == server
    assert ("<module>", "a.go") in stored[ASKED[0]] and ("User", "a.go") in stored[ASKED[1]]
