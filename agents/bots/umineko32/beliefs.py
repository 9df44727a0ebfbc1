"""What a scripted seat concludes from its notes: whom to believe, and each seat's colour.

Derived from the notes alone (``infer`` is a pure function of them), and cached on the notes
until they change. Four steps:

1. **Trusted claims.** Public detective claims are believed claimer by claimer. Seats that died at
   night are taken for white (killers blade whites), so a claimer who called one 黑 is a liar, and
   a claimer who died at night is believed first; then claimers called 黑 by fewer others, then
   those reporting more checks (a real detective checks every night), then the seat's hunch of
   the day. A claimer shown 黑 by a claim already believed, or caught lying about
   what the seat knows for certain, is skipped and taken for black.
2. **Colours.** Certain knowledge (own results, partner's, teammates) over trusted claims, spread
   along audition pairs (同 keeps, 异 flips; certain only along certain pairs).
3. **Behaviour.** Past ballots: +6 per vote on a seat now believed white, -3 per vote on a black one.
4. **Standing suspicion** of each seat for the day: its colour (±100 certain, ±60 believed), +12 in
   an unresolved 异 pair, -25 for a claimed role not shown black, behaviour, and 0..10 of hunch.
   Today's heat (ballots, accusations) is added per decision (``mind.scores``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.rulesets.umineko32.names import BLACK_COLOR, SAME, WHITE_COLOR

if TYPE_CHECKING:
    from agents.bots.umineko32.notes import Notes

WHITE_VOTE, BLACK_VOTE = 6.0, -3.0
"""Suspicion a past ballot earns its voter: on a seat now believed white, on one believed black."""
CERTAIN, BELIEVED, YI, CLAIM_TRUST, HUNCH = 100.0, 60.0, 12.0, 25.0, 10.0
"""The weights of step 4."""


class Beliefs(NamedTuple):
    """``colours``: (colour, certain) per seat; ``public``: the trusted claims alone; ``yi``: seats in
    a 异 pair of unknown colours (one of each such pair is black). ``stamp``: (notes' version, day)."""

    stamp: tuple[int, int]
    colours: dict[int, tuple[str, bool]]
    public: dict[int, str]
    yi: set[int]


EMPTY = Beliefs((-1, -1), {}, {}, set())


def infer(notes: Notes) -> Beliefs:
    """Steps 1 and 2."""
    public = trusted_claims(notes)
    colours = {t: (c, False) for t, c in public.items()}
    for t, c in notes.known.items():
        colours[t] = (c, True)
    yi: set[int] = set()
    if notes.pairs:
        spread(colours, notes.pairs)
        for a, b, rel, _ in notes.pairs:
            if rel != SAME and a not in colours and b not in colours:
                yi.update((a, b))
    return Beliefs((notes.ver, notes.day), colours, public, yi)


def behaviour(colours: dict[int, tuple[str, bool]], voters_on: dict[int, list[int]]) -> dict[int, float]:
    """Step 3: the suspicion each voter's past ballots earned, given the colours believed now."""
    out: dict[int, float] = {}
    for target, (colour, _) in colours.items():
        delta = BLACK_VOTE if colour == BLACK_COLOR else WHITE_VOTE
        for voter in voters_on.get(target, ()):
            out[voter] = out.get(voter, 0.0) + delta
    return out


def trusted_claims(notes: Notes) -> dict[int, str]:
    """The colours the public detective claims say, as far as this seat believes them (step 1)."""
    claims = notes.claims
    if not claims:
        return {}
    night_dead, known = notes.night_dead, notes.known
    called = dict.fromkeys(claims, 0)
    for said in claims.values():
        for t, c in said.items():
            if c == BLACK_COLOR and t in called:
                called[t] += 1
    hunch = notes.noise or [0.0] * (notes.seats + 1)
    order = sorted((c not in night_dead, called[c], -len(claims[c]), hunch[c], c) for c in claims)
    out: dict[int, str] = {}
    for *_, claimer in order:
        if out.get(claimer) == BLACK_COLOR or known.get(claimer) == BLACK_COLOR:
            continue
        said = claims[claimer]
        if _lies(said, known, night_dead):
            out.setdefault(claimer, BLACK_COLOR)
            continue
        out.setdefault(claimer, WHITE_COLOR)
        for t, c in said.items():
            out.setdefault(t, c)
    return out


def _lies(said: dict[int, str], known: dict[int, str], night_dead: set[int]) -> bool:
    """A claim contradicts what I know for certain, or calls a seat that died at night 黑."""
    for t, c in said.items():
        if known.get(t, c) != c or (c == BLACK_COLOR and t in night_dead):
            return True
    return False


def spread(colours: dict[int, tuple[str, bool]], pairs: list[tuple[int, int, str, bool]]) -> dict[int, tuple[str, bool]]:
    """Colours spread along audition pairs (step 2); a seat is set once, or upgraded to certain."""
    changed = bool(pairs)
    while changed:
        changed = False
        for a, b, rel, sure in pairs:
            for x, y in ((a, b), (b, a)):
                have = colours.get(x)
                if have is None:
                    continue
                colour = have[0] if rel == SAME else flip(have[0])
                certain = have[1] and sure
                now = colours.get(y)
                if now is None or (certain and not now[1]):
                    colours[y] = (colour, certain)
                    changed = True
    return colours


def flip(colour: str) -> str:
    return WHITE_COLOR if colour == BLACK_COLOR else BLACK_COLOR


def standing(notes: Notes) -> list[float]:
    """Step 4, indexed by seat: the hunch for every seat, then sparse terms where they apply."""
    beliefs = notes.beliefs()
    colours = beliefs.colours
    out = [HUNCH * x for x in notes.noise] if notes.noise else [0.0] * (notes.seats + 1)
    for t, score in notes.behaviour().items():
        out[t] += score
    for t in beliefs.yi:
        out[t] += YI
    for t in notes.claimed:
        if colours.get(t, ("", False))[0] != BLACK_COLOR:
            out[t] -= CLAIM_TRUST
    for t, (colour, certain) in colours.items():
        weight = CERTAIN if certain else BELIEVED
        out[t] += weight if colour == BLACK_COLOR else -weight
    return out
