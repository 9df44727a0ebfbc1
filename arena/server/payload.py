"""What the server sends a browser, as JSON: events of a view, legal actions, a seat's status.

Every item is built from what the engine already decided a viewer may see (``engine.views``): an
event is turned into text here, never chosen here. Each carries its line in both languages
(``zh`` first, ``en`` as a choice, switched in the page without asking the server again), and for
posts the structured fields a forum needs (floor, author, quoted floor, 蓝字 number). Player text
goes out as plain strings; the page inserts it as text, never as markup.
"""

from __future__ import annotations

from typing import Any

from engine import events as ev
from engine.events import JUDGE, PUBLIC, Event
from engine.layers import second_layer
from engine.legal import LegalAction
from engine.narrate import Lang, Names, narrate
from engine.narrate.context import Ctx
from engine.narrate.messages import note_text

Json = dict[str, Any]


def both(names: Names, text_of: Any) -> Json:
    """``{"zh": …, "en": …}`` from a function of the language."""
    return {"zh": text_of("zh"), "en": text_of("en")}


def channel(event: Event) -> str:
    """Where the table shows an event: the thread, a team chat, the private messages, or the judge's log."""
    if event.vis == PUBLIC:
        return "thread"
    if event.vis == JUDGE:
        return "judge"
    return "private" if event.vis.startswith("seat:") else "team"


def event_item(event: Event, names: Names, *, god: bool = False) -> Json | None:
    """One event as the table shows it; None for an event that shows nothing (a chosen pass)."""
    zh = narrate(event, names, "zh", god=god)
    if zh is None:
        return None
    item: Json = {"seq": event.seq, "day": event.day, "phase": event.phase, "kind": event.kind,
                  "channel": channel(event), "zh": zh, "en": narrate(event, names, "en", god=god)}
    if isinstance(event, ev.Posted):
        item.update(floor=event.floor, seat=event.seat, text=event.text, blue=event.blue, quote=event.quote,
                    author=both(names, lambda lang: names.seat(event.seat, lang)))
    elif isinstance(event, ev.TeamPosted):
        item.update(team=event.team, seat=event.seat, text=event.text,
                    team_name=both(names, lambda lang: names.team(event.team, lang)),
                    author=both(names, lambda lang: _signer(names, event.seat, event.majia, lang)))
    elif isinstance(event, ev.VoteCast):
        item.update(seat=event.seat, target=event.target)
    if isinstance(event, ev.TeamPosted | ev.VoteCast | ev.TeamJoined) and event.majia is not None:
        item["majia"] = event.majia  # the 马甲 that signs it; ``seat`` is 0 where the viewer may not know it
    elif isinstance(event, ev.PhaseBegan):
        item.update(name=event.name, number=event.number,
                    phase_name=both(names, lambda lang: names.phase(event.name, lang)))
    return item


def _signer(names: Names, seat: int, majia: int | None, lang: Lang) -> str:
    """A chat post's author: the seat's name, or the 马甲 where the chat is signed by 马甲 (majiasha2;
    a chat mate's post reaches a seat's page with its seat redacted to 0)."""
    if majia is None:
        return names.seat(seat, lang)
    if seat == 0:
        return names.majia_label(majia, lang)
    return f"{names.seat(seat, lang)} ({names.majia_label(majia, lang)})"


def event_items(events: list[Event], names: Names, *, god: bool = False) -> list[Json]:
    """``event_item`` of each event that shows something."""
    return [item for e in events if (item := event_item(e, names, god=god)) is not None]


def seat_label(seat: int, names: Names) -> Json:
    """A seat as a target: its number and its alias in both languages."""
    return {"seat": seat, **both(names, lambda lang: f"{seat} {names.seat(seat, lang)}")}


def target_label(number: int, layer: str, names: Names) -> Json:
    """A target in its layer: a seat (``seat_label``), or a 马甲 (``layer == "majia"``, majiasha2) named
    from the public 马甲 list; ``seat`` holds the number the form sends back either way."""
    if not second_layer(layer):
        return seat_label(number, names)
    return {"seat": number, **both(names, lambda lang: names.majia_label(number, lang))}


def legal_item(action: LegalAction, names: Names) -> Json:
    """One legal action with its legal targets, named for a person."""
    return {
        "kind": action.kind, "skill": action.skill, "arity": action.arity, "team": action.team,
        "skill_name": both(names, lambda lang: names.skill(action.skill, lang)) if action.skill else None,
        "team_name": both(names, lambda lang: names.team(action.team, lang)) if action.team else None,
        "targets": [target_label(t, action.layer, names) for t in action.targets],
        "first_from": list(action.first_from), "layer": action.layer,
        "blue_left": action.blue_left, "abstain": action.abstain, "yes_no": action.yes_no,
        "free": action.free, "note": action.note,
        "note_text": both(names, lambda lang: note_text(action.note, action.note_params, Ctx(names, lang)))
        if action.note else None,
    }


def phase_of(events: list[Event]) -> tuple[int, str]:
    """(day, phase) as the viewer last saw them announced (from its own view, nothing else)."""
    for event in reversed(events):
        if isinstance(event, ev.PhaseBegan):
            return event.number, event.name
    return 0, ""


def roster(names: Names, seats: int) -> list[Json]:
    """Every seat with its public alias (the aliases are posted to all)."""
    return [seat_label(s, names) for s in range(1, seats + 1)]
