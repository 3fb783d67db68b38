"""``dungeon replay --step``: one board at a time, moved with single keys.

An inline prompt-toolkit application (not full screen), so the board last looked at
stays on the terminal after quitting. Input and output are arguments, for tests.

A page may have variations (the record as a tree, NOTATION.md section 9): a digit steps
into one, ``u`` back out to the page it branched from. With ``tries``, ``t`` leaves the
stepper to try another way from the page shown (``tried`` says where).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional, Sequence, Union

KEYS = "n/→/space next · p/←/b back · g/Home first · G/End last · q quit"


class Page:
    """One board: its label (the status line's), its text, the ways into the variations
    of its move (each its first move's text and what makes its pages), and where it
    stands in its record (for ``try``). It unpacks as ``(label, text)``."""

    __slots__ = ("label", "text", "variations", "where")

    def __init__(
        self,
        label: str,
        text: str,
        variations: Sequence[tuple[str, Callable[[], list["Page"]]]] = (),
        where: Any = None,
    ):
        self.label = label
        self.text = text
        self.variations = list(variations)
        self.where = where

    def __iter__(self) -> Iterator[str]:
        return iter((self.label, self.text))

    def __getitem__(self, index: int) -> str:
        return (self.label, self.text)[index]


class _Level:
    """A line being stepped through: its pages, the page shown, and how it was entered
    (the variation's number; 0 for the pages the stepper was given)."""

    __slots__ = ("pages", "index", "number")

    def __init__(self, pages: list[Page], index: int = 0, number: int = 0):
        self.pages = pages
        self.index = index
        self.number = number


class Stepper:
    """Pages are ``Page``s or ``(label, text)``; ``visited`` lists the page indices shown,
    in order (of the line shown at the time). ``path`` (from ``path()``) opens the
    stepper where another left off."""

    def __init__(
        self,
        pages: Sequence[Union[Page, tuple[str, str]]],
        *,
        colour: bool = False,
        input: Any = None,
        output: Any = None,
        tries: bool = False,
        path: Sequence[int] = (),
    ):
        from prompt_toolkit.application import Application
        from prompt_toolkit.formatted_text import ANSI
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.layout import HSplit, Layout, Window
        from prompt_toolkit.layout.controls import FormattedTextControl

        if not pages:
            raise ValueError("nothing to step through")
        self.levels = [_Level([page if isinstance(page, Page) else Page(*page) for page in pages])]
        self.tries = tries
        self.tried: Optional[Any] = None  # where ``t`` asked to try from
        self.note = ""  # a word for the status line (a key that does nothing here)
        self._open(path)
        self.visited = [self.index]
        keys = KeyBindings()

        def bind(names: Sequence[str], move: Callable[[int, int], int]) -> None:
            for name in names:
                keys.add(name)(lambda event, move=move: self.go(move(self.index, len(self.pages) - 1)))

        bind(["n", "right", "space", "enter", "down", "j"], lambda i, last: min(i + 1, last))
        bind(["p", "left", "b", "backspace", "up", "k"], lambda i, last: max(i - 1, 0))
        bind(["g", "home", "<"], lambda i, last: 0)
        bind(["G", "end", ">"], lambda i, last: last)
        for name in ("q", "escape", "c-c", "c-d"):
            keys.add(name)(lambda event: event.app.exit(result=self.index))
        for digit in "123456789":
            keys.add(digit)(lambda event, number=int(digit): self.enter(number))
        keys.add("u")(lambda event: self.leave())
        if tries:

            @keys.add("t")
            def _try(event: Any) -> None:
                where = self.pages[self.index].where
                if where is None:
                    self.note = "nothing to try from here"
                    return
                self.tried = where
                event.app.exit(result=self.index)

            @keys.add("T")
            def _try_instead(event: Any) -> None:
                where = self.pages[self.index].where
                if where is None:
                    self.note = "nothing to try here"
                    return
                self.tried = where.before()  # from the board before the move shown: that move played otherwise
                event.app.exit(result=self.index)

        def body() -> ANSI | str:
            text = self.pages[self.index].text
            return ANSI(text) if colour else text

        def status() -> str:
            page = self.pages[self.index]
            bits = [f"{page.label} ({self.index + 1}/{len(self.pages)})", KEYS]
            if page.variations:
                count = len(page.variations)
                bits.append("1: its variation" if count == 1 else f"1-{min(count, 9)}: its variations")
            if len(self.levels) > 1:
                bits.append("u out of the variation")
            if tries:
                bits.append("t try from here · T try this move")
            if self.note:
                bits.append(self.note)
            return "   ".join(bits[:2]) + "".join(f" · {bit}" for bit in bits[2:])

        layout = Layout(
            HSplit(
                [
                    Window(FormattedTextControl(body), wrap_lines=True, dont_extend_height=True),
                    Window(FormattedTextControl(status), height=1, style="reverse" if colour else ""),
                ]
            )
        )
        self.app: Application[None] = Application(layout=layout, key_bindings=keys, full_screen=False, input=input, output=output)

    @property
    def pages(self) -> list[Page]:
        return self.levels[-1].pages

    @property
    def index(self) -> int:
        return self.levels[-1].index

    def go(self, index: int) -> None:
        self.note = ""
        if index != self.index:
            self.levels[-1].index = index
            self.visited.append(index)

    def enter(self, number: int) -> None:
        """Step into variation ``number`` of the page shown (its first move's page)."""
        ways = self.pages[self.index].variations
        if not 1 <= number <= len(ways):
            self.note = f"this move has no variation {number}"
            return
        self.note = ""
        self.levels.append(_Level(ways[number - 1][1](), 0, number))
        self.visited.append(0)

    def leave(self) -> None:
        """Back out of a variation, to the page it branched from."""
        if len(self.levels) == 1:
            self.note = "not in a variation"
            return
        self.note = ""
        self.levels.pop()
        self.visited.append(self.index)

    def path(self) -> list[int]:
        """Where the stepper is: the page index of each line, the variation entered between."""
        out = [self.levels[0].index]
        for level in self.levels[1:]:
            out += [level.number, level.index]
        return out

    def _open(self, path: Sequence[int]) -> None:
        if not path:
            return
        self.levels[0].index = min(path[0], len(self.pages) - 1)
        for number, index in zip(path[1::2], path[2::2]):
            ways = self.pages[self.index].variations
            if not 1 <= number <= len(ways):
                return
            pages = ways[number - 1][1]()
            self.levels.append(_Level(pages, min(index, len(pages) - 1), number))

    def run(self) -> int:
        """Step until the player quits (or tries from a page); the index of the page last shown."""
        self.app.run()
        return self.index
