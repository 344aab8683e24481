"""A Go field embedded by a qualified type (go-cmp's ``MyTime struct{ time.Time }``), beside the
live gopls: gopls's references of the field list every use of the package name in the file
(``time.Now()``, ``time.Time``) besides the field's own (``s.Time``), and the index kept each
``time`` as a usage of the field, so usages at a package name answered for the field (go-cmp:
``time`` and ``cmp``, 1 "missing" (the import) and 1 "extra" (the field) each). A Go site
spelled other than a symbol's name is not its: at ``time``, lsai and gopls now agree; at the
field, lsai lists the sites spelled ``Time`` of gopls's answer (its package-name sites are the
server's quirk)."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("gopls")

FILES = {
    "go.mod": "module example.com/emb\n\ngo 1.18\n",
    "emb.go": (
        "package emb\n"
        "\n"
        'import "time"\n'  # 3: the import, col 8
        "\n"
        "type Stamp struct{ time.Time }\n"  # 5: `time` at col 20, the field `Time` at col 25
        "\n"
        "func Now() time.Time { return time.Now() }\n"  # 7: `time` at cols 12 and 31
        "\n"
        "func Of(s Stamp) time.Time { return s.Time }\n"  # 9: the field's use at col 39
    ),
}
LINES = FILES["emb.go"].splitlines()


def _spelled(site: tuple[str, int, int], name: str) -> bool:
    return LINES[site[1] - 1][site[2] - 1 :].startswith(name)


def test_a_package_name_is_no_use_of_a_field_embedded_by_its_type(tmp_path: Path) -> None:
    _found, mine, theirs = usages_beside_server(
        tmp_path / "pkg", FILES, "gopls", ("emb.go", 7, 31), declarations=True
    )
    assert mine == theirs, sorted(mine ^ theirs)
    assert ("emb.go", 3, 8) in mine and ("emb.go", 9, 39) not in mine


def test_the_embedded_fields_usages_are_its_own_sites(tmp_path: Path) -> None:
    found, mine, theirs = usages_beside_server(
        tmp_path / "field", FILES, "gopls", ("emb.go", 9, 39), declarations=True
    )
    assert found.symbol.qualified_name == "Stamp.Time"
    assert mine - {("emb.go", 5, 25)} == {s for s in theirs if _spelled(s, "Time")}
    assert mine == {("emb.go", 5, 25), ("emb.go", 9, 39)}


LIBRARY = {
    "go.mod": "module example.com/embl\n\ngo 1.18\n",
    "embl.go": (
        "package embl\n"
        "\n"
        'import "bytes"\n'
        "\n"
        "type myType struct{ bytes.Buffer }\n"  # 5: the embedded library type, Buffer at col 27
        "\n"
        "type named struct{ b *bytes.Buffer }\n"
        "\n"
        "func New() *bytes.Buffer { return new(bytes.Buffer) }\n"  # 9: Buffer at col 19
    ),
}


def test_a_field_embedded_by_a_library_type_is_a_use_of_the_type(tmp_path: Path) -> None:
    """go-cmp's ``type myType struct{ bytes.Buffer }``: gopls's references of the library's
    ``Buffer`` list the embedded field's name; lsai kept the field's definition there alone, so
    its usages of ``bytes.Buffer`` (by name) left it out (1 "missing")."""
    _found, mine, theirs = usages_beside_server(
        tmp_path, LIBRARY, "gopls", ("embl.go", 9, 19), declarations=True
    )
    assert mine == theirs, sorted(mine ^ theirs)
    assert ("embl.go", 5, 27) in mine
