"""Command line: ``python -m cardlib check FILE.jsonl`` and ``python -m cardlib simulate``."""

from __future__ import annotations

import argparse
import importlib
import sys

from .check import run_check

SIMULATORS = {"shengji": "cardlib.shengji.simulate", "yishang": "cardlib.yishang.simulate"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cardlib", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="answer rule cases (JSON lines, see docs/notation.md)")
    check.add_argument("files", nargs="+", help="JSONL case files, or - for standard input")
    simulate = commands.add_parser("simulate", help="play random legal games and check invariants")
    simulate.add_argument("--game", choices=sorted(SIMULATORS), default="shengji")
    simulate.add_argument("--games", type=int, default=100, help="how many hands / games")
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--ruleset", default=None, help="preset name (default: the game's own)")
    simulate.add_argument("--players", type=int, default=4, help="一上一下 only: 2 to 4 players")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "check":
        status = 0
        for name in args.files:
            if name == "-":
                status |= run_check(sys.stdin, sys.stdout)
                continue
            try:
                with open(name, encoding="utf-8") as handle:
                    status |= run_check(handle, sys.stdout)
            except OSError as error:
                print(f"cannot read {name}: {error.strerror}", file=sys.stderr)
                status = 2
        return status
    simulator = importlib.import_module(SIMULATORS[args.game])
    code: int = simulator.main(args)  # imported by name
    return code


if __name__ == "__main__":
    sys.exit(main())
