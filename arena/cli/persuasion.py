"""``arena persuasion GAME [--day D] [--samples K]`` (or ``--tournament NAME``): the causal vote swing of
each public post.

Asks the day's voters again on copies of their view without each post (``arena.run.persuasion``), stores
the ballots (``persuasion_votes``) and the model calls (``llm_calls``, purpose ``persuasion``) in one
transaction, then prints per post the share of ballots that changed, toward and away from its author's
target, with intervals over voters and samples (``evals.persuasion``), the most persuasive posts per
model and side, and the swing of posts with true against false claims (the claims ledger). In the
reader's language (``--lang``). ``--stand-in scripted`` asks every voter through a scripted bot, so
the measurement runs without a model (a game with no LLM voter needs it). ``--tournament`` asks the
voters of every finished game of a stored tournament (``--games N``: its first N), stores them all in
one transaction, prints each game's posts and pools the most persuasive posts per model and side and
the claims' figures over the games (rows of the bootstrap: voters within games). Where the game
elicited beliefs from a voter, its beliefs are re-asked on the same copies and each post's *distrust
shift* is printed (``evals.persuasion.distrust_shift``); a game without beliefs says so and leaves the
belief part out.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from arena.run.persuasion import PersuasionError, Run, believers, persuade, run_name, store
from arena.run.seats import SeatFileError, load_seat_file, plan_from_configs, without_redactions
from engine import events as ev
from engine.events import Event
from engine.narrate import Names
from engine.narrate.names import Lang
from engine.rulesets import get_ruleset
from evals.claims.ledger import ensure as ensure_ledger
from evals.claims.ledger import load as load_ledger
from evals.clustered import Estimate
from evals.facts import label_of
from evals.persuasion import PostSwing, belief_units, distrust_shift, pooled, swing, units
from transcripts.errors import TranscriptError
from transcripts.reader import connect, latest_game_id, load_events, load_header, resolve_game_id
from transcripts.records import GameRow
from transcripts.store import open_db

TEXTS: dict[str, tuple[str, str]] = {
    "persuasion_no_llm": ("对局 {game} 当天的投票者中没有大模型席位：没有模型可问（用 --stand-in scripted 让脚本机器人代答）",
                          "game {game} has no LLM seat among the day's voters: no model to ask (--stand-in scripted "
                          "asks a scripted bot instead)"),
    "persuasion_no_ballots": ("对局 {game} 第 {day} 天没有公开投票", "game {game} has no public ballot on day {day}"),
    "persuasion_unfinished": ("对局 {game} 尚未结束（{status}）：只能对已结束的对局做反事实提问",
                              "game {game} is not finished ({status}): counterfactual questions need a finished game"),
    "persuasion_samples": ("--samples 至少为 1", "--samples must be at least 1"),
    "persuasion_tournament": ("没有锦标赛 {name} 的已结束对局", "no finished game of tournament {name}"),
    "persuasion_both": ("只能给出对局或 --tournament 之一", "give a game or --tournament, not both"),
    "skipped": ("跳过：{why}", "skipped: {why}"),
    "pooled": ("# 汇总：{games} 局", "# Pooled: {games} games"),
    "error": ("错误：", "error:"),
    "source.scripted": ("全部由脚本机器人代答", "every voter answered by a scripted bot"),
    "source.llm": ("大模型席位问其模型，脚本席位问脚本机器人", "LLM seats asked their models, scripted seats a scripted bot"),
    "head": ("# 反事实说服：对局 {game} · 第 {day} 天 · 每问 {k} 次采样 · {asked} 次提问（{source}）",
             "# Counterfactual persuasion: game {game} · day {day} · samples per question: {k} · {asked} questions ({source})"),
    "all_days": ("全部", "all"),
    "cols": ("楼层 | 作者 | 作者所投 | 改票比例 | 转向作者目标 | 离开作者目标 | 净拉动 | 投票者×采样",
             "floor | author | author's target | changed | toward | away | net | voters×samples"),
    "top": ("## 最有说服力的帖子（按作者模型与阵营，净拉动最高）", "## The most persuasive posts (by author model and side, highest net pull)"),
    "claims": ("## 含真声明与假声明的帖子（声明台账）", "## Posts with true and with false claims (the claims ledger)"),
    "claim.true": ("含真声明", "with a true claim"), "claim.false": ("含假声明", "with a false claim"),
    "claim.none": ("无声明", "no claim"),
    "note": ("区间：对投票者与采样两向同时重抽的自助法（鸽笼自助法），95%。净拉动 = 转向 − 离开；作者目标为作者当天的最终投票。",
             "Intervals: the pigeonhole bootstrap over voters and samples, 95%. Net = toward − away; the author's "
             "target is the author's final ballot of the day."),
    "stored": ("已存入 {db}：{votes} 张反事实选票（persuasion_votes，运行 {run}），{calls} 次模型调用（llm_calls，用途 persuasion）",
               "stored in {db}: {votes} counterfactual ballots (persuasion_votes, run {run}), {calls} model calls "
               "(llm_calls, purpose persuasion)"),
    "none": ("无", "none"), "abstain": ("弃票", "abstain"),
    "beliefs": ("## 信念偏移（投票者对作者所投之人属于自己阵营的概率，去掉该帖后减去保留该帖时）",
                "## Belief shift (the probability a voter gives the author's target of being on its own side, "
                "without the post minus with it)"),
    "belief_cols": ("楼层 | 作者 | 作者所投 | 信任下降 | 投票者×采样", "floor | author | author's target | distrust shift | "
                    "voters×samples"),
    "no_beliefs": ("本局未向投票者采集信念：信念部分从略", "no beliefs were elicited from this game's voters: the "
                   "belief part is left out"),
}


SKIPPABLE = ("persuasion_no_ballots", "persuasion_no_llm")
"""Why a tournament's game may be left out of a run (said, not fatal, while another game is asked)."""


def say(lang: Lang, key: str, **params: Any) -> str:
    zh, en = TEXTS[key]
    return (zh if lang == "zh" else en).format(**params)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default=None, metavar="GAME", help="a finished stored game (default: the latest)")
    p.add_argument("--tournament", metavar="NAME", default=None,
                   help="every finished game of this stored tournament instead of one game")
    p.add_argument("--games", type=int, default=None, metavar="N", help="with --tournament: its first N games only")
    p.add_argument("--day", type=int, default=None, help="the day whose posts and votes to test (default: every day)")
    p.add_argument("--samples", type=int, default=3, metavar="K", help="samples of each question (default 3)")
    p.add_argument("--neutral", action="store_true", help="also ask with each post replaced by a neutral one")
    p.add_argument("--stand-in", choices=("scripted",), default=None,
                   help="ask every voter through a scripted bot (no model needed)")
    p.add_argument("--seats", metavar="FILE", help="a seat file whose endpoints the LLM voters are asked on "
                                                  "(default: the game's own)")
    p.add_argument("--top", type=int, default=3, help="posts listed per model and side (default 3)")
    p.add_argument("--db", default="arena.duckdb", help="DuckDB transcript file")
    p.add_argument("--lang", choices=("zh", "en"), default="zh")


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        if args.samples < 1:
            raise PersuasionError("persuasion_samples")
        return asyncio.run(_run(args))
    except PersuasionError as exc:
        print(say(lang, "error"), say(lang, exc.code, **exc.params), file=sys.stderr)
        return 2
    except (TranscriptError, SeatFileError, ValueError) as exc:
        print(say(lang, "error"), exc, file=sys.stderr)
        return 2


async def _run(args: argparse.Namespace) -> int:
    lang = args.lang
    games = _games(args)
    asked: list[tuple[Run, list[Event], list[dict[str, Any]]]] = []
    skipped: list[PersuasionError] = []
    run_id = run_name(args.samples)
    for game_id in games:
        row = load_header(args.db, game_id)
        if row.status != "finished":
            raise PersuasionError("persuasion_unfinished", game=game_id, status=row.status)
        events = load_events(args.db, game_id)
        try:
            done = await _ask(args, row, events, run_id)
        except PersuasionError as exc:  # a tournament's game that ended before the day, or had no LLM voter
            if args.tournament is None or exc.code not in SKIPPABLE:
                raise
            skipped.append(exc)
            continue
        asked.append((done, events, row.header.seat_configs))
    if not asked:
        raise skipped[-1]
    for skip in skipped:
        print(say(lang, "skipped", why=say(lang, skip.code, **skip.params)))
    con = open_db(Path(args.db), create=False, read_only=False)
    try:
        written = store(con, [done for done, _, _ in asked])
        ensure_ledger(con, games)
        source = say(lang, f"source.{args.stand_in or 'llm'}")
        for done, events, configs in asked:
            report(con, [(done, events, configs)], lang, args.top, source=source)
        if len(asked) > 1:
            print(say(lang, "pooled", games=len(asked)))
            pooled_sections(con, asked, lang, args.top)
        calls = sum(1 for done, _, _ in asked for a in done.answers if a.call is not None)
        print(say(lang, "stored", db=args.db, votes=written, run=asked[0][0].run, calls=calls))
    finally:
        con.close()
    return 0


def _games(args: argparse.Namespace) -> list[str]:
    """The games to ask: the one named (default the latest finished), or a tournament's finished ones."""
    if args.tournament is None:
        return [resolve_game_id(args.db, args.game) if args.game else latest_game_id(args.db, status="finished")]
    if args.game:
        raise PersuasionError("persuasion_both")
    with connect(args.db) as con:
        found = [str(g) for (g,) in con.execute(
            "SELECT t.game_id FROM tournament_games t JOIN games g USING (game_id) WHERE t.tournament = ? AND "
            "g.status = 'finished' AND g.origin_game IS NULL ORDER BY t.game_id", [args.tournament]).fetchall()]
    if not found:
        raise PersuasionError("persuasion_tournament", name=args.tournament)
    return found[:args.games] if args.games else found


async def _ask(args: argparse.Namespace, row: GameRow, events: list[Event], run_id: str) -> Run:
    """One game's questions, through its own endpoints (or ``--seats``) unless a stand-in answers."""
    seats = int(getattr(events[0], "seats", 0))
    plan = None
    if args.stand_in is None:
        plan = load_seat_file(args.seats, seats, seed=row.header.seed) if args.seats else \
            plan_from_configs(without_redactions(row.header.seat_configs), seed=row.header.seed)
    with connect(args.db) as con:
        asked_beliefs = believers(con, row.game_id)
    try:
        return await persuade(row, events, plan.agents if plan else {}, day=args.day, samples=args.samples,
                              neutral=args.neutral, stand_in=args.stand_in is not None, lang=args.lang,
                              run_id=run_id, believers=asked_beliefs)
    finally:
        if plan is not None:
            await plan.aclose()


Asked = Sequence[tuple[Run, Sequence[Event], list[dict[str, Any]]]]


def report(con: Any, asked: Asked, lang: Lang, top: int, source: str) -> None:
    """A game's figures, printed: each post's swing, then its top posts and its claims' figures."""
    done, events, _ = asked[0]
    names = _names(events)
    day = done.day if done.day is not None else say(lang, "all_days")
    print(say(lang, "head", game=done.game_id, day=day, k=done.samples, asked=len(done.answers), source=source))
    print(say(lang, "note"))
    print(say(lang, "cols"))
    for s in _swings(con, done):
        print(" | ".join([str(s.floor), names.seat(s.author, lang), _who(s.target, names, lang),
                          *(_est(s.figures[f]) for f in ("changed", "toward", "away", "net")), str(s.units)]))
    belief_section(con, done, events, names, lang)
    pooled_sections(con, asked, lang, top)


def belief_section(con: Any, done: Run, events: Sequence[Event], names: Names, lang: Lang) -> None:
    """Each post's distrust shift, where the voters' beliefs were re-asked; else a note that they were not."""
    found = belief_units(con, done.game_id, done.run)
    if not found:
        print(say(lang, "no_beliefs"))
        return
    targets = author_targets(done)
    print(say(lang, "beliefs"))
    print(say(lang, "belief_cols"))
    for post in done.posts:
        mine = [u for u in found if u.post == post.seq]
        if not mine:
            continue
        shift = distrust_shift(mine, targets.get(post.seq), _sides(events, post.seq))
        print(" | ".join([str(post.floor), names.seat(post.seat, lang), _who(targets.get(post.seq), names, lang),
                          _est(shift), str(int(shift.units))]))


def _sides(events: Sequence[Event], seq: int) -> Callable[[int], str | None]:
    return lambda seat: faction_at(events, seat, seq)


def faction_at(events: Sequence[Event], seat: int, seq: int) -> str | None:
    """``seat``'s faction just before event ``seq`` (its deal, then any change of role)."""
    found = None
    for e in events:
        if e.seq >= seq:
            break
        if isinstance(e, (ev.RoleDealt, ev.RoleChanged)) and e.seat == seat:
            found = e.faction
    return found


def pooled_sections(con: Any, asked: Asked, lang: Lang, top: int) -> None:
    """The most persuasive posts per author model and side, and posts by the truth of their claims,
    over every game of ``asked`` (bootstrap rows: voters within games; columns: samples)."""
    posts: list[tuple[PostSwing, str, str, str]] = []  # (swing, label, side, claim truth)
    found: list[Any] = []
    for done, events, configs in asked:
        labels = {int(c.get("seat", i + 1)): label_of(c) for i, c in enumerate(configs)}
        sides = {e.seat: e.faction for e in events if isinstance(e, ev.RoleDealt)}
        truth = claim_truth(con, done.game_id)
        found += units(con, done.game_id, done.run)
        posts += [(s, labels.get(s.author, "?"), sides.get(s.author, "?"), truth.get(s.post, "claim.none"))
                  for s in _swings(con, done)]
    several = len(asked) > 1
    names = {done.game_id: _names(events) for done, events, _ in asked}
    print(say(lang, "top"))
    groups: dict[tuple[str, str], list[PostSwing]] = {}
    for s, label, side, _ in posts:
        groups.setdefault((label, side), []).append(s)
    for (label, side), mine in sorted(groups.items()):
        ranked = sorted((p for p in mine if p.figures["net"].value is not None),
                        key=lambda p: -(p.figures["net"].value or 0.0))[:top]
        head = f"- {label} · {names[mine[0].game_id].faction(side, lang)} · {_est(_pool(found, mine))}"
        print(head + "：" if lang == "zh" else head + ":")
        for p in ranked:
            where = f"{p.game_id} · " if several else ""
            print(f"    {where}{p.floor} · {_est(p.figures['net'])}")
    print(say(lang, "claims"))
    for key in ("claim.false", "claim.true", "claim.none"):
        chosen = [s for s, _, _, truth in posts if truth == key]
        print(f"- {say(lang, key)} · {len(chosen)} · {_est(_pool(found, chosen))}")


def _pool(found: Sequence[Any], posts: Sequence[PostSwing]) -> Estimate:
    keys = {(p.game_id, p.post): p.target for p in posts}
    return pooled([u for u in found if (u.game_id, u.post) in keys], keys)


def _names(events: Sequence[Event]) -> Names:
    return Names.from_events(get_ruleset(str(getattr(events[0], "ruleset", ""))), events)


def _swings(con: Any, done: Run) -> list[PostSwing]:
    return post_swings(done, units(con, done.game_id, done.run), author_targets(done))


def author_targets(done: Run) -> dict[int, int | None]:
    """Each post's author's final ballot of the post's day (the seat it argued for)."""
    last: dict[tuple[int, int], int | None] = {}
    for b in done.ballots:
        last[(b.day, b.voter)] = b.target
    return {p.seq: last.get((p.day, p.seat)) for p in done.posts}


def post_swings(done: Run, found: list[Any], targets: dict[int, int | None]) -> list[PostSwing]:
    by_post: dict[int, list[Any]] = {}
    for u in found:
        by_post.setdefault(u.post, []).append(u)
    out = []
    for post in done.posts:
        mine = by_post.get(post.seq, [])
        if mine:
            out.append(PostSwing(done.game_id, post.seq, post.floor, post.seat, targets.get(post.seq), len(mine),
                                 swing(mine, targets.get(post.seq))))
    return out


def claim_truth(con: Any, game_id: str) -> dict[int, str]:
    """Per post seq: ``claim.false`` where it holds a false claim, else ``claim.true`` where a true one."""
    out: dict[int, str] = {}
    for r in load_ledger(con, game_id):
        if r.truth is False:
            out[r.seq] = "claim.false"
        elif r.truth is True and out.get(r.seq) != "claim.false":
            out[r.seq] = "claim.true"
    return out


def _est(e: Estimate) -> str:
    if e.value is None:
        return "—"
    if e.lo is None or e.hi is None or e.hi - e.lo < 1e-12:
        return f"{e.value:+.3f}" if e.value < 0 else f"{e.value:.3f}"
    return f"{e.value:.3f} [{e.lo:.3f}, {e.hi:.3f}]"


def _who(seat: int | None, names: Names, lang: Lang) -> str:
    return say(lang, "abstain") if seat is None else names.seat(seat, lang)
