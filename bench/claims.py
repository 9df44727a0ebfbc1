"""The claims ledger's extraction, measured on the scripted bots' posts, whose claims are known.

A bot writes its claims in its own fixed forms and reads them back with its own reader (the readers
that other bots trust: ``agents.bots.umineko32.talk.parse`` for umineko32, ``agents.bots.suitang21.notes``'s
``CLAIM`` and ``DETECTIVE_CLAIM``). Three claims no bot reads back are written from fixed templates
too, and are matched on them: umineko32's last words ``遗言：我是平民`` (``agents.bots.umineko32.day``),
suitang21's ``我是村民`` (``agents.bots.suitang21.mind``) and majiasha2's last words ``马甲N号是R``, its
seer's results (``agents.bots.majiasha2.decide``); qijian24's bots claim nothing in public.
What a bot's reader (or template) takes from a post is the gold; what the ledger's extractor
(``evals.claims.extract``, written from the seeds' vocabulary, not from the bots) takes from the same
text is compared with it, claim by claim (kind, role, seat, second seat, result). Every public post and
published last words of ``--games`` scripted games per rule set is read, so posts without any claim
(accusations, votes' reasons naming someone else's check, chatter) count against precision.

    python bench/claims.py [--games 20] [--ruleset ID]

prints, per rule set and claim kind: posts, gold claims, extracted, true positives, precision, recall.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine import events as ev
from engine.rulesets import get_ruleset, ruleset_ids
from evals.claims.extract import extract
from evals.claims.vocab import vocab

Key = tuple[object, ...]


def umineko_gold(text: str) -> list[Key]:
    from agents.bots.umineko32.talk import parse

    said = parse(text)
    out: list[Key] = []
    if said.role is not None:
        out.append(("role", said.role, None, None, None))
    out += [("check", "detective", t, None, c) for t, c in said.checks]
    out += [("audition", "theatergoer", a, b, r) for a, b, r in said.pairs]
    if text.startswith("遗言：我是平民"):  # the last words' template
        out.append(("role", "commoner", None, None, None))
    return out


def suitang_gold(text: str) -> list[Key]:
    from agents.bots.suitang21.notes import CLAIM, DETECTIVE_CLAIM

    out: list[Key] = []
    for seat, result in CLAIM.findall(text):
        out += [("role", "seer", None, None, None), ("check", "seer", int(seat), None, result)]
    for seat, identity in DETECTIVE_CLAIM.findall(text):
        out += [("role", "detective", None, None, None), ("check", "detective", int(seat), None, identity)]
    if text.startswith("我是村民，"):  # the villager's template
        out.append(("role", "villager", None, None, None))
    return out


MAJIA_SEEN = re.compile(r"马甲(\d+)号是(\S+?)(?=，|$)")


def majiasha_gold(text: str) -> list[Key]:
    if not re.match(r"我是\S+阵营的好人，", text):  # the last words' template: the seer's results
        return []
    return [("check", "seer", int(m), None, r) for m, r in MAJIA_SEEN.findall(text)]


GOLD: dict[str, Callable[[str], list[Key]]] = {"umineko32": umineko_gold, "suitang21": suitang_gold,
                                               "majiasha2": majiasha_gold}


def texts(ruleset: str, games: int) -> list[tuple[str, int, int]]:
    """(text, seats, day) of every public post and published last words of ``games`` scripted games."""
    rules = get_ruleset(ruleset)
    out: list[tuple[str, int, int]] = []
    for seed in range(games):
        game = rules.new_game(seed)
        seats = int(getattr(game.events[0], "seats", rules.seats))
        asyncio.run(GameRunner(game, {s: ScriptedAgent() for s in range(1, seats + 1)}).run())
        for e in game.events:
            if (isinstance(e, ev.Posted) or (isinstance(e, ev.LastWords) and e.published)) and e.vis == ev.PUBLIC:
                out.append((e.text, seats, e.day))
    return out


def measure(ruleset: str, games: int) -> dict[str, Counter[str]]:
    """Per claim kind (and ``all``): posts, gold, extracted, hits."""
    gold_of = GOLD.get(ruleset, lambda text: [])
    v = vocab(ruleset)
    tally: dict[str, Counter[str]] = {}
    posts = texts(ruleset, games)
    for text, seats, day in posts:
        gold = Counter(gold_of(text))
        found = Counter(c.key()[:5] for c in extract(text, v, seats, day=day) if c.kind != "alibi")
        for kind in {k[0] for k in (*gold, *found)} | {"all"}:
            row = tally.setdefault(str(kind), Counter())
            g = Counter({k: n for k, n in gold.items() if kind in ("all", k[0])})
            f = Counter({k: n for k, n in found.items() if kind in ("all", k[0])})
            row["gold"] += sum(g.values())
            row["extracted"] += sum(f.values())
            row["hits"] += sum((g & f).values())
    tally.setdefault("all", Counter())["posts"] = len(posts)
    return tally


def table(results: Iterable[tuple[str, dict[str, Counter[str]]]]) -> list[str]:
    lines = [f"{'rule set':<10} {'kind':<9} {'posts':>6} {'gold':>6} {'found':>6} {'hits':>6} {'precision':>9} {'recall':>7}"]
    for ruleset, tally in results:
        for kind in sorted(tally, key=lambda k: (k != "all", k)):
            row = tally[kind]
            precision = f"{row['hits'] / row['extracted']:.3f}" if row["extracted"] else "—"
            recall = f"{row['hits'] / row['gold']:.3f}" if row["gold"] else "—"
            posts = str(row["posts"]) if kind == "all" else ""
            lines.append(f"{ruleset:<10} {kind:<9} {posts:>6} {row['gold']:>6} {row['extracted']:>6} {row['hits']:>6} "
                         f"{precision:>9} {recall:>7}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ruleset", action="append", default=None)
    args = parser.parse_args(argv)
    chosen = args.ruleset or list(ruleset_ids())
    for line in table((r, measure(r, args.games)) for r in chosen):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
