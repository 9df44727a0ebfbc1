"""The refactoring safety net: digests of stored transcripts that a change must leave byte-identical.

    python -m tests.freeze             # compare with tests/golden/transcripts.json (exit 1 on a difference)
    python -m tests.freeze --update    # rewrite it (review why each digest moved before committing)
    python -m tests.freeze --show KIND RULESET SEED   # print one game's transcript (to diff two versions)
    python -m tests.freeze --ruleset R [--update]     # only rule set R (its digests alone are rewritten)

For each rule set: 50 seeds of scripted games, 50 of random-legal games, a few whole games of LLM
seats through the fake endpoint (every seat an LLM, policy answers), and the JSON outcome of every
judge scenario of ``tests/scenarios/<ruleset>/``. Each is kept as the SHA-256 of its transcript (one
event's JSON a line) or of its outcome, beside its event count and winners, so the file stays small
and a moved digest names the game to look at (``--show`` prints it, in this version, for a diff
against the version before). Restructuring the engine (one table kernel, phases as data) must not
move any digest, except where a listed bug fix says why.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agents.llm import Endpoint, LLMAgent
from agents.llm.pool import ClientPool
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner, RunnerConfig
from engine.events import GameCreated, to_json
from engine.game import Game
from engine.rulesets import get_ruleset, ruleset_ids

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "transcripts.json"
SCENARIOS = ROOT / "tests" / "scenarios"
SEEDS = range(50)
LLM_SEEDS = range(2)
KINDS = ("scripted", "random", "llm", "judge")


def transcript(game: Game) -> str:
    return "\n".join(to_json(e) for e in game.events)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def played(kind: str, ruleset: str, seed: int) -> Game:
    """One whole game of ``kind`` players (``scripted``, ``random`` or ``llm``) on the seed."""
    rules = get_ruleset(ruleset)
    game = rules.new_game(seed)
    header = game.events[0]
    assert isinstance(header, GameCreated)
    if kind == "llm":
        return asyncio.run(_llm_game(game, header.seats))
    agents = agents_for(parse_players(kind, header.seats))
    asyncio.run(GameRunner(game, agents, config=RunnerConfig(concurrent_windows=False)).run())
    return game


async def _llm_game(game: Game, seats: int) -> Game:
    from tests.fake_openai import FakeOpenAI

    with FakeOpenAI([]) as fake:
        # A request's time limit far above what the fake ever takes: on a loaded machine (the suite on
        # every core, other work beside it) a 5 s limit was passed now and then, the request retried
        # and the seat's answer changed, so a digest moved with no change of code (llm suitang21 1).
        endpoint = Endpoint(name="fake", base_url=fake.base_url, model="fake-model", max_concurrency=1,
                            timeout_s=60.0, backoff_s=0.01, backoff_max_s=0.05)
        pool = ClientPool()
        agents = {s: LLMAgent(endpoint, pool=pool) for s in range(1, seats + 1)}
        try:
            await GameRunner(game, agents, config=RunnerConfig(concurrent_windows=False)).run()
        finally:
            await pool.aclose()
    return game


def judged(path: Path) -> str:
    """A judge scenario's ``--json`` outcome, as canonical JSON."""
    from arena.judge import console as judge
    from arena.judge.scenario import check, parse

    data = json.loads(path.read_text(encoding="utf-8"))
    parsed = parse(data)
    rules = get_ruleset(parsed.ruleset)
    check(parsed, rules)
    return json.dumps(judge.outcome(judge.settle(parsed, rules)), ensure_ascii=False, sort_keys=True)


def scenario_files(ruleset: str) -> list[Path]:
    """A rule set's judge scenarios: ``tests/scenarios/<id>/`` and the ``scenarios/`` of its own folder."""
    from importlib.resources import files

    own = Path(str(files(get_ruleset(ruleset).package))) / "scenarios"
    return sorted([*(SCENARIOS / ruleset).glob("*.json"), *own.glob("*.json")])


def scenario_path(ruleset: str, name: str) -> Path:
    """The scenario file a digest's key names."""
    return next(p for p in scenario_files(ruleset) if p.stem == name)


def entries(only: str | None = None) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(kind, rule set, key, entry) for every frozen game and scenario (of rule set ``only``)."""
    for ruleset in ruleset_ids():
        if only is not None and ruleset != only:
            continue
        print(f"freeze: {ruleset}", file=sys.stderr, flush=True)
        for kind, seeds in (("scripted", SEEDS), ("random", SEEDS), ("llm", LLM_SEEDS)):
            for seed in seeds:
                game = played(kind, ruleset, seed)
                yield kind, ruleset, str(seed), {"sha256": digest(transcript(game)), "events": len(game.events),
                                                 "winners": list(game.winners)}
        for path in scenario_files(ruleset):
            try:
                yield "judge", ruleset, path.stem, {"sha256": digest(judged(path))}
            except Exception as exc:  # a scenario that refuses (a test of bad input): its refusal is frozen
                yield "judge", ruleset, path.stem, {"refused": f"{type(exc).__name__}: {exc}"}


def current(only: str | None = None) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for kind, ruleset, key, entry in entries(only):
        table.setdefault(kind, {}).setdefault(ruleset, {})[key] = entry
    return table


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    out = []
    for kind in sorted(set(old) | set(new)):
        for ruleset in sorted(set(old.get(kind, {})) | set(new.get(kind, {}))):
            a, b = old.get(kind, {}).get(ruleset, {}), new.get(kind, {}).get(ruleset, {})
            for key in sorted(set(a) | set(b), key=lambda k: (len(k), k)):
                if a.get(key) != b.get(key):
                    out.append(f"{kind} {ruleset} {key}: {a.get(key)} -> {b.get(key)}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.freeze", description=__doc__.split("\n\n")[0])
    p.add_argument("--update", action="store_true", help="rewrite the digests")
    p.add_argument("--show", nargs=3, metavar=("KIND", "RULESET", "SEED"), help="print one game's transcript")
    p.add_argument("--ruleset", help="only this rule set (compared, or rewritten with --update, alone)")
    args = p.parse_args(argv)
    if args.show:
        kind, ruleset, seed = args.show
        print(transcript(played(kind, ruleset, int(seed))))
        return 0
    table = current(args.ruleset)
    old = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    if args.ruleset:
        kept = {k: {r: v for r, v in rs.items() if r != args.ruleset} for k, rs in old.items()}
        for kind, rulesets in table.items():
            kept.setdefault(kind, {}).update(rulesets)
        old_only = {k: {r: v for r, v in rs.items() if r == args.ruleset} for k, rs in old.items()}
        table, old = (kept, old) if args.update else (table, old_only)
    if args.update:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {sum(len(r) for k in table.values() for r in k.values())} digests to {GOLDEN.relative_to(ROOT)}")
        return 0
    found = differences(old, table)
    for line in found:
        print(line)
    print(f"{len(found)} difference(s)" if found else "every digest is the same")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
