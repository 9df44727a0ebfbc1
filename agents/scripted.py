"""The scripted player: every umineko32 role with small, readable heuristics and no model.

It knows only what its ``Turn`` shows: who it is, who is alive, its chats and its results come from
the engine's observation (``Turn.observation``); its strategy notes (``scripted_notes``: claims,
ballots, suspicion) are a fold over the seat's own thread, kept incrementally and rebuilt from index
0 whenever the view is not a continuation of what it folded before, so a fresh agent given the same
view and observation reaches the same notes. Each decision
draws from its own generator keyed by (seed, seat, view length, label): no global ``random`` and no
generator state that outlives a call, so the same ``Turn`` always gets the same answer.

Its heuristics, by role (details in ``scripted_day``, ``scripted_night``; whom it believes when
detective claims disagree, in ``scripted_beliefs``):

* everyone posts every day (蓝字 reasoning within the budget in the restricted phase), names its
  top suspect with a reason, and votes for it; white seats vote the seats the claims they believe
  call 黑; a seat it knows is white is never voted;
* detectives check unknown suspects, share results and plans in 侦探群, and claim publicly once
  they have found a living black (or a false claimant: they know both detectives);
* the theatergoer pairs a seat of known colour with a suspect and claims what the pairs prove;
* the inquisitor protects claimed key whites (else itself), and uses a second barrier only on a black;
* killers agree on one target in 杀手群 (the lowest living killer proposes), prefer claimed key
  whites, never blade a teammate, the accomplice or a seat their own fake claim framed; they feed
  the accomplice names it lacks, answer a claim that names one of them with a fake detective claim
  (悍跳; in some games one opens day 2 with one), and vote with the white crowd, away from the team;
* the witch marks the least suspicious seats it does not know to be non-平民, and always castles
  when asked; 平民 sometimes believe.
"""

from __future__ import annotations

import importlib
from typing import Any

from agents.base import Turn
from agents.beliefs import BeliefRequest, Report
from agents.policy_agent import policy_agent
from agents.scripted_day import day_turn, last_words, vote_window
from agents.scripted_mind import Ctx
from agents.scripted_night import choose, night
from agents.scripted_notes import Notes
from agents.view_notes import continues
from engine.actions import Action, Choose, Vote

RULESET = "umineko32"
"""The rule set these heuristics know. Another rule set's bots live in ``agents.bots.<ruleset id>``
(a class ``ScriptedAgent`` with ``decide(turn)``) or in the rule set's own folder as a pure policy
(``Ruleset.policy``), to which this agent hands that rule set's turns; a rule set without bots gets
safe defaults."""
TURN_PHASES = frozenset({"D1_FREE", "RESTRICTED", "FREE"})


class ScriptedAgent:
    """A heuristic player for any seat of umineko32; keeps one set of notes per seat it plays."""

    concurrent = False
    recomputable = True
    """Its answer is a function of the turn (its notes are a fold over the view): a resumed game asks
    it again rather than storing its answers (``arena.run.replay``)."""
    belief_source = "scripted"

    def __init__(self, name: str = "scripted") -> None:
        self.name = name
        self._notes: dict[int, Notes] = {}
        self._others: dict[str, Any] = {}

    async def act(self, turn: Turn) -> Action | None:
        return self.decide(turn)

    def decide(self, turn: Turn) -> Action:
        """The same as ``act``, without the event loop (benchmarks call it directly)."""
        if turn.ruleset != RULESET:
            other = self._other(turn.ruleset)
            if other is not None:
                action: Action = other.decide(turn)
                return action
            return fallback(Ctx.of(Notes(seed=turn.seed, seat=turn.seat), turn))
        notes = self.notes_for(turn)
        ctx = Ctx.of(notes, turn)
        if turn.error is not None:
            return fallback(ctx)
        phase = turn.phase
        if phase in TURN_PHASES:
            return day_turn(ctx)
        if phase == "VOTE":
            return vote_window(ctx)
        if phase == "NIGHT":
            return night(ctx)
        if phase in ("LAST_WORDS", "VOTE_LAST_WORDS"):
            return last_words(ctx)
        if phase in ("SETUP", "CASTLE"):
            return choose(ctx)
        return ctx.skip()

    async def beliefs(self, request: BeliefRequest) -> Report | None:
        """What my heuristics hold at a checkpoint (``scripted_report``); None for a rule set whose
        bots hold no beliefs. Folding the notes this far changes no later decision (they are a fold)."""
        if request.ruleset != RULESET:
            other = self._other(request.ruleset)
            found = getattr(other, "beliefs", None)
            return None if found is None else await found(request)
        from agents.scripted_report import report

        turn = Turn(ruleset=request.ruleset, seed=request.seed, seat=request.seat, day=request.day,
                    phase=request.phase, events=request.events, new_from=0, legal=(),
                    observation=request.observation)
        return report(self.notes_for(turn), request)

    def _other(self, ruleset: str) -> Any:
        """The scripted player of another rule set: ``agents.bots.<id>``, else the rule set's own
        policy (``Ruleset.policy``, in its folder; ``agents.policy_agent``), else None."""
        if ruleset not in self._others:
            try:
                module = importlib.import_module(f"agents.bots.{ruleset}")
            except ModuleNotFoundError as e:
                if e.name is None or not f"agents.bots.{ruleset}".startswith(e.name):
                    raise
                self._others[ruleset] = policy_agent(ruleset, self.name)
            else:
                self._others[ruleset] = module.ScriptedAgent(self.name)
        return self._others[ruleset]

    def notes_for(self, turn: Turn) -> Notes:
        """This seat's notes, brought up to ``turn.events`` and ``turn.observation`` (kept while the view
        continues the one folded before, ``agents.view_notes``; else folded anew from index 0)."""
        obs = turn.observation
        if obs is None or obs.seat != turn.seat:
            raise ValueError(f"the scripted player needs the engine's observation of seat {turn.seat} in its Turn")
        notes = self._notes.get(turn.seat)
        if notes is None or not continues(notes, turn):
            notes = self._notes[turn.seat] = Notes(seed=turn.seed, seat=turn.seat)
        notes.know(obs)  # first: reading a claim weighs who I am (a detective knows both detectives)
        notes.update(turn.events, notes.seen, obs.inbox)
        return notes


def fallback(ctx: Ctx) -> Action:
    """After an illegal answer (which should not happen), or on a rule set it does not know: the
    safest legal move (an abstention counts as a vote, where a pass would earn a warning)."""
    legal = ctx.legal
    if "vote" in legal:
        return Vote(seat=ctx.seat, target=None, reason="弃票")
    if "pass" in legal:
        return ctx.skip()
    for key, template in legal.items():
        if key.startswith("choose:") and template.skill is not None:
            return Choose(seat=ctx.seat, skill=template.skill, use=False)
    return ctx.skip()
