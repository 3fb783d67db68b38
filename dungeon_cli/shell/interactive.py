"""``dungeon play`` at a terminal: the board, a prompt that completes legal tokens, and
the record kept on disk as the game goes.

The prompt-toolkit session takes its input and output as arguments, so tests drive it
with a pipe input and a dummy output exactly as a terminal would.
"""

from __future__ import annotations

import shlex
import textwrap
from typing import TYPE_CHECKING, Any, Optional, TextIO

from ..engine import Told, wrapped
from ..kit.core import Phase
from ..kit.terminal_text import safe, safe_lines
from ..plumbing.invoked import command
from ..services.session import Session
from .candidates import choices, listed
from .colour import Paint
from .completer import ActionCompleter
from .line import LineError, action_words, apply_line
from .recordfile import RecordFile

if TYPE_CHECKING:
    from ..analysis import Fair

COMMANDS = (
    ("help", "the moves you may make now, and the commands"),
    ("undo", "take back your last action"),
    ("rules", "a short summary of the rules"),
    ("hint", "the strong player's choice here, from the cards you have seen"),
    ("quit", "stop here: the record keeps every finished turn"),
)
QUIT = {"quit", "q", "exit"}


class PlayShell:
    def __init__(
        self,
        session: Session,
        record: Optional[RecordFile],
        out: TextIO,
        *,
        paint: Optional[Paint] = None,
        history: Optional[str] = None,
        input: Any = None,
        output: Any = None,
        hints: bool = True,
        again: Optional[str] = None,
    ):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.styles import Style

        from .safe_history import SafeFileHistory

        self.session = session
        self.hints = hints  # --hints off: a serious game
        self.again = again  # the command that goes on with this game (default: --resume FILE)
        from ..analysis.hint import available

        # hint is offered where it answers: hints on, and a strong player to ask
        self.commands = tuple(c for c in COMMANDS if c[0] != "hint" or (hints and available(session.module)))
        self.record = record
        self.out = out
        self.paint = paint or Paint(False)
        self.shown = -1  # how many states the session had when the board was last shown
        self.unsaved = False  # the last save failed: the file is behind the game
        module = session.module
        self.told = Told(module.notation)  # each turn that ends, in words
        session.watch(self.told)
        completer = ActionCompleter(
            module.notation, lambda: self.session.state, self.commands, colour=self.paint.on, symbols=self.paint.symbols
        )
        self.prompt: PromptSession[str] = PromptSession(
            completer=completer,
            complete_while_typing=True,
            history=SafeFileHistory(history) if history else InMemoryHistory(),
            style=Style.from_dict({"damage": "fg:ansired bold"}),
            input=input,
            output=output,
        )

    # -- talking -------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def intro(self) -> None:
        game = self.session.module.game
        how = f"seed {self.session.seed}" if self.session.seeded else "at the table: type the cards dealt and dice rolled too"
        variant = f" ({self.session.variant})" if self.session.variant else ""
        self.say(self.paint.strong(f"{game.title}{variant}, {how}."))
        offered = ", 'hint'." if any(name == "hint" for name, _ in self.commands) else "."
        self.say("Tab completes; 'help' lists your moves; 'undo', 'rules', 'quit'" + offered)
        if self.record is not None:
            self.say(f"recording to {safe(self.record.path)}")

    def show_board(self) -> None:
        count = len(self.session.history)
        if count == self.shown:
            return
        self.shown = count
        state = self.session.state
        self.say()
        self.say(self.paint.board(self.session.module.render(state)))
        if state.phase is Phase.CHANCE:
            chance = state.chance()
            self.say(f"type {safe(chance.what)} ({len(chance.outcomes)} possible)")

    def prompt_text(self) -> str:
        return "deal> " if self.session.state.phase is Phase.CHANCE else "> "

    # -- the loop --------------------------------------------------------------------

    def run(self) -> int:
        self.intro()
        self.session.deal()
        self.save()
        while not self.session.state.is_over:
            self.show_board()
            try:
                line = self.prompt.prompt(self.prompt_text())
            except KeyboardInterrupt:  # Ctrl-C drops the line being typed, as shells do
                continue
            except EOFError:  # Ctrl-D
                break
            if not self.handle(line):
                break
        self.finish()
        return 0

    def handle(self, line: str) -> bool:
        """Act on one line; False when the player wants to stop."""
        word = line.strip().lower()
        if not word:
            return True
        if word in QUIT:
            return False
        if word in ("help", "?"):
            self.help()
        elif word == "rules":
            self.say(self.session.module.rules_text.rstrip())
        elif word == "undo":
            self.undo()
        elif word == "hint":
            self.hint()
        else:
            try:
                apply_line(self.session, line)
            except LineError as exc:
                self.say(self.paint.warning(f"illegal: {safe(exc.message)}"))
                return True
            for told in self.told.take():
                self.say(self.paint.board(wrapped(told)))
            self.save()
        return True

    def help(self) -> None:
        state = self.session.state
        notation = self.session.module.notation
        options = choices(notation, state)
        if state.phase is Phase.CHANCE:
            self.say(f"type {safe(state.chance().what)}, one of:")
            words = " ".join(text for text, _, _ in options)
            self.say(textwrap.fill(safe(words), width=78, initial_indent="  ", subsequent_indent="  "))
        elif options:
            self.say("your moves (several may go on one line):")
            for move, meta in move_lines([(safe(text), safe(meta)) for text, meta, _ in listed(notation, state, options)]):
                self.say(move + self.paint.board(meta))
        self.say("commands:")
        for name, meta in self.commands:
            self.say(f"  {name:<5}  {meta}")

    def hint(self) -> None:
        if not self.hints:
            self.say(self.paint.warning("hints are off in this game (--hints off)"))
            return
        from ..analysis import hint as hints

        session = self.session
        if session.state.phase is not Phase.DECISION:
            self.say(self.paint.warning("no decision is due: the deal comes first"))
            return
        found = hints.hint(session.module, session.variant, session.options, session.all_events, seconds=hints.SECONDS)
        if found is None:
            self.say(self.paint.warning(f"{session.module.game.title} has no strong player to ask"))
            return
        fair = found.fair
        if not found.separated:  # issue 40: 67% (95%: 21-94%) of 3 deals names no best choice
            self.say(f"hint: the strong player could not tell the best choice apart in its time ({fair.plays} deals)")
            leading = ", ".join(f"{safe(f.choice)} {_figure(f)}" for f in found.leading)
            self.say(f"  leading: {leading}")
            return
        self.say(f"hint: {found.text}  (the strong player's choice)")  # two lines: each fits a terminal
        self.say(f"  it wins {_figure(fair)} of {fair.plays} deals of the cards you have not seen")

    def undo(self) -> None:
        event = self.session.undo()
        if event is None:
            self.say(self.paint.warning("nothing to undo"))
            return
        self.say(f"took back {safe(action_words(self.session, event))}")
        self.save()

    def save(self) -> None:
        if self.record is None:
            return
        try:
            self.record.save(self.session.text())
            self.unsaved = False
        except OSError as exc:
            self.unsaved = True
            self.say(
                self.paint.warning(f"warning: could not save {safe(self.record.path)}: {exc.strerror or exc}; the game goes on")
            )

    def finish(self) -> None:
        state = self.session.state
        self.show_board()
        self.save()
        if state.is_over and (how := self.session.module.notation.score_words(state)):
            self.say(f"{state.result()}: {how}")
        if self.record is None:
            return
        if self.unsaved:  # the file is behind: show the record, so that the game is not lost
            self.say(self.paint.warning(f"the record could not be saved in {safe(self.record.path)}; here it is:"))
            self.say(safe_lines(self.session.text().rstrip("\n")))
            return
        if state.is_over:
            self.say(f"record saved in {safe(self.record.path)}")
            path = shlex.quote(self.record.path)
            self.say(f"see it again: {safe(f'{command()} replay {path}')}")
            self.say(f"your decisions judged: {safe(f'{command()} analyse {path}')}")
            return
        if left := self.session.unrecorded():
            self.say(f"the turn in progress ({safe(' '.join(left))}) is not recorded: a record holds finished turns")
        self.say(f"record saved in {safe(self.record.path)}")  # two lines: each fits a terminal
        self.say(f"go on with: {safe(self.again or f'{command()} play --resume {shlex.quote(self.record.path)}')}")


def _figure(fair: Fair) -> str:
    """A choice's chance of winning, with its 95% interval unless every order was played."""
    low, high = fair.interval
    return f"{100 * fair.rate:.0f}%" + ("" if fair.exact else f" (95%: {100 * low:.0f}-{100 * high:.0f}%)")


MOVE_COLUMN = 24  # a move longer than this has its description on the next line


def move_lines(moves: list[tuple[str, str]], width: int = 78) -> list[tuple[str, str]]:
    """``help``'s moves, two columns: the first as wide as the longest move that fits
    ``MOVE_COLUMN`` (one long run of penalties does not push every description to its
    width), a longer move on a line of its own, descriptions wrapped under themselves.
    Each line as (the move's column, the description's part), to paint apart."""
    fitting = [len(text) for text, _ in moves if len(text) <= MOVE_COLUMN]
    column = max(fitting, default=MOVE_COLUMN)
    indent = " " * (column + 4)
    out: list[tuple[str, str]] = []
    for text, meta in moves:
        first = f"  {text:<{column}}  "
        if len(text) > column:
            out.append((f"  {text}", ""))
            first = indent
        wrapped = textwrap.wrap(meta, width=width - len(indent), break_long_words=False) or [""]
        if len(text) <= column or meta:
            out.append((first, wrapped[0]))
        out.extend((indent, rest) for rest in wrapped[1:])
    return out
