"""Bytes to lines: the block-at-a-time reading gives exactly the lines, problems and
stop of the line-at-a-time reading, whatever the bytes and however the stream hands
them over."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from notation import text_lines as lines
from notation.text_lines import BOM, MAX_LINE_BYTES, FileError, physical_lines

PIECES = [
    b"\n",
    b"\r\n",
    b"\r",
    b"\0",
    BOM,
    b"\xef\xbb",  # half a mark
    b"\xe9",  # not UTF-8
    "♠".encode(),
    "♠".encode()[:2],  # a character cut short
    b" ",
    b"1. 9h Qs : run",
    b'[Game "scoundrel"]',
    b"x" * (MAX_LINE_BYTES - 1),
    b"x" * MAX_LINE_BYTES,
    b"y" * (MAX_LINE_BYTES // 4 + 1),
    "é".encode() * (MAX_LINE_BYTES // 2),
]


class Trickle(io.BytesIO):
    """A stream that hands over at most ``most`` bytes a read, as a pipe may."""

    def __init__(self, data: bytes, most: int):
        super().__init__(data)
        self.most = most

    def read1(self, size: int = -1, /) -> bytes:
        return super().read1(min(size, self.most) if size >= 0 else self.most)


def outcome(found):
    got = []
    try:
        for item in found:
            got.append(item)
    except FileError:
        return got, "stopped: binary"
    return got, "read to the end"


def one_by_one(data: bytes):
    return outcome(lines._one_by_one(io.BytesIO(data), 0))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), max_size=12),
    st.sampled_from([1, 2, 3, 5, 64, 4096, lines.BLOCK]),
    st.sampled_from([1, 7, 1 << 20]),
)
def test_blocks_read_as_lines_one_by_one(pieces, block, most):
    data = b"".join(pieces)
    assert outcome(physical_lines(Trickle(data, most), block)) == one_by_one(data)


def test_plain_text_is_read_a_block_at_a_time(monkeypatch):
    def refused(*_args):
        raise AssertionError("plain text was read a line at a time")

    monkeypatch.setattr(lines, "_one_by_one", refused)
    data = ('[Game "scoundrel"]\n[Seed "7"]\n\n' + "1. 9h Qs 7d As : 7d xAs 9h\n" * 5000).encode()
    found = list(physical_lines(io.BytesIO(data)))
    assert len(found) == 5003
    assert found[-1] == (5003, "1. 9h Qs 7d As : 7d xAs 9h", None)


def test_a_line_past_the_limit_in_a_stream_is_said_once_with_its_length():
    data = b"1. 9h : run\n" + b"x" * (3 * MAX_LINE_BYTES) + b"\n2. Qs : run"
    found = list(physical_lines(Trickle(data, 1000), 4096))
    assert [(n, text) for n, text, _ in found] == [(1, "1. 9h : run"), (2, None), (3, "2. Qs : run")]
    assert found[1][2] is not None and f"line is {3 * MAX_LINE_BYTES} bytes long" in found[1][2].message
