"""Forks of a stored game (``arena fork``): the same game up to a point, then played on.

``prepare`` checks the origin and makes the fork's game, ``texts`` holds what a fork says (its
refusals, in zh and en), and ``marks`` marks a fork's edited or dropped floor wherever it is read.

Nothing is imported here: a module of this package loads only what it imports itself.
"""
