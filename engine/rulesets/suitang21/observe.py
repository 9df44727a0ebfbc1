"""What a suitang21 seat knows of itself and of others now (``Ruleset.observe``), from the state.

The shared observation (``engine.observation``) gives the public record (who is out and how, as
the judge's posts said it; the sheriff) and what the seat was told of its identity. This adds what
the rules tell a suitang21 seat, and nothing more:

* its skills with what is left: 救药 and 毒药 once each, 犯罪天才 once a game, 丘比特之箭 at the
  start; 通灵 lost once 救药 is used; every skill lost by the elder penalty (the seat was told);
  杀人 lost by the only wolf lover or by the camp's defeat (told), gained by 寡妇刀 (told); 长寿之命
  and 红娘之力 without a count, since neither the elder nor Cupid is ever told whether they applied;
* its budgets: posts left today (option ``day_posts``), vote changes left, team messages left in
  the window, and the game's last words not yet given (5 a game: counted from the public last-words
  windows, so a death the judge has not announced never shows in it);
* its statuses: 情侣 (and its partner as such), its cards, the notes above; Cupid's camp, which
  follows the lovers', stays what it was dealt with a note, since the judge never tells it;
* others: the pack's members are 狼人 to a wolf (狼群互知), 犯罪天才 tells the detective and its target
  each other's identity, the partner is a lover (its identity only under flag B-09), and a lover
  knows the camp it was told;
* the god view: every seat's identity and camp, the judge's cause of each out, the elder's life.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.observation import amend, budget_state, derive, skill_state
from engine.rulesets.suitang21.legal import DEFAULT_DAY_POSTS, TEAM_POSTS_PER_PHASE
from engine.rulesets.suitang21.names import (
    ARROW,
    CHECK,
    CUPID,
    DAY,
    DETECT,
    ELDER,
    KILL,
    LONGEVITY,
    LOVERS,
    MATCHMAKER,
    POISON,
    REACT,
    ROLES,
    SAVE,
    SETUP,
    SHOT,
    TONGLING,
    WEREWOLF,
    WOLF_TEAM,
    WOLVES,
)
from engine.rulesets.suitang21.state import SuitangState

if TYPE_CHECKING:
    from engine.observation import BudgetState, Observation, Seats, SeatStatus, SkillState

SKILLS_OF = {role.id: role.skills for role in ROLES}
"""Each identity's skills as its card lists them."""
WORDS_A_GAME = 5
"""Last words a game gives (§2.7)."""


def skills(s: SuitangState, seat: int, role: str | None) -> tuple[SkillState, ...]:
    """The skills of ``role`` (the identity the seat was told), and 杀人 where the seat holds it
    otherwise (a black lover after 寡妇刀), with what is left of each."""
    own = SKILLS_OF.get(role or "", ())
    if KILL not in own and s.seats[seat].has_kill:
        own = (*own, KILL)
    return tuple([_skill(s, seat, skill) for skill in own]) if own else ()


def _skill(s: SuitangState, seat: int, skill: str) -> SkillState:
    r = s.seats[seat]
    lost = "skills_lost" if r.skills_lost else ""
    if skill == KILL:
        return _kill(s, seat)
    if skill in (SAVE, POISON):
        left = int(r.save_left if skill == SAVE else r.poison_left)
        return skill_state(skill, left=left, total=1, usable=r.alive and left > 0 and not lost, note=lost)
    if skill == TONGLING:
        note = lost or ("" if r.tongling else "tongling_lost")
        return skill_state(skill, usable=r.alive and not note, note=note or "forced")
    if skill == DETECT:
        left = 0 if r.detect_used else 1
        return skill_state(skill, left=left, total=1, usable=r.alive and left > 0)
    if skill == ARROW:
        left = 1 if s.phase == SETUP and not s.cupid_choice else 0
        return skill_state(skill, left=left, total=1, usable=left > 0, note="forced")
    if skill in (LONGEVITY, MATCHMAKER):
        return skill_state(skill, usable=r.alive, note="forced" if skill == LONGEVITY else "untold")
    if skill == SHOT:  # fired on going out: usable while alive, and when the judge asks for it
        asked = s.phase == REACT and s.question == SHOT and seat in s.window.eligible
        return skill_state(skill, usable=(r.alive or asked) and not lost, note=lost)
    if skill == CHECK:
        return skill_state(skill, usable=r.alive and not lost, note=lost)
    return skill_state(skill, usable=r.alive)  # HUG, SHIELD: once per target, which the targets say


def _kill(s: SuitangState, seat: int) -> SkillState:
    r = s.seats[seat]
    if r.has_kill:
        widow = s.widow and seat in s.lovers and s.kill_team(seat) == LOVERS
        return skill_state(KILL, usable=r.alive and s.kill_team(seat) is not None, note="widow_knife" if widow else "")
    note = "camp_defeated" if WOLVES in s.defeated and r.faction == WOLVES else "no_kill"
    return skill_state(KILL, usable=False, note=note)


def budgets(s: SuitangState, seat: int) -> tuple[BudgetState, ...]:
    """What the seat may still post, change and message now, and the game's last words left. Asked at
    every turn of a seat, and mostly the same as at its last: the numbers are read here and the
    records kept by them (``_budgets``). Vote changes left are the limit less those made, none after
    加速 (a closed ballot, ``legal.vote_open``, has none left by that count too); team messages are
    counted in each chat the seat is in (``team_of``, kept by the kernel)."""
    r = s.seats[seat]
    posts: tuple[int, int] | None = None
    changes: tuple[int, int] | None = None
    teams: tuple[str, ...] = ()
    team_left = 0
    if r.alive:
        if s.phase == DAY:
            limit = int(s.options.get("day_posts", DEFAULT_DAY_POSTS))
            posts = (max(0, limit - r.posts_today), limit)
            most = int(s.flags.get("suitang.vote_change_limit", 1))
            if most >= 0:
                changes = (0 if s.accelerated else max(0, most - r.vote_changes), most)
        teams = s.team_of(seat)
        if teams:
            team_left = max(0, TEAM_POSTS_PER_PHASE - s.window.team_posts.get(seat, 0))
    return _budgets(posts, changes, teams, team_left, max(0, WORDS_A_GAME - len(s.asked)))


@lru_cache(maxsize=1024)
def _budgets(posts: tuple[int, int] | None, changes: tuple[int, int] | None, teams: tuple[str, ...],
             team_left: int, words: int) -> tuple[BudgetState, ...]:
    """The budget records in their order: posts and vote changes (left, limit; None: not counted now),
    team messages left in each of ``teams``, last words left."""
    out = [] if posts is None else [budget_state("posts", *posts)]
    if changes is not None:
        out.append(budget_state("vote_changes", *changes))
    out.extend(budget_state("team_posts", team_left, TEAM_POSTS_PER_PHASE, team=team) for team in teams)
    out.append(budget_state("last_words", words, WORDS_A_GAME))
    return tuple(out)


def statuses(s: SuitangState, seat: int, role: str | None) -> tuple[str, ...]:
    """What the seat knows of its own standing, as status ids (``texts.STATUSES``)."""
    r, out = s.seats[seat], []
    if seat in s.lovers:
        out.append("lover")
    if role == CUPID and seat not in s.lovers:
        out.append("camp_follows_lovers")
    if r.skills_lost:
        out.append("skills_lost")
    return tuple(out) + cards(s, seat)


def cards(s: SuitangState, seat: int) -> tuple[str, ...]:
    """A seat's cards short of the next one up (public: every card is a judge's post)."""
    r = s.seats[seat]
    return tuple(f"{color}:{n}" for color, n in (("blue", r.blue % 3), ("yellow", r.yellow % 3)) if n)


def carded(s: SuitangState) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Each seat holding cards short of the next one up, in seat order, with those cards (kept in the
    state as ``carded`` by the fold of each warning)."""
    return tuple([(seat, cards(s, seat)) for seat, r in s.seats.items() if r.blue % 3 or r.yellow % 3])


def with_cards(s: SuitangState, obs: Observation) -> Observation:
    """``obs`` (a spectator's, the god's) with each seat's cards among its statuses."""
    extra = dict(s.carded)
    if not extra:
        return obs
    return amend(obs, seats=tuple(
        amend(st, statuses=(*st.statuses, *extra[st.seat])) if st.seat in extra else st for st in obs.seats))


def told(s: SuitangState, obs: Observation, seat: int) -> Observation:
    """``obs`` (a seat's, from the shared defaults) with all that suitang21 tells the seat beyond them,
    in one copy: its statuses, the lovers' camp, and what it knows of other seats — its pack (狼人
    each), the identities 犯罪天才 told it, its partner (its identity only under flag B-09) — with
    every seat's cards. Only the seats it knows more of are copied, and the seat list is the same
    tuple while what it knows is (``derive``)."""
    r = s.seats[seat]
    learned: dict[int, tuple[str | None, tuple[str, ...]]] = {}
    if seat in s.teams.get(WOLF_TEAM, ()):
        learned.update({mate: (WEREWOLF, ("packmate",)) for mate in s.teams[WOLF_TEAM] if mate != seat})
    for other, ident in detected(s, seat).items():
        learned[other] = (ident, learned.get(other, (None, ()))[1])
    if r.partner is not None and seat in s.lovers:
        shown = s.seats[r.partner].role if s.flags.get("suitang.lovers_learn_identity") else None
        role, marks = learned.get(r.partner, (None, ()))
        learned[r.partner] = (role or shown, (*marks, "partner"))
    faction = lover_camp(s, seat) or obs.faction
    carded = s.carded
    own = faction if faction != obs.faction else None
    seats = obs.seats if not (learned or carded or own) else \
        derive(_told_seats, obs.seats, seat, tuple(learned.items()), carded, own)
    mine = ("sheriff",) if obs.sheriff == seat else ()
    return amend(obs, statuses=(*mine, *statuses(s, seat, obs.role)), faction=faction, seats=seats)


def _told_seats(seats: Seats, seat: int, learned: tuple[tuple[int, tuple[str | None, tuple[str, ...]]], ...],
                carded: tuple[tuple[int, tuple[str, ...]], ...], faction: str | None) -> Seats:
    """``seats`` with what ``seat`` learned of others (``learned``), every seat's cards, and its own
    told camp (``faction``; None: as dealt)."""
    knows, marked = dict(learned), dict(carded)
    changed = knows.keys() | marked.keys() | ({seat} if faction is not None else set())
    return tuple(_seat(st, knows.get(st.seat), marked.get(st.seat, ()), faction if st.seat == seat else None)
                 if st.seat in changed else st for st in seats)


def _seat(st: SeatStatus, learned: tuple[str | None, tuple[str, ...]] | None, marks: tuple[str, ...],
          faction: str | None) -> SeatStatus:
    """One seat as the viewer knows it: what it learned of it, its cards, the own seat's told camp."""
    role, known = learned or (None, ())
    return amend(st, role=role or st.role, statuses=(*st.statuses, *known, *marks), faction=faction or st.faction)


def detected(s: SuitangState, seat: int) -> dict[int, str]:
    """Identities ``seat`` learned by 犯罪天才: the detective its targets', a target the detective's
    (under flag B-17)."""
    out: dict[int, str] = {}
    for detective, target in s.detected:
        if detective == seat:
            out[target] = s.seats[target].role
        elif target == seat and s.flags.get("suitang.detective_mutual", True):
            out[detective] = s.seats[detective].role
    return out


def lover_camp(s: SuitangState, seat: int) -> str | None:
    """The camp a lover was told (B-09: the lovers' notice), None for a seat that is not a lover."""
    return s.seats[seat].faction if seat in s.lovers else None


def truth(s: SuitangState, status: SeatStatus) -> SeatStatus:
    """The judge's truth of one seat: identity, camp, alive, the judge's cause and the statuses."""
    r = s.seats[status.seat]
    died = s.died_at.get(status.seat)
    extra = tuple(x for x, on in (("lover", status.seat in s.lovers), ("skills_lost", r.skills_lost),
                                  ("elder_life_spent", r.role == ELDER and r.elder_hit)) if on)
    return dataclasses.replace(
        status, alive=r.alive, role=r.role or None, faction=r.faction or None,
        cause=died[2] if died else status.cause, out_day=died[0] if died else status.out_day,
        out_seq=died[1] if died else status.out_seq, statuses=(*status.statuses, *extra))


