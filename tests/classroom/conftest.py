"""A real class server for the class-mode tests: ``jupyter server`` with Voila and classroom, started
by the command ``make present`` uses (:func:`classroom.serve.server_command`), on a free port, with a
temporary SQLite file; ``restart()`` stops it and starts it again on the same file."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from classroom.client import ClassClient, Reply
from classroom.serve import server_command
from classroom.storage import Store, open_store
from tests.browser.conftest import free_port, start_server, stop_server
from tests.classroom.pg_cluster import PostgresCluster

REPO = Path(__file__).resolve().parents[2]


class ClassServer:
    """One server process at a time on one database file."""

    def __init__(self, folder: Path, token: str = "", login: str = "") -> None:
        self.token, self.login = token, login
        self.database = folder / "db" / "classroom.sqlite3"
        self.notebooks = folder / "notebooks"
        self.notebooks.mkdir()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = self._start()

    def _start(self) -> subprocess.Popen:
        command = server_command(self.notebooks, self.port, REPO / "teacher" / "voila.json",
                                 database_url=f"sqlite:///{self.database}", token=self.token,
                                 teacher_login=self.login)
        return start_server(command, f"{self.url}/cardbook-class/join", cwd=REPO)

    def restart(self, *, kill: bool = False) -> None:
        """Stop the server (SIGKILL when ``kill``: no chance to tidy up) and start it on the same file."""
        if kill:
            self.process.kill()
            self.process.wait(10)
        stop_server(self.process)
        self.process = self._start()

    def client(self) -> ClassClient:
        return ClassClient(self.url)

    def rows(self, table: str) -> int:
        """Rows in a table of the database, read from the file (what a request stored)."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server for the session (Debian's, a unix socket in a temporary folder): its database's URL."""
    cluster = PostgresCluster()
    try:
        yield cluster.fresh_database("classroom")
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test once on SQLite (a fresh file) and once on PostgreSQL (the session's server)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    opened = open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    server = ClassServer(tmp_path_factory.mktemp("classroom"))
    yield server
    stop_server(server.process)


def ok(reply: Reply, status: int = 200) -> Reply:
    """``reply`` after checking its status (the error body in the message when it is another)."""
    assert reply.status == status, (reply.status, reply.body)
    return reply
