"""Bilingual names: the Chinese of the rules text and the engine's English ids, both accepted."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.errors import UnknownName


@dataclass(frozen=True, slots=True)
class Name:
    """An id with its Chinese name (as the rules text writes it, brackets dropped) and English label."""

    id: str
    zh: str
    en: str


class NameTable:
    """Looks a name up by id, Chinese or English label; unknown names raise ``UnknownName``."""

    def __init__(self, what: str, names: list[Name]) -> None:
        self.what = what
        self.by_id = {n.id: n for n in names}
        self._lookup: dict[str, Name] = {}
        for n in names:
            for key in (n.id, n.zh, n.en, n.en.lower(), f"【{n.zh}】"):
                self._lookup[key] = n

    def get(self, key: str) -> Name:
        found = self._lookup.get(key) or self._lookup.get(key.strip().lower())
        if found is None:
            known = ", ".join(f"{n.zh} ({n.id})" for n in self.by_id.values())
            raise UnknownName(f"unknown {self.what} {key!r}; known: {known}")
        return found

    def id(self, key: str) -> str:
        return self.get(key).id

    def zh(self, ident: str) -> str:
        n = self.by_id.get(ident)
        return n.zh if n else ident

    def en(self, ident: str) -> str:
        n = self.by_id.get(ident)
        return n.en if n else ident

    def __iter__(self) -> Iterator[Name]:
        return iter(self.by_id.values())

    def __contains__(self, key: str) -> bool:
        return key in self._lookup
