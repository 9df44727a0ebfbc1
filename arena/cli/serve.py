"""``arena serve``: the lobby, the tables of human seats and the replay viewer, on uvicorn.

It listens on 127.0.0.1 unless told otherwise. To play with friends on other machines, bind a
reachable address (``--host 0.0.0.0``, or one of the machine's addresses) or put a TLS reverse
proxy in front (``--public-url https://…``, the README shows Caddy and nginx): the Host and
Origin a request may name are derived from both. The lobby and every host action need the host's
key, printed at start (kept in ``--host-key-file``, by default beside the database, so a restart
keeps it); a server reaching beyond this machine refuses to start without it. On start the
server takes up every game it was playing when it stopped; on SIGTERM it closes every socket,
stops its games where they are and writes every event before it exits.
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

from agents.llm.endpoint import Endpoint
from arena.cli.play import DEFAULT_DB
from arena.server.quotas import Quotas
from arena.server.tokens import DEFAULT_TTL_S

GRACEFUL_S = 1
"""Seconds uvicorn waits for open connections at shutdown before it cancels them (every socket is
told to close at once; this bounds a peer that never answers)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    q = Quotas()
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every address, for a LAN)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--public-url", metavar="URL",
                   help="the address people type when a reverse proxy stands in front (https://arena.example.org)")
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file: games are stored and replayed there (default {DEFAULT_DB})")
    p.add_argument("--seats", metavar="FILE",
                   help="a seat file whose [endpoints] the lobby offers as llm:NAME players (see arena/run/seats.py)")
    p.add_argument("--token-hours", type=float, default=DEFAULT_TTL_S / 3600,
                   help=f"how long a join link stays valid (default {DEFAULT_TTL_S / 3600:g} h)")
    p.add_argument("--host-key-file", metavar="FILE",
                   help="the host's key (made there on first start; default: DB.hostkey beside the database)")
    p.add_argument("--no-host-key", action="store_true",
                   help="open the lobby to anyone who reaches it (refused unless listening on loopback only)")
    p.add_argument("--max-games", type=int, default=q.max_games, help=f"games played at once (default {q.max_games})")
    p.add_argument("--max-humans", type=int, default=q.max_humans, help=f"human seats in one game (default {q.max_humans})")
    p.add_argument("--keep-finished-minutes", type=float, default=q.keep_finished_s / 60,
                   help=f"how long a finished game stays in memory (default {q.keep_finished_s / 60:g})")
    p.add_argument("--no-resume", action="store_true", help="do not take up, on start, the games left running")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from arena.server.app import create_app
    from arena.server.hostkey import HostKey, key_file_for, load_or_make
    from arena.server.hosts import HostPolicy, is_loopback
    from arena.server.hub import Hub
    from arena.server.submit import MAX_MESSAGE_BYTES
    from arena.server.tokens import SeatTokens

    loopback = is_loopback(args.host)
    try:
        endpoints = _endpoints(args.seats)
        policy = HostPolicy.of(args.host, args.public_url)
        if args.no_host_key and not loopback:
            raise ValueError(f"--host {args.host} reaches beyond this machine: the lobby needs the host key "
                             "(drop --no-host-key)")
        key_file = Path(args.host_key_file) if args.host_key_file else key_file_for(Path(args.db))
        key = None if args.no_host_key else load_or_make(key_file)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    quotas = Quotas(max_games=args.max_games, max_humans=args.max_humans, keep_finished_s=args.keep_finished_minutes * 60)
    hub = Hub(Path(args.db), endpoints=endpoints, tokens=SeatTokens(ttl_s=args.token_hours * 3600),
              host_key=HostKey(key) if key is not None else None, quotas=quotas, resume=not args.no_resume,
              log=lambda line: print(line, flush=True))
    for line in _banner(args, key, key_file if key is not None else None):
        print(line, flush=True)
    config = uvicorn.Config(create_app(hub, policy=policy), host=args.host, port=args.port, log_level="warning",
                            ws_max_size=MAX_MESSAGE_BYTES, timeout_graceful_shutdown=GRACEFUL_S)
    uvicorn.Server(config).run()
    return 0


def _banner(args: argparse.Namespace, key: str | None, key_file: Path | None) -> list[str]:
    """What the host reads at start: where the lobby is (with the key after #, which no browser sends)."""
    bases = [args.public_url.rstrip("/")] if args.public_url else []
    bases += [f"http://{_url_host(h)}:{args.port}" for h in _addresses(args.host)]
    fragment = f"#key={key}" if key is not None else ""
    lines = [f"arena serve: lobby at {bases[0]}/{fragment} · replays at /replays · games in {args.db}"]
    lines += [f"             also at {b}/{fragment}" for b in bases[1:]]
    if key is not None:
        lines.append(f"host key: {key} (kept in {key_file}; the lobby asks for it, or open the link above)")
    else:
        lines.append("no host key: anyone on this machine may use the lobby")
    return lines


def _addresses(host: str) -> list[str]:
    """The addresses a browser may use: the bound one, or for 0.0.0.0 this machine's own."""
    if host not in ("0.0.0.0", "::"):
        return [host]
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.append(s.getsockname()[0])
    except OSError:
        pass
    return [*found, "127.0.0.1"]


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _endpoints(path: str | None) -> dict[str, Endpoint]:
    """The endpoints a seat file defines (its [seats] table, if any, is not used here)."""
    if path is None:
        return {}
    from arena.run.seats import load_endpoints

    return load_endpoints(path)
