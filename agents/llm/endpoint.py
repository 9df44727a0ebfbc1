"""One model endpoint: where it is, which model, how to sample, how long to wait, how hard to retry.

Any OpenAI-compatible server serves (OpenAI, vLLM, Ollama, llama.cpp, DeepSeek/Qwen APIs). The key
is never stored: ``api_key_env`` names the environment variable that holds it. A local endpoint
(127.0.0.1, localhost, ::1) needs none; ``api_key_env = ""`` says no endpoint key is needed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, ConfigDict, Field

from prompts.seat import Layout

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
DUMMY_KEY = "sk-no-key-needed"

ToolMode = Literal["auto", "forced", "direct"]
ToolSet = Literal["stable", "per_call"]


class MissingKeyError(RuntimeError):
    """The variable that should hold an endpoint's key is not set; the message says what to do."""


class Endpoint(BaseModel):
    """An OpenAI-compatible endpoint and the policy of the seats that use it (no secrets)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(default="default", description="the name the seat file gives it")
    base_url: str = Field(description="the API root, e.g. http://127.0.0.1:8080/v1")
    model: str = Field(min_length=1)
    api_key_env: str | None = Field(default=None, description="the variable holding the key; '' for none")
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, gt=0, le=1)
    max_tokens: int | None = Field(default=1024, ge=16)
    seed: int | None = Field(default=None, description="sampling seed, where the server honours one")
    timeout_s: float = Field(default=60.0, gt=0, description="per request")
    max_concurrency: int = Field(default=4, ge=1, description="requests in flight to this endpoint")
    max_retries: int = Field(default=3, ge=0, description="retries on 429, 5xx, timeouts, connection errors")
    backoff_s: float = Field(default=0.5, ge=0, description="first backoff; doubles each retry, with jitter")
    backoff_max_s: float = Field(default=20.0, ge=0)
    breaker_after: int = Field(default=2, ge=1, description="decisions failed in a row before failing fast")
    breaker_cooldown_s: float = Field(default=30.0, ge=0, description="how long to fail fast before a new try")
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
    context_budget: int = Field(default=24_000, ge=1_000, description="prompt tokens before compaction")
    extra_body: dict[str, Any] = Field(default_factory=dict, description="extra request fields for the server")

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

    def key_problem(self, environ: Mapping[str, str] | None = None) -> str | None:
        """What is wrong with the key, or None."""
        try:
            self.api_key(environ)
        except MissingKeyError as exc:
            return str(exc)
        return None

    def sampling(self) -> dict[str, Any]:
        """The request's sampling fields that are set."""
        out: dict[str, Any] = {}
        for field in ("temperature", "top_p", "max_tokens", "seed"):
            value = getattr(self, field)
            if value is not None:
                out[field] = value
        return out

    def public(self) -> dict[str, Any]:
        """The configuration as stored with a game (no key; the variable's name only)."""
        return self.model_dump(mode="json")
