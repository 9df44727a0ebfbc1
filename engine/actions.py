"""Typed actions: the only input the engine accepts.

Agents turn text, tool calls or clicks into these models at their edge; the engine validates each
against the rules and raises ``IllegalAction`` naming the bad value. Skill and role names may be
given in Chinese (as the rules text names them) or as the engine's English ids.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_POST_CHARS = 4000
"""Hard cap on any text an action carries; rule sets and agents apply tighter budgets."""


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int = Field(ge=1, description="the acting seat, numbered from 1")


class Post(_Action):
    """A public post. ``blue`` marks a counted reasoning post (蓝字) in a restricted phase."""

    kind: Literal["post"] = "post"
    text: str = Field(min_length=1, max_length=MAX_POST_CHARS)
    blue: bool = False
    quote: int | None = Field(default=None, ge=1, description="the floor (楼) quoted")


class TeamPost(_Action):
    """A message in one of the seat's team chats."""

    kind: Literal["team_post"] = "team_post"
    team: str
    text: str = Field(min_length=1, max_length=MAX_POST_CHARS)


class Vote(_Action):
    """A ballot; ``target`` None abstains explicitly."""

    kind: Literal["vote"] = "vote"
    target: int | None
    reason: str = Field(default="", max_length=MAX_POST_CHARS)


class UseSkill(_Action):
    """Submit a skill with its targets for the current window."""

    kind: Literal["skill"] = "skill"
    skill: str
    targets: tuple[int, ...] = ()


class Choose(_Action):
    """Answer a question (yes/no with ``use``, or seats with ``targets``) or make a setup choice."""

    kind: Literal["choose"] = "choose"
    skill: str
    use: bool | None = None
    targets: tuple[int, ...] = ()


class SubmitLastWords(_Action):
    """Last words, where the rules grant them."""

    kind: Literal["last_words"] = "last_words"
    text: str = Field(min_length=1, max_length=MAX_POST_CHARS)


class Pass(_Action):
    """End one's turn, or one's part in a window, without (further) action.

    A runner that passes *for* a seat (timeout, repeated illegal answers, a crashed player) sets
    ``fallback`` and says why in ``reason`` (a code) and ``detail`` (its parameters); the transcript
    keeps them, and each reader sees the reason in its own language.
    """

    kind: Literal["pass"] = "pass"
    fallback: bool = False
    reason: str = Field(default="", max_length=500)
    detail: dict[str, Any] = Field(default_factory=dict)
    """The parameters of ``reason``'s code (``engine.narrate.messages``), rendered in the reader's language."""


Action = Post | TeamPost | Vote | UseSkill | Choose | SubmitLastWords | Pass

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="kind")])
