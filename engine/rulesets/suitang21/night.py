"""The night (spec §3): the first wave, the witch's wave with 通灵, the resolution's steps, dawn.

Each step follows the canonical order of §3.1 (B-28): hug, shield, check, 犯罪天才, the kills, then
the witch; kills and poison resolve in steps (8)–(9) through the out pipeline (``resolution``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Dawn, Feedback, LastWords, Resolved, seat_vis
from engine.mechanics.discipline import enabled
from engine.rulesets.suitang21.flow import give_card
from engine.rulesets.suitang21.fold import aimed
from engine.rulesets.suitang21.legal import night_skills, postable_teams
from engine.rulesets.suitang21.names import (
    CHECK,
    DAWN,
    DAY,
    DETECT,
    ELDER,
    GUARD,
    HUG,
    KILL,
    LONGEVITY,
    LOVERS,
    NIGHT,
    NIGHT_RESOLUTION,
    NIGHT_WORDS,
    NO_KILL_RESULT,
    NON_VILLAGE_RESULT,
    POISON,
    ROLE_NAMES,
    SAVE,
    SEER,
    SHIELD,
    TAKEOVER,
    TONGLING,
    VILLAGE,
    VILLAGE_RESULT,
    VOID_RESULT,
    WEREWOLF,
    WITCH,
    WITCH_WAVE,
    WOLF_TEAM,
    WOLVES,
)
from engine.rulesets.suitang21.state import SuitangState, Task, st
from engine.table import Next

if TYPE_CHECKING:
    from engine.game import Game


def nightfall(s: SuitangState) -> Next:
    """The first wave: every role with a night skill, and every living member of a chat."""
    return Next(NIGHT, order=tuple(seat for seat in s.seats if night_skills(s, seat, NIGHT) or postable_teams(s, seat)))


def _timeouts(game: Game, skills: tuple[str, ...]) -> None:
    """A seer, witch or guard that did not answer (or answered by fallback) gets a yellow card (§5)."""
    s = st(game)
    if not enabled(game, "timeout"):
        return
    for seat in s.window.eligible:
        role = s.seats[seat]
        if role.role in skills and (seat not in s.window.done or seat in s.fallback):
            give_card(game, seat, "yellow", "no_night_answer")


def close_night(game: Game) -> Next:
    """Close the first wave: hug, shield, check, 犯罪天才 and the kills resolve; the witch is next,
    if she has a potion left."""
    _timeouts(game, (SEER, GUARD))
    _hug(game)
    _shield(game)
    _check(game)
    _detect(game)
    _kills(game)
    s = st(game)
    witch = s.holder(WITCH)
    return Next(WITCH_WAVE, order=(witch,) if witch is not None and night_skills(s, witch, WITCH_WAVE) else ())


def _sub(s: SuitangState, key: str) -> tuple[int, int] | None:
    found = s.skills.get(key)
    if found is None or not found[1]:
        return None
    return found[0], found[1][0]


def _void(game: Game, seat: int, skill: str, target: int) -> None:
    """A voided actor hears 无效（无结果） and no reason (B-27)."""
    game.emit(Resolved, JUDGE, skill=skill, actor=seat, targets=[target], result="void")
    game.emit(Feedback, seat_vis(seat), seat=seat, skill=skill, targets=[target], result=VOID_RESULT)


def actor_void(s: SuitangState, seat: int) -> bool:
    """Every non-forced skill the hugged role uses tonight is void (§3.2 rule 1)."""
    return s.hugged() == seat


def _hug(game: Game) -> None:
    s = st(game)
    found = _sub(s, HUG)
    if found is not None:
        game.emit(Resolved, JUDGE, skill=HUG, actor=found[0], targets=[found[1]], result="hug")


def _shield(game: Game) -> None:
    s = st(game)
    found = _sub(s, SHIELD)
    if found is None:
        return
    guard, target = found
    if actor_void(s, guard) or not aimed(s, target):
        _void(game, guard, SHIELD, target)  # a void shield still uses up its target (§3.2 rule 5)
        return
    game.emit(Resolved, JUDGE, skill=SHIELD, actor=guard, targets=[target], result="protect")


def _check(game: Game) -> None:
    s = st(game)
    found = _sub(s, CHECK)
    if found is None:
        return
    seer, target = found
    reached = [] if actor_void(s, seer) else aimed(s, target)
    if not reached:
        _void(game, seer, CHECK, target)
        return
    for seat in reached:
        result = VILLAGE_RESULT if s.seats[seat].faction == VILLAGE else NON_VILLAGE_RESULT
        game.emit(Feedback, seat_vis(seer), seat=seer, skill=CHECK, targets=[seat], result=result)


def _detect(game: Game) -> None:
    s = st(game)
    found = _sub(s, DETECT)
    if found is None:
        return
    detective, target = found
    reached = [] if actor_void(s, detective) else aimed(s, target)
    if not reached:
        _void(game, detective, DETECT, target)
        return
    game.emit(Resolved, JUDGE, skill=DETECT, actor=detective, targets=reached, result="exchanged")
    for seat in reached:
        game.emit(Feedback, seat_vis(detective), seat=detective, skill=DETECT, targets=[seat],
                  result=ROLE_NAMES.zh(s.seats[seat].role))
        if s.flags.get("suitang.detective_mutual", True):
            game.emit(Feedback, seat_vis(seat), seat=seat, skill=DETECT, targets=[detective],
                      result=ROLE_NAMES.zh(s.seats[detective].role))


def _kills(game: Game) -> None:
    """Slots 5, 5′ and 6: at most one kill is issued a night (the wolves', Cupid's 接刀, the lovers')."""
    s = st(game)
    hugged = s.hugged()
    wolves = _sub(s, f"{KILL}:{WOLVES}")
    if wolves is not None:
        pack_hugged = hugged is not None and hugged in s.teams.get(WOLF_TEAM, ())
        _issue(game, KILL, wolves, void=pack_hugged or actor_void(s, wolves[0]), team=s.teams.get(WOLF_TEAM, []))
    takeover = _sub(s, TAKEOVER)
    if takeover is not None and s.double_wolf and not s.living(WEREWOLF) and s.seats[takeover[0]].alive:
        _issue(game, TAKEOVER, takeover, void=actor_void(s, takeover[0]), team=[])
    lovers = _sub(s, f"{KILL}:{LOVERS}")
    if lovers is not None and s.widow:
        voided = hugged in s.lovers and bool(s.flags.get("suitang.hug_voids_lovers_kill", True))
        _issue(game, KILL, lovers, void=voided or actor_void(s, lovers[0]), team=list(s.lovers))


def _issue(game: Game, skill: str, found: tuple[int, int], *, void: bool, team: list[int]) -> None:
    s = st(game)
    actor, target = found
    if not void:
        game.emit(Resolved, JUDGE, skill=skill, actor=actor, targets=[target], result="issued")
        return
    game.emit(Resolved, JUDGE, skill=skill, actor=actor, targets=[target], result="void")
    for seat in team or [actor]:
        if s.seats[seat].alive and s.seats[seat].has_kill:
            game.emit(Feedback, seat_vis(seat), seat=seat, skill=skill, targets=[target], result=VOID_RESULT)


def tongling(game: Game) -> None:
    """As the second wave opens, 通灵 tells the witch tonight's named kill targets (B-21)."""
    s = st(game)
    witch = s.holder(WITCH)
    role = s.seats[witch] if witch is not None else None
    if witch is None or role is None or not role.alive or not role.tongling or role.skills_lost:
        return
    named = list(s.kill_named)
    butterfly, hugged = s.hug or (None, None)
    if s.flags.get("suitang.tongling_reports_propagated") and butterfly in named and hugged is not None:
        named.append(hugged)
    game.emit(Feedback, seat_vis(witch), seat=witch, skill=TONGLING, targets=named,
              result="指杀" if named else NO_KILL_RESULT)


def close_witch(game: Game) -> Next:
    """The witch's wave closes: the night resolution runs next (red cards first, then steps 8–9)."""
    _timeouts(game, (WITCH,))
    return Next(NIGHT_RESOLUTION)


def potions(game: Game) -> tuple[list[int], list[int]]:
    """The witch's save and poison (never both: her window takes one skill), void when she is hugged
    or aims at the hugged role; a void potion is still used up (flag B-19)."""
    s = st(game)
    out: dict[str, list[int]] = {SAVE: [], POISON: []}
    for skill in (SAVE, POISON):
        found = _sub(s, skill)
        if found is None:
            continue
        witch, target = found
        reached = [] if actor_void(s, witch) else aimed(s, target)
        if reached:
            game.emit(Resolved, JUDGE, skill=skill, actor=witch, targets=[target], result="used")
            out[skill] = reached
            continue
        consumed = s.flags.get("suitang.void_potion_consumed", True)
        game.emit(Resolved, JUDGE, skill=skill, actor=witch, targets=[target], result="void" if consumed else "refunded")
        game.emit(Feedback, seat_vis(witch), seat=witch, skill=skill, targets=[target], result=VOID_RESULT)
    return out[SAVE], out[POISON]


def kill_steps(game: Game, saved: list[int]) -> list[Task]:
    """Step (8) for each issued kill and its propagated victim: 一 guard, 二 elder's life, 三 save,
    四 out (§3.4; flag B-14 swaps 二 and 三)."""
    s = st(game)
    outs: list[Task] = []
    for named in s.kill_named:
        for seat in aimed(s, named):
            role = s.seats[seat]
            if seat in s.protected:
                game.emit(Resolved, JUDGE, skill=KILL, actor=None, targets=[seat], result="guarded")
            elif role.role == ELDER and not role.elder_hit and (
                    seat not in saved or s.flags.get("suitang.save_spends_elder_life", True)):
                game.emit(Resolved, JUDGE, skill=LONGEVITY, actor=None, targets=[seat], result="hit")
            elif seat in saved:
                game.emit(Resolved, JUDGE, skill=KILL, actor=None, targets=[seat], result="saved")
            else:
                outs.append(("out", seat, KILL))
    return outs


def finish_night(s: SuitangState) -> Next:
    """After the resolution: the last words owed, or dawn."""
    owed = tuple(seat for seat in s.granted if seat not in s.asked)
    return Next(NIGHT_WORDS, order=owed) if owed else Next(DAWN)


def close_words(game: Game) -> Next:
    return Next(DAWN)


def close_dawn(game: Game) -> Next:
    """DAWN_ANNOUNCE: outs since the last dawn in order, the sheriff, the living; last words published.
    Identities and camp defeats are never shown. Then the next day."""
    s = st(game)
    game.emit(Dawn, PUBLIC, seats=list(s.since_dawn), sheriff=s.sheriff, alive=s.alive())
    for seat, text in list(s.last_words.items()):
        if seat not in s.published:
            game.emit(LastWords, PUBLIC, seat=seat, text=text, published=True)
    return Next(DAY, day=s.day + 1)
