"""``dungeon replay``'s work over a file of records, apart from its options: each
record's boards (or one move's) made as the record is read, so a file of any number of
them costs the memory of its largest, or every record's pages kept for the stepper,
which is why ``--step`` takes at most ``STEP_RECORDS``. The texts are handed back for
the command to print; a refusal is a ``ReplayStop`` whose message is the line to say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, Optional

from notation import NO_RECORD

from ..kit.terminal_text import safe, safe_lines
from ..plumbing.inputs import Unreadable, open_binary

if TYPE_CHECKING:
    from notation import Record

    from .colour import Paint
    from .replay_frames import Replay
    from .stepper import Page

# --step keeps every page of every record for the keys to go back and forth: a file of
# more records is refused (README.md); replay without --step has no such bound
STEP_RECORDS = 100


class ReplayStop(Exception):
    """Replay cannot go on: the file cannot be read, has no such move, holds more
    records than --step keeps, or the lines tried cannot be saved (exit 2)."""


class Replaying:
    """The records of ``file`` (shown as ``name``) replayed for the terminal ``paint``
    draws on; ``status`` once they are seen: 1 for an illegal record or a file of none."""

    def __init__(self, file: str, name: str, paint: Paint) -> None:
        self.file, self.name, self.paint = file, name, paint
        self.count, self.legal = 0, True

    @property
    def status(self) -> int:
        return 0 if self.count and self.legal else 1

    def boards(self, number: Optional[int]) -> Iterator[str]:
        """Each record's text as it is replayed: the board after every move, or after
        move ``number`` only; then the line of a file with no record."""
        for rp in self._replayed(self._records()):
            lines = self._move(rp, number) if number is not None else self._every(rp)
            yield ("\n" if self.count else "") + "\n".join(lines)
            self.count += 1
        if not self.count:
            yield self._no_record()

    def stepped(self, output: Optional[str], force: bool) -> Iterator[str]:
        """Step through every record at the terminal, the lines tried saved in
        ``output``; nothing to print but the line of a file with no record."""
        from .step_tree import step_through

        records: list[Record] = []
        for record in self._records():
            records.append(record)
            if len(records) > STEP_RECORDS:
                raise ReplayStop(
                    f"dungeon replay: error: {safe(self.name)}: more than {STEP_RECORDS:,} records: --step holds at "
                    f"most {STEP_RECORDS:,}; without --step (or with --move N) replay shows any number, one at a time"
                )
        self.count = len(records)
        if not records:
            yield self._no_record()
            return
        try:
            step_through(records, self._replayed, self.name, self.paint, output, force)
        except OSError as exc:
            raise ReplayStop(
                f"dungeon replay: error: cannot write {safe(exc.filename or output or '')}: {exc.strerror or exc}"
            ) from None

    def _records(self) -> Iterator[Record]:
        """Each record of the file as it is read."""
        from notation import read

        try:
            with open_binary(self.file) as stream:
                yield from read(stream, source=None if self.file == "-" else self.file)
        except Unreadable as exc:
            raise ReplayStop(f"dungeon replay: error: {exc}") from None

    def _replayed(self, records: Iterable[Record]) -> Iterator[Replay]:
        """Each of ``records`` replayed, one at a time (the pages of one made, its replay
        dropped); ``legal`` stays False once one is not."""
        from .replay_frames import Replay

        for record in records:
            rp = Replay(record)
            self.legal = self.legal and rp.legal
            yield rp

    def _move(self, rp: Replay, number: int) -> list[str]:
        """The board after move ``number`` of the record."""
        paint, name = self.paint, self.name
        out = [paint.strong(safe(rp.title(name)))]
        frame = rp.frame(number)
        if frame is not None:
            out.append(paint.board(safe_lines(rp.frame_text(frame))))
            if frame.move is not None and frame.move.variations:
                out.append(safe_lines("\n".join(rp.variations_text(frame))))
            if not rp.legal:  # the record is at fault further on: say where
                out.append(self._ending(rp))
        elif rp.legal:
            have = f"moves {rp.frames[0].number}-{rp.frames[-1].number}" if rp.frames else "no moves"
            raise ReplayStop(f"dungeon replay: error: {safe(name)}:{rp.record.line}: the record has no move {number} ({have})")
        else:
            out.append(self._ending(rp))
        return out

    def _every(self, rp: Replay) -> list[str]:
        """The board after every move of the record."""
        paint = self.paint
        lines = [paint.strong(safe(rp.title(self.name)))]
        for frame in rp.frames:
            lines += [paint.board(safe_lines(rp.frame_text(frame)))]
            lines += (
                [safe_lines("\n".join(rp.variations_text(frame)))] if frame.move is not None and frame.move.variations else []
            )
            lines.append("")
        ending = self._ending(rp)
        if ending:
            lines.append(ending)
        else:
            lines.pop()  # the last board said the end
        return lines

    def _ending(self, rp: Replay) -> str:
        text = safe_lines(rp.ending_text(self.name))
        if not text:
            return ""
        return self.paint.warning(text) if not rp.legal else self.paint.strong(text)

    def _no_record(self) -> str:

        return f"{safe(self.name)}:1:1: error: {NO_RECORD}"


def replay_pages(replays: Iterable[Replay], name: str, paint: Paint, several: Optional[bool] = None) -> list[Page]:
    """The stepper's pages; ``several``: the file holds more than one record (else the
    replays are counted)."""
    from .step_tree import step_pages

    if several is None:
        replays = list(replays)
        several = len(replays) > 1
    return step_pages(replays, name, paint, several)
