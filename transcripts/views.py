"""DuckDB views over a transcript file, for ad-hoc SQL on the figures the report shows.

``install_views(con, eps)`` (run by ``arena report`` through ``evals.views`` unless ``--no-views``) creates
or replaces:

* ``v_seat_labels`` (game_id, seat, label): who played each seat, as leaderboards name it;
* ``v_factions`` (game_id, seat, seq, faction): each seat's faction from each role event on;
* ``v_seat_results`` (game_id, ruleset, seat, label, side, won): finished games, final factions;
* ``v_win_rates`` (label, side, games, seat_games, wins, win_rate): side ``*`` pools the sides;
* ``v_majia`` (game_id, majia, seat): majiasha2's secret 马甲 → seat mapping (each seat's own notice);
* ``v_votes`` (game_id, seq, day, voter, target, label, voter_side, target_side, hit): ``target`` is a
  seat (a ballot naming a 马甲 is mapped to the seat behind it);
* ``v_vote_precision`` (label, side, games, votes, hits, precision);
* ``v_belief_scores`` (game_id, checkpoint, seat, label, side, target, truth, p_true, brier): one
  row per report and target, scored against the truth at the checkpoint;
* ``v_inference`` (label, games, reports, targets, brier, log_loss) — log loss clipped as the
  evaluator clips it;
* ``v_costs`` (label, games, calls, tokens, tokens_per_game, mean_latency_ms, prompt_tokens,
  cached_tokens, priced_calls, usd, usd_per_game): the play's calls (belief questions aside, as the cost
  evaluator counts them), money at the prices stored with each call.

They compute in SQL what the evaluators compute in Python (tests hold the two equal), without the
bootstrap intervals, which only the report gives. They live here, with the schema they read, so that
the store's tables are queried from ``transcripts`` alone.
"""

from __future__ import annotations

import duckdb


def views(eps: float) -> tuple[tuple[str, str], ...]:
    """Every view as (name, SQL), in creation order; ``eps`` clips a probability before its log, as the
    inference evaluator clips it (``evals.inference.EPS``)."""
    return (
        ("v_seat_labels", """
            SELECT g.game_id, CAST(c->>'seat' AS INTEGER) AS seat,
                   coalesce(c->>'label', c->>'player', c->>'model', c->>'kind', 'unknown') AS label
            FROM games g, unnest(CAST(g.seat_configs AS JSON[])) AS t(c)"""),
        ("v_factions", """
            SELECT game_id, CAST(payload->>'seat' AS INTEGER) AS seat, seq, payload->>'faction' AS faction
            FROM events WHERE kind IN ('role_dealt', 'role_changed')"""),
        ("v_seat_results", """
            SELECT g.game_id, g.ruleset, s.seat, l.label, s.faction AS side,
                   list_contains(CAST(g.winners AS TEXT[]), s.faction) AS won
            FROM games g JOIN seats s USING (game_id) JOIN v_seat_labels l USING (game_id, seat)
            WHERE g.status = 'finished' AND g.winners IS NOT NULL"""),
        ("v_win_rates", """
            SELECT label, coalesce(side, '*') AS side, count(DISTINCT game_id) AS games, count(*) AS seat_games,
                   sum(CAST(won AS INTEGER)) AS wins, avg(CAST(won AS DOUBLE)) AS win_rate
            FROM v_seat_results GROUP BY GROUPING SETS ((label, side), (label))"""),
        ("v_majia", """
            SELECT game_id, CAST(payload->>'number' AS INTEGER) AS majia, CAST(payload->>'seat' AS INTEGER) AS seat
            FROM events WHERE kind = 'layer_assigned' AND payload->>'layer' = 'majia'
            UNION ALL  -- games stored by majiasha2 2.1 and earlier told a seat its 马甲 in a notice
            SELECT game_id, CAST(json_extract_string(payload, '$.data.majia') AS INTEGER) AS majia,
                   CAST(json_extract_string(payload, '$.seats[0]') AS INTEGER) AS seat
            FROM events WHERE kind = 'notice' AND payload->>'topic' = 'majia_own'"""),
        ("v_votes", """
            SELECT v.game_id, v.seq, v.day, v.voter, v.target, l.label, fv.faction AS voter_side,
                   ft.faction AS target_side, fv.faction <> ft.faction AS hit
            FROM (SELECT e.game_id, e.seq, e.day, CAST(e.payload->>'seat' AS INTEGER) AS voter,
                         coalesce(m.seat, CAST(e.payload->>'target' AS INTEGER)) AS target
                  FROM events e LEFT JOIN v_majia m
                    ON m.game_id = e.game_id AND m.majia = CAST(e.payload->>'target' AS INTEGER)
                  WHERE e.kind = 'vote_cast' AND e.payload->>'target' IS NOT NULL) v
            JOIN v_seat_labels l ON l.game_id = v.game_id AND l.seat = v.voter
            ASOF JOIN v_factions fv ON fv.game_id = v.game_id AND fv.seat = v.voter AND fv.seq <= v.seq
            ASOF JOIN v_factions ft ON ft.game_id = v.game_id AND ft.seat = v.target AND ft.seq <= v.seq"""),
        ("v_vote_precision", """
            SELECT label, coalesce(voter_side, '*') AS side, count(DISTINCT game_id) AS games, count(*) AS votes,
                   sum(CAST(hit AS INTEGER)) AS hits, avg(CAST(hit AS DOUBLE)) AS precision
            FROM v_votes GROUP BY GROUPING SETS ((label, voter_side), (label))"""),
        ("v_belief_scores", """
            SELECT b.game_id, b.checkpoint, b.seat, l.label, fs.faction AS side, b.target, ft.faction AS truth,
                   sum(CASE WHEN b.faction = ft.faction THEN b.prob ELSE 0 END) AS p_true,
                   sum(power(b.prob - CASE WHEN b.faction = ft.faction THEN 1 ELSE 0 END, 2))
                     + CASE WHEN bool_or(b.faction = ft.faction) THEN 0 ELSE 1 END AS brier
            FROM beliefs b
            JOIN v_seat_labels l ON l.game_id = b.game_id AND l.seat = b.seat
            ASOF JOIN v_factions fs ON fs.game_id = b.game_id AND fs.seat = b.seat AND fs.seq <= b.checkpoint
            ASOF JOIN v_factions ft ON ft.game_id = b.game_id AND ft.seat = b.target AND ft.seq <= b.checkpoint
            GROUP BY ALL"""),
        ("v_inference", f"""
            SELECT label, count(DISTINCT game_id) AS games, count(DISTINCT (game_id, checkpoint, seat)) AS reports,
                   count(*) AS targets, avg(brier) AS brier, avg(-ln(greatest(p_true, {eps}))) AS log_loss
            FROM v_belief_scores GROUP BY label"""),
        ("v_costs", """
            SELECT l.label, count(DISTINCT c.game_id) AS games, count(*) AS calls,
                   sum(coalesce(c.tokens_in, 0) + coalesce(c.tokens_out, 0)) AS tokens,
                   sum(coalesce(c.tokens_in, 0) + coalesce(c.tokens_out, 0)) / count(DISTINCT c.game_id) AS tokens_per_game,
                   avg(c.latency_ms) AS mean_latency_ms,
                   sum(coalesce(c.tokens_in_reported, c.tokens_in, 0)) AS prompt_tokens,
                   sum(coalesce(c.cached_tokens, 0)) AS cached_tokens,
                   count(c.cost_usd) AS priced_calls,
                   sum(c.cost_usd) AS usd,
                   sum(c.cost_usd) / nullif(count(DISTINCT CASE WHEN c.cost_usd IS NOT NULL THEN c.game_id END), 0)
                       AS usd_per_game
            FROM llm_calls c JOIN v_seat_labels l ON l.game_id = c.game_id AND l.seat = c.seat
            WHERE coalesce(json_extract_string(c.response, '$.x_arena.purpose'), '') NOT IN ('beliefs', 'persuasion') GROUP BY l.label"""),
    )


def install_views(con: duckdb.DuckDBPyConnection, eps: float) -> list[str]:
    """Create (or replace) every view; returns their names."""
    made = views(eps)
    for name, sql in made:
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {sql}")
    return [name for name, _ in made]
