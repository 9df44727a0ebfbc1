"""The versioned DuckDB schema of a transcript file.

The schema is data, not code that runs on import: ``DDL`` is a tuple of statements that
``store.open_db`` executes once, when it creates a new file. ``SCHEMA_VERSION`` is stored in the
``meta`` table so that a file written by another version of the package is recognised before a
single row is misread; any change to a table below bumps it and adds a step to
``store.MIGRATIONS``.

Why these shapes:

* ``events.payload`` holds the *whole* event as ``engine.events.to_json`` writes it, so the engine's
  one JSON adapter stays the only reader and writer of event fields; ``day``, ``phase``, ``kind``,
  ``vis`` and ``recipients`` are copies of the envelope kept as columns so that evaluation queries
  filter without parsing JSON.
* ``seats`` holds each seat's *final* identity (after conversions, inheritance…); the history is in
  the events.
* ``llm_calls`` is filled by the LLM players; ``event_seq`` links a call to the event it produced
  (NULL for a call that produced none, e.g. an illegal answer that was retried).
* ``beliefs`` (version 2) holds what each seat privately reported at a checkpoint: one row per
  (believer, other living seat, faction) with its probability; ``checkpoint`` is the seq of the event
  at which it was asked, so the truth "at that moment" is the events up to it. Never an event: no
  other seat ever sees it. ``tournament_games`` (version 2) places a game in a tournament's design.
* A fork (version 4) is a game whose first ``origin_seq`` events are those of ``origin_game``: they
  are stored once, under the origin, and read through it (``transcripts.forks``); the fork's own rows
  of ``events`` start at ``origin_seq``. ``games.fork`` says how it was made (the point asked for,
  where live play began, the seed, the players). ``fork_edits`` names every floor of a fork that is a
  counterfactual — a post edited or dropped by whoever made the fork, never its author's words —
  with who saw it. ``claims`` is the claims ledger (``evals.claims``): each role or result claim of a
  post, its truth from the god state at that moment. ``persuasion_votes`` holds the ballots of
  ``arena persuasion``: a day's voters asked again on copies of their view with one post removed or
  replaced, never shown to anyone (their model calls are in ``llm_calls``, purpose ``persuasion``).
* ``bot_guesses`` (version 5) holds what each person answered after a game to "who was a bot?": for
  every other seat, ``human`` or ``bot`` and, optionally, which model; the truth is the game's seat
  configs, so a row is the answer alone. ``served_games`` and ``seat_tokens`` (version 5) are
  ``arena serve``'s own: the games it plays (with the lobby's form, so a restarted server takes
  them up) and each human seat's grant — the SHA-256 of its join link's secret, never the secret,
  with its expiry — so a join link survives a restart until it expires. Neither is exported.
* ``answers`` (version 6) holds each answer of a player whose answers cannot be computed again — a
  model, a person — keyed by the runner's decision number, written (with the decision's model
  calls) as soon as it comes, before it is applied: a resumed game takes these answers instead of
  asking again, so it reaches the same end and nothing answered is lost. ``llm_calls.decision``
  (version 6) is that number (0: a call outside any decision, at a checkpoint), so a resumed LLM seat
  rebuilds its memory from its own stored calls; ``games.runner`` (version 6) is the runner's policy
  (retries, timeouts, concurrency, compaction, belief checkpoints) the game was played under.
* ``persuasion_beliefs`` (version 7) holds the beliefs ``arena persuasion`` re-asked, where the game
  elicited beliefs from the voter: one row per (post, ballot, sample, condition, target, faction), in a
  table of its own so that no play figure (``beliefs``) ever reads a counterfactual report.
"""

from __future__ import annotations

from typing import Final

SCHEMA_VERSION: Final[int] = 7
"""Bumped on every change to the DDL below; files of another version are refused or migrated."""

GAME_STATUSES: Final[tuple[str, ...]] = ("running", "finished", "aborted")
"""The life cycle of a game row: ``running`` until ``finish`` (or ``abort``) writes its end."""

TABLES: Final[tuple[str, ...]] = ("games", "seats", "events", "llm_calls", "beliefs", "tournament_games",
                                   "seat_control", "fork_edits", "claims", "persuasion_votes", "bot_guesses",
                                   "answers", "persuasion_beliefs")
"""The tables a transcript file holds (``meta`` and the server's own tables aside), in export order."""

SERVER_TABLES: Final[tuple[str, ...]] = ("served_games", "seat_tokens")
"""``arena serve``'s own state (never exported: it is the server's, not the games')."""

# -- version 2: beliefs and tournaments (issue 8), seat control (issue 7) ----------------------------

V2_TABLES: Final[tuple[str, ...]] = (
    """
    CREATE TABLE IF NOT EXISTS beliefs (
        game_id TEXT NOT NULL,
        checkpoint INTEGER NOT NULL,
        day INTEGER NOT NULL,
        phase TEXT NOT NULL,
        seat INTEGER NOT NULL,
        target INTEGER NOT NULL,
        alias TEXT,
        faction TEXT NOT NULL,
        prob DOUBLE NOT NULL,
        source TEXT NOT NULL,
        PRIMARY KEY (game_id, checkpoint, seat, target, faction)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS tournament_games (
        tournament TEXT NOT NULL,
        game_id TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        deal INTEGER NOT NULL,
        rotation INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        PRIMARY KEY (tournament, game_id)
    )
    """,
    # seat_control records each hand-over of a human seat (``controller`` human or bot) from the
    # event ``at_seq`` on, so a replay can tell which decisions a person made.
    """
    CREATE TABLE IF NOT EXISTS seat_control (
        game_id TEXT NOT NULL,
        change INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        at_seq INTEGER NOT NULL,
        controller TEXT NOT NULL,
        reason TEXT NOT NULL,
        created_at TIMESTAMP NOT NULL,
        PRIMARY KEY (game_id, change)
    )
    """,
)
"""The tables version 2 adds (``migrate`` creates them in a version 1 file)."""

# -- end of version 2 -------------------------------------------------------------------------------

# -- version 3: money and reasoning of model calls (issue 17) -------------------------------------

V3_CALL_COLUMNS: Final[tuple[tuple[str, str], ...]] = (
    ("profile", "TEXT"),        # the provider profile the call was sent with (agents/llm/profiles.toml)
    ("reasoning", "TEXT"),      # the model's reasoning as the provider returned it (DeepSeek reasoning_content)
    ("cost_usd", "DOUBLE"),     # the billed cost, from the prices below; NULL where no price is known
    ("prices", "JSON"),         # the prices used: input, cached_input, output (USD per 1M tokens), source
)
"""The ``llm_calls`` columns version 3 adds (``migrate`` adds them to a version 2 file, NULL in old rows)."""
# -- end of version 3 -------------------------------------------------------------------------------

# -- version 4: forks, the claims ledger, counterfactual persuasion (issue 21) ----------------------

FORK_COLUMNS: Final[tuple[tuple[str, str], ...]] = (
    ("origin_game", "TEXT"),     # the game whose events [0, origin_seq) this one shares (NULL: not a fork)
    ("origin_seq", "INTEGER"),   # the first seq the fork stores itself: where the two logs diverge
    ("fork", "JSON"),            # how the fork was made: point asked for, live play from, seed, edit
)
"""The ``games`` columns version 4 adds (NULL in every game that is not a fork)."""

V4_TABLES: Final[tuple[str, ...]] = (
    """
    CREATE TABLE IF NOT EXISTS fork_edits (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        floor INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('edit', 'drop')),
        text TEXT,
        original_seq INTEGER NOT NULL,
        original_floor INTEGER NOT NULL,
        vis TEXT NOT NULL,
        audience INTEGER[] NOT NULL,
        PRIMARY KEY (game_id, original_seq)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS claims (
        game_id TEXT NOT NULL,
        claim INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        day INTEGER NOT NULL,
        phase TEXT NOT NULL,
        floor INTEGER,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        role TEXT,
        target INTEGER,
        other INTEGER,
        result TEXT,
        night INTEGER,
        source TEXT NOT NULL,
        truth BOOLEAN,
        truth_role TEXT,
        truth_result TEXT,
        extractor TEXT NOT NULL,
        PRIMARY KEY (game_id, claim)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS persuasion_votes (
        game_id TEXT NOT NULL,
        run TEXT NOT NULL,
        post_seq INTEGER NOT NULL,
        ballot_seq INTEGER NOT NULL,
        voter INTEGER NOT NULL,
        sample INTEGER NOT NULL,
        condition TEXT NOT NULL CHECK (condition IN ('factual', 'removed', 'neutral')),
        target INTEGER,
        answered BOOLEAN NOT NULL,
        source TEXT NOT NULL,
        call_id INTEGER,
        PRIMARY KEY (game_id, run, post_seq, ballot_seq, sample, condition)
    )
    """,
)
"""The tables version 4 adds (``migrate`` creates them in a version 3 file)."""

# -- end of version 4 -------------------------------------------------------------------------------

# -- version 5: who was a bot, and a server that survives a restart (issue 19) ----------------------

V5_TABLES: Final[tuple[str, ...]] = (
    """
    CREATE TABLE IF NOT EXISTS bot_guesses (
        game_id TEXT NOT NULL,
        guesser INTEGER NOT NULL,
        target INTEGER NOT NULL,
        guess TEXT NOT NULL CHECK (guess IN ('human', 'bot')),
        model TEXT,
        created_at TIMESTAMP NOT NULL,
        PRIMARY KEY (game_id, guesser, target)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS served_games (
        game_id TEXT PRIMARY KEY,
        spec JSON NOT NULL,
        created_at TIMESTAMP NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS seat_tokens (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        digest TEXT NOT NULL,
        expires_at DOUBLE NOT NULL,
        issued_at TIMESTAMP NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
)
"""The tables version 5 adds (``migrate`` creates them in a version 4 file)."""

# -- end of version 5 -------------------------------------------------------------------------------

# -- version 6: durable answers (issue 22) -----------------------------------------------------------

ANSWERS: Final[str] = """
    CREATE TABLE IF NOT EXISTS answers (
        game_id TEXT NOT NULL,
        decision INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        asked_seq INTEGER NOT NULL,
        day INTEGER NOT NULL,
        phase TEXT NOT NULL,
        action JSON,
        error TEXT,
        created_at TIMESTAMP NOT NULL,
        PRIMARY KEY (game_id, decision)
    )
    """
"""One row per stored answer: ``action`` the engine action as JSON (NULL: the player passed by
answering nothing), or ``error`` the player's failure as the runner reported it; ``asked_seq``: the
events of the game when the seat was asked."""

V6_COLUMNS: Final[tuple[str, ...]] = (
    "ALTER TABLE llm_calls ADD COLUMN IF NOT EXISTS decision INTEGER",
    "ALTER TABLE games ADD COLUMN IF NOT EXISTS runner JSON",
)
"""The columns version 6 adds to tables of version 5 (``migrate``); a new file has them in ``DDL``."""

# -- end of version 6 -------------------------------------------------------------------------------

# -- version 7: beliefs re-asked by ``arena persuasion`` (issue 21) ---------------------------------

V7_TABLES: Final[tuple[str, ...]] = (
    """
    CREATE TABLE IF NOT EXISTS persuasion_beliefs (
        game_id TEXT NOT NULL,
        run TEXT NOT NULL,
        post_seq INTEGER NOT NULL,
        ballot_seq INTEGER NOT NULL,
        voter INTEGER NOT NULL,
        sample INTEGER NOT NULL,
        condition TEXT NOT NULL CHECK (condition IN ('factual', 'removed', 'neutral')),
        target INTEGER NOT NULL,
        faction TEXT NOT NULL,
        prob DOUBLE NOT NULL,
        source TEXT NOT NULL,
        call_id INTEGER,
        PRIMARY KEY (game_id, run, post_seq, ballot_seq, sample, condition, target, faction)
    )
    """,
)
"""The table version 7 adds (``migrate`` creates it in a version 6 file)."""

# -- end of version 7 -------------------------------------------------------------------------------

DDL: Final[tuple[str, ...]] = (
    """
    CREATE TABLE meta (
        schema_version INTEGER NOT NULL,
        created_at TIMESTAMP NOT NULL,
        package_version TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE games (
        game_id TEXT PRIMARY KEY,
        created_at TIMESTAMP NOT NULL,
        ruleset TEXT NOT NULL,
        ruleset_version TEXT NOT NULL,
        seed BIGINT NOT NULL,
        flags JSON NOT NULL,
        options JSON NOT NULL,
        seat_configs JSON NOT NULL,
        package_version TEXT NOT NULL,
        git_commit TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'aborted')),
        winners JSON,
        days INTEGER,
        ended_at TIMESTAMP,
        origin_game TEXT,
        origin_seq INTEGER,
        fork JSON,
        runner JSON
    )
    """,
    """
    CREATE TABLE seats (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        alias TEXT,
        role TEXT,
        faction TEXT,
        player JSON,
        PRIMARY KEY (game_id, seat)
    )
    """,
    """
    CREATE TABLE events (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        day INTEGER NOT NULL,
        phase TEXT NOT NULL,
        kind TEXT NOT NULL,
        vis TEXT NOT NULL,
        recipients INTEGER[] NOT NULL,
        payload JSON NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
    """
    CREATE TABLE llm_calls (
        game_id TEXT NOT NULL,
        call_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        event_seq INTEGER,
        phase TEXT,
        day INTEGER,
        model TEXT,
        base_url TEXT,
        messages JSON,
        tools JSON,
        response JSON,
        tool_calls JSON,
        tokens_in INTEGER,
        tokens_out INTEGER,
        tokens_in_reported INTEGER,
        tokens_out_reported INTEGER,
        cached_tokens INTEGER,
        latency_ms DOUBLE,
        retries INTEGER,
        error TEXT,
        fallback BOOLEAN,
        created_at TIMESTAMP,
        profile TEXT,
        reasoning TEXT,
        cost_usd DOUBLE,
        prices JSON,
        decision INTEGER,
        PRIMARY KEY (game_id, call_id)
    )
    """,
    *V2_TABLES,
    *V4_TABLES,
    *V5_TABLES,
    ANSWERS,
    *V7_TABLES,
)

EVENT_COLUMNS: Final[tuple[str, ...]] = ("game_id", "seq", "day", "phase", "kind", "vis", "recipients", "payload")
"""The ``events`` columns in insertion order (the writer's batched statement is built from it)."""
