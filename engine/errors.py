"""Errors the engine raises.

Layered like python-chess's ``IllegalMoveError``: every error is a ``ValueError``. Each carries a
*code* and *parameters* rather than a sentence (``IllegalAction("vote_target", target=3, why="dead")``):
``render(lang, names)`` says it in Chinese or English with the game's names (``engine.narrate.messages``,
the rule set's own ``Narration.errors`` first), and ``str()`` is the English sentence, for logs and
for callers that have no reader's language. ``to_dict()`` is the stored form (a fallback records
the error that caused it as data, to be rendered for whoever reads it).

An error raised with a sentence instead of a code (older code) still works: the sentence is its code
and it renders as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.narrate.names import Lang, Names


class EngineError(ValueError):
    """Base class for every error the engine raises on bad input."""

    def __init__(self, code: str, /, *, ruleset: str = "", **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.ruleset = ruleset
        """The rule set whose texts say this code (``""``: the shared texts, or the reader's game)."""
        self.params: dict[str, Any] = params

    def render(self, lang: Lang = "en", names: Names | None = None) -> str:
        """The message in ``lang``, seats and skills named by ``names`` (the game's) where given."""
        from engine.narrate.context import Ctx
        from engine.narrate.messages import render_message

        return render_message(self.code, self.params, Ctx(names or _names(self.ruleset), lang))

    def to_dict(self) -> dict[str, Any]:
        """``{"code": …, "params": …}``: the error as data (JSON-safe), e.g. a fallback's detail."""
        return {"code": self.code, "params": plain(self.params)}

    def __str__(self) -> str:
        return self.render("en")


class IllegalAction(EngineError):
    """An action that the rules do not allow at this point of the game; nothing was applied."""


class UnknownName(EngineError):
    """A role, skill, faction or flag name that the rule set does not define."""


class SetupError(EngineError):
    """A seating, roster or flag set that does not match the rule set."""


def reason(code: str, **params: Any) -> dict[str, Any]:
    """A nested reason (``{"code", "params"}``), rendered by its own code inside the refusal that
    carries it."""
    return {"code": code, "params": params}


class RuleErrors:
    """The errors of one rule set: each carries its id, so it is rendered with that rule set's texts."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset

    def illegal(self, code: str, **params: Any) -> IllegalAction:
        """A refusal of the rule set (raise it)."""
        return IllegalAction(code, ruleset=self.ruleset, **params)

    def setup(self, code: str, **params: Any) -> SetupError:
        """A seating, option or roster the rule set cannot play (raise it)."""
        return SetupError(code, ruleset=self.ruleset, **params)


def plain(value: Any) -> Any:
    """``value`` with tuples and sets as lists and mapping keys as strings (what JSON keeps)."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    return value


def _names(ruleset: str) -> Names:
    from engine.narrate.names import Names
    from engine.views import ruleset_named

    found = ruleset_named(ruleset) if ruleset else None
    return Names.from_ruleset(found) if found is not None else Names()
