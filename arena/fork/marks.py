"""A fork's counterfactual floors marked wherever a person reads the fork (text replay, the replay
viewer, its HTML export): an edited floor is never shown as its author's words alone, a dropped
one is said to be missing.
"""

from __future__ import annotations

from html import escape

from arena.fork.texts import Lang
from transcripts.forks import ForkEdit, ForkOrigin

MARKS: dict[str, tuple[str, str]] = {
    "edit": ("〔反事实改写：此楼文字由分支设定，并非原作者所写；{who}可见〕",
             "〔counterfactual edit: this floor's text was set by the fork, not written by its author; seen by {who}〕"),
    "drop": ("〔反事实：第 {floor} 楼在此被删除，原作者的这条发言不存在（原本{who}可见）〕",
             "〔counterfactual: floor {floor} is dropped here, its author's post is not there (it was for {who} to see)〕"),
    "fork": ("〔分支：本局前 {shared} 个事件与对局 {origin} 相同，自序号 {live} 起另行对局〕",
             "〔fork: the first {shared} events of this game are game {origin}'s; it was played on from seq {live}〕"),
}


def _who(edit: ForkEdit, lang: Lang) -> str:
    if edit.vis == "public":
        return "所有座位与旁观者" if lang == "zh" else "every seat and spectator"
    seats = "、".join(f"{s}号" for s in edit.audience) if lang == "zh" else ", ".join(f"seat {s}" for s in edit.audience)
    return seats


def edit_mark(edit: ForkEdit, lang: Lang) -> str:
    """The words that go with a counterfactual floor."""
    zh, en = MARKS[edit.action]
    return (zh if lang == "zh" else en).format(floor=edit.floor, who=_who(edit, lang))


def fork_mark(origin: ForkOrigin, lang: Lang) -> str:
    """The line that says a game is a fork, of which game, from where."""
    zh, en = MARKS["fork"]
    live = origin.record.get("live_from", origin.origin_seq)
    return (zh if lang == "zh" else en).format(shared=origin.origin_seq, origin=origin.origin, live=live)


class Marks:
    """Marks a fork's lines as they are shown in order: ``line(seq, text)`` gives the lines to print for
    the event at ``seq`` (None when it shows nothing) — the mark of any dropped floor at or before it
    first (a drop stands where no event of the viewer's may be), an edited floor's text with its mark."""

    def __init__(self, edits: dict[int, ForkEdit], lang: Lang) -> None:
        self.edits, self.lang = edits, lang
        self.drops = sorted(seq for seq, e in edits.items() if e.action == "drop")

    def line(self, seq: int, text: str | None) -> list[str]:
        out: list[str] = []
        while self.drops and self.drops[0] <= seq:
            out.append(edit_mark(self.edits[self.drops.pop(0)], self.lang))
        if text is None:
            return out
        edit = self.edits.get(seq)
        return [*out, text if edit is None or edit.action != "edit" else text + " " + edit_mark(edit, self.lang)]

    def rest(self) -> list[str]:
        """The marks of drops after the last event shown."""
        out = [edit_mark(self.edits[seq], self.lang) for seq in self.drops]
        self.drops = []
        return out


def html_mark(edit: ForkEdit, lang: Lang) -> str:
    """The mark as an HTML element of the replay viewer."""
    return f'<span class="counterfactual" data-action="{edit.action}">{escape(edit_mark(edit, lang))}</span>'
