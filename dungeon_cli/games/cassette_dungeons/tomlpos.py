"""Where each key and array element of a TOML text was written.

``tomllib`` gives values but no positions, and a card-set problem is worth little
without a line to look at. This scanner walks the text once more, only far enough to
know which key path starts where. It is used only after ``tomllib`` has accepted the
text, so it can be lenient: on anything it does not follow it stops and returns what it
found, and the problem falls back to the nearest enclosing path.
"""

from __future__ import annotations

from typing import Optional

Path = tuple[str | int, ...]  # a key path into the document: ("monster", 2, "slots", 0, "min")

Position = tuple[int, int]  # line, column; both from 1


class _Stop(Exception):
    pass


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.found: dict[Path, Position] = {}
        self.arrays: dict[Path, int] = {}  # array-of-tables path -> elements seen
        self.line_starts = [0]
        for n, ch in enumerate(text):
            if ch == "\n":
                self.line_starts.append(n + 1)

    def pos(self, index: int) -> Position:
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, index - self.line_starts[lo] + 1

    def peek(self, n: int = 1) -> str:
        return self.text[self.i : self.i + n]

    def mark(self, path: Path, index: int) -> None:
        self.found.setdefault(path, self.pos(index))

    def blank(self, newlines: bool) -> None:
        while self.i < len(self.text):
            ch = self.text[self.i]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self.i += 1
            elif ch == "#" and newlines:
                while self.i < len(self.text) and self.text[self.i] != "\n":
                    self.i += 1
            else:
                return

    def key(self) -> list[str]:
        parts = []
        while True:
            self.blank(False)
            ch = self.peek()
            if ch in ('"', "'"):
                parts.append(self.string())
            else:
                start = self.i
                while self.i < len(self.text) and (self.text[self.i].isalnum() or self.text[self.i] in "_-"):
                    self.i += 1
                if start == self.i:
                    raise _Stop
                parts.append(self.text[start : self.i])
            self.blank(False)
            if self.peek() != ".":
                return parts
            self.i += 1

    def string(self) -> str:
        quote = self.peek()
        if self.peek(3) == quote * 3:
            end = self.text.find(quote * 3, self.i + 3)
            if end < 0:
                raise _Stop
            while self.text[end + 3 : end + 4] == quote:  # up to two quotes may close the body
                end += 1
            value = self.text[self.i + 3 : end]
            self.i = end + 3
            return value
        start = self.i + 1
        j = start
        while j < len(self.text) and self.text[j] != quote:
            if quote == '"' and self.text[j] == "\\":
                j += 1
            j += 1
        self.i = j + 1
        return self.text[start:j]

    def resolve(self, keys: list[str], base: Path = ()) -> Path:
        path = base
        for k in keys:
            path = path + (k,)
            if path in self.arrays:
                path = path + (self.arrays[path] - 1,)
        return path

    def value(self, path: Path) -> None:
        self.blank(False)
        ch = self.peek()
        if ch in ('"', "'"):
            self.string()
        elif ch == "[":
            self.i += 1
            index = 0
            while True:
                self.blank(True)
                if self.peek() == "]":
                    self.i += 1
                    return
                self.mark(path + (index,), self.i)
                self.value(path + (index,))
                index += 1
                self.blank(True)
                if self.peek() == ",":
                    self.i += 1
        elif ch == "{":
            self.i += 1
            while True:
                self.blank(False)
                if self.peek() == "}":
                    self.i += 1
                    return
                start = self.i
                keys = self.key()
                self.mark(path + tuple(keys), start)
                self.blank(False)
                if self.peek() != "=":
                    raise _Stop
                self.i += 1
                self.value(path + tuple(keys))
                self.blank(False)
                if self.peek() == ",":
                    self.i += 1
        else:
            while self.i < len(self.text) and self.text[self.i] not in ",]}\n#":
                self.i += 1

    def document(self) -> None:
        current: Path = ()
        while True:
            self.blank(True)
            if self.i >= len(self.text):
                return
            start = self.i
            if self.peek(2) == "[[":
                self.i += 2
                keys = self.key()
                table = self.resolve(keys[:-1]) + (keys[-1],)
                self.arrays[table] = self.arrays.get(table, 0) + 1
                current = table + (self.arrays[table] - 1,)
                self.mark(table, start)
                self.mark(current, start)
                self.i = self.text.find("]]", self.i) + 2
            elif self.peek() == "[":
                self.i += 1
                current = self.resolve(self.key())
                self.mark(current, start)
                self.i = self.text.find("]", self.i) + 1
            else:
                keys = self.key()
                path = self.resolve(keys, current)
                self.mark(path, start)
                self.blank(False)
                if self.peek() != "=":
                    raise _Stop
                self.i += 1
                self.value(path)


def key_positions(text: str) -> dict[Path, Position]:
    """Key path (keys and 0-based array indexes) -> where its key or element starts."""
    scanner = _Scanner(text)
    try:
        scanner.document()
    except (_Stop, IndexError):
        pass
    return scanner.found


def locate(positions: dict[Path, Position], path: Path) -> Optional[Position]:
    """The position of ``path``, or of the nearest enclosing path written in the text."""
    path = tuple(path)
    while path:
        if path in positions:
            return positions[path]
        path = path[:-1]
    return None
