"""What a fresh clone has is what the book is built from: no file the build reads is left out of git.

CI runs ``make test`` in a fresh clone, so there the whole build is the check; this test catches, in a
work tree, the one way a build can pass here and fail there: a source the build reads that git does not
track (a new chapter, module, catalogue or script not yet added, or one ``.gitignore`` hides).  It asks
git only, so it costs nothing; it used to clone the repository and build the book a second time.
"""

from __future__ import annotations

import subprocess

#: What `make site` reads: the chapters, the engine and widgets their cells import, the translations,
#: the build's own tools and configuration, and the npm and pip locks it installs from.
BUILD_INPUTS = ["book", "cardlib", "widgets", "locale", "tools", "_config.yml", "_toc.yml", "Makefile",
                "package.json", "package-lock.json", "pyproject.toml", "requirements.lock"]
#: Files a run writes next to the sources: caches, and the front ends bundled by ``make deps``
#: (widgets/static/dist, made from tracked sources before every build).
WRITTEN_BY_RUNS = ("__pycache__/", ".ipynb_checkpoints/", ".pyc", "widgets/static/dist/")


def untracked(repo_root, *flags: str) -> list[str]:
    result = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", *flags, "--", *BUILD_INPUTS],
                            cwd=repo_root, capture_output=True, text=True, check=True)
    return [path for path in result.stdout.splitlines() if not any(part in path for part in WRITTEN_BY_RUNS)]


def test_every_file_the_build_reads_is_in_git(repo_root):
    assert untracked(repo_root) == [], "not in git (git add them, or the clone's build misses them)"


def test_no_file_the_build_reads_is_hidden_by_gitignore(repo_root):
    assert untracked(repo_root, "--ignored") == [], "ignored by .gitignore, yet in a folder the build reads"
