"""Every registered game as an OpenSpiel Python game (``pip install 'dungeon-cli[openspiel]'``).

``register()`` adds one game to ``pyspiel`` for each game of the registry, named
``dungeon_`` and the game's name with ``_`` for ``-`` (``dungeon_clear_the_dungeon``),
with parameters ``variant`` (``""``: the game's own rules), ``seed`` and ``seed_high``
(OpenSpiel's integers stop below 2**31, where half the daily seeds lie: the seed is
``seed_high * 2**31 + seed``, which ``load(game, seed=N)`` splits for any N):

- ``seed=-1`` (the default): chance is the game's own. A chance node lists every outcome
  still possible with its probability (``Chance.probabilities()``), as OpenSpiel's
  chance nodes do.
- ``seed=N``: the game dealt from seed N, exactly as ``dungeon play --seed N`` deals it
  (the engine's ``SeededDealer``): each chance node has one outcome, the seed's, with
  probability 1. The player still sees only what the rules show: the information state
  hides the deal, and ``resample_from_infostate`` deals the unseen cards afresh (a deal
  the player could be facing, drawn by the rules' ``State.resample``, which the resampled
  state plays on from; the seed is left behind). So any OpenSpiel loop over the
  game, a bot's or a random one, plays the seed's deal, and ``record(state)`` is a DGN
  record that ``dungeon verify --seed-check`` accepts.

The rest comes from the rules API alone, through ``encoding.py``: action ids, the
information state string and tensor (the observation, the same for both, since it is
all the player has seen), resampling (``State.resample``). One player (id 0), rewards at
the end: the return is the game's score (``Result.score``). OpenSpiel's ``GameInfo`` is
the game's own declared ``kit.core.GameInfo`` (``Game.info``): the score range as the
utility bounds, the longest game, the most distinct actions and chance outcomes.

Games and states pickle, deep-copy and serialise (``pyspiel.serialize_game_and_state``):
a game as its name and parameters, a state as its game and the actions that led to it,
played again when it is loaded, in any process that can import this module.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Optional

import numpy as np
import pyspiel

from .. import registry
from ..engine import MAX_EVENTS, Dealer, SeededDealer, Setup
from ..kit.core import AnyState, Draw, Phase
from ..services.session import Session
from . import encoding

PREFIX = "dungeon_"
HIGH = 2**31  # OpenSpiel's integer parameters hold less: a larger seed is split in two

_registered: dict[str, str] = {}  # OpenSpiel's name -> the game's


def short_name(game: str) -> str:
    """OpenSpiel's name for a game of the registry."""
    return PREFIX + game.replace("-", "_")


def register() -> list[str]:
    """Register every game of the registry with OpenSpiel (once each); their names."""
    for game in registry.names():
        name = short_name(game)
        if name in _registered:
            continue
        # A class per game, not a closure: OpenSpiel keeps the creator until the process
        # has ended, and a class (which refers to itself) is never freed under it, where a
        # closure would be freed without the interpreter and abort the process's exit.
        creator = type(_class_name(game), (DungeonGame,), {"GAME": game, "__module__": __name__})
        globals()[creator.__name__] = creator  # found by name: pickle and copy.deepcopy
        pyspiel.register_game(_game_type(game), creator)
        _registered[name] = game
    return [short_name(game) for game in registry.names()]


def _class_name(game: str) -> str:
    return "DungeonGame_" + game.replace("-", "_")


def __getattr__(name: str) -> Any:
    """A game's class, for a process that unpickles a game or state before registering:
    registering makes it."""
    if name.startswith("DungeonGame_"):
        register()
        if name in globals():
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load(game: str, variant: Optional[str] = None, seed: Optional[int] = None) -> "DungeonGame":
    """``pyspiel.load_game`` of a game of the registry, registering it first."""
    register()
    params: dict[str, Any] = {}
    if variant:
        params["variant"] = variant
    if seed is not None:
        if seed < 0:
            raise ValueError(f"seed {seed}: a seed is a whole number, 0 or more")
        params["seed"] = seed % HIGH
        if seed >= HIGH:
            params["seed_high"] = seed // HIGH
    loaded: DungeonGame = pyspiel.load_game(short_name(game), params)
    return loaded


def _game_type(game: str) -> Any:
    module = registry.get(game)
    title = module.game.title
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"dungeon: {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if module.game.info().perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=1,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": "", "seed": -1, "seed_high": 0},
    )


class DungeonGame(pyspiel.Game):
    """One game of the registry (``GAME``, set by ``register``), one variant, seeded or not."""

    GAME: str

    def __init__(self, params: dict[str, Any]):
        game = self.GAME
        seed, high = int(params.get("seed", -1)), int(params.get("seed_high", 0))
        if high < 0 or (high and seed < 0):
            raise ValueError(f"seed_high {high} with seed {seed}: both are 0 or more (the seed is seed_high * 2**31 + seed)")
        self.setup = Setup(game, str(params.get("variant", "")) or None, seed=high * HIGH + seed if seed >= 0 else None)
        declared = self.setup.module.game.info(self.setup.variant, self.setup.options)
        self.declared = declared
        info = pyspiel.GameInfo(
            num_distinct_actions=min(declared.num_distinct_actions, encoding.MAX_ACTIONS),
            max_chance_outcomes=min(declared.max_chance_outcomes, encoding.MAX_ACTIONS),
            num_players=1,
            min_utility=float(declared.min_score),
            max_utility=float(declared.max_score),
            utility_sum=None,
            max_game_length=min(declared.max_game_length, MAX_EVENTS),
        )
        super().__init__(_game_type(game), info, params)
        seeded = SeededDealer(self.setup.seed) if self.setup.seed is not None else None
        self.start = _Node(self, (seeded or Dealer()).start(self.setup), seeded, ())

    def new_initial_state(self) -> "SpielState":
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and parameters: loaded again, in any process."""
        return (_load_named, (self.GAME, dict(self.get_parameters())))

    def __deepcopy__(self, memo: dict[int, Any]) -> "DungeonGame":
        return self  # a game never changes (OpenSpiel shares one among its states)


def _load_named(game: str, params: dict[str, Any]) -> DungeonGame:
    register()
    loaded: DungeonGame = pyspiel.load_game(short_name(game), params)
    return loaded


# A game's events so far as a chain: () at the start, else (earlier events, action).
Events = tuple[Any, ...]


class _Node:
    """Where one OpenSpiel state stands: the core's state, the seed's dealer as it
    stands there (None: chance is the game's own) and the events that led there (None
    for a resampled state, which has no record). Never changed once made, so the copy
    OpenSpiel makes of a state on ``clone()`` shares it."""

    __slots__ = ("game", "state", "dealer", "events", "_dealt", "_seen", "_tensor")

    def __init__(self, game: DungeonGame, state: AnyState, dealer: Optional[SeededDealer], events: Optional[Events]):
        self.game = game
        self.state = state
        self.dealer = dealer
        self.events = events  # (earlier events, action) pairs, or () at the start
        self._dealt: Optional[tuple[Hashable, SeededDealer]] = None
        self._seen: Optional[str] = None
        self._tensor: Any = None

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Node":
        return self

    def dealt(self) -> tuple[Hashable, SeededDealer]:
        """The seed's outcome here, and the dealer after dealing it."""
        if self._dealt is None:
            assert self.dealer is not None
            dealer = self.dealer.fork()
            outcome = dealer.outcome(self.state)
            assert outcome is not None
            self._dealt = (outcome, dealer)
        return self._dealt

    def seen(self) -> str:
        if self._seen is None:
            self._seen = encoding.observation_text(self.state)
        return self._seen

    def tensor(self) -> Any:
        if self._tensor is None:
            self._tensor = encoding.observation_tensor(self.state)
            self._tensor.flags.writeable = False
        return self._tensor

    def after(self, action: Any, dealer: Optional[SeededDealer]) -> "_Node":
        events = None if self.events is None else (self.events, action)
        return _Node(self.game, self.state.apply(action), dealer, events)


class SpielState(pyspiel.State):
    def __init__(self, game: DungeonGame):
        super().__init__(game)
        self._node = game.start

    @property
    def core(self) -> AnyState:
        """The rules core's state."""
        return self._node.state

    def current_player(self) -> int:
        phase = self._node.state.phase
        if phase is Phase.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if phase is Phase.OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        return 0

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        return list(range(len(encoding.decisions(node.state, node.game.declared.num_distinct_actions))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._node
        chance = node.state.chance()
        if node.dealer is not None and chance.known is None:
            return [(encoding.outcome_id(chance, node.dealt()[0]), 1.0)]
        return [(i, float(p)) for i, _, p in encoding.outcomes(chance)]

    def _apply_action(self, action: int) -> None:
        node = self._node
        state = node.state
        if state.phase is Phase.CHANCE:
            chance = state.chance()
            if not 0 <= action < len(chance.outcomes):
                raise ValueError(f"{chance.what}: no outcome has id {action}")
            outcome = chance.outcomes[action]
            if chance.known is not None and outcome != chance.known:
                raise ValueError(f"{chance.what} is {chance.known} here, not {outcome}")
            dealer = node.dealer
            if dealer is not None and chance.known is None:
                wanted, dealer = node.dealt()
                if outcome != wanted:
                    raise ValueError(f"the seed deals {wanted} here, not {outcome}")
            self._node = node.after(Draw(outcome), dealer)
        else:
            self._node = node.after(encoding.decision(state, action), node.dealer)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._node.state
        notation = self._node.game.setup.module.notation
        try:
            if state.phase is Phase.CHANCE:
                return notation.format_outcome(state.chance().outcomes[action])
            return notation.action_text(state, encoding.decision(state, action))
        except (IndexError, ValueError):
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._node.state.phase is Phase.OVER

    def returns(self) -> list[float]:
        result = self._node.state.result()
        return [float(result.score) if result is not None else 0.0]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "SpielState":
        """OpenSpiel's resampling: a generator seeded from the sampler's draw."""
        return self.resample(random.Random(int(probability_sampler() * 2**53)))

    def resample(self, rng: random.Random) -> "SpielState":
        """A state the player cannot tell from this one, drawn with ``rng`` by the rules
        (``State.resample``); it plays on from that deal, not the seed's, and has no record."""
        node = self._node
        new = SpielState(node.game)
        new._node = _Node(node.game, node.state.resample(rng), None, None)
        return new

    def information_state_string(self, player: Optional[int] = None) -> str:
        return self._node.seen()

    def observation_string(self, player: Optional[int] = None) -> str:
        return self._node.seen()

    def __str__(self) -> str:
        node = self._node
        return str(node.game.setup.module.render(node.state))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and the actions that led here, played again when loaded;
        a resampled state (no actions led to it) as its game and its rules state."""
        node = self._node
        if node.events is None:
            return (_resampled, (node.game, node.state))
        return (_replayed, (node.game, self.history()))

    def __deepcopy__(self, memo: dict[int, Any]) -> "SpielState":
        copied: SpielState = self.clone()  # OpenSpiel's own copy: its history, this node
        return copied


def _replayed(game: DungeonGame, actions: list[int]) -> SpielState:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def _resampled(game: DungeonGame, core: AnyState) -> SpielState:
    state = game.new_initial_state()
    state._node = _Node(game, core, None, None)
    return state


class _Observer:
    """What the player has seen, as OpenSpiel's observers give it: the text and the
    tensor of ``encoding`` (``TENSOR_SIZE`` values), one for the observation and the
    information state alike, since a state's observation is all the player has seen."""

    def __init__(self) -> None:
        self.tensor = np.zeros(encoding.TENSOR_SIZE, dtype=np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor[:] = state._node.tensor()

    def string_from(self, state: SpielState, player: int) -> str:
        return state.information_state_string(player)


def record(state: SpielState) -> str:
    """The DGN record of the game that led to ``state`` (its finished turns), written by
    the tool's own session: seeded games carry their Seed tag, and every card the seed
    dealt is checked against it as the record is made."""
    events = state._node.events
    if events is None:
        raise ValueError("a resampled state has no record: it was dealt, not played")
    actions: list[Any] = []
    while events:
        events, action = events
        actions.append(action)
    setup = state._node.game.setup
    session = Session(setup, dealer=SeededDealer(setup.seed) if setup.seed is not None else Dealer())
    for action in reversed(actions):
        session.apply(action)
    return session.text()
