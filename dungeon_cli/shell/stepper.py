"""``dungeon replay --step``: one board at a time, moved with single keys.

An inline prompt-toolkit application (not full screen), so the board last looked at
stays on the terminal after quitting. Input and output are arguments, for tests.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

KEYS = "n/→/space next · p/←/b back · g/Home first · G/End last · q quit"


class Stepper:
    """Pages are ``(label, text)``; ``visited`` lists the page indices shown, in order."""

    def __init__(self, pages: Sequence[tuple[str, str]], *, colour: bool = False, input: Any = None, output: Any = None):
        from prompt_toolkit.application import Application
        from prompt_toolkit.formatted_text import ANSI
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.layout import HSplit, Layout, Window
        from prompt_toolkit.layout.controls import FormattedTextControl

        if not pages:
            raise ValueError("nothing to step through")
        self.pages = list(pages)
        self.index = 0
        self.visited = [0]
        keys = KeyBindings()

        def bind(names: Sequence[str], move: Callable[[int], int]) -> None:
            for name in names:
                keys.add(name)(lambda event, move=move: self.go(move(self.index)))

        last = len(self.pages) - 1
        bind(["n", "right", "space", "enter", "down", "j"], lambda i: min(i + 1, last))
        bind(["p", "left", "b", "backspace", "up", "k"], lambda i: max(i - 1, 0))
        bind(["g", "home", "<"], lambda i: 0)
        bind(["G", "end", ">"], lambda i: last)
        for name in ("q", "escape", "c-c", "c-d"):
            keys.add(name)(lambda event: event.app.exit(result=self.index))

        def body() -> ANSI | str:
            return ANSI(self.pages[self.index][1]) if colour else self.pages[self.index][1]

        def status() -> str:
            label = self.pages[self.index][0]
            return f"{label} ({self.index + 1}/{len(self.pages)})   {KEYS}"

        layout = Layout(
            HSplit(
                [
                    Window(FormattedTextControl(body), wrap_lines=True, dont_extend_height=True),
                    Window(FormattedTextControl(status), height=1, style="reverse" if colour else ""),
                ]
            )
        )
        self.app: Application[None] = Application(layout=layout, key_bindings=keys, full_screen=False, input=input, output=output)

    def go(self, index: int) -> None:
        if index != self.index:
            self.index = index
            self.visited.append(index)

    def run(self) -> int:
        """Step until the player quits; the index of the page last shown."""
        self.app.run()
        return self.index
