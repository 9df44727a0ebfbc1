"""``engine.audience``: the one parser of the ``vis`` strings events carry, and whom a private event reaches."""

from __future__ import annotations

import pytest

from engine import events as ev
from engine.audience import Audience, audience, recipients


def test_every_stored_form_parses_and_is_written_back_the_same() -> None:
    for vis in ("public", "judge", "seat:3", "team:killers"):
        assert Audience.parse(vis).vis == vis
    with pytest.raises(ValueError):
        Audience.parse("seat:x")


def test_a_private_event_reaches_its_seat_and_a_team_event_its_members_at_the_moment() -> None:
    to_one = ev.Notice(seq=1, day=1, phase="NIGHT", vis="seat:4", topic="t", seats=[4])
    to_team = ev.TeamPosted(seq=2, day=1, phase="NIGHT", vis="team:wolves", to=(2, 5, 9), seat=2, team="wolves",
                            text="…")
    assert audience(to_one) == Audience.of_seat(4) and recipients(to_one) == (4,)
    assert audience(to_team) == Audience.of_team("wolves") and recipients(to_team) == (2, 5, 9)
