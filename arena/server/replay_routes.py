"""The replay viewer's routes: the searchable list of stored games, one game's page, its export.

The rule that keeps players honest: a game that is not finished (still played here, or stored as
running or aborted) is shown only in its public view — no god view, no seat's view, no roles, no
model calls — so a player cannot open the replay of their own game and read the others' secrets.
"""

from __future__ import annotations

from html import escape
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response

from arena.server.hub import Hub
from arena.server.replay_data import ReplayData, load_replay, models_of, search_games
from arena.server.replay_page import CSP_HEADER, render_replay, replay_list, t
from arena.server.texts import Refused
from engine.narrate.names import Lang
from engine.rulesets import ruleset_ids
from engine.views import Viewer
from transcripts.records import GameRow


def pick_viewer(data: ReplayData, view: str, seat: int | None, in_progress: bool) -> Viewer:
    """The viewer a request asks for, if this game may be shown that way (``Refused`` otherwise)."""
    if view == "spectator":
        return Viewer.spectator()
    if in_progress or not data.finished:
        raise Refused("replay_unfinished", game=data.row.game_id, status=data.row.status)
    if view == "god":
        return Viewer.god()
    if view == "seat" and seat is not None and 1 <= seat <= data.ruleset.seats:
        return Viewer.of_seat(seat)
    raise Refused("replay_view", seats=data.ruleset.seats)


def add_replay_routes(app: FastAPI, hub: Hub) -> None:
    """Register ``/replays``, ``/replays/{game}`` and ``/replays/{game}/export``."""

    @app.get("/replays", response_class=HTMLResponse)
    async def games(ruleset: str = "", model: str = "", outcome: str = "", status: str = "",
                    lang: Lang = "zh") -> HTMLResponse:
        with hub.reader() as con:
            rows = search_games(con, ruleset, model, outcome, status)
        form = _form(ruleset, model, outcome, status, lang)
        return HTMLResponse(replay_list("".join(_row(r, lang) for r in rows), form, lang))

    @app.get("/replays/{game_id}", response_class=HTMLResponse)
    async def replay(game_id: str, view: str = "", seat: int | None = None, lang: Lang = "zh") -> Response:
        data, viewer = _load(hub, game_id, view, seat)
        return HTMLResponse(render_replay(data, viewer, lang), headers={"Content-Security-Policy": CSP_HEADER})

    @app.get("/replays/{game_id}/export")
    async def export(game_id: str, view: str = "", seat: int | None = None, lang: Lang = "zh") -> Response:
        data, viewer = _load(hub, game_id, view, seat)
        name = f"{data.row.game_id}-{str(viewer).replace(' ', '')}.html"
        return Response(render_replay(data, viewer, lang, nav=False), media_type="text/html; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"', "Content-Security-Policy": CSP_HEADER})


def _load(hub: Hub, game_id: str, view: str, seat: int | None) -> tuple[ReplayData, Viewer]:
    with hub.reader() as con:
        data = load_replay(con, game_id)
    in_progress = hub.in_progress(data.row.game_id)
    default = "god" if data.finished and not in_progress else "spectator"
    return data, pick_viewer(data, view or default, seat, in_progress)


def _form(ruleset: str, model: str, outcome: str, status: str, lang: Lang) -> str:
    options = "".join(f"<option{' selected' if r == ruleset else ''}>{escape(r)}</option>" for r in ("", *ruleset_ids()))
    statuses = "".join(f"<option{' selected' if s == status else ''}>{s}</option>"
                       for s in ("", "finished", "running", "aborted"))
    return (f"<form class=\"search\" method=\"get\" action=\"/replays\">"
            f"<label>{t(lang, '规则', 'rule set')} <select name=\"ruleset\">{options}</select></label> "
            f"<label>{t(lang, '模型', 'model')} <input name=\"model\" value=\"{escape(model)}\"></label> "
            f"<label>{t(lang, '胜方', 'outcome')} <input name=\"outcome\" value=\"{escape(outcome)}\" placeholder=\"black\"></label> "
            f"<label>{t(lang, '状态', 'status')} <select name=\"status\">{statuses}</select></label> "
            f"<input type=\"hidden\" name=\"lang\" value=\"{lang}\"><button>{t(lang, '搜索', 'search')}</button></form>")


def _row(row: GameRow, lang: Lang) -> str:
    cells: list[Any] = [row.header.created_at, row.header.ruleset, ", ".join(models_of(row)), row.status,
                        ",".join(row.winners or []) or "-", row.days if row.days is not None else "-"]
    link = f"<a class=\"game\" href=\"/replays/{escape(row.game_id)}?lang={lang}\">{escape(row.game_id)}</a>"
    return f"<tr><td>{link}</td>" + "".join(f"<td>{escape(str(c))}</td>" for c in cells) + "</tr>"
