"""The ``arena`` command: play, replay, export, rules, judge, serve, tournament, report, balance.

Each subcommand lives in its own module with ``add_arguments(parser)`` and ``run(args) -> int``;
this file only wires them, importing each lazily so ``arena --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("arena.play_cmd", "run a whole game and store it"),
    "replay": ("arena.replay_cmd", "print a stored game: god view, or what one seat saw"),
    "export": ("arena.export_cmd", "write stored games as Parquet"),
    "rules": ("arena.rules_cmd", "print a rule set: roster, skills, flags, every adjudication"),
    "judge": ("arena.judge", "settle a judge scenario file (see SCENARIOS.md)"),
    "serve": ("arena.serve_cmd", "the web table (human seats among bots) and the replay viewer"),
    "tournament": ("arena.tournament", "play a tournament file's games (resumable; --backend local|ray)"),
    "report": ("arena.report", "write the leaderboard, scores and plots as HTML and Markdown"),
    "balance": ("arena.balance_cmd", "side win rates of a rule set under each flag setting, from scripted self-play"),
    "persuasion": ("arena.persuasion_cmd", "which post moved the vote: a day's voters asked again without each post"),
    "fork": ("arena.fork_cmd", "a new game sharing a stored game's events up to a point, played on (edit or drop a floor)"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arena", description="Bansha Arena: forum mafia (版杀) for LLMs, bots and humans.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        importlib.import_module(module).add_arguments(cmd)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``arena`` console script."""
    args = build_parser().parse_args(argv)
    module = importlib.import_module(COMMANDS[args.command][0])
    try:
        code: int = module.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `arena replay | head`: the reader left, which is fine
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
