"""`make book`'s build step (`make site`) works from a fresh clone: nothing it needs is left uncommitted or
only on this machine (the venv is reused to keep it cheap; npm installs from its lock)."""

from __future__ import annotations

import os
import subprocess
import sys


def test_make_site_works_in_a_fresh_clone(repo_root, tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(repo_root), str(clone)], check=True)
    # The clone's own cardlib and widgets, not the editable install of this work tree.
    env = {**os.environ, "PYTHONPATH": str(clone)}
    result = subprocess.run(["make", "--no-print-directory", "site", f"VENV={sys.prefix}"], cwd=clone, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    assert (clone / "_build" / "html" / "book" / "intro.html").is_file()
    assert (clone / "_build" / "html" / "widget-runtime" / "widget-loader.js").is_file()
