"""What a game brings besides its rules: how its moves are written, how it looks, and
the plug-ins that play, solve and check it.

A game module is three parts that never mix: ``rules`` (a ``core.Game``, pure), the
``Notation`` below (DGN tokens <-> actions of that game, and its checkpoint values), and
a renderer (a state as text for a terminal). ``GameModule`` bundles them with the game's
plug-ins (bots, playouts, solver hooks, extra commands), so that the registry's one line
per game is all any other part of the tool needs to find them.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from contextlib import contextmanager
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Generator,
    Generic,
    Hashable,
    Iterator,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    TypeVar,
    Union,
)

from notation import Record, Tag, Token

from .cards import CARDS
from .core import AnyState, Draw, Game, Illegal, Phase, mypyc_attr

if TYPE_CHECKING:
    from .position import Values

# A game's state and action types: the parameters of its notation and module, so that a
# game's own code receives its own states (``ScoundrelState``), not the base class.
S = TypeVar("S", bound=AnyState)
S_co = TypeVar("S_co", bound=AnyState, covariant=True)
A = TypeVar("A")

# Where an action came from: one token, or several keyed by the part of the action they
# wrote (``Illegal.where``), with the key None for the token to blame by default.
Source = Union[Token, Mapping[Optional[str], Token]]
Step = tuple[Source, Any]


# Directories where a record's rule tags may name files (a card set). A record is
# someone else's file: it never chooses what is read. By default, each record's own
# directory and the project's ``card-sets`` ([tool.dungeon]); the command line's
# ``--cards-path DIR`` names them instead, for the length of one command.
_record_file_dirs: Optional[tuple[str, ...]] = None
_project_file_dirs: tuple[str, ...] = ()


def record_file_roots(record_dir: str) -> tuple[str, ...]:
    """Where a file named by a record read from ``record_dir`` may be looked up."""
    if _record_file_dirs is not None:
        return _record_file_dirs
    return (record_dir, *_project_file_dirs)


def use_project_file_dirs(dirs: Sequence[str]) -> None:
    """The project's card-set directories, from its settings."""
    global _project_file_dirs
    _project_file_dirs = tuple(dirs)


@contextmanager
def record_files_under(dirs: Sequence[str]) -> Generator[None, None, None]:
    """Within, a file a record names is looked up under ``dirs`` only."""
    global _record_file_dirs
    before, _record_file_dirs = _record_file_dirs, tuple(dirs)
    try:
        yield
    finally:
        _record_file_dirs = before


class Cursor(Protocol[S_co]):
    """Where replay stands, for readers that need context (a carried card): the
    engine's ``Walk`` is one."""

    @property
    def state(self) -> S_co: ...


class At(Generic[S]):
    """A state alone, as a cursor (a reader tried on one state, outside any walk)."""

    def __init__(self, state: S):
        self.state = state


@mypyc_attr(allow_interpreted_subclasses=True)
class Misread(Illegal):
    """A token the game cannot read here; ``token`` None means "where a token is missing"."""

    def __init__(self, token: Optional[Token], message: str):
        super().__init__(message)
        self.token = token


@mypyc_attr(allow_interpreted_subclasses=True)
class TagProblem(Exception):
    def __init__(self, tag: Tag, message: str, at_value: bool = True):
        super().__init__(message)
        self.tag = tag
        self.message = message
        self.at_value = at_value


class TurnLog(Generic[S]):
    """What happened in one turn, for writing it: the state it began in and each
    ``(state before, action)`` in order, chance draws included."""

    __slots__ = ("start", "events")

    def __init__(self, start: S, events: Sequence[tuple[S, Any]]):
        self.start = start
        self.events = events


@mypyc_attr(allow_interpreted_subclasses=True)  # the suite's toy game's is pure Python
class Notation(ABC, Generic[S, A]):
    """The game's words: reading tokens into actions and writing actions as tokens.
    Generic over the game's state and action types (``S``, ``A``)."""

    def options(self, record: Record) -> dict[str, Any]:
        """Options the record's tags set (e.g. a number of decks); TagProblem if bad."""
        return {}

    def read_deal(self, cursor: Cursor[S], tokens: Sequence[Token]) -> Iterator[Step]:
        """The ``deal:`` line: by default every token is a card drawn at the setup (turn
        0, chance to play). A card past the setup is refused, not taken as the first
        move's: a game that deals nothing before move 1 has no ``deal:`` line at all."""
        for index, token in enumerate(tokens):
            state = cursor.state
            if state.turn != 0 or state.phase is not Phase.CHANCE:
                if index == 0:
                    raise Misread(token, "this game has no deal: line: nothing is dealt before move 1")
                raise Misread(
                    token, f"the deal: line holds the setup's {index} card{'s' if index != 1 else ''}: this card is one too many"
                )
            yield token, Draw(self.outcome(token))

    @abstractmethod
    def read_dealt(self, cursor: Cursor[S], tokens: Sequence[Token]) -> Iterator[Step]:
        """DEALT of a move line."""

    @abstractmethod
    def read_actions(self, cursor: Cursor[S], tokens: Sequence[Token]) -> Iterator[Step]:
        """ACTIONS of a move line."""

    def outcome(self, token: Token) -> Any:
        """The chance outcome a token writes (a card by default)."""
        card = CARDS.get(token.text)
        if card is None:
            raise Misread(token, f"'{token.raw or token.text}' is not a card")
        return card

    # -- positions (NOTATION.md section 9; kit/position.py) ---------------------------

    # The keys of a Position of this game, in the order they are written (its rules page
    # lists them with their spelling); empty: the game has no positions.
    position_keys: tuple[str, ...] = ()

    def write_position(self, state: S) -> list[tuple[str, str]]:
        """The whole of ``state`` as a Position's words, in ``position_keys`` order:
        enough to go on from it without any earlier move."""
        raise NotImplementedError(f"{type(self).__name__} writes no positions")

    def read_position(self, values: "Values", start: S) -> S:
        """The state a Position's words give; ``start`` is the state the record's setup
        starts from (its variant and options). ``PositionProblem`` (kit/position.py) at
        the key and character where a value goes wrong, for a card accounted for too
        often or not at all, and for a state the rules cannot reach."""
        raise NotImplementedError(f"{type(self).__name__} reads no positions")

    def check_token(self, section: str, token: Token) -> Optional[str]:
        """Why a token cannot be one of this game's words in ``section`` ("deal",
        "dealt" or "actions"), or None. Checked for every token before replay, so that
        every such error in a record is reported, not only the first."""
        return None

    def write_turn(self, log: TurnLog[S]) -> tuple[list[str], list[str]]:
        """DEALT and ACTIONS tokens of one turn. By default what every game writes alike:
        the draws before the turn's first decision are its DEALT, a draw after it is
        ``^card`` among the actions (a card turned up mid-turn), and each decision is its
        ``action_text``. A game whose DEALT shows more (Scoundrel's carried card) or whose
        mid-turn draws are told apart otherwise writes its own."""
        dealt: list[str] = []
        actions: list[str] = []
        decided = False
        for before, action in log.events:
            if isinstance(action, Draw):
                text = self.format_outcome(action.outcome)
                if decided:
                    actions.append(f"^{text}")
                else:
                    dealt.append(text)
            else:
                decided = True
                actions.extend(self.action_text(before, action).split())
        return dealt, actions

    def write_deal(self, log: TurnLog[S]) -> list[str]:
        return [self.format_outcome(action.outcome) for _, action in log.events]

    def format_outcome(self, outcome: Any) -> str:
        return str(outcome)

    @abstractmethod
    def action_text(self, state: S, action: A) -> str:
        """The token(s) that write a player action in ``state`` (for completion and play)."""

    def score_words(self, state: S) -> str:
        """How the score of a finished game was made, in a player's words ("the health
        left", "health -3 less 29 for the monsters not resolved"), said at the end of
        ``play``; "" (the default): the game does not say."""
        return ""

    def describe(self, state: S, action: A) -> str:
        """A few words on what an action does, shown beside its completion."""
        return ""

    def tell_action(self, state: S, action: A) -> str:
        """A decision as a finished turn's words (``tell``) say it: ``describe``'s words by
        default. A game whose ``describe`` speaks of a draw still to come says less here,
        where the draw that came is told after it (Clear the Dungeon's kill)."""
        return self.describe(state, action)

    def drawn_text(self, state: S, outcome: Any) -> str:
        """An outcome as ``tell`` shows it (which die rolled it, where that matters)."""
        return self.format_outcome(outcome)

    def alike(self, state: S, action: A) -> Optional[tuple[Hashable, Any]]:
        """``(key, rank)`` for actions that do the same thing written differently (a
        joker's value, which card is the trigger): ``help`` lists one line a key, the
        action of least rank, and says how many more there are. None (the default): the
        action is a choice of its own. Completion still offers every one."""
        return None

    def runs(self, state: S) -> list[list[A]]:
        """Actions a player takes in a row, each forced by the one before (every penalty
        of a room this turn), offered by completion and ``help`` as one line to type. Each run is
        legal from ``state`` action after action, with no chance between them."""
        return []

    def tell(self, log: TurnLog[S], after: S) -> str:
        """What a finished turn did, in words: said at the prompt of ``play`` after the
        turn and beside its move in a replay, so that what chance and the rules did is
        never only a board that changed. By default each decision as ``tell_action`` puts
        it, and the draws from one pile in a row together, in the sentence the rules give
        them (``Chance.told``: "dealt 9♥ Q♠ 7♦ into the room", a sentence for one draw and
        one for several), else named as the rules name the draw (or by the pile, when
        the draws are named each its own way); a game whose
        rules do more for the player (a fight fought for you) tells it in its own words."""
        parts: list[str] = []
        pile = ""
        whats: list[str] = []
        drawn: list[str] = []
        told: Optional[tuple[str, str]] = None

        def draws() -> None:
            if drawn:
                cards = " ".join(drawn)
                if told is not None:
                    parts.append((told[0] if len(drawn) == 1 else told[1]).format(cards=cards))
                else:
                    label = whats[0] if len(set(whats)) == 1 else f"from the {pile} pile"
                    parts.append(f"{label}: {cards}")
                whats.clear()
                drawn.clear()

        for before, action in log.events:
            if isinstance(action, Draw):
                chance = before.chance()
                if chance.pile != pile or chance.told != told:
                    draws()
                pile, told = chance.pile, chance.told
                whats.append(chance.what)
                drawn.append(self.drawn_text(before, action.outcome))
                continue
            draws()
            pile = ""
            parts.append(self.tell_action(before, action) or self.action_text(before, action))
        draws()
        return "; ".join(parts)

    def checkpoint(self, state: S) -> dict[str, str]:
        """The full checkpoint of a state, as DGN text values."""
        return {k: format_value(v) for k, v in state.checkpoint().items()}


def format_value(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return "/".join(format_value(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class GameModule(Generic[S, A]):
    """A game as the tool uses it: rules core, DGN words, board render, rules summary,
    and the plug-ins the tool finds through the registry. Generic over the game's state
    and action types: the registry hands out ``GameModule[Any, Any]`` (a game of any
    kind), a game's own code holds its own, typed.

    Plug-ins are named as ``"module:attribute"`` paths, not imported objects: a game's
    bots, solver and commands load only when a command asks for them, so ``dungeon
    verify`` never pays for a search or a bot. Optional hooks are keyword arguments with
    defaults, so adding one never touches the games that do not need it.

    - ``bots``: bot name -> ``"module:Class"`` (a ``bots.Bot``); ``random`` plays every
      game and is not listed here.
    - ``playouts``: bot name -> ``"module:function"`` (see ``dungeon_cli.bots.playouts``).
    - ``batch_playouts``: bot name -> ``"module:function"``, many games at once (the same).
    - ``solver``: the module of the game's solver hooks (see ``dungeon_cli.solver``).
    - ``commands``: command name -> ``"module:command"``, a click command the game adds
      to ``dungeon`` (Cassette Dungeons' ``cards``).
    - ``data``: glob patterns, relative to the game's package, of the files it reads at
      run time; they must be shipped as package data (a test holds pyproject.toml to it).
    - ``web``: ``"module:function"``, ``function(state, defs)``: the board as HTML for
      ``replay --html``, ``defs`` a ``kit.htmlkit.Defs`` for drawings the page holds
      once; without it the page shows the text render.
    - ``pages``: file names, in the game's package, of its full rules pages.
    """

    def __init__(
        self,
        game: Game[S],
        notation: Notation[S, A],
        render: Callable[[S], str],  # a board of the game's own states
        rules_text: str = "",
        figures: Optional[Callable[[S], Mapping[str, Any]]] = None,
        bots: Optional[Mapping[str, str]] = None,
        playouts: Optional[Mapping[str, str]] = None,
        batch_playouts: Optional[Mapping[str, str]] = None,
        solver: Optional[str] = None,
        commands: Optional[Mapping[str, str]] = None,
        data: tuple[str, ...] = (),
        web: Optional[str] = None,
        pages: tuple[str, ...] = (),
    ):
        self.game = game
        self.notation = notation
        self.render = render
        self.rules_text = rules_text
        # The few numbers that tell how a game went (health left, monsters slain...), by
        # name in display order, for ``dungeon summary``; None: the game names none.
        self.figures = figures
        self.bots: Mapping[str, str] = dict(bots or {})
        self.playouts: Mapping[str, str] = dict(playouts or {})
        self.batch_playouts: Mapping[str, str] = dict(batch_playouts or {})
        self.solver = solver
        self.commands: Mapping[str, str] = dict(commands or {})
        self.data = data
        self.web = web
        # Its full rules pages, files of its package (package data): what ``dungeon
        # rules GAME --full`` prints, one after the other (an installed wheel has no docs/).
        self.pages = pages

    def playout_bot(self) -> Any:
        """A new instance of the game's fastest bot, to play positions out (the search
        every game has, the search of a whole deal, analyse's hindsight, a turn played
        to its end): its ``greedy`` bot where it names one, else the random one. The one
        lookup of it: a game's bots are optional (the suite plays its own game with
        none of them)."""
        return load(self.bots.get("greedy") or "dungeon_cli.bots.uniform:RandomBot")()

    def full_page(self) -> Optional[str]:
        """The game's full rules pages as one text, or None when it ships none."""
        if not self.pages:
            return None
        from importlib import resources

        package = resources.files(type(self.game).__module__.rpartition(".")[0])
        return "\n\n".join(package.joinpath(name).read_text(encoding="utf-8").rstrip() for name in self.pages)


def load(path: str) -> Any:
    """The object a ``"module:attribute"`` plug-in path names (imported now)."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
