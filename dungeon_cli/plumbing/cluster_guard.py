"""Reaching a Dask scheduler without hanging or a traceback.

``distributed.Client(address, timeout=...)`` bounds the TCP connect, not the handshake
after it: a listener that accepts and never answers kept ``sim --cluster`` waiting for
ever, a peer sending garbage made it read a "frame" of absurd length (MemoryError), and
a malformed address was a ValueError traceback. Here the whole connection, handshake
included, gets one deadline, and every way it can fail is one sentence.
"""

from __future__ import annotations

import threading
import warnings
from typing import Any


class Unreachable(Exception):
    pass


def connect(address: str, seconds: float) -> Any:
    from distributed import Client
    from distributed.comm.core import get_address_host

    try:  # a malformed address is said at once, before any deadline runs
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # distributed warns, then raises, of a protocol it dropped (ucx://)
            get_address_host(address)
    except ValueError as exc:
        raise Unreachable(f"'{address}' is not a scheduler address ({exc})") from None
    except Exception as exc:  # FutureWarning: "The 'ucx' protocol was removed from Distributed ..."
        said = str(exc).split("\n")[0].strip() or type(exc).__name__
        raise Unreachable(f"'{address}' cannot be reached by this Dask ({said})") from None
    box: dict[str, Any] = {}

    def attempt() -> None:
        try:
            box["client"] = Client(address, timeout=f"{seconds}s")
        except BaseException as exc:  # MemoryError from garbage included: said, not raised
            box["error"] = exc

    thread = threading.Thread(target=attempt, daemon=True, name="dask-connect")
    thread.start()
    thread.join(seconds + 2)
    if thread.is_alive():
        raise Unreachable(f"no answer from a Dask scheduler at {address} within {seconds:g} s")
    if "error" in box:
        error = box["error"]
        if isinstance(error, ValueError):
            raise Unreachable(f"'{address}' is not a scheduler address ({error})")
        if isinstance(error, (OSError, TimeoutError)):
            raise Unreachable(f"cannot reach the Dask scheduler at {address}: {error}")
        raise Unreachable(f"{address} did not answer as a Dask scheduler does ({type(error).__name__})")
    return box["client"]
