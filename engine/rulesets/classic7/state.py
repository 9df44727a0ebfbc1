"""classic7's state: the table's seats and window, plus what a night and the potions leave behind."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.table import Seat, TableState


@dataclass(slots=True)
class Classic7Seat(Seat):
    """A seat of classic7: the kernel's record is all its roles need."""


@dataclass
class Classic7State(TableState[Classic7Seat]):
    """The kernel's table, plus the night's decisions and the witch's two bottles."""

    kill: int | None = None
    """The pack's kill target tonight (the last one a wolf submitted)."""
    checked: dict[int, str] = field(default_factory=dict)
    """The seer's results so far: seat → ``good`` / ``wolf``."""
    save_used: bool = False
    poison_used: bool = False
    saved: bool = False
    """Whether the witch saved tonight's victim."""
    poisoned: int | None = None
    """Whom the witch poisoned tonight."""
    shooter: int | None = None
    """The hunter, from the judge's question until its shot is resolved."""
    shot: int | None = None
    """The seat the hunter chose to shoot."""
    dying: list[int] = field(default_factory=list)
    """The seats that went out in the last resolution (whose last words may be due)."""
