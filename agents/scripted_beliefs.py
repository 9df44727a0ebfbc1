"""What a scripted seat concludes from its notes: whom to believe, and each seat's colour.

Derived from the notes alone (``infer`` is a pure function of them), and cached on the notes
until they change. Three steps:

1. **Trusted claims.** Public detective claims are believed claimer by claimer. Seats that died at
   night are taken for white (killers blade whites), so a claimer who called one 黑 is a liar, and
   a claimer who died at night is believed first; then claimers called 黑 by fewer others, then
   the seat's daily hunch. A claimer shown 黑 by a claim already believed, or caught lying about
   what the seat knows for certain, is skipped and taken for black.
2. **Colours.** Certain knowledge (own results, partner's, teammates) over trusted claims, spread
   along audition pairs (同 keeps, 异 flips; certain only along certain pairs).
3. **Behaviour.** Past ballots: +6 per vote on a seat now believed white, -3 per vote on a black one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.rulesets.umineko32.names import BLACK_COLOR, SAME, WHITE_COLOR

if TYPE_CHECKING:
    from agents.scripted_notes import Notes

WHITE_VOTE, BLACK_VOTE = 6.0, -3.0
"""Suspicion a past ballot earns its voter: on a seat now believed white, on one believed black."""


class Beliefs(NamedTuple):
    """``colours``: (colour, certain) per seat; ``public``: the trusted claims alone; ``yi``: seats in
    a 异 pair of unknown colours (one of each such pair is black); ``behaviour``: suspicion from
    past ballots. ``stamp`` says which notes they were inferred from."""

    stamp: tuple[int, int]
    colours: dict[int, tuple[str, bool]]
    public: dict[int, str]
    yi: set[int]
    behaviour: dict[int, float]


EMPTY = Beliefs((-1, -1), {}, {}, set(), {})


def infer(notes: Notes, stamp: tuple[int, int]) -> Beliefs:
    public = trusted_claims(notes)
    colours = spread({t: (c, False) for t, c in public.items()} | {t: (c, True) for t, c in notes.known.items()},
                     notes.pairs)
    yi = {s for a, b, rel, _ in notes.pairs if rel != SAME and a not in colours and b not in colours
          for s in (a, b)}
    behaviour: dict[int, float] = {}
    voters_on = notes.voters_on
    for target, (colour, _) in colours.items():
        delta = BLACK_VOTE if colour == BLACK_COLOR else WHITE_VOTE
        for voter in voters_on.get(target, ()):
            behaviour[voter] = behaviour.get(voter, 0.0) + delta
    return Beliefs(stamp, colours, public, yi, behaviour)


def trusted_claims(notes: Notes) -> dict[int, str]:
    """The colours the public detective claims say, as far as this seat believes them (step 1)."""
    claims = notes.claims
    if not claims:
        return {}
    night_dead, known = notes.night_dead, notes.known
    called = {c: sum(1 for said in claims.values() if said.get(c) == BLACK_COLOR) for c in claims}
    hunch = notes.noise or [0.0] * (notes.seats + 1)
    out: dict[int, str] = {}
    for claimer in sorted(claims, key=lambda c: (c not in night_dead, called[c], hunch[c], c)):
        said = claims[claimer]
        if out.get(claimer) == BLACK_COLOR or known.get(claimer) == BLACK_COLOR:
            continue
        if any(known.get(t, c) != c or (t in night_dead and c == BLACK_COLOR) for t, c in said.items()):
            out.setdefault(claimer, BLACK_COLOR)
            continue
        out.setdefault(claimer, WHITE_COLOR)
        for t, c in said.items():
            out.setdefault(t, c)
    return out


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
