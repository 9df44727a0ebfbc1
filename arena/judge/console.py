"""The judge console: a judge scenario (``shared/rules/SCENARIOS.md``) settled by the rules engine
(``arena judge FILE``: ``arena.cli.judge``).

The game is driven phase by phase with ``auto`` off. For each step the judge closes phases
(``advance``: unanswered seats take the rules' defaults) until the step's phase is open, applies
its actions in order, and, for a day, moves on to the vote and casts the ballots in order. A
reactive question (the witch's castling…) is answered from the step's ``choices`` when it opens.
After the last step, the judge runs that step's resolution to its end: a night through settlement,
dawn and last words; a day through the vote's resolution. Speech phases are opened to every seat
at once (option ``floor: open``), as on the forum, so posts are applied in the order given.

An illegal action stops the run with exit status 2, naming the step, the seat and the engine's
reason; no outcome is printed. A ballot that the rules count as void rather than refuse (a
malformed one, a change beyond the limit) is not an illegal action: the settlement records it
(``arena.judge.void_ballots``). A scenario that cannot be run (shape, roster, names) also exits 2.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from arena.judge.scenario import (
    ActionEntry,
    ChoiceEntry,
    DayStep,
    LastWordsEntry,
    NightStep,
    Scenario,
    ScenarioError,
    Schedule,
    schedule_of,
    seat_count,
    step_label,
    step_position,
)
from arena.judge.void_ballots import record, void_kind
from engine import events as ev
from engine.actions import Action, Choose, Post, SubmitLastWords, UseSkill, Vote
from engine.errors import EngineError
from engine.flags import resolve_flags
from engine.game import Game
from engine.narrate import Names, narrate
from engine.ruleset import Ruleset, SeatSetup

MAX_CLOSES = 500
"""Phases closed in a row while looking for a step's phase (a guard against a rules bug)."""

Step = NightStep | DayStep


class StepError(Exception):
    """A step the engine refused: which step, which seat, and the engine's reason."""

    def __init__(self, index: int, step: Step, seat: int | None, why: str) -> None:
        who = f", seat {seat}" if seat is not None else ""
        super().__init__(f"steps[{index}] ({step_label(step)}){who}: {why}")


# -- driving the engine ----------------------------------------------------------------------------


@dataclass
class Judged:
    """A settled scenario: the game, its rule set and schedule, and notes for the judge."""

    game: Game
    ruleset: Ruleset
    schedule: Schedule
    notes: list[str] = field(default_factory=list)


@dataclass
class Answers:
    """One step's ``choices``, given out as the engine asks its questions."""

    index: int
    step: Step
    left: list[ChoiceEntry]
    words: list[LastWordsEntry] = field(default_factory=list)

    def give(self, judged: Judged) -> None:
        """Answer every open question that one of the choices answers, and leave the step's last words
        where a window for them is open."""
        game, skills = judged.game, judged.ruleset.skill_names
        for seat in game.waiting():
            entry = next((w for w in self.words if w.seat == seat), None)
            if entry is not None and any(legal.kind == "last_words" for legal in game.legal(seat) or ()):
                self.words.remove(entry)
                submit(judged, self.index, self.step, SubmitLastWords(seat=seat, text=entry.text))
                continue
            for legal in game.legal(seat) or ():
                choice = next((c for c in self.left if c.seat == seat and legal.kind == "choose"
                               and skills.id(c.skill) == legal.skill), None)
                if choice is not None:
                    self.left.remove(choice)
                    action = Choose(seat=seat, skill=choice.skill, use=choice.use, targets=tuple(choice.targets))
                    submit(judged, self.index, self.step, action)
                    break

    def unasked(self) -> list[str]:
        return [f"steps[{self.index}] ({step_label(self.step)}): seat {c.seat}'s choice {c.skill} was never asked; "
                "it was ignored" for c in self.left] + [
            f"steps[{self.index}] ({step_label(self.step)}): seat {w.seat}'s last words had no window; ignored"
            for w in self.words]


def settle(scenario: Scenario, ruleset: Ruleset) -> Judged:
    """Play the scenario's steps through the engine and run the last one's resolution to its end."""
    judged = Judged(_new_game(scenario, ruleset), ruleset, schedule_of(ruleset))
    _seat_options(judged, scenario)
    answers: Answers | None = None
    for index, step in enumerate(scenario.steps):
        judged.game.with_pins({**judged.game.pins, **step.draws})
        reach(judged, step_position(judged.schedule, step), index, step, answers)
        if answers is not None:
            judged.notes.extend(answers.unasked())
        answers = Answers(index, step, list(step.choices), list(step.last_words))
        if judged.schedule.apply is not None:
            judged.schedule.apply(judged, index, step, answers)
        elif judged.schedule.windows:
            by_window(judged, index, step, answers)
        else:
            _apply(judged, index, step, answers)
    if answers is not None:
        reach(judged, _end_of(judged.schedule, answers.step), answers.index, answers.step, answers, finish=True)
        judged.notes.extend(answers.unasked())
    if judged.schedule.closing is not None:
        judged.notes.extend(judged.schedule.closing(judged))
    judged.notes.extend(f"draws: {name}={value!r} was not used (no such draw happened, or it was not a possible "
                        "outcome)" for name, value in judged.game.pins.items())
    if judged.schedule.note_defaults:
        judged.notes.extend(default_notes(judged))
    judged.notes.extend(_drawn_defaults(judged))
    return judged


def default_notes(judged: Judged) -> list[str]:
    """A note for each default the engine took: a question left unanswered, a draw left to chance."""
    events, skills = judged.game.events, judged.ruleset.skill_names
    out = []
    for e, when in zip(events, judged.schedule.periods(events), strict=True):
        if isinstance(e, ev.ChoiceMade) and e.default:
            out.append(f"{when}: seat {e.seat} did not answer {skills.zh(e.skill)}; the rules' default was taken "
                       "(add a choice to the step to decide it)")
        elif isinstance(e, ev.Draw) and not e.pinned and e.name in judged.schedule.draws:
            out.append(f"{when}: {e.name} was drawn at random: {e.result} (pin it with \"draws\")")
    return out


def _drawn_defaults(judged: Judged) -> list[str]:
    """A note for each decision the scenario left to a random default (``Schedule.noted_draws``)."""
    noted, when = judged.schedule.noted_draws, judged.schedule.when
    return [f"{when(e.phase, e.day)}: {e.name} was not given; the rules' default drew {e.result} at random "
            f"(pin it with \"draws\": {{\"{e.name}\": ...}})"
            for e in _of(judged.game.events, ev.Draw) if e.name in noted and not e.pinned]


def _new_game(scenario: Scenario, ruleset: Ruleset) -> Game:
    try:
        flags = resolve_flags(ruleset.flags, scenario.flags)
    except EngineError as err:
        raise ScenarioError(f"flags: {err}") from None
    seating = [SeatSetup(e.seat, e.role, e.alias, _setup_options(e)) for e in scenario.seats]
    options: dict[str, Any] = {"discipline": scenario.discipline, "floor": "open"}
    if schedule_of(ruleset).sizes:
        options["size"] = seat_count(scenario, ruleset)
    try:
        return ruleset.new_game(scenario.seed, flags=flags, seating=seating, options=options, auto=False)
    except EngineError as err:
        raise ScenarioError(f"setup: {err}") from None


def _setup_options(entry: Any) -> dict[str, Any]:
    """A seat's fixed setup data other than role and alias (majiasha2's faction and 马甲 number)."""
    return {key: value for key in ("faction", "majia") if (value := getattr(entry, key)) is not None}


def _seat_options(judged: Judged, scenario: Scenario) -> None:
    """Per-seat setup options (a 平民's belief) are the seat's setup choices, made before night 0."""
    for entry in scenario.seats:
        for option, (skill, _) in judged.schedule.seat_options.items():
            value = getattr(entry, option)
            if value is not None:
                try:
                    judged.game.submit(Choose(seat=entry.seat, skill=skill, use=bool(value)))
                except EngineError as err:
                    raise ScenarioError(f"seats: seat {entry.seat}'s {option!r}: {err}") from None


def _end_of(schedule: Schedule, step: Step) -> tuple[int, int]:
    """Where the resolution of ``step`` ends: the next day's first phase, or the night after a day
    (night N is followed by day N where night comes first, ``Schedule.night_first``, else by day N+1)."""
    first = 1 if schedule.night_first else 0
    if isinstance(step, NightStep):
        day = step.night + 1 - first
        return schedule.at(schedule.day_first(day), day)
    return schedule.at(schedule.night, step.day + first)


def reach(judged: Judged, target: tuple[int, int], index: int, step: Step, answers: Answers | None,
          *, finish: bool = False) -> None:
    """Close phases until the game stands at ``target``, answering questions on the way."""
    game, schedule = judged.game, judged.schedule
    for _ in range(MAX_CLOSES):
        if game.over:
            if finish:
                return
            raise StepError(index, step, None, f"the game is already over ({_ending(judged)}); remove this step")
        here = schedule.position(game.state)
        if here == target:
            return
        if here > target:
            raise StepError(index, step, None, f"the game passed day {target[0]} without the phase this step "
                                               f"needs (now: {game.state.phase} of day {game.state.day})")
        if answers is not None:
            answers.give(judged)
        game.advance()
    raise RuntimeError(f"{MAX_CLOSES} phases closed without reaching day {target[0]}: a rules bug?")


def _ending(judged: Judged) -> str:
    end = next(e for e in reversed(judged.game.events) if isinstance(e, ev.GameEnded))
    won = "、".join(judged.ruleset.faction_names.zh(w) for w in end.winners)
    return f"it ended on {judged.schedule.when(end.phase, end.day)}, won by {won}"


def _apply(judged: Judged, index: int, step: Step, answers: Answers) -> None:
    deferred = _actions(judged, index, step, step.actions)
    for action in deferred:
        _reach_window(judged, action)
        submit(judged, index, step, action)
    _give_cards(judged, index, step)
    answers.give(judged)
    if isinstance(step, DayStep) and step.votes:
        reach(judged, judged.schedule.at(judged.schedule.vote, step.day), index, step, answers)
        for vote in step.votes:
            cast(judged, index, step, Vote(seat=vote.seat, target=vote.target, reason=vote.reason))
    if isinstance(step, DayStep):
        _apply_stages(judged, index, step, answers)


def _actions(judged: Judged, index: int, step: Step, entries: list[ActionEntry]) -> list[Action]:
    """Submit the entries in order; a night action that a later window of the same night offers
    (``Schedule.later``) is returned instead, to be submitted there."""
    deferred: list[Action] = []
    for entry in entries:
        try:
            action: Action = (UseSkill(seat=entry.seat, skill=entry.skill, targets=tuple(entry.targets))
                              if entry.skill is not None else Post(seat=entry.seat, text=entry.post or "", blue=entry.blue))
        except ValidationError as err:
            raise StepError(index, step, entry.seat, err.errors()[0]["msg"]) from None
        if isinstance(step, NightStep) and judged.schedule.later and not _offered(judged, action):
            deferred.append(action)
            continue
        submit(judged, index, step, action)
    return deferred


def _apply_stages(judged: Judged, index: int, step: DayStep, answers: Answers) -> None:
    """A day of several vote stages (``stage_votes``, ``stage_actions``): each stage's privileges, then
    its ballots, in stage order; the stages in between close by themselves."""
    for number in sorted(set(step.stage_votes) | set(step.stage_actions)):
        reach(judged, judged.schedule.at(judged.schedule.stages[number], step.day), index, step, answers)
        _actions(judged, index, step, step.stage_actions.get(number, []))
        for vote in step.stage_votes.get(number, []):
            cast(judged, index, step, Vote(seat=vote.seat, target=vote.target, reason=vote.reason))


def _offered(judged: Judged, action: Action) -> bool:
    """Whether the open window offers ``action``'s skill to its seat (an unknown name: let the engine say)."""
    if not isinstance(action, UseSkill):
        return True
    try:
        skill = judged.ruleset.skill_names.id(action.skill)
    except EngineError:
        return True
    return any(legal.kind == "skill" and legal.skill == skill for legal in judged.game.legal(action.seat) or ())


def _reach_window(judged: Judged, action: Action) -> None:
    """Close windows of the same night step (``Schedule.later``) until one offers ``action``."""
    game = judged.game
    while not game.over and not _offered(judged, action) and game.state.phase not in judged.schedule.later:
        game.advance()


def _give_cards(judged: Judged, index: int, step: Step) -> None:
    """The judge's cards of this step, given through the rule set (``Schedule.cards``)."""
    give = judged.schedule.cards
    for card in step.cards:
        if give is None:
            raise StepError(index, step, card.seat, f"{judged.ruleset.id} has no cards")
        try:
            give(judged.game, card.seat, card.card, card.reason)
        except ValueError as err:
            raise StepError(index, step, card.seat, str(err)) from None


def cast(judged: Judged, index: int, step: Step, vote: Vote) -> None:
    """Cast one ballot as it was posted: one that the rules count as void (``Schedule.void_ballots``:
    a malformed ballot, a change beyond the limit) is recorded as such (``arena.judge.void_ballots``);
    any other refusal stops the scenario as an illegal action."""
    refusal = judged.game.refusal(vote)
    kind = void_kind(judged.schedule.void_ballots, refusal)
    if refusal is not None and kind is not None:
        record(judged.game, vote, refusal, kind)
        return
    submit(judged, index, step, vote)


def submit(judged: Judged, index: int, step: Step, action: Action) -> None:
    """Submit one action; the engine's refusal becomes a ``StepError`` for this step and seat."""
    try:
        judged.game.submit(action)
    except EngineError as err:
        raise StepError(index, step, action.seat, str(err)) from None


# -- steps whose actions fall in several windows (``Schedule.windows``) ----------------------------


def by_window(judged: Judged, index: int, step: Step, answers: Answers) -> None:
    """Apply one step of a rule set whose night step holds several windows (majiasha2's night 0: the
    arrow, the elections, the appointments; night N: steps 1 to 5): each skill in the window it is
    offered in (``Schedule.windows``), moving forward through the phases (unanswered seats take the
    rules' defaults), so the actions are listed in that order; a confirmation (a skill whose window
    is "") applies in the window of the seat's last action; night 0's ballots in ``setup_votes``
    (after the actions of the windows before it), a day's after its actions in the vote."""
    schedule = judged.schedule
    if isinstance(step, NightStep):
        n, actions = step.night, list(step.actions)
        if n == 0 and schedule.setup_votes:
            votes_at = window_position(judged, schedule.setup_votes, 0)
            early = [a for a in actions if (w := _window_of(judged, a)) and window_position(judged, w, 0) < votes_at]
            _in_windows(judged, index, step, answers, early, n)
            _ballots(judged, index, step, answers, schedule.setup_votes, 0, step.votes)
            actions = [a for a in actions if a not in early]
        _in_windows(judged, index, step, answers, actions, n)
    else:
        for entry in step.actions:
            action: Action = Post(seat=entry.seat, text=entry.post) if entry.post is not None else \
                UseSkill(seat=entry.seat, skill=entry.skill or "", targets=tuple(entry.targets))
            submit(judged, index, step, action)
        _ballots(judged, index, step, answers, schedule.vote, step.day, step.votes)
    answers.give(judged)


def window_position(judged: Judged, phase: str, day: int) -> tuple[int, int, int]:
    """Where ``phase`` of ``day`` stands: (day, rank, its place in the timetable), so that windows
    sharing a rank (night 0's) are still ordered."""
    return day, judged.schedule.rank_of[phase], list(judged.schedule.rank_of).index(phase)


def _window_of(judged: Judged, entry: Any) -> str:
    """The window of an entry's skill ("" for a post, a confirmation or a skill of no window)."""
    return judged.schedule.windows.get(judged.ruleset.skill_names.id(entry.skill), "") if entry.skill else ""


def _in_windows(judged: Judged, index: int, step: NightStep, answers: Answers, entries: list[Any], n: int) -> None:
    skills = judged.ruleset.skill_names
    for entry in entries:
        if entry.skill is None:
            raise StepError(index, step, entry.seat, "a night holds skills, not posts; move the post to a day")
        skill = skills.id(entry.skill)
        window = judged.schedule.windows.get(skill)
        if window is None:
            raise StepError(index, step, entry.seat, f"{skills.zh(skill)} is not a night skill")
        if window:
            _reach_in(judged, index, step, answers, window, n, entry.seat)
        submit(judged, index, step, UseSkill(seat=entry.seat, skill=entry.skill, targets=tuple(entry.targets)))


def _ballots(judged: Judged, index: int, step: Step, answers: Answers, phase: str, day: int,
             votes: list[Any]) -> None:
    if votes:
        _reach_in(judged, index, step, answers, phase, day, votes[0].seat)
        for vote in votes:
            submit(judged, index, step, Vote(seat=vote.seat, target=vote.target, reason=vote.reason))


def _reach_in(judged: Judged, index: int, step: Step, answers: Answers, phase: str, day: int, seat: int) -> None:
    """Close windows until ``phase`` of ``day`` is open; an error names the step and seat if it is past."""
    target, rank = window_position(judged, phase, day), judged.schedule.rank
    for _ in range(MAX_CLOSES):
        game = judged.game
        if game.over:
            raise StepError(index, step, seat, "the game ended before this action's window")
        state = game.state
        here = (int(state.day), rank(state), list(judged.schedule.rank_of).index(state.phase))
        if here == target:
            return
        if here > target:
            raise StepError(index, step, seat, f"the window {phase} of day {day} is not open here (now "
                                               f"{state.phase} of day {state.day}): list the actions "
                                               "in the order of the night steps, or the row has no such step")
        answers.give(judged)
        game.advance()
    raise RuntimeError("the judge closed too many windows: a rules bug?")


# -- the outcome (SCENARIOS.md, --json) ------------------------------------------------------------


def standing(judged: Judged) -> dict[str, Any]:
    """Where the game stands at the end: over or not, winners, the living, every seat's identity."""
    game, names = judged.game, judged.ruleset
    roles, factions = identities(game.events)
    return {
        "ruleset": names.id,
        "ended": game.over,
        "winners": [names.faction_names.zh(w) for w in game.winners],
        "alive": living(game, roles),
        "roles": {str(s): names.role_names.zh(r) for s, r in sorted(roles.items())},
        "factions": {str(s): names.faction_names.zh(f) for s, f in sorted(factions.items())},
    }


def living(game: Game, roles: dict[int, str]) -> list[int]:
    """The seats alive at the end: the kernel's seat records where the state keeps them (a revived
    seat lives again), else every seat without a death on record."""
    pieces = getattr(game.state, "seats", None)
    if isinstance(pieces, dict):
        return sorted(seat for seat, piece in pieces.items() if getattr(piece, "alive", False))
    dead = {e.seat for e in _of(game.events, ev.Died)}
    return sorted(set(roles) - dead)


def outcome(judged: Judged) -> dict[str, Any]:
    """The outcome object, with exactly the keys SCENARIOS.md lists."""
    events, names, when = judged.game.events, judged.ruleset, judged.schedule.when
    return {
        **standing(judged),
        "deaths": [{"seat": e.seat, "when": when(e.phase, e.day), "cause": names.skill_names.zh(e.cause)}
                   for e in _of(events, ev.Died)],
        "voted_out": [{"day": e.day, "seat": seat, "died": seat in e.died}
                      for e in _of(events, ev.VoteResult) for seat in e.seats],
        "feedback": [{"seat": e.seat, "when": when(e.phase, e.day), "skill": names.skill_names.zh(e.skill),
                      "targets": list(e.targets), "result": e.result} for e in _of(events, ev.Feedback)],
        "announcements": announcements(judged),
        "events": ev.EVENTS_ADAPTER.dump_python(events, mode="json"),
    }


def _of(events: Iterable[ev.Event], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def identities(events: Iterable[ev.Event]) -> tuple[dict[int, str], dict[int, str]]:
    """Every seat's role and faction at the end of the log."""
    roles: dict[int, str] = {}
    factions: dict[int, str] = {}
    for e in events:
        if isinstance(e, ev.RoleDealt | ev.RoleChanged):
            roles[e.seat], factions[e.seat] = e.role, e.faction
    return roles, factions


PUBLIC_JUDGE_POSTS = ev.JUDGE_POSTS
"""Event kinds that are the judge's public posts: the ``announcements`` of the outcome."""


def announcements(judged: Judged) -> list[dict[str, str]]:
    """The judge's public posts (deaths, vote results, warnings, the end), as the thread shows them."""
    names, events = Names.from_ruleset(judged.ruleset), judged.game.events
    return [{"when": when, "text": narrate(e, names) or ""}
            for e, when in zip(events, judged.schedule.periods(events), strict=True) if e.kind in PUBLIC_JUDGE_POSTS]


# -- the readable settlement (without --json) -------------------------------------------------------

SHOWN = PUBLIC_JUDGE_POSTS | {
    "skill_submitted", "vote_cast", "posted", "post_withheld", "question", "choice_made", "resolved",
    "role_changed", "died", "feedback", "notice", "team_joined", "win_latched",
}
"""Event kinds a judge's settlement shows (and the draws a scenario pinned); phase banners, turn
orders and the deal are left out."""


def _shown(e: ev.Event) -> bool:
    return e.kind in SHOWN or (isinstance(e, ev.Draw) and e.pinned)


def narrate_settlement(judged: Judged) -> str:
    """A judge's post per day and night, in Chinese (the god view, seats by number), then where the
    game stands."""
    names, events = Names.from_ruleset(judged.ruleset), judged.game.events
    sections: dict[str, list[str]] = {}
    for e, when in zip(events, judged.schedule.periods(events), strict=True):
        if _shown(e) and (line := narrate(e, names, god=True)) is not None:
            sections.setdefault(when, []).append(line)
    parts = ["\n".join([_title(label), *(f"  {line}" for line in lines)]) for label, lines in sections.items()]
    return "\n\n".join([*parts, _summary(judged)])


def _title(when: str) -> str:
    kind, number = when.split()
    return "【开局】" if when == "night 0" else f"【第{number}{'夜' if kind == 'night' else '天'}】"


def _summary(judged: Judged) -> str:
    now = standing(judged)
    alive = "、".join(f"{seat}号" for seat in now["alive"]) or "无"
    lines = ["【局面】", f"  存活：{alive}"]
    lines += [f"  {seat}号 {role}（{now['factions'][seat]}）" + ("" if int(seat) in now["alive"] else "，已死亡")
              for seat, role in now["roles"].items()]
    won = "、".join(now["winners"])
    lines.append(f"  结果：游戏结束，{won}胜利。" if now["ended"] else "  结果：游戏继续。")
    return "\n".join(lines)
