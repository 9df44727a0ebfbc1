"""The mechanics every forum mafia rule set shares, each written once, with its variants named.

* ``ballots``: ballots in force, weights, change limits, tallies, the top, "first to reach the top
  count" in its two readings (``FirstToReach``), the sheriff's tie-break;
* ``outs``: an out and the ordered chain of what it sets off (lovers, links, successions, joining);
* ``last_words``: the length and line rules of last words, and a redaction with ■;
* ``team_chat``: who a team message reaches, membership over time;
* ``win``: win conditions per side, checked together, with co-victory.

Pure functions over plain data (ballots, texts, seats) or over a ``Game`` through the events they
emit; a rule set passes its own refusal factory so each keeps its own error texts.
"""
