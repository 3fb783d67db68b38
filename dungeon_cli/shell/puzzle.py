"""A puzzle: a position from a player's own game where they chose badly, and the better
choice (notation/SPEC.md, "Puzzles"). A puzzle is a record from a ``Position`` at the
choice (NOTATION.md section 9): its first move is the answer and the rest of that turn,
the choice played in the game is a variation of it, and ``[Puzzle "FIGURES"]`` marks it
and says how the analysis judged the two (``fair win 55% -> 20%``).

The old form, which ``dungeon puzzles`` wrote before records had positions, is still
read: an ordinary record, dealt from its ``Seed``, whose moves reach the position and go
on with the answer; three tags say where and what:

- ``[Puzzle "MOVE BEFORE"]``: the choice is made in move MOVE after the first BEFORE
  action tokens of that move;
- ``[Answer "TOKENS"]``: the better choice, as the record writes it there;
- ``[Played "TOKENS"]``: what the player chose there in their game.

Here: a puzzle read back and checked (``verify`` adds what ``check`` finds to the
record's diagnostics), the position set up as a session, and the questions asked
(``play --puzzles``). An answer is compared by the action it means, not its spelling.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple, Optional, TextIO

from notation import Diagnostic, Record, Tag

from ..kit.core import Draw
from ..kit.terminal_text import safe
from ..services.session import Session
from .line import LineError, apply_line

if TYPE_CHECKING:
    from .colour import Paint
    from .interactive import PlayShell

PUZZLE, ANSWER, PLAYED = "Puzzle", "Answer", "Played"
_PLACE = re.compile(r"([1-9][0-9]{0,5}) (0|[1-9][0-9]{0,3})")


class Puzzle(NamedTuple):
    record: Record
    at: int  # the index of the position's move in record.moves
    before: int  # action tokens of that move before the choice
    answer: str  # tokens that begin with the answer (from a Position: the rest of its turn)
    played: str
    figures: Optional[str] = None  # from a Position: how the analysis judged the two (the Puzzle tag)

    @property
    def move(self) -> int:
        return self.record.moves[self.at].number or 0


def _tag(record: Record, name: str) -> Optional[Tag]:
    return next((t for t in record.tags if t.name == name), None)


def read(record: Record) -> tuple[Optional[Puzzle], list[Diagnostic]]:
    """The puzzle a record holds, or None and why not (diagnostics at the tags). A
    record with no Puzzle tag is no puzzle, and nothing is said."""
    place = _tag(record, PUZZLE)
    if place is None:
        return None, []
    if record.position is not None:
        return _positioned(record, place)
    where = (place.line, place.value_col or place.col)

    def fault(message: str, tag: Optional[Tag] = None) -> tuple[None, list[Diagnostic]]:
        line, col = (tag.line, tag.value_col or tag.col) if tag is not None else where
        return None, [Diagnostic(line, col, message)]

    found = _PLACE.fullmatch(place.value)
    if found is None:
        return fault('a Puzzle tag is "MOVE BEFORE": the move and how many of its actions come before the choice')
    if record.tag_value("Seed") is None:
        return fault("a puzzle is dealt from its Seed: it has none")
    answer, played = _tag(record, ANSWER), _tag(record, PLAYED)
    if answer is None or played is None:
        return fault("a puzzle names its Answer and what was Played: a tag is missing")
    for tag in (answer, played):  # an empty one verified, and could never be answered (issue 41, item 22)
        if not tag.value.split():
            return fault(f"the puzzle's {tag.name} is empty: it is the choice made there, as the record writes it", tag)
    move, before = int(found[1]), int(found[2])
    index = next((i for i, m in enumerate(record.moves) if m.number == move), None)
    if index is None:
        return fault(f"the record has no move {move}")
    actions = record.moves[index].actions
    if before >= len(actions):
        return fault(f"move {move} has {len(actions)} action token(s): no choice after {before} of them")
    words = answer.value.split()
    there = [t.text for t in actions[before : before + len(words)]]
    if there != words:
        token = actions[before]
        plays = " ".join(there)
        return None, [
            Diagnostic(token.line, token.col, f"the puzzle's Answer is {answer.value}, but the record plays {plays} here")
        ]
    if played.value == answer.value:
        return fault("the Played choice is the Answer: no puzzle", played)
    return Puzzle(record, index, before, answer.value, played.value), []


def _positioned(record: Record, place: Tag) -> tuple[Optional[Puzzle], list[Diagnostic]]:
    """A puzzle from a Position: its first move the answer, its first variation the
    choice played in the game."""
    if not record.moves:
        return None, [Diagnostic(place.line, place.value_col or place.col, "a puzzle's first move is its answer: it has none")]
    first = record.moves[0]
    played = first.variations[0][0] if first.variations and first.variations[0] else None
    if played is None:
        return None, [
            Diagnostic(
                first.line, first.col or 1, "a puzzle gives the choice played in the game as a variation of its first move"
            )
        ]
    answer, mine = " ".join(t.text for t in first.actions), " ".join(t.text for t in played.actions)
    if not answer or not mine:
        move = first if not answer else played
        return None, [Diagnostic(move.line, move.col or 1, "a puzzle's answer and the choice played are each a choice")]
    return Puzzle(record, 0, 0, answer, mine, place.value), []


def position(puzzle: Puzzle) -> Session:
    """The session at the puzzle's choice (ValueError or LineError if it cannot be reached)."""
    record = puzzle.record
    head = Record(tags=[t for t in record.tags if t.name != "Result"], moves=record.moves[: puzzle.at])
    if record.position is not None:  # at the choice already
        session = Session.from_record(head)
        session.deal()
        return session
    session = Session.from_record(head)
    tokens = [t.text for t in record.moves[puzzle.at].actions[: puzzle.before]]
    session.deal()
    if tokens:
        apply_line(session, " ".join(tokens))
    return session


def choice(session: Session, text: str) -> Any:
    """The first decision ``text`` makes at the session's position (LineError if it is
    not legal there); the session is left as it was."""
    mark = session.count
    try:
        events = apply_line(session, text)
    finally:
        session.rewind(mark)
    return next((action for _, action in events if not isinstance(action, Draw)), None)


def said(session: Session, text: str) -> str:
    """The first decision of ``text`` at the session's position, as the record writes it."""
    return session.module.notation.action_text(session.state, choice(session, text))


def check(record: Record) -> list[Diagnostic]:
    """What is wrong with a legal record's puzzle tags ([] for a sound puzzle or none)."""
    puzzle, faults = read(record)
    if puzzle is None:
        return faults
    if puzzle.figures is not None:  # from a Position: the referee replayed both lines
        try:
            session = position(puzzle)
            same = choice(session, puzzle.answer) == choice(session, puzzle.played)
        except (ValueError, LineError) as exc:
            message = exc.message if isinstance(exc, LineError) else str(exc)
            return [Diagnostic(record.moves[0].line, 1, f"the puzzle's position cannot be set up: {message}")]
        if same:
            line = record.moves[0].variations[0][0]
            return [Diagnostic(line.line, line.col or 1, "the choice played is the answer: no puzzle")]
        return []
    played = _tag(record, PLAYED)
    assert played is not None
    try:
        choice(position(puzzle), puzzle.played)
    except (ValueError, LineError) as exc:
        message = exc.message if isinstance(exc, LineError) else str(exc)
        return [
            Diagnostic(played.line, played.value_col or played.col, f"Played is no choice at the puzzle's position: {message}")
        ]
    return []


class PuzzleScore(NamedTuple):
    asked: int
    right: int
    unusable: int


HELP = {"help", "?"}
QUIT = {"quit", "q", "exit"}
_FAIR = re.compile(r"fair win (\d+)% -> (\d+)%")
_HINDSIGHT = re.compile(r"hindsight (.+?) -> ([^;]+)")


def figures(puzzle: Puzzle) -> Optional[str]:
    """How the analysis judged the answer against the choice played, in words (None: the
    puzzle does not say: an old-form one)."""
    if puzzle.figures is None:
        return None
    parts = []
    fair = _FAIR.search(puzzle.figures)
    if fair is not None:
        parts.append(f"the answer wins {fair[1]}%, your choice in the game {fair[2]}% (from the cards you had seen)")
    known = _HINDSIGHT.search(puzzle.figures)
    if known is not None:
        parts.append(f"with the deal known, the answer: {known[1].strip()}, your choice: {known[2].strip()}")
    return "; ".join(parts) or None


def _help(session: Session, out: TextIO) -> None:
    from .candidates import choices, listed
    from .interactive import move_lines

    notation, state = session.module.notation, session.state
    out.write("your moves (several may go on one line):\n")
    options = listed(notation, state, choices(notation, state))
    for move, meta in move_lines([(safe(text), safe(meta)) for text, meta, _ in options]):
        out.write(f"{move}{meta}".rstrip() + "\n")


def ask(
    puzzles: Iterable[tuple[str, Record]],
    answers: Iterator[str],
    out: TextIO,
    prompt: bool,
    paint: Optional["Paint"] = None,
    terminal: Optional[Callable[[Session], "PlayShell"]] = None,
) -> PuzzleScore:
    """Each puzzle in turn: its board, a question, the player's answer compared with the
    puzzle's, and how the analysis judged the answer against the choice played. ``answers``
    gives the lines typed (a script's); an answer that is no legal choice there is said
    and asked again. ``prompt``: print the question's prompt. ``paint``: the board and
    the cards as ``play`` draws them. ``terminal``: the play prompt for a position (its
    completion, ``help``, ``rules`` and ``quit``), which then reads the answers."""
    paint = paint if paint is not None else _plain()
    asked = right = unusable = 0
    for name, record in puzzles:
        puzzle, faults = read(record)
        if puzzle is None:
            for d in faults or [Diagnostic(record.line, 1, "not a puzzle: it has no Puzzle tag")]:
                out.write(f"{safe(name)}:{d.line}:{d.col}: error: {safe(d.message)}\n")
            unusable += 1
            continue
        try:
            session = position(puzzle)
            best = choice(session, puzzle.answer)
            answer, played = said(session, puzzle.answer), said(session, puzzle.played)
        except (ValueError, LineError) as exc:
            out.write(
                f"{safe(name)}:{record.line}:1: error: the position cannot be set up: {safe(getattr(exc, 'message', exc))}\n"
            )
            unusable += 1
            continue
        asked += 1
        out.write(
            f"\npuzzle {asked} ({safe(name)}:{record.line}), move {puzzle.move}: "
            f"you played {paint.board(played)} here; what is better?\n"
        )
        render = session.module.render(session.state)  # drawn as play draws it (4♦ 9♠ at a terminal)
        out.write(paint.board(render) + "\n")
        shell = terminal(session) if terminal is not None else None
        while True:
            line = _line(shell, answers, out, prompt)
            if line is None:
                out.write("\n")
                return PuzzleScore(asked, right, unusable)
            typed = line.strip()
            if not typed:
                continue
            word = typed.lower()
            if word in QUIT:
                return _score(out, asked, right, unusable)
            if word in HELP:  # as at the play prompt: the moves here, with what each does
                if shell is not None:
                    shell.help()
                else:
                    _help(session, out)
                continue
            if word == "rules":
                out.write(session.module.rules_text.rstrip() + "\n")
                continue
            if word == "undo":
                out.write("nothing to undo: the puzzle starts here\n")
                continue
            try:
                mine = choice(session, typed)
            except LineError as exc:
                out.write(paint.warning(f"not a choice here: {safe(exc.message)}") + "\n")
                continue
            break
        if mine == best:
            right += 1
            out.write(f"right: {paint.board(answer)}\n")
        else:
            out.write(f"not the best: {paint.board(answer)} is (you played {paint.board(played)} in the game)\n")
        judged = figures(puzzle)
        if judged is not None:
            out.write(f"  {paint.board(judged)}\n")
    return _score(out, asked, right, unusable)


def _plain() -> "Paint":
    from .colour import Paint

    return Paint(False)


def _line(shell: Optional["PlayShell"], answers: Iterator[str], out: TextIO, prompt: bool) -> Optional[str]:
    """The next answer: the play prompt's at a terminal (Ctrl-C drops the line, Ctrl-D
    stops), else the script's next line (None: no more)."""
    if shell is not None:
        while True:
            try:
                return shell.prompt.prompt("your choice> ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                return None
    if prompt:
        out.write("your choice> ")
    out.flush()
    return next(answers, None)


def _score(out: TextIO, asked: int, right: int, unusable: int) -> PuzzleScore:
    out.write(f"\n{right} of {asked} right" + (f"; {unusable} could not be asked" if unusable else "") + "\n")
    return PuzzleScore(asked, right, unusable)
