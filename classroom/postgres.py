"""Class answers in a school's PostgreSQL: :class:`PostgresStore`, for several class servers on one database.

``--Classroom.database_url=postgresql://user:password@host/db`` (or a socket folder:
``postgresql://user@/db?host=/run/postgresql``) opens it, with psycopg 3 (pinned in pyproject.toml).
The SQL is :class:`~classroom.storage.SqlStore`'s, the same as SQLite's (``SERIAL`` keys); the schema is
created once under an advisory lock, so servers starting together do not race.  Every write is its own
transaction, committed before the server answers; the unique key (question, round, student) refuses a
second vote whichever server it reaches.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.rows import dict_row

from .storage import SCHEMA, Row, SqlStore

#: The advisory lock the schema is created under (any number the database's other users do not take).
SCHEMA_LOCK = 0x63617264  # "card"


class PostgresStore(SqlStore):
    """:class:`~classroom.storage.Store` on a PostgreSQL database, one connection, autocommit between
    transactions; a lock keeps the server's threads (if any) from sharing a transaction."""

    _unique = psycopg.errors.UniqueViolation

    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            self._db = psycopg.connect(url, autocommit=True, row_factory=dict_row)
        except psycopg.OperationalError as error:
            raise ValueError(f"cannot open the class database {url.split('@')[-1]!r}: {error}") from None
        self._lock = threading.RLock()
        with self._transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            self._db.execute(SCHEMA.format(id="SERIAL PRIMARY KEY").replace("REAL", "DOUBLE PRECISION"))

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("?", "%s")  # the shared SQL's placeholders, psycopg's way

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Row]:
        with self._lock:
            return list(self._db.execute(self._sql(sql), args).fetchall())

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        with self._lock:
            return self._db.execute(self._sql(sql), args).rowcount

    def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        """One statement is its own transaction (autocommit): no BEGIN and COMMIT round trips."""
        return self._run(sql, args)

    @contextmanager
    def _transaction(self) -> Iterator[object]:
        with self._lock, self._db.transaction():
            yield self._db

    def close(self) -> None:
        self._db.close()
