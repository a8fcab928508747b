"""The teacher's one-time login: the Jupyter token never in an address the projector shows.

``make present CLASS_IP=…`` guards the decks and kernels with a fresh token, which runs code on the
laptop, so it must never sit in the address bar of the projected browser.  It prints instead
``http://<ip>:<port>/cardbook-class/teacher-login/<code>``: a code good for one use, which sets the
Jupyter login cookie (the server's own, :class:`jupyter_server.auth.IdentityProvider`) and redirects to
the start page, whose address holds no secret.  A second use is refused (403), so a code seen once is
worth nothing.  The code is ``--Classroom.teacher_login`` (set by ``teacher/stage.py``; empty: no login).
"""

from __future__ import annotations

import hmac
import logging
from typing import Any

import tornado.web


class LoginCode:
    """A code that may be used once (the server's memory: a restart with the same code allows it again)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.used = False

    def take(self, offered: str) -> bool:
        """True once, for the right code; False for a wrong code or a second use."""
        if self.used or not self.code or not hmac.compare_digest(offered.encode(), self.code.encode()):
            return False
        self.used = True
        return True


class TeacherLoginHandler(tornado.web.RequestHandler):
    """``GET …/teacher-login/<code>``: the login cookie, then a redirect to the start page (no token in it)."""

    def initialize(self, login: LoginCode) -> None:
        self.login = login

    @property
    def base_url(self) -> str:  # what the identity provider's cookie path reads
        return str(self.settings.get("base_url", "/"))

    @property
    def log(self) -> logging.Logger:
        return logging.getLogger("classroom")

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")

    def get(self, code: str) -> None:
        if not self.login.take(code):
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("This login address has been used or is wrong: restart make present for a new one.\n"
                        "这个登录地址已用过或不对：请重新运行 make present 取得新地址。\n")
            return
        identity: Any = self.settings["identity_provider"]
        identity.set_login_cookie(self, identity.generate_anonymous_user(self))
        self.redirect(self.base_url)
