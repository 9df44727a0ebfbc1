""""Who was a bot?" on the table: the question a person is asked after the game, and their answers.

Once a game with at least one person has ended, each person's page asks, for every other seat (by
its alias), whether a human or a bot played it, and, if they like, which of the game's players it
was (the bots' kinds and models that sat at this table, in a fixed order that says nothing about
who sat where). The answers go to ``bot_guesses`` in one transaction and can be given once; the
page then shows who really played each seat. Everything is read from the database, so a person who
comes back after the game has left the server's memory is asked all the same (their join link
still grants their seat until it expires).
"""

from __future__ import annotations

from typing import Any

from arena.server.lobby import HUMAN, player_label
from arena.server.payload import both
from arena.server.texts import BadRequest, Refused
from engine.narrate import Names
from engine.rulesets import get_ruleset
from evals.facts import label_of
from transcripts.guesses import GuessRow, guessed, load_guesses, save_guesses
from transcripts.reader import Db, load_events, load_header


def _seated(con: Db, game_id: str) -> tuple[Names, dict[int, dict[str, Any]], str]:
    row = load_header(con, game_id)
    ruleset = get_ruleset(row.header.ruleset)
    names = Names.from_events(ruleset, load_events(con, game_id))
    configs = {int(c["seat"]): c for c in row.header.seat_configs}
    return names, configs, row.status


def _check(status: str, configs: dict[int, dict[str, Any]], seat: int) -> None:
    if status != "finished":
        raise Refused("guess_not_over")
    if not any(c.get("kind") == HUMAN for c in configs.values()) or configs.get(seat, {}).get("kind") != HUMAN:
        raise Refused("guess_no_humans")


def choices(configs: dict[int, dict[str, Any]]) -> list[str]:
    """The players a person may name: every bot and model label of the game, sorted."""
    return sorted({label_of(c) for c in configs.values() if c.get("kind") != HUMAN})


def guess_form(con: Db, game_id: str, seat: int) -> dict[str, Any]:
    """What the page asks (or, once answered, the answers beside the truth)."""
    names, configs, status = _seated(con, game_id)
    _check(status, configs, seat)
    others = [{"seat": s, "name": both(names, lambda lang, s=s: names.seat(s, lang))} for s in sorted(configs) if s != seat]
    form: dict[str, Any] = {"others": others, "models": [{"id": m, **player_label(m)} for m in choices(configs)],
                            "answered": guessed(con, game_id, seat)}
    if form["answered"]:
        form["results"] = results(con, game_id, seat, names, configs)
    return form


def results(con: Db, game_id: str, seat: int, names: Names, configs: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each answer of ``seat`` beside who really played (revealed once the person has answered)."""
    out = []
    for row in load_guesses(con, game_id).get(game_id, []):
        if row.guesser != seat:
            continue
        config = configs.get(row.target, {})
        human = config.get("kind") == HUMAN
        label = label_of(config)
        out.append({"seat": row.target, "name": both(names, lambda lang, s=row.target: names.seat(s, lang)),
                    "guess": row.guess, "model": row.model, "truth": HUMAN if human else "bot",
                    "player": player_label(HUMAN if human else label), "right": (row.guess == HUMAN) == human})
    return out


def save_answers(con: Db, game_id: str, seat: int, body: Any) -> dict[str, Any]:
    """Store ``seat``'s answers (``{"answers": [{"seat", "guess", "model"?}]}``), every other seat once."""
    names, configs, status = _seated(con, game_id)
    _check(status, configs, seat)
    if guessed(con, game_id, seat):
        raise Refused("guess_done")
    answers = body.get("answers") if isinstance(body, dict) else None
    if not isinstance(answers, list):
        raise BadRequest("act_shape")
    allowed = set(choices(configs))
    rows: dict[int, GuessRow] = {}
    for item in answers:
        target = item.get("seat") if isinstance(item, dict) else None
        if not isinstance(target, int) or target == seat or target not in configs:
            raise BadRequest("guess_target", target=repr(target))
        guess = item.get("guess")
        if guess not in ("human", "bot"):
            raise BadRequest("guess_value", target=target)
        model = item.get("model") or None
        if model is not None and (guess != "bot" or model not in allowed):
            raise BadRequest("guess_model", target=target)
        rows[target] = GuessRow(seat, target, guess, model)
    missing = len(configs) - 1 - len(rows)
    if missing:
        raise BadRequest("guess_missing", count=missing)
    save_guesses(con, game_id, [rows[t] for t in sorted(rows)])
    return {"answered": True, "results": results(con, game_id, seat, names, configs)}
