"""The class-mode HTTP API under ``/cardbook-class``: light tornado handlers (every route: :func:`handlers`).

They are plain tornado handlers, not Jupyter ones: a phone has no Jupyter token and starts no
kernel.  Teachers prove themselves with ``X-Class-Token``, students with ``X-Student-Token`` (both
headers, never cookies, so no cross-site form can vote).  Every error is ``{"error": "<sentence>"}``
with a 4xx status, and nothing is stored by a request that fails.  Bodies are streamed and capped before
they are read (4 KB from a phone, 1 MB for a teacher's question): a 64 MB POST is refused on its
Content-Length, a chunked one as its chunks pass the cap, and neither is kept in memory.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any

import tornado.web

from widgets.front_ends import STATIC as WIDGETS_STATIC
from widgets.front_ends import front_end, shared_style

from .codes import new_token, normal_code
from .grading import AnswerError, answer_words, check_spec, grade, student_view
from .login import LoginCode, TeacherLoginHandler
from .mistakes import mistakes_from_answers
from .nicknames import NicknameError, normal_nickname
from .qr import join_qr_svg
from .storage import Conflict, NotFound, Question, Store, Vote

PREFIX = "cardbook-class"
STATIC = Path(__file__).parent / "static"
#: Largest request body a phone may send, and a teacher's question (a spec carries every verdict).
STUDENT_BODY, QUESTION_BODY = 4 * 1024, 1024 * 1024
#: The cookie naming a phone (random, HttpOnly): one student per device and class.
DEVICE_COOKIE = "cardbook-class-device"
DEVICE = re.compile(r"[A-Za-z0-9_-]{20,64}")
#: The cookie naming a teacher's browser (random, HttpOnly): the classes it opened are the teacher's.
TEACHER_COOKIE = "cardbook-class-teacher"
#: The largest question or round number a request may name (a database integer; larger is a clear 400).
LARGEST_ID = 2**31 - 1
CSV_COLUMNS = ("class", "question", "slide", "round", "nickname", "answer", "correct", "rule_ids", "time",
               "answer_text")


class ApiError(Exception):
    """An error answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


@tornado.web.stream_request_body
class ClassHandler(tornado.web.RequestHandler):
    """Shared parts: the store, JSON in and out, the class code, the two kinds of token."""

    body_limit = STUDENT_BODY

    def initialize(self, store: Store, root: str, public_url: str = "", join_limit: int = 0) -> None:
        self.store = store
        self.root = root
        self.public_url = public_url
        self.join_limit = join_limit

    def check_xsrf_cookie(self) -> None:
        """No cookies are trusted here (tokens come in headers), so there is no XSRF cookie to check."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def prepare(self) -> None:
        """Refuse a body larger than ``body_limit`` before reading it: on its Content-Length, or (a chunked
        body) as its chunks arrive, which are then dropped, not kept (:meth:`data_received`)."""
        self._chunks: list[bytes] = []
        self._size = 0
        length = self.request.headers.get("Content-Length", "0").strip() or "0"
        if not length.isdigit():
            raise ApiError(400, "The Content-Length header is not a number.")
        if int(length) > self.body_limit:
            raise ApiError(413, self._too_large())

    def _too_large(self) -> str:
        return f"The request body is larger than {self.body_limit // 1024} KB."

    def data_received(self, chunk: bytes) -> None:
        """A piece of the body (the class routes stream theirs): kept up to ``body_limit``, never beyond."""
        self._size += len(chunk)
        if self._size <= self.body_limit:
            self._chunks.append(chunk)
        else:
            self._chunks.clear()

    def body(self) -> bytes:
        """The request body, read within its limit (413 once it went past it)."""
        if self._size > self.body_limit:
            raise ApiError(413, self._too_large())
        return b"".join(self._chunks)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        message = str(error) if isinstance(error, ApiError) else HTTPStatus(status_code).phrase + "."
        for name, value in (error.headers if isinstance(error, ApiError) else {}).items():
            self.set_header(name, value)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish({"error": message})

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, ApiError):
            self.send_error(e.status, exc_info=(type(e), e, e.__traceback__))
        elif isinstance(e, NotFound):
            self.send_error(404, exc_info=(ApiError, ApiError(404, str(e)), None))
        elif isinstance(e, Conflict):
            self.send_error(409, exc_info=(ApiError, ApiError(409, str(e)), None))
        else:
            super()._handle_request_exception(e)

    def json_body(self, *fields: tuple[str, type]) -> dict[str, Any]:
        """The body as a JSON object with each of ``fields`` of its type (400 otherwise)."""
        try:
            body = json.loads(self.body() or b"")
        except (ValueError, UnicodeDecodeError):
            raise ApiError(400, "The request body is not valid JSON.") from None
        if not isinstance(body, dict):
            raise ApiError(400, "The request body must be a JSON object.")
        for name, kind in fields:
            value = body.get(name)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise ApiError(400, f"The field {name!r} is missing or is not {'a number' if kind is int else 'text'}.")
            if isinstance(value, int) and not 0 <= value <= LARGEST_ID:
                raise ApiError(400, f"The field {name!r} is out of range (0 to {LARGEST_ID}).")
        return body

    def code(self, text: str) -> str:
        code = normal_code(text)
        if code is None:
            raise ApiError(404, f"There is no class with the code {text[:12]}.")
        self.store.deck(code)  # NotFound → 404
        return code

    def teacher(self, text: str) -> str:
        """The class code, once the teacher is checked (404 before 403: the code is not secret): the class's
        token in ``X-Class-Token``, or the browser's teacher cookie that opened the class with the header
        ``X-Class-Teacher: cookie`` (a header no cross-site form can send)."""
        code = self.code(text)
        token = self.request.headers.get("X-Class-Token", "")
        if token and self.store.is_teacher(code, token):
            return code
        if not token and self.teacher_key() and self.store.is_owner(code, self.teacher_key()):
            return code
        raise ApiError(403, "This needs the teacher's token of the class (header X-Class-Token).")

    def teacher_key(self) -> str:
        """The teacher's browser key from its cookie (HttpOnly, SameSite=Strict), honoured only with the header
        ``X-Class-Teacher: cookie``; "" without them."""
        key = self.get_cookie(TEACHER_COOKIE, "")
        return key if self.request.headers.get("X-Class-Teacher") == "cookie" and DEVICE.fullmatch(key) else ""

    def student(self, text: str) -> tuple[str, int]:
        code = self.code(text)
        student = self.store.student(code, self.request.headers.get("X-Student-Token", ""))
        if student is None:
            raise ApiError(403, "Join the class first: this needs your student token (header X-Student-Token).")
        return code, student

    def join_url(self, code: str) -> str:
        base = self.public_url.rstrip("/") or f"{self.request.protocol}://{self.request.host}"
        return f"{base}{self.root}/join/{code}"

    def reply(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(body, ensure_ascii=False))


class ClassesHandler(ClassHandler):
    def post(self) -> None:
        deck = self.json_body(("deck", str))["deck"].strip()
        if not 0 < len(deck) <= 100:
            raise ApiError(400, "The deck name must be 1 to 100 characters.")
        key = self.get_cookie(TEACHER_COOKIE, "")
        key = key if DEVICE.fullmatch(key) else new_token()
        self.set_cookie(TEACHER_COOKIE, key, path=self.root, httponly=True, samesite="Strict", expires_days=365)
        code, token = self.store.create_class(deck, key)
        self.reply(201, {"code": code, "teacher_token": token, "join_url": self.join_url(code)})


class TeacherClassesHandler(ClassHandler):
    """The classes this browser's teacher opened, newest first (the server holds the teacher's session: a new
    tab, another day or a restarted server reopens them), with their join address and current question."""

    def get(self) -> None:
        key = self.teacher_key()
        classes = self.store.classes_of(key) if key else []
        self.reply(200, {"classes": [{**c, "join_url": self.join_url(c["code"])} for c in classes]})


class QrHandler(ClassHandler):
    def get(self, code: str) -> None:
        self.set_header("Content-Type", "image/svg+xml; charset=utf-8")
        self.finish(join_qr_svg(self.join_url(self.code(code))))


class StudentsHandler(ClassHandler):
    """A phone joins: one student a device (its cookie; a phone that lost its token gets its student back, so
    it has one vote a round), and joins from one address throttled (:meth:`~classroom.storage.SqlStore.join_wait`,
    counted in the database that every class server on it shares)."""

    def post(self, code: str) -> None:
        code = self.code(code)
        try:
            nickname = normal_nickname(self.json_body(("nickname", str))["nickname"])
        except NicknameError as error:
            raise ApiError(400, str(error)) from None
        wait = self.store.join_wait(code, self.request.remote_ip or "", self.join_limit)
        if wait:
            raise ApiError(429, f"Too many joins from this device: try again in {math.ceil(wait)} s.",
                           {"Retry-After": str(math.ceil(wait))})
        device = self.get_cookie(DEVICE_COOKIE, "")
        again = self.store.device_student(code, device) if DEVICE.fullmatch(device) else None
        if again is not None:
            self.reply(200, {"student_token": again[1], "nickname": again[0]})
            return
        if not DEVICE.fullmatch(device):
            device = new_token()
            self.set_cookie(DEVICE_COOKIE, device, path=self.root, httponly=True, samesite="Strict", expires_days=2)
        self.reply(201, {"student_token": self.store.add_student(code, nickname, device), "nickname": nickname})


class RosterHandler(ClassHandler):
    """The teacher's list of who joined (the join slide's names and count)."""

    def get(self, code: str) -> None:
        code = self.teacher(code)
        self.reply(200, {"students": self.store.roster(code)})


class StudentHandler(ClassHandler):
    """The teacher removes a student (and the student's votes)."""

    def delete(self, code: str, student: str) -> None:
        code = self.teacher(code)
        self.store.remove_student(code, int(student))
        self.reply(200, {"removed": int(student)})


class VoteHandler(ClassHandler):
    """The teacher removes one student's vote of one round (``?round=``, by default the question's current one)."""

    def delete(self, code: str, question: str, student: str) -> None:
        code = self.teacher(code)
        now = self.store.question(code, int(question))
        round_text = self.get_query_argument("round", str(now.round))
        if not round_text.isdigit() or not 1 <= int(round_text) <= now.round:
            raise ApiError(400, f"The round must be a number from 1 to {now.round}.")
        self.store.remove_vote(code, now.id, int(round_text), int(student))
        self.reply(200, teacher_view(self.store, self.store.question(code, now.id)))


class ConsoleHandler(ClassHandler):
    """The presenter console's state (the teacher's cookie, never projected): the newest class this browser
    opened, who joined, its current question with the live counts whether or not the room sees them, and
    the right answer, for the teacher's eyes, before the reveal."""

    def get(self) -> None:
        key = self.teacher_key()
        classes = self.store.classes_of(key) if key else []
        if not classes:
            raise ApiError(404, "This browser has opened no class yet: open one on a deck's join slide.")
        code = classes[0]["code"]
        now = self.store.current(code)
        question = None
        if now is not None:
            right = now.spec["correct"].get(now.ruleset, [])
            view = teacher_view(self.store, now)
            words = {k: {lang: answer_words(now.spec, k, lang) for lang in ("en", "zh")}
                     for k in {*right, *(k for r in view["counts"].values() for k in r)}}
            question = {**view, "slide": now.slide, "question_text": now.spec["question"], "answer": right,
                        "words": words}
        self.reply(200, {"code": code, "deck": classes[0]["deck"], "join_url": self.join_url(code),
                         "roster": [s["nickname"] for s in self.store.roster(code)], "question": question})


class ConsolePageHandler(ClassHandler):
    """The presenter console page: plain HTML and a script, no kernel (``static/console.*``)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish((STATIC / "console.html").read_text(encoding="utf-8").replace("%ROOT%", self.root))


def revealed_answer(question: Question) -> list[str] | None:
    """The right answers' keys once the teacher has revealed them this round, else None: the one place
    a reply gets them, so no reply before the reveal step holds the answer (peer instruction)."""
    return list(question.spec["correct"].get(question.ruleset, [])) if question.revealed else None


def _counts(question: Question, counts: dict[str, int]) -> dict[str, int]:
    """One round's counts, every option of a choice question listed (0 where nobody chose it)."""
    listed = {a["key"]: 0 for a in question.spec["answers"]} if question.spec["input"] == "choice" else {}
    return {**listed, **counts}


class CurrentHandler(ClassHandler):
    def get(self, code: str) -> None:
        code, student = self.student(code)
        question = self.store.current(code)
        if question is None:
            self.reply(200, {"question": None})
            return
        shown = question.shown
        self.reply(200, {"question": {
            "id": question.id, "round": question.round, "open": question.open, "shown": shown,
            "revealed": question.revealed,
            "puzzle": student_view(question.spec, question.ruleset), "ruleset": question.ruleset,
            "my_vote": self.store.my_vote(question.id, question.round, student),
            "counts": _counts(question, self.store.counts(question.id).get(question.round, {})) if shown else None,
            "correct": revealed_answer(question)}})


class VotesHandler(ClassHandler):
    def post(self, code: str) -> None:
        code, student = self.student(code)
        body = self.json_body(("question", int), ("round", int), ("answer", str))
        question = self.store.question(code, body["question"])
        try:
            graded = grade(question.spec, question.ruleset, body["answer"])
        except AnswerError as error:
            raise ApiError(400, str(error)) from None
        self.store.add_vote(code, Vote(question.id, body["round"], student, graded.key, graded.correct, graded.rule_ids))
        self.reply(201, {"question": question.id, "round": body["round"], "answer": graded.key})


class QuestionsHandler(ClassHandler):
    body_limit = QUESTION_BODY

    def post(self, code: str) -> None:
        code = self.teacher(code)
        body = self.json_body(("slide", str), ("spec", dict))
        ruleset = body.get("ruleset")
        if ruleset is not None and not isinstance(ruleset, str):
            raise ApiError(400, "The field 'ruleset' must be text.")
        try:
            ruleset = check_spec(body["spec"], ruleset)
        except AnswerError as error:
            raise ApiError(400, str(error)) from None
        question = self.store.add_question(code, body["slide"][:200], body["spec"], ruleset)
        self.reply(201, {"id": question.id, "round": question.round})


def teacher_view(store: Store, question: Question) -> dict[str, Any]:
    """What the teacher's slide polls: every round's counts, how many joined and voted this round."""
    counts = store.counts(question.id)
    rounds = {str(r): _counts(question, counts.get(r, {})) for r in range(1, question.round + 1)}
    return {"id": question.id, "round": question.round, "open": question.open, "shown": question.shown,
            "revealed": question.revealed, "correct": revealed_answer(question), "counts": rounds, "students": store.students(question.code),
            "voted": sum(counts.get(question.round, {}).values())}


class QuestionHandler(ClassHandler):
    def get(self, code: str, question: str) -> None:
        code = self.teacher(code)
        self.reply(200, teacher_view(self.store, self.store.question(code, int(question))))


#: The teacher's steps of a round, each its own control: open the vote, show the distribution (no answer),
#: hide it, close the vote, reveal the answer (closing the vote: nobody votes knowing it); "rounds" votes again.
ACTIONS: dict[str, dict[str, bool]] = {"open": {"open": True}, "show": {"shown": True}, "hide": {"shown": False},
                                       "close": {"open": False}, "reveal": {"open": False, "shown": True, "revealed": True}}


class QuestionActionHandler(ClassHandler):
    def post(self, code: str, question: str, action: str) -> None:
        code = self.teacher(code)
        number = int(question)
        if action == "rounds":
            now = self.store.next_round(code, number)
        else:
            if action == "open" and self.store.question(code, number).revealed:
                raise ApiError(409, "The answer of this round is revealed: start a new round to vote again.")
            now = self.store.update(code, number, **ACTIONS[action])
        self.reply(201 if action == "rounds" else 200, teacher_view(self.store, now))


def cell(text: str) -> str:
    """A text cell a spreadsheet will not run: a leading = + - @ is quoted with an apostrophe.

    >>> cell("=HYPERLINK(1)"), cell("Mei 梅")
    ("'=HYPERLINK(1)", 'Mei 梅')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


class AnswersCsvHandler(ClassHandler):
    def get(self, code: str) -> None:
        code = self.teacher(code)
        specs: dict[int, dict[str, Any]] = {}
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(CSV_COLUMNS)
        for row in self.store.answers(code):
            spec = specs.setdefault(row["question"], self.store.question(code, row["question"]).spec)
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(row["time"]))
            writer.writerow([row["class"], row["question"], cell(row["slide"]), row["round"], cell(row["nickname"]), row["answer"],
                             "yes" if row["correct"] else "no", row["rule_ids"], stamp, cell(answer_words(spec, row["answer"]))])
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{code}-answers.csv"')
        self.finish("\ufeff" + out.getvalue())  # the BOM: a spreadsheet then reads the nicknames' Chinese as UTF-8


class MistakesHandler(ClassHandler):
    def get(self, code: str) -> None:
        code = self.teacher(code)
        self.reply(200, {"rules": mistakes_from_answers(self.store.answers(code))})


class JoinPageHandler(ClassHandler):
    """The phone page (one for ``/join`` and ``/join/<code>``: the script reads the code from the address)."""

    def get(self, _code: str | None = None) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish((STATIC / "join.html").read_text(encoding="utf-8").replace("%ROOT%", self.root))


class SharedHandler(ClassHandler):
    """The book's front end, served from widgets/ (never copied): ``join.js`` (``static/join.js`` with
    the shared modules and the class puzzle's front end it imports, bundled by ``make deps``, the card
    faces in front: :func:`widgets.front_ends.front_end`), ``shared.css`` and the class puzzle's stylesheet."""

    def get(self, name: str) -> None:
        kind = "application/javascript" if name.endswith(".js") else "text/css"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        if name == "join.js":
            self.finish(front_end("join.js"))
        elif name == "shared.css":
            self.finish(shared_style())
        else:
            self.finish((WIDGETS_STATIC / name).read_text(encoding="utf-8"))


class UnknownHandler(ClassHandler):
    """Any other address under the API: a JSON 404 like every other error."""

    def prepare(self) -> None:
        raise ApiError(404, "There is no such class-mode address.")


class StaticHandler(tornado.web.StaticFileHandler):
    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")


def handlers(base_url: str, store: Store, public_url: str = "", join_limit: int = 10,
             teacher_login: str = "") -> list[tuple[str, type, dict[str, Any]]]:
    """The routes of class mode under ``base_url`` (a Jupyter server's, ``/`` by default); ``join_limit``
    joins of a class a minute from one address (0: no limit); ``teacher_login`` the one-time login code."""
    if join_limit < 0:
        raise ValueError(f"join_limit is the joins a minute one address may make (0: no limit), not {join_limit}")
    root = base_url.rstrip("/") + "/" + PREFIX
    api = root + "/api/classes"
    code = r"/([^/]{1,40})"
    options = {"store": store, "root": root, "public_url": public_url, "join_limit": join_limit}
    return [
        (api, ClassesHandler, options),
        (root + "/api/teacher/classes", TeacherClassesHandler, options),
        (root + "/api/teacher/console", ConsoleHandler, options),
        (root + "/console/?", ConsolePageHandler, options),
        (api + code + r"/qr\.svg", QrHandler, options),
        (api + code + "/students", StudentsHandler, options),
        (api + code + "/roster", RosterHandler, options),
        (api + code + r"/students/(\d{1,9})", StudentHandler, options),
        (api + code + r"/questions/(\d{1,9})/votes/(\d{1,9})", VoteHandler, options),
        (api + code + "/current", CurrentHandler, options),
        (api + code + "/votes", VotesHandler, options),
        (api + code + "/questions", QuestionsHandler, options),
        (api + code + r"/questions/(\d{1,9})", QuestionHandler, options),
        (api + code + r"/questions/(\d{1,9})/(open|show|hide|close|reveal|rounds)", QuestionActionHandler, options),
        (api + code + r"/answers\.csv", AnswersCsvHandler, options),
        (api + code + "/mistakes", MistakesHandler, options),
        (root + r"/teacher-login/([A-Za-z0-9_-]{1,100})", TeacherLoginHandler, {"login": LoginCode(teacher_login)}),
        (root + "/join/?", JoinPageHandler, options),
        (root + "/join" + code, JoinPageHandler, options),
        (root + r"/shared/(shared\.css|class_puzzle\.css)", SharedHandler, options),
        (root + r"/static/(join\.js)", SharedHandler, options),  # the bundle, not the source
        (root + "/static/(.*)", StaticHandler, {"path": str(STATIC)}),
        (root + "/api/.*", UnknownHandler, options),
    ]
