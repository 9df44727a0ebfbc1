"""Scripted players of the rule sets other than umineko32, one subpackage per rule set id.

Each subpackage exports ``ScriptedAgent(name)`` with ``decide(turn) -> Action``; ``agents.scripted``
hands it the turns of its rule set, so ``--players scripted`` plays every rule set.
"""
