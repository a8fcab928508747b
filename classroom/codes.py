"""Class codes and tokens: short codes a room can read aloud, secret tokens it cannot guess.

A class code is 5 characters from an alphabet without 0/O and 1/I (read off a projector);
tokens are random URL-safe strings, stored only as their SHA-256 digest.

>>> len(new_code()), set(new_code()) <= set(CODE_ALPHABET)
(5, True)
>>> normal_code(" k7p2q ")
'K7P2Q'
>>> normal_code("K0P2Q") is None
True
>>> token_digest("abc") == token_digest("abc") != token_digest("abd")
True
"""

from __future__ import annotations

import hashlib
import re
import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 5
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


def new_code() -> str:
    """A fresh random class code (the store retries on the rare clash)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """``text`` as a class code (trimmed, upper case), or None when it cannot be one."""
    code = text.strip().upper()
    return code if _CODE.fullmatch(code) else None


def new_token() -> str:
    """A secret token for a teacher or a student."""
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    """What the store keeps of a token: its SHA-256 digest, hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
