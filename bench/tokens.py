"""Token benchmark: what one 18-player umineko32 game of LLM seats sends to the model.

    python bench/tokens.py [--seed 7] [--lang zh] [--tool-mode auto] [--tools stable]
                           [--rounds D1_FREE=1 --rounds RESTRICTED=1 --rounds FREE=0]

Every seat is an LLM agent on a fake OpenAI-compatible endpoint (127.0.0.1, no model) that
answers with valid tool calls and makes every speech the same 219-character text. Prints the
LLM calls per game, the prompt tokens per game (system, messages and tool schemas, o200k), the
share of each call's tokens that repeats the same seat's previous call as an exact prefix — in
the order a provider caches: tool schemas first, then the messages — and the tokens a
prefix-caching server must compute when every earlier call's blocks are in its cache (all seats
share the rules and the public thread). Targets: at least 90 % prefix reuse, and under 300 k
tokens per game that are not a repeated prefix. For comparison, measured the
same way: TextArena's SecretMafia re-sends the whole history (15 players: 1.33 M prompt tokens per
game, 252 calls); werewolf_arena (8 players) sends 252 k tokens in 342 calls with 21 % reuse.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

# Run as a script, this folder comes first on sys.path and ``engine.py`` beside this file would
# shadow the ``engine`` package: put the repository root there instead (for tests.fake_openai).
ROOT = Path(__file__).resolve().parents[1]
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)

from agents.llm.agent import LLMAgent  # noqa: E402
from agents.llm.endpoint import Endpoint  # noqa: E402
from agents.llm.pool import ClientPool  # noqa: E402
from arena.run.runner import GameRunner  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from prompts.tokens import encoding  # noqa: E402
from tests.fake_openai import FakeOpenAI, Policy  # noqa: E402
from transcripts.records import CallRecord  # noqa: E402

SPEECH = ("我认为昨晚的刀口很能说明问题：被刀的是一直在带节奏的好人，说明杀手害怕他的推理。"
          "今天发言里有几位一直在划水，尤其是对侦探的查验结果避而不谈，我建议大家重点关注他们的票型，"
          "如果今天投票时他们又跟风，那基本可以确定身份。我暂时怀疑发言最少的那位，请大家注意。"
          "另外请侦探今晚继续验人，观剧也请给出配对结果，审问官保护好关键位置，不要让杀手得逞。谢谢大家")
SPEECH = (SPEECH * 2)[:219]


ENCODING = encoding()


class SameSpeech(Policy):
    """Valid calls from the request's tools, with every text the same 219-character speech."""

    def arguments(self, tool: dict[str, Any], line: str = "") -> dict[str, Any]:
        out = super().arguments(tool, line)
        return {k: (SPEECH if isinstance(v, str) and k in ("text", "reason") else v) for k, v in out.items()}


BLOCK = 16
"""Tokens per cached block of a prefix-caching server (vLLM's automatic prefix caching: a block is
reused when it and every block before it match a block already computed, by any request)."""


def call_tokens(call: CallRecord, cache: dict[str, list[int]]) -> list[int]:
    """The call's prompt as the server reads it: the tool schemas first, then each message (its
    role, its text, its tool calls), in o200k tokens; ``cache`` holds the tokens of texts seen."""
    pieces = [json.dumps(call.tools, ensure_ascii=False, sort_keys=True)] if call.tools else []
    for m in call.messages:
        pieces.append(f"<|{m['role']}|>")
        pieces.append(str(m.get("content") or ""))
        pieces += [json.dumps(c, ensure_ascii=False, sort_keys=True) for c in m.get("tool_calls", ())]
    out: list[int] = []
    for piece in pieces:
        tokens = cache.get(piece)
        if tokens is None:
            tokens = cache[piece] = ENCODING.encode(piece, disallowed_special=())
        out += tokens
    return out


def common_prefix(a: list[int], b: list[int]) -> int:
    """Length of the longest common prefix of two token lists."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n  # a[:lo] == b[:lo] holds, a[:hi] == b[:hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def server_fresh(tokens: list[int], blocks: set[int]) -> int:
    """Tokens a prefix-caching server computes for this prompt (the rest it finds in ``blocks``,
    which then takes this prompt's blocks too)."""
    h, matched, hit = 0, 0, True
    for i in range(0, len(tokens) - BLOCK + 1, BLOCK):
        h = hash((h, tuple(tokens[i:i + BLOCK])))
        if hit and h in blocks:
            matched = i + BLOCK
        else:
            hit = False
            blocks.add(h)
    return len(tokens) - matched


async def play(seed: int, lang: str, tool_mode: str, tools: str = "stable",
               rounds: dict[str, int] | None = None) -> list[CallRecord]:
    ruleset = get_ruleset("umineko32")
    records: list[CallRecord] = []
    with FakeOpenAI() as fake:
        fake.policy = SameSpeech()
        endpoint = Endpoint.of(name="fake", base_url=fake.base_url, model="fake", lang=lang, tool_mode=tool_mode,
                            tools=tools, max_concurrency=18, context_budget=10**7)
        pool = ClientPool(seed=seed)
        agents = {seat: LLMAgent(endpoint, lang, pool=pool) for seat in range(1, ruleset.seats + 1)}
        game = ruleset.new_game(seed, options={"rounds": rounds} if rounds else None)
        await GameRunner(game, agents, call_listeners=[records.extend]).run()
        await pool.aclose()
    return records


def report(records: list[CallRecord]) -> None:
    cache: dict[str, list[int]] = {}
    blocks: set[int] = set()
    total = repeated = server = 0
    previous: dict[int, list[int]] = {}
    shares: list[float] = []
    for call in records:
        tokens = call_tokens(call, cache)
        total += len(tokens)
        shared = common_prefix(tokens, previous.get(call.seat, []))
        repeated += shared
        shares.append(shared / len(tokens) if tokens else 0.0)
        server += server_fresh(tokens, blocks)
        previous[call.seat] = tokens
    shares.sort()
    print(f"LLM calls per game            {len(records):>10,}")
    print(f"prompt tokens per game        {total:>10,}   (tools + system + messages, o200k)")
    print(f"repeated exact prefix         {repeated / total:>10.1%}   of all prompt tokens: each call against the "
          f"same seat's previous call (target >= 90 %)")
    print(f"  per call: median {shares[len(shares) // 2]:.1%}, 10th percentile {shares[len(shares) // 10]:.1%}")
    print(f"tokens not a repeated prefix  {total - repeated:>10,}   against the same seat's previous call")
    print(f"computed by a prefix cache    {server:>10,}   (blocks of {BLOCK} shared by any earlier call; "
          "target < 300,000)")
    print(f"vs SecretMafia 1.33 M tokens: {total / 1.33e6:.2f}x total; werewolf_arena reuse 21 %")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--lang", choices=("zh", "en"), default="zh")
    p.add_argument("--tool-mode", choices=("auto", "forced"), default="auto")
    p.add_argument("--tools", choices=("stable", "per_call"), default="stable")
    p.add_argument("--rounds", action="append", default=[], metavar="PHASE=N",
                   help="speaking rounds of a turn phase (D1_FREE, RESTRICTED, FREE); repeatable")
    args = p.parse_args(argv)
    rounds = {}
    for item in args.rounds:
        phase, _, n = item.partition("=")
        if not n.strip().isdigit():
            p.error(f"--rounds takes PHASE=N, got {item!r}")
        rounds[phase.strip()] = int(n)
    records = asyncio.run(play(args.seed, args.lang, args.tool_mode, args.tools, rounds or None))
    shown = " ".join(f"{k}={v}" for k, v in rounds.items()) or "default"
    print(f"umineko32 seed {args.seed}, 18 LLM seats ({args.lang}, tool mode {args.tool_mode}, tools {args.tools}, "
          f"rounds {shown}), speech = 219 chars")
    report(records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
