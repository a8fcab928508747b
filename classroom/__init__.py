"""Class mode: a Jupyter server extension that lets a room answer a class puzzle from its phones.

Enable it next to Voila on one ``jupyter server`` (:mod:`classroom.serve` builds the command
``make present`` runs).  Settings (traitlets, e.g. ``--Classroom.database_url=sqlite:////srv/class.sqlite3``):
``database_url`` (default ``sqlite:///_build/present/classroom.sqlite3``, relative to the server's
folder), ``public_url`` (the address phones use, when the teacher's browser uses another) and
``join_limit`` (joins of a class a minute from one address, default 10), ``teacher_login`` (a one-time
login code: :mod:`classroom.login`).
"""

from __future__ import annotations

from typing import Any

from traitlets import Int, Unicode
from traitlets.config import LoggingConfigurable

DEFAULT_DATABASE = "sqlite:///_build/present/classroom.sqlite3"


class Classroom(LoggingConfigurable):
    """The class-mode settings a Jupyter server passes on."""

    database_url = Unicode(DEFAULT_DATABASE, help="Where class answers are kept (sqlite:///path).").tag(config=True)
    public_url = Unicode("", help="Base address phones reach the server by, e.g. http://192.168.1.20:8866; "
                                  "empty: the address the teacher's browser used.").tag(config=True)
    teacher_login = Unicode("", help="A one-time code: <base>/cardbook-class/teacher-login/<code> logs the teacher "
                                     "in (the Jupyter cookie) without the token in any address.").tag(config=True)
    join_limit = Int(10, help="Joins of one class a minute from one client address (0: no limit; behind a proxy "
                              "set ServerApp.trust_xheaders so the address is the phone's).").tag(config=True)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "classroom"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Open the store the settings name and add the class-mode routes to the server."""
    from .handlers import handlers
    from .storage import open_store

    settings = Classroom(parent=server_app)
    store = open_store(settings.database_url)
    web_app = server_app.web_app
    web_app.add_handlers(".*$", handlers(web_app.settings["base_url"], store, settings.public_url,
                                             settings.join_limit, settings.teacher_login))
    server_app.log.info("Class mode at %scardbook-class/ (answers in %s)", web_app.settings["base_url"],
                        settings.database_url)
