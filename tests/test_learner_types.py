"""Types that help a learner's own script: the project is installed as a ``.pth`` of the
repository's path (``make deps``: ``pip install -e . --config-settings editable_mode=compat``), which
mypy follows from any folder, and the learner's API is typed tightly enough that ``mypy --strict`` on a
script outside the repository reports five planted mistakes: an unknown ruleset (``PresetName``, a
``Literal``), a trick as one string (``Plays``), a seat given as a name, a missing argument and a
result field that does not exist.

Rules: SJ-9, SJ-10, SG-7, SG-8 (the checks the script calls).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: The learner's script; each planted mistake is on a line of its own, marked with what mypy must say.
SCRIPT = '''\
from cardlib.shengji import TrumpContext, check_follow, find_trick_winner, level_change, next_dealer

ctx = TrumpContext("2", "S")
print(find_trick_winner(ctx, "shengji", ["HK", "HA", "H3", "S3"]).winner + 1)
check_follow(ctx, "shengjii", "HA HA", "H5 H5 H9 SK C3", "H5 H9")  # unknown ruleset
find_trick_winner(ctx, "shengji", "HK HA H3 S3")  # a trick as one string
next_dealer("shengji", "South", True)  # a seat by name where the seat number goes
check_follow(ctx, "shengji", "HA HA", "H5 H5 H9 SK C3")  # the play is missing
print(level_change("shengji", 80).value.points)  # LevelChange has no field points
'''

#: The line of each mistake and the mypy error code that must report it.
EXPECTED = {5: "arg-type", 6: "arg-type", 7: "arg-type", 8: "call-arg", 9: "attr-defined"}


def test_the_makefile_installs_the_project_as_a_path_mypy_follows():
    """The editable install of ``make deps`` is the compat mode: in the venv the tests run in, a plain ``.pth``
    naming the repository (which mypy follows), not the default mode's import hook."""
    purelib = Path(sysconfig.get_path("purelib"))
    pths = sorted(purelib.glob("__editable__*cardbook*.pth"))
    assert len(pths) == 1, f"one editable install of the project in {purelib}, found {pths}"
    assert Path(pths[0].read_text(encoding="utf-8").strip()).resolve() == ROOT.resolve()


@pytest.mark.slow  # about 4 s: mypy reads cardlib from scratch
def test_mypy_strict_reports_five_planted_mistakes_in_a_script_outside_the_repo(tmp_path):
    """In a folder of its own, with the project installed as ``make deps`` installs it (a venv whose
    site-packages hold a ``.pth`` of the repository, what ``editable_mode=compat`` writes), mypy finds
    cardlib's types and reports each mistake on its line, and nothing on the correct line."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    (Path(purelib) / "__editable__.cardbook-0.1.0.pth").write_text(f"{ROOT}\n", encoding="utf-8")
    work = tmp_path / "my_cards"
    work.mkdir()
    (work / "script.py").write_text(SCRIPT, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--python-executable",
                           str(python), "--cache-dir", str(tmp_path / "cache"), "script.py"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert "import-not-found" not in done.stdout, done.stdout
    found = {int(m.group(1)): m.group(2) for m in re.finditer(r"^script\.py:(\d+): error: .*\[([a-z-]+)\]$",
                                                              done.stdout, re.MULTILINE)}
    assert found == EXPECTED, done.stdout
