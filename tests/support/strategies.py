"""Hypothesis strategies for DGN: records built from the model, the same records written
in every layout and spelling the reader accepts, random DGN-like text, and real records
(fixtures and seeded games of every registered game) mutated at random.

Shared by the property tests (``tests/hardening/test_hardening_*.py``) and the long fuzz run
(``fuzz/``), which is why nothing here imports pytest.

"Every record hypothesis can build" means every record the reader can give back: a
model ``Record`` that the reader could never produce (a move whose last line is a lone
comment, a record with neither tags nor moves, a comment between two records kept as the
first record's) has no text at all, so it is not built. ``records()`` documents each such
limit where it draws.
"""

from __future__ import annotations

import functools
import random
import re
from typing import Optional

from game_fixtures import every_fixture
from hypothesis import strategies as st

from dungeon_cli import registry
from notation import Checkpoint, Colon, Move, Record, Tag, Token, canonical_token
from notation.tokens import _CARD, _MARKED, _RUN, RANKS, SUITS

# -- the vocabulary -------------------------------------------------------------------------

CARDS = [r + s for r in RANKS for s in SUITS] + ["JK"]
GAMES = registry.names()


def _fixture_tags() -> list[str]:
    """The tag names the registered games' fixtures use (Cards, Decks, ...)."""
    found = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*) "', re.M)
    return [m.group(1) for path in every_fixture() for m in found.finditer(path.read_text("utf-8", "replace"))]


# The tags every record may hold, then those of the games' own.
KNOWN_TAGS = list(dict.fromkeys(["Game", "Variant", "Seed", "Date", "Player", "Result", *_fixture_tags()]))
# Words the games use (and a few they do not), so random moves reach past the
# vocabulary check into the rules now and then; the seeded games of ``corpus`` bring
# every registered game's own words.
WORDS = [
    "run",
    "-",
    "pick",
    "drop",
    "keep",
    "n",
    "s",
    "e",
    "w",
    "out",
    "x",
    "y",
    "z",
    "@n",
    "@w/n",
    "@e/es",
    "@n/n",
    "@knight",
    "@mage",
    ">3",
    ">out",
    "^bat",
    "~bat.1",
    "*wxyz",
    "w=5",
    "x>bat.1",
    "!aegis",
    "+troll",
    "!loaded/y",
    "crypt",
    "JK=8",
    "JK=10",
    "7c+6d",
    "xKs",
    "(Kc)",
    "^Qh",
    "RUN",
    "Run",
    "xJK",
    "JK=0",
    "JK=11",
    "+",
    "=",
    "^",
]
# Characters that break things when they turn up where they should not.
AWKWARD = [
    "\t",
    " ",
    "#",
    ":",
    "{",
    "}",
    "[",
    "]",
    '"',
    "\\",
    "=",
    "^",
    "(",
    ")",
    "+",
    ".",
    "\u00a0",
    "\u2028",
    "\u200b",
    "\u0301",
    "\ufeff",
    "\x0b",
    "\x0c",
    "\x85",
    "\r",
    "♠",
    "♥",
    "♦",
    "♣",
    "🂡",
    "ß",
    "İ",
    "ﬀ",
    "٣",
    "²",
    "\u202e",
]


def spellings(card: str) -> list[str]:
    """Every accepted way of writing a canonical card (NOTATION.md section 3)."""
    if card == "JK":
        return ["JK", "jk", "Jk", "jK"]
    rank, suit = card[0], card[1]
    ranks = ["10"] if rank == "T" else []
    ranks += [rank, rank.lower()] if rank.isalpha() else [rank]
    symbol = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[suit]
    return [r + s for r in dict.fromkeys(ranks) for s in (suit, suit.upper(), symbol)]


def respell(token: str, rnd: random.Random) -> str:
    """``token`` (canonical) written in another accepted spelling: cards in any case, suit
    symbols and ``10``, numbers with leading zeros. ``canonical_token`` maps it back."""
    out = []
    for m in _RUN.finditer(token):
        run = m.group()
        if _CARD.fullmatch(run):
            out.append(rnd.choice(spellings(run)))
        elif run.isdigit():
            out.append("0" * rnd.choice([0, 0, 1, 2]) + run)
        elif _MARKED.fullmatch(run):
            out.append(run[0] + rnd.choice(spellings(run[1:])))
        else:
            out.append(run)
    return "".join(out)


# -- records built from the model -------------------------------------------------------

LINE_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\x00"), max_size=30)


def _comment(body: str) -> str:
    return ("#" + body).rstrip()


# A comment as the reader keeps it: from its ``#``, trailing white space gone. (Strategies
# are built once, here: building one costs far more than drawing from it.)
COMMENTS = st.one_of(LINE_TEXT, st.sampled_from(["", " expect: 3:1: error: x", "#", ' "quoted" [tag]', " a:b {c=d}"])).map(
    _comment
)
MAYBE_COMMENT = st.none() | COMMENTS
COMMENT_LISTS = {n: st.lists(COMMENTS, max_size=n) for n in (1, 2)}


def comments():
    return COMMENTS


TAG_NAMES = st.one_of(st.sampled_from(KNOWN_TAGS), st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True))
TAG_VALUES = st.one_of(
    LINE_TEXT,
    st.sampled_from(
        ["", " ", '"', "\\", '\\"', "# not a comment", "win 9", "loss -3", "2026-11-29", " lead", "trail ", "\t", 'é"\\"']
    ),
    st.sampled_from(["default", "/dev/zero", "/dev/null", "/dev/stdin", "/tmp", "/etc/hostname", "../x.toml", "strict-weapon"]),
    st.sampled_from(["²", "٣", "１２", "3²", "7", "0", "-1", "01", "9" * 400, "x" * 3000, "a/" * 2000]),
)


def _canonical(raw: str) -> str:
    try:
        return canonical_token(raw)
    except ValueError:
        return "run"


CANONICAL_TOKENS = st.one_of(
    st.sampled_from(CARDS),
    st.sampled_from(WORDS),
    st.integers(0, 10**12).map(str),
    st.builds(lambda m, c: m + c, st.sampled_from("x^(+@!~>*"), st.sampled_from(CARDS)).map(
        lambda t: t + ")" if t.startswith("(") else t
    ),
    st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_]{0,6}([+=^/.,@><!?*~'%&|;$-][a-zA-Z0-9_]{1,4}){0,3}", fullmatch=True),
).map(_canonical)


def canonical_tokens():
    """A token in canonical spelling (``canonical_token`` leaves it as it is)."""
    return CANONICAL_TOKENS


CHECKPOINT_KEYS = st.lists(st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True), max_size=4, unique=True)
CHECKPOINT_VALUES = st.one_of(
    st.sampled_from(["-", "20", "5d/9s", "yes", "0", "JK"]), CANONICAL_TOKENS.filter(lambda v: "=" not in v)
)
DEALT = st.lists(CANONICAL_TOKENS, max_size=5)
ACTIONS = st.lists(CANONICAL_TOKENS, max_size=6)


GAME_VALUES = st.sampled_from(GAMES) | TAG_VALUES


@st.composite
def checkpoints(draw) -> Checkpoint:
    keys = draw(CHECKPOINT_KEYS)
    values = [draw(CHECKPOINT_VALUES) for _ in keys]
    from notation import Pair

    return Checkpoint(tuple(Pair(k, v) for k, v in zip(keys, values)))


@st.composite
def moves(draw, number: Optional[int], rest: bool = False, depth: int = 0) -> Move:
    """A move line, or the deal line (``number`` None), on one or more physical lines;
    ``rest``: the rest of a turn (``N...``, no ':'); ``depth`` > 0: variations of it and
    in them down to that many levels (NOTATION.md section 9).

    Readable shapes only: a line of its own holding just a comment stands between two
    lines of items (a comment after the move's last line belongs to what follows)."""
    dealt = draw(DEALT)
    actions = draw(ACTIONS)
    items: list = [Token(t) for t in dealt]
    if rest:
        items.extend(Token(t) for t in actions)
    elif number is not None:
        items.append(Colon())
        items.extend(Token(t) for t in actions)
    if draw(st.booleans()) and draw(st.booleans()):
        items.append(draw(checkpoints()))
    # cut the items into physical lines: the first line may be empty after its head, the
    # others hold at least one item, and an indented line never starts with "12."
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(items) - 1)), max_size=3))) if len(items) > 1 else []
    pieces = [items[a:b] for a, b in zip([0] + cuts, cuts + [len(items)])]
    segments: list = []
    for index, piece in enumerate(pieces):
        if index > 0:
            segments.extend(([], c) for c in draw(COMMENT_LISTS[1]))
        segments.append((piece, draw(MAYBE_COMMENT)))
    move = Move(number, segments, comments=draw(COMMENT_LISTS[2]), rest=rest)
    if depth and number is not None:
        for _ in range(draw(st.integers(0, 2))):
            length = draw(st.integers(1, 3))
            move.variations.append([draw(moves(number + i, rest and i == 0, depth - 1)) for i in range(length)])
    return move


@st.composite
def records(draw, first: bool = True, last: bool = True, depth: int = 0) -> Record:
    """One record: tags (``Game`` first, or any tags), then moves numbered from 1;
    ``depth`` > 0: variations nested down to that many levels, and now and then a
    Position tag, with moves numbered from any turn, the first maybe ``N...``.

    Only the file's first record may lack tags and only its last may lack moves (tags
    that follow tags belong to one record); comments after the moves stay with the
    record only at the end of the file."""
    tags = [Tag("Game", draw(GAME_VALUES), comments=draw(COMMENT_LISTS[2]), trailing=draw(MAYBE_COMMENT))]
    names = {"Game"}
    for name in draw(st.lists(TAG_NAMES, max_size=5)):
        if name in names:
            continue
        names.add(name)
        tags.append(Tag(name, draw(TAG_VALUES), comments=draw(COMMENT_LISTS[1]), trailing=draw(MAYBE_COMMENT)))
    if draw(st.integers(0, 9)) == 0:
        draw(st.randoms()).shuffle(tags)  # Game not first: an error, but the text says so faithfully
    if first and draw(st.integers(0, 9)) == 0:
        tags = []
    count = draw(st.integers(0 if last else 1, 5))
    moves_: list[Move] = []
    first_number, rest = 1, False
    if depth and tags and "Position" not in names and draw(st.booleans()):
        tags.append(Tag("Position", draw(TAG_VALUES)))
        first_number, rest = draw(st.integers(1, 40)), draw(st.booleans())
    elif count and draw(st.booleans()):
        moves_.append(draw(moves(None)))
        count -= 1
    moves_.extend(draw(moves(n, rest and n == first_number, depth)) for n in range(first_number, first_number + count))
    if not moves_ and not tags:
        tags = [Tag("Game", "scoundrel")]
    end = draw(COMMENT_LISTS[2]) if last else []
    return Record(tags=tags, moves=moves_, end_comments=end)


@st.composite
def files(draw, depth: int = 0) -> list[Record]:
    """The records of one file (``depth``: with variations, as ``records``)."""
    count = draw(st.integers(1, 3))
    return [draw(records(first=i == 0, last=i == count - 1, depth=depth)) for i in range(count)]


# -- the same records, written awkwardly ------------------------------------------------

BLANK_CHOICES = [" ", "  ", "\t", " \t ", "\t\t"]
BLANKS = st.sampled_from(BLANK_CHOICES)


@st.composite
def awkward_text(draw, recs: list[Record]) -> str:
    """``recs`` written as a person might type them: any spelling of every card, any
    blanks between tokens, blanks inside tag brackets, blank lines anywhere, the colon
    touching its neighbours. Reading it gives ``recs`` back (``Record`` equality
    ignores positions and raw spellings)."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    gap = lambda: rnd.choice(BLANK_CHOICES)  # noqa: E731
    blank_lines = lambda: "\n" * rnd.choice([0, 0, 0, 1, 2])  # noqa: E731

    def with_comment(text: str, comment: Optional[str]) -> str:
        return text if comment is None else text + (gap() if text else "") + comment

    def item_text(item) -> str:
        if isinstance(item, Colon):
            return ":"
        if isinstance(item, Checkpoint):
            inner = gap().join(f"{p.key}={respell(p.value, rnd)}" for p in item.pairs)
            return "{" + rnd.choice(["", " "]) + inner + rnd.choice(["", " ", "\t"]) + "}"
        return respell(item.text, rnd)

    def join(items) -> str:
        out = ""
        for i, item in enumerate(items):
            text = item_text(item)
            if i == 0:
                out = text
                continue
            touching = isinstance(item, Colon) or isinstance(items[i - 1], Colon)
            out += ("" if touching and rnd.random() < 0.3 else gap()) + text
        return out

    lines: list[str] = []
    for r_index, rec in enumerate(recs):
        if r_index:
            lines.append(blank_lines())
        for tag in rec.tags:
            lines.extend(tag.comments)
            value = tag.value.replace("\\", "\\\\").replace('"', '\\"')
            head = rnd.choice(["", " ", "\t"])
            pad = rnd.choice(["", " ", " \t"])
            lines.append(with_comment(f'{head}[{pad}{tag.name}{gap()}"{value}"{pad}]{rnd.choice(["", " "])}', tag.trailing))
        lines.append(blank_lines())
        for move in rec.moves:
            lines.extend(move.comments)
            head = "deal:" if move.number is None else f"{'0' * rnd.choice([0, 0, 1])}{move.number}."
            for index, (items, comment) in enumerate(move.segments):
                if index == 0:
                    text = head + (rnd.choice(["", " "]) if items and move.number is not None else gap() if items else "")
                    if items and move.number is None:
                        text = head + gap()
                    lines.append(with_comment(text + join(items), comment))
                elif not items:
                    lines.append(rnd.choice(["", "  ", "\t"]) + (comment or ""))
                else:
                    lines.append(with_comment(gap() + join(items), comment))
            lines.append(blank_lines())
        lines.extend(rec.end_comments)
    text = "\n".join(line for line in lines)
    # a move number written as 01. reads as 1.; a line of blanks is a blank line
    if rnd.random() < 0.5:
        text += "\n"
    if rnd.random() < 0.5:
        text = text.replace("\n", "\r\n")
    return text


def awkward_bytes(text: str, bom: bool) -> bytes:
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")


# -- real records to mutate -------------------------------------------------------------


@functools.cache
def corpus() -> tuple[bytes, ...]:
    """Every fixture and a few seeded games of each registered game."""
    items = [p.read_bytes() for p in every_fixture()]
    items.extend(sample_records(seeds=range(3), max_turns=30))
    return tuple(items)


def sample_records(seeds=range(3), max_turns: Optional[int] = None) -> list[bytes]:
    out = []
    for name in registry.names():
        for seed in seeds:
            try:
                text = game_text(name, seed, max_turns)
            except Exception:  # a game still being built: the fixtures cover it
                continue
            out.append(text.encode("utf-8"))
    return out


def game_text(name: str, seed: int, max_turns: Optional[int] = None, policy_seed: int = 0) -> str:
    """A seeded game played by random legal choices, as its record; cut after
    ``max_turns`` turns (an unfinished record, without Result) when given."""
    from dungeon_cli.shell.sample import sample_game
    from notation import write

    session, _ = sample_game(registry.get(name), seed, policy_seed)
    record = session.record()
    if max_turns is not None and len(record.turns) > max_turns:
        keep = max_turns + (1 if record.deal is not None else 0)
        record.moves = record.moves[:keep]
        record.tags = [t for t in record.tags if t.name != "Result"]
    return write([record])


MUTATIONS = (
    "insert-byte",
    "delete-byte",
    "replace-byte",
    "insert-text",
    "drop-line",
    "dup-line",
    "swap-lines",
    "drop-token",
    "dup-token",
    "swap-token",
    "change-number",
    "splice",
    "truncate",
    "crlf",
    "indent",
    "dedent",
)


def mutate(data: bytes, rnd: random.Random, count: int = 1, others: tuple[bytes, ...] = ()) -> bytes:
    """``data`` after ``count`` random edits, from single bytes to whole lines."""
    for _ in range(count):
        kind = rnd.choice(MUTATIONS)
        data = _mutate_once(data, rnd, kind, others)
    return data


def _mutate_once(data: bytes, rnd: random.Random, kind: str, others: tuple[bytes, ...]) -> bytes:
    n = len(data)
    pos = rnd.randrange(n + 1)
    if kind == "insert-byte":
        return data[:pos] + bytes([rnd.randrange(256)]) + data[pos:]
    if kind == "delete-byte" and n:
        pos = min(pos, n - 1)
        return data[:pos] + data[pos + 1 :]
    if kind == "replace-byte" and n:
        pos = min(pos, n - 1)
        return data[:pos] + bytes([rnd.randrange(256)]) + data[pos + 1 :]
    if kind == "insert-text":
        piece = rnd.choice(
            AWKWARD + WORDS + CARDS + ["\n", "\r\n", " 1. ", "deal:", '[Game "scoundrel"]\n', "{hp=1}", "\x00", "\xff"]
        )
        return data[:pos] + piece.encode("utf-8", "surrogatepass") + data[pos:]
    if kind == "truncate":
        return data[:pos]
    if kind == "crlf":
        return data.replace(b"\n", b"\r\n") if rnd.random() < 0.5 else data.replace(b"\r\n", b"\n")
    lines = data.split(b"\n")
    i = rnd.randrange(len(lines))
    if kind == "drop-line" and len(lines) > 1:
        del lines[i]
    elif kind == "dup-line":
        lines.insert(i, lines[i])
    elif kind == "swap-lines":
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "indent":
        lines[i] = b" " + lines[i]
    elif kind == "dedent":
        lines[i] = lines[i].lstrip()
    elif kind == "splice" and others:
        other = rnd.choice(others).split(b"\n")
        j = rnd.randrange(len(other))
        lines[i:i] = other[j : j + rnd.randint(1, 4)]
    elif kind in ("drop-token", "dup-token", "swap-token", "change-number"):
        words = lines[i].split(b" ")
        k = rnd.randrange(len(words))
        if kind == "drop-token" and len(words) > 1:
            del words[k]
        elif kind == "dup-token":
            words.insert(k, words[k])
        elif kind == "swap-token":
            words[k] = rnd.choice(CARDS + WORDS).encode("utf-8")
        elif kind == "change-number":
            words[k] = re.sub(
                rb"[0-9]+",
                lambda m: str(max(0, int(m.group()) + rnd.choice([-1, 1, 2, 10, -10, 10**9]))).encode(),
                words[k],
                count=1,
            )
        lines[i] = b" ".join(words)
    return b"\n".join(lines)


@st.composite
def mutated(draw) -> bytes:
    """A real record (fixture or seeded game) after one to a few random edits."""
    base = corpus()
    data = draw(st.sampled_from(base))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    return mutate(data, rnd, draw(st.integers(1, 4)), base)


PIECES = st.one_of(st.sampled_from(CARDS + WORDS + AWKWARD), CANONICAL_TOKENS, LINE_TEXT)
SHORT_KEYS = st.from_regex(r"[a-z]{1,3}", fullmatch=True)


@st.composite
def dgn_like(draw) -> bytes:
    """Text with DGN's shape (tags, moves, checkpoints, continuations, comments) and
    anything in it: the reader's every branch, rarely a legal record."""
    parts: list[str] = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.integers(0, 7))
        piece = lambda: draw(PIECES)  # noqa: E731
        if kind == 0:
            parts.append(f'[{draw(TAG_NAMES)} "{draw(TAG_VALUES)}"]')
        elif kind == 1:
            parts.append(f'[Game "{draw(st.sampled_from(GAMES))}"]')
        elif kind in (2, 3):
            head = draw(st.sampled_from(["1.", "2.", "deal:", "0.", "01.", "99999999999.", "1", "3."]))
            parts.append(head + " " + " ".join(piece() for _ in range(draw(st.integers(0, 8)))))
        elif kind == 4:
            parts.append(draw(BLANKS) + " ".join(piece() for _ in range(draw(st.integers(0, 4)))))
        elif kind == 5:
            parts.append(draw(comments()))
        elif kind == 6:
            parts.append("{" + " ".join(f"{draw(SHORT_KEYS)}={piece()}" for _ in range(draw(st.integers(0, 3)))) + "}")
        else:
            parts.append(draw(LINE_TEXT))
    sep = draw(st.sampled_from(["\n", "\r\n", "\n\n"]))
    data = sep.join(parts).encode("utf-8")
    if draw(st.booleans()):
        data = b"\xef\xbb\xbf" + data
    return data


def any_input():
    """Everything the reader may be handed: raw bytes, DGN-like text, mutated records."""
    return st.one_of(st.binary(max_size=200), dgn_like(), mutated(), mutated())


# -- typed input for `dungeon play` ------------------------------------------------------


def table_lines(record_text: str) -> list[str]:
    """What a player at a table types for a recorded game: each move's dealt cards and
    actions, without the move number, the ':' and a carried card (which is not dealt
    again)."""
    out = []
    for line in record_text.split("\n"):
        if line.startswith("deal:"):
            out.append(line[len("deal:") :].strip())
        elif line[:1].isdigit():
            words = [w for w in line.split()[1:] if w != ":" and not (w.startswith("(") and w.endswith(")"))]
            out.append(" ".join(words))
    return out


@st.composite
def play_inputs(draw):
    """``(game, args, typed)``: a seeded game's decisions, or at a table its cards and
    decisions, as a player types them, often mutated."""
    from dungeon_cli.shell.sample import sample_game

    game = draw(st.sampled_from(registry.names()))
    seed = draw(st.integers(0, 5000))
    session, lines = sample_game(registry.get(game), seed)
    table = draw(st.integers(0, 2)) == 0
    if table:
        lines = table_lines(session.text())
    data = "\n".join(lines).encode("utf-8")
    if draw(st.integers(0, 3)):
        data = mutate(data, random.Random(draw(st.integers(0, 2**32))), draw(st.integers(1, 3)))
    typed = data.decode("utf-8", "replace")
    return game, (["--table"] if table else ["--seed", str(seed)]), typed


@st.composite
def cardset_texts(draw) -> bytes:
    """The shipped card set of Cassette Dungeons! after one to a few random edits."""
    from dungeon_cli.games.cassette_dungeons import loader

    base = loader.builtin_text("default").encode("utf-8")
    return mutate(base, random.Random(draw(st.integers(0, 2**32))), draw(st.integers(1, 6)))
