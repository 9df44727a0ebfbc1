"""A viewer's observation as the table draws it: JSON, every text in both languages.

The engine says what a seat knows (``Game.observe`` → ``engine.observation.Observation``); this
turns that one object into what the page shows beside the thread — the seat list with who is out,
how and as whom; the own role card with each skill, what it does and what is left; the allowances
before they bite (蓝字 left, team messages left); what the dead may still do; the end — without
looking at a single event. Causes, identities, statuses, skills and factions are named by the
rule set's own texts (``engine.narrate``), so a Chinese page reads Chinese throughout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.server.cards import role_card, skill_line
from engine.layers import second_layer
from engine.narrate.context import Ctx
from engine.narrate.names import Lang, Names
from engine.narrate.observed import STATUSES, budget_text
from engine.observation import BudgetState, Observation, SeatStatus, SkillState, TeamState

Json = dict[str, Any]
LANGS: tuple[Lang, ...] = ("zh", "en")


def both(text_of: Callable[[Ctx], str], names: Names) -> Json:
    """``{"zh": …, "en": …}`` of a function of the rendering context."""
    return {lang: text_of(Ctx(names, lang)) for lang in LANGS}


def said(names: Names, how: str, *args: Any) -> Json:
    """``{"zh": …, "en": …}`` of one of the context's namers (``seat``, ``faction``, ``pair`` …)."""
    return {lang: str(getattr(Ctx(names, lang), how)(*args)) for lang in LANGS}


def _status(names: Names, code: str) -> Json:
    return said(names, "pair", "statuses", code, STATUSES.get(code))


def observation_json(obs: Observation, names: Names) -> Json:
    """What the table draws of ``obs`` (see the module docstring)."""
    out: Json = {
        "seats": [_seat(s, obs, names) for s in obs.seats],
        "alive": len(obs.living()), "count": len(obs.seats),
        "over": obs.over,
        "winners": [said(names, "faction", w) for w in obs.winners],
        "me": _me(obs, names) if obs.seat is not None else None,
    }
    if obs.layer:
        out["layer"] = [{"number": e.number, "listed": e.listed, **said(names, "majia", e.number)}
                        for e in obs.layer_names]
    return out


def _seat(s: SeatStatus, obs: Observation, names: Names) -> Json:
    item: Json = {"seat": s.seat, "alive": s.alive, "me": s.seat == obs.seat,
                  "name": said(names, "seat", s.seat), "out_day": s.out_day,
                  "statuses": [_status(names, x) for x in s.statuses]}
    if s.cause:
        item["cause"] = said(names, "cause", s.cause)
    if s.role and s.seat != obs.seat:
        item["identity"] = said(names, "identity", s.role)
    if s.majia is not None:
        item["majia"] = said(names, "majia", s.majia)
    return item


def _me(obs: Observation, names: Names) -> Json:
    role = obs.role
    me: Json = {
        "seat": obs.seat, "alive": obs.alive,
        "role": said(names, "role", role) if role else None,
        "faction": said(names, "faction", obs.faction) if obs.faction else None,
        "card": {lang: role_card(obs.ruleset, role, lang) for lang in LANGS},
        "statuses": [_status(names, x) for x in obs.statuses],
        "skills": [_skill(s, obs, names) for s in obs.skills],
        "budgets": [_budget(b, names) for b in obs.budgets],
        "teams": [_team(t, names) for t in obs.teams],
    }
    if obs.majia is not None:
        me["majia"] = said(names, "majia", obs.majia)
    if not obs.alive and not obs.over:
        me["dead_may"] = both(lambda c: dead_may(obs, c), names)
    return me


def _skill(s: SkillState, obs: Observation, names: Names) -> Json:
    item: Json = {"skill": s.skill, "left": s.left, "total": s.total, "usable": s.usable,
                  "name": said(names, "skill", s.skill),
                  "line": {lang: skill_line(obs.ruleset, obs.role, s.skill, names, lang) for lang in LANGS}}
    if s.note:
        item["note"] = said(names, "pair", "statuses", s.note)
    return item


def _budget(b: BudgetState, names: Names) -> Json:
    return {"what": b.what, "left": b.left, "total": b.total, "team": b.team,
            "text": both(lambda c: budget_text(b, c), names)}


def _team(t: TeamState, names: Names) -> Json:
    member = "majia" if second_layer(t.layer) else "seat"
    return {"team": t.team, "name": said(names, "team", t.team), "reads_dead": t.reads_dead,
            "members": [said(names, member, m) for m in t.members]}


def dead_may(obs: Observation, c: Ctx) -> str:
    """What a seat that is out may still do, as the observation says: its skills still usable, the
    team chats it still reads (and may write in now), its last words."""
    may: list[str] = [c.t(f"【{c.skill(s.skill)}】", c.skill(s.skill)) for s in obs.skills if s.usable]
    writable = {b.team for b in obs.budgets if b.what == "team_posts" and b.left > 0}
    for team in obs.teams:
        if team.reads_dead:
            chat = c.t(f"在【{c.team(team.team)}】里", f"the {c.team(team.team)} chat: ")
            may.append(chat + (c.t("读和发言", "read and write") if team.team in writable else c.t("阅读", "read")))
    if any(b.what == "last_words" and b.left > 0 for b in obs.budgets):
        may.append(c.t("留遗言", "leave your last words"))
    if not may:
        return c.t("你已出局：你不再有可做的事，可以继续观看直到游戏结束。",
                   "You are out: there is nothing left for you to do; you may watch until the game ends.")
    return c.t("你已出局。你仍可以：" + "；".join(may) + "。", "You are out. You may still: " + "; ".join(may) + ".")
