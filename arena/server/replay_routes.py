"""The replay viewer's routes: the searchable list of stored games, one game's page, its export.

The rule that keeps players honest: a game that is not finished (still played here, or stored as
running or aborted) is shown only in its public view — no god view, no seat's view, no roles, no
model calls — so a player cannot open the replay of their own game and read the others' secrets.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response

from arena.server.hub import Hub
from arena.server.replay_calls import sections, summary
from arena.server.replay_data import ReplayData, load_replay, search_games
from arena.server.replay_list import page
from arena.server.replay_page import CSP_HEADER, calls_for, render_replay
from arena.server.texts import Refused, UnknownGame
from engine.narrate.names import Lang
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
    """Register ``/replays``, ``/replays/{game}``, its calls and its export."""

    @app.get("/replays", response_class=HTMLResponse)
    async def games(ruleset: str = "", model: str = "", outcome: str = "", status: str = "",
                    lang: Lang = "zh") -> HTMLResponse:
        with hub.reader() as con:
            rows = search_games(con, ruleset, model, outcome, status)
        query = {"ruleset": ruleset, "model": model, "outcome": outcome, "status": status}
        return HTMLResponse(page(list_rows(hub, rows), query, lang))

    @app.get("/replays/{game_id}", response_class=HTMLResponse)
    async def replay(game_id: str, view: str = "", seat: int | None = None, lang: Lang = "zh") -> Response:
        data, viewer = _load(hub, game_id, view, seat)
        return HTMLResponse(render_replay(data, viewer, lang), headers={"Content-Security-Policy": CSP_HEADER})

    @app.get("/replays/{game_id}/calls/{call_id}")
    async def call(game_id: str, call_id: int, view: str = "", seat: int | None = None, lang: Lang = "zh") -> dict[str, Any]:
        data, viewer = _load(hub, game_id, view, seat)
        shown = [c for listed in calls_for(data.calls, viewer).values() for c in listed if c.call_id == call_id]
        if not shown:
            raise UnknownGame("no_call", game=data.row.game_id, call=call_id)
        return {"call_id": call_id, "summary": summary(shown[0], lang), "sections": sections(shown[0], lang)}

    @app.get("/replays/{game_id}/export")
    async def export(game_id: str, view: str = "", seat: int | None = None, lang: Lang = "zh") -> Response:
        data, viewer = _load(hub, game_id, view, seat)
        name = f"{data.row.game_id}-{str(viewer).replace(' ', '')}.html"
        return Response(render_replay(data, viewer, lang, nav=False), media_type="text/html; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"', "Content-Security-Policy": CSP_HEADER})


def list_rows(hub: Hub, rows: list[GameRow]) -> list[tuple[GameRow, bool]]:
    """Each stored game and whether this server is playing it now."""
    return [(row, hub.in_progress(row.game_id)) for row in rows]


def _load(hub: Hub, game_id: str, view: str, seat: int | None) -> tuple[ReplayData, Viewer]:
    with hub.reader() as con:
        data = load_replay(con, game_id)
    in_progress = hub.in_progress(data.row.game_id)
    default = "god" if data.finished and not in_progress else "spectator"
    return data, pick_viewer(data, view or default, seat, in_progress)
