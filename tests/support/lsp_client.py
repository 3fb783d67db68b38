"""A small language client for the tests: ``dungeon lsp`` started as a process and
spoken to in JSON-RPC with Content-Length framing, as an editor does."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Optional


class Client:
    def __init__(self, cwd: Optional[Path] = None):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dungeon_cli", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
        )
        self.messages: "queue.Queue[dict]" = queue.Queue()
        self.notes: list[dict] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        self.notify("initialized", {})

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                header = out.readline()
                if not header:
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            assert length is not None
            self.messages.put(json.loads(out.read(length)))

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: Any, timeout: float = 30) -> Any:
        message = self.call(method, params, timeout)
        assert "error" not in message, message
        return message.get("result")

    def call(self, method: str, params: Any, timeout: float = 30) -> dict:
        """The whole answer to a request: its ``result`` or its ``error``."""
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.answer(self.next_id, timeout)

    def answer(self, ident: Any, timeout: float = 30) -> dict:
        """The answer with id ``ident`` (None: an error answer of no id); what comes before it is kept."""
        while True:
            message = self._next(timeout)
            if "method" not in message and message.get("id") == ident:
                return message
            self.notes.append(message)

    def send_bytes(self, data: bytes) -> None:
        """Bytes as they are, framing and all: a broken or hostile client."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def peak_mb(self) -> float:
        """The server's peak resident memory so far (Linux)."""
        with open(f"/proc/{self.proc.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) / 1024

    def _next(self, timeout: float) -> dict:
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no answer in {timeout}s; server stderr: {self._stderr()}") from None

    def _stderr(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode("utf-8", "replace")

    def diagnostics(self, uri: str, timeout: float = 30) -> list[dict]:
        """The next diagnostics published for ``uri``."""
        for i, note in enumerate(self.notes):
            if note.get("method") == "textDocument/publishDiagnostics" and note["params"]["uri"] == uri:
                del self.notes[i]
                return note["params"]["diagnostics"]
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(max(deadline - time.monotonic(), 0.01))
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]
            self.notes.append(message)

    def open(self, uri: str, text: str, version: int = 1) -> list[dict]:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "dgn", "version": version, "text": text}})
        return self.diagnostics(uri)

    def change(self, uri: str, text: str, version: int) -> list[dict]:
        self.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}
        )
        return self.diagnostics(uri)

    def close(self) -> int:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def unsafe(value: Any) -> list[str]:
    """The strings of an answer (keys and values) that hold a control or bidi character raw."""
    if isinstance(value, str):
        return [value] if RAW.search(value) else []
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [*unsafe(k), *unsafe(v)]]
    if isinstance(value, list):
        return [s for v in value for s in unsafe(v)]
    return []


def try_hostile_messages(c: Client, cases: dict) -> list:
    """Send each of hostile.lsp_messages' cases to a server whose hostile.LSP_OPEN_URI is
    open: the answer each case expects, with its error code, and after it a request about
    the open document answered with nothing raw in it. The last outline, for the caller."""
    from hostile import LSP_OPEN_URI

    outline: list = []
    for name, (data, ident, code) in cases.items():
        c.send_bytes(data)
        if code is not None:
            answer = c.answer(ident)
            assert answer.get("error", {}).get("code") == code, (name, answer)
            assert not unsafe(answer), answer
        outline = c.request("textDocument/documentSymbol", {"textDocument": {"uri": LSP_OPEN_URI}})
        hovered = c.request(
            "textDocument/hover", {"textDocument": {"uri": LSP_OPEN_URI}, "position": {"line": 4, "character": 3}}
        )
        assert not unsafe([outline, hovered]), (name, outline, hovered)
    return outline
