"""Reading what ``arena persuasion`` stored: its ballots (``persuasion_votes``) and beliefs
(``persuasion_beliefs``), each counterfactual answer paired with the factual one of the same ballot
and sample, as ``evals.persuasion`` scores them.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb


@dataclass(frozen=True, slots=True)
class PairedVote:
    """One voter's ballot in one sample, with the post (``factual``) and under ``condition`` (``counter``)."""

    post_seq: int
    voter: int
    sample: int
    factual: int | None
    counter: int | None


@dataclass(frozen=True, slots=True)
class PairedBelief:
    """One voter's probability of ``target`` being of ``faction`` in one sample, with the post and without."""

    post_seq: int
    voter: int
    sample: int
    target: int
    faction: str
    factual: float
    counter: float


def paired_votes(con: duckdb.DuckDBPyConnection, game_id: str, run: str, condition: str) -> list[PairedVote]:
    """The answered ballots of one run under ``condition``, each with its factual twin, by post, voter and sample."""
    rows = con.execute(
        "SELECT c.post_seq, c.voter, c.sample, f.target, c.target FROM persuasion_votes c "
        "JOIN persuasion_votes f ON f.game_id = c.game_id AND f.run = c.run AND f.ballot_seq = c.ballot_seq "
        "AND f.sample = c.sample AND f.condition = 'factual' "
        "WHERE c.game_id = ? AND c.run = ? AND c.condition = ? AND c.answered AND f.answered "
        "ORDER BY c.post_seq, c.voter, c.sample", [game_id, run, condition]).fetchall()
    return [PairedVote(int(p), int(v), int(k), f, c) for p, v, k, f, c in rows]


def paired_beliefs(con: duckdb.DuckDBPyConnection, game_id: str, run: str, condition: str) -> list[PairedBelief]:
    """The beliefs of one run under ``condition``, each with its factual twin, by post, voter, sample,
    target and faction."""
    rows = con.execute(
        "SELECT c.post_seq, c.voter, c.sample, c.target, c.faction, f.prob, c.prob FROM persuasion_beliefs c "
        "JOIN persuasion_beliefs f ON f.game_id = c.game_id AND f.run = c.run AND f.ballot_seq = c.ballot_seq "
        "AND f.sample = c.sample AND f.target = c.target AND f.faction = c.faction AND f.condition = 'factual' "
        "WHERE c.game_id = ? AND c.run = ? AND c.condition = ? "
        "ORDER BY c.post_seq, c.voter, c.sample, c.target, c.faction", [game_id, run, condition]).fetchall()
    return [PairedBelief(int(p), int(v), int(k), int(t), str(f), float(a), float(b)) for p, v, k, t, f, a, b in rows]
