"""Judge scenarios (``shared/rules/SCENARIOS.md``): the file format, loading, and its checks.

A scenario is read in two passes. The pydantic models check its shape, and their errors name the
field (``steps[1].actions[0].targets``). Then ``check`` holds it against the rule set: the roster,
every role, skill, seat and draw name, and the order of the steps. Either pass raises
``ScenarioError``, whose message says what is wrong and what to do.

``Schedule`` says where a step falls among a rule set's phases, so that the judge can drive any
rule set that has one.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError, model_validator

from engine.errors import UnknownName
from engine.ruleset import Ruleset
from engine.table import TableRuleset


class ScenarioError(ValueError):
    """A scenario that cannot be run as written; the message says what is wrong and what to do."""


# -- the file format -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatEntry(_Model):
    """One seat of the roster: its role, and optionally its alias and per-role setup options."""

    seat: int = Field(ge=1)
    role: str
    alias: str | None = None
    believes: bool | None = None
    faction: str | None = None
    """majiasha2: the seat's general faction (A, B or C)."""
    majia: int | None = Field(default=None, ge=1)
    """majiasha2: the seat's 马甲 number (default: the seat's own number; a seat is a 角色)."""


class ActionEntry(_Model):
    """A skill with its targets, or a public post (``blue``: a counted reasoning post, 蓝字)."""

    seat: int = Field(ge=1)
    skill: str | None = None
    targets: list[int] = []
    post: str | None = Field(default=None, min_length=1)
    blue: bool = False

    @model_validator(mode="after")
    def _one_kind(self) -> ActionEntry:
        if (self.skill is None) == (self.post is None):
            raise ValueError('an action is either a skill ("skill" and "targets") or a post ("post": its text)')
        if self.post is None and self.blue:
            raise ValueError('"blue" marks a post; give "post" with the text')
        return self


class VoteEntry(_Model):
    """A ballot; a null target abstains. Later entries of the same seat change its vote."""

    seat: int = Field(ge=1)
    target: int | None
    reason: str = ""


class LastWordsEntry(_Model):
    """Last words an out seat leaves (or, where the rules give it, a killer's redaction of them)."""

    seat: int = Field(ge=1)
    text: str = Field(min_length=1)


class ChoiceEntry(_Model):
    """The answer to a reactive question: yes/no (``use``) or a choice of seats (``targets``)."""

    seat: int = Field(ge=1)
    skill: str
    use: bool | None = None
    targets: list[int] = []

    @model_validator(mode="after")
    def _one_answer(self) -> ChoiceEntry:
        if (self.use is None) == (not self.targets):
            raise ValueError('a choice answers with "use" (true/false) or with "targets", not both or neither')
        return self


class CardEntry(_Model):
    """A card the judge gives (rule sets with cards: suitang21's 蓝牌/黄牌/红牌)."""

    seat: int = Field(ge=1)
    card: str
    reason: str = "judge"


class NightStep(_Model):
    """The night actions of night N (night 0: the setup), its answers, pinned draws and cards."""

    night: int = Field(ge=0)
    actions: list[ActionEntry] = []
    votes: list[VoteEntry] = []
    """Night-time ballots where a rule set has them (majiasha2: the elder elections of night 0)."""
    choices: list[ChoiceEntry] = []
    last_words: list[LastWordsEntry] = []
    draws: dict[str, Any] = {}
    cards: list[CardEntry] = []


class DayStep(_Model):
    """Day N's day-time actions and posts, its votes in the order cast, its answers and draws."""

    day: int = Field(ge=1)
    actions: list[ActionEntry] = []
    votes: list[VoteEntry] = []
    choices: list[ChoiceEntry] = []
    last_words: list[LastWordsEntry] = []
    draws: dict[str, Any] = {}
    cards: list[CardEntry] = []
    stage_votes: dict[int, list[VoteEntry]] = {}
    """Where a rule set's day has several vote stages (qijian24): each stage's ballots, in the order cast."""
    stage_actions: dict[int, list[ActionEntry]] = {}
    """Day privileges used in a given vote stage, before its ballots (qijian24's 免投杀, 免最高票)."""


def _step_kind(value: Any) -> str | None:
    if isinstance(value, Mapping):
        return "night" if "night" in value else "day" if "day" in value else None
    return "night" if isinstance(value, NightStep) else "day" if isinstance(value, DayStep) else None


Step = Annotated[
    Annotated[NightStep, Tag("night")] | Annotated[DayStep, Tag("day")],
    Discriminator(_step_kind, custom_error_type="step_kind",
                  custom_error_message='a step needs "night": N or "day": N'),
]


class Scenario(_Model):
    """A whole scenario file."""

    ruleset: str
    title: str = ""
    seed: int = 0
    flags: dict[str, Any] = {}
    discipline: bool | list[str] = False
    seats: list[SeatEntry]
    steps: list[Step] = []


def step_label(step: NightStep | DayStep) -> str:
    """``night 2`` or ``day 3``, as outputs and messages name a step."""
    return f"night {step.night}" if isinstance(step, NightStep) else f"day {step.day}"


# -- loading ---------------------------------------------------------------------------------------


def load(path: Path) -> Scenario:
    """Read and validate a scenario file (JSON; YAML too when PyYAML is importable)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ScenarioError(f"cannot read the scenario: {err.strerror or err}; give the path of a JSON file") from None
    data = _parse_yaml(text, path) if path.suffix.lower() in (".yaml", ".yml") else _parse_json(text)
    return parse(data)


def parse(data: Any) -> Scenario:
    """Validate already-parsed data as a scenario; errors name each field that is wrong."""
    try:
        return Scenario.model_validate(data)
    except ValidationError as err:
        lines = [f"  {_where(e['loc'])}: {e['msg']}" for e in err.errors()]
        raise ScenarioError("the scenario does not have the shape of SCENARIOS.md:\n" + "\n".join(lines)) from None


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ScenarioError(f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}; "
                            "fix the file (see SCENARIOS.md for the format)") from None


def _parse_yaml(text: str, path: Path) -> Any:
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        raise ScenarioError(f"{path.name} is YAML but PyYAML is not installed; install pyyaml or give the "
                            "scenario as JSON") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise ScenarioError(f"not valid YAML: {err}") from None


def _where(loc: tuple[int | str, ...]) -> str:
    """``steps[1].actions[0].targets`` from a pydantic error location (the step-kind tag dropped)."""
    parts = list(loc)
    if len(parts) > 2 and parts[0] == "steps" and parts[2] in ("night", "day"):
        del parts[2]
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out or "(top level)"


# -- where a step falls: a rule set's schedule -----------------------------------------------------


@dataclass(frozen=True)
class Schedule:
    """A rule set's phases as a judge scenario sees them.

    ``rank`` orders the phases inside one game day; a position is ``(day, rank)``. Steps land on
    ``night`` (night N), ``setup`` (night 0), ``day_first(N)`` (day actions) and ``vote``.
    """

    setup: str
    night: str
    vote: str
    first_vote_day: int
    day_first: Callable[[int], str]
    rank: Callable[[Any], int]
    rank_of: Mapping[str, int]
    night_phases: frozenset[str]
    asides: frozenset[str]
    """Phases that belong to whatever day or night they interrupt (the witch's castling question)."""
    draws: frozenset[str]
    seat_options: Mapping[str, tuple[str, tuple[str, ...]]]
    """A seat's setup option → (the setup choice it answers, the roles that have it)."""
    later: frozenset[str] = frozenset()
    """Windows after ``night`` that belong to the same night step (suitang21's witch, who acts once
    told the kill): a night action not offered in the first window waits for one of these."""
    cards: Callable[[Any, int, str, str], None] | None = None
    """How the rule set gives a judge's card (game, seat, card, reason); None: it has no cards."""
    note_defaults: bool = False
    """Whether the closing notes name each default the engine took (an unanswered question, an
    unpinned random draw among ``draws``), as a judge's settlement should."""
    sizes: tuple[int, ...] = ()
    """Player counts a rule set of variable size plays; the scenario's roster then sets the count."""
    roster: Callable[[int], Mapping[str, int]] | None = None
    """For a variable size: the role counts the roster of ``n`` seats must hold."""
    apply: Callable[..., None] | None = None
    """A rule set's own step driver ``apply(judged, index, step, answers)``, where one step's actions
    fall in several phases (majiasha2's night steps); None: the generic one."""
    closing: Callable[..., list[str]] | None = None
    """``closing(judged)``: a rule set's closing notes (the defaults the engine took where nobody chose)."""
    stages: Mapping[int, str] = field(default_factory=dict)
    """A day's vote stages by number → their phase, where the rule set has several (``stage_votes``)."""
    void_ballots: Mapping[str, str] = field(default_factory=dict)
    """The engine's refusal codes of a ballot that the rules count as void when it was posted anyway
    (code → ``spoiled``, 废票: a malformed ballot; ``void``: a change of vote beyond the limit): the
    judge records such a ballot in the settlement instead of stopping (``arena.judge.void_ballots``)."""
    noted_draws: frozenset[str] = frozenset()
    """Draws that settle a decision the scenario left open (a mandatory kill nobody gave): when one is
    drawn at random, the judge's closing notes name it and how to pin it."""
    night_first: bool = False
    """Whether night N comes before day N (classic werewolf), rather than after it."""
    windows: Mapping[str, str] = field(default_factory=dict)
    """Night skill → its window, where one step's actions fall in several windows (``Landmarks.windows``):
    the judge's window driver (``arena.judge.console.by_window``) applies each action in its own."""
    setup_votes: str = ""
    """The window night 0's ballots are cast in (with ``windows``)."""

    def position(self, state: Any) -> tuple[int, int]:
        """Where a game is now."""
        return int(state.day), self.rank(state)

    def at(self, phase: str, day: int) -> tuple[int, int]:
        """The position of ``phase`` on game day ``day``."""
        return day, self.rank_of[phase]

    def when(self, phase: str, day: int) -> str:
        """``night N`` or ``day N`` for something that happened in ``phase`` of day ``day``."""
        return f"night {day}" if phase in self.night_phases else f"day {day}"

    def periods(self, events: Iterable[Any]) -> list[str]:
        """``when`` of each event of a log, an aside counting to the day or night it interrupts."""
        out, last = [], "night 0"
        for e in events:
            if e.phase not in self.asides:
                last = self.when(e.phase, e.day)
            out.append(last)
        return out


def schedule_of(ruleset: Ruleset) -> Schedule:
    """The schedule of ``ruleset``, derived from its phase table and landmarks (``derived``); a
    ``ScenarioError`` where it declares no landmarks. Draws made when the game is created (发牌, 马甲)
    cannot be pinned: the seats fix the roles and the aliases."""
    found = derived(ruleset)
    if found is None:
        raise ScenarioError(f"ruleset: arena judge cannot drive {ruleset.id!r} yet: it has no landmarks in its "
                            "phase table")
    return found


def derived(ruleset: Ruleset) -> Schedule | None:
    """The schedule of a rule set on the table kernel, read from its phase table and its
    ``landmarks`` (``engine.table.phases``): ranks, night phases and asides from the table (an aside
    ranks with the phase it interrupted), where steps land from the landmarks. None for a rule set
    that declares no landmarks."""
    marks = ruleset.landmarks if isinstance(ruleset, TableRuleset) else None
    if not isinstance(ruleset, TableRuleset) or marks is None:
        return None
    table = ruleset.phase_table
    ranks, asides, nights = dict(table.ranks()), table.asides(), table.night_phases()
    if marks.setup and marks.setup not in table:
        ranks, nights = {marks.setup: 0, **ranks}, nights | {marks.setup}

    def rank(state: Any) -> int:
        return ranks[state.interrupted if state.phase in asides else state.phase]

    day, first = marks.day, marks.first_day or marks.day
    return Schedule(
        setup=marks.setup or "", night=marks.night, vote=marks.vote, first_vote_day=marks.first_vote_day,
        day_first=lambda n: first if n == 1 else day, rank=marks.rank or rank, rank_of=ranks,
        night_phases=nights, asides=asides, draws=frozenset(marks.draws),
        seat_options=dict(marks.seat_options), later=frozenset(marks.later), note_defaults=marks.note_defaults,
        night_first=marks.night_first, cards=marks.cards, void_ballots=dict(marks.void_ballots),
        sizes=marks.sizes, roster=marks.roster, closing=_named_defaults(marks.defaults) if marks.defaults else None,
        windows=dict(marks.windows), setup_votes=marks.setup_votes or "",
        stages=dict(enumerate(marks.stages, start=1)), noted_draws=frozenset(marks.noted_draws))


def _named_defaults(defaults: Mapping[str, str]) -> Callable[[Any], list[str]]:
    """The closing notes of ``Landmarks.defaults``: each draw the engine made where nobody chose and
    the scenario did not pin, with the rule behind the default."""

    def why(name: str) -> str:
        return next((rule for prefix, rule in defaults.items() if name.startswith(prefix)), "")

    def closing(judged: Any) -> list[str]:
        return [f"draws: {e.name} = {e.result} — {rule}; pin it with \"draws\" to choose"
                for e in judged.game.events if e.kind == "draw" and not e.pinned and (rule := why(e.name))]

    return closing


# -- checks against the rule set ---------------------------------------------------------------------


def seat_count(scenario: Scenario, ruleset: Ruleset) -> int:
    """The number of seats: the rule set's, or the roster's for a rule set of variable size."""
    sizes = schedule_of(ruleset).sizes
    if not sizes:
        return ruleset.seats
    n = len(scenario.seats)
    if n not in sizes:
        raise ScenarioError(f"seats: {ruleset.id} plays {sizes[0]}..{sizes[-1]} seats; the roster lists {n}")
    return n


def check(scenario: Scenario, ruleset: Ruleset) -> None:
    """Hold the scenario against the rule set: roster, names, seats, draws and step order."""
    schedule = schedule_of(ruleset)
    n = seat_count(scenario, ruleset)
    _check_roster(scenario, ruleset, schedule, n)
    last: tuple[int, int] = (-1, -1)
    for i, step in enumerate(scenario.steps):
        if isinstance(step, NightStep) and step.night == 0 and schedule.setup not in schedule.rank_of:
            raise ScenarioError(f"steps[{i}] (night 0): {ruleset.id} has no night 0; its first night is night 1")
        here = step_position(schedule, step)
        if here <= last:
            raise ScenarioError(f"steps[{i}] ({step_label(step)}): steps must run in game order (night N, then "
                                "day N+1, then night N+1); move this step or merge it with the one of the same "
                                "day or night")
        last = here
        _check_step(step, i, ruleset, schedule, n)


def step_position(schedule: Schedule, step: NightStep | DayStep) -> tuple[int, int]:
    """Where a step's actions are applied."""
    if isinstance(step, NightStep):
        return schedule.at(schedule.setup, 0) if step.night == 0 else schedule.at(schedule.night, step.night)
    return schedule.at(schedule.day_first(step.day), step.day)


def _check_roster(scenario: Scenario, ruleset: Ruleset, schedule: Schedule, size: int) -> None:
    seats = [entry.seat for entry in scenario.seats]
    missing = sorted(set(range(1, size + 1)) - set(seats))
    extra = sorted({s for s in seats if s > size} | {s for s, n in Counter(seats).items() if n > 1})
    if missing or extra:
        wrong = "; ".join(f"{what} {found}" for what, found in (("missing", missing), ("extra or repeated", extra))
                          if found)
        raise ScenarioError(f"seats: {ruleset.id} has seats 1..{size}, each listed once; {wrong}. "
                            "List every seat with its role")
    roles = {}
    for i, entry in enumerate(scenario.seats):
        roles[entry.seat] = _name(ruleset.role_names.id, entry.role, f"seats[{i}].role")
        for option, (_, allowed) in schedule.seat_options.items():
            if getattr(entry, option) is not None and roles[entry.seat] not in allowed:
                names = ", ".join(ruleset.role_names.zh(r) for r in allowed)
                raise ScenarioError(f"seats[{i}].{option}: only {names} takes {option!r}; "
                                    f"seat {entry.seat} is {ruleset.role_names.zh(roles[entry.seat])}")
    counts = schedule.roster(size) if schedule.roster is not None else {r.id: r.count for r in ruleset.roles}
    want = Counter({role: n for role, n in counts.items() if n})
    got = Counter(roles.values())
    if want != got:
        diff = [f"{ruleset.role_names.zh(r)} {got[r]} (needs {want[r]})" for r in sorted(set(want) | set(got))
                if got[r] != want[r]]
        raise ScenarioError(f"seats: the roster does not match {ruleset.id}: {'; '.join(diff)}. "
                            f"`arena rules {ruleset.id}` lists the roster")


def _check_step(step: NightStep | DayStep, index: int, ruleset: Ruleset, schedule: Schedule, size: int) -> None:
    def where(field: str) -> str:
        return f"steps[{index}].{field} ({step_label(step)})"

    if isinstance(step, DayStep) and step.votes and step.day < schedule.first_vote_day:
        raise ScenarioError(f"{where('votes')}: {ruleset.id} has no vote before day {schedule.first_vote_day}; "
                            "move the votes to a later day")
    if isinstance(step, NightStep) and "votes" in step.model_fields_set and schedule.apply is None \
            and not schedule.setup_votes:
        raise ScenarioError(f"steps[{index}].votes: Extra inputs are not permitted ({ruleset.id} has no "
                            "night-time votes; move them to a day)")
    for i, entry in enumerate(step.last_words):
        _seats(ruleset, size, where(f"last_words[{i}]"), entry.seat)
    for i, action in enumerate(step.actions):
        _seats(ruleset, size, where(f"actions[{i}]"), action.seat, *action.targets)
        if action.skill is not None:
            _name(ruleset.skill_names.id, action.skill, where(f"actions[{i}].skill"))
    for i, vote in enumerate(getattr(step, "votes", [])):
        _seats(ruleset, size, where(f"votes[{i}]"), vote.seat, *([vote.target] if vote.target is not None else []))
    if isinstance(step, DayStep):
        _check_stages(step, ruleset, size, schedule, where)
    for i, choice in enumerate(step.choices):
        _seats(ruleset, size, where(f"choices[{i}]"), choice.seat, *choice.targets)
        _name(ruleset.skill_names.id, choice.skill, where(f"choices[{i}].skill"))
    if step.cards and schedule.cards is None:
        raise ScenarioError(f"{where('cards')}: {ruleset.id} has no cards; remove them")
    for i, card in enumerate(step.cards):
        _seats(ruleset, size, where(f"cards[{i}]"), card.seat)
    for name in step.draws:
        if name not in schedule.draws:
            raise ScenarioError(f"{where('draws')}: no draw named {name!r} can be pinned; "
                                f"{ruleset.id} pins {', '.join(sorted(schedule.draws))}")


def _check_stages(step: DayStep, ruleset: Ruleset, size: int, schedule: Schedule,
                  where: Callable[[str], str]) -> None:
    """``stage_votes`` and ``stage_actions`` name stages the rule set has, seats it has, skills it knows."""
    for key, entries in (("stage_votes", step.stage_votes), ("stage_actions", step.stage_actions)):
        for number in entries:
            if number not in schedule.stages:
                have = sorted(schedule.stages) or "none"
                raise ScenarioError(f"{where(key)}: {ruleset.id} has no vote stage {number}; its stages: {have}")
    for number, votes in step.stage_votes.items():
        for i, vote in enumerate(votes):
            _seats(ruleset, size, where(f"stage_votes.{number}[{i}]"), vote.seat,
                   *([vote.target] if vote.target is not None else []))
    for number, actions in step.stage_actions.items():
        for i, action in enumerate(actions):
            _seats(ruleset, size, where(f"stage_actions.{number}[{i}]"), action.seat, *action.targets)
            if action.skill is not None:
                _name(ruleset.skill_names.id, action.skill, where(f"stage_actions.{number}[{i}].skill"))


def _seats(ruleset: Ruleset, size: int, where: str, *seats: int) -> None:
    for seat in seats:
        if not 1 <= seat <= size:
            raise ScenarioError(f"{where}: no seat {seat}; {ruleset.id} has seats 1..{size}")


def _name(lookup: Callable[[str], str], name: str, where: str) -> str:
    try:
        return lookup(name)
    except UnknownName as err:
        raise ScenarioError(f"{where}: {err}. Use the rule text's Chinese name or the engine id") from None
