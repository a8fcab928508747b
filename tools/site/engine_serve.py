"""The engine worker's Python side (tools/site/engine-worker.js): one JSON reply per message.

Staged into the engine's zip as ``cardbook_serve`` by tools/stage_engine.py, which also runs it under
Node to find and check the standard library the engine needs.  Only ``widgets.*`` / ``cardlib.*``
services may be named.
"""

from __future__ import annotations

import importlib
import json
import time
import traceback
from typing import Any

_instances: dict[str, tuple[tuple[str, str], Any]] = {}


def serve(service: str, key: str, start_json: str, message_json: str) -> str:
    """The JSON reply to one message for the instance under key."""
    try:
        module, _, name = service.partition(":")
        if not module.startswith(("widgets.", "cardlib.")) or not name:
            raise ValueError(f"not a service of the book's engine: {service!r}")
        held = _instances.get(key)
        if held is None or held[0] != (service, start_json):
            made = getattr(importlib.import_module(module), name).start(json.loads(start_json))
            held = _instances[key] = ((service, start_json), made)
        began = time.perf_counter()
        value = held[1].handle(json.loads(message_json))
        took = (time.perf_counter() - began) * 1000
        return json.dumps({"ok": True, "value": value, "ms": took})
    except ValueError as error:
        return json.dumps({"ok": False, "error": str(error), "refused": True})
    except Exception as error:
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}",
                           "traceback": traceback.format_exc()})


def idle(key: str) -> str | None:
    """Let the instance under key work ahead (its idle(), if it has one); the traceback of a failure."""
    held = _instances.get(key)
    try:
        if held is not None and hasattr(held[1], "idle"):
            held[1].idle()
    except Exception:
        return traceback.format_exc()
    return None
