"""``arena serve``: the lobby, the tables of human seats and the replay viewer, on uvicorn.

It listens on 127.0.0.1 unless told otherwise: join links carry seat secrets, and a server on a
public address would hand the lobby (and the replays) to anyone who finds it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from agents.llm.endpoint import Endpoint
from arena.play_cmd import DEFAULT_DB
from arena.server.tokens import DEFAULT_TTL_S


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file: games are stored and replayed there (default {DEFAULT_DB})")
    p.add_argument("--seats", metavar="FILE",
                   help="a seat file whose [endpoints] the lobby offers as llm:NAME players (see arena/seats.py)")
    p.add_argument("--token-hours", type=float, default=DEFAULT_TTL_S / 3600,
                   help=f"how long a join link stays valid (default {DEFAULT_TTL_S / 3600:g} h)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from arena.server.app import create_app
    from arena.server.hub import Hub
    from arena.server.submit import MAX_MESSAGE_BYTES
    from arena.server.tokens import SeatTokens

    try:
        endpoints = _endpoints(args.seats)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    hub = Hub(Path(args.db), endpoints=endpoints, tokens=SeatTokens(ttl_s=args.token_hours * 3600))
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"warning: listening on {args.host}: anyone who reaches it can open the lobby and the replays",
              file=sys.stderr)
    print(f"arena serve: lobby at http://{args.host}:{args.port}/ · replays at /replays · games in {args.db}")
    hosts = sorted({args.host, "127.0.0.1", "localhost"})
    uvicorn.run(create_app(hub, allowed_hosts=hosts), host=args.host, port=args.port, log_level="warning", ws_max_size=MAX_MESSAGE_BYTES)
    return 0


def _endpoints(path: str | None) -> dict[str, Endpoint]:
    """The endpoints a seat file defines (its [seats] table, if any, is not used here)."""
    if path is None:
        return {}
    from arena.seats import load_endpoints

    return load_endpoints(path)
