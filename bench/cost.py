"""Cost benchmark: what a game of LLM seats sends, what a prefix cache computes, what it is billed.

    python bench/cost.py [--rulesets umineko32,suitang21,qijian24,majiasha2] [--budgets 16000,48000,10000000]

Every seat is an LLM agent on the fake endpoint (127.0.0.1, no model) answering with valid tool
calls and making every speech the same 219-character text (``bench/tokens.py``). For each rule set
and context budget (the profiles' default is 16,000; 10,000,000 never compacts) it prints the
requests, the prompt tokens (o200k), the tokens a prefix-caching server computes (blocks of 16
shared by any earlier call), and the billed cost at three providers' listed prices
(``agents/llm/profiles.toml``), counting the prefix cache's hits at the cached price. Beside them,
TextArena's SecretMafia at 15 seats measured the same way (same speech, same tokenizer): it re-sends
the whole history, 252 calls and 1.33 M prompt tokens a game (``bench/tokens.py``), every call's
prefix its previous one. Goal: an 18-seat umineko32 game at the default budget sends at most 10 M
prompt tokens and a prefix cache computes under 300 k.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)

from agents.llm.agent import LLMAgent  # noqa: E402
from agents.llm.endpoint import Endpoint  # noqa: E402
from agents.llm.pool import ClientPool  # noqa: E402
from agents.llm.profiles import Prices, profile  # noqa: E402
from arena.run.runner import GameRunner  # noqa: E402
from bench.tokens import SameSpeech, call_tokens, server_fresh  # noqa: E402
from engine.rulesets import get_ruleset, ruleset_ids  # noqa: E402
from tests.fake_openai import FakeOpenAI  # noqa: E402
from transcripts.records import CallRecord  # noqa: E402

PRICED = (("deepseek", "deepseek-chat"), ("openai", "gpt-4.1-mini"), ("qwen", "qwen-plus"))
"""The providers whose listed prices the table bills at."""
SECRET_MAFIA = {"requests": 252, "prompt": 1_330_000}
"""TextArena SecretMafia, 15 seats, measured by bench/tokens.py's method (whole history every call)."""


async def play(ruleset_id: str, budget: int, seed: int) -> list[CallRecord]:
    ruleset = get_ruleset(ruleset_id)
    records: list[CallRecord] = []
    with FakeOpenAI() as fake:
        fake.policy = SameSpeech()
        fake.state.keep_requests = False
        ep = Endpoint.of(name="fake", base_url=fake.base_url, model="fake", lang="zh", max_concurrency=ruleset.seats,
                      context_budget=budget)
        pool = ClientPool(seed=seed)
        agents = {s: LLMAgent(ep, "zh", pool=pool) for s in range(1, ruleset.seats + 1)}
        await GameRunner(ruleset.new_game(seed), agents, call_listeners=[records.extend]).run()
        await pool.aclose()
    return records


def measure(records: list[CallRecord]) -> tuple[int, int, int]:
    """(requests, prompt tokens, tokens a prefix cache computes)."""
    cache: dict[str, list[int]] = {}
    blocks: set[int] = set()
    total = fresh = 0
    for call in records:
        tokens = call_tokens(call, cache)
        total += len(tokens)
        fresh += server_fresh(tokens, blocks)
    return len(records), total, fresh


def billed(prompt: int, fresh: int, completion: int, price: Prices) -> float:
    """The cost with every token a prefix cache found billed at the cached price."""
    return price.cost(prompt, prompt - fresh, completion)


def row(name: str, budget: str, requests: int, prompt: int, fresh: int | None, completion: int) -> str:
    """One line of the table (``fresh`` None: not measured, billed as if nothing were cached)."""
    prices = [profile(p).price_of(m) for p, m in PRICED]
    money = "  ".join(f"${billed(prompt, prompt if fresh is None else fresh, completion, c):>7.2f}"
                      for c in prices if c is not None)
    computed = "n/a" if fresh is None else f"{fresh:,}"
    return f"{name:<22} {budget:>10} {requests:>8,} {prompt:>13,} {computed:>11}   {money}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rulesets", default=",".join(ruleset_ids()))
    p.add_argument("--budgets", default="16000,48000,10000000", help="context budgets, comma-separated")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    head = "  ".join(f"{m:>8}" for _, m in PRICED)
    print(f"{'game':<22} {'budget':>10} {'requests':>8} {'prompt tok':>13} {'computed':>11}   {head}")
    for ruleset_id in args.rulesets.split(","):
        for budget in budgets:
            records = asyncio.run(play(ruleset_id, budget, args.seed))
            requests, prompt, fresh = measure(records)
            completion = sum(r.tokens_out or 0 for r in records)
            seats = get_ruleset(ruleset_id).seats
            print(row(f"{ruleset_id} ({seats} seats)", f"{budget:,}", requests, prompt, fresh, completion), flush=True)
    mafia = SECRET_MAFIA  # its prefix-cache figure was not measured: billed as if nothing were cached (an upper bound)
    print(row("SecretMafia (15 seats)", "whole", mafia["requests"], mafia["prompt"], None, mafia["requests"] * 100))
    print("computed = prompt tokens a prefix-caching server computes; cost = uncached input + cached input + output "
          "at each provider's listed USD prices (agents/llm/profiles.toml)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
