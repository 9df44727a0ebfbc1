"""Typed commands for a person at a terminal: a line of text to one engine ``Action``.

The grammar is small and says what each legal action needs, so that a menu built from the
legal actions (``menu``) and the parser agree::

    post TEXT            a public post          blue TEXT        a counted 蓝字 post
    quote FLOOR TEXT     a post quoting a floor team [TEAM] TEXT a message to a team chat
    vote SEAT [REASON]   a ballot               abstain [REASON] an explicit abstention
    skill NAME SEAT...   a skill on its targets yes | no         answer a yes/no question
    choose NAME SEAT...  a choice of seats      words TEXT       last words
    pass                 end the turn

A command that the seat's legal actions do not offer is refused here, naming what is offered;
targets and everything else are then judged by the engine (``Turn.check``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.legal import LegalAction
from engine.narrate import Names
from engine.narrate.names import Lang

COMMANDS: dict[str, str] = {
    "post": "post", "blue": "post", "quote": "post", "team": "team_post", "vote": "vote", "abstain": "vote",
    "skill": "skill", "yes": "choose", "no": "choose", "choose": "choose", "words": "last_words", "pass": "pass",
}


class CommandError(ValueError):
    """A command line that cannot become an action; the message says what to type instead."""


def parse_command(line: str, seat: int, legal: Sequence[LegalAction]) -> Action:
    """The action a command line asks for, checked against the kinds ``legal`` offers."""
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    kind = COMMANDS.get(word)
    if kind is None:
        raise CommandError(f"unknown command {word!r}; commands: {', '.join(COMMANDS)}")
    offered = [a for a in legal if a.kind == kind]
    if not offered:
        raise CommandError(f"{word!r} is not possible now; possible: {', '.join(sorted({a.kind for a in legal}))}")
    return _BUILD[word](seat, rest, offered)


def _text(rest: str, what: str) -> str:
    if not rest:
        raise CommandError(f"{what} needs text after it")
    return rest


def _seats(words: Sequence[str], what: str) -> tuple[int, ...]:
    try:
        return tuple(int(w) for w in words)
    except ValueError:
        raise CommandError(f"{what}: seats are numbers, got {' '.join(words)!r}") from None


def _post(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Post(seat=seat, text=_text(rest, "post"))


def _blue(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Post(seat=seat, text=_text(rest, "blue"), blue=True)


def _quote(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    floor, _, text = rest.partition(" ")
    if not floor.isdigit():
        raise CommandError("quote FLOOR TEXT: the floor (楼) is a number")
    return Post(seat=seat, text=_text(text.strip(), "quote FLOOR"), quote=int(floor))


def _team(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    teams = [a.team or "" for a in offered]
    first, _, text = rest.partition(" ")
    if first in teams and text.strip():
        return TeamPost(seat=seat, team=first, text=text.strip())
    if len(teams) > 1:
        raise CommandError(f"team TEAM TEXT: say which team ({', '.join(teams)})")
    return TeamPost(seat=seat, team=teams[0], text=_text(rest, "team"))


def _vote(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    target, _, reason = rest.partition(" ")
    if not target.isdigit():
        raise CommandError("vote SEAT [REASON]: the seat is a number (or type abstain)")
    return Vote(seat=seat, target=int(target), reason=reason.strip())


def _abstain(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Vote(seat=seat, target=None, reason=rest)


def _skill(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    words = rest.split()
    if not words:
        raise CommandError(f"skill NAME SEAT...: skills now: {', '.join(a.skill or '' for a in offered)}")
    return UseSkill(seat=seat, skill=words[0], targets=_seats(words[1:], "skill"))


def _yes(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Choose(seat=seat, skill=_question(offered), use=True)


def _no(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Choose(seat=seat, skill=_question(offered), use=False)


def _question(offered: Sequence[LegalAction]) -> str:
    asked = [a for a in offered if a.yes_no]
    if not asked:
        raise CommandError("no yes/no question is open; use choose NAME SEAT...")
    return asked[0].skill or ""


def _choose(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    words = rest.split()
    if not words:
        raise CommandError(f"choose NAME SEAT...: choices now: {', '.join(a.skill or '' for a in offered)}")
    return Choose(seat=seat, skill=words[0], targets=_seats(words[1:], "choose"))


def _words(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return SubmitLastWords(seat=seat, text=_text(rest, "words"))


def _pass(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Pass(seat=seat)


_BUILD = {"post": _post, "blue": _blue, "quote": _quote, "team": _team, "vote": _vote, "abstain": _abstain,
          "skill": _skill, "yes": _yes, "no": _no, "choose": _choose, "words": _words, "pass": _pass}


def menu(legal: Sequence[LegalAction], names: Names, lang: Lang = "zh") -> list[str]:
    """One line per legal action: the command to type and its legal targets (seat + alias)."""
    return [_menu_line(a, names, lang) for a in legal]


def _menu_line(a: LegalAction, names: Names, lang: Lang) -> str:
    targets = ", ".join(f"{t} {names.target(t, a.layer, lang)}" for t in a.targets)
    what = "MAJIA" if a.layer == "majia" else "SEAT"
    if a.kind == "post":
        left = "" if a.blue_left is None else f"  (蓝字 left: {a.blue_left}: blue TEXT)"
        return f"post TEXT | quote FLOOR TEXT{left}"
    if a.kind == "team_post":
        return f"team {a.team} TEXT  ({names.team(a.team or '', lang)})"
    if a.kind == "vote":
        return f"vote {what} [REASON]{' | abstain' if a.abstain else ''}  — {targets}"
    if a.kind == "skill":
        extra = f"; first of: {', '.join(map(str, a.first_from))}" if a.first_from else ""
        return f"skill {a.skill} {' '.join([what] * max(a.arity, 1))}  ({names.skill(a.skill or '', lang)}) — {targets}{extra}"
    if a.kind == "choose":
        if a.yes_no:
            return f"yes | no  ({names.skill(a.skill or '', lang)})"
        return f"choose {a.skill} {what}...  — {targets}"
    if a.kind == "last_words":
        return "words TEXT  (遗言 last words)"
    return "pass"
