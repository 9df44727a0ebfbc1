"""``arena balance RULESET [--flag NAME[=VALUE] …] --games N``: side win rates under each flag setting.

Scripted self-play (every seat the scripted bot, ``--players`` to change it) of ``--games`` deals
per setting. A ``--flag NAME`` without a value is swept over every value the flag allows (its
default first); ``--flag NAME=VALUE`` fixes it in every setting; several swept flags give every
combination. Every setting plays the same deals (the seeds a tournament of ``--seed`` would deal),
so settings are compared deal by deal: the table gives each side's win rate with its 95% interval
clustered by game, and its difference from the first setting (the defaults of the swept flags)
with a paired interval. Writes the table (``balance.md``) and one plot (``balance.svg``) into
``--out``, and prints the table; in the reader's language (``--lang``).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from arena.cli.errors import error_console
from arena.cli.play import parse_pairs
from arena.cli.rules import table_text
from arena.report.tables import interval, num
from arena.report.texts import Lang, side_name
from arena.run.players import KINDS, agents_for, parse_players
from arena.run.runner import GameRunner
from arena.tournament.plan import deal_seed
from engine.errors import EngineError
from engine.events import RoleDealt
from engine.flags import Flag
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset, ruleset_ids
from evals.balance import BalanceRow, Outcome, balance
from evals.clustered import DEFAULT_RESAMPLES

TEXT: dict[str, tuple[str, str]] = {
    "title": ("规则平衡：{ruleset} 各裁定设置下的阵营胜率", "Rule balance: side win rates of {ruleset} under each flag setting"),
    "note": ("{games} 个发牌（种子同 --seed {seed} 的赛事），每个设置都打同一批发牌，{players} 自我对局；95% 区间按对局聚类，"
             "与第一个设置之差按发牌配对。", "{games} deals (the seeds a tournament of --seed {seed} deals), the same "
             "in every setting, {players} self-play; 95% intervals clustered by game, the difference from the "
             "first setting paired deal by deal."),
    "defaults": ("默认裁定", "defaults"),
    "cols": ("设置|阵营|胜率|95% 区间|与第一个设置之差|差的 95% 区间|完成局数",
             "setting|side|win rate|95% CI|vs first setting|95% CI of the difference|finished games"),
    "x": ("胜率（95% 按对局聚类区间）", "win rate (95% interval clustered by game)"),
    "playing": ("设置 {i}/{n}：{flags} …", "setting {i}/{n}: {flags} …"),
    "wrote": ("已写出 {path}", "wrote {path}"),
}


def tx(lang: Lang, key: str, **values: object) -> str:
    zh, en = TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("ruleset", metavar="RULESET", help=f"rule set id (known: {', '.join(ruleset_ids())})")
    p.add_argument("--flag", action="append", default=[], metavar="NAME[=VALUE]",
                   help="sweep a flag over every value it allows (NAME), or fix it (NAME=VALUE); repeatable")
    p.add_argument("--games", type=int, default=100, metavar="N", help="deals per setting (default 100)")
    p.add_argument("--seed", type=int, default=0, help="base seed of the deals (default 0)")
    p.add_argument("--size", type=int, default=None, help="player count of a rule set of variable size")
    p.add_argument("--players", default="scripted", choices=KINDS, help="the bot at every seat (default scripted)")
    p.add_argument("--resamples", type=int, default=DEFAULT_RESAMPLES, help="bootstrap resamples (default 1000)")
    p.add_argument("--out", default="balance", help="directory for balance.md and balance.svg (default ./balance)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the table and plot (default zh)")


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    try:
        ruleset = get_ruleset(args.ruleset)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        settings = flag_settings(ruleset, args.flag)

        def progress(i: int, flags: dict[str, Any]) -> None:
            print(tx(args.lang, "playing", i=i + 1, n=len(settings), flags=setting_name(flags, args.lang)),
                  file=sys.stderr)

        outcomes = play(ruleset, settings, args.games, args.seed, size=args.size, players=args.players,
                        progress=progress)
    except (EngineError, ValueError) as exc:
        error_console().print(f"[bold red]error:[/] {escape(str(exc))}")
        return 2
    rows = balance(settings, outcomes, resamples=args.resamples, seed=args.seed)
    text = markdown(ruleset, rows, args, args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "balance.md").write_text(text, encoding="utf-8")
    (out / "balance.svg").write_text(plot(ruleset, rows, args.lang), encoding="utf-8")
    console.print(escape(terminal(ruleset, rows, args, args.lang)))
    for name in ("balance.md", "balance.svg"):
        console.print(tx(args.lang, "wrote", path=out / name))
    return 0


def flag_settings(ruleset: Ruleset, given: Sequence[str]) -> list[dict[str, Any]]:
    """Every combination of the swept flags' values (defaults first), with the fixed ones applied."""
    table = {f.name: f for f in ruleset.flags}
    fixed = parse_pairs([g for g in given if "=" in g], "--flag")
    swept = [g for g in given if "=" not in g]
    for name in [*fixed, *swept]:
        if name not in table:
            raise ValueError(f"unknown flag {name!r}; {ruleset.id} defines: {', '.join(sorted(table))}")
    for name, value in fixed.items():
        table[name].check(value)
    choices = [_values(table[name]) for name in swept]
    return [{**fixed, **dict(zip(swept, combo, strict=True))} for combo in itertools.product(*choices)]


def _values(flag: Flag) -> list[Any]:
    allowed = list(flag.choices) or ([True, False] if isinstance(flag.default, bool) else [])
    if not allowed:
        raise ValueError(f"flag {flag.name!r} has no list of values to sweep: give it as {flag.name}=VALUE")
    return [flag.default, *(v for v in allowed if v != flag.default)]


def play(ruleset: Ruleset, settings: Sequence[dict[str, Any]], games: int, seed: int, *, size: int | None = None,
         players: str = "scripted", progress: Callable[[int, dict[str, Any]], None] | None = None) -> list[Outcome]:
    """Self-play of the same ``games`` deals under every setting."""
    options = {} if size is None else {"size": size}
    out = []
    for i, flags in enumerate(settings):
        if progress is not None:
            progress(i, flags)
        for deal in range(games):
            game = ruleset.new_game(deal_seed(seed, ruleset.id, deal), flags=flags, options=options)
            seats = sorted({e.seat for e in game.events if isinstance(e, RoleDealt)})
            asyncio.run(GameRunner(game, agents_for(parse_players(players, len(seats)))).run())
            sides = tuple(sorted({e.faction for e in game.events if isinstance(e, RoleDealt)}))
            winners = tuple(game.winners) if game.winners is not None else None
            out.append(Outcome(i, deal, sides, winners, game.state.day))
    return out


def setting_name(flags: dict[str, Any], lang: Lang) -> str:
    if not flags:
        return tx(lang, "defaults")
    return ", ".join(f"{name}={value}" for name, value in flags.items())


def table_rows(ruleset: Ruleset, rows: Sequence[BalanceRow], lang: Lang) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for r in rows:
        versus = r.versus_default
        out.append((setting_name(r.flags, lang), side_name(ruleset.id, r.side, lang), num(r.rate.value),
                    interval(r.rate.lo, r.rate.hi), "—" if versus is None else num(versus.value),
                    "—" if versus is None else interval(versus.lo, versus.hi), f"{r.finished}/{r.games}"))
    return out


def markdown(ruleset: Ruleset, rows: Sequence[BalanceRow], args: argparse.Namespace, lang: Lang) -> str:
    columns = tuple(tx(lang, "cols").split("|"))
    body = table_rows(ruleset, rows, lang)
    lines = [f"# {tx(lang, 'title', ruleset=ruleset.id)}", "",
             tx(lang, "note", games=args.games, seed=args.seed, players=args.players), "",
             "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns),
             *("| " + " | ".join(row) + " |" for row in body), ""]
    return "\n".join(lines)


def terminal(ruleset: Ruleset, rows: Sequence[BalanceRow], args: argparse.Namespace, lang: Lang) -> str:
    """The same table as plain aligned text (CJK cells padded by display width)."""
    columns = tuple(tx(lang, "cols").split("|"))
    return "\n".join([tx(lang, "title", ruleset=ruleset.id), tx(lang, "note", games=args.games, seed=args.seed,
                                                                  players=args.players), "",
                      *table_text(columns, table_rows(ruleset, rows, lang))])


def plot(ruleset: Ruleset, rows: Sequence[BalanceRow], lang: Lang) -> str:
    """One figure: each side's win rate under each setting, with its interval."""
    import io
    import warnings

    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"
    import matplotlib.pyplot as plt

    sides = sorted({r.side for r in rows})
    settings = sorted({r.setting for r in rows})
    names = {r.setting: setting_name(r.flags, lang) for r in rows}
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.5 * len(sides) * max(1, len(settings)) / 1.5))
    step = 0.7 / max(len(settings), 1)
    for k, setting in enumerate(settings):
        mine = {r.side: r for r in rows if r.setting == setting}
        ys = [i + (k - (len(settings) - 1) / 2) * step for i, s in enumerate(sides) if s in mine]
        chosen = [mine[s] for s in sides if s in mine]
        xs = [r.rate.value or 0.0 for r in chosen]
        err = [[x - (r.rate.lo if r.rate.lo is not None else x) for x, r in zip(xs, chosen, strict=True)],
               [(r.rate.hi if r.rate.hi is not None else x) - x for x, r in zip(xs, chosen, strict=True)]]
        ax.errorbar(xs, ys, xerr=err, fmt="o", capsize=3, label=names[setting])
    ax.set_yticks(list(range(len(sides))), [side_name(ruleset.id, s, lang) for s in sides])
    ax.invert_yaxis()
    ax.set_xlim(-0.02, 1.02)
    ax.set_xlabel(tx(lang, "x"))
    ax.set_title(tx(lang, "title", ruleset=ruleset.id), fontsize=9)
    ax.legend(fontsize=7)
    buffer = io.StringIO()
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()
