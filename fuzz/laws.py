"""The laws every input must obey, checked by the property tests and by the long fuzz run.

Each ``check_*`` takes the bytes of a file and raises ``LawBroken`` (or lets an
unexpected exception out, which is itself the finding) when the tool misbehaves:

- reading and refereeing never raise: whatever the bytes, the answer is diagnostics;
- every diagnostic points inside the input: ``1 <= line <= lines`` and
  ``1 <= col <= len(line) + 1``, the column counted in characters of the line as read
  (byte-order mark and line end left out). ``len(line) + 1`` is allowed: "one past the
  end" is where a missing token goes (``move 3 has no ':'``, ``turn 1 is not
  finished``). An empty file has one empty line, so ``1:1`` is inside it;
- a message is one line, holds no control character (a terminal escape in a file
  must not reach the terminal), and quotes the input only in part (at most ``MAX_MESSAGE``
  characters: a 60 KB tag value must not come back as a 60 KB message);
- ``fmt`` either refuses (with diagnostics) or writes text that it leaves as it is
  (idempotent), that reads back as the same records, and that verifies the same way;
- a record the referee finds legal replays the same through ``Session.from_record``
  (the path ``play --resume`` takes), and the record that session writes verifies legal
  with the same result;
- the command-line entry points exit 0, 1 or 2 (never a traceback), in-process.
"""

from __future__ import annotations

import io
import json
import unicodedata
from pathlib import Path
from typing import Optional

from notation import Diagnostic, Record, parse, read, write

MAX_MESSAGE = 400


class LawBroken(AssertionError):
    """A law above does not hold; the message says which and where."""


def line_lengths(data: bytes) -> list[int]:
    """Characters in each physical line as the reader counts them."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = data.split(b"\n")
    if len(lines) > 1 and lines[-1] == b"":
        lines.pop()
    out = []
    for raw in lines:
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        out.append(len(raw.decode("utf-8", "replace")))
    return out


def check_position(diag: Diagnostic, lengths: list[int], what: str = "") -> None:
    if not (1 <= diag.line <= max(1, len(lengths))):
        raise LawBroken(f"{what}diagnostic at line {diag.line} of {len(lengths)}: {diag.message!r}")
    length = lengths[diag.line - 1] if lengths else 0
    if not (1 <= diag.col <= length + 1):
        raise LawBroken(f"{what}diagnostic at {diag.line}:{diag.col}, the line has {length} characters: {diag.message!r}")
    check_message(diag.message, what)


def check_message(message: str, what: str = "") -> None:
    raw = [ch for ch in message if unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")]
    if raw:
        raise LawBroken(f"{what}message holds a control or line-breaking character {raw[0]!r}: {message[:200]!r}")
    if len(message) > MAX_MESSAGE:
        raise LawBroken(f"{what}message of {len(message)} characters: {message[:120]!r}...")
    if not message.strip():
        raise LawBroken(f"{what}empty message")


def records_of(data: bytes) -> list[Record]:
    return list(read(io.BytesIO(data)))


def check_reader(data: bytes) -> list[Record]:
    """Read ``data``; every notation error inside the input."""
    records = records_of(data)
    lengths = line_lengths(data)
    for record in records:
        for diag in record.errors:
            check_position(diag, lengths, "reader: ")
    return records


def check_referee(data: bytes, records: Optional[list[Record]] = None, seed_check: bool = False):
    """Referee every record; every diagnostic inside the input; the verdicts."""
    from dungeon_cli.services.referee import Referee

    if records is None:
        records = records_of(data)
    lengths = line_lengths(data)
    referee = Referee(seed_check=seed_check)
    verdicts = []
    for record in records:
        verdict = referee.check(record)
        for diag in verdict.diagnostics:
            check_position(diag, lengths, "referee: ")
        if verdict.diagnostics != sorted(verdict.diagnostics, key=Diagnostic.sort_key):
            raise LawBroken("referee: diagnostics out of order")
        verdicts.append(verdict)
    return verdicts


def check_replays_alike(verdicts) -> int:
    """Every legal record replays the same through ``Session.from_record``; how many did."""
    from dungeon_cli.services.referee import Referee
    from dungeon_cli.services.session import Session

    count = 0
    for verdict in verdicts:
        if not verdict.legal or verdict.module is None:
            continue
        try:
            session = Session.from_record(verdict.record, seeded=False)
        except ValueError as exc:
            raise LawBroken(f"a legal record cannot be replayed by play --resume: {exc}") from None
        if session.state.result() != verdict.result:
            raise LawBroken(f"referee says {verdict.result}, the session's replay {session.state.result()}")
        notation = verdict.module.notation
        if notation.checkpoint(session.state) != notation.checkpoint(verdict.state):
            raise LawBroken("the referee's and the session's replays end in different states")
        text = session.text()
        again = Referee().check(parse(text)[0])
        if not again.legal or again.result != verdict.result:
            raise LawBroken(f"the record a session writes does not verify alike: {again.diagnostics[:2]} / {text[:300]!r}")
        count += 1
    return count


def check_fmt(data: bytes, records: Optional[list[Record]] = None) -> bool:
    """``fmt`` refuses, or its text is a fixed point that means the same; True if it wrote."""
    from dungeon_cli.services.formatting import format_bytes
    from dungeon_cli.services.referee import Referee

    formatted, problems = format_bytes(data)
    if formatted is None:
        if not problems:
            raise LawBroken("fmt refused without saying why")
        lengths = line_lengths(data)
        for diag in problems:
            check_position(diag, lengths, "fmt: ")
        return False
    if records is None:
        records = records_of(data)
    out = formatted.encode("utf-8")
    again, problems = format_bytes(out)
    if again != formatted:
        raise LawBroken(f"fmt is not idempotent: {formatted[:300]!r} -> {(again or str(problems))[:300]!r}")
    back = records_of(out)
    if back != records:
        raise LawBroken(f"fmt changed the meaning: {formatted[:300]!r}")
    referee = Referee()
    for before, after in zip(records, back):
        a, b = referee.check(before), referee.check(after)
        if (a.legal, a.result) != (b.legal, b.result):
            raise LawBroken(f"fmt changed the verdict: {a.result} -> {b.result}")
    return True


def check_model_round_trip(records: list[Record], text: str, data: bytes) -> None:
    """``records`` (built from the model), written canonically and as ``data`` (the same
    records typed awkwardly), read back as themselves and format to one text."""
    canonical = write(records)
    if parse(canonical) != records:
        raise LawBroken(f"write then parse changed the records: {canonical[:300]!r}")
    if write(parse(canonical)) != canonical:
        raise LawBroken("write is not idempotent")
    back = records_of(data)
    if back != records:
        raise LawBroken(f"the awkward text reads as other records: {text[:300]!r}")
    if write(back) != canonical:
        raise LawBroken("the awkward text formats to another text")
    check_records_independent(records)


CLI_CALLS = (
    (["verify", "-"], {0, 1}),
    (["verify", "--format", "json", "-"], {0, 1}),
    (["verify", "--seed-check", "--format", "github", "-"], {0, 1}),
    (["fmt", "--check", "-"], {0, 1}),
    (["fmt", "--annotate", "-"], {0, 1}),
    (["replay", "-"], {0, 1}),
    (["replay", "--move", "2", "-"], {0, 1, 2}),  # 2: the record has no move 2
    (["summary", "-"], {0, 1}),
    (["summary", "--by", "player", "--format", "json", "-"], {0, 1}),
)


def check_cli(data: bytes, calls=CLI_CALLS) -> dict:
    """The command-line entry points on ``data`` as standard input, in-process: an exit
    status they document, no exception, JSON positions inside the input."""
    from click.testing import CliRunner

    from dungeon_cli.cli import cli

    runner = CliRunner()
    statuses = {}
    outputs = {}
    lengths = line_lengths(data)
    for args, allowed in calls:
        result = runner.invoke(cli, args, input=data, catch_exceptions=True)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            exc = result.exception
            raise LawBroken(f"dungeon {' '.join(args)} raised {type(exc).__name__}: {exc}") from exc
        if result.exit_code not in allowed:
            raise LawBroken(f"dungeon {' '.join(args)} exited {result.exit_code}: {result.output[-300:]!r}")
        if "Traceback" in result.output:
            raise LawBroken(f"dungeon {' '.join(args)} printed a traceback")
        if args[0] == "verify" and "json" in args:
            doc = json.loads(result.stdout)
            for d in doc["diagnostics"]:
                check_position(Diagnostic(d["line"], d["column"], d["message"]), lengths, "verify --format json: ")
        if args[0] == "summary" and "json" in args:
            json.loads(result.stdout)  # one JSON document, whatever the records
        statuses[" ".join(args)] = result.exit_code
        outputs[" ".join(args)] = result.stdout
    # the formats tell one story: the text lines are the JSON diagnostics, in order, and
    # the exit status says whether there were any
    if "verify -" not in outputs or "verify --format json -" not in outputs:
        return statuses
    doc = json.loads(outputs["verify --format json -"])
    as_text = [f"<stdin>:{d['line']}:{d['column']}: {d['severity']}: {d['message']}" for d in doc["diagnostics"]]
    if outputs["verify -"].splitlines() != as_text:
        raise LawBroken("verify's text and JSON diagnostics differ")
    if (statuses["verify -"] == 1) != bool(as_text or doc["summary"]["illegal"]):
        raise LawBroken(f"verify exited {statuses['verify -']} with {len(as_text)} diagnostics")
    return statuses


def check_everything(data: bytes, cli: bool = False) -> None:
    records = check_reader(data)
    verdicts = check_referee(data, records)
    check_referee(data, records, seed_check=True)
    check_replays_alike(verdicts)
    check_fmt(data, records)
    if cli:
        check_cli(data)


# -- single-token mutations of a legal record -------------------------------------------

RESULT_MESSAGE = "Result "


def token_mutations(text: str, line: int, cards: list[str], words: list[str]):
    """Every single-token mutation of line ``line`` (1-based) of ``text``: each token
    dropped, duplicated, each card in it swapped for every card of ``cards``, each word
    (a run of letters that is not a card) for every other word of ``words``, each number
    in it changed by -1, +1 and +10. Yields ``(what, mutated text)``."""
    import re

    from notation.tokens import _CARD, _RUN

    lines = text.split("\n")
    tokens = lines[line - 1].split(" ")

    def rebuilt(new_tokens):
        out = list(lines)
        out[line - 1] = " ".join(new_tokens)
        return "\n".join(out)

    for k, token in enumerate(tokens):
        yield f"drop {token!r}", rebuilt(tokens[:k] + tokens[k + 1 :])
        yield f"duplicate {token!r}", rebuilt(tokens[: k + 1] + tokens[k:])
        for m in _RUN.finditer(token):
            run = m.group()
            start, end = m.span()
            if _CARD.fullmatch(run) or (len(run) == 3 and run[0] in "x" and _CARD.fullmatch(run[1:])):
                own = run if _CARD.fullmatch(run) else run[1:]
                prefix = token[:start] + run[: len(run) - len(own)]
                for card in cards:
                    if card != own:
                        yield f"{token!r}: {own} -> {card}", rebuilt(tokens[:k] + [prefix + card + token[end:]] + tokens[k + 1 :])
            elif run.isdigit():
                n = int(run)
                for new in (n - 1, n + 1, n + 10):
                    if new >= 0:
                        changed = token[:start] + str(new) + token[end:]
                        yield f"{token!r}: {n} -> {new}", rebuilt(tokens[:k] + [changed] + tokens[k + 1 :])
            elif re.fullmatch(r"[a-z]+", run):
                for word in words:
                    if word != run:
                        changed = token[:start] + word + token[end:]
                        yield f"{token!r}: {run} -> {word}", rebuilt(tokens[:k] + [changed] + tokens[k + 1 :])


def cut_after(text: str, line: int) -> str:
    """The record of ``text`` up to and including line ``line``, its Result claim made a
    comment (line numbers stay as they were)."""
    kept = text.split("\n")[:line]
    return "\n".join("# (Result left out)" if l.startswith("[Result ") else l for l in kept) + "\n"


def first_move_diagnostic(verdict) -> Optional[Diagnostic]:
    for diag in verdict.diagnostics:
        if not diag.message.startswith(RESULT_MESSAGE):
            return diag
    return None


def check_mutation(mutated: str, line: int) -> str:
    """The law a single-token mutation of line ``line`` of a legal record obeys; what
    happened ("legal", "refused here", "refused later").

    With D the line of the first diagnostic that is not about the Result tag:
    1. nothing before line ``line`` is blamed (D >= line), except the Result tag, and a
       Result diagnostic comes only when every move was legal;
    2. D is exactly where the record stops being legal: the record cut before line D is
       legal, and the record cut after line D gets the same first diagnostic. So a
       mutated move the rules refuse is refused on its own line (D == line), and a
       mutated move the rules accept (an other card that could have been dealt there)
       is blamed where a later move can no longer be played (D > line);
    3. a mutated record with no diagnostic replays alike through ``play --resume``'s path
       (``check_replays_alike``).
    """
    from dungeon_cli.services.referee import Referee

    data = mutated.encode("utf-8")
    records = check_reader(data)
    verdicts = check_referee(data, records)
    if len(verdicts) != 1:
        raise LawBroken(f"a mutation of one line made {len(verdicts)} records")
    verdict = verdicts[0]
    result_tag = verdict.record.tag("Result")
    first = first_move_diagnostic(verdict)
    result_diags = [d for d in verdict.diagnostics if d.message.startswith(RESULT_MESSAGE)]
    if result_diags and (first is not None or result_tag is None or result_diags[0].line != result_tag.line):
        raise LawBroken(f"a Result diagnostic beside a move diagnostic, or not at the tag: {verdict.diagnostics}")
    if first is None:
        check_replays_alike([verdict] if verdict.legal else [])
        return "legal" if verdict.legal else "result differs"
    if first.line < line:
        raise LawBroken(f"mutated line {line}, but line {first.line} is blamed: {first.message}")
    referee = Referee()
    before = referee.check(parse(cut_after(mutated, first.line - 1))[0])
    if not before.legal:
        raise LawBroken(f"line {first.line} is blamed, but the record is illegal before it: {before.diagnostics[:1]}")
    upto = first_move_diagnostic(referee.check(parse(cut_after(mutated, first.line))[0]))
    if upto != first:
        raise LawBroken(f"cut after line {first.line} the record gets {upto}, the whole record {first}")
    return "refused here" if first.line == line else "refused later"


# -- typed input: `dungeon play` from a pipe --------------------------------------------


def check_play(game: str, args: list[str], typed: str) -> tuple[int, str]:
    """``dungeon play GAME ARGS`` fed ``typed``, in-process: exit 0 or 1, never an
    exception; a refusal is one ``<stdin>:LINE:COL: error: MESSAGE`` line on standard
    error whose position lies in the input; the record on standard output verifies,
    and ``play --resume`` of it accepts nothing less than what it holds."""
    import re

    from click.testing import CliRunner

    from dungeon_cli.cli import cli
    from dungeon_cli.services.referee import Referee

    result = CliRunner().invoke(cli, ["play", game, *args], input=typed, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        raise LawBroken(f"dungeon play {game} {' '.join(args)} raised {type(exc).__name__}: {exc}") from exc
    if result.exit_code not in (0, 1):
        raise LawBroken(f"dungeon play exited {result.exit_code}: {result.stderr[-300:]!r}")
    if result.exit_code == 1:
        lines = result.stderr.splitlines()
        if len(lines) == 2 and lines[1].startswith("dungeon play: warning: the turn in progress ("):
            lines = lines[:1]  # the choices of the unfinished turn the record leaves out, said after
        m = re.fullmatch(r"<stdin>:([0-9]+):([0-9]+): error: (.*)", lines[0]) if len(lines) == 1 else None
        if m is None:
            raise LawBroken(f"dungeon play refused a line with {result.stderr[-300:]!r}")
        typed_lines = re.split(r"\r\n|\r|\n", typed)  # standard input reads universal newlines
        line, col = int(m.group(1)), int(m.group(2))
        if not (1 <= line <= len(typed_lines)):
            raise LawBroken(f"refusal at line {line} of {len(typed_lines)}")
        # the scripted mode cuts a comment off a line; the column is in the line as typed
        if not (1 <= col <= len(typed_lines[line - 1]) + 1):
            raise LawBroken(f"refusal at {line}:{col}, the line has {len(typed_lines[line - 1])} characters")
        check_message(m.group(3), "play: ")
    records = records_of(result.stdout.encode("utf-8"))
    if len(records) != 1:
        raise LawBroken(f"dungeon play wrote {len(records)} records: {result.stdout[:300]!r}")
    verdict = Referee(seed_check="--seed" in args).check(records[0])
    if not verdict.legal:
        raise LawBroken(f"the record dungeon play wrote does not verify: {verdict.diagnostics[:2]}")
    check_replays_alike([verdict])
    return result.exit_code, result.stdout


def check_records_independent(records: list[Record]) -> None:
    """A file of records is judged record by record: each record's diagnostics in the
    file are those it gets in a file of its own, moved down by the lines above it (so a
    record never suffers for its neighbours, and streaming them changes nothing)."""
    from dungeon_cli.services.referee import Referee

    text = write(records)
    whole = records_of(text.encode("utf-8"))
    if len(whole) != len(records):
        raise LawBroken(f"{len(records)} records written, {len(whole)} read back")
    from notation.reader import MAX_ERRORS

    if sum(len(r.errors) for r in whole) >= MAX_ERRORS:
        return  # the one thing a file shares: at most MAX_ERRORS notation errors in all
    offset = 0
    referee = Referee()
    for record, in_file in zip(records, whole):
        alone_text = write([record])
        alone = records_of(alone_text.encode("utf-8"))[0]
        expected = [(d.line + offset, d.col, d.message) for d in referee.check(alone).diagnostics]
        got = [(d.line, d.col, d.message) for d in referee.check(in_file).diagnostics]
        if got != expected:
            raise LawBroken(f"a record is judged otherwise beside others: {got[:2]} / {expected[:2]}")
        offset += alone_text.count("\n") + 1  # its lines and the blank line after it


# -- card-set files (Cassette Dungeons!) -------------------------------------------------


def check_cardset(data: bytes) -> bool:
    """A card-set file's text, however broken: problems (never an exception), each at a
    position inside the text with a short one-line message; a sound set plays: a game
    started with it deals. True when the set was sound."""
    from dungeon_cli.games.cassette_dungeons import loader

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False  # read_text refuses it, with a message (tested in the loader's tests)
    cards, problems = loader.parse_text(text, "fuzzed")
    lengths = [len(line) for line in text.split("\n")]
    for problem in problems:
        check_position(Diagnostic(problem.line, problem.col, problem.message), lengths, "card set: ")
    if cards is None:
        if not problems:
            raise LawBroken("a card set refused without a problem named")
        return False
    if problems:
        raise LawBroken("a sound card set with problems")
    from dungeon_cli.engine import Setup
    from dungeon_cli.games.cassette_dungeons import MODULE
    from dungeon_cli.services.session import Session

    session = Session(Setup(MODULE.game.name, options={"cards": cards}, seed=1))
    session.deal()
    return True


# -- hostile inputs (issue 23): every way in, tests/support/hostile.py's table ----------------


def check_hostile(label: str, way, case: str, noise: bytes, depth: int) -> None:
    """One way a file gets into ``dungeon`` (a command and parameter of the walker's table)
    with one hostile input of its classes, varied by ``noise`` appended to its content
    (and given on standard input) and ``depth`` levels of brackets: no exception, a
    non-zero exit with a message (textconv shows a record's faults instead), no terminal
    escape or bidi control in the output, and the input unchanged. In-process: the
    run's SIGALRM watchdog catches a hang, its address-space limit a runaway memory."""
    import os
    import tempfile
    from pathlib import Path

    import hostile
    from click.testing import CliRunner

    from dungeon_cli.cli import cli

    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="dungeon-hostile-") as tmp:
        os.chdir(tmp)
        path = Path(tmp) / "none"
        try:
            path = hostile.make(Path(tmp), case, way.kind)
            if os.path.isfile(path) and not os.path.islink(path):
                path.write_bytes(path.read_bytes() + noise + b"[" * depth + b"{" * depth)
            before = hostile.snapshot(path)
            args = hostile.args_for(way, path, Path(tmp))
            result = CliRunner().invoke(cli, args, input=noise)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                exc = result.exception
                raise LawBroken(f"dungeon {' '.join(args)!r} on a {case} raised {type(exc).__name__}: {exc}") from exc
            out = result.output
            if "Traceback" in out:
                raise LawBroken(f"dungeon {label} on a {case} printed a traceback")
            if hostile.expected(way, case) and not hostile.pending(label, case):
                shown = label in hostile.SHOWN and case in hostile.CONTENT
                if not shown and (result.exit_code == 0 or not out.strip()):
                    raise LawBroken(f"dungeon {label} on a {case} exited {result.exit_code} with {out[-200:]!r}")
                if case == "escapes" and any(ch in out for ch in hostile.ESCAPES):
                    raise LawBroken(f"dungeon {label} printed a raw escape: {out[-200:]!r}")
            if hostile.snapshot(path) != before:
                raise LawBroken(f"dungeon {label} changed its input, a {case}")
        finally:
            os.chdir(here)
            if os.path.isdir(path) and not os.path.islink(path):
                os.chmod(path, 0o755)


def check_toml_nesting(text: str) -> None:
    """A settings file and a card set nested however deep: a message, never a
    RecursionError (tomllib recurses: 500 levels in a kilobyte were a traceback)."""
    import os
    import tempfile

    from dungeon_cli.games.cassette_dungeons import loader
    from dungeon_cli.plumbing import settings

    loader.parse_text(text, "fuzzed")
    with tempfile.TemporaryDirectory(prefix="dungeon-settings-") as tmp:
        with open(os.path.join(tmp, "pyproject.toml"), "w", encoding="utf-8") as handle:
            handle.write("[tool.dungeon]\n" + text)
        try:
            settings.load(tmp)
        except settings.SettingsError as exc:
            check_message(str(exc).split(": ", 1)[-1][:MAX_MESSAGE], "settings: ")


# -- hostile outputs (issue 23): every output, tests/support/hostile_outputs.py's table ----------------

OUTPUT_CASES = ("input", "symlink", "stale", "full", "readonly")


def check_hostile_output(key: tuple, case: str, odd: str, noise: bytes) -> None:
    """One output of one command (tests/support/hostile_outputs.py's ``WRITERS``) with one
    hostile case: the output named as the run's input or a symlink to it (refused, the
    input unchanged); stale temporary files beside it whose names carry ``odd`` (left
    alone, the write done); a full disk (a real process whose files may hold 100 bytes:
    a non-zero exit, nothing half-written left); a read-only directory (a tmpfs mounted
    read-only where root and mount allow, else a path under a regular file: refused,
    naming the file). ``noise`` is appended to the input as a comment, varying it."""
    import contextlib
    import os
    import resource
    import subprocess
    import tempfile
    from pathlib import Path

    import hostile_outputs as H
    from click.testing import CliRunner

    from dungeon_cli.cli import cli

    writer = H.WRITERS[key]
    if case in writer.skip or (case == "readonly" and "rofs" in writer.skip):
        return
    runner = CliRunner()

    def run(args, input=None):
        return runner.invoke(cli, args, input=input)

    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="dungeon-outputs-") as tmp, contextlib.ExitStack() as stack:
        tmpdir = Path(tmp)
        os.chdir(tmpdir)
        stack.callback(os.chdir, here)
        inp = H.make_input(writer.input_kind, tmpdir, run)
        if writer.input_kind != "cards":
            # a legal record still, and a canonical one: fmt strips a comment's trailing blanks,
            # and rewrote "# " (no noise) to "#", which this law took for its input changed
            comment = "".join(ch for ch in noise.decode("utf-8", "replace") if ch.isprintable()).rstrip()
            inp.write_bytes(inp.read_bytes() + (f"# {comment}\n" if comment else "#\n").encode())
        original = inp.read_bytes()

        def go(out: Path, input=None):
            result = run(writer.args(str(inp), str(out), True), input=writer.stdin if input is None else input)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                exc = result.exception
                raise LawBroken(f"dungeon {' '.join(key)} on a {case} output raised {type(exc).__name__}: {exc}") from exc
            if "Traceback" in result.output:
                raise LawBroken(f"dungeon {' '.join(key)} on a {case} output printed a traceback")
            if inp.read_bytes() != original:
                raise LawBroken(f"dungeon {' '.join(key)} changed its input, a {case} output")
            return result

        if case in ("input", "symlink"):
            out = inp
            if case == "symlink":
                out = tmpdir / "link.out"
                out.symlink_to(inp.name)
            result = go(out)
            if result.exit_code not in writer.refused or str(out) not in result.output:
                raise LawBroken(f"dungeon {' '.join(key)} wrote over its input ({case}): exit {result.exit_code}")
        elif case == "stale":
            out = inp if key == ("fmt", "files") else tmpdir / ("recs" if key == ("sim", "records") else "out.x")
            where = tmpdir
            if key == ("sim", "records"):
                out.mkdir()
                where, base = out, "scoundrel-0.dgn"
            else:
                if not out.exists():
                    out.write_text("old\n")
                base = out.name
            safe_odd = "".join(ch for ch in odd if ch not in "/\0") or "x"
            if safe_odd.isascii() and safe_odd.isdigit():
                # .NAME.PID.tmp of a process that no longer runs is the door's own leftover,
                # which it cleans (plumbing/safe_write.py): not a file of someone else's
                safe_odd = "x" + safe_odd
            planted = [f".{base}.{safe_odd}.tmp"[:250], f".{base}.{safe_odd}"[:250] + ".x.tmp"]
            for name in planted:
                (where / name).write_text("not ours\n")
            result = go(out)
            if result.exit_code != writer.ok:
                raise LawBroken(f"dungeon {' '.join(key)} beside stale files {planted!r}: exit {result.exit_code}")
            if any((where / name).read_text() != "not ours\n" for name in planted):
                raise LawBroken(f"dungeon {' '.join(key)} removed a temporary file not its own: {planted!r}")
        elif case == "readonly":
            name = "recs" if key == ("sim", "records") else "in.dgn" if key == ("fmt", "files") else "out.x"

            def fill(where: Path) -> None:
                if key == ("fmt", "files"):
                    (where / name).write_bytes(original.replace(b"1. ", b"1.  ", 1))

            try:
                where = stack.enter_context(H.read_only_directory(tmpdir / "ro", fill))
            except H.NotHere:  # no mount here: a path under a regular file, which no one can create
                if key == ("fmt", "files"):
                    return
                where = tmpdir / "notes.txt"
                where.write_text("a file\n")
            out = where / name
            result = go(out)
            if result.exit_code not in writer.refused or str(out) not in result.output:
                raise LawBroken(f"dungeon {' '.join(key)} into a read-only directory: exit {result.exit_code}")
        elif case == "full":
            out = inp if key == ("fmt", "files") else tmpdir / ("recs" if key == ("sim", "records") else "out.x")
            if key == ("fmt", "files"):
                inp.write_bytes(original.replace(b"1. ", b"1.  ", 1))  # not canonical: fmt writes
                original = inp.read_bytes()
            before = set(tmpdir.iterdir())
            done = subprocess.run(
                [H.EXE, *writer.args(str(inp), str(out), True)],
                input=(writer.stdin or "").encode(),
                capture_output=True,
                cwd=tmpdir,
                timeout=120,
                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100)),
            )
            err = done.stderr.decode("utf-8", "replace")
            if "Traceback" in err or done.returncode == 0:
                raise LawBroken(f"dungeon {' '.join(key)} on a full disk: exit {done.returncode}: {err[-200:]}")
            if inp.read_bytes() != original:
                raise LawBroken(f"dungeon {' '.join(key)} on a full disk changed its input")
            hidden = [p.name for p in set(tmpdir.iterdir()) - before if p.name.startswith(".")]
            if hidden:
                raise LawBroken(f"dungeon {' '.join(key)} on a full disk left {hidden!r}")


# -- the language server's way in: its messages (issue 41) --------------------------------


LSP_METHODS = (
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/documentSymbol",
    "textDocument/semanticTokens/full",
    "textDocument/formatting",
    "textDocument/codeAction",
    "textDocument/didOpen",
    "textDocument/didChange",
    "textDocument/didClose",
    "textDocument/didSave",
    "$/cancelRequest",
    "dungeon/none",
)


def check_lsp(picks: list[int], noise: list[bytes]) -> None:
    """``dungeon lsp`` sent some of tests/support/hostile.py's classes of messages
    (lsp_messages) in any order, then frames of any bytes or of JSON-RPC made of the
    protocol's words: each class answered as it expects, each frame answered or dropped
    and the next request answered, no answer with a control or bidi character raw (but
    the ids the frames gave, which an answer echoes as they came), the
    peak memory bounded, shutdown then exit status 0, no traceback on stderr. A real
    process per example (the server's state is the process's)."""
    import tempfile

    import hostile
    from lsp_client import Client, try_hostile_messages, unsafe

    with tempfile.TemporaryDirectory(prefix="dungeon-lsp-") as tmp:
        cases = hostile.lsp_messages(Path(tmp))
        names = sorted(cases)
        chosen = {f"{i}: {names[p % len(names)]}": cases[names[p % len(names)]] for i, p in enumerate(picks)}
        c = Client(cwd=Path(tmp))
        try:
            c.open(hostile.LSP_OPEN_URI, '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
            try:
                try_hostile_messages(c, chosen)
            except AssertionError as exc:
                raise LawBroken(f"dungeon lsp on {list(chosen)}: {exc}") from None
            for body in noise:
                c.send_bytes(hostile.frame(body))
                answer = c.call("textDocument/documentSymbol", {"textDocument": {"uri": hostile.LSP_OPEN_URI}})
                if "error" in answer and answer["error"]["code"] != hostile.INVALID_PARAMS:  # closed by the noise: said so
                    raise LawBroken(f"dungeon lsp after {body[:200]!r}: {answer}")
            bad = unsafe([{k: v for k, v in note.items() if k != "id"} for note in c.notes])  # an id is echoed as sent
            if bad:
                raise LawBroken(f"dungeon lsp said {bad[0][:200]!r} raw")
            if c.peak_mb() > hostile.LSP_MAX_MB:
                raise LawBroken(f"dungeon lsp peaked at {c.peak_mb():.0f} MB")
            status = c.close()
        finally:
            if c.proc.poll() is None:
                c.proc.kill()
                c.proc.wait()
        err = c.proc.stderr.read().decode("utf-8", "replace") if c.proc.stderr else ""
        if status != 0 or "Traceback" in err:
            raise LawBroken(f"dungeon lsp ended {status}: {err[-300:]!r}")
