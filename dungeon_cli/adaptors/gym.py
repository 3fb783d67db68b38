"""Every game and variant as a Gymnasium environment (``pip install 'dungeon-cli[gym]'``).

Importing this module registers ``dungeon/GAME-v0`` for each game of the registry and
``dungeon/GAME-VARIANT-v0`` for each of its variants, so
``gymnasium.make("dungeon_cli.adaptors.gym:dungeon/scoundrel-v0")`` needs no other line.

An episode is one game, walked by the tool's own ``Session`` and dealt by the seed as
``dungeon play GAME --seed N`` deals it: ``reset(seed=N)`` deals seed N (without a seed,
the deal's seed is drawn from the environment's generator), and the actions an episode
took give the record ``dungeon play --seed N`` writes when fed the same moves
(``record()``). Chance is the dealer's, never the agent's: a step is one decision, and
every card or die that follows it is dealt before the step returns.

- Action: ``Discrete(N)``, N the game's declared ``GameInfo.num_distinct_actions``, the
  shared encoding (``encoding.py``): id ``i`` is the ``i``-th legal action.
  ``info["action_mask"]`` (int8, 1 for a legal id, as Gymnasium's own environments give
  it) and ``action_masks()`` say which ids are legal. An id the mask forbids, and
  anything that is not a whole number (``1.5``, ``True``, ``"1"``), changes nothing:
  the same observation, reward 0, and ``info["illegal"]`` True.
- Observation: what the player has seen (``State.observation()``), equal for two
  positions the player cannot tell apart: ASCII text, or with ``observation="tensor"``
  (``gymnasium.make(id, observation="tensor")``) ``encoding.observation_tensor``, a
  ``Box`` of ``TENSOR_SIZE`` float32 values, what a DQN or PPO takes as it is.
- Reward: the game's score (``Result.score``) when the game ends, 0 before;
  ``info["won"]`` says how it ended. ``render_mode="ansi"`` gives the board as text.
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import registry
from ..engine import SeededDealer, Setup
from ..services.session import Session
from . import encoding

NAMESPACE = "dungeon"
OBSERVATION_LENGTH = 1 << 16  # the longest observation seen in random play is under 2,000 characters
ASCII = "".join(chr(c) for c in range(32, 127))


def env_id(game: str, variant: Optional[str] = None) -> str:
    return f"{NAMESPACE}/{game}-{variant}-v0" if variant else f"{NAMESPACE}/{game}-v0"


def register() -> list[str]:
    """Register every game and variant of the registry (once each); their ids."""
    ids = []
    for game in registry.names():
        for variant in [None, *registry.get(game).game.variants]:
            name = env_id(game, variant)
            if name not in gymnasium.registry:
                gymnasium.register(id=name, entry_point=f"{__name__}:DungeonEnv", kwargs={"game": game, "variant": variant})
            ids.append(name)
    return ids


class DungeonEnv(gymnasium.Env[Any, np.int64]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # a board a move, as fast as it is asked

    def __init__(self, game: str, variant: Optional[str] = None, render_mode: Optional[str] = None, observation: str = "text"):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the modes are {self.metadata['render_modes']}")
        if observation not in ("text", "tensor"):
            raise ValueError(f"observation {observation!r}: 'text' or 'tensor'")
        self.setup = Setup(game, variant)
        self.render_mode = render_mode
        self.tensor = observation == "tensor"
        self.declared = self.setup.module.game.info(variant, self.setup.options)
        self.actions = min(self.declared.num_distinct_actions, encoding.MAX_ACTIONS)
        self.action_space = spaces.Discrete(self.actions)
        bound = encoding.TENSOR_BOUND
        self.observation_space: spaces.Space[Any] = (
            spaces.Box(-bound, bound, (encoding.TENSOR_SIZE,), np.float32)
            if self.tensor
            else spaces.Text(max_length=OBSERVATION_LENGTH, charset=ASCII)
        )
        self.session: Optional[Session] = None

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(2**31))
        self.session = Session(self.setup.replace(seed=deal), dealer=SeededDealer(deal))
        self.session.deal()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        session = self._session()
        state = session.state
        actions = encoding.decisions(state, self.actions)
        index = _whole(action)
        if state.is_over or index is None or not 0 <= index < len(actions):
            return self._observation(), 0.0, state.is_over, False, self._info(illegal=True)
        session.apply(actions[index])
        session.deal()
        result = session.state.result()
        reward = float(result.score) if result is not None else 0.0
        return self._observation(), reward, result is not None, False, self._info()

    def action_masks(self) -> np.ndarray:
        """1 for each legal action id, 0 for the others."""
        mask = np.zeros(self.actions, dtype=np.int8)
        state = self._session().state
        if not state.is_over:
            mask[: len(encoding.decisions(state, self.actions))] = 1
        return mask

    def record(self) -> str:
        """The episode's DGN record so far (its finished turns)."""
        return self._session().text()

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        state = self._session().state
        return str(self.setup.module.render(state))

    def _session(self) -> Session:
        if self.session is None:
            raise RuntimeError("reset() the environment before using it")
        return self.session

    def _observation(self) -> Any:
        if self.tensor:
            return encoding.observation_tensor(self._session().state)
        text = encoding.observation_text(self._session().state)
        if len(text) > OBSERVATION_LENGTH:
            raise ValueError(f"an observation of {len(text)} characters: the space holds {OBSERVATION_LENGTH}")
        return text

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        result = self._session().state.result()
        return {"action_mask": self.action_masks(), "illegal": illegal, "won": bool(result and result.won)}


def _whole(action: Any) -> Optional[int]:
    """``action`` as an action id if it is a whole number (a Python or NumPy integer, or
    a NumPy array holding one); None for anything else (a float, a bool, a string), which
    ``int()`` would have turned into some id."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    return None


register()
