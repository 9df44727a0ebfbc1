"""Token benchmark: what one 18-player umineko32 game of LLM seats sends to the model.

    python bench/tokens.py [--seed 7] [--lang zh] [--tool-mode auto] [--tools stable]
                           [--rounds D1_FREE=1 --rounds RESTRICTED=1 --rounds FREE=0]

Every seat is an LLM agent on a fake OpenAI-compatible endpoint (127.0.0.1, no model) that
answers with valid tool calls and makes every speech the same 219-character text. Prints the
LLM calls per game, the prompt tokens per game (system, messages and tool schemas, o200k), and the
share of each call's tokens that repeats the same seat's previous call as an exact prefix — in
the order a provider caches: tool schemas first, then the messages. Targets: at least 90 % prefix
reuse, and under 300 k tokens per game that are not a repeated prefix. For comparison, measured the
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

from agents.base import CallRecord  # noqa: E402
from agents.llm.agent import LLMAgent  # noqa: E402
from agents.llm.endpoint import Endpoint  # noqa: E402
from agents.llm.pool import ClientPool  # noqa: E402
from arena.runner import GameRunner  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from prompts import count_message, count_tokens  # noqa: E402
from tests.fake_openai import FakeOpenAI, Policy  # noqa: E402

SPEECH = ("我认为昨晚的刀口很能说明问题：被刀的是一直在带节奏的好人，说明杀手害怕他的推理。"
          "今天发言里有几位一直在划水，尤其是对侦探的查验结果避而不谈，我建议大家重点关注他们的票型，"
          "如果今天投票时他们又跟风，那基本可以确定身份。我暂时怀疑发言最少的那位，请大家注意。"
          "另外请侦探今晚继续验人，观剧也请给出配对结果，审问官保护好关键位置，不要让杀手得逞。谢谢大家")
SPEECH = (SPEECH * 2)[:219]


class SameSpeech(Policy):
    """Valid calls from the request's tools, with every text the same 219-character speech."""

    def arguments(self, tool: dict[str, Any], line: str = "") -> dict[str, Any]:
        out = super().arguments(tool, line)
        return {k: (SPEECH if isinstance(v, str) and k in ("text", "reason") else v) for k, v in out.items()}


def prompt_tokens(call: CallRecord) -> tuple[list[int], int]:
    """The call's prompt as blocks (tool schemas first, then each message) with their token counts."""
    tools = count_tokens(json.dumps(call.tools, ensure_ascii=False, sort_keys=True)) if call.tools else 0
    return [tools, *(count_message(m) for m in call.messages)], 3


def repeated_prefix(call: CallRecord, previous: CallRecord | None) -> int:
    """Tokens of ``call`` that repeat ``previous`` exactly from the start (tools, then messages)."""
    if previous is None or call.tools != previous.tools:
        return 0
    blocks, _ = prompt_tokens(call)
    shared = blocks[0]
    for i, (a, b) in enumerate(zip(call.messages, previous.messages, strict=False)):
        if a != b:
            break
        shared += blocks[1 + i]
    return shared


async def play(seed: int, lang: str, tool_mode: str, tools: str = "stable",
               rounds: dict[str, int] | None = None) -> list[CallRecord]:
    ruleset = get_ruleset("umineko32")
    records: list[CallRecord] = []
    with FakeOpenAI() as fake:
        fake.policy = SameSpeech()
        endpoint = Endpoint(name="fake", base_url=fake.base_url, model="fake", lang=lang, tool_mode=tool_mode,
                            tools=tools, max_concurrency=18, context_budget=10**7)
        pool = ClientPool(seed=seed)
        agents = {seat: LLMAgent(endpoint, lang, pool=pool) for seat in range(1, ruleset.seats + 1)}
        game = ruleset.new_game(seed, options={"rounds": rounds} if rounds else None)
        await GameRunner(game, agents, call_listeners=[records.extend]).run()
        await pool.aclose()
    return records


def report(records: list[CallRecord]) -> None:
    total = repeated = 0
    previous: dict[int, CallRecord] = {}
    why: dict[str, int] = {}
    roles: dict[str, int] = {}
    for call in records:
        blocks, overhead = prompt_tokens(call)
        tokens = sum(blocks) + overhead
        total += tokens
        before = previous.get(call.seat)
        shared = repeated_prefix(call, before)
        repeated += shared
        reason = ("first call" if before is None else "tools changed" if call.tools != before.tools
                  else "history rewritten" if shared < sum(blocks[:1 + len(before.messages)]) else "new messages")
        why[reason] = why.get(reason, 0) + tokens - shared
        if reason == "new messages":
            for message, size in zip(call.messages[len(before.messages):], blocks[1 + len(before.messages):],
                                     strict=True):
                role = f"new {message['role']} messages"
                roles[role] = roles.get(role, 0) + size
        previous[call.seat] = call
    fresh = total - repeated
    print(f"LLM calls per game            {len(records):>10,}")
    print(f"prompt tokens per game        {total:>10,}   (tools + system + messages, o200k)")
    print(f"repeated exact prefix         {repeated / total:>10.1%}   (target >= 90 %)")
    print(f"tokens not a repeated prefix  {fresh:>10,}   (target < 300,000)")
    print("  of which: " + ", ".join(f"{k} {v:,}" for k, v in sorted(why.items(), key=lambda kv: -kv[1])))
    print("  new messages by role: " + ", ".join(f"{k} {v:,}" for k, v in sorted(roles.items(), key=lambda kv: -kv[1])))
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
