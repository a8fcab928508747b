"""A throwaway PostgreSQL server for the storage tests and the load benchmark: Debian's PostgreSQL
(``initdb`` and ``pg_ctl`` from /usr/lib/postgresql/<n>/bin or the PATH) in a temporary folder, listening
only on a unix socket in that folder (no TCP port), trusting local connections; as the ``postgres``
user when run as root (PostgreSQL refuses to run as root).  ``python -m tests.classroom.pg_cluster``
starts one and prints its URL until Ctrl-C or ``kill`` (either stops it and removes its folder)."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def postgres_bin(name: str) -> str | None:
    """The path of a PostgreSQL program (``initdb``, ``pg_ctl``), the newest Debian version first."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(Path(folder) / name, os.X_OK):
            return str(Path(folder) / name)
    return shutil.which(name)


class PostgresCluster:
    """``PostgresCluster()`` initialises and starts a cluster; ``url`` its database; ``stop()`` removes it."""

    def __init__(self) -> None:
        initdb, pg_ctl = postgres_bin("initdb"), postgres_bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise FileNotFoundError("PostgreSQL's initdb and pg_ctl are not installed (Debian: postgresql)")
        self.pg_ctl = pg_ctl
        self.folder = Path(tempfile.mkdtemp(prefix="cardbook-pg-"))
        self.data = self.folder / "data"
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self._as:
            shutil.chown(self.folder, "postgres", "postgres")
        self._call([initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
                    "--locale=C"])
        options = f"-c listen_addresses='' -c unix_socket_directories={self.folder} -c fsync=off -c max_connections=50"
        self._call([pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "-t", "30", "start"])
        self.url = f"postgresql://postgres@/postgres?host={self.folder}"

    def _call(self, command: list[str]) -> None:
        subprocess.run(self._as + command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)

    def fresh_database(self, name: str) -> str:
        """A new empty database of the cluster (its URL): each test module's classes apart."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@/{name}?host={self.folder}"

    def stop(self) -> None:
        try:
            self._call([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` stops and removes it, as Ctrl-C does
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started in the background
    cluster = PostgresCluster()
    print(cluster.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
        sys.exit(0)
