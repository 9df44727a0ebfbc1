"""Name layers: what a number names where a rule set has more than one public list of names.

Every rule set names its seats (their aliases). A rule set may add a second public name list whose
entries are dealt to the seats by a secret the engine keeps (majiasha2's 马甲, its layer ``"majia"``:
a seat posts as its 角色, and votes, 预言 and 药剂 name 马甲). Each number the engine hands out says
which list it names (``LegalAction.layer``, ``TeamState.layer``, ``VoteResult.layer``,
``LayerListed.layer``): ``SEATS`` for the seats, the rule set's layer id (``Ruleset.name_layer``)
for its second list. The shared layers ask ``second_layer`` instead of naming one rule set's layer.
"""

from __future__ import annotations

SEATS = ""
"""The layer of seat numbers."""


def second_layer(layer: str | None) -> bool:
    """Whether numbers of ``layer`` name the rule set's second public name list, not seats."""
    return bool(layer)
