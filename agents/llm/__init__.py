"""LLM players: any OpenAI-compatible endpoint, one LangGraph graph per decision.

``tools`` turns the engine's legal actions into tool schemas and ``parse`` turns calls back into
typed actions; ``endpoint`` configures an endpoint; ``pool`` holds one client and one concurrency
limit per endpoint and retries transport errors; ``graph`` is the decision graph; ``records`` the
call records; ``agent`` the ``Agent``. ``LLMAgent``, ``Endpoint``, ``ClientPool`` and
``MissingKeyError`` are importable from here (lazily: the tools need no model client).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agents.llm.agent import LLMAgent as LLMAgent
    from agents.llm.endpoint import Endpoint as Endpoint
    from agents.llm.endpoint import MissingKeyError as MissingKeyError
    from agents.llm.pool import ClientPool as ClientPool

_EXPORTS = {"LLMAgent": "agents.llm.agent", "Endpoint": "agents.llm.endpoint",
            "MissingKeyError": "agents.llm.endpoint", "ClientPool": "agents.llm.pool"}

__all__ = ["ClientPool", "Endpoint", "LLMAgent", "MissingKeyError"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'agents.llm' has no attribute {name!r}")
    return getattr(import_module(module), name)
