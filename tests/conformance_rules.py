"""A rule set's own conformance checks: the invariants of one rule set's rare paths and name layers,
run by the one harness (``tests/test_conformance.py``) over the same random-legal games as the
shared checks (``tests.conformance_games.games_of``).

``RULESET_CHECKS`` names each rule set's checks; ``ONE_WINNER`` the rule sets whose every game ends
with exactly one winning side (others may share a win: umineko32's lovers, qijian24's 武装). A rule
set named in neither runs the shared checks alone, so a new rule set needs no entry here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.events import Dawn, Event, LayerAssigned, SeatsOut, SheriffChanged, VoteResult
from engine.game import Game
from engine.views import Viewer, view
from tests.conformance import seat_count
from tests.conformance_games import GAMES

GameCheck = Callable[[tuple[Game, ...]], None]
"""A rule set's own check: given the harness's games of that rule set, it asserts its invariant."""

ONE_WINNER = frozenset({"classic7", "majiasha2", "suitang21"})
"""The rule sets whose every game ends with exactly one winner."""


# --- majiasha2: two name layers (角色 and 马甲); games of every size 9..26, penalty points on for even
# seeds -------------------------------------------------------------------------------------------------


def majiasha2_plays_every_size(games: tuple[Game, ...]) -> None:
    """The harness's games of majiasha2 cover every size 9..26 (when there are enough of them)."""
    assert {seat_count(g.events) for g in games} == set(range(9, 27)) or GAMES < 18


def _pairs(e: Event) -> set[tuple[int, int]]:
    """(seat, 马甲) pairs an event states: a seat's own 马甲, a chat's roster, a lover's or the elder's
    马甲, and the public reveals (``majia`` of a dawn, a vote result, an out)."""
    if isinstance(e, LayerAssigned):
        return {(e.seat, e.number)}
    if isinstance(e, (Dawn, VoteResult, SeatsOut)):
        return set(e.majia.items())
    if e.kind != "notice":
        return set()
    data = getattr(e, "data", None) or {}
    seats = list(getattr(e, "seats", []))
    out = {(int(k), int(v)) for k, v in dict(data.get("pairs", {})).items()}
    majia = data.get("majia")
    if isinstance(majia, dict):
        out.update((int(k), int(v)) for k, v in majia.items())
    elif isinstance(majia, int) and seats and e.kind == "notice":
        out.add((seats[0], majia))
    return out


def _allowed(e: Event, viewer: int, seat: int, out_at: dict[int, int]) -> bool:
    """Whether ``viewer`` may learn ``seat``'s 马甲 from ``e``: its own notice, or a public reveal of a
    seat already out. A chat (\"互相知道彼此的马甲\") and a lover's notice tell 马甲, never whose."""
    if seat == viewer:
        return True
    return e.vis == "public" and seat in out_at and out_at[seat] < e.seq


def majiasha2_majia_mapping_does_not_leak(games: tuple[Game, ...]) -> None:
    """The property of the two name layers: no public event and no seat's view pairs another seat
    (角色) with its 马甲 before the rules reveal it (a vote-out; a night-out with D-07 on), not even to
    a chat mate or a lover; and every pairing stated is the true one."""
    for game in games[:80]:
        truth = {seat: a.majia for seat, a in game.state.seats.items()}  # type: ignore[attr-defined]
        out_at = {e.seat: e.seq for e in game.events if e.kind == "died"}
        for e in game.view(Viewer.spectator()):
            for seat, majia in _pairs(e):
                assert truth[seat] == majia and seat in out_at and out_at[seat] < e.seq, (game.state.seed, e)
        for viewer in range(1, seat_count(game.events) + 1):
            for e in game.view(Viewer.of_seat(viewer)):
                for seat, majia in _pairs(e):
                    assert truth[seat] == majia, (game.state.seed, viewer, e)
                    assert _allowed(e, viewer, seat, out_at), (game.state.seed, viewer, e)


def _named(e: Event) -> set[int]:
    """Every seat (角色) an event names: its actor, its seat lists, its recipients, a roster's keys."""
    named = set(getattr(e, "seats", [])) | set(getattr(e, "members", [])) | set(e.to)
    if isinstance(getattr(e, "seat", None), int):
        named.add(e.seat)  # type: ignore[attr-defined]
    majia = (getattr(e, "data", None) or {}).get("majia")
    if isinstance(majia, dict):
        named |= {int(k) for k in majia}
    return named


def majiasha2_a_seat_never_sees_a_chat_mates_account(games: tuple[Game, ...]) -> None:
    """Chats are by 马甲 (spec §0): in a seat's view, a chat event (a post, an elder ballot, a newcomer,
    the roster, the elder) and the lover's notice name no seat but the viewer's own, yet every post
    and ballot there is signed by its author's true 马甲. The god view keeps the judge's events."""
    signed = 0
    for game in games[:80]:
        truth = {seat: a.majia for seat, a in game.state.seats.items()}  # type: ignore[attr-defined]
        for viewer in range(1, seat_count(game.events) + 1):
            full = {e.seq: e for e in game.events}
            for e in game.view(Viewer.of_seat(viewer)):
                if not (e.vis.startswith("team:") or getattr(e, "topic", "") == "majia_lover"):
                    continue
                assert _named(e) <= {viewer, 0}, (game.state.seed, viewer, e)
                if e.kind in ("team_posted", "vote_cast", "team_joined"):
                    author = full[e.seq].seat  # type: ignore[union-attr]
                    assert e.majia == truth[author], (game.state.seed, viewer, e)  # type: ignore[union-attr]
                    assert e.seat == (author if author == viewer else 0), (game.state.seed, viewer, e)  # type: ignore[union-attr]
                    signed += author != viewer
        assert game.view(Viewer.god()) == game.events
    assert signed or GAMES < 10


def majiasha2_a_view_of_stored_events_is_redacted_alike(games: tuple[Game, ...]) -> None:
    """A reader holding only the events (a replay, a transcript) gets the rule set from the header, so
    its view of a seat is the game's own, redaction included."""
    for game in games[:10]:
        for viewer in range(1, seat_count(game.events) + 1):
            assert view(list(game.events), Viewer.of_seat(viewer)) == game.view(Viewer.of_seat(viewer))


def majiasha2_public_events_carry_seats_as_accounts_and_ballots_as_majia(games: tuple[Game, ...]) -> None:
    """The thread is signed by 角色: a post's or ballot's seat is the account that acted; a day ballot
    names a listed 马甲; the sheriff is announced by 马甲 with no seat."""
    for game in games[:40]:
        n = seat_count(game.events)
        for e in game.view(Viewer.spectator()):
            if e.kind in ("posted", "vote_cast"):
                assert 1 <= e.seat <= n  # type: ignore[attr-defined]
            if e.kind == "vote_cast" and e.target is not None:  # type: ignore[attr-defined]
                assert 1 <= e.target <= n  # type: ignore[attr-defined]
            if isinstance(e, SheriffChanged):
                assert e.seat is None


# --- qijian24: even seeds play with every discipline rule on (random players often skip a ballot, so
# seats drown and games are short), odd seeds with discipline off, so that games run many nights deep --


def qijian24_random_play_reaches_every_night_mechanic(games: tuple[Game, ...]) -> None:
    """Random play reaches every skill result, revive and win condition of qijian24."""
    results = {(e.skill, e.result) for game in games for e in game.events if e.kind == "resolved"}  # type: ignore[attr-defined]
    for wanted in (("assassinate", "cancelled"), ("assassinate", "no_effect"), ("lives", "1"),
                   ("revive", "revived"), ("activate", "lone_killer"), ("activate", "sheshen"),
                   ("kill_ban", "kill_banned"), ("pray", "life"), ("ban", "banned")):
        assert wanted in results, wanted
    winners = {side for game in games for side in game.winners}
    assert winners == {"killers", "wuzhuang", "rangers"}


# --- suitang21: random players draw many yellow cards, and two red cards in a camp end a game early; so
# a third of the games run with every penalty, a third with none (long games that reach the night's
# rarer paths: hugs, 通灵, shots, successions, 寡妇刀) and a third with the no-vote card alone --------


def suitang21_random_play_reaches_the_rare_paths(games: tuple[Game, ...]) -> None:
    """Random play reaches every rare cause, skill and topic of suitang21."""
    seen: Counter[str] = Counter()
    for game in games:
        for e in game.events:
            seen[getattr(e, "cause", "") or getattr(e, "skill", "") or getattr(e, "topic", "")] += 1
    for what in ("martyr", "shot", "poison", "red_card", "hug", "elder_penalty", "defeat", "succession", "accelerated"):
        assert seen[what], f"no game reached {what}"


RULESET_CHECKS: dict[str, tuple[GameCheck, ...]] = {
    "majiasha2": (majiasha2_plays_every_size, majiasha2_majia_mapping_does_not_leak,
                  majiasha2_a_seat_never_sees_a_chat_mates_account, majiasha2_a_view_of_stored_events_is_redacted_alike,
                  majiasha2_public_events_carry_seats_as_accounts_and_ballots_as_majia),
    "qijian24": (qijian24_random_play_reaches_every_night_mechanic,),
    "suitang21": (suitang21_random_play_reaches_the_rare_paths,),
}
"""Each rule set's own checks, run over the harness's games of it."""
