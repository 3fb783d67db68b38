"""A simple greedy player, to measure how hard a card set is
(``python -m dungeon_cli.bots.cassette_harness`` plays it hero by hero).

Its rules of thumb, one decision at a time:
roll every die that is not holding an enemy slot; put each rolled die where it saves
the most (a heavy penalty, a kill, a useful hero skill); heal when the heal is not
wasted or health is low; ward, strike or slay before a painful Suffer step; take the
path whose room looks kindest.
"""

from __future__ import annotations

from typing import Optional

from .cardset import DICE, Effect
from .rules import PLACE, ROLL, SUFFER, Action, CassetteState, ChooseHero, Discard, Go, Loot, Pick, Place, Suffer, Target, Use

USE_VALUE = {"heal": 1.0, "bump": 0.8, "strike": 1.5, "slay": 3.0, "ward": 2.0}


def penalty_weight(effect: Effect) -> float:
    if effect.kind == "hurt":
        return float(effect.amount)
    return 1.5 if effect.kind == "monster" else 1.0


def effect_value(effect: Effect) -> float:
    return USE_VALUE[effect.kind] * (effect.amount or 1)


class GreedyPlayer:
    def __init__(self, hero: Optional[str] = None):
        self.hero = hero

    def choose(self, state: CassetteState) -> Action:
        cards = state.cards
        if state.step == "setup":
            return ChooseHero(self.hero or next(iter(cards.heroes)))
        actions = state.legal_actions()
        if state.over_hand:
            discards = [a for a in actions if isinstance(a, Discard)]  # all of them, with a hand too full
            return min(discards, key=lambda a: effect_value(cards.use_effect(a.card)))
        use = self._use(state, actions)
        if use is not None:
            return use
        if state.step == ROLL and state.foes:
            pick = self._pick(state)
            if pick is not None:
                return pick
        if state.step == PLACE:
            place = self._place(state, actions)
            if place is not None:
                return place
        later = [a for a in actions if isinstance(a, (Suffer, Loot, Go))]
        gos = [a for a in later if isinstance(a, Go)]
        if gos:
            return max(gos, key=lambda a: self._room_value(state, a.room))
        return later[0]

    # -- rolling and placing -----------------------------------------------------------------

    def _pick(self, state: CassetteState) -> Optional[Pick]:
        foes = {f.id for f in state.foes}
        free = [n for n, d in zip(DICE, state.dice) if d.where is None or d.where[0] not in foes]
        if free:
            return Pick(tuple(free))
        # every die holds an enemy slot: free the dice of the enemy furthest from defeat
        worst = max(state.foes, key=lambda f: len(f.empty()))
        lifted = tuple(n for n, d in zip(DICE, state.dice) if d.where and d.where[0] == worst.id)
        return Pick(lifted) if lifted else None

    def _place(self, state: CassetteState, actions: list[Action]) -> Optional[Place]:
        best, best_score = None, 0.0
        for action in actions:
            if not isinstance(action, Place):
                continue
            score = self._place_score(state, action)
            if score > best_score:
                best, best_score = action, score
        return best

    def _place_score(self, state: CassetteState, action: Place) -> float:
        cards = state.cards
        value = state.die(action.die).value
        index = action.slot - 1
        if action.card == state.hero:
            effect = cards.heroes[state.hero].slots[index].effect
            return self._effect_score(state, effect, action.target) - 0.2
        foe = state.foe(action.card)
        assert foe is not None and value is not None  # a legal placement: a rolled die, an enemy in play
        slot = cards.enemy(action.card).slots[index]
        score = penalty_weight(slot.effect)
        if len(foe.empty()) == 1:
            score += 2.0 + (0 if foe.boss else 0.5)
        need = state.slot_min(action.card, index)
        return score + 0.1 * need - 0.05 * (value - need)

    def _effect_score(self, state: CassetteState, effect: Effect, target: Optional[Target]) -> float:
        cards = state.cards
        if effect.kind == "heal":
            return min(effect.amount, cards.health - state.hp) * 0.9
        if effect.kind == "ward":
            return self._hurt_ahead(state) * 0.8
        if effect.kind == "strike" and target is not None and target.card is not None and target.slot is not None:
            return penalty_weight(cards.enemy(target.card).slots[target.slot - 1].effect) + 0.3
        if effect.kind == "slay" and target is not None and target.card is not None:
            target_foe = state.foe(target.card)
            assert target_foe is not None  # a legal target is in play
            return sum(penalty_weight(cards.enemy(target_foe.id).slots[i].effect) for i in target_foe.empty()) + 2.0
        if effect.kind == "bump" and target is not None and target.die is not None:
            value = state.die(target.die).value
            assert value is not None  # only a rolled die is bumped
            for foe in state.foes:
                for i in foe.empty():
                    if value < state.slot_min(foe.id, i) <= value + effect.amount:
                        return penalty_weight(cards.enemy(foe.id).slots[i].effect)
        return 0.0

    def _hurt_ahead(self, state: CassetteState) -> int:
        cards = state.cards
        total = 0
        if state.step == SUFFER:
            for card, index in state.pending_penalties():
                effect = cards.traps[card].effect if index is None else cards.enemy(card).slots[index].effect
                total += effect.amount if effect.kind == "hurt" else 0
            return total
        for foe in state.foes:
            for i in foe.empty():
                effect = cards.enemy(foe.id).slots[i].effect
                total += effect.amount if effect.kind == "hurt" else 0
        return total

    # -- items ---------------------------------------------------------------------------

    def _use(self, state: CassetteState, actions: list[Action]) -> Optional[Use]:
        cards = state.cards
        uses = [a for a in actions if isinstance(a, Use)]
        if not uses:
            return None
        best, best_score = None, 0.0
        for action in uses:
            effect = cards.use_effect(action.card)
            score = 0.0
            if effect.kind == "heal":
                missing = cards.health - state.hp
                if missing >= effect.amount or state.hp <= 3:
                    score = min(effect.amount, missing) + (3 if state.hp <= 3 else 0)
            elif state.step == SUFFER and effect.kind in ("ward", "strike", "slay"):
                ahead = self._hurt_ahead(state)
                if effect.kind == "ward":
                    score = ahead - 1.5 if not state.warded else 0
                    if ahead >= state.hp:
                        score += 5
                else:
                    score = self._effect_score(state, effect, action.target) - 1.5
            elif state.step == PLACE and effect.kind == "bump":
                score = self._effect_score(state, effect, action.target) - 0.5
            if score > best_score:
                best, best_score = action, score
        return best

    def _room_value(self, state: CassetteState, room: Optional[int]) -> float:
        if room is None:
            return 100.0
        r = state.played_side().rooms[room]
        low = state.hp <= state.cards.health // 2
        return r.treasure * 1.5 + r.health * (1.0 if low else 0.3) - 1.5 * r.reveal.count("monster") - r.reveal.count("trap")
