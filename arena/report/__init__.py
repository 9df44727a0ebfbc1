"""``arena report``: the leaderboard, scores and plots as HTML and Markdown.

``write`` reads the database and writes both files; ``tables`` holds the tables both renderers
share, ``md`` and ``html`` render them, ``plots`` draws the figures, ``style`` the style
de-anonymisation table, and ``texts`` every sentence in zh and en.

Nothing is imported here: a module of this package loads only what it imports itself (matplotlib
only when a figure is drawn).
"""
