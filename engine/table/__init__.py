"""The table kernel: what every forum mafia rule set shares, written once.

A rule set built on it (``TableRuleset``) declares data and hooks, the way python-chess variants are
small subclasses of a ``Board`` rich in hooks and boardgame.io owns turn order and stages:

* ``Seat`` (``seat.py``): the one seat record (alias, role, faction, alive, cause, discipline and
  vote counters); a rule set subclasses it with what its roles track.
* ``Window`` (``window.py``): the open phase's bookkeeping (who it waits for, who has answered,
  turns and rounds, posts per seat).
* ``TableState`` (``state.py``): seats, teams, window, floor, night, the day's ballots, last words.
* ``Phase`` / ``PhaseTable`` (``phases.py``): the phases as data (kind, who it waits for, what its
  close does, what may follow, day or night, rank in the game day), walked by ``TableRuleset.advance``
  and read by the judge console's schedule, the progress display and the belief checkpoints.
* ``fold.py``: the fold of the shared event kinds; a rule set's own handlers run after it.
* ``submit.py``: finding the offered template an action answers, the refusals of that search, and the
  handlers every rule set writes alike (a post, a team message, last words, a pass).
* ``deal.py``: the header, the deal, the aliases and a fixed seating's refusals (``RosterRefusals``).
* ``templates.py``: the legal-action templates every rule set offers alike.
* ``ruleset.py``: ``TableRuleset[S]``: ``pending`` / ``waiting`` / ``legal`` / ``window_complete``
  derived from the window and the phase table, typed access to the state, submit dispatch.

The mechanics every rule set writes the same way (ballots, outs, last words, team chat, win checks)
live beside it in ``engine.mechanics``.
"""

from engine.table.phases import Kind, Landmarks, Next, Phase, PhaseTable, Tag, Waits
from engine.table.ruleset import TABLE_CHATTER, TableRuleset
from engine.table.seat import Seat
from engine.table.state import TableState
from engine.table.window import Window

__all__ = [
    "TABLE_CHATTER", "Kind", "Landmarks", "Next", "Phase", "PhaseTable", "Seat", "TableRuleset", "TableState", "Tag",
    "Waits", "Window",
]
