"""What an endpoint has spent, against its caps: a game's, or a whole tournament's.

``Meter`` adds up the tokens (prompt + completion, the server's counts where it gives them) and the
cost (``CallRecord.cost_usd``) of every call made on one endpoint, and says when a cap is reached.
Every seat of the endpoint shares the game's meter (``arena.run.seats`` makes one per endpoint) and the
tournament's (kept on the tournament's shared ``ClientPool``). An ``LLMAgent`` asks before each
decision: once a cap is reached its seats are played by the endpoint's declared stand-in bot
(``Caps.stand_in``), each hand-over reported to ``on_control`` listeners (``seat_control`` rows), so
the game still ends and the record says why. A decision under way finishes: a cap can be passed by
at most one decision's requests.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from agents.llm.endpoint import Caps
from transcripts.records import CallRecord

CAP_REASON = "cap"
"""The reason of a cap's hand-over starts with it (``cap: max_cost 0.50 USD per game reached…``)."""


@dataclass
class Meter:
    """One endpoint's spending in one scope (``game`` or ``tournament``) against ``caps``."""

    endpoint: str
    caps: Caps
    scope: str = "game"
    tokens: int = 0
    cost_usd: float = 0.0
    calls: int = 0

    def add(self, records: Iterable[CallRecord]) -> None:
        for record in records:
            self.calls += 1
            prompt = record.tokens_in_reported if record.tokens_in_reported is not None else record.tokens_in or 0
            completion = record.tokens_out_reported if record.tokens_out_reported is not None else record.tokens_out or 0
            self.tokens += prompt + completion
            self.cost_usd += record.cost_usd or 0.0

    def reached(self) -> str | None:
        """Why the endpoint may spend no more (the reason recorded with the hand-over), or None."""
        caps = self.caps
        if caps.max_cost is not None and self.cost_usd >= caps.max_cost:
            return (f"{CAP_REASON}: max_cost {caps.max_cost:g} USD per {self.scope} of endpoint {self.endpoint!r} "
                    f"reached ({self.cost_usd:.4f} USD in {self.calls} calls); seats go to {caps.stand_in}")
        if caps.max_tokens is not None and self.tokens >= caps.max_tokens:
            return (f"{CAP_REASON}: max_tokens {caps.max_tokens:,} per {self.scope} of endpoint {self.endpoint!r} "
                    f"reached ({self.tokens:,} tokens in {self.calls} calls); seats go to {caps.stand_in}")
        return None
