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

- Action: ``Discrete(MAX_ACTIONS)``, the shared encoding (``encoding.py``): id ``i`` is
  the ``i``-th legal action. ``info["action_mask"]`` (int8, 1 for a legal id, as
  Gymnasium's own environments give it) and ``action_masks()`` say which ids are legal.
  An id the mask forbids changes nothing: the same observation, reward 0, and
  ``info["illegal"]`` True.
- Observation: what the player has seen (``State.observation()``) as ASCII text, equal
  for two positions the player cannot tell apart.
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


class DungeonEnv(gymnasium.Env[str, np.int64]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # a board a move, as fast as it is asked

    def __init__(self, game: str, variant: Optional[str] = None, render_mode: Optional[str] = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the modes are {self.metadata['render_modes']}")
        self.setup = Setup(game, variant)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(encoding.MAX_ACTIONS)
        self.observation_space = spaces.Text(max_length=OBSERVATION_LENGTH, charset=ASCII)
        self.session: Optional[Session] = None

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> tuple[str, dict[str, Any]]:
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(2**31))
        self.session = Session(self.setup.replace(seed=deal), dealer=SeededDealer(deal))
        self.session.deal()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[str, float, bool, bool, dict[str, Any]]:
        session = self._session()
        state = session.state
        actions = encoding.decisions(state)
        if state.is_over or not 0 <= int(action) < len(actions):
            return self._observation(), 0.0, state.is_over, False, self._info(illegal=True)
        session.apply(actions[int(action)])
        session.deal()
        result = session.state.result()
        reward = float(result.score) if result is not None else 0.0
        return self._observation(), reward, result is not None, False, self._info()

    def action_masks(self) -> np.ndarray:
        """1 for each legal action id, 0 for the others."""
        mask = np.zeros(encoding.MAX_ACTIONS, dtype=np.int8)
        state = self._session().state
        if not state.is_over:
            mask[: len(encoding.decisions(state))] = 1
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

    def _observation(self) -> str:
        text = encoding.observation_text(self._session().state)
        if len(text) > OBSERVATION_LENGTH:
            raise ValueError(f"an observation of {len(text)} characters: the space holds {OBSERVATION_LENGTH}")
        return text

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        result = self._session().state.result()
        return {"action_mask": self.action_masks(), "illegal": illegal, "won": bool(result and result.won)}


register()
