"""``arena serve``: the forum table in a browser (human seats among bots), and the replay viewer.

``app.create_app(Hub(db))`` builds the FastAPI application; ``arena.cli.serve`` runs it on uvicorn.
"""
