"""``dungeon lsp`` spoken to as an editor speaks to it: the process on stdio, JSON-RPC
with Content-Length framing (tests/support/lsp_client.py), on fixtures of all four games."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, FIXTURES, ROOT
from hostile import LSP_MAX_MB, frame, rpc

pytest.importorskip("pygls", reason="dungeon lsp needs the lsp extra (pip install -e '.[lsp]')")

from lsp_client import Client, unsafe  # noqa: E402

GAMES = ("scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons")
ALL = sorted(p for game in GAMES for p in (FIXTURES / game).rglob("*.dgn"))


@pytest.fixture(scope="module")
def client():
    c = Client()
    yield c
    assert c.close() == 0


def _verify_json(path: Path, cwd: Path, text: Optional[str] = None) -> list[tuple[int, int, str, str]]:
    """verify's findings in a file, or (``text``) in what an editor holds of it, on stdin:
    verify called in-process (click's runner, in ``cwd``), the reference the server's
    diagnostics are held to; the server is the real process under test. (A process a
    fixture made the fixtures' test the suite's slowest: 291 starts, 747 s on a loaded machine.)"""
    from dungeon_cli.cli import cli

    with contextlib.chdir(cwd):
        done = CliRunner().invoke(
            cli,
            ["verify", "--format", "json", str(path) if text is None else "-"],
            input=None if text is None else text.encode("utf-8"),
            catch_exceptions=False,
        )
    assert done.exit_code in (0, 1), done.stderr
    return [(d["line"] - 1, d["column"] - 1, d["severity"], d["message"]) for d in json.loads(done.stdout)["diagnostics"]]


def _seen(diags: list[dict]) -> list[tuple[int, int, str, str]]:
    severity = {1: "error", 2: "warning"}
    return [(d["range"]["start"]["line"], d["range"]["start"]["character"], severity[d["severity"]], d["message"]) for d in diags]


def test_every_fixture_of_the_four_games_has_verifys_diagnostics(client):
    assert {p.relative_to(FIXTURES).parts[0] for p in ALL} == set(GAMES)
    illegal = 0
    for path in ALL:
        data = path.read_bytes()
        try:
            text, held = data.decode("utf-8"), None  # line ends as they are: a bare CR too
        except UnicodeDecodeError:  # an editor shows such a file with replacement characters
            text = held = data.decode("utf-8", "replace")
        got = _seen(client.open(path.as_uri(), text))
        assert got == _verify_json(path, ROOT, held), path
        illegal += bool(got)
    assert illegal >= 40  # the illegal fixtures did say something


def _complete(client, uri, line, character):
    result = client.request(
        "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    )
    return [(i["label"], i.get("detail")) for i in result["items"]]


def test_completion_is_the_prompts_legal_moves_with_their_words(client):
    path = EXAMPLES / "scoundrel-win.dgn"
    uri = path.as_uri() + "?completion"
    text = path.read_text()
    client.open(uri, text)
    # line 6 (0-based 5) is "2. (Kc) As Ks Qc : xKc xKs xQc"; after "xK" the cursor asks
    items = _complete(client, uri, 5, len("2. (Kc) As Ks Qc : xK"))
    assert items == [("xKc", "strike Kc with Td: 3 damage"), ("xKs", "strike Ks with Td: 3 damage")]
    # after one strike, the rest of the room (the record up to the cursor counts)
    items = dict(_complete(client, uri, 5, len("2. (Kc) As Ks Qc : xKc ")))
    assert "xKs" in items and "xKc" not in items and "Ks" in items


def test_completion_in_every_game(client):
    """At the first ':' of every legal fixture's first move, the moves offered are the
    ones the prompt offers, and the move the record made is among them."""
    for game in GAMES:
        path = sorted((FIXTURES / game / "legal").glob("*.dgn"))[0]
        uri = path.as_uri() + "?every"
        text = path.read_text(encoding="utf-8")
        client.open(uri, text)
        lines = text.split("\n")
        number = next(i for i, line in enumerate(lines) if line.startswith("1. ") and ":" in line)
        line = lines[number]
        colon = line.index(":") + 2
        first = line[colon:].split()[0]
        labels = [label for label, _ in _complete(client, uri, number, colon)]
        assert labels, (game, line)
        assert first in labels or any(label.startswith(first) for label in labels), (game, first, labels)


def test_tags_and_their_values_are_completed(client):
    uri = "untitled:tags.dgn"
    client.open(uri, '[Game "sc"]\n[Re\n')
    assert _complete(client, uri, 0, len('[Game "sc')) == [("scoundrel", "Scoundrel")]
    assert [label for label, _ in _complete(client, uri, 1, 3)] == ["Result"]


def test_hover_shows_the_board_and_checkpoint_after_a_move_and_what_a_tag_means(client):
    path = EXAMPLES / "scoundrel-win.dgn"
    uri = path.as_uri() + "?hover"
    client.open(uri, path.read_text())
    move = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 3}})
    value = move["contents"]["value"]
    assert "after move 2:" in value and "health 12/20" in value and "{hp=12 weapon=Td/Qc left=37}" in value
    tag = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 2}})
    assert "seed" in tag["contents"]["value"].lower()


def _apply(text: str, edits: list[dict]) -> str:
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        start, end = edit["range"]["start"], edit["range"]["end"]
        head = "\n".join(lines[: start["line"]] + [lines[start["line"]][: start["character"]]])
        tail_line = lines[end["line"]] if end["line"] < len(lines) else ""
        tail = "\n".join([tail_line[end["character"] :]] + lines[end["line"] + 1 :])
        lines = (head + edit["newText"] + tail).split("\n")
    return "\n".join(lines)


def test_fixes_write_what_verify_says_and_annotate_writes_the_checkpoints(client):
    path = EXAMPLES / "scoundrel-win.dgn"
    uri = path.as_uri() + "?fix"
    good = path.read_text()
    bad = good.replace("win 12", "win 11").replace(": xTs x9s x8s", ": xTs x9s x8s {hp=3}")
    assert len(client.open(uri, bad)) == 2
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 40, "character": 0}}
    found = client.request(
        "textDocument/codeAction", {"textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": []}}
    )
    fixes = [a for a in found if a["kind"] == "quickfix"]
    assert [a["title"] for a in fixes] == ["Result: write 'win 12'", "checkpoint: write hp=19"]
    fixed = _apply(bad, [e for a in fixes for e in a["edit"]["changes"][uri]])
    assert fixed == good.replace(": xTs x9s x8s", ": xTs x9s x8s {hp=19}")
    assert client.change(uri, fixed, 2) == []
    found = client.request(
        "textDocument/codeAction", {"textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": []}}
    )
    (annotate,) = [a for a in found if a["kind"] == "source"]
    annotated = _apply(fixed, annotate["edit"]["changes"][uri])
    expected = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "fmt", "--annotate", "-"], input=fixed, capture_output=True, text=True, timeout=60
    )
    assert annotated == expected.stdout and annotated.count("{") == 15


def test_formatting_is_dungeon_fmts(client):
    path = FIXTURES / "scoundrel" / "legal" / "comments-and-continuations.dgn"
    uri = path.as_uri() + "?fmt"
    text = path.read_text()
    client.open(uri, text)
    edits = client.request(
        "textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}}
    )
    expected = subprocess.run(
        [sys.executable, "-m", "dungeon_cli", "fmt", "-"], input=text, capture_output=True, text=True, timeout=60
    )
    assert expected.stdout != text and _apply(text, edits) == expected.stdout


def test_symbols_per_record_and_move_and_semantic_tokens_of_each_kind(client):
    path = FIXTURES / "scoundrel" / "legal" / "comments-and-continuations.dgn"
    uri = path.as_uri() + "?symbols"
    client.open(uri, path.read_text())
    (record,) = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert record["name"] == "scoundrel (seed 0)" and [c["name"] for c in record["children"]] == [
        f"move {n}" for n in range(1, 7)
    ]
    data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})["data"]
    from dungeon_cli.lsp.semantic import LEGEND

    kinds = {LEGEND[data[i + 3]] for i in range(0, len(data), 5)}
    assert kinds == {"comment", "property", "string", "number", "enumMember", "function", "macro", "operator"}


HOSTILE = {
    "long line": '[Game "scoundrel"]\n\n1. ' + "x" * 65_536 + "\n",
    "escapes": '[Game "scoundrel"]\n[Player "\x1b]0;owned\x07\x1b[31m"]\n1. \x1b[2J : \x9b\n',
    "binary": '[Game "scoundrel"]\n1. \x00\x01\x02\xff : x\n',
    "lone surrogate": '[Game "scoundrel"]\n1. \ud800 : x\n',
    "deep brackets": "[" * 10_000 + "\n" + "{" * 10_000 + "\n",
    "empty": "",
    # 20,000 cards on one line (60 KB, legal): its semantic tokens took 50 s
    "a line of 20,000 tokens": '[Game "scoundrel"]\n\n1. ' + "9s " * 20_000 + "\n",
    # the outline's names: escapes in the Game, Seed and Result tags
    "escapes in the named tags": '[Game "scoundrel\x1b]0;owned\x07"]\n[Seed "7\u202e"]\n[Result "win\x9b 3"]\n\n1. 9s\n',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_document_is_diagnosed_and_the_server_goes_on(client, name):
    uri = f"untitled:hostile-{name.replace(' ', '-')}.dgn"
    diags = client.open(uri, HOSTILE[name])
    assert diags, name
    for diag in diags:
        assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in diag["message"]), diag  # shown escaped
    for method, extra in (
        ("textDocument/completion", {"position": {"line": 1, "character": 5}}),
        ("textDocument/hover", {"position": {"line": 1, "character": 5}}),
        ("textDocument/documentSymbol", {}),
        ("textDocument/semanticTokens/full", {}),
        ("textDocument/formatting", {"options": {"tabSize": 4, "insertSpaces": True}}),
    ):
        answer = client.request(method, {"textDocument": {"uri": uri}, **extra})  # answered, not an error
        if method != "textDocument/formatting":  # an edit is the document's own text
            assert not unsafe(answer), (method, answer)
    assert client.proc.poll() is None


def test_card_sets_and_settings_are_looked_up_as_verify_does_and_nothing_is_written(tmp_path):
    """A record naming a card set kept in the project's ``card-sets`` directory: clean in
    the server as in verify; the same record elsewhere is not. The tree is unchanged."""
    sets = tmp_path / "sets"
    sets.mkdir()
    shutil.copy(ROOT / "dungeon_cli" / "games" / "cassette_dungeons" / "sets" / "default.toml", sets / "mine.toml")
    (tmp_path / "pyproject.toml").write_text('[tool.dungeon]\ncard-sets = ["sets"]\n')
    records = tmp_path / "records"
    records.mkdir()
    win = (FIXTURES / "cassette-dungeons" / "legal" / "win.dgn").read_text()
    text = win.replace('[Game "cassette-dungeons"]\n', '[Game "cassette-dungeons"]\n[Cards "mine.toml"]\n')
    assert text != win
    record = records / "game.dgn"
    record.write_text(text)
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file()}
    c = Client(cwd=tmp_path)
    try:
        assert _seen(c.open(record.as_uri(), text)) == _verify_json(record, tmp_path) == []
        elsewhere = FIXTURES / "cassette-dungeons" / "illegal" / "x.dgn"
        got = _seen(c.open(elsewhere.as_uri(), text))
        assert [m.split(" (")[0] for *_, m in got] == ["card set mine.toml: no card set of that name"]
        c.request(
            "textDocument/formatting", {"textDocument": {"uri": record.as_uri()}, "options": {"tabSize": 4, "insertSpaces": True}}
        )
    finally:
        assert c.close() == 0
    assert {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file()} == before


def test_without_pygls_the_command_says_what_to_install(tmp_path):
    (tmp_path / "pygls").mkdir()
    (tmp_path / "pygls" / "__init__.py").write_text("raise ImportError('no', name='pygls')\n")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys; sys.path.insert(0, {str(tmp_path)!r}); from dungeon_cli.cli import main; sys.argv=['dungeon', 'lsp']; main()",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "pip install 'dungeon-cli[lsp]'" in done.stderr


def test_diagnostics_of_a_100_turn_record_come_within_100_ms(client):
    """The figure of bench/lsp_latency.py, held loosely here (a shared machine): the
    median of ten changes."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.lsp_latency import hundred_turns, measure

    times = measure(client, hundred_turns(), 10)
    assert sorted(times)[len(times) // 2] < 0.5, times


def _ended(c: Client) -> tuple[int, str]:
    """The server's exit status and what it wrote on stderr, once it ends by itself."""
    status = c.proc.wait(timeout=60)
    assert c.proc.stderr is not None
    return status, c.proc.stderr.read().decode("utf-8", "replace")


def test_a_length_past_64_bits_or_a_terabyte_is_read_through_not_allocated():
    """Content-Length: 99999999999999999999 was an OverflowError, 999999999999 a
    MemoryError, each a traceback: now the request is answered at once and the rest of
    the stream read as the message's; its end ends the session, status 1 (no shutdown)."""
    for length in (99999999999999999999, 999999999999):
        c = Client()
        c.send_bytes(frame(rpc(7, "textDocument/hover", {}) + b" " * 100_000, length))
        answer = c.answer(7)
        assert answer["error"]["code"] == -32600 and "the server reads at most 8.0 MB" in answer["error"]["message"], answer
        assert c.peak_mb() < LSP_MAX_MB
        assert c.proc.stdin is not None
        c.proc.stdin.close()
        status, err = _ended(c)
        assert status == 1 and "Traceback" not in err, err


def test_exit_without_shutdown_is_status_1_as_the_protocol_says():
    c = Client()
    c.notify("exit", None)
    assert _ended(c)[0] == 1
    c = Client()
    c.request("shutdown", None)
    assert c.proc.stdin is not None
    c.proc.stdin.close()  # the editor went away after shutdown, without exit
    assert _ended(c)[0] == 0


def test_changes_queued_while_a_document_is_judged_are_judged_once_at_the_last_version():
    """Thirty changes sent at once: diagnostics for the newest, not one full verify each."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.lsp_latency import hundred_turns

    c = Client()
    uri = "untitled:burst.dgn"
    text = hundred_turns()
    c.open(uri, text)
    burst = b"".join(
        frame(
            rpc(
                None,
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": v}, "contentChanges": [{"text": text + f"# edit {v}\n"}]},
            )
        )
        for v in range(2, 32)
    )
    c.send_bytes(burst)
    versions = []
    while not versions or versions[-1] != 31:
        message = c._next(60)
        if message.get("method") == "textDocument/publishDiagnostics":
            versions.append(message["params"]["version"])
    # was 30: one judgement a change; now the changes queued behind a judgement are judged
    # once, at their last version (how many queue depends on the machine's speed)
    assert len(versions) < 30 and versions[-1] == max(versions), versions
    assert c.close() == 0


def test_a_document_over_the_limit_is_one_warning_and_nothing_is_kept():
    """About 100 bytes of memory a byte of document, and no cap (5 MB took 649 MB): now
    512 KB at most, and a larger one is a warning saying so, in bounded memory."""
    from dungeon_cli.lsp.document import MAX_DOCUMENT_BYTES

    c = Client()
    record = (EXAMPLES / "scoundrel-win.dgn").read_text() + "\n"
    text = record * (3 * MAX_DOCUMENT_BYTES // len(record))
    (warning,) = c.open("untitled:big.dgn", text)
    assert warning["severity"] == 2 and "the language server judges documents of at most 524,288 bytes" in warning["message"]
    assert c.request("textDocument/documentSymbol", {"textDocument": {"uri": "untitled:big.dgn"}}) == []
    assert c.peak_mb() < LSP_MAX_MB
    assert c.close() == 0
