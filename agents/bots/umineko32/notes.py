"""What a umineko32 seat has learned: its own strategy notes over the thread, beside what the engine says it knows.

The notes are the shared fold of every bot (``agents.bots.notes.ViewNotes``) with umineko32's
handlers. Two sources, kept apart. The engine's observation of the seat (``Turn.observation``) says who it is
(its role as the judge told it: 共犯 and 见习魔女 included), who is alive and who went out at night,
its chats and their members, whom the rules told it of (the killers named to the accomplice, the
accomplice to the killers) and every result and notice it received (``inbox``): ``Notes.know``
takes those facts as they are, and the notes never re-derive them from announcements. The seat's
own view (``Turn.events``) is its thread: posts, claims, ballots, team chat, its own moves; the notes
fold that, one event at a time, merged in log order with the inbox's results (each result updates
the colours the bot holds at the moment it arrived, so the order of what it learned is the log's).

``Notes.follow(events, obs)`` reads the observation, then folds ``events[seen:]`` and the inbox's
new entries; nothing else writes the notes, and the fold reads nothing but them (and the seed, for
the day's stable noise). So notes built incrementally over a game equal the notes a fresh agent
builds from index 0 of the same view and observation, and a game resumed from its transcript with
fresh agents plays on identically.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from agents.bots.notes import ViewNotes
from agents.bots.rand import key_of
from agents.bots.umineko32.beliefs import EMPTY, Beliefs, behaviour, infer, standing
from agents.bots.umineko32.talk import Said, parse
from engine import events as ev
from engine.observation import Observation, SeatStatus
from engine.public import NIGHT
from engine.rulesets.umineko32.names import (
    ACCOMPLICE,
    AUDITION,
    BARRIER,
    BLACK_COLOR,
    BLADE,
    DETECT,
    DETECTIVE,
    DETECTIVES,
    KILLER,
    KILLERS,
    MARK,
    PROPHECY,
    SUCCESS,
    TELL_NAME,
    THEATERGOER,
    WHITE_COLOR,
    WITCHES,
    Ph,
)

_MASK = (1 << 64) - 1
DAY_STARTS = frozenset({Ph.D1_FREE, Ph.RESTRICTED})
VOTE_HEAT, ACCUSE_HEAT = 4.0, 2.0
"""Suspicion each ballot and each public accusation adds to its target for the rest of the day."""


@dataclass(slots=True)
class Notes(ViewNotes):
    """One seat's knowledge. Public facts, its own secrets, today's talk, and its own last moves."""

    DAY_STARTS: ClassVar[frozenset[str]] = DAY_STARTS
    seats: int = 18
    """The table's size before the view's header says it (the base's field, with umineko32's size)."""
    # what the engine says I know (``know``, beyond the base's role and chats): who is alive, whom I was told of
    alive: set[int] = field(default_factory=set)
    # colours: certain (own results, partner's, teammates), public claims (claimer → results); auditions
    known: dict[int, str] = field(default_factory=dict)
    claims: dict[int, dict[int, str]] = field(default_factory=dict)
    said_white: set[int] = field(default_factory=set)
    pairs: list[tuple[int, int, str, bool]] = field(default_factory=list)
    claimed: dict[int, str] = field(default_factory=dict)
    night_dead: set[int] = field(default_factory=set)
    ver: int = field(default=0, compare=False)
    """Counts changes to what the beliefs rest on, to know when to recompute them: not a fact (a fold
    from index 0 counts fewer)."""
    # detectives
    my_checks: dict[int, str] = field(default_factory=dict)
    shared: set[int] = field(default_factory=set)
    plans: dict[int, int] = field(default_factory=dict)
    # the black side: the accomplice as the judge named it; the killers named to me (the accomplice)
    accomplice: int | None = None
    told: set[int] = field(default_factory=set)
    name_today: int | None = None
    proposal: int | None = None
    # the witch
    prophecy: set[int] = field(default_factory=set)
    marked: set[int] = field(default_factory=set)
    not_commoner: set[int] = field(default_factory=set)
    # the inquisitor (night → target) and the theatergoer (own auditions, in order)
    barriers: dict[int, int] = field(default_factory=dict)
    auditions: list[tuple[int, int, str]] = field(default_factory=list)
    # today's talk (beside the base's ballots) and long-term behaviour
    heat: dict[int, float] = field(default_factory=dict)
    """Today's suspicion of each seat from ballots (``VOTE_HEAT`` each) and accusations (``ACCUSE_HEAT``):
    small whole numbers, exact in any order."""
    voters_on: dict[int, list[int]] = field(default_factory=dict)
    noise: list[float] = field(default_factory=list)  # today's hunch about each seat
    # my own moves in the open phase: turns ended, free actions taken in this turn
    turns: int = 0
    free: set[str] = field(default_factory=set)
    # what is worked out from the facts above, kept until ``ver`` or the day moves (not facts themselves)
    _cache: Beliefs = field(default=EMPTY, compare=False)
    _behaviour: tuple[tuple[int, int], dict[int, float]] = field(default=((-1, -1), {}), compare=False)
    _standing: tuple[tuple[int, int], list[float]] = field(default=((-1, -1), []), compare=False)
    _read: tuple[str, tuple[SeatStatus, ...]] = field(default=("", ()), compare=False, repr=False)
    """The role and seat list ``know`` last read (the engine keeps an unchanged seat list as one tuple)."""

    # -- folding (``ViewNotes.follow``: ``know``, then the handlers below) ------------------------------

    def know(self, obs: Observation) -> None:
        """Take what the engine says the seat knows now: its identity, the living, its chats, the
        accomplice (to the killers) or the killers named to it (the accomplice), the night's outs."""
        ViewNotes.know(self, obs)
        read = (self.role, obs.seats)
        if read[1] is self._read[1] and read[0] == self._read[0]:
            return  # the same seats as last time: the same living, mates and night outs
        self._read = read
        self.alive = set(obs.living())
        told = {s.seat: s.role for s in obs.seats if s.role is not None and s.seat != self.seat}
        self.accomplice = self.seat if self.role == ACCOMPLICE else next(
            (seat for seat, role in told.items() if role == ACCOMPLICE), None)
        self.told = {seat for seat, role in told.items() if role == KILLER} if self.role == ACCOMPLICE else set()
        night = {s.seat for s in obs.seats if not s.alive and s.cause == NIGHT}
        if night != self.night_dead:
            self.night_dead = night
            self.ver += 1  # claims weigh who died at night

    def on_role_dealt(self, e: ev.RoleDealt) -> None:
        if e.seat == self.seat:
            self._know(self.seat, BLACK_COLOR if e.role == KILLER else WHITE_COLOR)

    def on_team_formed(self, e: ev.TeamFormed) -> None:
        if e.team == KILLERS:
            for seat in e.members:
                self._know(seat, BLACK_COLOR)
        elif e.team == DETECTIVES:
            for seat in e.members:
                self._know(seat, WHITE_COLOR)

    def on_team_joined(self, e: ev.TeamJoined) -> None:
        if e.team == KILLERS and e.phase == Ph.NIGHTFALL:  # the accomplice merges: it shows black
            self._know(e.seat, BLACK_COLOR)

    def new_day(self, e: ev.PhaseBegan) -> None:
        """Yesterday's ballots go to the long-term record; today's talk and hunch start afresh."""
        for voter, t in self.ballots.items():
            if t is not None:
                self.voters_on.setdefault(t, []).append(voter)
        ViewNotes.new_day(self, e)
        self.heat, self.name_today = {}, None
        self.noise = _hunch(key_of(self.seed, self.seat, e.number, "noise"), self.seats)

    def new_phase(self, e: ev.PhaseBegan) -> None:
        if e.name == Ph.NIGHT:
            self.proposal, self.plans = None, {}
        self.turns, self.free = 0, set()

    def wrote(self, e: ev.Posted) -> None:
        self._end_turn()

    def on_post_withheld(self, e: ev.PostWithheld) -> None:
        if e.reason != "curfew":
            self._end_turn()

    def on_passed(self, e: ev.Passed) -> None:
        if e.seat == self.seat:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.free = set()

    def read(self, seat: int, text: str) -> None:
        """A public post or published last words: claims, and accusations (today's heat)."""
        said = parse(text)
        if said.claim:
            self._read_claim(seat, said)
        if said.accused:
            heat = self.heat
            for target in said.accused:
                if target != seat and 1 <= target <= self.seats:
                    heat[target] = heat.get(target, 0.0) + ACCUSE_HEAT

    def _read_claim(self, seat: int, said: Said) -> None:
        if said.role is not None and self.claimed.get(seat) != said.role:
            self.claimed[seat] = said.role
            self.ver += 1
            if said.role == DETECTIVE and self.role == DETECTIVE and seat not in self.teams.get(DETECTIVES, ()):
                self._know(seat, BLACK_COLOR)  # I know both detectives: any other claimant lies
        if said.checks and self.claimed.get(seat) == DETECTIVE:
            results = self.claims.setdefault(seat, {})
            for target, colour in said.checks:
                if not 1 <= target <= self.seats:
                    continue  # text is data: a seat that does not exist is ignored
                if results.get(target) != colour:
                    results[target] = colour
                    self.ver += 1
                if colour == WHITE_COLOR:
                    self.said_white.add(target)
        if said.pairs and self.claimed.get(seat) == THEATERGOER:
            for a, b, r in said.pairs:
                if 1 <= a <= self.seats and 1 <= b <= self.seats and a != b and (a, b, r, False) not in self.pairs:
                    self.pairs.append((a, b, r, False))
                    self.ver += 1

    def on_team_posted(self, e: ev.TeamPosted) -> None:
        said = parse(e.text)
        if e.seat == self.seat:
            self.free.add("team_post:" + e.team)
        if e.team == DETECTIVES:
            for target, colour in said.checks:
                if e.seat == self.seat:
                    self.shared.add(target)
                elif 1 <= target <= self.seats:
                    self._know(target, colour)
            if said.plan is not None:
                self.plans[e.seat] = said.plan
        elif e.team == KILLERS and said.blade is not None and self.phase == Ph.NIGHT:
            self.proposal = said.blade

    def ballot(self, e: ev.VoteCast, old: int | None) -> None:
        """A ballot's heat on its target, taken off the voter's earlier target today (the count of
        ballots on a seat is read from ``ballots`` where it is wanted: ``votes_on``)."""
        heat, target = self.heat, e.target
        if old is not None:
            heat[old] -= VOTE_HEAT
        if target is not None:
            heat[target] = heat.get(target, 0.0) + VOTE_HEAT

    def on_skill_submitted(self, e: ev.SkillSubmitted) -> None:
        target = e.targets[0] if e.targets else 0
        if e.skill == TELL_NAME:
            self.name_today = target
            if e.seat == self.seat:
                self.free.add("skill:" + TELL_NAME)
        elif e.skill == BLADE and self.phase == Ph.NIGHT and e.seat != self.seat:
            self.proposal = target
        elif e.skill == BARRIER and e.seat == self.seat:
            self.barriers[self.day] = target

    def on_feedback(self, e: ev.Feedback) -> None:
        if e.skill == DETECT:
            self.my_checks[e.targets[0]] = e.result
            self._know(e.targets[0], e.result)
        elif e.skill == AUDITION:
            a, b = e.targets
            self.auditions.append((a, b, e.result))
            self.pairs.append((a, b, e.result, True))
            self.ver += 1
        elif e.skill == MARK:
            (self.marked if e.result == SUCCESS else self.not_commoner).add(e.targets[0])
        elif e.skill == PROPHECY:
            self.prophecy.update(e.targets)

    def on_notice(self, e: ev.Notice) -> None:
        """A notice's colours: the accomplice knows the killers named to it are black."""
        if e.topic == "promotion" and int(e.data["accomplice"]) == self.seat:
            name = e.data.get("killer_name")
            if name is not None:
                self._know(int(name), BLACK_COLOR)
        elif e.topic == "killer_name":
            for seat in e.seats:
                self._know(seat, BLACK_COLOR)

    def on_last_words(self, e: ev.LastWords) -> None:
        if e.published:
            self.read(e.seat, e.text)

    def _know(self, seat: int, colour: str) -> None:
        if self.known.get(seat) != colour:
            self.known[seat] = colour
            self.ver += 1

    # -- reading ---------------------------------------------------------------------------------

    def votes_on(self, target: int) -> int:
        """Today's ballots on ``target`` (each voter's latest)."""
        return list(self.ballots.values()).count(target)

    def my_team(self, team: str) -> frozenset[int]:
        return self.teams.get(team, frozenset())

    def black_side(self) -> bool:
        return self.role == KILLER or self.role == ACCOMPLICE

    def allies(self) -> set[int]:
        """Seats I will not vote, blade or accuse: teammates, the accomplice, my witch circle."""
        out = set(self.teams.get(KILLERS, ())) if self.black_side() else set()
        if self.role == ACCOMPLICE:
            out |= self.told
        if self.accomplice is not None and self.black_side():
            out.add(self.accomplice)
        if self.seat in self.teams.get(WITCHES, ()):
            out |= self.teams[WITCHES]
        out.add(self.seat)
        return out

    def colours(self) -> dict[int, tuple[str, bool]]:
        """Each seat's colour as I believe it: (colour, certain), spread along audition pairs."""
        return self.beliefs().colours

    def public(self) -> dict[int, str]:
        """The colours the detective claims I trust (see ``trusted_claims``)."""
        return self.beliefs().public

    def beliefs(self) -> Beliefs:
        """Colours, trusted claims and 异 seats (``beliefs``), recomputed only when the
        notes they rest on change, or the day (whose hunch orders the claimers)."""
        if self._cache.stamp != (self.ver, self.day):
            self._cache = infer(self)
        return self._cache

    def behaviour(self) -> dict[int, float]:
        """Suspicion earned by past ballots, recomputed when beliefs change or a day's votes close."""
        stamp = (self.ver, self.day)
        if self._behaviour[0] != stamp:
            self._behaviour = (stamp, behaviour(self.beliefs().colours, self.voters_on))
        return self._behaviour[1]

    def standing(self) -> list[float]:
        """Each seat's standing suspicion for the day, recomputed as ``behaviour`` is."""
        stamp = (self.ver, self.day)
        if self._standing[0] != stamp:
            self._standing = (stamp, standing(self))
        return self._standing[1]


def _hunch(k: int, seats: int) -> list[float]:
    """A stable hunch in [0, 1) about every seat from one key: one multiply per seat."""
    return [((((k ^ (t * 0x9E3779B97F4A7C15)) * 0xD6E8FEB86659FD93) & _MASK) >> 40) / (1 << 24)
            for t in range(seats + 1)]

