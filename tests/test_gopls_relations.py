"""Go's relations that no clause names, as gopls answers them and lsai keeps them: an embedded
field is a use of its type, a type implements an interface by its methods alone, and a type
declared in a function has members like any other. Every expected site below is what gopls's
``textDocument/references`` (with the declaration) or its incoming calls answer there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.errors import ErrorCode, LsaiError
from lsai.query.calls import CallsInput, callers, calls
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.info import InfoInput, info
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace
from tests.trees import served_workspace

FILES = {
    "go.mod": "module example.com/relations\n\ngo 1.18\n",
    "steps.go": (
        "package relations\n"
        "\n"
        'import "fmt"\n'
        "\n"
        "// Step is one step of a path.\n"
        "type Step interface {\n"  # 6
        "\tType() string\n"  # 7
        "}\n"
        "\n"
        "type MapIndex struct{ key string }\n"  # 10
        "\n"
        'func (m MapIndex) Type() string { return "map:" + m.key }\n'  # 12
        "\n"
        "type SliceIndex struct{ i int }\n"  # 14
        "\n"
        'func (s *SliceIndex) Type() string { return fmt.Sprint("slice:", s.i) }\n'  # 16
        "\n"
        "type Unrelated struct{}\n"  # 18: its Type returns an int: no Step
        "\n"
        "func (Unrelated) Type() int { return 0 }\n"  # 20
        "\n"
        "func describe(p Step) string { return p.Type() }\n"  # 22
        "\n"
        "func direct() string {\n"
        '\treturn MapIndex{"a"}.Type() + (&SliceIndex{1}).Type() + fmt.Sprint(Unrelated{}.Type())\n'
        "}\n"
    ),
    "wrap.go": (
        "package relations\n"
        "\n"
        "type stack []uintptr\n"  # 3
        "\n"
        "func (s *stack) depth() int { return len(*s) }\n"  # 5
        "\n"
        "type withStack struct {\n"  # 7
        "\t*stack\n"  # 8
        "}\n"
        "\n"
        "func (w withStack) Depth() int { return w.stack.depth() }\n"  # 11
        "\n"
        "func newStack() *stack { return &stack{} }\n"  # 13
    ),
    # gopls fails the references of a field embedded by a predeclared type, and the outgoing
    # calls of a function converting to unsafe.Pointer ("invalid start position")
    "cause.go": (
        "package relations\n"
        "\n"
        'import "unsafe"\n'
        "\n"
        "type withCause struct {\n"  # 5
        "\terror\n"  # 6
        "\tnote string\n"
        "}\n"
        "\n"
        "func (w withCause) Cause() error { return w.error }\n"  # 10
        "\n"
        "func address(p *int) uintptr { return uintptr(unsafe.Pointer(p)) }\n"  # 12
        "\n"
        "func caused() (error, uintptr) {\n"  # 14
        "\tx := 1\n"
        "\treturn withCause{}.Cause(), address(&x)\n"  # 16
        "}\n"
    ),
    # a method declared in another file than its type's, implementing an interface
    "named.go": (
        "package relations\n"
        "\n"
        "type Named interface {\n"  # 3
        "\tName() string\n"  # 4
        "}\n"
        "\n"
        "func label(n Named) string { return n.Name() }\n"  # 7
    ),
    "named_impl.go": "package relations\n\nfunc (m MapIndex) Name() string { return m.key }\n",
    # interfaces embedding interfaces, a type set, a blank assertion (io's ReadCloser)
    "embed.go": (
        "package relations\n"
        "\n"
        "type Reader interface{ Read() int }\n"  # 3
        "type Closer interface{ Close() }\n"  # 4
        "\n"
        "type ReadCloser interface {\n"  # 6
        "\tReader\n"  # 7
        "\tCloser\n"  # 8
        "}\n"
        "\n"
        "type Number interface{ ~int | ~float64 }\n"  # 11
        "\n"
        "type file struct{}\n"  # 13
        "\n"
        "func (file) Read() int { return 0 }\n"
        "func (file) Close()    {}\n"
        "\n"
        "var _ ReadCloser = file{}\n"  # 18
        "\n"
        "func use(r Reader) int { return r.Read() }\n"  # 20
    ),
    "locals.go": (
        "package relations\n"
        "\n"
        "func count() int {\n"
        "\ttype counter struct {\n"  # 4
        "\t\tstack int\n"  # 5
        "\t}\n"
        "\ttype sizer interface {\n"  # 7
        "\t\tSize() int\n"  # 8
        "\t}\n"
        "\ttotal := 0\n"
        "\tfor _, c := range []counter{{1}, {2}} {\n"  # 11
        "\t\ttotal += c.stack\n"  # 12
        "\t}\n"
        "\tvar s sizer\n"  # 14
        "\tif s != nil {\n"
        "\t\ttotal += s.Size()\n"  # 16
        "\t}\n"
        "\treturn total\n"
        "}\n"
    ),
}
Site = tuple[str, int, int]


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("relations"), FILES, "gopls")
    yield opened
    opened.close()


def sites(ws: Workspace, at: Site) -> set[Site]:
    """The usages of the symbol named at ``at``, its definition included (as gopls's
    references with the declaration)."""
    path, line, col = at
    result = usages(ws, UsagesInput(file=path, line=line, col=col, include_definition=True))
    found = [(f.file, u.line, u.col) for f in result.files for u in f.usages]
    assert len(found) == len(set(found)) == result.total, "a site listed twice"
    return set(found)


def test_an_embedded_field_is_a_usage_of_its_type_and_stays_the_fields_definition(
    ws: Workspace,
) -> None:
    assert sites(ws, ("wrap.go", 3, 6)) == {
        ("wrap.go", 3, 6), ("wrap.go", 5, 10), ("wrap.go", 8, 3),
        ("wrap.go", 13, 18), ("wrap.go", 13, 34),
    }  # fmt: skip
    assert sites(ws, ("wrap.go", 8, 3)) == {("wrap.go", 8, 3), ("wrap.go", 11, 43)}


def test_usages_of_a_method_take_in_the_calls_through_the_interfaces_its_type_implements(
    ws: Workspace,
) -> None:
    """``MapIndex`` implements ``Step`` by its methods alone: ``p.Type()`` (``p: Step``) may
    run ``MapIndex.Type``, and a call of ``MapIndex.Type`` runs an implementation of
    ``Step.Type``. ``SliceIndex.Type`` implements it too but shares nothing with
    ``MapIndex.Type``, and ``Unrelated.Type`` (another signature) implements nothing."""
    describe, map_call, slice_call = (
        ("steps.go", 22, 41),
        ("steps.go", 25, 23),
        ("steps.go", 25, 49),
    )
    assert sites(ws, ("steps.go", 12, 19)) == {("steps.go", 12, 19), describe, map_call}
    assert sites(ws, ("steps.go", 16, 22)) == {("steps.go", 16, 22), describe, slice_call}
    assert sites(ws, ("steps.go", 7, 2)) == {("steps.go", 7, 2), describe, map_call, slice_call}
    assert sites(ws, ("steps.go", 20, 18)) == {("steps.go", 20, 18), ("steps.go", 25, 81)}


def test_callers_of_a_method_take_in_the_calls_through_its_interfaces(ws: Workspace) -> None:
    def found(symbol: str) -> set[str]:
        result = callers(ws, CallsInput(symbol=symbol, depth=1))
        return {hop.method.rsplit(".", 1)[-1] for level in result.levels for hop in level.calls}

    assert found("MapIndex.Type") == {"describe", "direct"}
    assert found("Step.Type") == {"describe", "direct"}
    assert found("Unrelated.Type") == {"direct"}


def test_a_method_declared_apart_from_its_type_takes_in_the_calls_through_its_interfaces(
    ws: Workspace,
) -> None:
    """``func (m MapIndex) Name()`` in another file than ``MapIndex``: its symbol has no
    container in the index (a type of another file), and its usages and callers missed the
    calls through ``Named`` (pprof: ``Function.decoder``, every method in encode.go)."""
    implementation, through = ("named_impl.go", 3, 19), ("named.go", 7, 39)
    assert sites(ws, implementation) == {implementation, through}
    assert sites(ws, ("named.go", 4, 2)) == {("named.go", 4, 2), through}
    result = callers(ws, CallsInput(symbol="MapIndex.Name", depth=1))
    assert {hop.method for level in result.levels for hop in level.calls} == {"label"}


def test_hierarchy_shows_the_types_implementing_an_interface_by_their_methods(
    ws: Workspace,
) -> None:
    down = hierarchy(ws, HierarchyInput(symbol="Step"))
    assert {t.name for t in down.derived_types} == {"MapIndex", "SliceIndex"}
    up = hierarchy(ws, HierarchyInput(symbol="SliceIndex"))
    assert [(t.name, t.file, t.line) for t in up.interfaces] == [("Step", "steps.go", 6)]
    assert up.mode == "semantic"
    assert hierarchy(ws, HierarchyInput(symbol="Unrelated")).interfaces == []


def test_renaming_a_method_renames_the_interface_method_and_every_implementation_with_it(
    ws: Workspace,
) -> None:
    """Renamed alone, ``MapIndex.Type`` would leave ``MapIndex`` no longer a ``Step`` (gopls
    refuses), and ``Step.Type`` renamed with it alone would leave ``SliceIndex`` out."""
    plan = rename(ws, RenameInput(symbol="MapIndex.Type", new_name="Kind"))
    changed = {(c.file, c.line, col) for c in plan.changes for col in c.cols}
    assert changed == {
        ("steps.go", 7, 2), ("steps.go", 12, 19), ("steps.go", 16, 22), ("steps.go", 22, 41),
        ("steps.go", 25, 23), ("steps.go", 25, 49),
    }  # fmt: skip


def test_a_type_declared_in_a_function_and_its_members_have_usages(ws: Workspace) -> None:
    """gopls's outline leaves out what a function declares; its references answer for it."""
    assert sites(ws, ("locals.go", 4, 7)) == {("locals.go", 4, 7), ("locals.go", 11, 22)}
    assert sites(ws, ("locals.go", 5, 3)) == {("locals.go", 5, 3), ("locals.go", 12, 14)}
    assert sites(ws, ("locals.go", 7, 7)) == {("locals.go", 7, 7), ("locals.go", 14, 8)}
    assert sites(ws, ("locals.go", 8, 3)) == {("locals.go", 8, 3), ("locals.go", 16, 14)}


def test_a_failed_request_leaves_its_file_complete_where_its_answer_has_another_way(
    ws: Workspace,
) -> None:
    """The index is complete (``served_workspace`` checks it): the references gopls fails are
    the definitions of the name's spellings, the calls it fails the call sites'."""
    assert sites(ws, ("cause.go", 6, 2)) == {("cause.go", 6, 2), ("cause.go", 10, 45)}
    result = callers(ws, CallsInput(symbol="address", depth=1))
    assert [hop.method for level in result.levels for hop in level.calls] == ["caused"]
    callees = calls(ws, CallsInput(symbol="address", depth=1), "callees")
    assert {hop.method for level in callees.levels for hop in level.calls} == {
        "uintptr",
        "Pointer",
    }


def test_an_embedded_interface_is_a_usage_of_its_type_which_the_interface_extends(
    ws: Workspace,
) -> None:
    """gopls's outline lists ``ReadCloser``'s ``Reader`` and ``Closer`` (and ``Number``'s
    ``~int | ~float64``) as fields: they were members of their own, the extends edges
    unresolved (matched by name) and ``Reader``'s usages missed its embedding (io:
    ``ReadWriteCloser.Closer``). ``var _ I = T{}`` declares no variable ``_``."""
    assert sites(ws, ("embed.go", 3, 6)) == {
        ("embed.go", 3, 6), ("embed.go", 7, 2), ("embed.go", 20, 12),
    }  # fmt: skip
    up = hierarchy(ws, HierarchyInput(symbol="ReadCloser"))
    assert up.mode == "semantic"
    assert {(t.name, t.line) for t in up.base_types} == {("Reader", 3), ("Closer", 4)}
    for member in ("ReadCloser.Reader", "Number.~int | ~float64", "_"):
        with pytest.raises(LsaiError) as raised:
            usages(ws, UsagesInput(symbol=member))
        assert raised.value.code == ErrorCode.SYMBOL_NOT_FOUND


def test_a_method_declared_apart_from_its_type_is_its_member_and_renames_with_its_interface(
    ws: Workspace,
) -> None:
    """``func (m MapIndex) Name()`` in another file than ``MapIndex``: a file's rows know only
    its own types, so it had no container (text/template: every ``Template`` method of
    exec.go and helper.go); renaming it left ``Named.Name`` and the call through it."""
    assert info(ws, InfoInput(symbol="MapIndex")).member_counts == {"field": 1, "method": 2}
    assert info(ws, InfoInput(symbol="MapIndex.Name")).containing == "struct MapIndex"
    plan = rename(ws, RenameInput(symbol="MapIndex.Name", new_name="Label"))
    changed = {(c.file, c.line, col) for c in plan.changes for col in c.cols}
    assert changed == {("named_impl.go", 3, 19), ("named.go", 4, 2), ("named.go", 7, 39)}
