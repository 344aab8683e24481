"""Random edits of a Python workspace, for the differential test of incremental indexing.

A workspace is modelled as modules, each the committed text of a fixture file (or nothing, for a
new file) followed by generated module-level imports, classes (with methods) and functions. Some
edits change what a name resolves to without changing any symbol's key (an import switched to
another module, a definition shadowing an import, a method moved to another class): references
in unchanged files must follow them. An edit is a tuple of small integers
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
METHODS = ("size", "grow")
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
    "add_import",
    "switch_import",
    "shadow_import",
    "move_method",
    "call_method",
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
    uses: str | None = None  # a name bound at module level (an import), called
    method: tuple[str, str, str] | None = None  # (path, class, method): ``Class().method()``


@dataclass
class Class:
    name: str
    methods: list[str] = field(default_factory=lambda: ["size"])


@dataclass
class Module:
    base: str = ""
    imports: list[tuple[str, str]] = field(default_factory=list)  # (path of the module, name)
    classes: list[Class] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)


def module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def render(module: Module) -> str:
    parts = [module.base.rstrip("\n")] if module.base else []
    if module.imports:
        parts.append("\n".join(f"from {module_name(p)} import {n}" for p, n in module.imports))
    for cls in module.classes:
        methods = [f"    def {m}(self) -> int:\n        return 1" for m in cls.methods]
        parts.append(f"class {cls.name}:\n" + ("\n\n".join(methods) or "    pass"))
    for fn in module.functions:
        body = "    return x"
        if fn.calls is not None:
            path, callee = fn.calls
            body = f"    from {module_name(path)} import {callee}\n\n    return {callee}(x)"
        elif fn.uses is not None:
            body = f"    return {fn.uses}(x)"
        elif fn.method is not None:
            path, cls_name, method = fn.method
            body = (
                f"    from {module_name(path)} import {cls_name}\n\n"
                f"    return {cls_name}().{method}()"
            )
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
        defined += [(p, c.name) for p in self.paths() for c in self.modules[p].classes]
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
        method = METHODS[c % len(METHODS)]
        self.modules[path].classes.append(Class(CLASSES[b % len(CLASSES)], [method]))
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
            classes[b % len(classes)].name = CLASSES[c % len(CLASSES)]
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
        """A byte that is not UTF-8: the file is read as Windows-1252 (``sourcetext``) until the
        next edit rewrites it."""
        path = self.pick(a)
        (self.root / path).write_bytes(render(self.modules[path]).encode() + b"# \xff\n")
        return path

    def _add_import(self, a: int, b: int, c: int) -> str:
        """A module-level import of a function another module defines or imports (a
        re-export), and a function calling it."""
        path = self.pick(a)
        others = [(p, f.name) for p in self.paths() if p != path for f in self.modules[p].functions]
        others += [(p, n) for p in self.paths() if p != path for _, n in self.modules[p].imports]
        if not others:
            return self._add_reference(a, b, c)
        source = others[c % len(others)]
        self.modules[path].imports.append(source)
        self.modules[path].functions.append(Function(f"use_{source[1]}", uses=source[1]))
        self.write(path)
        return f"{path}: from {source[0]} import {source[1]}"

    def _switch_import(self, a: int, b: int, c: int) -> str:
        """``from x import f`` becomes ``from y import f``: no key changes, ``f`` names
        another function (here and wherever ``f`` is imported from this module)."""
        importing = [p for p in self.paths() if self.modules[p].imports]
        if not importing:
            return self._add_import(a, b, c)
        path = importing[a % len(importing)]
        imports = self.modules[path].imports
        i = b % len(imports)
        old, name = imports[i]
        sources = [
            p
            for p in self.paths()
            if p not in (path, old) and any(f.name == name for f in self.modules[p].functions)
        ]
        if not sources:
            return f"{path}: no other module defines {name}"
        imports[i] = (sources[c % len(sources)], name)
        self.write(path)
        return f"{path}: {name} from {old} -> {imports[i][0]}"

    def _shadow_import(self, a: int, b: int, c: int) -> str:
        """A function defined after an import of the same name: the name is now its own."""
        importing = [p for p in self.paths() if self.modules[p].imports]
        if not importing:
            return self._add_import(a, b, c)
        path = importing[a % len(importing)]
        name = self.modules[path].imports[b % len(self.modules[path].imports)][1]
        self.modules[path].functions.append(Function(name))
        self.write(path)
        return f"{path}: def {name} shadows the import"

    def _move_method(self, a: int, b: int, c: int) -> str:
        """A method moves to another class (of any module), keeping its name."""
        classes = [(p, cls) for p in self.paths() for cls in self.modules[p].classes]
        owners = [(p, cls) for p, cls in classes if cls.methods]
        if not owners or len(classes) < 2:
            return self._add_class(a, b, c)
        path, source = owners[a % len(owners)]
        others = [(p, cls) for p, cls in classes if cls is not source]
        target_path, target = others[b % len(others)]
        method = source.methods.pop(c % len(source.methods))
        if method not in target.methods:
            target.methods.append(method)
        self.write(path)
        self.write(target_path)
        return f"{path} {source.name}.{method} -> {target_path} {target.name}"

    def _call_method(self, a: int, b: int, c: int) -> str:
        """A function calling a method of a class of another module: ``C().m()``."""
        path = self.pick(a)
        classes = [
            (p, cls.name, m)
            for p in self.paths()
            if p != path
            for cls in self.modules[p].classes
            for m in [*cls.methods, *METHODS]
        ]
        if not classes:
            return self._add_class(a + 1, b, c)
        target = classes[c % len(classes)]
        self.modules[path].functions.append(Function(FUNCTIONS[b % len(FUNCTIONS)], method=target))
        self.write(path)
        return f"{path} -> {target}"
