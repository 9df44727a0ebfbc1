"""One model endpoint: where it is, which model, how to sample, how long to wait, how hard to retry.

An ``Endpoint`` is two parts: its ``Transport`` (where and how to reach the model: base_url, model, the
key's variable, profile and quirks, prices, timeouts, retries, the breaker) and its ``SeatPolicy`` (how
its seats ask: sampling, tool mode, layout, language, limits and budgets, caps). A seat file and a
stored game header write both as one flat table (``SETTINGS``); the split is internal.

Any OpenAI-compatible server serves (OpenAI, vLLM, Ollama, llama.cpp, DeepSeek/Qwen APIs); its
``profile`` (``agents.llm.profiles``) says how that API differs: which parameters it takes, how a
tool is forced, where reasoning and cached tokens come back, its default context budget and listed
prices. The key is never stored: ``api_key_env`` names the environment variable that holds it. A
local endpoint (127.0.0.1, localhost, ::1) needs none; ``api_key_env = ""`` says no endpoint key is
needed. ``caps`` (per game) and ``tournament_caps`` bound what the endpoint may spend; past a cap its
seats are handed to the declared stand-in bot (``agents.llm.meter``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agents.llm.profiles import DEFAULT_PROFILE, Prices, Profile, ProfileError, profile
from prompts.seat import Layout

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
DUMMY_KEY = "sk-no-key-needed"

ToolMode = Literal["auto", "forced", "direct"]
ToolSet = Literal["stable", "per_call"]


class MissingKeyError(RuntimeError):
    """The variable that should hold an endpoint's key is not set; the message says what to do."""


StandIn = Literal["scripted", "random"]


class Caps(BaseModel):
    """What an endpoint may spend (per game, or per tournament) before its seats go to ``stand_in``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_cost: float | None = Field(default=None, gt=0, description="USD, from the endpoint's prices")
    max_tokens: int | None = Field(default=None, gt=0, description="prompt + completion tokens")
    stand_in: StandIn = Field(default="scripted", description="the bot that takes the endpoint's seats")


OMIT = "omit"
"""``max_tokens = "omit"`` (or 0): send no completion limit (TOML has no null)."""


class Transport(BaseModel):
    """Where and how to reach the model: the server, the model's name, the key's variable, the provider
    profile and its quirks, the listed prices, timeouts, concurrency, retries and the breaker."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(default="default", description="the name the seat file gives it")
    base_url: str = Field(description="the API root, e.g. http://127.0.0.1:8080/v1")
    model: str = Field(min_length=1)
    api_key_env: str | None = Field(default=None, description="the variable holding the key; '' for none")
    profile: str = Field(default=DEFAULT_PROFILE, description="the provider profile (agents/llm/profiles.toml)")
    quirks: dict[str, Any] = Field(default_factory=dict, description="overrides of the profile's keys")
    prices: Prices | None = Field(default=None, description="USD per 1M tokens; replaces the profile's listed price")
    timeout_s: float = Field(default=60.0, gt=0, description="per request")
    max_concurrency: int = Field(default=4, ge=1, description="requests in flight to this endpoint")
    max_retries: int = Field(default=3, ge=0, description="retries on 429, 5xx, timeouts, connection errors")
    backoff_s: float = Field(default=0.5, ge=0, description="first backoff; doubles each retry, with jitter")
    backoff_max_s: float = Field(default=20.0, ge=0)
    breaker_after: int = Field(default=2, ge=1, description="decisions failed in a row before failing fast")
    breaker_cooldown_s: float = Field(default=30.0, ge=0, description="how long to fail fast before a new try")
    extra_body: dict[str, Any] = Field(default_factory=dict, description="extra request fields for the server")

    @cached_property
    def api(self) -> Profile:
        """The endpoint's provider profile, its quirks applied."""
        return profile(self.profile, self.quirks or None)

    @property
    def price(self) -> Prices | None:
        """The prices calls are billed at: the endpoint's own, else the profile's listed one."""
        return self.prices or self.api.price_of(self.model)

    @property
    def host(self) -> str:
        return urlparse(self.base_url).hostname or ""

    @property
    def is_local(self) -> bool:
        return self.host in LOCAL_HOSTS

    def api_key(self, environ: Mapping[str, str] | None = None) -> str:
        """The key from the environment; a dummy where none is needed. Raises ``MissingKeyError``."""
        env = os.environ if environ is None else environ
        if self.api_key_env == "":
            return DUMMY_KEY
        if self.api_key_env is not None:
            value = env.get(self.api_key_env, "").strip()
            if value:
                return value
            if self.is_local:
                return DUMMY_KEY
            raise MissingKeyError(
                f"endpoint {self.name!r} ({self.base_url}): the environment variable {self.api_key_env} is not "
                f"set. Set it (export {self.api_key_env}=...) or name the variable that holds the key with "
                f"api_key_env in [endpoints.{self.name}].")
        if self.is_local:
            return DUMMY_KEY
        raise MissingKeyError(
            f"endpoint {self.name!r} ({self.base_url}) needs a key: add api_key_env = \"VARIABLE\" to "
            f"[endpoints.{self.name}] and export that variable, or api_key_env = \"\" if the server needs none.")


class SeatPolicy(BaseModel):
    """How the seats that use an endpoint ask it: sampling, the tools and their mode, the prompt's layout
    and language, token limits and the context budget, re-asks and notes, and what they may spend."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, gt=0, le=1)
    max_tokens: int | None = Field(default=None, ge=16, description="completion limit; the profile's default when "
                                   "not given; \"omit\" or 0: none sent (as the profile's API names it)")
    reasoning_effort: str | None = Field(default=None, description="where the profile takes it")
    thinking: bool | None = Field(default=None, description="switch thinking on or off (the profile says how)")
    strict: bool = Field(default=False, description="strict function calling: schemas in OpenAI's strict subset")
    caps: Caps | None = Field(default=None, description="per game: max_cost, max_tokens, stand_in")
    tournament_caps: Caps | None = Field(default=None, description="the same, over a whole tournament")
    seed: int | None = Field(default=None, description="sampling seed, where the server honours one")
    max_retries_illegal: int = Field(default=2, ge=0, description="re-asks after an invalid or illegal call")
    max_notes: int = Field(default=2, ge=0, description="notebook writes per decision")
    tool_mode: ToolMode = Field(default="auto", description="auto: all tools at once; forced: select, then fill; "
                                "direct: the main legal action forced by name in one call (a tiny model)")
    tools: ToolSet = Field(default="stable", description="stable: a seat's tool schemas stay the same all game "
                           "(its whole vocabulary, targets any seat; a provider's prompt cache keeps hitting); "
                           "per_call: only the actions legal now, targets the legal ones")
    layout: Layout = Field(default="shared", description="shared: every role card and the whole phase guide in "
                           "the system message that all seats share (for a prefix-caching server); brief: the "
                           "rules only there, the seat's own card and this phase's guide in its own part (a "
                           "short context for a small local model, whose every token of context slows it)")
    lang: Literal["zh", "en"] = "zh"
    limits: dict[str, int] = Field(default_factory=dict, description="token limits that replace the rule set's: "
                                   "post, team_post, last_words, vote_reason, notes")
    context_budget: int = Field(default=16_000, ge=1_000, description="prompt tokens before compaction; the "
                                "profile's default when not given")


SETTINGS: tuple[str, ...] = (
    "name", "base_url", "model", "api_key_env", "temperature", "top_p", "profile", "quirks", "max_tokens",
    "reasoning_effort", "thinking", "strict", "prices", "caps", "tournament_caps", "seed", "timeout_s",
    "max_concurrency", "max_retries", "backoff_s", "backoff_max_s", "breaker_after", "breaker_cooldown_s",
    "max_retries_illegal", "max_notes", "tool_mode", "tools", "layout", "lang", "limits", "context_budget", "extra_body",
)
"""An endpoint's settings as a seat file and a stored game header write them: one flat table, in this
order (the stored JSON of a header is the same as before the split, so every stored game loads)."""
PARTS: tuple[str, ...] = ("transport", "policy")
"""The parts an endpoint is composed of (the nested form of ``Endpoint.model_dump``)."""
_PART_OF: dict[str, str] = {**dict.fromkeys(Transport.model_fields, "transport"),
                            **dict.fromkeys(SeatPolicy.model_fields, "policy")}
assert set(_PART_OF) == set(SETTINGS), "every setting is of exactly one part"


class Endpoint(BaseModel):
    """An OpenAI-compatible endpoint (``transport``) and the policy of the seats that use it (``policy``),
    no secrets. Built from the seat file's one flat table of settings (``SETTINGS``), which the
    validator splits into the two parts; ``public`` writes it back flat."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    transport: Transport
    policy: SeatPolicy = Field(default_factory=SeatPolicy)

    @classmethod
    def of(cls, **settings: Any) -> Endpoint:
        """An endpoint from its settings by their flat names (``SETTINGS``), as a seat file gives them."""
        return cls.model_validate(settings)

    @model_validator(mode="before")
    @classmethod
    def _split(cls, data: Any) -> Any:
        """A flat table of settings (a seat file's, a stored header's) as its two parts, the profile's
        defaults filled in; the nested form (``transport``, ``policy``) as it is. A key of neither part
        stays at the top, where it is refused as unknown."""
        if not isinstance(data, dict) or (set(data) <= set(PARTS) and "transport" in data):
            return data
        values = _with_profile_defaults(dict(data))
        parts: dict[str, Any] = {"transport": {}, "policy": {}}
        for key, value in values.items():
            part = _PART_OF.get(key)
            if part is None:
                parts[key] = value
            else:
                parts[part][key] = value
        return parts

    @model_validator(mode="after")
    def _check(self) -> Endpoint:
        """What the profile's API refuses, a price that is missing, a cap below one request: each an
        error naming the key and the fix."""
        try:
            prof = self.api
        except ProfileError as exc:
            raise ValueError(f"profile: {exc}") from None
        policy = self.policy
        for key in ("temperature", "top_p", "seed"):
            if getattr(policy, key) is not None and key not in prof.sampling:
                raise ValueError(f"{key}: the {prof.name} profile's API does not take it (see agents/llm/profiles.toml); "
                                 f"remove {key}, or choose another profile")
        if policy.reasoning_effort is not None and policy.reasoning_effort not in prof.reasoning_effort:
            allowed = ", ".join(prof.reasoning_effort) or "none (remove it)"
            raise ValueError(f"reasoning_effort: {policy.reasoning_effort!r} is not taken by the {prof.name} profile; "
                             f"allowed: {allowed}")
        if policy.thinking is not None and not prof.thinking:
            raise ValueError(f"thinking: the {prof.name} profile has no thinking switch; remove thinking")
        if self.price is None and (prof.billed or self._capped("max_cost")):
            listed = ", ".join(prof.prices) or "none"
            raise ValueError(f"prices: no price for model {self.transport.model!r} (profile {prof.name} lists: "
                             f"{listed}); add prices = {{input = …, cached_input = …, output = …}} in USD per "
                             "million tokens")
        self._check_caps()
        return self

    def _capped(self, key: str) -> bool:
        return any(c is not None and getattr(c, key) is not None for c in (self.policy.caps, self.policy.tournament_caps))

    def one_request(self) -> int:
        """The tokens one request may take at most: the context budget and the completion limit."""
        return self.policy.context_budget + (self.policy.max_tokens or self.api.default_max_tokens or 1024)

    def _check_caps(self) -> None:
        most, budget = self.one_request(), self.policy.context_budget
        for name, caps in (("caps", self.policy.caps), ("tournament_caps", self.policy.tournament_caps)):
            if caps is None:
                continue
            if caps.max_tokens is not None and caps.max_tokens < most:
                raise ValueError(f"{name}.max_tokens: {caps.max_tokens} is below one request (context_budget "
                                 f"{budget} + completion limit = {most} tokens); raise it or lower context_budget")
            price = self.price
            if caps.max_cost is not None and price is not None:
                one = price.cost(budget, 0, most - budget)
                if caps.max_cost < one:
                    raise ValueError(f"{name}.max_cost: {caps.max_cost:g} USD is below one request ({one:.4f} USD at "
                                     f"{most} tokens and this model's prices); raise it or lower context_budget")

    @property
    def name(self) -> str:
        """The endpoint's name in the seat file (its transport's)."""
        return self.transport.name

    @property
    def api(self) -> Profile:
        """The endpoint's provider profile, its quirks applied."""
        return self.transport.api

    @property
    def price(self) -> Prices | None:
        """The prices calls are billed at: the endpoint's own, else the profile's listed one."""
        return self.transport.price

    def api_key(self, environ: Mapping[str, str] | None = None) -> str:
        """The key from the environment; a dummy where none is needed. Raises ``MissingKeyError``."""
        return self.transport.api_key(environ)

    def key_problem(self, environ: Mapping[str, str] | None = None) -> str | None:
        """What is wrong with the key, or None."""
        try:
            self.api_key(environ)
        except MissingKeyError as exc:
            return str(exc)
        return None

    def sampling(self) -> dict[str, Any]:
        """The request's sampling fields that are set, as the profile's API names them (the
        completion limit as ``max_tokens`` or ``max_completion_tokens``; reasoning effort; the
        thinking switch)."""
        policy = self.policy
        out: dict[str, Any] = {}
        for field in ("temperature", "top_p", "seed"):
            value = getattr(policy, field)
            if value is not None:
                out[field] = value
        if policy.max_tokens is not None:
            out[self.api.token_limit] = policy.max_tokens
        if policy.reasoning_effort is not None:
            out["reasoning_effort"] = policy.reasoning_effort
        if policy.thinking is not None:
            out.update(thinking_field(self.api, policy.thinking))
        return out

    def settings(self) -> dict[str, Any]:
        """Every setting as one flat table (``SETTINGS`` order), as a seat file writes it."""
        flat = {**self.transport.model_dump(), **self.policy.model_dump()}
        return {key: flat[key] for key in SETTINGS}

    def public(self) -> dict[str, Any]:
        """The configuration as stored with a game: the flat table of settings, as JSON (no key; the
        variable's name only)."""
        flat = {**self.transport.model_dump(mode="json"), **self.policy.model_dump(mode="json")}
        return {key: flat[key] for key in SETTINGS}

    def replaced(self, **settings: Any) -> Endpoint:
        """This endpoint with some settings changed (by their flat names), validated again."""
        return Endpoint.model_validate({**self.settings(), **settings})


def _with_profile_defaults(values: dict[str, Any]) -> dict[str, Any]:
    """The profile's defaults for what a flat table does not set; ``max_tokens = "omit"`` or 0 as None."""
    try:
        prof = profile(str(values.get("profile", DEFAULT_PROFILE)), values.get("quirks") or None)
    except ProfileError:
        return values  # reported by Endpoint._check, with the key
    if "max_tokens" not in values:
        values["max_tokens"] = prof.default_max_tokens or None
    elif values["max_tokens"] in (OMIT, 0):
        values["max_tokens"] = None
    values.setdefault("context_budget", prof.context_budget)
    return values


def thinking_field(prof: Profile, on: bool) -> dict[str, Any]:
    """The request field that switches thinking, as the profile's API takes it."""
    if prof.thinking == "deepseek":
        return {"thinking": {"type": "enabled" if on else "disabled"}}
    if prof.thinking == "qwen":
        return {"enable_thinking": on}
    if prof.thinking == "chat_template":
        return {"chat_template_kwargs": {"enable_thinking": on}}
    return {}
