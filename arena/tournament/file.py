"""The tournament file (TOML): which models meet, on which rule sets, for how many games.

::

    [tournament]
    name = "spring"                 # required; every game id starts with it
    rulesets = ["umineko32"]        # default: umineko32
    games = 12                      # per rule set; rounded up to whole duplicate sets (see below)
    seed = 7                        # the base seed of every deal (default 0)
    concurrency = 4                 # games played at once (default 4)
    beliefs_at = ["day_end"]        # belief checkpoints (default: the end of every day; [] for none)

    [defaults]                      # as in a seat file: endpoint settings shared by every endpoint
    timeout_s = 90

    [endpoints.deepseek]            # as in a seat file (base_url, model, api_key_env, max_concurrency…)
    base_url = "https://api.deepseek.com/v1"
    model = "deepseek-chat"
    api_key_env = "DEEPSEEK_API_KEY"

    [[models]]                      # one table per contestant; name is its leaderboard label
    name = "deepseek"
    player = "llm:deepseek"         # scripted, random or llm:ENDPOINT

    [[models]]
    name = "bots"
    player = "scripted"

(or ``models = ["scripted", "llm:deepseek"]``, each named after its player). A *deal* is one seed:
one deal of roles and aliases to seats. Each deal is played once per rotation of the models over
the seats (seat s gets model ``(s - 1 + r) mod M`` in rotation r), so every model plays every seat's
role of the deal — both sides — with the same cards: duplicate games. Errors name the file, the
table and key, its line, and the fix, as the seat file's do.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.llm.endpoint import Endpoint
from arena.run.beliefs import DEFAULT_PHASES
from arena.run.seats import BOTS, _endpoints, _Source
from engine.errors import UnknownName
from engine.rulesets import get_ruleset, ruleset_ids

TOP = ("tournament", "defaults", "endpoints", "models")
SETTINGS = ("name", "rulesets", "games", "seed", "concurrency", "beliefs_at")
_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


class TournamentFileError(ValueError):
    """A tournament file that cannot be used; the message names where and how to fix it."""


@dataclass(frozen=True)
class Contestant:
    """One model of the tournament: its leaderboard label and its player (``scripted``, ``llm:NAME``…)."""

    name: str
    player: str


@dataclass(frozen=True)
class Tournament:
    name: str
    rulesets: tuple[str, ...]
    games: int
    seed: int
    concurrency: int
    beliefs_at: tuple[str, ...]
    models: tuple[Contestant, ...]
    endpoints: dict[str, Endpoint] = field(default_factory=dict)


def load_tournament(path: str | Path) -> Tournament:
    """Read and check a tournament file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TournamentFileError(f"{path}: cannot read the tournament file ({exc.strerror or exc})") from None
    return parse_tournament(text, name=str(path))


def parse_tournament(text: str, *, name: str = "tournament file") -> Tournament:
    """``load_tournament`` on the file's text."""
    src = _Source(name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TournamentFileError(f"{name}: not valid TOML: {exc}") from None
    for key in data:
        if key not in TOP:
            raise _error(src, f"[{key}]", f"unknown table; a tournament file has {', '.join(TOP)}", key)
    settings = data.get("tournament")
    if not isinstance(settings, dict):
        raise _error(src, "[tournament]", 'missing: add a [tournament] table with name = "..." and games = N')
    endpoints = _endpoints_of(src, data)
    models = _models(src, data.get("models"), endpoints)
    return Tournament(models=models, endpoints=endpoints, **_settings(src, settings))


def _error(src: _Source, where: str, message: str, key: str | None = None, table: str | None = None
           ) -> TournamentFileError:
    return TournamentFileError(str(src.error(where, message, key, table)))


def _endpoints_of(src: _Source, data: dict[str, Any]) -> dict[str, Endpoint]:
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict):
        raise _error(src, "defaults", "must be a table ([defaults])", "defaults")
    try:
        return _endpoints(src, data, {k: v for k, v in defaults.items() if k != "player"})
    except ValueError as exc:
        raise TournamentFileError(str(exc).replace("seat file", "tournament file")) from None


def _settings(src: _Source, raw: dict[str, Any]) -> dict[str, Any]:
    for key in raw:
        if key not in SETTINGS:
            raise _error(src, f"[tournament] {key}", f"unknown setting; known: {', '.join(SETTINGS)}", key,
                         "tournament")
    name = raw.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise _error(src, "[tournament] name", 'needs a name of letters, digits, "_", "-", "." (e.g. name = '
                     '"spring"): game ids start with it', "name" if "name" in raw else None, "tournament")
    rulesets = raw.get("rulesets", ["umineko32"])
    if isinstance(rulesets, str):
        rulesets = [rulesets]
    if not isinstance(rulesets, list) or not rulesets:
        raise _error(src, "[tournament] rulesets", f'a list of rule set ids, e.g. ["umineko32"]; known: '
                     f"{', '.join(ruleset_ids())}", "rulesets", "tournament")
    for ruleset in rulesets:
        try:
            get_ruleset(str(ruleset))
        except UnknownName as exc:
            raise _error(src, "[tournament] rulesets", str(exc), "rulesets", "tournament") from None
    beliefs_at = raw.get("beliefs_at", list(DEFAULT_PHASES))
    if not isinstance(beliefs_at, list) or not all(isinstance(p, str) for p in beliefs_at):
        raise _error(src, "[tournament] beliefs_at", 'a list of phase names, e.g. ["day_end"] ([] for none)',
                     "beliefs_at", "tournament")
    return {"name": name, "rulesets": tuple(str(r) for r in rulesets), "beliefs_at": tuple(beliefs_at),
            "games": _count(src, raw, "games", None, 1), "seed": _count(src, raw, "seed", 0, 0),
            "concurrency": _count(src, raw, "concurrency", 4, 1)}


def _count(src: _Source, raw: dict[str, Any], key: str, default: int | None, least: int) -> int:
    value = raw.get(key, default)
    if value is None:
        raise _error(src, f"[tournament] {key}", f"missing: add {key} = N (the number of games per rule set)",
                     None, "tournament")
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise _error(src, f"[tournament] {key}", f"must be a whole number ≥ {least}, got {value!r}", key,
                     "tournament")
    return value


def _models(src: _Source, raw: Any, endpoints: dict[str, Endpoint]) -> tuple[Contestant, ...]:
    if raw is None:
        raise _error(src, "models", 'no models: add [[models]] tables (name = "...", player = "scripted" or '
                     '"llm:NAME"), or models = ["scripted", "random"]')
    if not isinstance(raw, list) or not raw:
        raise _error(src, "models", "must be a non-empty list ([[models]] tables or player strings)", "models")
    out: list[Contestant] = []
    for i, item in enumerate(raw):
        where = f"[[models]] #{i + 1}{_nth_table_line(src, 'models', i)}"
        if isinstance(item, str):
            item = {"name": item, "player": item}
        if not isinstance(item, dict) or set(item) - {"name", "player"} or "player" not in item:
            raise _error(src, where, 'each model is a table with player = "scripted" | "random" | "llm:NAME" '
                         "and an optional name")
        player = str(item["player"]).strip()
        _check_player(src, f"[[models]] #{i + 1} player{_nth_table_line(src, 'models', i, 'player')}", player,
                      endpoints)
        name = str(item.get("name", player))
        if any(c.name == name for c in out):
            raise _error(src, where, f"the name {name!r} is used twice; give each model its own name")
        out.append(Contestant(name, player))
    return tuple(out)


def _nth_table_line(src: _Source, table: str, index: int, key: str | None = None) -> str:
    """`` (line N)`` of ``key`` in the ``index``-th ``[[table]]`` (or of its header), so an error points
    at the right entry rather than at the first one."""
    lines = src.text.splitlines()
    header = re.compile(r"^\s*\[\[\s*" + re.escape(table) + r"\s*\]\]")
    found = [i for i, line in enumerate(lines) if header.match(line)]
    if index >= len(found):
        return ""
    start = found[index]
    if key is not None:
        assignment = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
        for i in range(start + 1, len(lines)):
            if lines[i].lstrip().startswith("["):
                break
            if assignment.match(lines[i]):
                return f" (line {i + 1})"
    return f" (line {start + 1})"


def _check_player(src: _Source, where: str, player: str, endpoints: dict[str, Endpoint]) -> None:
    if player in BOTS:
        return
    if player.startswith("llm:") and player[4:] in endpoints:
        return
    known = ", ".join(endpoints) or "none"
    if player.startswith("llm:"):
        raise _error(src, where, f"unknown endpoint {player[4:]!r} (defined: {known}); add [endpoints.{player[4:]}]")
    raise _error(src, where, f"unknown player {player!r}; players: scripted, random, llm:NAME")
