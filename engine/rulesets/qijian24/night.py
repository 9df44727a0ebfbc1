"""The night (spec §3): the action window, then the resolution pipeline R1–R10 in the spec's order.

R0 the actions are locked (actors alive at nightfall); R1 禁特权令; R2 禁杀; R3 祈祷; R4 the kill list
(``kills``); R5 hits against the doctor and extra lives; R6 the 绿珠 link; R7 revives; R8 private
results and the reveal; R9 latches; R10 dawn: outs with identities, revivals, the win check.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from engine.events import (
    JUDGE,
    PUBLIC,
    Dawn,
    Feedback,
    Notice,
    Resolved,
    RoleRevealed,
    SkillSubmitted,
    seat_vis,
    team_vis,
)
from engine.mechanics.discipline import warn
from engine.rulesets.qijian24.flow import after_outs, identities, out
from engine.rulesets.qijian24.kills import Kill, standing
from engine.rulesets.qijian24.names import (
    ASSASSINATE,
    BAN,
    CHECK,
    FAILED,
    IDENTITY,
    KILL,
    KILL_BAN,
    KILLER_TEAM,
    LAST_WORDS,
    LONE,
    MAGE,
    NIGHT,
    PRAY,
    PROTECT,
    RANGER_SIDE,
    RANGERS,
    REVEAL,
    REVIVE,
    SNIPE,
    STAGE1,
    TEAM,
    VOID,
)
from engine.rulesets.qijian24.skills import night_skills, targets
from engine.rulesets.qijian24.state import QijianState, table
from engine.table import Next

if TYPE_CHECKING:
    from engine.game import Game

Acts = list[tuple[int, int]]


def nightfall(game: Game) -> Next:
    """The night opens: the seats with a skill tonight, and today's vote victims owing last words."""
    s = table(game)
    if s.day == 2:
        _default_allegiances(game)
    seats = [seat for seat, p in s.seats.items() if night_skills(s, seat) or (not p.alive and p.last_words_due)]
    return Next(NIGHT, day=s.day, order=tuple(seats))


def _default_allegiances(game: Game) -> None:
    """The ranger choice closes as night 2 falls: a living ranger who made none stays independent (C-27),
    and is told so."""
    s = table(game)
    for seat in s.holders(*RANGER_SIDE):
        if s.seats[seat].alive and not s.seats[seat].chosen:
            game.emit(Notice, seat_vis(seat), topic="choice_default", seats=[seat], data={"side": RANGERS})


def close_night(game: Game) -> Next | None:
    """Settle the night (R1–R10) and open the last words or the next day."""
    s = table(game)
    _missing_kills(game)
    kill_banned = _bans(game)
    _prayers(game)
    protected = _protect(game)
    outs = _hits(game, _kills(game, kill_banned), protected)
    revived = _revives(game)
    revealed = _results(game)
    game.emit(Dawn, PUBLIC, seats=list(outs), roles=identities(s, outs), revived=list(revived))
    for seat in revealed:
        game.emit(RoleRevealed, PUBLIC, seats=[seat], roles=identities(s, [seat]), reason=REVEAL)
    if after_outs(game):
        return None
    owing = [seat for seat in outs if s.seats[seat].last_words_due and not s.seats[seat].alive]
    if owing:
        return Next(LAST_WORDS, day=s.night, order=tuple(owing))
    return dawn(s)


def close_last_words(game: Game) -> Next:
    """Last words not given are lost; the next day begins."""
    return dawn(table(game))


def dawn(s: QijianState) -> Next:
    """The day after the night: its first vote stage (环节一), every living seat taking part."""
    return Next(STAGE1, day=s.night + 1)


def acts(s: QijianState, skill: str, role: str | None = None) -> Acts:
    """The night's submissions of ``skill`` (by holders of ``role``) as (actor, target)."""
    found = []
    for key, (actor, chosen) in s.skills.items():
        if key.split(":")[0] == skill and chosen and (role is None or s.seats[actor].role == role):
            found.append((actor, chosen[0]))
    return sorted(found)


def _banned(s: QijianState, seat: int) -> bool:
    return s.seats[seat].banned(night=s.night)


def _void(s: QijianState) -> str:
    """A voided limited skill is consumed (C-19), or returned under the flag's alternative."""
    return "void" if s.flags.get("qijian.voided_consumed", True) else "returned"


def _missing_kills(game: Game) -> None:
    """A mandatory kill missing at the deadline: a random legal target, or a forfeit and a warning (C-12)."""
    s = table(game)
    team = [seat for seat in s.team() if s.seats[seat].alive and ASSASSINATE in night_skills(s, seat)]
    lone = [seat for seat in s.holders(LONE) if ASSASSINATE in night_skills(s, seat)]
    for seats, key, name in ((team, ASSASSINATE, "暗杀"), (lone, f"{ASSASSINATE}:{lone[0] if lone else 0}", "独杀暗杀")):
        if not seats or key in s.skills:
            continue
        if s.flags.get("qijian.missing_kill", "random") == "forfeit":
            for seat in seats:
                warn(game, seat, "missing_kill")
            continue
        target = _draw_target(game, name, targets(s, seats[0], ASSASSINATE))
        vis, to = (team_vis(TEAM), s.team()) if key == ASSASSINATE else (seat_vis(seats[0]), [])
        game.emit(SkillSubmitted, vis, to, seat=seats[0], skill=ASSASSINATE, targets=[target])


def _draw_target(game: Game, name: str, options: tuple[int, ...]) -> int:
    """A random legal target for a missing mandatory kill (a judge scenario may pin it by ``name``)."""
    found: int = game.draw(name, lambda r: r.choice(list(options)), pin_ok=lambda v: v in options)
    return found


def _bans(game: Game) -> int | None:
    """R1 禁特权令, then R2 禁杀; returns the seat whose kill is banned tonight."""
    s = table(game)
    for actor, target in acts(s, BAN):
        game.emit(Resolved, JUDGE, skill=BAN, actor=actor, targets=[target], result="banned")
    kill_banned = None
    for actor, target in acts(s, KILL_BAN):
        if _banned(s, actor):
            game.emit(Resolved, JUDGE, skill=KILL_BAN, actor=actor, targets=[target], result=_void(s))
            continue
        game.emit(Resolved, JUDGE, skill=KILL_BAN, actor=actor, targets=[target], result="kill_banned")
        kill_banned = target
    return kill_banned


def _prayers(game: Game) -> None:
    """R3: a prayer on a sword gives a life at once (C-07); on anyone else the use is wasted (C-08)."""
    s = table(game)
    for actor, target in acts(s, PRAY):
        result = _void(s) if _banned(s, actor) else "life" if s.is_sword(target) else "wasted"
        game.emit(Resolved, JUDGE, skill=PRAY, actor=actor, targets=[target], result=result)


def _protect(game: Game) -> int | None:
    """The doctor's target tonight (None if it is banned)."""
    s = table(game)
    found = None
    for actor, target in acts(s, PROTECT):
        banned = _banned(s, actor)
        game.emit(Resolved, JUDGE, skill=PROTECT, actor=actor, targets=[target], result="void" if banned else "protect")
        found = None if banned else target
    return found


def _kills(game: Game, kill_banned: int | None) -> list[Kill]:
    """R4: every kill tonight, voided ones settled; the kills that stand."""
    s = table(game)
    team = frozenset(s.team())
    lone = frozenset(s.holders(LONE))
    team_void = kill_banned in team or (s.flags.get("qijian.ban_voids_team_kill", True)
                                        and any(_banned(s, seat) for seat in team))
    found: list[Kill] = []
    for actor, target in acts(s, ASSASSINATE):
        in_team = s.seats[actor].role in KILLER_TEAM
        party, members = ("team", team) if in_team else ("lone", frozenset({actor}))
        void = team_void if in_team else (_banned(s, actor) or kill_banned == actor)
        if void:
            _voided(game, ASSASSINATE, actor, target)
        else:
            found.append(Kill(party, ASSASSINATE, actor, members, target))
    for skill in (SNIPE, KILL):
        for actor, target in acts(s, skill):
            if _banned(s, actor) or kill_banned == actor:
                _voided(game, skill, actor, target)
            else:
                found.append(Kill(s.seats[actor].role, skill, actor, frozenset({actor}), target))
    live, why = standing(found, team, lone, bool(s.flags.get("qijian.mutual_cancel", True)),
                         bool(s.flags.get("qijian.killers_immune_both_ways", True)))
    for kill in found:
        result = why.get(kill.party, "hit")
        game.emit(Resolved, JUDGE, skill=kill.skill, actor=kill.actor, targets=[kill.target], result=result)
    return live


def _voided(game: Game, skill: str, actor: int, target: int) -> None:
    game.emit(Resolved, JUDGE, skill=skill, actor=actor, targets=[target], result=_void(table(game)))


def _hits(game: Game, kills: list[Kill], protected: int | None) -> list[int]:
    """R5–R6: the doctor blocks every hit on its target; extra lives absorb hits (C-05, C-06); the rest
    go out, 绿珠 with 风火连城. Returns the seats out tonight."""
    s = table(game)
    by_target: dict[int, list[Kill]] = {}
    for kill in kills:
        by_target.setdefault(kill.target, []).append(kill)
    gone: list[int] = []
    for target, hits in sorted(by_target.items()):
        if target == protected or not s.seats[target].alive:
            continue
        used, dies = _absorb(s, target, hits)
        if used:
            game.emit(Resolved, JUDGE, skill="lives", actor=None, targets=[target], result=str(used))
        if dies:
            gone += out(game, target, hits[0].skill)
    return gone


def _absorb(s: QijianState, target: int, hits: list[Kill]) -> tuple[int, bool]:
    """(extra lives used, whether the target goes out)."""
    piece = s.seats[target]
    lives = piece.extra_lives - (1 if piece.extra_lives and piece.lives_since > s.night else 0)
    only_assassins = s.flags.get("qijian.prayer_only_vs_assassins", False)
    absorbable = sum(1 for k in hits if not only_assassins or k.skill == ASSASSINATE)
    if s.flags.get("qijian.prayer_per_hit", True):
        used = min(absorbable, lives)
        return used, len(hits) > used
    used = 1 if lives and absorbable else 0
    return used, len(hits) - absorbable > 0 or (absorbable > 0 and not used)


def _revives(game: Game) -> list[int]:
    """R7: a target out at nightfall returns at dawn (C-16); a second revive of the same seat is spent."""
    s = table(game)
    back: list[int] = []
    for actor, target in acts(s, REVIVE):
        if _banned(s, actor):
            result = _void(s)
        elif target in back or s.seats[target].alive:
            result = "already"
        else:
            result = "revived"
            back.append(target)
        game.emit(Resolved, JUDGE, skill=REVIVE, actor=actor, targets=[target], result=result)
    return back


def _results(game: Game) -> list[int]:
    """R8: 莫问剑's identity, the mage's partial check (C-34), the reveal; returns the seats to publish."""
    s = table(game)
    for actor, target in acts(s, CHECK):
        if _banned(s, actor):
            result = VOID
        elif s.seats[actor].role == MAGE:
            shown = (*KILLER_TEAM, LONE) if s.flags.get("qijian.mage_sees_lone", False) else KILLER_TEAM
            result = IDENTITY[s.seats[target].role] if s.seats[target].role in shown else FAILED
        else:
            result = IDENTITY[s.seats[target].role]
        tell(game, actor, CHECK, target, result)
    revealed = []
    for actor, target in acts(s, REVEAL):
        ok = not _banned(s, actor)
        game.emit(Resolved, JUDGE, skill=REVEAL, actor=actor, targets=[target], result="revealed" if ok else _void(s))
        if ok:
            revealed.append(target)
        else:
            tell(game, actor, REVEAL, target, VOID)
    return revealed


def tell(game: Game, seat: int, skill: str, target: int, result: str) -> None:
    """A private result, sealed with a nonce: pasting the nonce in public is 贴证 (spec §5)."""
    s = table(game)
    game.emit(Feedback, seat_vis(seat), seat=seat, skill=skill, targets=[target], result=result)
    digest = hashlib.sha256(f"{s.seed}/{seat}/{s.night}/{skill}".encode()).hexdigest()[:8].upper()
    game.emit(Notice, seat_vis(seat), topic="seal", seats=[seat], data={"nonce": f"QJ-{digest}"})

