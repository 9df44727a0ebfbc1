"""马甲杀 2.0 (majiasha2): 9 to 26 players, three cyclic factions, piper and lovers; two name layers.

Spec: ``shared/rules/majiasha2.md`` (adjudications D-01..D-41) over the original rules text.

Two name layers (spec §0). Seat n is the actor who posts as 角色 (account) n: the seats' public
names are the 角色 names, and every public event that carries a seat (a post, a ballot cast, a
warning) tells only which account acted, as the spec makes every 角色 public. The 马甲 are a
second public list, dealt to the seats by a secret permutation; a seat learns its own, its chat
mates' and its lover's, the seer learns identities *of 马甲*, the witch dying 马甲, the elder the
downstream 马甲. Votes, elections, appointments, 预言, 药剂 and the sheriff's successor name 马甲
(templates with ``layer="majia"``); 杀人, the shields, 吹笛 and 爱神之箭 name 角色 (seats). A voted-out
马甲 is announced with its 角色; a night-out 角色 with its 马甲 unless D-07 is off, in which case the
马甲 stays on the list and a vote or potion on it is wasted, not refused. The day may be shortened
when every living 角色 agrees (缩短白天, §5).

On the table kernel (``engine.table``): its seats are ``MajiaSeat``s of a ``MajiaState``; its phases are
the table of ``phases`` (each close returns the phase that follows); the kernel derives who is asked,
folds the shared kinds (``fold`` adds its own) and dispatches a submission to ``submit``'s handlers
through majiasha2's refusals (``check_seat``, ``offered``, ``find``); ballots, outs, last words, team
chat and the win check are the shared ``engine.mechanics`` with majiasha2's variants.

Version history
- 2.3: what a seat is told, typed (``observe``): its skills with what is left, its budgets (posts, team
  messages, vote changes, last words, the HP an elder was told), statuses, its chats by 马甲
  (``TeamState(layer="majia")``) and what it knows of each 马甲 (its faction's elder, its lover, the
  seer's results, the elder's downstream list); errors and notes as codes with zh and en texts
  (``refusals``); the killer asked to redact is shown the original words and the rule; a game ends
  with a reason code (``win``, ``last_standing``, ``last_defeated``). 2.1 and 2.2 games are read as 2.3.
- 2.2: the shared concepts as typed public events (``LayerListed`` for the 马甲 list,
  ``LayerAssigned`` for a seat's own 马甲, ``Dawn``, ``VoteResult``, ``SeatsOut``, ``SheriffChanged``,
  ``RoleRevealed``) in place of ``Announced``/``Notice`` topics; a fallback pass carries its reason as
  a code with ``detail``. 2.1 games are read as 2.2 (``upgrade``).
- 2.1: chats by 马甲 (spec §0, "互相知道彼此的马甲"): a seat's view of a faction or lovers' chat
  names each mate by 马甲 only (``shown``): the acting seat of a chat post or an elder ballot, the members, the elder and the
  lover partner are redacted; the log's chat posts, elder ballots and chat newcomers carry the
  actor's 马甲 (``majia``) to sign them. Before, the chat was signed by seat and so told every mate's
  角色. A stored 2.0 game is not resumed as 2.1 (its chat events carry no 马甲).
- 2.0: the name layers as the spec has them: seats are 角色 and post in the thread; 马甲 are a
  separate public list with a secret mapping (before, seats were 马甲 and the 角色 a secret number,
  so the thread was signed by 马甲); 马甲 targets mapped by the engine; reveals as ``pairs``; the
  sheriff announced by 马甲; D-07 off wastes votes and potions on a secretly-out 马甲; 缩短白天.
- 1.0: the whole rule set: night 0 (arrow, elections, appointments), HP and 濒死, night steps 1–5 in
  confirm order, the end of night with 庇佑/殉情/殉职, last words and redaction, the sheriff's ×3
  ballot and tie rule, cyclic wins checked piper → lovers → general, penalty points and sending off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.events import Event
from engine.ruleset import SeatSetup
from engine.rulesets.majiasha2 import flags, legal, names, observe, phases, setup, submit, upgrade
from engine.rulesets.majiasha2.aliases import ENGLISH
from engine.rulesets.majiasha2.fold import FOLDS, REPLACES
from engine.rulesets.majiasha2.names import Ph
from engine.rulesets.majiasha2.night0 import open_night0
from engine.rulesets.majiasha2.shown import shown
from engine.rulesets.majiasha2.state import MajiaSeat, MajiaState
from engine.rulesets.majiasha2.table import DEFAULT_SIZE
from engine.rulesets.majiasha2.texts import NARRATION
from engine.state import BaseState
from engine.table import TABLE_CHATTER, TableRuleset

if TYPE_CHECKING:
    from engine.game import Game
    from engine.views import Viewer


class Majiasha2(TableRuleset[MajiaState], names=names, flags=flags, phases=phases, legal=legal,
                upgrade=upgrade, observe=observe, submit=submit):
    """The majiasha2 rule set: a page of composition over the table kernel."""

    id: ClassVar[str] = "majiasha2"
    version: ClassVar[str] = "2.3"
    title: ClassVar[str] = "马甲杀 2.0"
    seats: ClassVar[int] = DEFAULT_SIZE
    sizes: ClassVar[tuple[int, ...]] = tuple(range(9, 27))
    alias_english = ENGLISH
    name_layer = names.MAJIA_LAYER
    narration = NARRATION
    options_doc: ClassVar[dict[str, str]] = {
        "size": f"players, 9..26 (default {DEFAULT_SIZE}); the row of spec §1.2 follows from it: "
                "杀手 6 (9–14), 9 (15–20), 12 (21–26); 长老 3; 先知 3 from 12; 女巫 3 from 18; 守卫 3 from 24; "
                "in each block of three sizes the second adds 爱神, the third 爱神 and 吹笛 (the roster above "
                "counts the 9-seat row)",
        "rounds": "public posts per seat per day, e.g. {\"DAY\": 2} (default 1)",
        "discipline": "true (all), false (none), or a list of no_vote/silence (penalty points, D-28)",
        "scenario keys": "arena judge: a seat is a 角色; seats take \"faction\" (A/B/C) and \"majia\" (its 马甲 "
                         "number, default the seat's own); targets of 杀人, shields, 吹笛 and 爱神之箭 are seats, "
                         "of votes, 任命, 预言, 药剂 and 殉职 马甲 numbers; night 0 actions: 爱神之箭 (cupid, 2 角色), "
                         "任命 (elder, 马甲 in the order 先知, 女巫, 守卫), votes on night 0 are the elder elections; "
                         "day actions: 缩短白天 (agree to shorten the day); a night action may be "
                         "followed by {\"skill\": \"确定\"} (confirm time orders a step, D-11); day 1 votes elect "
                         "the sheriff; choices: 殉职 (the sheriff's successor); last_words: the words of an out "
                         "role, and in the REDACT window the killer's ■-masked version",
    }
    # a post, a ballot, a team message, a pass, a wait, a draw or a new phase moves only the day's counts, the
    # window, the ballots and the night's submissions, which the observation reads in its skills and budgets
    # alone (``observe``: statuses, chats and the 马甲 list read none of them); a skill submitted moves only the
    # night's submissions and the window, which skills read.
    chatter = TABLE_CHATTER | {"skill_submitted"}
    # a death, a dawn, a vote result (and the kinds listed) change a seat's observation only through the
    # public record but for the seat named; what a seat is not shown changes nothing it knows (every
    # observation of 60 scripted and 60 random games checked against one made afresh)
    carried = frozenset({"died", "dawn", "vote_result", "seats_out", "role_revealed", "last_words"})

    seat_type = MajiaSeat
    state_type = MajiaState
    folds = FOLDS
    replaces = REPLACES

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        setup.start(game, self, seed, flags, seating, options)
        self.open(game, open_night0(self.st(game)))

    def window_complete(self, state: BaseState) -> bool:
        """Everyone answered; or, by day, every living actor agreed to shorten it (§5): the discussion
        then ends as if its deadline had come."""
        s: MajiaState = state  # type: ignore[assignment]  # (typing.cast is a call: asked after every action)
        if s.phase == Ph.DAY and s.shortened and (living := s.living_seats()) and s.shortened.issuperset(living):
            return True
        return super().window_complete(state)

    redacts_public = False

    def shown(self, event: Event, viewer: Viewer) -> Event:
        """Chats by 马甲: a chat mate's 角色 redacted from what a seat sees (``shown``)."""
        return shown(event, viewer)


RULESET = Majiasha2
"""The class the registry (``engine.rulesets``) instantiates."""

__all__ = ["RULESET", "Majiasha2"]
