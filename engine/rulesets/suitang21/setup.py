"""Game start (spec §1.3): header, deal, aliases, Cupid's arrow, camp resolution, chats, notices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.events import (
    JUDGE,
    Feedback,
    Notice,
    Resolved,
    RoleChanged,
    TeamFormed,
    seat_vis,
    team_vis,
)
from engine.mechanics.discipline import categories
from engine.ruleset import Ruleset, SeatSetup
from engine.rulesets.suitang21.aliases import ALIASES
from engine.rulesets.suitang21.errors import ROSTER, setup_error
from engine.rulesets.suitang21.legal import DEFAULT_DAY_POSTS
from engine.rulesets.suitang21.names import (
    ARROW,
    CUPID,
    DAY,
    LOVER_TEAM,
    LOVERS,
    ROLES,
    SETUP,
    WEREWOLF,
    WOLF_TEAM,
)
from engine.rulesets.suitang21.state import st
from engine.table import Next
from engine.table.deal import header, seat_table

if TYPE_CHECKING:
    from engine.game import Game

SEATS = 21
DEAL = [r.id for r in ROLES for _ in range(r.count)]
DISCIPLINE = ("posts", "streak", "no_vote", "timeout")
"""Penalties the engine enforces (§5): <5 posts a day, 3 days under 10, no valid vote, a required
night or reactive answer missing."""


OPTIONS_DOC: dict[str, str] = {
    "discipline": "true (all), false (none), or a list of posts/streak/no_vote/timeout (§5 yellow cards)",
    "day_posts": "public posts one seat may make in a day (default 12; speech is free in the text)",
    "min_posts": "posts a day below which a seat gets a yellow card (default 5)",
    "scenario: votes": "arena judge: a day's ballots in the order cast (a later one of a seat is its change); "
                       "on day 1 they elect the sheriff (竞岗, first to reach the maximum wins a tie)",
    "scenario: actions": "arena judge: night skills (the witch's 救药/毒药 are applied in her wave after 通灵); "
                         "day actions: posts and 加速 requests",
    "scenario: choices": "arena judge: answers to 最后一枪 and 殉职 questions, {\"seat\", \"skill\", \"targets\": [n]}",
    "scenario: cards": "arena judge: cards the judge gives, {\"seat\", \"card\": 蓝牌/黄牌/红牌, \"reason\"}; "
                       "a red card sends the role off at the next close or night resolution",
    "scenario: draws": "arena judge: pin 丘比特之箭 (Cupid silent), 警长继承 (random successor), 警长平票",
}
"""The play options and judge scenario fields, as ``arena rules`` documents them."""


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    """Play options with defaults: discipline categories, the daily post bound, the post minimum."""
    known = {"discipline", "day_posts", "min_posts", "floor", "rounds"}
    unknown = set(given) - known
    if unknown:
        raise setup_error("unknown_options", given=sorted(unknown), known=sorted(known))
    if given.get("rounds"):
        raise setup_error("no_rounds")
    day_posts, min_posts = given.get("day_posts", DEFAULT_DAY_POSTS), given.get("min_posts", 5)
    for name, value in (("day_posts", day_posts), ("min_posts", min_posts)):
        if not isinstance(value, int) or not 0 <= value <= 200:
            raise setup_error("option_range", option=name, value=repr(value))
    discipline = categories(given.get("discipline", True), DISCIPLINE,
                            lambda wrong: setup_error("unknown_discipline", given=wrong, known=list(DISCIPLINE)))
    return {"discipline": discipline, "day_posts": day_posts, "min_posts": min_posts}


def start(game: Game, rules: Ruleset, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> Next:
    """Emit the setup; Cupid's window (SETUP, night 0) opens next."""
    header(game, rules, seed, flags, options_of(options))
    seat_table(game, rules, seating, ALIASES, ROSTER)
    cupid = st(game).holder(CUPID)
    return Next(SETUP, day=0, order=(cupid,) if cupid is not None else ())


def close_setup(game: Game) -> Next:
    """Cupid's arrow (a random pair when silent, B-44), camps, chats, notices; then day 1."""
    s = st(game)
    cupid = s.holder(CUPID)
    assert cupid is not None
    pair = list(s.cupid_choice)
    if not pair:
        others = [seat for seat in s.seats if seat != cupid]
        pair = game.draw("丘比特之箭", lambda r: sorted(r.sample(others, 2)),
                         pin_ok=lambda v: isinstance(v, list) and len(set(v)) == len(v) == 2 and set(v) <= set(others))
    a, b = pair
    elope = s.seats[a].faction != s.seats[b].faction
    game.emit(Resolved, JUDGE, skill=ARROW, actor=cupid, targets=[a, b], result="elope" if elope else "same")
    camp = LOVERS if elope else s.seats[a].faction
    for seat in dict.fromkeys((a, b, cupid)):
        if s.seats[seat].faction != camp:
            game.emit(RoleChanged, JUDGE, seat=seat, role=s.seats[seat].role, faction=camp)
    _chats(game, a, b)
    _notify(game, cupid, a, b, camp)
    return Next(DAY, day=1)


def _chats(game: Game, a: int, b: int) -> None:
    """狼群: every 狼人 that kept 杀人; 情侣群: the lovers, unless both are 狼人 (B-45)."""
    s = st(game)
    pack = [seat for seat, r in s.seats.items() if r.role == WEREWOLF and r.has_kill]
    game.emit(TeamFormed, team_vis(WOLF_TEAM), pack, team=WOLF_TEAM, members=pack)
    if not s.double_wolf:
        game.emit(TeamFormed, team_vis(LOVER_TEAM), [a, b], team=LOVER_TEAM, members=[a, b])


def _notify(game: Game, cupid: int, a: int, b: int, camp: str) -> None:
    """Each lover learns its partner and their camp (B-09); an excluded wolf learns it lost 杀人;
    Cupid hears only its own choice."""
    s = st(game)
    for lover, partner in ((a, b), (b, a)):
        data: dict[str, Any] = {"camp": camp}
        if s.flags.get("suitang.lovers_learn_identity"):
            data["identity"] = s.seats[partner].role
        game.emit(Notice, seat_vis(lover), topic="lover", seats=[partner], data=data)
    for seat in (a, b):
        role = s.seats[seat]
        if role.role == WEREWOLF and not role.has_kill:
            game.emit(Notice, seat_vis(seat), topic="no_kill", seats=[seat])
    game.emit(Feedback, seat_vis(cupid), seat=cupid, skill=ARROW, targets=[a, b], result="已连接")
