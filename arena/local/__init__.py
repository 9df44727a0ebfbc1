"""Play on this machine alone: the embedded default model and a person at the terminal.

``model`` serves the embedded GGUF model (llama-cpp-python, 127.0.0.1), ``seats`` seats every player
on it when ``arena play`` is given no players, ``model_refusal`` is the switch that refuses it (tests,
CI), and ``terminal_seat`` lets a person play a seat at the terminal (``arena play --human N``).

Nothing is imported here: a module of this package loads only what it imports itself.
"""
