"""DuckDB views over a transcript file, for ad-hoc SQL on the figures the report shows.

The views themselves (``v_seat_labels``, ``v_win_rates``, ``v_votes``, ``v_inference``, ``v_costs``…)
are SQL over the store's tables, so they live with the schema (``transcripts.views``); this module
installs them with the evaluators' constants, so that the SQL figures match the Python ones (tests
hold the two equal).
"""

from __future__ import annotations

import duckdb

from evals.inference import EPS
from transcripts import views as store_views


def install_views(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Create (or replace) every view of ``transcripts.views``; returns their names."""
    return store_views.install_views(con, EPS)
