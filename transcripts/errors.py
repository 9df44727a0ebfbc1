"""The errors of the transcript store, each rendered in the reader's language.

Every failure a person can act on — a missing file, a file of another schema version, a file
locked by another process, a full disk, a damaged or read-only file, an unknown or ambiguous game
id — is a ``TranscriptError`` whose message says what was found, what was expected and what to do,
so the CLI can print it as is. An error made with a ``code`` is rendered from ``TEXTS`` in Chinese
or English (``render``); ``str()`` is the English text, for logs and for callers that show no
language. ``CodedError`` is the base any layer above uses for its own coded errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, NamedTuple

Lang = Literal["zh", "en"]


class Both(NamedTuple):
    """A parameter said differently in each language (a hint that is itself a sentence)."""

    zh: str
    en: str


class CodedError(Exception):
    """An error with a code and parameters, rendered per language from its class's ``TEXTS``.

    ``TEXTS[code] = (zh, en)``, each a ``str.format`` template over the parameters. An error made
    from a plain message (no code) says that message in every language.
    """

    TEXTS: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def __init__(self, message: str | None = None, *, code: str | None = None, **params: Any) -> None:
        self.code = code
        self.params = params
        self.message = message
        super().__init__(self.render("en"))

    def render(self, lang: str = "en") -> str:
        """The message in ``lang`` (zh or en); a code without a template falls back to English."""
        if self.code is None or self.code not in self.TEXTS:
            return self.message or self.code or type(self).__name__
        zh, en = self.TEXTS[self.code]
        params = {k: (v.zh if lang == "zh" else v.en) if isinstance(v, Both) else v for k, v in self.params.items()}
        return (zh if lang == "zh" else en).format(**params)


def render(exc: BaseException, lang: str) -> str:
    """Any exception as a person reads it: a coded error in ``lang``, anything else as its text."""
    return exc.render(lang) if isinstance(exc, CodedError) else str(exc)




def resume_hint(path: object, game: str | None) -> Both:
    """What a failed write leaves: the stored part of the game, and the command that takes it up."""
    if game is None:
        return Both("已存的部分完好", "what is stored is intact")
    command = f"`arena play --db {path} --resume {game}`"
    return Both(f"已存的部分完好，可用 {command} 续玩", f"what is stored is intact: continue with {command}")

STORE_TEXTS: dict[str, tuple[str, str]] = {
    "disk_full": (
        "写入 {path} 失败：磁盘已满（{detail}）。请腾出空间或换用其他盘上的 --db 文件；{resume}。",
        "writing to {path} failed: the disk is full ({detail}). Free some space, or pass --db a file on "
        "another disk; {resume}.",
    ),
    "too_large": (
        "写入 {path} 失败：文件达到了本进程或文件系统允许的大小上限（{detail}）。请放宽上限（ulimit -f）或换用其他 --db 文件；{resume}。",
        "writing to {path} failed: the file reached the size limit of this process or file system "
        "({detail}). Raise the limit (ulimit -f), or pass --db another file; {resume}.",
    ),
    "read_only": (
        "{path} 是只读的（{detail}）：无法写入对局。请用 chmod u+w 赋予写权限，或用 --db 指定可写的文件。",
        "{path} is read-only ({detail}): games cannot be written to it. Make it writable (chmod u+w), or "
        "pass --db a file you may write.",
    ),
    "read_only_dir": (
        "无法在 {dir} 中写文件（{detail}）：DuckDB 需要在数据库旁写日志文件（.wal）。请赋予该目录写权限，"
        "或用 --db 指定可写目录中的文件。",
        "cannot write files in {dir} ({detail}): DuckDB writes its log (.wal) beside the database. Make "
        "the directory writable, or pass --db a file in a directory you may write.",
    ),
    "read_only_fs": (
        "{path} 所在的文件系统是只读挂载的（{detail}）：无法写入对局。请用 --db 指定可写磁盘上的文件。",
        "{path} is on a file system mounted read-only ({detail}): games cannot be written there. Pass --db "
        "a file on a writable disk.",
    ),
    "corrupt": (
        "{path} 已损坏（{detail}），无法安全写入。请用 --db 另开新文件对局；能读出的对局可先用 "
        "`arena export --db {path}` 导出，或从备份恢复该文件。",
        "{path} is damaged ({detail}) and cannot be written safely. Play into a new file (--db NEW.duckdb); "
        "save what can still be read with `arena export --db {path}`, or restore the file from a backup.",
    ),
    "locked": (
        "{path} 正被{who}打开{mode}。DuckDB 只允许一个进程写一个文件，期间其他进程不能打开它：请等待该进程结束，"
        "让这些对局经由它的写入器（一个 TranscriptWriter 可写多局），或用 --db 换一个文件。",
        "{path} is locked by {who}, which has it open{mode}. DuckDB lets one process write a file, and no "
        "other process open it meanwhile: wait for that process to finish, send these games through its "
        "writer (one TranscriptWriter serves many games), or use another --db file.",
    ),
    "write_failed": (
        "写入 {path} 失败（{detail}）；{resume}。",
        "writing to {path} failed ({detail}); {resume}.",
    ),
    "no_database": (
        "{path} 处没有对局数据库：那里还没有记录过对局。请用 `arena play --db {path}` 记录一局，或给 --db 一个已有文件。",
        "no transcript database at {path}: nothing has been recorded there yet. Record a game into it with "
        "`arena play --db {path}`, or pass --db an existing file.",
    ),
    "not_duckdb": (
        "{path} 不是 DuckDB 文件；请给 --db 一个对局文件（*.duckdb）。",
        "{path} is not a DuckDB file; pass --db a transcript file (*.duckdb)",
    ),
    "resume_unknown": (
        "{path} 中没有可续玩的对局 {game}。用 `arena replay list --db {path}` 查看已存对局。",
        "no game {game} in {path} to resume. See the stored games with `arena replay list --db {path}`.",
    ),
    "resume_finished": (
        "对局 {game} 已经结束，无需续玩；用 `arena replay {game}` 查看它。",
        "game {game} is finished; nothing to resume. See it with `arena replay {game}`.",
    ),
    "resume_gaps": (
        "对局 {game} 的事件不连续（已存 {count} 条，序号到 {last}）：该文件被改动过，无法续玩。",
        "game {game} has gaps in its stored events ({count} events up to seq {last}): the file was changed "
        "by hand and the game cannot be resumed.",
    ),
    "resume_diverged": (
        "对局 {game} 重放到第 {seq} 条事件时与存档不同（存档：{stored}；重放：{replayed}）：它由另一版本的代码"
        "（{version}）对局，不能用这一版本精确续玩。请用当时的版本续玩，或重新开一局；存档未被改动。",
        "game {game} replays differently at event {seq} (stored: {stored}; replayed: {replayed}): it was "
        "played by another version of the code ({version}) and cannot be resumed exactly by this one. "
        "Resume it with that version, or start a new game; nothing stored was changed.",
    ),
}


class TranscriptError(CodedError):
    """A transcript database cannot be used as asked; the message says why and what to do."""

    TEXTS = STORE_TEXTS


class RulesetVersionWarning(UserWarning):
    """A stored game is folded under a different version of its rule set than the one it was played with."""
