"""The engine benchmark runs every section it defines (a smoke run: no timing is asserted)."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "engine.py"


def test_engine_benchmark_prints_every_section():
    sections = runpy.run_path(str(BENCHMARK), run_name="benchmark_sections")["SECTIONS"]
    result = subprocess.run([sys.executable, str(BENCHMARK), "--quick"], capture_output=True, text=True,
                            check=True)
    headers = [line for line in result.stdout.splitlines() if line and not line.startswith(" ")]
    assert len(headers) == len(sections) >= 5, result.stdout
    assert "BROKEN" not in result.stdout
