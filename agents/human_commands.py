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
targets and everything else are then judged by the engine (``Turn.check``). The command words are
ids (the same in every language); what the menu and the refusals say is in the person's language
(a ``CommandError`` carries a code and parameters, like the engine's errors).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import EngineError
from engine.layers import second_layer
from engine.legal import LegalAction
from engine.narrate import Names
from engine.narrate.context import Ctx
from engine.narrate.messages import note_text, render_message
from engine.narrate.names import Lang
from engine.narrate.table import Pair

COMMANDS: dict[str, str] = {
    "post": "post", "blue": "post", "quote": "post", "team": "team_post", "vote": "vote", "abstain": "vote",
    "skill": "skill", "yes": "choose", "no": "choose", "choose": "choose", "words": "last_words", "pass": "pass",
}


MESSAGES: dict[str, Pair] = {
    "unknown_command": ("没有 {word} 这个命令；可用的命令：{commands}", "unknown command {word}; commands: {commands}"),
    "not_now": ("现在不能 {word}；可以：{possible}", "{word} is not possible now; possible: {possible}"),
    "needs_text": ("{what} 后面要写文字", "{what} needs text after it"),
    "seats_are_numbers": ("{what}：座号要写数字，收到 {got}", "{what}: seats are numbers, got {got}"),
    "floor_is_number": ("quote 楼层 文字：楼层要写数字", "quote FLOOR TEXT: the floor (楼) is a number"),
    "which_team": ("team 群 文字：请写明哪个群（{teams}）", "team TEAM TEXT: say which team ({teams})"),
    "vote_target": ("vote 座号 [理由]：座号要写数字（或输入 abstain 弃票）",
                    "vote SEAT [REASON]: the seat is a number (or type abstain)"),
    "skill_name": ("skill 技能 目标…：现在可用的技能：{skills}", "skill NAME SEAT...: skills now: {skills}"),
    "no_question": ("现在没有是/否问题；请用 choose 名称 目标…", "no yes/no question is open; use choose NAME SEAT..."),
    "choice_name": ("choose 名称 目标…：现在可选：{choices}", "choose NAME SEAT...: choices now: {choices}"),
}
"""What a refused command says, in zh and en (command words and skill ids are ids, shown as typed)."""


class CommandError(EngineError):
    """A command line that cannot become an action; ``render`` says what to type instead."""

    def render(self, lang: Lang = "en", names: Names | None = None) -> str:
        return render_message(self.code, self.params, Ctx(names or Names(), lang), MESSAGES)


def _refuse(code: str, **params: Any) -> CommandError:
    return CommandError(code, **params)


def parse_command(line: str, seat: int, legal: Sequence[LegalAction]) -> Action:
    """The action a command line asks for, checked against the kinds ``legal`` offers."""
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    kind = COMMANDS.get(word)
    if kind is None:
        raise _refuse("unknown_command", word=word, commands=" ".join(COMMANDS))
    offered = [a for a in legal if a.kind == kind]
    if not offered:
        raise _refuse("not_now", word=word, possible=" ".join(sorted({a.kind for a in legal})))
    return _BUILD[word](seat, rest, offered)


def _text(rest: str, what: str) -> str:
    if not rest:
        raise _refuse("needs_text", what=what)
    return rest


def _seats(words: Sequence[str], what: str) -> tuple[int, ...]:
    try:
        return tuple(int(w) for w in words)
    except ValueError:
        raise _refuse("seats_are_numbers", what=what, got=" ".join(words)) from None


def _post(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Post(seat=seat, text=_text(rest, "post"))


def _blue(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Post(seat=seat, text=_text(rest, "blue"), blue=True)


def _quote(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    floor, _, text = rest.partition(" ")
    if not floor.isdigit():
        raise _refuse("floor_is_number")
    return Post(seat=seat, text=_text(text.strip(), "quote FLOOR"), quote=int(floor))


def _team(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    teams = [a.team or "" for a in offered]
    first, _, text = rest.partition(" ")
    if first in teams and text.strip():
        return TeamPost(seat=seat, team=first, text=text.strip())
    if len(teams) > 1:
        raise _refuse("which_team", teams=" ".join(teams))
    return TeamPost(seat=seat, team=teams[0], text=_text(rest, "team"))


def _vote(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    target, _, reason = rest.partition(" ")
    if not target.isdigit():
        raise _refuse("vote_target")
    return Vote(seat=seat, target=int(target), reason=reason.strip())


def _abstain(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Vote(seat=seat, target=None, reason=rest)


def _skill(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    words = rest.split()
    if not words:
        raise _refuse("skill_name", skills=" ".join(a.skill or "" for a in offered))
    return UseSkill(seat=seat, skill=words[0], targets=_seats(words[1:], "skill"))


def _yes(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Choose(seat=seat, skill=_question(offered), use=True)


def _no(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    return Choose(seat=seat, skill=_question(offered), use=False)


def _question(offered: Sequence[LegalAction]) -> str:
    asked = [a for a in offered if a.yes_no]
    if not asked:
        raise _refuse("no_question")
    return asked[0].skill or ""


def _choose(seat: int, rest: str, offered: Sequence[LegalAction]) -> Action:
    words = rest.split()
    if not words:
        raise _refuse("choice_name", choices=" ".join(a.skill or "" for a in offered))
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
    c = Ctx(names, lang)
    targets = c.sep.join(f"{t} {names.target(t, a.layer, lang)}" for t in a.targets)
    what = c.t("马甲", "MAJIA") if second_layer(a.layer) else c.t("座号", "SEAT")
    text, reason = c.t("文字", "TEXT"), c.t("理由", "REASON")
    if a.kind == "post":
        left = "" if a.blue_left is None else c.t(f"（蓝字剩 {a.blue_left}：blue {text}）", f"  (blue left: {a.blue_left}: blue {text})")
        return f"post {text} | quote {c.t('楼层', 'FLOOR')} {text}{left}"
    if a.kind == "team_post":
        return f"team {a.team} {text}  ({names.team(a.team or '', lang)})"
    if a.kind == "vote":
        return f"vote {what} [{reason}]{' | abstain' if a.abstain else ''}  — {targets}"
    if a.kind == "skill":
        first = c.sep.join(map(str, a.first_from))
        extra = c.t(f"；其中一个来自：{first}", f"; first of: {first}") if a.first_from else ""
        note = c.t(f"（{note_text(a.note, a.note_params, c)}）", f" ({note_text(a.note, a.note_params, c)})") if a.note else ""
        return f"skill {a.skill} {' '.join([what] * max(a.arity, 1))}  ({names.skill(a.skill or '', lang)}) — {targets}{extra}{note}"
    if a.kind == "choose":
        if a.yes_no:
            return f"yes | no  ({names.skill(a.skill or '', lang)})"
        return f"choose {a.skill} {what}...  — {targets}"
    if a.kind == "last_words":
        return f"words {text}  ({c.t('遗言', 'last words')})"
    return f"pass  ({c.t('结束回合', 'end your turn')})"
