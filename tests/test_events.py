"""The event adapter and the fast event builder agree with the dataclasses themselves."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from engine import events as ev

ENVELOPE = {"seq": 3, "day": 2, "phase": "NIGHT", "vis": "team:killers", "to": (1, 2)}
SAMPLE = {"seat": 4, "text": "蓝字1：我怀疑5号", "floor": 7, "target": 5, "targets": [5, 6], "skill": "blade",
          "result": "黑", "cause": "blade", "topic": "night_deaths", "seats": [1, 2], "team": "killers",
          "members": [1, 2], "role": "killer", "faction": "black", "name": "NIGHT", "number": 2, "index": 0,
          "aliases": {1: "纱音"}, "winners": ["white"], "ruleset": "umineko32", "version": "1.0", "seed": 9,
          "reason": "silence", "count": 1, "actor": 2, "layer": "majia", "names": {1: "拿破仑"}}


def _fields(cls: type) -> dict[str, typing.Any]:
    required = {f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    values = {name: ENVELOPE.get(name, SAMPLE.get(name)) for name in required}
    if cls is ev.GameCreated:
        values["seats"] = 18
    if cls is ev.Draw:
        values["result"] = [3, 1, 2]
    return values


@pytest.mark.parametrize("cls", typing.get_args(ev.Event), ids=lambda c: c.__name__)
def test_builder_equals_constructor_and_round_trips(cls: type) -> None:
    values = _fields(cls)
    built = ev.builder(cls)(**values)
    assert built == cls(**values)
    assert ev.from_json(ev.to_json(built)) == built
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.seq = 99  # type: ignore[misc]


def test_builder_defaults_are_fresh_per_event() -> None:
    a = ev.builder(ev.GameCreated)(seq=0, day=0, phase="SETUP", vis="public", ruleset="x", version="1", seed=1,
                                  seats=3)
    b = ev.builder(ev.GameCreated)(seq=0, day=0, phase="SETUP", vis="public", ruleset="x", version="1", seed=1,
                                  seats=3)
    assert a.flags == {} and a.flags is not b.flags


def test_builder_rejects_unknown_and_missing_fields() -> None:
    with pytest.raises(TypeError):
        ev.builder(ev.Posted)(seq=1, day=1, phase="FREE", vis="public", seat=1, text="x", floor=1, colour="red")
    with pytest.raises(TypeError):
        ev.builder(ev.Posted)(seq=1, day=1, phase="FREE", vis="public", seat=1)
