"""``arena tournament``: a tournament file's designed games, played resumably, many at once.

``file`` reads the tournament file, ``plan`` fixes every game's id, seed and seats, ``game`` plays
one game into any sink, ``play`` runs the games not finished yet in this process, and ``ray`` runs
them as Ray tasks.

Nothing is imported here: a module of this package loads only what it imports itself (Ray only
with ``--backend ray``).
"""
