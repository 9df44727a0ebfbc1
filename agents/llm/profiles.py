"""Provider profiles: what each model API takes and returns, read from ``profiles.toml``.

A profile is data (the TOML beside this file cites each provider's documentation for every key):
which parameters the API takes, how a tool may be forced, where reasoning and cached tokens come back,
whether reasoning must be passed back, the default context budget, and listed prices. An endpoint
names one (``Endpoint.profile``) and may override keys of it (``Endpoint.quirks``). ``wire`` turns a
request into the body a profile's API takes; ``usage`` reads what it answers.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

PROFILES_FILE = Path(__file__).with_name("profiles.toml")
DEFAULT_PROFILE = "generic"


class Prices(BaseModel):
    """USD per million tokens: prompt tokens not from a cache, prompt tokens from one, completion."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    input: float = Field(ge=0)
    cached_input: float = Field(ge=0)
    output: float = Field(ge=0)

    def cost(self, prompt: int, cached: int, completion: int) -> float:
        """The billed cost of one call (cached tokens at the cached price, the rest of the prompt at
        the input price)."""
        cached = min(max(cached, 0), prompt)
        return ((prompt - cached) * self.input + cached * self.cached_input + completion * self.output) / 1e6


class Profile(BaseModel):
    """One provider's API, as its documentation describes it (keys explained in ``profiles.toml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = DEFAULT_PROFILE
    token_limit: Literal["max_tokens", "max_completion_tokens"] = "max_tokens"
    default_max_tokens: int = Field(default=1024, ge=0)
    sampling: tuple[str, ...] = ("temperature", "top_p", "seed")
    reasoning_effort: tuple[str, ...] = ()
    thinking: Literal["", "deepseek", "qwen", "chat_template"] = ""
    tool_choice_named: bool = True
    tool_choice_required: bool = True
    auto_needs_parser: bool = False
    reasoning_field: str = "reasoning_content"
    pass_back_reasoning: Literal["never", "tool_calls"] = "never"
    content_tool_calls: bool = True
    cached_tokens: tuple[str, ...] = ()
    context_errors: tuple[str, ...] = ()
    context_budget: int = Field(default=16_000, ge=1_000)
    strict: bool = False
    billed: bool = False
    prices_as_of: str = ""
    prices: dict[str, Prices] = Field(default_factory=dict)

    def price_of(self, model: str) -> Prices | None:
        """The listed price of ``model``: its own entry, else the longest listed name it starts with
        (``gpt-4.1-2025-04-14`` is priced as ``gpt-4.1``)."""
        if model in self.prices:
            return self.prices[model]
        stems = sorted((m for m in self.prices if model.startswith(m)), key=len, reverse=True)
        return self.prices[stems[0]] if stems else None

    def tool_choice(self, choice: str | dict[str, Any], tools: int) -> str | dict[str, Any]:
        """The tool choice this API honours for ``choice`` over ``tools`` offered tools: a named choice
        where the API has none becomes "required" (the request offers that one tool alone), or "auto"
        where "required" is not honoured either (a one-tool request is then the only way to force it)."""
        if isinstance(choice, dict) and not self.tool_choice_named:
            return "required" if self.tool_choice_required and tools == 1 else "auto"
        if choice == "required" and not self.tool_choice_required:
            return "auto"
        return choice

    def is_context_error(self, status: int, text: str) -> bool:
        """Whether an HTTP error says the prompt exceeds the model's context window."""
        folded = text.casefold()
        return status in (400, 413) and any(marker.casefold() in folded for marker in self.context_errors)


KNOWN_KEYS = tuple(f for f in Profile.model_fields if f != "name")


class ProfileError(ValueError):
    """An unknown profile or a bad override; the message names the key and the fix."""


@cache
def _table() -> dict[str, dict[str, Any]]:
    data = tomllib.loads(PROFILES_FILE.read_text(encoding="utf-8"))
    return {name: dict(values) for name, values in data.items()}


def names() -> tuple[str, ...]:
    """The shipped profiles' names."""
    return tuple(_table())


@cache
def _shipped(name: str) -> Profile:
    return Profile.model_validate({**_table()[name], "name": name})


def profile(name: str, quirks: Mapping[str, Any] | None = None) -> Profile:
    """The profile ``name`` with ``quirks`` (an endpoint's overrides) applied; raises ``ProfileError``."""
    if name not in _table():
        raise ProfileError(f"unknown profile {name!r}; profiles: {', '.join(names())}")
    base = _shipped(name)
    if not quirks:
        return base
    unknown = [k for k in quirks if k not in KNOWN_KEYS]
    if unknown:
        raise ProfileError(f"quirks.{unknown[0]}: not a profile key; keys: {', '.join(KNOWN_KEYS)}")
    try:
        return Profile.model_validate({**base.model_dump(), **dict(quirks)})
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"])
        raise ProfileError(f"quirks.{key}: {first['msg']} (got {first.get('input')!r})") from None


def read_path(data: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted ``path`` of a JSON object, or None."""
    value: Any = data
    for part in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


CACHED_FIELDS = ("usage.prompt_tokens_details.cached_tokens", "usage.prompt_cache_hit_tokens",
                 "usage.cached_tokens", "timings.cache_n")
"""Every cached-prompt-token field a provider here reports (OpenAI, vLLM, SGLang and Qwen;
DeepSeek; a few gateways; llama-server's timings), read whatever the profile."""


def cached_tokens(response: Mapping[str, Any], prof: Profile) -> int | None:
    """Prompt tokens the provider served from its cache: the profile's documented fields first, then
    every other known one; None where none is reported."""
    for path in (*prof.cached_tokens, *CACHED_FIELDS):
        value = read_path(response, path)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
