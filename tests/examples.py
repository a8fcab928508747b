"""How many examples a Hypothesis test draws, by profile: ``ci`` (the default, what ``make test`` runs)
draws what each test asks for; ``dev`` (``make test-fast``, ``HYPOTHESIS_PROFILE=dev``) a tenth, at
least five, for the inner loop.  The profiles themselves are registered in ``tests/conftest.py``."""

from __future__ import annotations

import os

#: The profile in force: ``ci`` or ``dev``.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
_SHARE = {"ci": 1.0, "dev": 0.1}


def examples(ci: int) -> int:
    """The ``max_examples`` of a test that draws ``ci`` examples under the ``ci`` profile.

    >>> examples(200) if PROFILE == "ci" else 200
    200
    """
    if PROFILE not in _SHARE:
        raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: the profiles are {', '.join(_SHARE)}")
    return max(5, round(ci * _SHARE[PROFILE]))
