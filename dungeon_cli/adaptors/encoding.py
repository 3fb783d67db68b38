"""One integer encoding of every game's actions, and one text of what the player has
seen, shared by the OpenSpiel and Gymnasium adaptors.

Both libraries want actions as integers below a fixed bound, where a rules core hands out
Python values. The id of a decision is its position in ``State.legal_actions()``; the id
of a chance outcome is its position in ``Chance.outcomes``. Both lists are in an order
the core fixes from the state alone, so an id names the same action of the same state in
every process and every run, whatever the hash seed (a test plays one game under two).
Ids are dense (``0 .. n-1``, what OpenSpiel's sorted legal actions and a Gymnasium mask
need) and bounded by ``MAX_ACTIONS`` for every game: no game has a list that long (the
longest seen in random play is Clear the Dungeon's reserve variant, under 200 attacks),
and a state that had one would be refused with ``TooManyActions``, never truncated.

The observation (``State.observation()``, hashable) becomes text with sets in sorted
order and only ASCII, so two observations are equal exactly when their texts are: the
information state string of OpenSpiel and the observation of the Gymnasium environment.

It also becomes a tensor, for a network (a DQN's, a PPO's) that wants numbers of one
shape: ``observation_tensor``, ``TENSOR_SIZE`` float32 values for every game, made by
feature hashing (Weinberger et al., 2009) of the observation's structure, so no game
writes an encoder of its own. Each leaf of the observation is a feature named by its
path (``/3/0`` is the first item of the fourth field) and, for a value that is not a
number, the value itself (``/3/0=7c``); a member of a set is named by its path and its
canonical text, never by a position. A number adds its value to its feature's slot, a
card, word or set member adds 1, and the slot is ``crc32(name) % TENSOR_SIZE``. Equal
observations give equal tensors (the sums are of whole numbers, in any order); two
features may share a slot (about one in a few hundred with the largest observations),
which a network sees as one. Every value is clipped to ``[-TENSOR_BOUND, TENSOR_BOUND]``,
far above any count or score of these games.
"""

from __future__ import annotations

import dataclasses
import enum
import zlib
from fractions import Fraction
from typing import Any, Hashable, Iterator, Mapping, Sequence

import numpy as np

from ..kit.core import AnyState, Chance, Frozen, fields_of

# Room for every game: the encoding's one bound (OpenSpiel's num_distinct_actions and
# max_chance_outcomes, the size of Gymnasium's Discrete space and of its mask).
MAX_ACTIONS = 1024


class TooManyActions(ValueError):
    """A state with more choices (or chance outcomes) than the encoding has ids."""


# The observation tensor's length, for every game, and the bound of its values.
TENSOR_SIZE = 2048
TENSOR_BOUND = 1024.0


def decisions(state: AnyState, limit: int = MAX_ACTIONS) -> Sequence[Any]:
    """The player's legal actions, id ``i`` at index ``i``; at most ``limit`` (the game's
    declared ``GameInfo.num_distinct_actions``), else TooManyActions."""
    actions = state.legal_actions()
    if len(actions) > limit:
        raise TooManyActions(f"{len(actions)} legal actions: the game declares at most {limit}")
    return actions


def decision(state: AnyState, action_id: int) -> Any:
    """The legal action with id ``action_id`` (IndexError if there is none)."""
    actions = decisions(state)
    if not 0 <= action_id < len(actions):
        raise IndexError(f"action {action_id} is not legal here: ids 0 to {len(actions) - 1} are")
    return actions[action_id]


def outcomes(chance: Chance) -> list[tuple[int, Hashable, Fraction]]:
    """Each chance outcome still possible, as (id, outcome, probability), ids ascending.
    A known outcome (a seeded deck, a card put under a pile) is the only one, at its id."""
    if len(chance.outcomes) > MAX_ACTIONS:
        raise TooManyActions(f"{len(chance.outcomes)} chance outcomes: the encoding has ids for {MAX_ACTIONS}")
    if chance.known is not None:
        return [(outcome_id(chance, chance.known), chance.known, Fraction(1))]
    index = {outcome: i for i, outcome in enumerate(chance.outcomes)}
    return [(index[outcome], outcome, p) for outcome, p in chance.probabilities()]


def outcome_id(chance: Chance, outcome: Hashable) -> int:
    try:
        return chance.outcomes.index(outcome)
    except ValueError:
        raise ValueError(f"{outcome!r} is not an outcome of {chance.what}") from None


def observation_text(state: AnyState) -> str:
    """What the player has seen, as text equal for equal observations."""
    return _text(state.observation())


def observation_tensor(state: AnyState) -> np.ndarray:
    """What the player has seen, as ``TENSOR_SIZE`` float32 values (the module's doc):
    equal for equal observations."""
    tensor = np.zeros(TENSOR_SIZE, dtype=np.float32)
    for name, value in _features(state.observation(), ""):
        tensor[zlib.crc32(name.encode("ascii")) % TENSOR_SIZE] += value
    np.clip(tensor, -TENSOR_BOUND, TENSOR_BOUND, out=tensor)
    return tensor


def _features(value: Any, path: str) -> Iterator[tuple[str, float]]:
    """Each leaf of an observation: (feature name, value)."""
    if value is None:
        return
    if isinstance(value, bool):
        yield path + "?", float(value)
    elif isinstance(value, (int, float, Fraction)) and not isinstance(value, enum.Enum):
        yield path + "#", float(value)
    elif isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            yield from _features(item, f"{path}/{index}")
    elif isinstance(value, (frozenset, set)):
        for member in value:
            yield f"{path}/*={_text(member)}", 1.0
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _features(item, f"{path}/{_text(key)}")
    elif _has_fields(value):
        for name, item in _named_fields(value):
            yield from _features(item, f"{path}/{name}")
    else:
        yield f"{path}={_text(value)}", 1.0


def _has_fields(value: Any) -> bool:
    """A game's value (kit.core.Frozen) or a dataclass instance."""
    return isinstance(value, Frozen) or (dataclasses.is_dataclass(value) and not isinstance(value, type))


def _named_fields(value: Any) -> tuple[tuple[str, Any], ...]:
    if isinstance(value, Frozen):
        return fields_of(value)
    return tuple((field.name, getattr(value, field.name)) for field in dataclasses.fields(value))


def _text(value: Any) -> str:
    if _has_fields(value):
        fields = ", ".join(f"{name}={_text(item)}" for name, item in _named_fields(value))  # sets sorted
        return f"{type(value).__name__}({fields})"
    if isinstance(value, (tuple, list)):
        inner = ", ".join(_text(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, (frozenset, set)):
        return "{" + ", ".join(sorted(_text(v) for v in value)) + "}"
    if isinstance(value, Mapping):
        return "{" + ", ".join(sorted(f"{_text(k)}: {_text(v)}" for k, v in value.items())) + "}"
    text = ascii(value)
    if " object at 0x" in text:  # a default repr: two equal values would differ
        raise TypeError(f"an observation holds {type(value).__name__}, which has no repr of its value")
    return text
