"""The model-choice bench's figures from call records (no model: the records are made here)."""

from __future__ import annotations

import argparse
import json

import pytest

from bench.local_models import language_share, measure, parse_model, spoken
from transcripts.records import CallRecord


def record(seat: int, decision: int, name: str, text: str, error: str | None = None, *,
           fallback: bool = False) -> CallRecord:
    return CallRecord(seat=seat, day=1, phase="D1_FREE", decision=decision, latency_ms=2000.0,
                      tokens_out_reported=30, error=error, fallback=fallback,
                      response={"x_arena": {"purpose": "action"}},
                      tool_calls=[{"id": "c", "name": name, "arguments": json.dumps({"text": text})}])


def test_language_share_counts_letters_not_punctuation() -> None:
    assert language_share(["我是好人 ok"], "zh") == pytest.approx(4 / 6)
    assert language_share(["I am white!"], "en") == 1.0
    assert language_share(["123 ..."], "en") is None


def test_spoken_reads_posts_last_words_and_team_posts_only() -> None:
    assert spoken(record(1, 1, "post", "hello")) == ["hello"]
    assert spoken(record(1, 1, "team_post_killers", "kill 3")) == ["kill 3"]
    assert spoken(record(1, 1, "vote", "x")) == []


def test_measure_counts_first_try_legal_illegal_over_limit_and_fallbacks() -> None:
    records = [record(1, 1, "post", "hi"),
               record(2, 1, "post", "way too long", "speech limit: over"), record(2, 1, "post", "ok"),
               record(3, 1, "post", "x", "illegal: dead target"), record(3, 1, "post", "x", "invalid call: bad json"),
               CallRecord(seat=3, day=1, phase="D1_FREE", decision=1, fallback=True)]
    m = measure(records, "en")
    assert (m.calls, m.decisions) == (5, 3)
    assert m.first_try_legal == pytest.approx(1 / 3)
    assert (m.illegal, m.over_limit, m.fallbacks) == (2, 1, 1)
    assert m.seconds_per_call == pytest.approx(2.0) and m.tokens_out_per_call == pytest.approx(30.0)
    assert m.in_language == 1.0 and m.sample == "hi"  # only accepted calls' text counts


def test_parse_model_says_what_is_wrong() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="NAME=GGUF"):
        parse_model("nothing")
    with pytest.raises(argparse.ArgumentTypeError, match="no GGUF file"):
        parse_model("x=/no/such/file.gguf:gemma")
