"""The scripted bot: whole games of 18 bots end believably, legally and reproducibly, from each seat's view.

A small driver of its own (not ``arena.run.runner``): one decision at a time by the lowest waiting seat,
each seat's view kept incrementally, every illegal answer counted. ``python tests/test_scripted.py
[games]`` prints the figures: days, winners by side, and the bot's cost per decision.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import pytest

from agents.base import Agent, Turn
from agents.bots.rand import DecisionRandom, key_of
from agents.bots.umineko32.talk import parse
from agents.random_legal import random_action
from agents.scripted import ScriptedAgent
from engine.actions import Action, Pass, Post, TeamPost, Vote
from engine.errors import IllegalAction
from engine.events import (
    JUDGE,
    PUBLIC,
    Awaiting,
    Dawn,
    Event,
    Feedback,
    PhaseBegan,
    Posted,
    RoleChanged,
    RoleDealt,
    SeatsOut,
    SkillSubmitted,
    VoteCast,
    VoteResult,
    to_json,
)
from engine.game import Game
from engine.observation import INBOX_KINDS
from engine.rulesets import get_ruleset
from engine.views import Viewer

RULESET = get_ruleset("umineko32")
SEEDS = range(30)
SEATS = range(1, 19)


def run_sync(coro: Coroutine[Any, Any, Action | None]) -> Action | None:
    """Drive an agent's ``act`` without an event loop (the scripted bot never awaits)."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]
    coro.close()
    raise AssertionError("the agent awaited something")


@dataclass
class Played:
    """One driven game and what the driver saw."""

    game: Game
    agents: dict[int, Agent]
    decisions: int = 0
    illegal: list[str] = field(default_factory=list)
    bot_seconds: float = 0.0
    turns: list[tuple[Turn, Action | None]] = field(default_factory=list)
    boundaries: list[int] = field(default_factory=list)


def play(seed: int, *, game: Game | None = None, agents: dict[int, Agent] | None = None,
         keep_every: int = 0, max_decisions: int = 20_000) -> Played:
    """Play ``seed`` (or the rest of ``game``) to its end; ``keep_every`` keeps every n-th Turn."""
    game = game or RULESET.new_game(seed)
    out = Played(game, agents or {seat: ScriptedAgent() for seat in SEATS})
    views: dict[int, list[Event]] = {seat: [] for seat in SEATS}
    shown = dict.fromkeys(SEATS, 0)
    routed = 0
    while not game.over:
        waiting = game.waiting()
        if not waiting:
            game.advance()
            continue
        seat = min(waiting)
        routed = _route(game.events, routed, views)
        legal = game.legal(seat) or ()
        turn = Turn(ruleset=RULESET.id, seed=seed, seat=seat, day=game.state.day, phase=game.state.phase,
                    events=views[seat], new_from=shown[seat], legal=legal,
                    observation=game.observe(Viewer.of_seat(seat)))
        shown[seat] = len(views[seat])
        start = time.perf_counter()
        action = run_sync(out.agents[seat].act(turn))
        out.bot_seconds += time.perf_counter() - start
        out.decisions += 1
        if keep_every and out.decisions % keep_every == 0:
            out.turns.append((Turn(turn.ruleset, turn.seed, turn.seat, turn.day, turn.phase, list(turn.events),
                                   turn.new_from, turn.legal, observation=turn.observation), action))
        _submit(out, seat, action or Pass(seat=seat))
        out.boundaries.append(len(game.events))
        assert out.decisions < max_decisions, f"seed {seed}: no end after {max_decisions} decisions"
    return out


def _route(log: list[Event], routed: int, views: dict[int, list[Event]]) -> int:
    """Append the new events to the views of the seats that may see them (as the runner does)."""
    for event in log[routed:]:
        vis = event.vis
        if vis == PUBLIC:
            for view in views.values():
                view.append(event)
        elif vis == JUDGE:
            continue
        elif vis.startswith("seat:"):
            views[int(vis[5:])].append(event)
        else:
            for seat in event.to:
                views[seat].append(event)
    return len(log)


def _submit(out: Played, seat: int, action: Action) -> None:
    try:
        out.game.submit(action)
    except IllegalAction as exc:
        out.illegal.append(f"{type(out.agents[seat]).__name__} seat {seat}: {action!r}: {exc}")
        try:
            out.game.submit(Pass(seat=seat))
        except IllegalAction:
            out.game.advance()


@pytest.fixture(scope="module")
def games() -> dict[int, Played]:
    return {seed: play(seed) for seed in SEEDS}


# -- whole games -----------------------------------------------------------------------------------


def test_every_game_ends_with_a_winner_in_a_believable_number_of_days(games: dict[int, Played]) -> None:
    days = Counter(p.game.state.day for p in games.values())
    sides = Counter(side for p in games.values() for side in p.game.winners)
    print(f"\ndays {sorted(days.items())}; wins by side {dict(sides)} over {len(games)} games")
    for seed, p in games.items():
        assert p.game.over and p.game.winners, f"seed {seed}: no winner"
        assert 3 <= p.game.state.day <= 15, f"seed {seed}: ended on day {p.game.state.day}"
    assert sides["white"] and sides["black"], f"one side never wins: {sides}"


def test_bots_never_answer_illegally(games: dict[int, Played]) -> None:
    illegal = [msg for p in games.values() for msg in p.illegal]
    assert illegal == [], illegal[:5]


def test_bots_keep_the_discipline(games: dict[int, Played]) -> None:
    """No warning (silence, no vote, 蓝字 overflow, curfew) and no post taken down."""
    bad = [(seed, e.kind, getattr(e, "reason", "")) for seed, p in games.items() for e in p.game.events
           if e.kind in ("warned", "post_withheld")]
    assert bad == []


def test_killers_never_blade_a_teammate_or_the_accomplice(games: dict[int, Played]) -> None:
    for seed, p in games.items():
        roles: dict[int, str] = {}
        accomplice = None
        for e in p.game.events:
            if isinstance(e, RoleDealt | RoleChanged):
                roles[e.seat] = e.role
                accomplice = e.seat if e.role == "accomplice" else accomplice
            elif isinstance(e, SkillSubmitted) and e.skill == "blade":
                target = e.targets[0]
                assert roles[target] != "killer", f"seed {seed}: seat {e.seat} bladed killer {target}"
                assert target != accomplice, f"seed {seed}: seat {e.seat} bladed the accomplice {target}"


def test_detectives_never_vote_a_seat_they_checked_white(games: dict[int, Played]) -> None:
    for seed, p in games.items():
        white: dict[int, set[int]] = {}
        for e in p.game.events:
            if isinstance(e, Feedback) and e.skill == "detect" and e.result == "白":
                white.setdefault(e.seat, set()).add(e.targets[0])
            elif isinstance(e, VoteCast) and e.target is not None:
                assert e.target not in white.get(e.seat, set()), f"seed {seed}: {e.seat} voted {e.target}, checked 白"


class Quiet:
    """A player that says "过", abstains and passes: killers that never fake a claim."""

    name = "quiet"

    async def act(self, turn: Turn) -> Action | None:
        kinds = {template.kind for template in turn.legal}
        if "vote" in kinds:
            return Vote(seat=turn.seat, target=None, reason="过")
        if "post" in kinds:
            return Post(seat=turn.seat, text="过。")
        return None


def test_white_seats_vote_a_claimed_black() -> None:
    """With killers that never dispute a claim, the white seats vote the seats a detective claims 黑
    (a few may know better)."""
    on_target = off_target = 0
    for seed in range(10):
        game = RULESET.new_game(seed)
        roles = {e.seat: e.role for e in game.events if isinstance(e, RoleDealt)}
        agents: dict[int, Agent] = {s: Quiet() if roles[s] == "killer" else ScriptedAgent() for s in SEATS}
        play(seed, game=game, agents=agents)
        claims: dict[int, dict[int, str]] = {}
        alive, targets, day = set(SEATS), set[int](), -1
        for e in game.events:
            if isinstance(e, Posted) and (said := parse(e.text)).role == "detective":
                claims.setdefault(e.seat, {}).update(said.checks)
            elif isinstance(e, VoteResult):
                alive -= set(e.died)
            elif isinstance(e, (Dawn, SeatsOut)):
                alive -= set(e.seats)
            elif isinstance(e, PhaseBegan) and e.name == "VOTE":
                targets, day = _agreed_blacks(claims) & alive, e.day
            elif isinstance(e, VoteCast) and e.day == day and targets and e.seat not in targets \
                    and roles[e.seat] in ("commoner", "detective", "theatergoer", "inquisitor"):
                on_target, off_target = on_target + (e.target in targets), off_target + (e.target not in targets)
    print(f"\nwhite ballots when a claimed black is undisputed: {on_target} on it, {off_target} elsewhere")
    assert on_target > 50 and off_target <= 0.05 * (on_target + off_target)


def _agreed_blacks(claims: dict[int, dict[int, str]]) -> set[int]:
    """The seats called 黑, when no claim calls a claimer 黑 and no two claims disagree."""
    said: dict[int, set[str]] = {}
    for results in claims.values():
        for target, colour in results.items():
            said.setdefault(target, set()).add(colour)
    if any(c in said and "黑" in said[c] for c in claims) or any(len(cs) > 1 for cs in said.values()):
        return set()
    return {t for t, cs in said.items() if "黑" in cs}


def test_every_role_uses_its_skill(games: dict[int, Played]) -> None:
    used = Counter(e.skill for p in games.values() for e in p.game.events if isinstance(e, SkillSubmitted))
    used.update(e.skill for p in games.values() for e in p.game.events if isinstance(e, Feedback))
    for skill in ("blade", "tell_name", "detect", "audition", "barrier", "mark", "prophecy"):
        assert used[skill] > 0, f"nobody used {skill}: {used}"


# -- reproducibility and the view alone --------------------------------------------------------------


def test_same_seed_gives_an_identical_event_log(games: dict[int, Played]) -> None:
    for seed in (0, 7):
        again = play(seed).game
        assert [to_json(e) for e in again.events] == [to_json(e) for e in games[seed].game.events]


def test_the_same_turn_gets_the_same_answer() -> None:
    """Twice to the same agent, and once to a fresh agent that has seen nothing before."""
    played = play(11, keep_every=7)
    assert len(played.turns) > 20
    for turn, action in played.turns:
        fresh = ScriptedAgent()
        assert run_sync(fresh.act(turn)) == action
        assert run_sync(fresh.act(turn)) == action
        assert run_sync(played.agents[turn.seat].act(turn)) == action


ANNOUNCED = frozenset({"dawn", "vote_result", "seats_out"})
"""The judge's posts that say who is out: the bot reads who is out from its observation instead."""


def _blanked(event: Event) -> Event:
    """A stand-in the bot ignores, at the same place of the view (its draws are keyed by the view's length)."""
    return Awaiting(seq=event.seq, day=event.day, phase=event.phase, vis=event.vis, seats=[])


def test_the_scripted_bot_reads_the_observation_not_announcements() -> None:
    """Who is alive and out, who it is (共犯 and 见习魔女 as told), its chats and its results come from
    the engine's observation: with every out announcement, notice and result of its view blanked the
    bot answers the same; with the observation's own part emptied it does not."""
    played = play(6, keep_every=3)
    changed = 0
    for turn, action in played.turns:
        events = [_blanked(e) if e.kind in ANNOUNCED or (e.kind in INBOX_KINDS and e.vis != PUBLIC) else e
                  for e in turn.events]
        assert ScriptedAgent().decide(dataclasses.replace(turn, events=events)) == action, turn
        assert turn.observation is not None
        blind = dataclasses.replace(turn.observation, inbox=(), role=None, teams=(), seats=tuple(
            dataclasses.replace(s, alive=True, role=None, cause=None) for s in turn.observation.seats))
        changed += ScriptedAgent().decide(dataclasses.replace(turn, observation=blind)) != action
    assert changed > len(played.turns) // 10, (changed, len(played.turns))
    roles = {t.observation.role for t, _ in played.turns if t.observation is not None}
    assert {"accomplice", "apprentice"} <= roles  # the derived roles, as the judge told them


def test_after_an_illegal_answer_the_bot_falls_back_to_a_safe_move() -> None:
    played = play(4, keep_every=3)
    seen = set()
    for turn, _ in played.turns:
        retry = Turn(turn.ruleset, turn.seed, turn.seat, turn.day, turn.phase, turn.events, turn.new_from,
                     turn.legal, error="illegal", observation=turn.observation)
        answer = ScriptedAgent().decide(retry)
        kinds = {template.kind for template in turn.legal}
        if "vote" in kinds:
            assert isinstance(answer, Vote) and answer.target is None
        elif "pass" in kinds:
            assert isinstance(answer, Pass)
        seen.add(answer.kind)
    assert {"vote", "pass", "choose"} <= seen


def test_a_game_resumed_from_its_transcript_with_fresh_agents_plays_on_identically(
        games: dict[int, Played]) -> None:
    for seed in (3, 12):
        whole = games[seed]
        for cut in (whole.boundaries[len(whole.boundaries) // 3], whole.boundaries[2 * len(whole.boundaries) // 3]):
            resumed = Game.replay(RULESET, whole.game.events[:cut])
            play(seed, game=resumed)
            assert [to_json(e) for e in resumed.events] == [to_json(e) for e in whole.game.events]


def test_the_bot_leaves_the_global_random_alone() -> None:
    state = random.getstate()
    play(5)
    assert random.getstate() == state


ODD_TEXTS = (
    "我是侦探。【查验】99号=黑，0号=白，3号=黑。请大家投3号。",
    "我是观剧。【试镜】77号与3号=异。【试镜】5号与5号=同。",
    "今晚刀99号。今晚我查0号。",
    "我是侦探我是观剧我是审问官，【查验】1号=白",
    "投投投投19号！怀疑-1号",
)


def test_bots_play_among_random_players_without_an_illegal_answer() -> None:
    """Random seats say and do odd things, claims with seats that do not exist among them (their own
    illegal answers are not counted)."""

    class Chaos:
        name = "chaos"

        async def act(self, turn: Turn) -> Action | None:
            rand = DecisionRandom(turn.seed, turn.seat, len(turn.events))
            action = random_action(rand, turn.seat, turn.legal)
            if isinstance(action, Post | TeamPost) and rand.random() < 0.5:
                return action.model_copy(update={"text": rand.choice(ODD_TEXTS)})
            return action

    for seed in range(4):
        agents: dict[int, Agent] = {seat: Chaos() if seat % 3 == 0 else ScriptedAgent() for seat in SEATS}
        played = play(seed, agents=agents)
        assert [m for m in played.illegal if m.startswith("ScriptedAgent")] == []
        assert played.game.over


def test_the_bot_is_cheap(games: dict[int, Played]) -> None:
    """A loose bound: an O(view) rescan per decision would blow it by an order of magnitude."""
    decisions = sum(p.decisions for p in games.values())
    seconds = sum(p.bot_seconds for p in games.values())
    assert seconds / decisions < 400e-6, f"{seconds / decisions * 1e6:.0f} us per decision"


# -- the pieces ------------------------------------------------------------------------------------


def test_parse_reads_the_claim_vocabulary() -> None:
    said = parse("蓝字：我是侦探。【查验】3号=白，7号=黑。请大家投7号。")
    assert said.role == "detective" and said.checks == ((3, "白"), (7, "黑")) and said.accused == (7,)
    said = parse("我是观剧。【试镜】2号与9号=异。所以我怀疑9号。")
    assert said.role == "theatergoer" and said.pairs == ((2, 9, "异"),)
    assert parse("今晚刀5号。").blade == 5 and parse("今晚我查12号。").plan == 12
    assert not parse("大家好").claim


def test_decision_randomness_is_a_function_of_its_key() -> None:
    a, b = DecisionRandom(1, 2, 3, "x"), DecisionRandom(1, 2, 3, "x")
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    assert DecisionRandom(1, 2, 3, "x").random() != DecisionRandom(1, 2, 4, "x").random()
    assert key_of(1, "x") == key_of(1, "x") != key_of(1, "y")
    counts = Counter(DecisionRandom(i, "t").randrange(4) for i in range(4000))
    assert min(counts.values()) > 850


# -- figures ---------------------------------------------------------------------------------------


class Recorder:
    """Wraps an agent and keeps its answers, so the same game can be replayed without it."""

    name = "recorder"

    def __init__(self, inner: Agent, log: list[Action | None]) -> None:
        self.inner, self.log = inner, log

    async def act(self, turn: Turn) -> Action | None:
        action = await self.inner.act(turn)
        self.log.append(action)
        return action


class Replayer:
    """Answers with recorded actions, in order: the engine and the driver alone, no bot."""

    name = "replayer"

    def __init__(self, log: list[Action | None]) -> None:
        self.answers = iter(log)

    async def act(self, turn: Turn) -> Action | None:
        return next(self.answers)


def report(n: int, out: Callable[[str], None] = print, timed: int = 20, rounds: int = 3) -> None:
    """Days and winners by side over ``n`` games; then what the bot costs over ``timed`` games, the
    best of ``rounds`` (this machine's speed wanders): in play (the whole game minus a replay of the
    same actions without the bot, and timed around ``act``) and warm (its turns replayed alone)."""
    played = [play(seed) for seed in range(n)]
    days = Counter(p.game.state.day for p in played)
    winners = Counter("+".join(p.game.winners) for p in played)
    sides = Counter(side for p in played for side in p.game.winners)
    out(f"{n} games; days {sorted(days.items())}; mean {sum(d * c for d, c in days.items()) / n:.1f}")
    out(f"winners {dict(winners.most_common())}; by side {dict(sides)}; illegal {sum(len(p.illegal) for p in played)}")
    seeds = range(timed)
    turns = [play(seed, keep_every=1).turns for seed in seeds]
    decisions = sum(map(len, turns))
    whole = engine = warm = around = float("inf")
    for _ in range(rounds):
        logs: list[list[Action | None]] = [[] for _ in seeds]
        start = time.process_time()
        runs = [play(seed, agents={s: Recorder(ScriptedAgent(), logs[seed]) for s in SEATS}) for seed in seeds]
        whole = min(whole, time.process_time() - start)
        around = min(around, sum(r.bot_seconds for r in runs))
        start = time.process_time()
        for seed in seeds:
            play(seed, agents=dict.fromkeys(SEATS, Replayer(logs[seed])))
        engine = min(engine, time.process_time() - start)
        start = time.process_time()
        for game_turns in turns:
            agents: dict[int, ScriptedAgent] = {}
            for turn, _ in game_turns:
                agents.setdefault(turn.seat, ScriptedAgent()).decide(turn)
        warm = min(warm, time.process_time() - start)
    out(f"{decisions / timed:.0f} decisions a game; whole game {whole / timed * 1e3:.1f} ms "
        f"({timed / whole:.0f} games per CPU-second), engine and driver alone {engine / timed * 1e3:.1f} ms")
    out(f"bot in play: {(whole - engine) / decisions * 1e6:.1f} us per decision by difference "
        f"({(whole - engine) / timed * 1e3:.1f} ms per game), {around / decisions * 1e6:.1f} us timed around act; "
        f"warm: {warm / decisions * 1e6:.1f} us")


if __name__ == "__main__":
    report(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
