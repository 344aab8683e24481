"""LSP positions convert exactly to lsai's 1-based code-point columns, in every encoding."""

from __future__ import annotations

import pytest

from lsai.indexer.lsp.positions import Encoding, negotiated, to_character, to_column

LINE = 'BANNER = "🛒 Shop — prix"; def_line = "é"'
ENCODINGS: tuple[Encoding, ...] = ("utf-8", "utf-16", "utf-32")


def units(text: str, encoding: Encoding) -> int:
    """Code units of ``text`` in ``encoding``, computed by Python's codecs (the reference)."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_name_after_an_emoji_gets_its_code_point_column(encoding: Encoding) -> None:
    column = LINE.index("def_line") + 1
    character = units(LINE[: column - 1], encoding)
    assert to_column(LINE, character, encoding) == column
    assert to_character(LINE, column, encoding) == character


def test_an_emoji_outside_the_bmp_is_two_utf16_units_and_four_utf8_bytes() -> None:
    line = "🛒x"
    assert to_column(line, 2, "utf-16") == 2  # after the surrogate pair: "x"
    assert to_column(line, 4, "utf-8") == 2
    assert to_character(line, 2, "utf-16") == 2
    assert to_character(line, 2, "utf-8") == 4


def test_a_position_inside_a_character_snaps_to_its_start() -> None:
    assert to_column("🛒x", 1, "utf-16") == 1
    assert to_column("éx", 1, "utf-8") == 1


def test_a_position_past_the_line_end_clamps_to_one_past_the_last_character() -> None:
    assert to_column("ab", 10, "utf-16") == 3
    assert to_column("é", 10, "utf-8") == 2


def test_a_server_that_names_no_encoding_uses_utf16() -> None:
    assert negotiated(None) == "utf-16"
    assert negotiated("utf-8") == "utf-8"


TRICKY = [
    "",
    "plain ascii",
    LINE,
    "🛒🛒x",
    "a\u00e9\u20ac\U0001f4b6b",  # 1, 2, 3 and 4 UTF-8 bytes
    "\U00010348\u0915\u093f",  # a Gothic letter outside the BMP, a Devanagari cluster
    "tab\tand\u200dzero-width joiner",
]


@pytest.mark.parametrize("line", TRICKY)
def test_every_column_round_trips_in_every_encoding(line: str) -> None:
    for column in range(1, len(line) + 2):
        for encoding in ENCODINGS:
            character = to_character(line, column, encoding)
            assert character == units(line[: column - 1], encoding)
            assert to_column(line, character, encoding) == column
