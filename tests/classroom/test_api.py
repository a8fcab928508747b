"""Class mode over HTTP on a real server: join, vote, counts hidden then shown, lock, rounds, CSV,
the mistakes map, a restart mid-class, and every bad input a clear 4xx with nothing stored."""

from __future__ import annotations

import csv
import io
import json
import select
import socket
import time
from collections import Counter
from typing import Any

import psutil
import pytest

from classroom.client import ClassClient
from tests.browser.conftest import stop_server
from tests.classroom.conftest import ClassServer, ok
from widgets.puzzles import make_puzzle


def expected_grade(spec: dict[str, Any], ruleset: str, key: str) -> tuple[bool, set[str]]:
    """The spec's own verdict of ``key`` (what the engine computed when the slide drew it)."""
    keys = [a["key"] for a in spec["answers"]]
    ok_, reasons = spec["verdicts"][ruleset][keys.index(key)]
    indexes = reasons if isinstance(reasons, list) else [reasons]
    return bool(ok_) and key in spec["correct"][ruleset], {spec["reasons"][i]["rule"] for i in indexes}


def csv_rows(text: str) -> list[dict[str, str]]:
    """The rows of the answers' CSV, which starts with a UTF-8 BOM (for spreadsheets)."""
    assert text.startswith("\ufeff"), text[:20]
    return list(csv.DictReader(io.StringIO(text[1:])))


class Room:
    """A class opened by a teacher, with students joined by nickname."""

    def __init__(self, server: ClassServer, deck: str = "shengji-basics") -> None:
        self.client = server.client()
        reply = ok(self.client.call("POST", "/api/classes", {"deck": deck}), 201)
        made = reply.body
        self.teacher_set_cookie = reply.headers["set-cookie"]
        self.teacher_cookie = self.teacher_set_cookie.split(";")[0]
        self.code, self.token, self.join_url = made["code"], made["teacher_token"], made["join_url"]
        self.students: dict[str, str] = {}

    def teacher(self, method: str, path: str, body: Any = None) -> Any:
        return self.client.call(method, f"/api/classes/{self.code}{path}", body, headers={"X-Class-Token": self.token})

    def join(self, *names: str) -> None:
        for name in names:
            reply = ok(self.client.call("POST", f"/api/classes/{self.code}/students", {"nickname": name}), 201)
            self.students[name] = reply.body["student_token"]

    def ask(self, spec: dict[str, Any], ruleset: str | None = None) -> int:
        body = {"slide": "shengji-basics#highest", "spec": spec, **({"ruleset": ruleset} if ruleset else {})}
        reply = ok(self.teacher("POST", "/questions", body), 201)
        assert reply.body["round"] == 1
        return int(reply.body["id"])

    def student(self, name: str, method: str, path: str, body: Any = None) -> Any:
        return self.client.call(method, f"/api/classes/{self.code}{path}", body,
                                headers={"X-Student-Token": self.students[name]})

    def vote(self, name: str, question: int, answer: str, round_: int = 1) -> Any:
        return self.student(name, "POST", "/votes", {"question": question, "round": round_, "answer": answer})


@pytest.fixture
def room(class_server: ClassServer) -> Room:
    return Room(class_server)


def test_class_code_and_join_url(room: Room, class_server: ClassServer) -> None:
    assert len(room.code) == 5 and not set(room.code) & set("0O1I")
    assert room.join_url == f"{class_server.url}/cardbook-class/join/{room.code}"
    qr = ok(room.client.call("GET", f"/api/classes/{room.code}/qr.svg"))
    assert qr.headers["content-type"].startswith("image/svg+xml") and "<svg" in qr.body and room.join_url in qr.body
    page = ok(room.client.call("GET", f"/join/{room.code.lower()}"))
    assert page.headers["content-type"].startswith("text/html") and "/cardbook-class/static/join.js" in page.body


def test_join_vote_counts_hidden_until_shown(room: Room) -> None:
    spec = make_puzzle("highest", 16)
    ruleset = spec["rulesets"][0]["id"]
    room.join("Ana", "Bo", "Chen 陈")
    current = ok(room.student("Ana", "GET", "/current")).body
    assert current == {"question": None}
    question = room.ask(spec)
    keys = [a["key"] for a in spec["answers"]]
    right, wrong = spec["correct"][ruleset][0], next(k for k in keys if k not in spec["correct"][ruleset])
    seen = ok(room.student("Bo", "GET", "/current")).body["question"]
    text = json.dumps(seen)
    for secret in ("verdicts", "correct\": [", "reasons", "\"rules\"", "differs"):
        assert secret not in text, f"a student was sent {secret} before show"
    assert seen["puzzle"]["answers"] == [{k: a[k] for k in ("key", "label", "cards") if k in a} for a in spec["answers"]]
    assert (seen["id"], seen["round"], seen["open"], seen["shown"], seen["counts"], seen["my_vote"]) == (
        question, 1, True, False, None, None)
    ok(room.vote("Ana", question, right), 201)
    ok(room.vote("Bo", question, wrong), 201)
    ok(room.vote("Chen 陈", question, right), 201)
    view = ok(room.teacher("GET", f"/questions/{question}")).body
    assert view["counts"] == {"1": {**dict.fromkeys(keys, 0), right: 2, wrong: 1}}
    assert (view["students"], view["voted"], view["shown"], view["open"]) == (3, 3, False, True)
    assert ok(room.student("Ana", "GET", "/current")).body["question"]["counts"] is None
    ok(room.teacher("POST", f"/questions/{question}/show"))
    shown = ok(room.student("Bo", "GET", "/current")).body["question"]
    assert shown["counts"] == {**dict.fromkeys(keys, 0), right: 2, wrong: 1} and shown["my_vote"] == wrong
    assert shown["correct"] is None and shown["revealed"] is False  # the distribution, not the answer
    ok(room.teacher("POST", f"/questions/{question}/hide"))
    assert ok(room.student("Bo", "GET", "/current")).body["question"]["counts"] is None
    revealed = ok(room.teacher("POST", f"/questions/{question}/reveal")).body
    assert (revealed["open"], revealed["shown"], revealed["revealed"]) == (False, True, True)
    assert revealed["correct"] == spec["correct"][ruleset]
    assert ok(room.student("Bo", "GET", "/current")).body["question"]["correct"] == spec["correct"][ruleset]
    refused = room.teacher("POST", f"/questions/{question}/open")
    assert refused.status == 409 and "new round" in refused.body["error"]


#: One class puzzle of each input type (choice, cards, number, fields).
EVERY_INPUT = {"choice": ("highest", 16), "cards": ("pick_follow", 16), "number": ("kitty_score", 16),
               "fields": ("first_dealer", 5)}


@pytest.mark.parametrize("input_type", list(EVERY_INPUT))
def test_no_reply_before_the_reveal_holds_the_answer(input_type: str, room: Room) -> None:
    """Open vote → show the distribution → close → reveal → vote again: only the reveal sends the answer."""
    spec = make_puzzle(*EVERY_INPUT[input_type])
    assert spec["input"] == input_type
    ruleset = spec["rulesets"][0]["id"]
    right = spec["correct"][ruleset]
    wrong = "999" if input_type == "number" else next(a["key"] for a in spec["answers"] if a["key"] not in right)
    question = room.ask(spec)
    room.join("Ana", "Bo")
    replies = [ok(room.student("Ana", "GET", "/current")).body, ok(room.vote("Ana", question, wrong), 201).body]
    for step in ("show", "hide", "close", "open", "show", "close"):
        replies.append(ok(room.teacher("POST", f"/questions/{question}/{step}")).body)
        replies += [ok(room.student(name, "GET", "/current")).body for name in ("Ana", "Bo")]
        replies.append(ok(room.teacher("GET", f"/questions/{question}")).body)
    for reply in replies:
        text = json.dumps(reply, ensure_ascii=False)
        assert all(secret not in text for secret in ("verdicts", "reasons", "differs", "otherwise")), text
        view = reply["question"] if isinstance(reply.get("question"), dict) else reply
        assert view.get("correct") is None and not view.get("revealed"), text
        if input_type != "choice":  # a choice lists every option; the others never name the right one
            assert all(json.dumps(key, ensure_ascii=False) not in text for key in right), text
    revealed = ok(room.teacher("POST", f"/questions/{question}/reveal")).body
    assert revealed["correct"] == right and revealed["open"] is False
    for name in ("Ana", "Bo"):
        assert ok(room.student(name, "GET", "/current")).body["question"]["correct"] == right
    again = ok(room.teacher("POST", f"/questions/{question}/rounds"), 201).body
    assert (again["round"], again["open"], again["shown"], again["revealed"], again["correct"]) == (2, True, False, False, None)
    assert ok(room.student("Bo", "GET", "/current")).body["question"]["correct"] is None


def test_lock_and_second_round_keep_both(room: Room) -> None:
    spec = make_puzzle("follow_legal", 4)
    question = room.ask(spec)
    room.join("Ana", "Bo", "Cy")
    ok(room.vote("Ana", question, "yes"), 201)
    ok(room.vote("Bo", question, "no"), 201)
    closed = ok(room.teacher("POST", f"/questions/{question}/close")).body
    assert closed["open"] is False
    late = room.vote("Cy", question, "yes")
    assert late.status == 409 and "closed" in late.body["error"]
    again = ok(room.teacher("POST", f"/questions/{question}/rounds"), 201).body
    assert (again["round"], again["open"], again["shown"]) == (2, True, False)
    assert ok(room.student("Ana", "GET", "/current")).body["question"]["my_vote"] is None
    ok(room.vote("Ana", question, "no", 2), 201)
    ok(room.vote("Cy", question, "no", 2), 201)
    stale = room.vote("Bo", question, "no", 1)
    assert stale.status == 409
    view = ok(room.teacher("GET", f"/questions/{question}")).body
    assert view["counts"] == {"1": {"yes": 1, "no": 1}, "2": {"yes": 0, "no": 2}} and view["voted"] == 2


def test_ruleset_of_the_slide_grades(room: Room) -> None:
    spec = make_puzzle("kitty_score", 16)
    assert spec["correct"]["shengji"] != spec["correct"]["shuangsheng"]
    question = room.ask(spec, "shuangsheng")
    room.join("Ana", "Bo")
    ok(room.vote("Ana", question, spec["correct"]["shuangsheng"][0]), 201)
    ok(room.vote("Bo", question, spec["correct"]["shengji"][0]), 201)
    rows = {r["nickname"]: r for r in csv_rows(ok(room.teacher("GET", "/answers.csv")).body)}
    assert (rows["Ana"]["correct"], rows["Bo"]["correct"]) == ("yes", "no")
    bad = room.teacher("POST", "/questions", {"slide": "x#y", "spec": spec, "ruleset": "no-such-rules"})
    assert bad.status == 400 and "ruleset" in bad.body["error"]


def test_cards_and_number_answers_are_read_as_the_spec_keys(room: Room) -> None:
    spec = make_puzzle("pick_follow", 16)
    question = room.ask(spec)
    room.join("Ana", "Bo", "Cy")
    key = spec["answers"][3]["key"]
    reply = ok(room.vote("Ana", question, " ".join(reversed(key.split()))), 201)
    assert reply.body["answer"] == key
    short = room.vote("Bo", question, key.split()[0])
    assert short.status == 400 and "Pick 4" in short.body["error"]
    number = make_puzzle("kitty_score", 16)
    question = room.ask(number)
    ok(room.vote("Cy", question, "999"), 201)  # a number no option lists: the spec's "otherwise" verdict
    rows = csv_rows(ok(room.teacher("GET", "/answers.csv")).body)
    assert [(r["nickname"], r["answer"], r["correct"]) for r in rows if r["question"] == str(question)] == [("Cy", "999", "no")]
    assert rows[-1]["rule_ids"] == number["reasons"][number["otherwise"]["shengji"]]["rule"]


def test_csv_and_mistakes_from_votes(room: Room) -> None:
    specs = [make_puzzle("highest", 16), make_puzzle("first_dealer", 5)]
    ruleset = "shengji"
    answers = {"Ana": [], "Bo": []}
    room.join(*answers)
    for round_spec in specs:
        question = room.ask(round_spec)
        for i, name in enumerate(answers):
            key = round_spec["answers"][i]["key"]
            ok(room.vote(name, question, key), 201)
            answers[name].append((question, round_spec, key))
    rows = csv_rows(ok(room.teacher("GET", "/answers.csv")).body)
    assert list(rows[0]) == ["class", "question", "slide", "round", "nickname", "answer", "correct", "rule_ids", "time",
                             "answer_text"]
    assert len(rows) == 4
    expected: dict[str, Counter[str]] = {"wrong": Counter(), "answered": Counter()}
    for name, given in answers.items():
        for question, spec, key in given:
            row = next(r for r in rows if r["nickname"] == name and r["question"] == str(question))
            right, rules = expected_grade(spec, ruleset, key)
            assert (row["class"], row["round"], row["answer"], row["correct"]) == (room.code, "1", key, "yes" if right else "no")
            assert set(row["rule_ids"].split()) == rules and row["time"].endswith("Z")
            for rule in rules:
                expected["answered"][rule] += 1
                expected["wrong"][rule] += 0 if right else 1
    assert rows[0]["answer_text"] and not rows[0]["answer_text"].isascii()  # ♥A, not HA
    mistakes = ok(room.teacher("GET", "/mistakes")).body["rules"]
    assert mistakes == {rule: {"wrong": expected["wrong"][rule], "answered": n} for rule, n in expected["answered"].items()}


def teacher_cookie(room: Room) -> dict[str, str]:
    """The headers a teacher's browser sends after opening ``room``: its cookie, and the header that lets it count."""
    return {"Cookie": room.teacher_cookie, "X-Class-Teacher": "cookie"}


def test_the_server_holds_the_teachers_session(class_server: ClassServer) -> None:
    """A new tab (no token, only the browser's cookie) finds the teacher's classes and runs them; the cookie
    counts only with its header, and only for the classes that browser opened."""
    first = Room(class_server)
    cookie = first.teacher_cookie
    assert "httponly" in first.teacher_set_cookie.lower() and "samesite=strict" in first.teacher_set_cookie.lower()
    made = ok(first.client.call("POST", "/api/classes", {"deck": "2-shengji"}, headers={"Cookie": cookie}), 201).body
    question = first.ask(make_puzzle("follow_legal", 4))
    listed = ok(first.client.call("GET", "/api/teacher/classes", headers=teacher_cookie(first))).body["classes"]
    assert [(c["code"], c["deck"]) for c in listed] == [(made["code"], "2-shengji"), (first.code, "shengji-basics")]
    assert listed[1]["question"] == {"id": question, "slide": "shengji-basics#highest", "spec_id": "follow_legal:4"}
    assert listed[1]["join_url"] == first.join_url and "teacher_token" not in json.dumps(listed)
    tab = ClassClient(class_server.url)  # a new tab: the cookie, no token
    ok(tab.call("POST", f"/api/classes/{first.code}/questions/{question}/show", headers=teacher_cookie(first)))
    assert tab.call("POST", f"/api/classes/{first.code}/questions/{question}/hide", headers={"Cookie": cookie}).status == 403
    assert ok(tab.call("GET", "/api/teacher/classes", headers={"Cookie": cookie})).body == {"classes": []}
    other = Room(class_server)
    assert tab.call("GET", f"/api/classes/{other.code}/mistakes", headers=teacher_cookie(first)).status == 403


def test_the_presenter_console_shows_the_teacher_the_answer_and_live_counts(class_server: ClassServer) -> None:
    """The console's state, for the teacher's cookie only: the newest class, who joined, the current question's
    live counts while hidden from the room, and the right answer in both languages before the reveal."""
    room = Room(class_server)
    stranger = ClassClient(class_server.url)
    assert stranger.call("GET", "/api/teacher/console").status == 404
    assert stranger.call("GET", "/api/teacher/console", headers={"Cookie": room.teacher_cookie}).status == 404
    spec = make_puzzle("highest", 16)
    question = room.ask(spec)
    room.join("Ana")
    wrong = next(a["key"] for a in spec["answers"] if a["key"] not in spec["correct"]["shengji"])
    ok(room.vote("Ana", question, wrong), 201)
    console = ok(stranger.call("GET", "/api/teacher/console", headers=teacher_cookie(room))).body
    assert (console["code"], console["roster"], console["join_url"]) == (room.code, ["Ana"], room.join_url)
    now = console["question"]
    assert (now["id"], now["shown"], now["revealed"], now["correct"]) == (question, False, False, None)  # the room: nothing
    assert now["answer"] == spec["correct"]["shengji"] and now["counts"]["1"][wrong] == 1
    right = now["answer"][0]
    label = next(a["label"] for a in spec["answers"] if a["key"] == right)
    assert now["words"][right] == {"en": label["en"], "zh": label["zh"]}
    page = ok(stranger.call("GET", "/console"))
    assert "/cardbook-class/static/console.js" in page.body and 'lang="zh-Hans"' in page.body
    assert room.student("Ana", "GET", "/current").body["question"]["correct"] is None


def test_restart_mid_class_keeps_every_vote(class_server: ClassServer) -> None:
    room = Room(class_server)
    spec = make_puzzle("shape", 7)
    question = room.ask(spec)
    names = [f"student {i}" for i in range(8)]
    room.join(*names)
    keys = [a["key"] for a in spec["answers"]]
    for i, name in enumerate(names[:5]):
        ok(room.vote(name, question, keys[i % len(keys)]), 201)
    before = ok(room.teacher("GET", f"/questions/{question}")).body
    class_server.restart(kill=True)
    room.client.close()
    after = ok(room.teacher("GET", f"/questions/{question}")).body
    assert after == before and after["voted"] == 5
    assert ok(room.student(names[0], "GET", "/current")).body["question"]["my_vote"] == keys[0]
    assert room.vote(names[0], question, keys[1]).status == 409
    for i, name in enumerate(names[5:], start=5):
        ok(room.vote(name, question, keys[i % len(keys)]), 201)
    assert ok(room.teacher("GET", f"/questions/{question}")).body["voted"] == 8
    listed = ok(room.client.call("GET", "/api/teacher/classes", headers=teacher_cookie(room))).body["classes"]
    assert [c["code"] for c in listed] == [room.code] and listed[0]["votes"] == 8  # the restart reopens the class


def test_no_kernel_is_started_for_students(room: Room, class_server: ClassServer) -> None:
    kernels = ClassClient(class_server.url)
    kernels.prefix = ""
    before = ok(kernels.call("GET", "/api/kernels")).body
    room.client.call("GET", f"/join/{room.code}")
    room.join("Ana")
    question = room.ask(make_puzzle("highest", 16))
    ok(room.student("Ana", "GET", "/current"))
    ok(room.vote("Ana", question, make_puzzle("highest", 16)["answers"][0]["key"]), 201)
    assert ok(kernels.call("GET", "/api/kernels")).body == before


BAD_INPUTS = {
    "malformed JSON": ("vote", {"raw": b'{"question": 1, "round": 1, "answer": '}, 400, "not valid JSON"),
    "not an object": ("vote", {"raw": b'["yes"]'}, 400, "JSON object"),
    "wrong field type": ("vote", {"body": {"question": "1", "round": 1, "answer": "yes"}}, 400, "'question'"),
    "not an option": ("vote", {"body": {"answer": "maybe"}}, 400, "not one of"),
    "oversized body": ("vote", {"raw": json.dumps({"question": 1, "round": 1, "answer": "y" * 5000}).encode()}, 413, "4 KB"),
    "unknown code": ("vote", {"code": "ZZZZZ"}, 404, "no class"),
    "impossible code": ("vote", {"code": "00000"}, 404, "no class"),
    "missing student token": ("vote", {"headers": {}}, 403, "student token"),
    "double vote": ("vote", {"twice": True}, 409, "already voted"),
    "vote after close": ("vote", {"closed": True}, 409, "closed"),
    "unknown question": ("vote", {"body": {"question": 999999}}, 404, "no question"),
    "huge question number": ("vote", {"body": {"question": 10**30}}, 400, "out of range"),
    "huge round number": ("vote", {"body": {"round": 2**63}}, 400, "out of range"),
    "negative question number": ("vote", {"body": {"question": -1}}, 400, "out of range"),
    "non-numeric Content-Length": ("vote", {"raw": b"{}", "headers": {"Content-Length": "12x"}}, 400, "Content-Length"),
    "missing teacher token": ("show", {"headers": {}}, 403, "teacher's token"),
    "wrong teacher token": ("show", {"headers": {"X-Class-Token": "guess"}}, 403, "teacher's token"),
    "student token as teacher's": ("csv", {"student_as_teacher": True}, 403, "teacher's token"),
    "long nickname": ("join", {"body": {"nickname": "n" * 25}}, 400, "nickname"),
    "taken nickname": ("join", {"body": {"nickname": "Ana"}}, 409, "taken"),
    "taken nickname in another case": ("join", {"body": {"nickname": "aNA"}}, 409, "taken"),
    "taken nickname in full-width letters": ("join", {"body": {"nickname": "Ａｎａ"}}, 409, "taken"),
    "taken nickname with invisible characters": ("join", {"body": {"nickname": "A\u200bn\u2060a\u00ad"}}, 409, "taken"),
    "invisible nickname": ("join", {"body": {"nickname": "\u200b\u200d\u3164 \u2800"}}, 400, "visible"),
    "bad spec": ("ask", {"body": {"slide": "d#s", "spec": {"kind": "x"}}}, 400, "spec"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_bad_input_is_a_clear_4xx_and_stores_nothing(case: str, room: Room, class_server: ClassServer) -> None:
    action, how, status, words = BAD_INPUTS[case]
    spec = make_puzzle("follow_legal", 4)
    question = room.ask(spec)
    room.join("Ana")
    if how.get("twice"):
        ok(room.vote("Ana", question, "yes"), 201)
    if how.get("closed"):
        ok(room.teacher("POST", f"/questions/{question}/close"))
    code = how.get("code", room.code)
    stored = {table: class_server.rows(table) for table in ("classes", "students", "questions", "votes")}
    if action == "vote":
        body = {"question": question, "round": 1, "answer": "no", **how.get("body", {})}
        headers = {"X-Student-Token": room.students["Ana"], **how["headers"]} if "raw" in how and "headers" in how else \
            how.get("headers", {"X-Student-Token": room.students["Ana"]})
        reply = room.client.call("POST", f"/api/classes/{code}/votes", None if "raw" in how else body,
                                 raw=how.get("raw"), headers=headers)
    elif action == "show":
        reply = room.client.call("POST", f"/api/classes/{code}/questions/{question}/show", headers=how["headers"])
    elif action == "csv":
        reply = room.client.call("GET", f"/api/classes/{code}/answers.csv", headers={"X-Class-Token": room.students["Ana"]})
    elif action == "join":
        reply = room.client.call("POST", f"/api/classes/{code}/students", how["body"])
    else:
        reply = room.teacher("POST", "/questions", how["body"])
    assert reply.status == status, reply.body
    assert reply.headers["content-type"].startswith("application/json")
    assert set(reply.body) == {"error"} and words.lower() in reply.body["error"].lower(), reply.body
    assert {table: class_server.rows(table) for table in stored} == stored
    assert ok(room.teacher("GET", f"/questions/{question}")).body["shown"] is False


def test_fifty_joins_from_one_device_are_throttled(room: Room, class_server: ClassServer) -> None:
    """One script joining 50 nicknames: the first 10 a minute are students, the rest a clear 429."""
    students = class_server.rows("students")
    replies = [room.client.call("POST", f"/api/classes/{room.code}/students", {"nickname": f"bot {i}"}) for i in range(50)]
    assert [r.status for r in replies] == [201] * 10 + [429] * 40
    assert "Too many joins" in replies[-1].body["error"] and 0 < int(replies[-1].headers["retry-after"]) <= 60
    assert class_server.rows("students") == students + 10
    other = Room(class_server)  # another class, as another address would be, is not held up
    ok(other.client.call("POST", f"/api/classes/{other.code}/students", {"nickname": "bot 0"}), 201)


def test_one_student_and_one_vote_per_device(room: Room) -> None:
    """A phone's device cookie: joining again (a lost token, another nickname) gives back the same student,
    whose vote of the round stands, so a phone has one vote a round."""
    path = f"/api/classes/{room.code}/students"
    first = ok(room.client.call("POST", path, {"nickname": "Ana"}), 201)
    device = first.headers["set-cookie"].split(";")[0]
    assert device.startswith("cardbook-class-device=") and "httponly" in first.headers["set-cookie"].lower()
    question = room.ask(make_puzzle("follow_legal", 4))
    vote = {"question": question, "round": 1, "answer": "yes"}
    ok(room.client.call("POST", "/api/classes/" + room.code + "/votes", vote, headers={"X-Student-Token": first.body["student_token"]}), 201)
    again = ok(room.client.call("POST", path, {"nickname": "Someone else"}, headers={"Cookie": device}))
    assert again.body["nickname"] == "Ana" and again.body["student_token"] != first.body["student_token"]
    stale = room.client.call("GET", f"/api/classes/{room.code}/current", headers={"X-Student-Token": first.body["student_token"]})
    assert stale.status == 403
    second = room.client.call("POST", f"/api/classes/{room.code}/votes", {**vote, "answer": "no"},
                              headers={"X-Student-Token": again.body["student_token"]})
    assert second.status == 409 and "already voted" in second.body["error"]
    assert ok(room.teacher("GET", f"/questions/{question}")).body["students"] == 1


def test_the_teacher_removes_a_vote_or_a_student(room: Room) -> None:
    question = room.ask(make_puzzle("follow_legal", 4))
    room.join("Ana", "Troll")
    roster = ok(room.teacher("GET", "/roster")).body["students"]
    assert [s["nickname"] for s in roster] == ["Ana", "Troll"]
    ids = {s["nickname"]: s["id"] for s in roster}
    ok(room.vote("Ana", question, "yes"), 201)
    ok(room.vote("Troll", question, "no"), 201)
    assert room.student("Ana", "GET", "/roster").status == 403  # the teacher's only
    assert room.client.call("DELETE", f"/api/classes/{room.code}/students/{ids['Troll']}",
                            headers={"X-Student-Token": room.students["Ana"]}).status == 403
    view = ok(room.teacher("DELETE", f"/questions/{question}/votes/{ids['Ana']}")).body
    assert view["voted"] == 1 and view["counts"]["1"]["yes"] == 0
    ok(room.vote("Ana", question, "no"), 201)  # the round is open: Ana votes again
    assert room.teacher("DELETE", f"/questions/{question}/votes/{ids['Ana']}?round=7").status == 400
    ok(room.teacher("DELETE", f"/students/{ids['Troll']}"))
    assert room.student("Troll", "GET", "/current").status == 403
    view = ok(room.teacher("GET", f"/questions/{question}")).body
    assert (view["students"], view["voted"], view["counts"]["1"]) == (1, 1, {"yes": 0, "no": 1})
    assert [r["nickname"] for r in csv_rows(ok(room.teacher("GET", "/answers.csv")).body)] == ["Ana"]
    gone = room.teacher("DELETE", f"/students/{ids['Troll']}")
    assert gone.status == 404 and "no student" in gone.body["error"]


def test_nicknames_are_kept_as_the_class_sees_them(room: Room) -> None:
    joined = ok(room.client.call("POST", f"/api/classes/{room.code}/students", {"nickname": "  Ｍｅｉ\u200b  梅 "}), 201)
    assert joined.body["nickname"] == "Mei 梅"
    question = room.ask(make_puzzle("follow_legal", 4))
    ok(room.client.call("POST", f"/api/classes/{room.code}/votes", {"question": question, "round": 1, "answer": "yes"},
                        headers={"X-Student-Token": joined.body["student_token"]}), 201)
    assert [row["nickname"] for row in csv_rows(ok(room.teacher("GET", "/answers.csv")).body)] == ["Mei 梅"]


def test_csv_cells_a_spreadsheet_would_run_are_quoted(room: Room) -> None:
    question = room.ask(make_puzzle("follow_legal", 4))
    room.join("=HYPERLINK(\"http://x\")")
    ok(room.vote("=HYPERLINK(\"http://x\")", question, "yes"), 201)
    row = csv_rows(ok(room.teacher("GET", "/answers.csv")).body)[0]
    assert row["nickname"] == "'=HYPERLINK(\"http://x\")"


def _raw_post(server: ClassServer, path: str, head: dict[str, str], body: bytes) -> tuple[str, float]:
    """POST ``body`` to ``path`` over a bare socket with the headers ``head``: the status line, and the seconds
    the answer took (sending stops when the server has answered and closed)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        lines = [f"POST /cardbook-class{path} HTTP/1.1", f"Host: 127.0.0.1:{server.port}", *(f"{k}: {v}" for k, v in head.items())]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        try:
            for at in range(0, len(body), 1 << 16):
                sock.sendall(body[at:at + (1 << 16)])
                if select.select([sock], [], [], 0)[0]:
                    break  # the server has answered already
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = sock.recv(4096).decode("latin-1")
    return answer.split("\r\n", 1)[0], time.monotonic() - started


def test_a_64_mb_body_is_refused_before_it_is_read(room: Room, class_server: ClassServer) -> None:
    """The 4 KB cap holds before the body is read: on its Content-Length, and for a chunked body as it
    streams in (dropped, not kept): the server's memory stays flat."""
    room.join("Ana")
    server = psutil.Process(class_server.process.pid)
    before = server.memory_info().rss
    path = f"/api/classes/{room.code}/votes"
    head = {"Content-Type": "application/json", "X-Student-Token": room.students["Ana"]}
    status, seconds = _raw_post(class_server, path, {**head, "Content-Length": str(64 << 20)}, b"{" * (64 << 20))
    assert status.split()[1] == "413" and seconds < 2, (status, seconds)
    chunk = b"%x\r\n%s\r\n" % (1 << 16, b" " * (1 << 16))
    status, _ = _raw_post(class_server, path, {**head, "Transfer-Encoding": "chunked"}, chunk * 512 + b"0\r\n\r\n")
    assert status.split()[1] in ("400", "413"), status  # 32 MB streamed: refused, never buffered
    assert server.memory_info().rss - before < 16 << 20, (before, server.memory_info().rss)
    ok(room.student("Ana", "GET", "/current"))  # and goes on answering


def test_unknown_api_address_is_a_json_404(room: Room) -> None:
    reply = room.client.call("GET", f"/api/classes/{room.code}/nothing")
    assert reply.status == 404 and reply.body == {"error": "There is no such class-mode address."}
    wrong_method = room.client.call("GET", f"/api/classes/{room.code}/votes")
    assert wrong_method.status == 405 and set(wrong_method.body) == {"error"}


def test_phones_need_no_jupyter_token_but_kernels_and_lab_stay_closed(tmp_path) -> None:
    """The token guards kernels and is never in an address shown: the teacher logs in once (a cookie)."""
    server = ClassServer(tmp_path, token="a-secret-for-the-decks", login="once-only-code")
    try:
        room = Room(server)
        room.join("Ana")
        ok(room.student("Ana", "GET", "/current"))
        jupyter = ClassClient(server.url)
        jupyter.prefix = ""
        assert jupyter.call("GET", "/api/kernels").status == 403
        assert ok(jupyter.call("GET", "/api/kernels", headers={"Authorization": f"token {server.token}"})).body == []
        for address in ("/lab", "/terminals/1", "/tree"):  # only Voila and class mode are enabled
            assert jupyter.call("GET", address + "?token=a-secret-for-the-decks").status == 404, address
        # the teacher's one-time login: a cookie, and an address with no secret in it (what the projector shows)
        assert jupyter.call("GET", "/cardbook-class/teacher-login/wrong-code").status == 403
        login = jupyter.call("GET", "/cardbook-class/teacher-login/once-only-code")
        assert login.status == 302 and login.headers["location"] == "/", login.headers
        assert server.token not in json.dumps(login.headers)
        cookie = login.headers["set-cookie"].split(";")[0]
        start = jupyter.call("GET", "/voila/tree", headers={"Cookie": cookie})
        assert start.status == 200 and server.token not in start.body
        assert ok(jupyter.call("GET", "/api/kernels", headers={"Cookie": cookie})).body == []
        assert jupyter.call("GET", "/cardbook-class/teacher-login/once-only-code").status == 403  # once only
        assert server.token not in room.join_url
    finally:
        stop_server(server.process)
