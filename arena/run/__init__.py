"""Playing one game: the runner and what a running game uses.

The runner (``runner``) asks the seats and writes as it goes (``journal``, ``recorder``); a stored game
is taken up where it stopped (``resume``, replaying ``replay``'s stored answers); the seats come from a
seat file or a short list (``seats``, ``players``); belief checkpoints (``beliefs``), compaction
together (``compaction``), hand-overs (``handover``), each seat's view (``seat_views``), the live
terminal display (``progress``), and the counterfactual vote of ``arena persuasion`` (``persuasion``).

Nothing is imported here: a module of this package loads only what it imports itself.
"""
