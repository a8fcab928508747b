"""The static bank: engine-made puzzles a widget carries into a page with no kernel.

Rules: every spec in a bank is graded by the engine (see :mod:`.spec`).
"""

from __future__ import annotations

import base64
import gzip
import json
from typing import Any

from .registry import make_puzzle

#: At least 20 puzzles per kind; 21 gives each difficulty seven.  A page with no kernel cycles
#: through these (it cannot make new puzzles); the generators choose each puzzle's right answer in
#: turn by seed, so the bank's answers are mixed too (no answer right in more than two thirds of it).
BANK_SIZE = 21

#: Puzzles per difficulty in a static bank: what a page without the engine can honestly promise.
BANK_PER_DIFFICULTY = BANK_SIZE // 3


def build_bank(kind: str, size: int = BANK_SIZE) -> list[dict[str, Any]]:
    """Seeds ``0 … size-1`` of ``kind``: every difficulty equally present."""
    return [make_puzzle(kind, seed) for seed in range(size)]


def json_size(data: Any) -> int:
    """Bytes of ``data`` as compact UTF-8 JSON: what a page pays to carry it."""
    return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def pack_bank(specs: list[dict[str, Any]]) -> str:
    """Specs as gzip-compressed compact JSON in base64: what the widget's ``bank`` trait carries.

    The front end unpacks it with the browser's own ``DecompressionStream``.

    >>> unpack_bank(pack_bank([{"id": "shape:0"}]))
    [{'id': 'shape:0'}]
    """
    raw = json.dumps(specs, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, 9, mtime=0)).decode("ascii")


def unpack_bank(packed: str) -> list[dict[str, Any]]:
    """The specs of a packed bank (see :func:`pack_bank`)."""
    return json.loads(gzip.decompress(base64.b64decode(packed)).decode("utf-8")) if packed else []
