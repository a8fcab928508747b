"""The repository stands on its own: no tracked text file points at a path outside it (the guides and
the spec the project started from live beside the first checkout only; their content is in
``cardlib/register.py`` and ``docs/notation.md``), and no file names an issue of a tracker a person
who clones it cannot see ("issue 22", "closes #31").
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TEXT = {".py", ".js", ".mjs", ".ts", ".md", ".css", ".toml", ".yml", ".yaml", ".json", ".cfg", ".txt", ".po", ".html"}
#: Generated or vendored files: the bundles esbuild writes and npm's lock file.
SKIP = re.compile(r"^(widgets/static/dist/|package-lock\.json$)")
OUTSIDE = re.compile(r"(?:\.\./)+shared/|\bshared/(?:spec|seeds)/|REPO\.parent\b")
ISSUE = re.compile(r"\b(?:issues?|fixes|closes) #?\d+\b", re.IGNORECASE)


def tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    return [REPO / name for name in names
            if (Path(name).suffix in TEXT or Path(name).name == "Makefile") and not SKIP.match(name)]


def test_no_tracked_file_points_outside_the_repository_or_at_an_issue_number() -> None:
    faults = []
    for path in tracked_text_files():
        if path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for pattern, what in ((OUTSIDE, "a path outside the repository"), (ISSUE, "an issue number")):
                found = pattern.search(line)
                if found:
                    faults.append(f"{path.relative_to(REPO)}:{number}: {what}: {found.group(0)!r}")
    assert not faults, "\n".join(faults)


def test_the_patterns_find_what_they_are_for() -> None:
    assert OUTSIDE.search("see ../shared/spec/cases.md") and OUTSIDE.search('REPO.parent / "shared"')
    assert ISSUE.search("(issue 23)") and ISSUE.search("closes #31")
    assert not ISSUE.search("color: #333333") and not ISSUE.search("href='#rule-sj-10'")
