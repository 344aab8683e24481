"""Random edits of a Python workspace, for the differential test of incremental indexing.

A workspace is modelled as modules, each the committed text of a fixture file (or nothing, for a
new file) followed by generated classes and functions. An edit is a tuple of small integers
(drawn by hypothesis) interpreted against the current model: indices wrap around, so every
drawn edit applies to whatever the workspace holds at that step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

EDITABLE = ("src/shop/models.py", "src/shop/services.py", "src/shop/util.py")
FUNCTIONS = tuple(f"f{i}" for i in range(5))  # a small pool, so that names collide
CLASSES = tuple(f"C{i}" for i in range(3))
# Symbols of the fixture itself that generated code may refer to (some files may be gone by then).
FIXTURE_TARGETS = (
    ("src/shop/util.py", "format_price"),
    ("src/shop/models.py", "Cart"),
    ("src/shop/services.py", "checkout"),
)
KINDS = (
    "add_function",
    "remove_function",
    "rename_function",
    "add_class",
    "remove_class",
    "rename_class",
    "add_file",
    "delete_file",
    "rename_file",
    "change_call",
    "add_reference",
    "toggle_project",
    "break_encoding",
)
MARKERS = ("src/shop/sub/pyproject.toml", "src/shop/pyproject.toml")  # new projects inside

Edit = tuple[str, int, int, int]
edits = st.tuples(
    st.sampled_from(KINDS), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30)
)


@dataclass
class Function:
    name: str
    calls: tuple[str, str] | None = None  # (path of the module, name) of the callee


@dataclass
class Module:
    base: str = ""
    classes: list[str] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)


def module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def render(module: Module) -> str:
    parts = [module.base.rstrip("\n")] if module.base else []
    for name in module.classes:
        parts.append(f"class {name}:\n    def size(self) -> int:\n        return 1")
    for fn in module.functions:
        body = "    return x"
        if fn.calls is not None:
            path, callee = fn.calls
            body = f"    from {module_name(path)} import {callee}\n\n    return {callee}(x)"
        parts.append(f"def {fn.name}(x: int) -> int:\n{body}")
    return "\n\n\n".join(parts) + "\n"


class Model:
    """The editable files of a workspace and the edits applied to them so far."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.modules = {p: Module((root / p).read_text(encoding="utf-8")) for p in EDITABLE}
        self.created = 0

    def paths(self) -> list[str]:
        return sorted(self.modules)

    def pick(self, i: int) -> str:
        paths = self.paths()
        return paths[i % len(paths)]

    def target(self, i: int) -> tuple[str, str]:
        defined = [(p, f.name) for p in self.paths() for f in self.modules[p].functions]
        defined += [(p, c) for p in self.paths() for c in self.modules[p].classes]
        choices = defined + list(FIXTURE_TARGETS)
        return choices[i % len(choices)]

    def apply(self, edit: Edit) -> str:
        """Apply ``edit`` to the files; a description for the failure report."""
        kind, a, b, c = edit
        if not self.modules and kind != "add_file":
            kind = "add_file"
        done = getattr(self, "_" + kind)(a, b, c)
        return f"{kind}: {done}"

    def write(self, path: str) -> None:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(self.modules[path]), encoding="utf-8")

    # -- the edits ----------------------------------------------------------------------------
    def _add_function(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        calls = self.target(c) if c % 2 else None
        self.modules[path].functions.append(Function(FUNCTIONS[b % len(FUNCTIONS)], calls))
        self.write(path)
        return f"{path} {self.modules[path].functions[-1]}"

    def _remove_function(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        functions = self.modules[path].functions
        if functions:
            functions.pop(b % len(functions))
            self.write(path)
        return path

    def _rename_function(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        functions = self.modules[path].functions
        if functions:
            functions[b % len(functions)].name = FUNCTIONS[c % len(FUNCTIONS)]
            self.write(path)
        return path

    def _add_class(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        self.modules[path].classes.append(CLASSES[b % len(CLASSES)])
        self.write(path)
        return path

    def _remove_class(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        classes = self.modules[path].classes
        if classes:
            classes.pop(b % len(classes))
            self.write(path)
        return path

    def _rename_class(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        classes = self.modules[path].classes
        if classes:
            classes[b % len(classes)] = CLASSES[c % len(CLASSES)]
            self.write(path)
        return path

    def _add_file(self, a: int, b: int, c: int) -> str:
        self.created += 1
        path = f"src/shop/gen{self.created}.py"
        self.modules[path] = Module(functions=[Function(FUNCTIONS[a % len(FUNCTIONS)])])
        self.write(path)
        return path

    def _delete_file(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        del self.modules[path]
        (self.root / path).unlink()
        return path

    def _rename_file(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        self.created += 1
        new = (
            f"src/shop/sub/moved{self.created}.py" if b % 2 else f"src/shop/moved{self.created}.py"
        )
        self.modules[new] = self.modules.pop(path)
        (self.root / path).unlink()
        self.write(new)
        return f"{path} -> {new}"

    def _change_call(self, a: int, b: int, c: int) -> str:
        path = self.pick(a)
        functions = self.modules[path].functions
        if functions:
            fn = functions[b % len(functions)]
            fn.calls = None if fn.calls is not None and c % 3 == 0 else self.target(c)
            self.write(path)
        return path

    def _add_reference(self, a: int, b: int, c: int) -> str:
        """A new function in one module calling a symbol of another module."""
        path = self.pick(a)
        others = [t for t in (self.target(c + i) for i in range(8)) if t[0] != path]
        callee = others[0] if others else self.target(c)
        self.modules[path].functions.append(Function(FUNCTIONS[b % len(FUNCTIONS)], callee))
        self.write(path)
        return f"{path} -> {callee}"

    def _toggle_project(self, a: int, b: int, c: int) -> str:
        """Add or remove a project marker: the files under it change project (and keys)."""
        marker = self.root / MARKERS[b % len(MARKERS)]
        if marker.exists():
            marker.unlink()
            return f"removed {MARKERS[b % len(MARKERS)]}"
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(f'[project]\nname = "p{b}"\nversion = "0.1.0"\n', encoding="utf-8")
        return f"added {MARKERS[b % len(MARKERS)]}"

    def _break_encoding(self, a: int, b: int, c: int) -> str:
        """A byte that is not UTF-8: the file fails to index until the next edit rewrites it."""
        path = self.pick(a)
        (self.root / path).write_bytes(render(self.modules[path]).encode() + b"# \xff\n")
        return path
