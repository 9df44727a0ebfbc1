"""The scripted player of umineko32: every role with small, readable heuristics and no model.

It knows only what its ``Turn`` shows: who it is, who is alive, its chats and its results come from
the engine's observation (``Turn.observation``); its strategy notes (``notes``: claims,
ballots, suspicion) are a fold over the seat's own thread, kept incrementally and rebuilt from index
0 whenever the view is not a continuation of what it folded before, so a fresh agent given the same
view and observation reaches the same notes. Each decision
draws from its own generator keyed by (seed, seat, view length, label): no global ``random`` and no
generator state that outlives a call, so the same ``Turn`` always gets the same answer.

Its heuristics, by role (details in ``day``, ``night``; whom it believes when
detective claims disagree, in ``beliefs``):

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

from agents.base import Turn
from agents.beliefs import BeliefRequest, Report
from agents.bots.agent import BotAgent
from agents.bots.fallback import fallback
from agents.bots.umineko32.day import day_turn, last_words, vote_window
from agents.bots.umineko32.mind import Ctx
from agents.bots.umineko32.night import choose, night
from agents.bots.umineko32.notes import Notes
from engine.actions import Action
from engine.rulesets.umineko32.names import Ph


class ScriptedAgent(BotAgent[Notes]):
    """A heuristic player for any seat of umineko32; keeps one set of notes per seat it plays."""

    notes_class = Notes

    def decide(self, turn: Turn) -> Action:
        """The seat's action for ``turn``."""
        notes = self.notes_for(turn)
        if turn.error is not None:
            return fallback(turn)
        ctx = Ctx.of(notes, turn)
        phase = turn.phase
        if phase in Ph.TURNS:
            return day_turn(ctx)
        if phase == Ph.VOTE:
            return vote_window(ctx)
        if phase == Ph.NIGHT:
            return night(ctx)
        if phase in Ph.WORDS:
            return last_words(ctx)
        if phase in (Ph.SETUP, Ph.CASTLE):
            return choose(ctx)
        return ctx.skip()

    async def beliefs(self, request: BeliefRequest) -> Report | None:
        """What my heuristics hold at a checkpoint (``report``). Folding the notes this far changes no
        later decision (they are a fold)."""
        from agents.bots.umineko32.report import report

        turn = Turn(ruleset=request.ruleset, seed=request.seed, seat=request.seat, day=request.day,
                    phase=request.phase, events=request.events, new_from=0, legal=(),
                    observation=request.observation)
        return report(self.notes_for(turn), request)

