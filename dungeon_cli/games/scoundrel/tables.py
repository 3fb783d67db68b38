"""The rules' arithmetic as lookup tables, for the loops of the playouts (playout.py,
batch_playouts.py), the solver's room model and the strong player: cards are ids, positions in ``CARDS`` as ``Scoundrel.deck()`` lists
them, and a table lookup costs less than a call. Built from the rules module's own
functions, so the rules have one source."""

from __future__ import annotations

from ...kit.shuffle import fisher_yates_steps
from .rules import CARDS, FRESH, MAX_HP, drink, fight, is_monster, is_weapon, may_strike, value

IDS = tuple(range(len(CARDS)))
ID = {card: i for i, card in enumerate(CARDS)}  # a card's id
MONSTER_KIND, WEAPON_KIND, POTION_KIND = 0, 1, 2
# Per card id: its kind, its value, and its value as a monster, as a weapon, as a potion
# (0 when it is not one).
KIND = tuple(MONSTER_KIND if is_monster(c) else WEAPON_KIND if is_weapon(c) else POTION_KIND for c in CARDS)
VALUE = tuple(value(c) for c in CARDS)
MONSTER = tuple(value(c) if is_monster(c) else 0 for c in CARDS)
WEAPON = tuple(value(c) if is_weapon(c) else 0 for c in CARDS)
POTION = tuple(0 if is_monster(c) or is_weapon(c) else value(c) for c in CARDS)
MONSTERS = sum(MONSTER)  # every monster's value, all of them unresolved at the start
# Health gained (a loss: negative) by fighting monster value m with weapon value w (0:
# bare-handed), and whether a weapon whose cap is c (``FRESH``: it has struck nothing)
# may strike card id, by variant (strict-weapon or not).
FIGHT = tuple(tuple(fight(0, m, w) for w in range(FRESH)) for m in range(FRESH))
MAY = {
    strict: tuple(tuple(bool(m) and may_strike(m, cap, strict) for m in MONSTER) for cap in range(FRESH + 1))
    for strict in (False, True)
}
# Health after drinking potion value p at health hp.
DRINK = tuple(tuple(drink(hp, p) for p in range(FRESH)) for hp in range(MAX_HP + 1))
SHUFFLE = fisher_yates_steps(len(CARDS))  # the documented shuffle's steps for the deck
