"""The hostile inputs of issue 23 and the table of every way a file gets into ``dungeon``:
shared by tests/hardening/test_hostile_inputs.py (every command, by construction) and by
``make fuzz`` (the same ways in, with the inputs varied).

Nothing here imports pytest. Each parameter of every command must appear here: as an input (how to invoke it, with
``{}`` where the hostile path goes) or as something else (a number, a choice, a file
written, which the output door's tests try).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import NamedTuple, Optional

import click

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"  # not conftest's: make fuzz imports this too

WIN = str(FIXTURES / "scoundrel" / "legal" / "runs.dgn")
ILLEGAL = '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. (Kc) 7c 2s 9s : run\n'
TIMEOUT = 30  # seconds: every command here answers a bad input in well under one
MEMORY_MB = 120  # peak RSS of one process; verify of a small file is 17-20 MB
# Levels of directories, each named "d". Python 3.11's os.walk recursed once a level, and
# about 980 were a RecursionError; the test of every way in lowers the recursion limit to
# 250 frames above its own while it runs, so that 400 levels hold it to the same law (a
# tree of 1,000 would crash the clean-up of pytest's old temporary directories, which
# recurses too).
DEEP_TREE = 400
ESCAPES = ("\x1b", "\u202e", "\x07", "\x9b")  # ESC, a bidi override, BEL, the C1 CSI


class Input(NamedTuple):
    """How an input parameter is tried: ``kind`` "file" (a record, a card set) or
    "dir" (a directory is what it wants), and the command line with ``{}``."""

    kind: str
    args: tuple[str, ...]


def inp(kind: str, *args: str) -> Input:
    return Input(kind, args)


# command path -> parameter name -> Input, for every parameter that reads a file.
INPUTS: dict[tuple[str, ...], dict[str, Input]] = {
    ("analyse",): {"files": inp("file", "analyse", "--samples", "2", "--limit", "1", "--", "{}")},
    ("cards", "check"): {"files": inp("file", "cards", "check", "--", "{}")},
    ("cut",): {"file": inp("file", "cut", "--at", "1", "--", "{}")},
    ("diff",): {"files": inp("file", "diff", "--", "{}", WIN)},
    ("fmt",): {"files": inp("file", "fmt", "--check", "--", "{}")},
    ("git-setup",): {"directory": inp("dir", "git-setup", "--print", "--", "{}")},
    ("play",): {
        "resume": inp("file", "play", "--resume", "{}"),
        "cards_file": inp("file", "play", "cassette-dungeons", "--seed", "1", "--cards", "{}"),
        "puzzles": inp("file", "play", "--puzzles", "{}"),
        "source": inp("file", "play", "--from", "{}@1"),
    },
    ("puzzles",): {"files": inp("file", "puzzles", "-o", "{page}", "--", "{}")},
    ("replay",): {"file": inp("file", "replay", "--", "{}")},
    ("sim",): {"cards_file": inp("file", "sim", "cassette-dungeons", "--games", "1", "--cards", "{}")},
    ("solve",): {"target": inp("file", "solve", "--limit", "1s", "--", "{}")},
    ("summary",): {"files": inp("file", "summary", "--", "{}")},
    ("stats",): {"files": inp("file", "stats", "--", "{}")},
    ("textconv",): {"file": inp("file", "textconv", "--", "{}")},
    ("verify",): {
        "files": inp("file", "verify", "--", "{}"),
        "cards_path": inp("dir", "verify", "--cards-path", "{}", WIN),
    },
}
# Ways in not yet held to the laws below, each with the reason (none today): tried, and
# said, but not failed on. A new entry needs its reason and an issue.
PENDING: dict[tuple[str, object], str] = {}


def pending(label: str, case: str) -> bool:
    return (label, None) in PENDING or (label, case) in PENDING


# Ways in that show a record's faults rather than fail on them: git stops a whole diff
# at a textconv that fails, so a file that can be read is shown with its diagnostics as
# comments, exit 0 (a file that cannot be read is still exit 2).
SHOWN = {"textconv file"}
CONTENT = ("long-line", "nested", "dotted", "dash-option", "dash-short", "escapes")
# The page of replay --html reads the record too: tried as a second way into replay;
# so does analyse --html's review page, and diff --merge (which writes a record of both).
ALSO = [
    inp("file", "diff", "--merge", "--", "{}", WIN),
    inp("file", "replay", "--html", "{page}", "--", "{}"),
    inp("file", "fmt", "--", "{}"),
    inp("file", "analyse", "--html", "{page}", "--samples", "2", "--limit", "1", "--", "{}"),
]

# command path -> the parameters that read no file: values, and files written (OUT).
OUT = "a file or directory written: the output door's tests"
OTHERS: dict[tuple[str, ...], dict[str, str]] = {
    ("analyse",): {
        "wide": "",
        "samples": "",
        "seed": "",
        "limit": "",
        "first_move": "",
        "fmt": "",
        "output": OUT,
        "html": OUT,
        "force": "",
        "cluster": "a scheduler's address",
    },
    ("cards", "check"): {"quiet": ""},
    ("cards", "export"): {"file": OUT, "name": ""},
    ("cut",): {"at": "", "output": OUT, "force": ""},
    ("daily",): {"game": "", "day": "", "deal": ""},
    ("diff",): {"every": "", "context": "", "by": "", "fmt": "", "merge": "", "output": OUT, "force": ""},
    ("fmt",): {"check": "", "diff": "", "annotate": ""},
    ("games",): {},
    # lsp reads no file it is named: a document comes over the protocol (lsp_messages below:
    # tests/lsp/test_lsp.py sends every class), a card set or the settings through verify's door.
    ("lsp",): {"stdio": ""},
    ("git-setup",): {"show": "", "yes": ""},
    ("play",): {
        "game": "",
        "seed": "",
        "variant": "",
        "output": OUT,
        "table": "",
        "player": "",
        "daily": "",
        "hints": "",
        "deal": "",
    },
    ("replay",): {"number": "", "step": "", "html": OUT, "output": OUT, "force": ""},
    ("rules",): {"game": "", "full": ""},
    ("sim",): {
        "wide": "",
        "game": "",
        "count": "",
        "bot": "",
        "seed": "",
        "jobs": "",
        "records": OUT,
        "variant": "",
        "cluster": "a scheduler's address",
        "plot": OUT,
        "force": "",
        "deal": "",
    },
    ("puzzles",): {"output": OUT, "force": ""},
    ("solve",): {
        "seed": "",
        "seed_range": "",
        "variant": "",
        "limit": "",
        "goal": "",
        "jobs": "",
        "cluster": "a scheduler's address",
        "fmt": "",
        "output": OUT,
        "force": "",
    },
    ("summary",): {"by": "", "fmt": ""},
    ("stats",): {"by": "", "fmt": "", "plot": OUT, "force": "", "wide": ""},
    ("textconv",): {},
    ("verify",): {"seed_check": "", "fmt": "", "quiet": "", "verbose": "", "jobs": ""},
}


def commands() -> dict[tuple[str, ...], click.Command]:
    """Every command of ``dungeon``, by path, from click's tree."""
    from dungeon_cli.cli import cli

    found: dict[tuple[str, ...], click.Command] = {}

    def walk(group: click.Group, path: tuple[str, ...], ctx: click.Context) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            if isinstance(command, click.Group):
                walk(command, (*path, name), click.Context(command, parent=ctx, info_name=name))
            else:
                found[(*path, name)] = command

    walk(cli, (), click.Context(cli, info_name="dungeon"))
    return found


# -- the hostile inputs ----------------------------------------------------------------


def make(tmp: Path, case: str, kind: str) -> Path:
    """The hostile input ``case`` for a parameter that wants a ``kind``, under ``tmp``."""
    if case == "fifo":
        path = tmp / "pipe.dgn"
        os.mkfifo(path)
    elif case == "dev-zero":
        path = tmp / "zero.dgn"
        path.symlink_to("/dev/zero")
    elif case == "directory":
        path = tmp / "empty.dgn"
        path.mkdir()
    elif case == "deep-tree":  # (DEEP_TREE says how deep, and why no deeper)
        path = bottom = tmp / "deep"
        for _ in range(DEEP_TREE + 1):  # (os.makedirs recurses too)
            bottom.mkdir()
            bottom = bottom / "d"
        (bottom.parent / "bad.dgn").write_text(ILLEGAL)
    elif case == "unreadable-directory":
        path = tmp / "locked"
        path.mkdir()
        (path / "bad.dgn").write_text(ILLEGAL)
        path.chmod(0)
    elif case == "long-line":
        path = tmp / "long.dgn"
        path.write_text('[Game "scoundrel"]\n# ' + "x" * 65_536 + "\n\n1. 9s 5d 4h Kc : run\n")
    elif case == "nested":
        path = tmp / "deep.dgn"
        path.write_text("a = " + "[" * 500 + "]" * 500 + "\n" + '[Game "scoundrel"]\n\n1. {' * 500 + "\n")
    elif case == "dotted":  # tomllib is quadratic in a dotted key's parts: 40 KB were minutes and gigabytes
        path = tmp / "dotted.dgn"
        path.write_text(".".join(["a"] * 20_000) + " = 1\n" + '[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : run\n')
    elif case == "dash-option":
        path = tmp / "--cards-path=bad.dgn"
        path.write_text(ILLEGAL)
    elif case == "dash-short":
        path = tmp / "-q.dgn"
        path.write_text(ILLEGAL)
    elif case == "escapes":
        path = tmp / "e\x1b]0;pwned\x07\x1b[2J\u202egnp.dgn"
        path.write_text(
            '[Game "scoundrel"]\n[Player "\x1b]0;pwned\x07\u202e\x9b2J"]\n# \x1b[2J\u202e\x9b31m\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. \x1b[31m\n'
        )
    else:
        raise AssertionError(case)
    return path


SLOW = ("fifo", "dev-zero")  # real processes: a hang or the memory is the question
QUICK = (
    "directory",
    "deep-tree",
    "unreadable-directory",
    "long-line",
    "nested",
    "dotted",
    "dash-option",
    "dash-short",
    "escapes",
)


def ways_in() -> list[tuple[str, Input]]:
    ways = [(f"{' '.join(path)} {name}", way) for path, params in INPUTS.items() for name, way in params.items()]
    return ways + [(f"{way.args[0]} {way.args[1]}", way) for way in ALSO]


WAYS = ways_in()


def snapshot(path: Path) -> tuple:
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes(), info.st_mode)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(info.st_mode):
        return ("dir", sorted(os.listdir(path)) if os.access(path, os.R_OK) else None, info.st_mode)
    return ("other", stat.S_IFMT(info.st_mode))


def args_for(way: Input, path: Path, tmp: Path) -> list[str]:
    name = path.name  # run in its directory: a name starting with - stays one
    return [a.replace("{page}", str(tmp / "page.html")).replace("{}", name) if "{" in a else a for a in way.args]


def expected(way: Input, case: str) -> bool:
    """Whether the case is hostile for this parameter (a directory is what a "dir"
    parameter wants, and verify, fmt, summary, stats and puzzles take one too)."""
    if case == "directory":
        return way.kind == "file" and way.args[0] not in ("verify", "fmt", "summary", "stats", "puzzles")
    if case == "deep-tree":  # what takes a directory finds the illegal record at its bottom
        return way.kind == "file"
    if case == "unreadable-directory":
        return way.kind == "file" and way.args[0] not in ("verify", "fmt", "summary", "stats", "puzzles") or os.geteuid() != 0
    return True


# -- the language server's way in: messages on its standard input (issue 41) ------------
# ``dungeon lsp`` reads no file it is named; what comes in is the protocol's messages,
# and the documents and URIs they name. Each class here, sent to a running server, gets
# its answer (an error of the given code, to the given id) or none (a notification, a
# message the server cannot delimit), and the server goes on: the next request is
# answered, and shutdown then exit end it with status 0. tests/lsp/test_lsp.py sends
# them all; fuzz/laws.py's check_lsp varies them.

LSP_MAX_MB = 120  # the server's peak RSS through every class: a small document is 45 MB


def frame(body: bytes, length: Optional[int] = None) -> bytes:
    """A message with its header; ``length`` a Content-Length that is not the body's."""
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def rpc(ident: object, method: str, params: object) -> bytes:
    import json

    message = {"jsonrpc": "2.0", "method": method, "params": params}
    if ident is not None:
        message["id"] = ident
    return json.dumps(message).encode()


def _at(uri: str, line: int, character: int) -> dict:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


LSP_OPEN_URI = "untitled:hostile.dgn"  # the document the cases below are about, opened first
PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602


def lsp_messages(tmp: Path) -> dict[str, tuple[bytes, object, Optional[int]]]:
    """Case -> (bytes sent, the id of the answer, its error code; None: no answer)."""
    fifo = tmp / "pipe.dgn"
    if not fifo.exists():
        os.mkfifo(fifo)
    big = 9 << 20  # over framing.MAX_MESSAGE_BYTES
    head = rpc(901, "textDocument/hover", _at(LSP_OPEN_URI, 0, 0))[:-1] + b', "pad": "'
    return {
        "not json": (frame(b"{not json"), None, PARSE_ERROR),
        "json nested 100,000 deep": (frame(b"[" * 100_000), None, PARSE_ERROR),
        "json not an object": (frame(b"[1, 2]"), None, INVALID_REQUEST),
        "an object without jsonrpc": (frame(b"{}"), None, INVALID_REQUEST),
        "a cancel of an id that is an object": (frame(rpc(None, "$/cancelRequest", {"id": {}})), None, None),
        "an id that is an object": (frame(b'{"jsonrpc": "2.0", "id": {}, "method": "shutdown"}'), None, INVALID_REQUEST),
        "a length that is not a number": (b"Content-Length: ten\r\n\r\n", None, None),
        "a length past 64 bits": (b"Content-Length: 99999999999999999999999999\r\n\r\n", None, None),
        "no length": (b"Content-Type: application/vscode-jsonrpc\r\n\r\n", None, None),
        "a header line of 100 KB": (b"X-Pad: " + b"a" * 100_000 + b"\r\n\r\n", None, None),
        "a message of 9 MB": (frame(head + b"a" * (big - len(head) - 2) + b'"}'), 901, INVALID_REQUEST),
        "a negative line": (frame(rpc(902, "textDocument/hover", _at(LSP_OPEN_URI, -1, 0))), 902, INVALID_PARAMS),
        "a line past 2**31": (frame(rpc(903, "textDocument/hover", _at(LSP_OPEN_URI, 2**31, 0))), 903, INVALID_PARAMS),
        "a column past 2**40": (frame(rpc(904, "textDocument/completion", _at(LSP_OPEN_URI, 0, 2**40))), 904, INVALID_PARAMS),
        "a URI never opened: a FIFO": (frame(rpc(905, "textDocument/hover", _at(fifo.as_uri(), 0, 0))), 905, INVALID_PARAMS),
        "a URI never opened: /dev/zero": (
            frame(rpc(906, "textDocument/semanticTokens/full", {"textDocument": {"uri": "file:///dev/zero"}})),
            906,
            INVALID_PARAMS,
        ),
        "a change to a URI never opened": (
            frame(
                rpc(
                    None,
                    "textDocument/didChange",
                    {"textDocument": {"uri": "file:///dev/zero", "version": 2}, "contentChanges": [{"text": "x"}]},
                )
            ),
            None,
            None,
        ),
        "a document with escapes in every tag": (
            frame(
                rpc(
                    None,
                    "textDocument/didChange",
                    {
                        "textDocument": {"uri": LSP_OPEN_URI, "version": 3},
                        "contentChanges": [
                            {
                                "text": '[Game "scoundrel\x1b]0;owned\x07"]\n[Seed "7\u202e"]\n[Result "win\x9b 3"]\n\n1. 9s : x\x1b[2J\n'
                            }
                        ],
                    },
                )
            ),
            None,
            None,
        ),
    }
