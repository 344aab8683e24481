"""The compatibility profiles by name (``lsai mcp --profile NAME``)."""

from __future__ import annotations

from lsai.query.compat import fs001, lspi, lspmcp, opencode
from lsai.query.compat.profile import Profile

PROFILES: dict[str, Profile] = {
    p.name: p for p in (opencode.PROFILE, fs001.PROFILE, lspmcp.PROFILE, lspi.PROFILE)
}
