"""Errors of the command line that a person fixes by typing the command again: each says, in the
reader's language (``--lang``), what was wrong and what to type instead."""

from __future__ import annotations

from rich.console import Console

from transcripts.errors import CodedError


def error_console() -> Console:
    """The console a command writes its errors to. Never wrapped by the console: an error names
    files and the command to type next (the one that resumes a game, say), which a line break in
    the middle of a path spoils for whoever copies it; a terminal wraps the line for the eye, and a
    log keeps it whole."""
    return Console(stderr=True, highlight=False, soft_wrap=True)

TEXTS: dict[str, tuple[str, str]] = {
    "resume_options": (
        "--resume 续玩已存的对局 {game}，按它存下的设置原样走到结局；{options} 会改变这局，不能与 --resume 同用。"
        "请去掉 {them}；要换设置请开一局新的（不带 --resume）。",
        "--resume continues the stored game {game} as it was set up, to the same end; {options} would "
        "change that game and cannot be given with --resume. Drop {them}; to play with other settings, "
        "start a new game (without --resume).",
    ),
    "resume_no_store": (
        "--resume 需要数据库：请去掉 --no-store。",
        "--resume needs the database: drop --no-store.",
    ),
    "resume_human": (
        "对局 {game} 的 {seat} 号座位由 {player} 落座，不是真人座位：--human {seat} 会换掉这位玩家。"
        "--human 只能接回真人座位（{humans}）。",
        "seat {seat} of game {game} is played by {player}, not by a person: --human {seat} would change "
        "that player. --human takes back only a person's seat ({humans}).",
    ),
    "resume_local": (
        "这局的座位用内置本地模型，但{problem}",
        "this game's seats play on the embedded local model, but {problem}",
    ),
    "rounds_value": (
        "--rounds {item}：发言轮数须是整数，例如 --rounds RESTRICTED=1（`arena rules {ruleset}` 列出本规则的选项）。",
        "--rounds {item}: the speaking rounds must be a whole number, e.g. --rounds RESTRICTED=1 "
        "(`arena rules {ruleset}` lists this rule set's options).",
    ),
    "pair": (
        "{what} {item!r} 不是 名称=值 的形式，例如 {example}。",
        "{what} {item!r} is not NAME=VALUE, e.g. {example}.",
    ),
    "size_fixed": (
        "{ruleset} 固定 {seats} 人，不能用 --size 改变人数；--size 只用于人数可变的规则（{variable}）。请去掉 --size。",
        "{ruleset} is played by exactly {seats} players, so --size cannot change it; --size is for a rule "
        "set of variable size ({variable}). Drop --size.",
    ),
    "size_range": (
        "{ruleset} 支持 {low} 到 {high} 人，--size {size} 不在其中。请给 {low}..{high} 之间的人数。",
        "{ruleset} plays {low} to {high} players; --size {size} is outside. Give a size in {low}..{high}.",
    ),
    "seats_and_players": (
        "--seats 与 --players 只能给一个：座位文件已说明每个座位由谁来玩。",
        "give either --seats FILE or --players, not both: a seat file already says who plays each seat.",
    ),
}


class UsageError(CodedError, ValueError):
    """A command typed with options that do not go together or values that cannot be read."""

    TEXTS = TEXTS
