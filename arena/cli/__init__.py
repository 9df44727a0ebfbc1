"""The ``arena`` command: play, replay, export, rules, judge, serve, tournament, report, balance.

Each subcommand lives in its own module with ``add_arguments(parser)`` and ``run(args) -> int``;
this file only wires them. A command's module is imported only when that command runs: ``arena play``
never loads the report's plots, the web table's server nor the tournament's Ray backend, so a bot game
(or a resumed one, which a crash may make many times over) starts in a fraction of the time.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("arena.cli.play", "run a whole game and store it"),
    "replay": ("arena.cli.replay", "print a stored game: god view, or what one seat saw"),
    "export": ("arena.cli.export", "write stored games as Parquet"),
    "rules": ("arena.cli.rules", "print a rule set: roster, skills, flags, every adjudication"),
    "judge": ("arena.cli.judge", "settle a judge scenario file (see SCENARIOS.md)"),
    "serve": ("arena.cli.serve", "the web table (human seats among bots) and the replay viewer"),
    "tournament": ("arena.cli.tournament", "play a tournament file's games (resumable; --backend local|ray)"),
    "report": ("arena.cli.report", "write the leaderboard, scores and plots as HTML and Markdown"),
    "balance": ("arena.cli.balance", "side win rates of a rule set under each flag setting, from scripted self-play"),
    "persuasion": ("arena.cli.persuasion", "which post moved the vote: a day's voters asked again without each post"),
    "fork": ("arena.cli.fork", "a new game sharing a stored game's events up to a point, played on (edit or drop a floor)"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, the options of that one command alone (the others are
    listed, with their help, but their modules are not imported)."""
    parser = argparse.ArgumentParser(prog="arena", description="Bansha Arena: forum mafia (版杀) for LLMs, bots and humans.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or name == only:
            importlib.import_module(module).add_arguments(cmd)
    return parser


def chosen(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names (its first word, since ``arena`` itself takes no option but
    ``--help``), or None when it names none."""
    first = next((word for word in argv if not word.startswith("-")), None)
    return first if first in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``arena`` console script."""
    words = sys.argv[1:] if argv is None else list(argv)
    command = chosen(words)
    parser = build_parser(command) if command is not None else build_parser()
    args = parser.parse_args(words)
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

