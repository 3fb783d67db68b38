"""``sim --cluster`` against what is not a scheduler: a listener that never answers
(it hung for ever, past the timeout), a peer that sends garbage (a MemoryError
traceback), malformed addresses (ValueError tracebacks). Each is one line, exit 2 (trouble: 1 would say a finding)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install '.[cluster]')")

from dungeon_cli.plumbing import workers  # noqa: E402


@pytest.fixture
def listener():
    """A local TCP port that accepts; ``garbage`` makes it send junk to each peer."""
    made = []

    def start(garbage: bool) -> str:
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(5)
        made.append(server)

        def serve():
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                made.append(conn)
                if garbage:
                    try:
                        conn.sendall(b"\xff" * 64 + b"HTTP/1.1 200 OK\r\n\r\n" * 50)
                    except OSError:
                        pass

        threading.Thread(target=serve, daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for s in made:
        s.close()


@pytest.mark.parametrize("garbage", [False, True], ids=["silent", "garbage"])
def test_a_peer_that_is_no_scheduler_is_one_line(run, monkeypatch, listener, garbage):
    monkeypatch.setattr(workers, "CLUSTER_TIMEOUT", 1.0)
    address = listener(garbage)
    began = time.monotonic()
    result = run(["sim", "scoundrel", "--games", "2", "--cluster", address])
    assert time.monotonic() - began < 30
    assert result.exit_code == 2  # trouble, not a finding (issue 41, item 21)
    assert "Traceback" not in result.output and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert address in result.stderr


@pytest.mark.parametrize("address", ["tcp://[::1", "nonsense://x", ":::", "ucx://127.0.0.1:9"])
def test_a_malformed_address_is_one_line(run, monkeypatch, address):
    monkeypatch.setattr(workers, "CLUSTER_TIMEOUT", 1.0)  # (after a local cluster ran, dask may wait on it)
    result = run(["sim", "scoundrel", "--games", "2", "--cluster", address])
    assert result.exit_code == 2  # trouble, not a finding (issue 41, item 21)
    assert address in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
