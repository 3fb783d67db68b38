"""``dungeon play`` at a terminal: the board, a prompt that completes legal tokens, and
the record kept on disk as the game goes.

The prompt-toolkit session takes its input and output as arguments, so tests drive it
with a pipe input and a dummy output exactly as a terminal would.
"""

from __future__ import annotations

import shlex
import textwrap
from typing import TYPE_CHECKING, Any, Callable, Optional, TextIO

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
    ("try", "start a branch from here: play another way, saved as a variation"),
    ("back", "leave the branch: back to where it started"),
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
        leave: Optional[str] = None,
        compose: Optional[Callable[[], str]] = None,
    ):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.styles import Style

        from .safe_history import SafeFileHistory

        self.session = session
        self.hints = hints  # --hints off: a serious game
        self.again = again  # the command that goes on with this game (default: --resume FILE)
        # a game tried from elsewhere (replay --step): 'back' on its first line returns
        # there (``leave`` names it), and the record saved is what ``compose`` makes
        self.leave = leave
        self.compose = compose
        self.left = False  # the player went back there (not quit)
        from ..analysis.hint import available

        # hint is offered where it answers: hints on, and a strong player to ask
        self.all_commands = tuple(c for c in COMMANDS if c[0] != "hint" or (hints and available(session.module)))
        self.record = record
        self.out = out
        self.paint = paint or Paint(False)
        self.shown = -1  # how many states the session had when the board was last shown
        self.unsaved = False  # the last save failed: the file is behind the game
        module = session.module
        self.told = Told(module.notation)  # each turn that ends, in words
        session.watch(self.told)
        completer = ActionCompleter(
            module.notation, lambda: self.session.state, lambda: self.commands, colour=self.paint.on, symbols=self.paint.symbols
        )
        self.prompt: PromptSession[str] = PromptSession(
            completer=completer,
            complete_while_typing=True,
            history=SafeFileHistory(history) if history else InMemoryHistory(),
            style=Style.from_dict({"damage": "fg:ansired bold"}),
            input=input,
            output=output,
        )

    @property
    def commands(self) -> tuple[tuple[str, str], ...]:
        """The commands that apply now: ``try`` at a decision, ``back`` in a branch."""
        return offered(self.all_commands, self.session, self.leave is not None)

    # -- talking -------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def intro(self) -> None:
        game = self.session.module.game
        how = f"seed {self.session.seed}" if self.session.seeded else "at the table: type the cards dealt and dice rolled too"
        variant = f" ({self.session.variant})" if self.session.variant else ""
        self.say(self.paint.strong(f"{game.title}{variant}, {how}."))
        offered = ", 'hint'." if any(name == "hint" for name, _ in self.all_commands) else "."
        self.say("Tab completes; 'help' lists your moves; 'undo', 'try', 'back', 'rules', 'quit'" + offered)
        if self.record is not None:
            self.say(f"recording to {safe(self.record.path)}")
        if self.leave is not None:
            self.say(f"play on from here another way; 'back' returns to {self.leave}")

    def show_board(self) -> None:
        count = len(self.session.history)
        if count == self.shown:
            return
        self.shown = count
        state = self.session.state
        self.say()
        self.say(self.paint.board(self.session.module.render(state)))
        if state.is_over and self.session.parent is not None:
            self.say(f"this branch is over ({state.result()}): 'back' returns to {_line(self.session.depth - 1)}")
        elif state.is_over and self.leave is not None:
            self.say(f"this line is over ({state.result()}): 'back' returns to {self.leave}")
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
        # a branch that ends waits for back, as does a game tried from a replay
        while not self.session.state.is_over or self.session.parent is not None or self.leave is not None:
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
        elif word == "try":
            self.start_try()
        elif word == "back":
            if self.leave is not None and self.session.parent is None:
                self.left = True
                return False
            self.back()
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
        root = session.root  # a branch's events run from the root's start
        start = root.start if root.positioned else None  # a game from a Position is seen from there
        found = hints.hint(
            session.module, session.variant, session.options, session.line_events(), seconds=hints.SECONDS, start=start
        )
        if found is None:
            self.say(self.paint.warning(f"{session.module.game.title} has no strong player to ask"))
            return
        fair = found.fair
        if not found.separated:  # issue 40: 67% (95%: 21-94%) of 3 deals names no best choice
            self.say(f"hint: the strong player could not tell the best choice apart in its time ({found.deals} deals)")
            leading = ", ".join(f"{safe(f.choice)} {_figure(f)}" for f in found.leading)
            self.say(f"  leading: {leading}")
            return
        alike = f"; as good: {safe(' '.join(found.alike[:LEADING_ALIKE]))}" if found.alike else ""
        self.say(f"hint: {found.text}  (the strong player's choice{alike})")  # two lines: each fits a terminal
        if fair.word is not None:  # a game played for its score (RPG solitaire): its expected treasure
            self.say(f"  it carries out {_figure(fair)} over {fair.plays} deals of the cards you have not seen")
            return
        self.say(f"  it wins {_figure(fair)} of {fair.plays} deals of the cards you have not seen")

    def undo(self) -> None:
        session = self.session
        event = session.undo()
        if event is None:
            where = ": 'back' leaves this branch" if session.parent is not None else ""
            where = f": 'back' returns to {self.leave}" if self.leave is not None and not where else where
            self.say(self.paint.warning(f"nothing to undo{where}"))
            return
        self.say(f"took back {safe(action_words(session, event))}")
        if session.dropped:
            count = len(session.dropped)
            session.dropped = []
            self.say(self.paint.warning(f"the {_tries(count)} from the move taken back went with it"))
        self.save()

    # -- the analysis board ------------------------------------------------------

    def start_try(self) -> None:
        """``try``: a branch from here, before the decision due."""
        session = self.session
        why = session.can_try()
        if why is not None:
            self.say(self.paint.warning(f"cannot try here: {why}"))
            return
        self.session = session.try_here()
        self.session.watch(self.told)
        depth = self.session.depth
        self.say(f"branch {depth}: try another way from here; 'back' returns to {_line(depth - 1)}")
        self.shown = -1

    def back(self) -> None:
        """``back``: close the branch, saved as a variation, and go on where it started."""
        branch = self.session
        if branch.parent is None:
            self.say(self.paint.warning("not in a branch: 'try' starts one"))
            return
        finished = len(branch.turns)
        left = branch.unrecorded() if not branch.state.is_over else []
        self.session = branch.back()
        if finished:
            self.say(f"back to {_line(self.session.depth)}: the branch is kept as a variation of move {_number(branch)}")
        else:
            self.say(f"back to {_line(self.session.depth)}: the branch finished no move, so nothing of it is saved")
        if finished and left:
            self.say(f"its turn in progress ({safe(' '.join(left))}) is not recorded: a variation holds finished moves")
        self.shown = -1
        self.save()

    def save(self) -> None:
        if self.record is None:
            return
        try:
            self.record.save(self.compose() if self.compose is not None else self.session.text())
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
            self.say(safe_lines((self.compose() if self.compose is not None else self.session.text()).rstrip("\n")))
            return
        if self.leave is not None:  # tried from a replay: what was played is in its record
            if left := self.session.unrecorded():
                self.say(f"the turn in progress ({safe(' '.join(left))}) is not recorded: a record holds finished turns")
            self.say(f"the lines tried are saved in {safe(self.record.path)}")
            return
        if state.is_over:
            self.say(f"record saved in {safe(self.record.path)}")
            path = shlex.quote(self.record.path)
            self.say(f"see it again: {safe(f'{command()} replay {path}')}")
            self.say(f"your decisions judged: {safe(f'{command()} analyse {path}')}")
            return
        if left := self.session.unrecorded():
            self.say(f"the turn in progress ({safe(' '.join(left))}) is not recorded: a record holds finished turns")
        pending = sum(line.unsaved_tries() for line in _lines(self.session))
        if pending:
            self.say(f"the {_tries(pending)} from a move not finished {'is' if pending == 1 else 'are'} not recorded either")
        self.say(f"record saved in {safe(self.record.path)}")  # two lines: each fits a terminal
        self.say(f"go on with: {safe(self.again or f'{command()} play --resume {shlex.quote(self.record.path)}')}")


def offered(commands: tuple[tuple[str, str], ...], session: Session, leave: bool = False) -> tuple[tuple[str, str], ...]:
    """``commands`` less ``try`` where no branch can start and ``back`` on the main line
    (unless ``leave``: a game tried from a replay goes back there)."""
    return tuple(
        (name, meta)
        for name, meta in commands
        if (name != "try" or session.can_try() is None) and (name != "back" or leave or session.parent is not None)
    )


def _lines(session: Session) -> list[Session]:
    """The branch open now and every line it was tried from, to the main line."""
    out = [session]
    while out[-1].parent is not None:
        parent = out[-1].parent
        assert parent is not None
        out.append(parent)
    return out


def _line(depth: int) -> str:
    return "the main line" if depth == 0 else f"branch {depth}"


def _tries(count: int) -> str:
    return "branch tried" if count == 1 else f"{count} branches tried"


def _number(branch: Session) -> str:
    """The move a branch replaces, as its variation is numbered."""
    turn = branch.start.turn
    return f"{turn}..." if branch.rest else str(turn)


LEADING_ALIKE = 3  # choices named as good as the hint's, at most


def _figure(fair: Fair) -> str:
    """A choice's chance of winning, with its 95% interval unless every order was
    played; by score, its expected score: ``23.1 treasure (95%: 20.5-25.7)``."""
    low, high = fair.interval
    if fair.word is not None:
        told = "" if fair.exact else f" (95%: {low:.1f}-{high:.1f})" if fair.plays > 1 else " (one deal)"
        return f"{fair.mean_score:.1f} {fair.word}{told}"
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
