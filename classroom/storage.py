"""Class answers kept in a database: a small interface, its SQL written once, SQLite and PostgreSQL behind it.

:func:`open_store` takes a database URL.  ``sqlite:///relative/path`` and ``sqlite:////absolute/path``
(SQLAlchemy's spelling) open a SQLite file, created with its folder on first use; every write is
committed before the server answers, in WAL mode with ``synchronous=NORMAL``: a killed or restarted
server keeps every vote (the tests kill it mid-class); only a power cut could lose the last moments,
the price of a 30 ms vote instead of one fsync each (benchmarks/class_load.py).  ``postgresql://…``
opens a school's shared PostgreSQL (:class:`classroom.postgres.PostgresStore`), which several class
servers use at once (README, "Class mode"); the storage tests run on both.

One row per student per round of a question; a student is a nickname and a token digest, nothing more.

>>> store = open_store("sqlite:///:memory:")
>>> code, teacher = store.create_class("shengji-basics")
>>> store.is_teacher(code, teacher), store.is_teacher(code, "guess")
(True, False)
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .codes import new_code, new_token, token_digest
from .nicknames import nickname_key


class NotFound(LookupError):
    """No such class, question or student."""


class Conflict(RuntimeError):
    """The request is well formed but the class's state refuses it (a vote after closing, a second vote)."""


@dataclass(frozen=True)
class Question:
    """One question of a class: the slide it came from, the spec it is graded by, its current round."""

    id: int
    code: str
    slide: str
    spec: dict[str, Any]
    ruleset: str
    round: int
    open: bool
    shown: bool
    #: The right answer has been revealed this round (only then is it sent to phones).
    revealed: bool = False


@dataclass(frozen=True)
class Vote:
    """One student's answer in one round, graded when it was stored."""

    question: int
    round: int
    student: int
    answer: str
    correct: bool
    rule_ids: tuple[str, ...]


#: The window the joins of one address are counted over, in seconds (:meth:`SqlStore.join_wait`).
JOIN_WINDOW = 60.0


class Store(Protocol):
    """What the handlers ask of a database (:class:`SQLiteStore`, :class:`~classroom.postgres.PostgresStore`)."""

    def create_class(self, deck: str, owner: str = "") -> tuple[str, str]: ...
    def deck(self, code: str) -> str: ...
    def is_teacher(self, code: str, token: str) -> bool: ...
    def is_owner(self, code: str, owner: str) -> bool: ...
    def classes_of(self, owner: str) -> list[dict[str, Any]]: ...
    def join_wait(self, code: str, address: str, limit: int, window: float = JOIN_WINDOW,
                  now: float | None = None) -> float: ...
    def add_student(self, code: str, nickname: str, device: str = "") -> str: ...
    def device_student(self, code: str, device: str) -> tuple[str, str] | None: ...
    def roster(self, code: str) -> list[dict[str, Any]]: ...
    def remove_student(self, code: str, student: int) -> None: ...
    def remove_vote(self, code: str, question: int, round: int, student: int) -> None: ...
    def student(self, code: str, token: str) -> int | None: ...
    def students(self, code: str) -> int: ...
    def add_question(self, code: str, slide: str, spec: dict[str, Any], ruleset: str) -> Question: ...
    def question(self, code: str, question: int) -> Question: ...
    def current(self, code: str) -> Question | None: ...
    def update(self, code: str, question: int, *, shown: bool | None = None, open: bool | None = None,
               revealed: bool | None = None) -> Question: ...
    def next_round(self, code: str, question: int) -> Question: ...
    def add_vote(self, code: str, vote: Vote) -> None: ...
    def my_vote(self, question: int, round: int, student: int) -> str | None: ...
    def counts(self, question: int) -> dict[int, dict[str, int]]: ...
    def answers(self, code: str) -> list[dict[str, Any]]: ...
    def close(self) -> None: ...


#: The four tables, in SQL both stores read (``INTEGER`` flags, ``REAL`` seconds); ``{id}`` is the
#: dialect's auto-numbered key (SQLite ``INTEGER PRIMARY KEY``, PostgreSQL ``SERIAL PRIMARY KEY``).
SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, deck TEXT NOT NULL, teacher TEXT NOT NULL,
                                    created REAL NOT NULL, owner TEXT);
CREATE TABLE IF NOT EXISTS students (id {id}, code TEXT NOT NULL REFERENCES classes(code),
                                     nickname TEXT NOT NULL, token TEXT NOT NULL UNIQUE, created REAL NOT NULL,
                                     nick_key TEXT, device TEXT, UNIQUE (code, nickname));
CREATE TABLE IF NOT EXISTS questions (id {id}, code TEXT NOT NULL REFERENCES classes(code),
                                      slide TEXT NOT NULL, spec TEXT NOT NULL, ruleset TEXT NOT NULL,
                                      round INTEGER NOT NULL, open INTEGER NOT NULL, shown INTEGER NOT NULL,
                                      created REAL NOT NULL, revealed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS votes (question INTEGER NOT NULL REFERENCES questions(id), round INTEGER NOT NULL,
                                  student INTEGER NOT NULL REFERENCES students(id), answer TEXT NOT NULL,
                                  correct INTEGER NOT NULL, rule_ids TEXT NOT NULL, time REAL NOT NULL,
                                  PRIMARY KEY (question, round, student));
CREATE UNIQUE INDEX IF NOT EXISTS students_nick_key ON students (code, nick_key);
CREATE TABLE IF NOT EXISTS joins (code TEXT NOT NULL, device TEXT NOT NULL, time REAL NOT NULL);
CREATE INDEX IF NOT EXISTS joins_by_device ON joins (code, device, time);
CREATE INDEX IF NOT EXISTS joins_by_time ON joins (time);
"""

Row = Mapping[str, Any]


class SqlStore:
    """:class:`Store` in SQL both databases read (``?`` placeholders), written once; a subclass gives the
    connection: :meth:`_rows`, :meth:`_run` (rows changed), :meth:`_transaction`, and the exception a
    unique key raises (:attr:`_unique`).  Every write is committed before the handler answers."""

    _unique: type[Exception] = Exception

    def __init__(self) -> None:
        self._specs: dict[int, dict[str, Any]] = {}
        self._classes: dict[str, Row] = {}

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Row]:
        raise NotImplementedError

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        raise NotImplementedError

    def _transaction(self) -> AbstractContextManager[object]:
        raise NotImplementedError

    def _one(self, sql: str, args: tuple[Any, ...] = ()) -> Row | None:
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        with self._transaction():  # one transaction, committed before the answer goes out
            return self._run(sql, args)

    def create_class(self, deck: str, owner: str = "") -> tuple[str, str]:
        """A new class on ``deck``: its code and teacher token; ``owner`` is the teacher's browser key (its
        cookie), which lists the class among the teacher's and opens it again in a new tab."""
        token = new_token()
        while True:
            code = new_code()
            try:
                self._write("INSERT INTO classes (code, deck, teacher, created, owner) VALUES (?, ?, ?, ?, ?)",
                            (code, deck, token_digest(token), time.time(), token_digest(owner) if owner else None))
                return code, token
            except self._unique:
                continue  # a clash with an older class's code: draw again

    def _class(self, code: str) -> Row:
        """The class's row, read once: a class never changes once made (every request asks for it)."""
        row = self._classes.get(code) or self._one("SELECT * FROM classes WHERE code = ?", (code,))
        if row is None:
            raise NotFound(f"There is no class with the code {code}.")
        self._classes[code] = row
        return row

    def deck(self, code: str) -> str:
        return str(self._class(code)["deck"])

    def is_teacher(self, code: str, token: str) -> bool:
        return bool(self._class(code)["teacher"] == token_digest(token))

    def is_owner(self, code: str, owner: str) -> bool:
        return bool(owner) and bool(self._class(code)["owner"] == token_digest(owner))

    def classes_of(self, owner: str) -> list[dict[str, Any]]:
        """The classes a teacher's browser key opened, newest first: code, deck, when, how many students,
        questions and votes, and the current question (id, slide, its puzzle's id)."""
        rows = self._rows(
            "SELECT c.code, c.deck, c.created, (SELECT COUNT(*) FROM students s WHERE s.code = c.code) AS students, "
            "(SELECT COUNT(*) FROM questions q WHERE q.code = c.code) AS questions, "
            "(SELECT COUNT(*) FROM votes v JOIN questions q ON q.id = v.question WHERE q.code = c.code) AS votes "
            "FROM classes c WHERE c.owner = ? ORDER BY c.created DESC, c.code", (token_digest(owner),))
        listed = []
        for row in rows:
            now = self.current(row["code"])
            listed.append({**{k: row[k] for k in ("code", "deck", "created")},
                           **{k: int(row[k]) for k in ("students", "questions", "votes")},
                           "question": None if now is None else
                           {"id": now.id, "slide": now.slide, "spec_id": str(now.spec.get("id", ""))}})
        return listed

    def join_wait(self, code: str, address: str, limit: int, window: float = JOIN_WINDOW,
                  now: float | None = None) -> float:
        """0, and this join of ``code`` from ``address`` counted, or the seconds until that address may join it
        again: at most ``limit`` joins a ``window`` (0: no limit).  A phone joins once; a script joining fifty
        nicknames from one laptop is held up.  The joins are counted in the database, so the class servers
        sharing one count them together; an address is kept as a digest, and only for the window.

        >>> store = SQLiteStore(":memory:")
        >>> [store.join_wait("ABCDE", "10.0.0.7", 2, now=t) for t in (0, 1, 2)]
        [0.0, 0.0, 58.0]
        >>> store.join_wait("ABCDE", "10.0.0.8", 2, now=2), store.join_wait("ABCDE", "10.0.0.7", 2, now=61)
        (0.0, 0.0)
        """
        if limit < 0 or window <= 0:
            raise ValueError(f"a join limit needs a limit ≥ 0 and a window > 0, not {limit} and {window}")
        if not limit:
            return 0.0
        now = time.time() if now is None else now
        device = token_digest(address)
        with self._transaction():
            self._run("DELETE FROM joins WHERE time <= ?", (now - window,))
            times = [float(row["time"]) for row in self._rows(
                "SELECT time FROM joins WHERE code = ? AND device = ? ORDER BY time", (code, device))]
            if len(times) >= limit:
                return times[len(times) - limit] + window - now
            self._run("INSERT INTO joins (code, device, time) VALUES (?, ?, ?)", (code, device, now))
        return 0.0

    def add_student(self, code: str, nickname: str, device: str = "") -> str:
        self._class(code)
        token = new_token()
        try:
            self._write("INSERT INTO students (code, nickname, token, created, nick_key, device) VALUES (?, ?, ?, ?, ?, ?)",
                        (code, nickname, token_digest(token), time.time(), nickname_key(nickname),
                         token_digest(device) if device else None))
        except self._unique:
            raise Conflict(f"The nickname {nickname} is taken in this class: choose another.") from None
        return token

    def device_student(self, code: str, device: str) -> tuple[str, str] | None:
        """The nickname of the student this device joined ``code`` as, and a fresh token for them (the old one
        stops), or None: a phone that lost its token is the same student again, with the same votes."""
        row = self._one("SELECT id, nickname FROM students WHERE code = ? AND device = ?", (code, token_digest(device)))
        if row is None:
            return None
        token = new_token()
        self._write("UPDATE students SET token = ? WHERE id = ?", (token_digest(token), row["id"]))
        return str(row["nickname"]), token

    def student(self, code: str, token: str) -> int | None:
        row = self._one("SELECT id FROM students WHERE code = ? AND token = ?", (code, token_digest(token)))
        return None if row is None else int(row["id"])

    def roster(self, code: str) -> list[dict[str, Any]]:
        """The class's students in the order they joined: id, nickname, when."""
        self._class(code)
        rows = self._rows("SELECT id, nickname, created FROM students WHERE code = ? ORDER BY id", (code,))
        return [{"id": int(r["id"]), "nickname": str(r["nickname"]), "joined": float(r["created"])} for r in rows]

    def remove_student(self, code: str, student: int) -> None:
        """The teacher removes a student: their votes go with them, their token stops."""
        with self._transaction():
            if self._one("SELECT 1 AS here FROM students WHERE code = ? AND id = ?", (code, student)) is None:
                self._class(code)
                raise NotFound(f"Class {code} has no student {student}.")
            self._run("DELETE FROM votes WHERE student = ?", (student,))
            self._run("DELETE FROM students WHERE id = ?", (student,))

    def remove_vote(self, code: str, question: int, round: int, student: int) -> None:
        """The teacher removes one vote (the student may vote again while the round is open)."""
        self.question(code, question)
        gone = self._write("DELETE FROM votes WHERE question = ? AND round = ? AND student = ?", (question, round, student))
        if not gone:
            raise NotFound(f"Student {student} has no vote in round {round} of question {question}.")

    def students(self, code: str) -> int:
        row = self._one("SELECT COUNT(*) AS n FROM students WHERE code = ?", (code,))
        return int(row["n"]) if row else 0

    def add_question(self, code: str, slide: str, spec: dict[str, Any], ruleset: str) -> Question:
        self._class(code)
        with self._transaction():
            self._run("UPDATE questions SET open = 0 WHERE code = ?", (code,))
            row = self._one("INSERT INTO questions (code, slide, spec, ruleset, round, open, shown, created) "
                            "VALUES (?, ?, ?, ?, 1, 1, 0, ?) RETURNING id",
                            (code, slide, json.dumps(spec, ensure_ascii=False), ruleset, time.time()))
        return self.question(code, int(row["id"]) if row else 0)

    def _question(self, row: Row) -> Question:
        spec = self._specs.get(row["id"])
        if spec is None:  # a question's spec never changes: parsed once, not at every vote
            spec = self._specs[row["id"]] = json.loads(row["spec"])
        return Question(id=row["id"], code=row["code"], slide=row["slide"], spec=spec,
                        ruleset=row["ruleset"], round=row["round"], open=bool(row["open"]), shown=bool(row["shown"]),
                        revealed=bool(row["revealed"]))

    def question(self, code: str, question: int) -> Question:
        row = self._one("SELECT * FROM questions WHERE code = ? AND id = ?", (code, question))
        if row is None:
            self._class(code)
            raise NotFound(f"Class {code} has no question {question}.")
        return self._question(row)

    def current(self, code: str) -> Question | None:
        self._class(code)
        row = self._one("SELECT * FROM questions WHERE code = ? ORDER BY id DESC LIMIT 1", (code,))
        return None if row is None else self._question(row)

    def update(self, code: str, question: int, *, shown: bool | None = None, open: bool | None = None,
               revealed: bool | None = None) -> Question:
        now = self.question(code, question)
        self._write("UPDATE questions SET shown = ?, open = ?, revealed = ? WHERE id = ?",
                    (int(now.shown if shown is None else shown), int(now.open if open is None else open),
                     int(now.revealed if revealed is None else revealed), question))
        return self.question(code, question)

    def next_round(self, code: str, question: int) -> Question:
        self.question(code, question)
        self._write("UPDATE questions SET round = round + 1, open = 1, shown = 0, revealed = 0 WHERE id = ?", (question,))
        return self.question(code, question)

    def add_vote(self, code: str, vote: Vote) -> None:
        """Store a vote if its round is the question's and open, in one statement (several servers on one
        database cannot interleave a close with it); a second vote of a round is a Conflict (the key)."""
        try:
            stored = self._write(
                "INSERT INTO votes (question, round, student, answer, correct, rule_ids, time) "
                "SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM questions WHERE id = ? AND code = ? "
                "AND round = ? AND open = 1)",
                (vote.question, vote.round, vote.student, vote.answer, int(vote.correct), " ".join(vote.rule_ids),
                 time.time(), vote.question, code, vote.round))
        except self._unique:
            raise Conflict("You have already voted in this round.") from None
        if not stored:
            now = self.question(code, vote.question)
            if vote.round != now.round:
                raise Conflict(f"Round {vote.round} of this question is over: the question is in round {now.round}.")
            raise Conflict("The vote on this question is closed.")

    def my_vote(self, question: int, round: int, student: int) -> str | None:
        row = self._one("SELECT answer FROM votes WHERE question = ? AND round = ? AND student = ?",
                        (question, round, student))
        return None if row is None else str(row["answer"])

    def counts(self, question: int) -> dict[int, dict[str, int]]:
        counts: dict[int, dict[str, int]] = {}
        for row in self._rows("SELECT round, answer, COUNT(*) AS n FROM votes WHERE question = ? "
                              "GROUP BY round, answer ORDER BY round, answer", (question,)):
            counts.setdefault(int(row["round"]), {})[row["answer"]] = int(row["n"])
        return counts

    def answers(self, code: str) -> list[dict[str, Any]]:
        self._class(code)
        rows = self._rows(
            "SELECT q.code AS class, q.id AS question, q.slide, v.round, s.nickname, v.answer, v.correct, "
            "v.rule_ids, v.time FROM votes v JOIN questions q ON q.id = v.question "
            "JOIN students s ON s.id = v.student WHERE q.code = ? ORDER BY q.id, v.round, s.nickname", (code,))
        return [dict(row) for row in rows]

    def close(self) -> None:
        raise NotImplementedError


class SQLiteStore(SqlStore):
    """:class:`Store` on one SQLite file (or ``:memory:``), used from the server's one thread; WAL mode."""

    _unique = sqlite3.IntegrityError

    def __init__(self, path: str) -> None:
        super().__init__()
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._db.executescript(SCHEMA.format(id="INTEGER PRIMARY KEY"))

    def _migrate(self) -> None:
        """Bring a file an older server wrote up to this schema (columns added since, filled in)."""
        def columns(table: str) -> set[str]:
            return {row["name"] for row in self._db.execute(f"PRAGMA table_info({table})")}
        if not columns("classes"):
            return  # a new file
        for table, column, kind in (("classes", "owner", "TEXT"), ("questions", "revealed", "INTEGER NOT NULL DEFAULT 0"),
                                    ("students", "nick_key", "TEXT"), ("students", "device", "TEXT")):
            if column not in columns(table):
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for row in self._db.execute("SELECT id, nickname FROM students WHERE nick_key IS NULL").fetchall():
            self._db.execute("UPDATE students SET nick_key = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM students s "
                             "WHERE s.code = students.code AND s.nick_key = ?)",
                             (nickname_key(row["nickname"]), row["id"], nickname_key(row["nickname"])))

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Row]:
        return list(self._db.execute(sql, args).fetchall())

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        return self._db.execute(sql, args).rowcount

    @contextmanager
    def _transaction(self) -> Iterator[object]:
        if self._db.in_transaction:  # inside one already: part of it
            yield self._db
            return
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            yield self._db

    def close(self) -> None:
        self._db.close()


def _sqlite(rest: str) -> Store:
    if not rest.startswith("/"):
        raise ValueError("a SQLite URL is sqlite:///relative/path or sqlite:////absolute/path")
    return SQLiteStore(rest[1:])


def _postgresql(rest: str) -> Store:
    from .postgres import PostgresStore  # psycopg is needed only by a server that uses PostgreSQL

    return PostgresStore("postgresql://" + rest)


#: Database URL schemes and the stores that open them.
STORES: dict[str, Callable[[str], Store]] = {"sqlite": _sqlite, "postgresql": _postgresql, "postgres": _postgresql}


def open_store(url: str) -> Store:
    """The store a database URL names; a clear ValueError for a scheme this build has no store for."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in STORES:
        raise ValueError(f"unsupported database URL {url!r}: classes are stored in SQLite (sqlite:///path) "
                         f"or PostgreSQL (postgresql://user@host/database)")
    return STORES[scheme](rest)
