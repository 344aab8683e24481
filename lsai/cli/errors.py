"""How the CLI reports errors: a line with code and message, a line with the fix, no traceback."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

from lsai.errors import ErrorCode, LsaiError

if TYPE_CHECKING:
    from pydantic import ValidationError

EXIT_PARTIAL = 1
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130


def invalid_argument(exc: ValidationError) -> LsaiError:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}" for e in exc.errors()
    )
    return LsaiError(
        f"invalid arguments: {problems}",
        code=ErrorCode.INVALID_ARGUMENT,
        resolution="see `lsai COMMAND --help`",
    )


_FORM = re.compile(r"\b(symbol|file|line|col)=(\S+)")


def cli_forms(text: str) -> str:
    """The tools' address forms (``symbol=Cart file=a.py line=3``) as the CLI takes them
    (``Cart --file a.py --line 3``)."""
    return _FORM.sub(lambda m: m[2] if m[1] == "symbol" else f"--{m[1]} {m[2]}", text)


class _Fail:
    """``fail(error)`` prints and exits; ``with fail.guard():`` does it for any LsaiError."""

    def __call__(self, error: LsaiError) -> NoReturn:
        message, resolution = error.message, error.resolution
        if error.code == ErrorCode.AMBIGUOUS_SYMBOL:  # the candidates' forms, as CLI arguments
            message, resolution = cli_forms(message), cli_forms(resolution or "")
        print(f"error[{error.code}]: {message}", file=sys.stderr)
        if resolution:
            print(f"  fix: {resolution}", file=sys.stderr)
        raise SystemExit(EXIT_ERROR)

    @contextmanager
    def guard(self) -> Iterator[None]:
        try:
            yield
        except LsaiError as error:
            self(error)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            raise SystemExit(EXIT_INTERRUPTED) from None


fail = _Fail()
