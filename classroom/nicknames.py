"""A student's nickname as the class sees it: normalised, so what looks alike is alike.

:func:`normal_nickname` applies NFKC (full-width ``Ａｎａ`` is ``Ana``), removes invisible characters
(controls, format characters such as zero-width spaces and joiners, private-use and unassigned code
points, fillers that draw nothing) and runs of spaces, and holds the result to 1 to 24 characters;
:func:`nickname_key` is what must be unique in a class (case-insensitive: ``Alice`` and ``alice``
are one nickname).

>>> normal_nickname("  Ａｌｉｃｅ\\u200b  Chen ")
'Alice Chen'
>>> nickname_key("Alice") == nickname_key("ALICE") == nickname_key("alice")
True
>>> normal_nickname("\\u200b\\u2060")
Traceback (most recent call last):
...
classroom.nicknames.NicknameError: A nickname is 1 to 24 visible characters (letters, digits, spaces).
"""

from __future__ import annotations

import re
import unicodedata

LONGEST = 24
#: Unicode categories that draw nothing a teacher could read: controls, format, surrogates, private use,
#: unassigned, line and paragraph separators.
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Letters and symbols that draw as blanks (Hangul fillers, the braille blank, …).
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
_SPACES = re.compile(r"\s+")


class NicknameError(ValueError):
    """A nickname with nothing visible in it, or longer than 24 characters."""


def normal_nickname(text: str) -> str:
    """``text`` as the class shows it (NFKC, no invisible characters, single spaces); NicknameError if it is
    empty or longer than 24 characters then."""
    kept = "".join(c for c in unicodedata.normalize("NFKC", text)
                   if unicodedata.category(c) not in INVISIBLE_CATEGORIES and c not in BLANKS)
    name = _SPACES.sub(" ", kept).strip()
    if not 0 < len(name) <= LONGEST:
        raise NicknameError(f"A nickname is 1 to {LONGEST} visible characters (letters, digits, spaces).")
    return name


def nickname_key(name: str) -> str:
    """What is unique in a class: the nickname case-folded (``Alice``, ``alice``, ``ALICE`` are one)."""
    return unicodedata.normalize("NFKC", name.casefold())
