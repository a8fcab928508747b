"""Class mode under a room's load: N simulated phones on loopback join a class and vote at once.

A real server (``jupyter server`` with Voila and classroom, the command ``make present`` uses) runs on
a free 127.0.0.1 port with a fresh SQLite file.  The teacher opens a class and a class puzzle; each
phone (a thread with its own kept-alive HTTP connection, as a browser keeps one) joins with a nickname,
polls for the question every 1.5 s as the phone page does, and — all at once, released by a barrier —
votes, then tries to vote again (which must be refused).  The teacher's slide polls the question every
0.7 s.  Printed: lost and double-counted votes (target 0), the vote round trip (median, p95; target
p95 ≤ 200 ms), and the time from the last vote's answer until the teacher's poll shows every vote
(target ≤ 1 s).  Only 127.0.0.1 is contacted; every wait is bounded and the run stops by itself.

Usage: ``python benchmarks/class_load.py [--students 60] [--kind trick_winner] [--seed 16] [--servers 2
--database postgresql://…]``: with ``--servers`` several class servers share the one database, the phones
spread over them as behind a load balancer.  The machine's load average is printed with the figures.

Rules: SJ-8 / SJ-9 (the trick_winner puzzle the room answers).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from classroom.client import ClassClient, Reply  # noqa: E402  (benchmarks/ is a folder of scripts)
from classroom.serve import server_command  # noqa: E402
from tests.browser.conftest import free_port, start_server, stop_server  # noqa: E402
from widgets.puzzles import make_puzzle  # noqa: E402

TEACHER_POLL, PHONE_POLL = 0.7, 1.5


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


class Phone(threading.Thread):
    """One student: join, wait for the question, vote when released, vote again, keep polling."""

    def __init__(self, base: str, code: str, number: int, keys: list[str], run: Run) -> None:
        super().__init__(daemon=True)
        self.client, self.code, self.run_ = ClassClient(base), code, run
        self.nickname, self.answer = f"phone {number:02d}", keys[number % len(keys)]
        self.voted_at = 0.0
        self.vote_ms = float("nan")
        self.outcome = "not run"
        self.again = 0
        self.my_vote: str | None = None

    def call(self, method: str, path: str, body: object = None, token: str = "") -> Reply:
        return self.client.call(method, f"/api/classes/{self.code}{path}", body, headers={"X-Student-Token": token})

    def run(self) -> None:
        try:
            joined = self.call("POST", "/students", {"nickname": self.nickname})
            if joined.status != 201:
                self.outcome = f"join {joined.status}"
                return
            token = joined.body["student_token"]
            question = None
            while question is None and time.monotonic() < self.run_.deadline:
                question = self.call("GET", "/current", token=token).body["question"]
                if question is None:
                    time.sleep(PHONE_POLL)
            if question is None:
                self.outcome = "no question before the deadline"
                return
            self.run_.ready.wait(timeout=max(0.0, self.run_.deadline - time.monotonic()))
            start = time.perf_counter()
            reply = self.call("POST", "/votes", {"question": question["id"], "round": 1, "answer": self.answer}, token)
            self.vote_ms = (time.perf_counter() - start) * 1000
            self.voted_at = time.monotonic()
            self.outcome = "voted" if reply.status == 201 else f"vote {reply.status}"
            self.again = self.call("POST", "/votes", {"question": question["id"], "round": 1, "answer": self.answer},
                                   token).status
            while not self.run_.done.is_set() and time.monotonic() < self.run_.deadline:
                self.my_vote = self.call("GET", "/current", token=token).body["question"]["my_vote"]
                self.run_.done.wait(PHONE_POLL)
        except OSError as error:
            self.outcome = f"error {error}"
        finally:
            self.client.close()


class Run:
    """What the phones share: the release barrier, the end, the deadline."""

    def __init__(self, students: int, seconds: float) -> None:
        self.ready = threading.Barrier(students + 1)
        self.done = threading.Event()
        self.deadline = time.monotonic() + seconds


def load_average() -> float:
    """The machine's 1-minute load average (the figures mean little without it on a shared machine)."""
    return os.getloadavg()[0]


def measure(bases: list[str], students: int, kind: str, seed: int, seconds: float) -> int:
    """Phone ``i`` talks to ``bases[i % len(bases)]`` (servers sharing one database, as behind a load balancer);
    the teacher to the first."""
    base = bases[0]
    loads = [load_average()]
    teacher = ClassClient(base)
    made = teacher.call("POST", "/api/classes", {"deck": "class-load"}).body
    code, headers = made["code"], {"X-Class-Token": made["teacher_token"]}
    spec = make_puzzle(kind, seed)
    keys = [a["key"] for a in spec["answers"]]
    run = Run(students, seconds)
    phones = [Phone(bases[i % len(bases)], code, i, keys, run) for i in range(students)]
    for phone in phones:
        phone.start()
    question = teacher.call("POST", f"/api/classes/{code}/questions",
                            {"slide": "class-load#1", "spec": spec}, headers=headers).body["id"]
    run.ready.wait(timeout=seconds)  # every phone has the question: release the votes together
    polls: list[tuple[float, float, int]] = []  # (answered at, round trip ms, votes shown)
    while time.monotonic() < run.deadline:
        start = time.perf_counter()
        view = teacher.call("GET", f"/api/classes/{code}/questions/{question}", headers=headers).body
        polls.append((time.monotonic(), (time.perf_counter() - start) * 1000, view["voted"]))
        loads.append(load_average())
        if view["voted"] >= students and all(p.voted_at for p in phones):
            break
        time.sleep(TEACHER_POLL)
    run.done.set()
    for phone in phones:
        phone.join(timeout=10)
    counted = teacher.call("GET", f"/api/classes/{code}/questions/{question}", headers=headers).body["counts"]["1"]
    sent = Counter(p.answer for p in phones if p.outcome == "voted")
    lost = sum(max(0, sent[k] - counted.get(k, 0)) for k in keys)
    double = sum(max(0, counted.get(k, 0) - sent[k]) for k in keys)
    rows = teacher.call("GET", f"/api/classes/{code}/answers.csv", headers=headers).body.strip().splitlines()[1:]
    last_vote = max((p.voted_at for p in phones), default=0.0)
    shown_at = next((at for at, _, voted in polls if voted >= students and at >= last_vote), float("nan"))
    trips = [p.vote_ms for p in phones if p.outcome == "voted"]
    failures = Counter(p.outcome for p in phones if p.outcome != "voted")
    refused = sum(p.again == 409 for p in phones)
    mine = sum(p.my_vote == p.answer for p in phones)
    freshness = (shown_at - last_vote) * 1000
    print(f"class load: {students} phones, puzzle {kind}:{seed} ({len(keys)} options), "
          f"{len(bases)} server{'s' if len(bases) > 1 else ''} ({', '.join(bases)})")
    print(f"  load average (1 min) {loads[0]:.2f} at the start, {max(loads):.2f} at most during the run "
          f"({os.cpu_count()} CPUs)")
    print(f"  votes accepted       {len(trips)}/{students}   failures {dict(failures) or 0}")
    print(f"  lost votes           {lost}   double-counted {double}   (target 0)")
    print(f"  CSV rows             {len(rows)}   second votes refused (409) {refused}/{students}   "
          f"phones seeing their vote {mine}/{students}")
    print(f"  vote round trip      median {statistics.median(trips):.1f} ms   p95 {percentile(trips, 0.95):.1f} ms   "
          f"max {max(trips):.1f} ms   (target p95 <= 200 ms)")
    print(f"  teacher's chart      every vote shown {freshness:.0f} ms after the last vote   (target <= 1000 ms; "
          f"the slide polls every {TEACHER_POLL * 1000:.0f} ms, poll p95 {percentile([p[1] for p in polls], 0.95):.1f} ms)")
    met = (lost == double == 0 and len(trips) == len(rows) == students and refused == students
           and percentile(trips, 0.95) <= 200 and freshness <= 1000)
    print("  targets              " + ("met" if met else "MISSED"))
    teacher.close()
    return 0 if met else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--kind", default="trick_winner", help="the class puzzle's kind")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--timeout", type=float, default=120, help="the whole run stops after this many seconds")
    parser.add_argument("--servers", type=int, default=1, help="class servers on the one database (phones spread over them)")
    parser.add_argument("--database", default="", help="the database URL (default: a fresh SQLite file); e.g. "
                        "postgresql://postgres@/postgres?host=/tmp/… (python -m tests.classroom.pg_cluster starts one)")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= 500:
        parser.error("--students must be 1 to 500")
    if not 1 <= args.servers <= 8:
        parser.error("--servers must be 1 to 8")
    with tempfile.TemporaryDirectory(prefix="class-load-") as folder:
        database = args.database or f"sqlite:///{folder}/classroom.sqlite3"
        servers, bases = [], []
        try:
            for number in range(args.servers):
                notebooks = Path(folder) / f"notebooks-{number}"
                notebooks.mkdir()
                port = free_port()
                bases.append(f"http://127.0.0.1:{port}")
                command = server_command(notebooks, port, ROOT / "teacher" / "voila.json", database_url=database,
                                         join_limit=0)  # every phone here is 127.0.0.1: no per-address join limit
                servers.append(start_server(command, f"{bases[-1]}/cardbook-class/join", cwd=ROOT))
            return measure(bases, args.students, args.kind, args.seed, args.timeout)
        finally:
            for server in servers:
                stop_server(server)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
