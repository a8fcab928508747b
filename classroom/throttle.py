"""Joins throttled per device: at most ``limit`` joins of one class from one client address a minute.

A phone joins once; a script that joins fifty nicknames from one laptop is refused after ``limit``
(the handlers answer 429 with ``Retry-After``).  The address is the one tornado reports: behind a proxy
(a JupyterHub service) run the server with ``--ServerApp.trust_xheaders=True`` so that it is the phone's.

>>> throttle = JoinThrottle(limit=2, window=60)
>>> [throttle.wait("10.0.0.7", "ABCDE", now=t) for t in (0, 1, 2)]
[0.0, 0.0, 58.0]
>>> throttle.wait("10.0.0.8", "ABCDE", now=2), throttle.wait("10.0.0.7", "ABCDE", now=61)
(0.0, 0.0)
"""

from __future__ import annotations

import time
from collections import deque


class JoinThrottle:
    """Sliding-window counts of joins by (client address, class code); ``limit`` 0 turns it off."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        if limit < 0 or window <= 0:
            raise ValueError(f"a join throttle needs a limit ≥ 0 and a window > 0, not {limit} and {window}")
        self.limit, self.window = limit, window
        self._joins: dict[tuple[str, str], deque[float]] = {}

    def wait(self, address: str, code: str, now: float | None = None) -> float:
        """0 and the join is counted, or the seconds until this address may join this class again."""
        if not self.limit:
            return 0.0
        now = time.monotonic() if now is None else now
        if len(self._joins) > 10_000:  # forget the quiet ones now and then: the map stays small
            self._joins = {k: q for k, q in self._joins.items() if q and q[-1] > now - self.window}
        times = self._joins.setdefault((address, code), deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return float(times[0] + self.window - now)
        times.append(now)
        return 0.0
