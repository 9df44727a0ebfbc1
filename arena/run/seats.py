"""The seat file: who plays each seat of a game (scripted bots, random players, models).

A TOML file with three parts, all optional but ``seats``::

    [defaults]                      # for every seat and endpoint
    player = "scripted"             # seats the file does not list
    lang = "zh"                     # language of LLM prompts: zh or en
    timeout_s = 90                  # any endpoint setting may be defaulted here

    [endpoints.local]               # one table per endpoint; the name is yours
    base_url = "http://127.0.0.1:8080/v1"
    model = "qwen2.5-0.5b-instruct"
    tool_mode = "forced"            # auto: every tool at once; forced: select, then fill (small models)
    max_concurrency = 2

    [endpoints.deepseek]
    base_url = "https://api.deepseek.com/v1"
    model = "deepseek-chat"
    api_key_env = "DEEPSEEK_API_KEY"    # the variable that holds the key (never the key itself)
    temperature = 0.7

    [seats]                         # seat or range = player
    "1-6" = "llm:deepseek"
    "7-12" = "llm:local"
    "13" = "random"

or, with settings per seat, an array of tables instead of ``[seats]``::

    [[seats]]
    seats = "1-6"                   # or seat = 3, or seats = [1, 4, 7]
    player = "llm:deepseek"
    temperature = 0.2               # overrides the endpoint's sampling and policy for these seats
    lang = "en"

Players: ``scripted``, ``random``, ``llm:NAME`` (``llm`` alone when one endpoint is defined).
Endpoint settings are ``agents.llm.Endpoint``'s fields (base_url, model, api_key_env, temperature,
top_p, max_tokens, seed, timeout_s, max_concurrency, max_retries, backoff_s, backoff_max_s,
breaker_after, breaker_cooldown_s, max_retries_illegal, max_notes, tool_mode, lang,
context_budget, extra_body). A seat entry may override any of them but base_url and api_key_env
(define another endpoint for those). Errors name the file, the table and key (with its line where
it can be found) and the fix. A key variable that is not set is not an error: it is reported in
``SeatPlan.problems`` and those seats fall back (pass) on every decision, on record.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import ValidationError

from agents.base import Agent
from agents.llm.endpoint import PARTS, SETTINGS, Endpoint
from agents.llm.meter import Meter
from arena.run.players import make_agent
from transcripts.errors import CodedError

if TYPE_CHECKING:  # the model client and the decision graph load only where a seat plays a model
    from agents.llm.agent import LLMAgent
    from agents.llm.pool import ClientPool

BOTS = ("scripted", "random")
TOP = ("defaults", "endpoints", "seats")
SEAT_ONLY = ("seat", "seats", "player", "lang")
FIXED_PER_ENDPOINT = ("name", "base_url", "api_key_env")
ENDPOINT_FIELDS = SETTINGS
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


SEAT_FILE_TEXTS: dict[str, tuple[str, str]] = {
    "base_url": (
        "{file}：[{table}] base_url{line}：{value!r} 不是网址。请写以 http:// 或 https:// 开头的 API 根地址，"
        "例如 base_url = \"http://127.0.0.1:8080/v1\"。",
        "{file}: [{table}] base_url{line}: {value!r} is not a URL. Give the API root, starting with http:// "
        "or https://, e.g. base_url = \"http://127.0.0.1:8080/v1\".",
    ),
}


class SeatFileError(CodedError, ValueError):
    """A seat file that cannot be used; the message names where and how to fix it."""

    TEXTS = SEAT_FILE_TEXTS


@dataclass
class SeatPlan:
    """The players of a game: an agent per seat, the stored configs (no secrets), what to warn about."""

    agents: dict[int, Agent]
    configs: list[dict[str, Any]]
    endpoints: dict[str, Endpoint] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    pool: ClientPool | None = None
    closers: list[Callable[[], Awaitable[Any]]] = field(default_factory=list)
    """What else to close when the game is over (the local model's server)."""

    async def aclose(self) -> None:
        """Close the endpoints' clients and what the plan started (call when the game is over)."""
        if self.pool is not None:
            await self.pool.aclose()
        for close in self.closers:
            await close()


@dataclass
class _Source:
    """The file's name and text, to point at lines."""

    name: str
    text: str

    def line_of(self, key: str, table: str | None = None) -> str:
        """`` (line N)`` for the first line defining ``key`` (after ``[table]`` when given), else ''."""
        lines = self.text.splitlines()
        start = 0
        if table is not None:
            header = re.compile(r"^\s*\[+\s*" + re.escape(table) + r"\s*\]+")
            start = next((i for i, line in enumerate(lines) if header.match(line)), 0)
        pattern = re.compile(r"^\s*(?:[\"']?" + re.escape(key) + r"[\"']?\s*=|\[+\s*" + re.escape(key) + r"\s*\]+)")
        for i in range(start, len(lines)):
            if pattern.match(lines[i]):
                return f" (line {i + 1})"
        return ""

    def error(self, where: str, message: str, key: str | None = None, table: str | None = None) -> SeatFileError:
        line = self.line_of(key, table) if key is not None else ""
        return SeatFileError(f"{self.name}: {where}{line}: {message}")


def load_seat_file(path: str | Path, seats: int, *, seed: int = 0, environ: Mapping[str, str] | None = None
                   ) -> SeatPlan:
    """Read and check a seat file for a game of ``seats`` seats; build its agents."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SeatFileError(f"{path}: cannot read the seat file ({exc.strerror or exc})") from None
    return parse_seat_file(text, seats, name=str(path), seed=seed, environ=environ)


def parse_seat_file(text: str, seats: int, *, name: str = "seat file", seed: int = 0,
                    environ: Mapping[str, str] | None = None) -> SeatPlan:
    """``load_seat_file`` on the file's text."""
    src = _Source(name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SeatFileError(f"{name}: not valid TOML: {exc}") from None
    for key in data:
        if key not in TOP:
            raise src.error(f"[{key}]", f"unknown table; a seat file has {', '.join(TOP)}", key)
    defaults = _table(src, data, "defaults")
    endpoints = _endpoints(src, data, defaults)
    entries = _entries(src, data, seats, defaults, endpoints)
    return _plan(src, entries, endpoints, seats, seed, environ)


def load_endpoints(path: str | Path) -> dict[str, Endpoint]:
    """Only the ``[endpoints]`` of a seat file (with its ``[defaults]``): what ``arena serve`` offers in its lobby."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise SeatFileError(f"{path}: cannot read the seat file ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise SeatFileError(f"{path}: not valid TOML: {exc}") from None
    src = _Source(str(path), text)
    return _endpoints(src, data, _table(src, data, "defaults"))


def _table(src: _Source, data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise src.error(key, f"must be a table ([{key}]), got {type(value).__name__}", key)
    return value


# -- endpoints -----------------------------------------------------------------------------------


def _endpoints(src: _Source, data: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Endpoint]:
    for key in defaults:
        if key not in ("player", *ENDPOINT_FIELDS) or key in FIXED_PER_ENDPOINT:
            known = ", ".join(("player", *(f for f in ENDPOINT_FIELDS if f not in FIXED_PER_ENDPOINT)))
            raise src.error(f"[defaults] {key}", f"unknown key; known: {known}", key, "defaults")
    shared = {k: v for k, v in defaults.items() if k != "player"}
    out: dict[str, Endpoint] = {}
    for ep_name, raw in _table(src, data, "endpoints").items():
        table = f"endpoints.{ep_name}"
        if not isinstance(raw, dict):
            raise src.error(f"[{table}]", "must be a table of settings (base_url, model, ...)", ep_name)
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", ep_name):
            raise src.error(f"[{table}]", "endpoint names use letters, digits, '_', '-', '.'", ep_name)
        out[ep_name] = _endpoint(src, table, {**shared, **raw, "name": ep_name})
    return out


def _endpoint(src: _Source, table: str, values: Mapping[str, Any]) -> Endpoint:
    url = values.get("base_url")
    if isinstance(url, str) and not _is_url(url):
        raise SeatFileError(code="base_url", file=src.name, table=table, line=src.line_of("base_url", table), value=url)
    try:
        return Endpoint.model_validate(dict(values))
    except ValidationError as exc:
        raise _validation_error(src, table, exc) from None


def _is_url(url: str) -> bool:
    """An http(s) URL with a host: anything else would reach no server (and read as a key problem)."""
    parts = urlsplit(url.strip())
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def _validation_error(src: _Source, table: str, exc: ValidationError) -> SeatFileError:
    first = exc.errors()[0]
    loc = first["loc"][1:] if first["loc"][:1] and first["loc"][0] in PARTS else first["loc"]  # the flat setting
    key = str(loc[0]) if loc else ""
    if first["type"] == "extra_forbidden":
        known = ", ".join(f for f in ENDPOINT_FIELDS if f != "name")
        return src.error(f"[{table}] {key}", f"unknown setting; known: {known}", key, table)
    if first["type"] == "missing":
        example = {"base_url": '"http://127.0.0.1:8080/v1"', "model": '"the model\'s name"'}.get(key, "...")
        return src.error(f"[{table}]", f"{key} is missing; add {key} = {example}", None)
    return src.error(f"[{table}] {key}", f"{first['msg']} (got {first.get('input')!r})", key, table)


# -- seats ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    seat: int
    player: str
    where: str
    overrides: dict[str, Any]


def _entries(src: _Source, data: Mapping[str, Any], seats: int, defaults: Mapping[str, Any],
             endpoints: Mapping[str, Endpoint]) -> dict[int, _Entry]:
    raw = data.get("seats")
    if raw is None:
        raise src.error("seats", 'no seats: add a [seats] table, e.g. "1-6" = "llm:NAME"')
    items: list[tuple[str, Any, str, dict[str, Any]]] = []
    if isinstance(raw, dict):
        items = [(key, key, f'[seats] "{key}"', {"player": value}) for key, value in raw.items()]
    elif isinstance(raw, list):
        items = [_array_item(src, i, item) for i, item in enumerate(raw)]
    else:
        raise src.error("seats", 'must be a table ([seats] "1-6" = "llm:NAME") or an array ([[seats]])', "seats")
    out: dict[int, _Entry] = {}
    for key, spec, where, values in items:
        player = values.get("player")
        if not isinstance(player, str):
            raise src.error(where, 'the player must be a string: "scripted", "random" or "llm:NAME"', key)
        player = _player(src, where, key, player.strip(), endpoints)
        overrides = {k: v for k, v in values.items() if k not in ("seat", "seats", "player")}
        for seat in _seats_of(src, where, key, spec, seats):
            if seat in out:
                raise src.error(where, f"seat {seat} is already given by {out[seat].where}; list each seat once", key)
            out[seat] = _Entry(seat, player, where, overrides)
    default = str(defaults.get("player", "scripted")).strip()
    default = _player(src, "[defaults] player", "player", default, endpoints)
    for seat in range(1, seats + 1):
        out.setdefault(seat, _Entry(seat, default, "[defaults] player", {}))
    return out


def _array_item(src: _Source, index: int, item: Any) -> tuple[str, Any, str, dict[str, Any]]:
    where = f"[[seats]] #{index + 1}"
    if not isinstance(item, dict):
        raise src.error(where, "each [[seats]] entry is a table with seat(s) and player", None)
    has_seat, has_seats = "seat" in item, "seats" in item
    if has_seat == has_seats:
        raise src.error(where, 'give either seat = 3 or seats = "1-6" (or a list)', None)
    spec = item["seat"] if has_seat else item["seats"]
    for key in item:
        if key not in SEAT_ONLY and key not in ENDPOINT_FIELDS:
            known = ", ".join((*SEAT_ONLY, *(f for f in ENDPOINT_FIELDS if f not in FIXED_PER_ENDPOINT)))
            raise src.error(f"{where} {key}", f"unknown key; known: {known}", key)
        if key in FIXED_PER_ENDPOINT:
            raise src.error(f"{where} {key}", f"{key} belongs to an endpoint: define another [endpoints.NAME]", key)
    return ("seat" if has_seat else "seats"), spec, where, dict(item)


def _player(src: _Source, where: str, key: str, player: str, endpoints: Mapping[str, Endpoint]) -> str:
    if player in BOTS:
        return player
    if player == "llm":
        if len(endpoints) == 1:
            return f"llm:{next(iter(endpoints))}"
        raise src.error(where, f'say which endpoint: "llm:NAME" (defined: {_names(endpoints)})', key)
    if player.startswith("llm:"):
        name = player[4:]
        if name in endpoints:
            return player
        raise src.error(where, f"unknown endpoint {name!r} (defined: {_names(endpoints)}); add [endpoints.{name}]",
                        key)
    raise src.error(where, f'unknown player {player!r}; players: scripted, random, llm:NAME', key)


def _names(endpoints: Mapping[str, Endpoint]) -> str:
    return ", ".join(endpoints) or "none"


def _seats_of(src: _Source, where: str, key: str, spec: Any, seats: int) -> list[int]:
    if isinstance(spec, bool):
        raise src.error(where, "a seat is a number or a range such as \"1-6\"", key)
    parts: list[Any] = spec if isinstance(spec, list) else [spec]
    out: list[int] = []
    for part in parts:
        if isinstance(part, int) and not isinstance(part, bool):
            lo, hi = part, part
        else:
            match = _RANGE.match(str(part))
            if match is None:
                raise src.error(where, f"{part!r} is not a seat or a range such as \"1-6\"", key)
            lo = int(match.group(1))
            hi = int(match.group(2) or lo)
        if lo > hi:
            raise src.error(where, f"range {lo}-{hi} runs backwards", key)
        if lo < 1 or hi > seats:
            raise src.error(where, f"seats are 1..{seats} in this game; {part!r} is outside", key)
        out.extend(range(lo, hi + 1))
    return out


# -- the plan ------------------------------------------------------------------------------------


def _plan(src: _Source, entries: Mapping[int, _Entry], endpoints: Mapping[str, Endpoint], seats: int, seed: int,
          environ: Mapping[str, str] | None) -> SeatPlan:
    from agents.llm.agent import LLMAgent
    from agents.llm.pool import ClientPool

    pool = ClientPool(seed=seed, environ=environ) if any(e.player.startswith("llm:") for e in entries.values()) \
        else None
    agents: dict[int, Agent] = {}
    configs: list[dict[str, Any]] = []
    problems: dict[str, list[int]] = {}
    meters: dict[tuple[str, str], Meter] = {}
    for seat in range(1, seats + 1):
        entry = entries[seat]
        if entry.player in BOTS:
            agents[seat] = make_agent(entry.player)
            configs.append({"seat": seat, "kind": entry.player})
            continue
        base = endpoints[entry.player[4:]]
        ep = _endpoint(src, entry.where, {**base.settings(), **entry.overrides}) \
            if entry.overrides else base
        assert pool is not None
        agents[seat] = metered(LLMAgent(ep, ep.policy.lang, pool=pool), meters)
        configs.append(llm_config(seat, ep))
        problem = ep.key_problem(environ)
        if problem is not None:
            problems.setdefault(problem, []).append(seat)
    notes = [f"seats {', '.join(map(str, s))}: {p} Until then those seats pass on every decision."
             for p, s in problems.items()]
    return SeatPlan(agents, configs, dict(endpoints), notes, pool)


def metered(agent: LLMAgent, meters: dict[tuple[str, str], Meter]) -> LLMAgent:
    """The agent with its endpoint's meters: the game's (one per endpoint in ``meters``, shared by its
    seats) and the tournament's (kept on the shared client pool, so that it spans the games)."""
    ep = agent.endpoint
    if ep.policy.caps is not None:
        agent.meters.append(meters.setdefault(("game", ep.name), Meter(ep.name, ep.policy.caps, "game")))
    if ep.policy.tournament_caps is not None:
        agent.meters.append(agent.pool.meters.setdefault(ep.name, Meter(ep.name, ep.policy.tournament_caps, "tournament")))
    return agent


def attach_control(agents: Mapping[int, Agent], record: Callable[[int, str, str], None] | None) -> None:
    """Send each cap's hand-over of an LLM seat to ``record`` (a ``seat_control`` row)."""
    if record is None or "agents.llm.agent" not in sys.modules:
        return  # no seat plays a model (seating one loads that module): a bot game never imports the LLM stack
    from agents.llm.agent import LLMAgent

    for agent in {id(a): a for a in agents.values()}.values():
        if isinstance(agent, LLMAgent) and agent.meters and record not in agent.on_control:
            agent.on_control.append(record)


def llm_config(seat: int, ep: Endpoint) -> dict[str, Any]:
    """The stored config of an LLM seat: the endpoint's settings, the key's variable name only."""
    return {"seat": seat, "kind": "llm", "player": f"llm:{ep.name}", "model": ep.transport.model, "lang": ep.policy.lang,
            "endpoint": ep.public()}


def human_config(config: dict[str, Any], deadline_s: float | None = None) -> dict[str, Any]:
    """The stored config of a human seat: a person played it; ``bot`` is the stand-in's own config,
    ``deadline_s`` the person's time per decision (a resumed game gives the seat back with it)."""
    return {"seat": config["seat"], "kind": "human", "bot": {k: v for k, v in config.items() if k != "seat"},
            "deadline_s": deadline_s}


def plan_from_configs(configs: list[dict[str, Any]], *, seed: int = 0, environ: Mapping[str, str] | None = None,
                      pool: ClientPool | None = None) -> SeatPlan:
    """The players again from a stored game's seat configs (to resume it). ``pool``: share one
    client pool across games (a tournament), so each endpoint's concurrency limit holds for all.
    The LLM stack is imported only at a model's seat: a resumed game of bots never loads it."""
    agents: dict[int, Agent] = {}
    problems: list[str] = []
    endpoints: dict[str, Endpoint] = {}
    meters: dict[tuple[str, str], Meter] = {}
    for config in configs:
        if config["kind"] == "human":  # a person's seat: its stand-in plays on (--human N takes it again)
            config = {**config["bot"], "seat": config["seat"]}
        seat, kind = int(config["seat"]), str(config["kind"])
        if kind != "llm":
            agents[seat] = make_agent(kind)
            continue
        from agents.llm.agent import LLMAgent
        from agents.llm.pool import ClientPool

        ep = Endpoint.model_validate(config["endpoint"])
        endpoints.setdefault(ep.name, ep)
        pool = pool or ClientPool(seed=seed, environ=environ)
        agents[seat] = metered(LLMAgent(ep, ep.policy.lang, pool=pool), meters)
        problem = ep.key_problem(environ)
        if problem is not None and problem not in problems:
            problems.append(problem)
    return SeatPlan(agents, [dict(c) for c in configs], endpoints, problems, pool)


def without_redactions(configs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored seat configs with every redacted value (``***``) left out, so an endpoint falls back to its
    default where the transcript hid a setting (``transcripts.records.redact`` hides any key that
    looks like a secret, ``max_tokens`` included); keys are read from ``api_key_env`` as always."""
    def clean(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if v != "***"}
        return value

    return [clean(c) for c in configs]
