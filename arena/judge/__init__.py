"""The judge console (``arena judge FILE``): a judge scenario settled by the rules engine.

``scenario`` reads and checks a scenario file and says where its steps fall (``Schedule``),
``console`` drives the engine through the steps and prints the settlement, and ``void_ballots``
records the ballots the rules count as void instead of stopping.

Nothing is imported here: a module of this package loads only what it imports itself.
"""
