"""A small client of the class API (stdlib only): what the load benchmark's phones and the tests call.

Each client keeps one HTTP/1.1 connection open, as a phone's browser does.
"""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Reply:
    """One answer: status, headers (lower-case names) and the body (parsed when it is JSON)."""

    status: int
    headers: dict[str, str]
    body: Any


class ClassClient:
    """``ClassClient("http://127.0.0.1:8866")``: calls under ``<base>/cardbook-class``."""

    def __init__(self, base: str, timeout: float = 10) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.prefix = parts.path.rstrip("/") + "/cardbook-class"
        self.timeout = timeout
        self._connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
             headers: dict[str, str] | None = None) -> Reply:
        """``method`` ``path`` (under the prefix) with ``body`` as JSON (or ``raw`` bytes as they are)."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode("utf-8")
        sent = {"Content-Type": "application/json", **(headers or {})}
        for attempt in (1, 2):  # a kept-alive connection the server closed is opened again once
            if self._connection is None:
                self._connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self._connection.request(method, self.prefix + path, body=data, headers=sent)
                response = self._connection.getresponse()
                payload = response.read()
                break
            except (ConnectionError, http.client.HTTPException):
                self.close()
                if attempt == 2:
                    raise
        kind = response.getheader("Content-Type", "")
        parsed = json.loads(payload) if kind.startswith("application/json") else payload.decode("utf-8")
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, parsed)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
