"""The README's first screen and CI agree: ``.ci/run`` runs the command of the **Test** block."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^\*\*Test\*\*.*?^```sh\n(.*?)^```$", readme, re.S | re.M)
    assert block is not None, "README.md has no **Test** block with a ```sh command"
    command = block.group(1).strip()
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert run[-1] == command, f".ci/run runs {run[-1]!r}, README.md's Test block {command!r}"
