"""``make fuzz``: the reader, the referee, ``fmt``, the CLI, every way a file gets in
(tests/support/hostile.py), the language server's protocol (its classes of hostile
messages, and frames of any bytes or JSON-RPC: ``laws.check_lsp``) and every output
(tests/support/hostile_outputs.py) under hypothesis for as
long as asked (``python -m fuzz --seconds 3600``).

Targets take turns in rounds of ``--batch`` examples each, every round with fresh random
choices (no example database, so a bug found once is not replayed every round). When a
law of ``fuzz/laws.py`` breaks or anything raises, hypothesis shrinks the input; the
smallest failing input is written to ``fuzz/crashes/`` (deduplicated by where it failed),
named in the log, and the run goes on. A SIGALRM watchdog turns an example that runs
longer than ``--hang`` seconds into a finding too.

The summary (examples per target, findings) is printed at the end and written to
``fuzz/out/latest.json``. Exit status 0 when nothing was found, 1 otherwise.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import random
import resource
import signal
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))  # the strategies live with the tests' helpers

import hypothesis  # noqa: E402
import strategies as S  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from . import laws  # noqa: E402

CRASHES = ROOT / "fuzz" / "crashes"
OUT = ROOT / "fuzz" / "out"


class Hang(Exception):
    pass


def _alarm(signum, frame):
    # An exception raised inside a gc callback (hypothesis keeps one) is printed and
    # dropped, and the example runs on: the last CPU-hour run lost its watchdog that way
    # and the example grew to 20 GB. In a callback, try again in a moment instead.
    callbacks = {getattr(cb, "__code__", None) for cb in gc.callbacks}
    while frame is not None:
        if frame.f_code in callbacks:
            signal.setitimer(signal.ITIMER_REAL, 0.01)
            return
        frame = frame.f_back
    raise Hang("an example ran longer than the watchdog allows")


class Target:
    """One law over one strategy; counts the examples it ran."""

    def __init__(self, name, strategy, law, weight=1, batch=None):
        self.name = name
        self.batch = batch  # examples a round, where --batch would take too long (a process each)
        self.strategy = strategy
        self.law = law
        self.weight = weight
        self.examples = 0
        self.last_input = None


def _differential(data):
    """A seeded game of a random game, one of its lines, one single-token mutation."""
    name, seed, line_pick, pick = data
    text = S.game_text(name, seed)
    lines = text.split("\n")
    moves = [i for i, l in enumerate(lines, 1) if l and (l[0].isdigit() or l.startswith("deal:"))]
    line = moves[line_pick % len(moves)]
    import re

    words = sorted(set(re.findall(r"[a-z]+", text)))
    options = list(laws.token_mutations(text, line, S.CARDS, words))
    what, mutated = options[pick % len(options)]
    return laws.check_mutation(mutated, line)


def st_join(pieces: list, depth: int) -> str:
    """Brackets ``depth`` deep around the pieces (tomllib recursed on such nesting)."""
    opening = "".join("[{"[i % 2] if i % 2 == 0 else "{a = " for i in range(depth))
    return opening + "".join(pieces)


def targets():
    from dungeon_cli import registry

    def model(args):
        records, text, bom = args
        laws.check_model_round_trip(records, text, S.awkward_bytes(text, bom))

    @st.composite
    def model_case(draw):
        records = draw(S.files())
        return records, draw(S.awkward_text(records)), draw(st.booleans())

    import hostile  # the walker's table of every way a file gets in (tests/support/hostile.py)

    hostile_case = st.tuples(
        st.sampled_from(hostile.WAYS), st.sampled_from(hostile.SLOW + hostile.QUICK), st.binary(max_size=200), st.integers(0, 600)
    ).map(lambda t: (t[0][0], t[0][1], t[1], t[2], t[3]))
    import hostile_outputs  # every output and how to run it (tests/support/hostile_outputs.py)

    output_case = st.tuples(
        st.sampled_from(sorted(hostile_outputs.WRITERS)),
        st.sampled_from(laws.OUTPUT_CASES),
        st.text(min_size=1, max_size=40),
        st.binary(max_size=200),
    )
    pieces = st.sampled_from(["[", "{", "]", "}", "a = ", ", ", "'x'", '"y"', '"""', "\n", "# c\n", "1", "[t]\n", "[[a]]\n"])
    deep_toml = st.tuples(st.integers(0, 2000), st.lists(pieces, max_size=60)).map(lambda t: "a = " + st_join(t[1], t[0]))

    # the language server's messages: frames of any bytes, and JSON-RPC of the protocol's words
    keys = st.sampled_from(
        ["textDocument", "uri", "position", "line", "character", "text", "version", "contentChanges", "range", "start", "end"]
        + ["id", "options", "context", "diagnostics", "languageId", "tabSize", "insertSpaces"]
    )
    leaf = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        st.text(max_size=30),
        st.sampled_from([hostile.LSP_OPEN_URI, "file:///dev/zero", "untitled:other.dgn", '[Game "scoundrel"]\n1. 9s']),
    )
    value = st.recursive(
        leaf, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(keys | st.text(max_size=8), kids, max_size=5)
    )
    message = st.fixed_dictionaries(
        {"jsonrpc": st.sampled_from(["2.0", "2.0", "1.0"]), "method": st.sampled_from(laws.LSP_METHODS)},
        optional={"id": st.integers(10**6, 10**9) | st.text(max_size=10), "params": value},
    )
    body = st.one_of(
        st.binary(max_size=300), message.map(lambda m: json.dumps(m).encode()), value.map(lambda v: json.dumps(v).encode())
    )
    lsp_case = st.tuples(st.lists(st.integers(0, 10**6), max_size=4), st.lists(body, max_size=6))

    diff = st.tuples(
        st.sampled_from(registry.names()),
        st.integers(0, 10**6),
        st.integers(0, 10**6),
        st.integers(0, 10**6),
    )
    return [
        Target("reader+referee", S.any_input(), lambda d: laws.check_everything(d), weight=4),
        Target("cli", S.any_input(), lambda d: laws.check_cli(d), weight=1),
        Target("model round trip", model_case(), model, weight=2),
        Target("mutated games", diff, _differential, weight=2),
        Target("play typed", S.play_inputs(), lambda case: laws.check_play(*case), weight=1),
        Target("card sets", S.cardset_texts(), laws.check_cardset, weight=1),
        Target("hostile inputs", hostile_case, lambda case: laws.check_hostile(*case), weight=1),
        Target("deep toml", deep_toml, laws.check_toml_nesting, weight=1),
        Target("hostile outputs", output_case, lambda case: laws.check_hostile_output(*case), weight=1),
        Target("language server", lsp_case, lambda case: laws.check_lsp(*case), weight=1, batch=10),
    ]


def signature(exc: BaseException) -> str:
    """Where a failure comes from: the exception type and the innermost project frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/dungeon_cli/" in f.filename or "/notation/" in f.filename]
    frame = (ours or frames or [None])[-1]
    where = f"{Path(frame.filename).name}:{frame.lineno}" if frame is not None else "?"
    text = str(exc).split("\n")[0]
    if isinstance(exc, laws.LawBroken):  # the law's own words, numbers and quotes left out
        import re

        text = re.sub(r"'[^']*'|\"[^\"]*\"|[0-9]+", "_", text)[:80]
        return f"LawBroken {text}"
    return f"{type(exc).__name__} at {where}"


def run_round(target: Target, batch: int, findings: dict, hang: int) -> None:
    seed = random.randrange(2**63)

    @settings(
        max_examples=batch,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.generate, Phase.shrink],
        derandomize=False,
    )
    @given(target.strategy)
    def prop(value):
        target.examples += 1
        target.last_input = value
        signal.alarm(hang)
        try:
            target.law(value)
        finally:
            signal.alarm(0)

    prop = hypothesis.seed(seed)(prop)  # a fresh stream of examples every round
    try:
        prop()
    except Exception as exc:  # noqa: BLE001 - every failure is a finding
        failure = exc
        if hasattr(exc, "exceptions") and exc.exceptions:  # several distinct failures
            failure = exc.exceptions[0]
        sig = f"{target.name}: {signature(failure)}"
        value = target.last_input
        blob = _as_bytes(value)
        digest = hashlib.sha1(blob).hexdigest()[:10]
        entry = findings.setdefault(sig, {"count": 0, "files": [], "message": str(failure)[:500]})
        entry["count"] += 1
        if len(entry["files"]) < 3:
            CRASHES.mkdir(parents=True, exist_ok=True)
            path = CRASHES / f"{target.name.replace(' ', '-').replace('+', '-')}-{digest}.bin"
            path.write_bytes(blob)
            (path.with_suffix(".txt")).write_text(
                f"{sig}\n\n{''.join(traceback.format_exception(failure))}\ninput: {value!r}\n"[:20000]
            )
            entry["files"].append(str(path.relative_to(ROOT)))
        print(f"FINDING {sig} ({entry['count']}x): {str(failure)[:200]}", flush=True)


def _as_bytes(value) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, tuple) and len(value) == 3 and isinstance(value[1], str):
        return S.awkward_bytes(value[1], value[2])
    return repr(value).encode("utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz")
    parser.add_argument("--seconds", type=float, default=600, help="how long to run (default 600)")
    parser.add_argument("--batch", type=int, default=200, help="examples per target per round")
    parser.add_argument("--hang", type=int, default=60, help="seconds one example may take")
    parser.add_argument(
        "--memory-gb",
        type=float,
        default=4.0,
        help="address space the run may take (default 4): an example past it is a MemoryError finding",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed the rounds (default: random)")
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="what --seconds counts: wall-clock time, or this process's CPU time (a CPU-hour on a busy machine)",
    )
    args = parser.parse_args(argv)
    random.seed(args.seed)
    signal.signal(signal.SIGALRM, _alarm)
    limit = int(args.memory_gb * (1 << 30))
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))
    all_targets = targets()
    S.corpus()  # build the corpus before the clock starts mattering
    start = time.monotonic()
    cpu_start = time.process_time()
    findings: dict = {}
    rounds = 0
    wheel = [t for t in all_targets for _ in range(t.weight)]
    spent = (lambda: time.process_time() - cpu_start) if args.clock == "cpu" else (lambda: time.monotonic() - start)
    while spent() < args.seconds:
        target = wheel[rounds % len(wheel)]
        run_round(target, min(args.batch, target.batch or args.batch), findings, args.hang)
        rounds += 1
        if rounds % len(wheel) == 0:
            elapsed = time.monotonic() - start
            counts = ", ".join(f"{t.name} {t.examples}" for t in all_targets)
            cpu = time.process_time() - cpu_start
            print(f"[{elapsed:7.0f}s, cpu {cpu:7.0f}s] rounds {rounds}: {counts}; findings {len(findings)}", flush=True)
    summary = {
        "seconds": round(time.monotonic() - start, 1),
        "cpu_seconds": round(time.process_time() - cpu_start, 1),
        "rounds": rounds,
        "examples": {t.name: t.examples for t in all_targets},
        "examples_total": sum(t.examples for t in all_targets),
        "findings": findings,
        "pid": os.getpid(),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "latest.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
