"""The claims ledger: every role and result claim of a game's public text, with its truth.

A claim's *truth* comes from the god state at the moment it was made, folded from the log alone:

* a role claim is true when the claimant holds that role then (its dealt role, or the role a judge's
  notice or a change made it);
* a result claim (a check, an audition) is true when it says what the skill says of that seat: what
  the judge told someone (the claimant, or a partner who shared it) with that skill about that seat,
  else what the skill would say from the god state (``vocab.WORLD``: the target's colour by its
  faction, or its role); ``truth_result`` is that answer — so a fake check that happens to name a
  killer 黑 is true of the world, and a colour turned round is false;
* an alibi of the night is true when the claimant submitted one of the verb's skills on that seat on
  that night.

Claims come from two sources: ``parsed`` — the free text of public posts and published last words,
read by the rule set's vocabulary (``evals.claims.extract``) — and ``declared`` — the optional
``claims`` field of an LLM seat's ``post`` tool call (``agents.llm.claim_field``), recorded with the
call in ``llm_calls`` and never shown to anyone. The ledger is stored in the ``claims`` table
(``store``, ``ensure``); ``EXTRACTOR`` versions the reading, so a changed vocabulary rebuilds it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass, field
from typing import Any

import duckdb

from engine import events as ev
from engine.events import Event
from engine.layers import second_layer
from engine.names import NameTable
from engine.rulesets import get_ruleset
from evals.claims.extract import Claim, extract
from evals.claims.vocab import WORLD, Vocab, vocab
from transcripts.claims import (
    CLAIM_COLUMNS,
    ROW_COLUMNS,
    ClaimRow,
    games_to_build,
    load_claims,
    post_tool_calls,
    store_claims,
    stored_ruleset,
)

EXTRACTOR = "claims-1"
COLUMNS = CLAIM_COLUMNS


Row = ClaimRow
"""One claim of the ledger (see the module docstring); stored by ``transcripts.claims``."""


@dataclass
class God:
    """What the judge knows, folded event by event: roles and factions, results told, night skills, 马甲."""

    roles: dict[int, str] = field(default_factory=dict)
    factions: dict[int, str] = field(default_factory=dict)
    told: list[ev.Feedback] = field(default_factory=list)
    skills: dict[int, list[ev.SkillSubmitted]] = field(default_factory=dict)
    majia: dict[int, int] = field(default_factory=dict)
    """马甲 number → seat."""

    def fold(self, e: Event) -> None:
        if isinstance(e, ev.RoleDealt | ev.RoleChanged):
            self.roles[e.seat], self.factions[e.seat] = e.role, e.faction
        elif isinstance(e, ev.Feedback):
            self.told.append(e)
        elif isinstance(e, ev.SkillSubmitted):
            self.skills.setdefault(e.seat, []).append(e)
        elif isinstance(e, ev.LayerAssigned) and second_layer(e.layer):
            self.majia[e.number] = e.seat

    def judge(self, seat: int, c: Claim, v: Vocab, names: NameTable) -> tuple[bool | None, str | None, str | None]:
        """(truth, the claimant's role, the true result) of claim ``c`` by ``seat`` (see the module docstring)."""
        role = self.roles.get(seat)
        if c.kind == "role":
            return (None if role is None else role == c.role), role, None
        if c.kind == "alibi":
            skills = set(v.alibi.get(c.result or "", ()))
            done = [s.skill for s in self.skills.get(seat, []) if s.day == c.night and c.target in s.targets]
            return any(s in skills for s in done), role, ",".join(done) or None
        actual = self._told(c, v) or self._world(c, v, names)
        if actual is None or c.result is None:
            return None, role, actual
        return _same(c.result, actual), role, actual

    def _skill(self, c: Claim, v: Vocab) -> str | None:
        if c.kind == "audition":
            return v.pair_skill
        meaning = v.results.get(c.result or "")
        return meaning.skill if meaning is not None else None

    def _told(self, c: Claim, v: Vocab) -> str | None:
        """What the judge told anyone of the claim's target(s) with the claim's skill, last."""
        skill, wanted = self._skill(c, v), {c.target, c.other} - {None}
        found = [f.result for f in self.told if f.skill == skill and
                 (set(f.targets) == wanted if c.kind == "audition" else f.targets[:1] == [c.target])]
        return found[-1] if found else None

    def _world(self, c: Claim, v: Vocab, names: NameTable) -> str | None:
        """What the skill would say of the target now (``vocab.WORLD``), where nobody was told."""
        skill = self._skill(c, v)
        how = WORLD.get((v.ruleset, skill or ""))
        if how is None or c.target is None:
            return None
        kind, factions = how
        if kind == "role":
            role = self.roles.get(c.target)
            return names.zh(role) if role else None
        if kind == "same_side":
            a, b = self.factions.get(c.target), self.factions.get(c.other or 0)
            return None if a is None or b is None else ("同" if (a in factions) == (b in factions) else "异")
        faction = self.factions.get(c.target)
        if faction is None:
            return None
        bad = faction in factions if kind == "bad_if" else faction not in factions
        words = [r.result for r in v.results.values() if r.skill == skill and r.bad == bad]
        return words[0] if words else None


def _same(claimed: str | None, actual: str) -> bool:
    return claimed is not None and (claimed == actual or (len(claimed) > 1 and claimed in actual))


def ledger(ruleset: str, events: Sequence[Event], declared: dict[int, list[Claim]] | None = None) -> list[Row]:
    """The ledger of one game's log (``declared``: claims of LLM posts by the seq of their post)."""
    v = vocab(ruleset)
    header = events[0] if events else None
    seats = int(getattr(header, "seats", 0) or 0)
    god, rows = God(), list[Row]()
    names = get_ruleset(ruleset).role_names
    for e in events:
        god.fold(e)
        text = _public_text(e)
        if text is None:
            continue
        seat = int(getattr(e, "seat", 0))
        floor = e.floor if isinstance(e, ev.Posted) else None
        found = [("parsed", c) for c in extract(text, v, seats, day=e.day)]
        found += [("declared", c) for c in (declared or {}).get(e.seq, [])]
        for source, said in found:
            claim = _seated(said, god)
            if claim is None:
                continue
            truth, role, told = god.judge(seat, claim, v, names)
            rows.append(Row(len(rows), e.seq, e.day, e.phase, floor, seat, claim.kind, claim.role, claim.target,
                            claim.other, claim.result, claim.night, source, truth, role, told))
    return rows


def _public_text(e: Event) -> str | None:
    if isinstance(e, ev.Posted) and e.vis == ev.PUBLIC:
        return e.text
    if isinstance(e, ev.LastWords) and e.published and e.vis == ev.PUBLIC:
        return e.text
    return None


def _seated(c: Claim, god: God) -> Claim | None:
    """``c`` with a 马甲 number turned into its seat (None when no seat has that 马甲)."""
    if not c.majia or c.target is None:
        return c
    seat = god.majia.get(c.target)
    return None if seat is None else Claim(c.kind, c.role, seat, c.other, c.result, c.night)


# -- storage ---------------------------------------------------------------------------------------------


def store(con: duckdb.DuckDBPyConnection, game_id: str, rows: Iterable[Row]) -> int:
    """Replace ``game_id``'s ledger with ``rows`` (one transaction); returns how many."""
    return store_claims(con, game_id, rows, EXTRACTOR)


def declared_claims(con: duckdb.DuckDBPyConnection, game_id: str) -> dict[int, list[Claim]]:
    """The claims LLM seats declared with their posts (``agents.llm.claim_field``), by the post's seq."""
    from agents.llm.claim_field import read_declared

    out: dict[int, list[Claim]] = {}
    ruleset = stored_ruleset(con, game_id)
    if ruleset is None:
        return out
    v = vocab(ruleset)
    for seq, calls in post_tool_calls(con, game_id):
        for call in calls:
            if call.get("name") == "post":
                found = read_declared(call.get("arguments") or "", v)
                if found:
                    out[seq] = found
    return out


def ensure(con: duckdb.DuckDBPyConnection, game_ids: Sequence[str] | None = None) -> int:
    """Build the ledger of every finished game (or of ``game_ids``) not built by this ``EXTRACTOR``; how
    many games were (re)built. Forks are built too: their edited floors are marked, not their authors'."""
    from engine.rulesets import ruleset_ids
    from transcripts.reader import load_events

    # a rule set this package does not hold has no vocabulary
    todo = games_to_build(con, EXTRACTOR, ruleset_ids(), game_ids)
    for gid, ruleset in todo:
        rows = ledger(ruleset, load_events(con, gid), declared_claims(con, gid))
        if rows:
            store(con, gid, rows)
    return len(todo)


def load(con: duckdb.DuckDBPyConnection, game_id: str) -> list[Row]:
    """A game's stored ledger, in order."""
    return load_claims(con, game_id)


def as_dict(row: Row) -> dict[str, Any]:
    return dict(zip(ROW_COLUMNS, astuple(row), strict=True))
