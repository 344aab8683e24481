"""How file contents are fingerprinted in ``files.content_hash``: BLAKE2b-128, hex."""

from __future__ import annotations

import hashlib


def content_hash(content: bytes) -> str:
    return hashlib.blake2b(content, digest_size=16).hexdigest()
