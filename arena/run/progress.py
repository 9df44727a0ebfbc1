"""Live progress of a running game on the terminal: what a spectator sees, as it happens.

``summary`` shows phase banners, the judge's public posts and the end; ``posts`` adds every
public post and vote; ``none`` only a status line. Only public events are ever shown here.
"""

from __future__ import annotations

from typing import Literal

from rich.console import Console

from engine.events import JUDGE_POSTS, PUBLIC, Event
from engine.game import Game
from engine.narrate import Lang, Names, narrate
from engine.table import Kind, TableRuleset

Show = Literal["summary", "posts", "none"]
SUMMARY_KINDS = frozenset({"phase_began", "last_words", *JUDGE_POSTS})


class Progress:
    """A runner listener that prints public events and keeps a one-line status."""

    def __init__(self, names: Names, console: Console, show: Show = "summary", lang: Lang = "zh") -> None:
        self.names, self.console, self.show, self.lang = names, console, show, lang
        self.events = 0

    def __call__(self, game: Game, new: list[Event]) -> None:
        self.events += len(new)
        if self.show == "none":
            return
        rules = game.ruleset
        resolutions = rules.phase_table.of_kind(Kind.RESOLUTION) if isinstance(rules, TableRuleset) else frozenset()
        for event in new:
            if event.vis != PUBLIC or not self._wanted(event, resolutions):
                continue
            line = narrate(event, self.names, self.lang)
            if line:
                self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def _wanted(self, event: Event, resolutions: frozenset[str]) -> bool:
        """Banners of the phases players take part in (a resolution's stamp is not shown), and the
        judge's posts (every public post and vote under ``posts``)."""
        if event.kind == "phase_began":
            return event.phase not in resolutions
        return self.show == "posts" or event.kind in SUMMARY_KINDS

    def status(self, game: Game) -> str:
        state = game.state
        records = getattr(state, "seats", {})  # the kernel's seat records
        alive = sum(1 for p in records.values() if p.alive)
        phase = self.names.phase(state.phase, self.lang)
        return f"day {state.day} · {phase} · {alive} alive · {self.events} events"
