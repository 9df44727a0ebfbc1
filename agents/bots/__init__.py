"""The scripted players of the rule sets whose bots live in ``agents``, one subpackage per rule set id.

Each subpackage (``umineko32``, ``suitang21``, ``qijian24``, ``majiasha2``) exports
``ScriptedAgent(name)``, a ``BotAgent`` (``agent``) with ``decide(turn) -> Action``; ``agents.scripted``
hands it the turns of its rule set, so ``--players scripted`` plays every rule set. What the bots
share sits beside them: the notes fold over a seat's view (``notes``) and its per-seat cache
(``view_notes``), the seeded draws (``rand``), the safest legal move (``fallback``).
"""
