"""Scoundrel's rules core, tested directly (no notation): damage, potions, weapons, runs,
rooms, the end of the game and the score."""

from __future__ import annotations

import pytest

from dungeon_cli.games.scoundrel.notation import parse_action
from dungeon_cli.games.scoundrel.rules import CARDS, RUN, Resolve, Scoundrel, Strike, value
from dungeon_cli.kit.cards import card, cards
from dungeon_cli.kit.core import Draw, Illegal, Phase, Result

GAME = Scoundrel()


def start(order: str, variant=None):
    """A game whose dungeon holds exactly ``order`` (top first), rooms dealt."""
    return deal(GAME.start(variant, {}, {"dungeon": cards(order)}))


def deal(state):
    while state.phase is Phase.CHANCE:
        state = state.apply(Draw(state.chance().known))
    return state


def play(state, actions: str):
    for text in actions.split():
        state = deal(state.apply(parse_action(text)))
    return state


# -- the deck -----------------------------------------------------------------------------


def test_the_deck_is_44_cards_without_red_faces_red_aces_or_jokers():
    assert len(CARDS) == 44 == len(set(CARDS))
    for text in ("Jh", "Qh", "Kh", "Ah", "Jd", "Qd", "Kd", "Ad", "JK"):
        assert card(text) not in CARDS
    assert sum(1 for c in CARDS if c.suit in "sc") == 26


@pytest.mark.parametrize("text, expected", [("2s", 2), ("Tc", 10), ("Js", 11), ("Qc", 12), ("Ks", 13), ("Ac", 14)])
def test_monster_values(text, expected):
    assert value(card(text)) == expected


def test_a_game_starts_at_20_health_with_the_whole_deck_in_the_dungeon():
    state = GAME.start()
    assert (state.hp, state.phase, state.piles()) == (20, Phase.CHANCE, {"dungeon": 44})
    assert state.checkpoint() == {"hp": 20, "weapon": None, "left": 44}


# -- damage -------------------------------------------------------------------------------


def test_bare_handed_costs_the_full_value():
    assert play(start("Ks 2s 3s 4s 5s"), "Ks").hp == 7


def test_a_weapon_takes_its_value_off_the_damage_never_below_zero():
    state = play(start("5d Ks 3s 4s 5s"), "5d xKs")
    assert state.hp == 12  # 13 - 5
    assert play(state, "x3s").hp == 12  # 3 - 5 is no damage, not a heal


def test_damage_preview_matches_what_apply_does():
    state = play(start("7d Ac 9s 2h 5s"), "7d")
    for action in (Strike(card("Ac")), Resolve(card("Ac")), Strike(card("9s"))):
        assert state.hp - state.apply(action).hp == state.damage(action)


# -- potions ------------------------------------------------------------------------------


def test_a_potion_heals_up_to_20_and_no_further():
    state = play(start("Ks 9h 2s 3s 5s"), "Ks 9h")
    assert state.hp == 16
    state = play(start("3s Th 2s 4s 5s"), "3s Th")
    assert state.hp == 20


def test_only_the_first_potion_of_a_room_heals():
    state = play(start("Ks 5h 9h 2s 3s 4s 6s"), "Ks 5h 9h")
    assert state.hp == 12
    # the next room heals again
    state = play(start("Ks 5h 9h 2s 3h 4s 6s"), "Ks 5h 9h 3h")
    assert state.hp == 15


# -- weapons ------------------------------------------------------------------------------


def test_a_weapon_strikes_equal_or_lower_than_its_last_monster():
    state = play(start("7d 9s 9c Ts 2s"), "7d x9s")
    assert Strike(card("9c")) in state.legal_actions()
    assert Strike(card("Ts")) not in state.legal_actions()
    with pytest.raises(Illegal, match=r"weapon 7d last struck 9s, so it cannot strike Ts \(only monsters at most 9\)"):
        state.apply(Strike(card("Ts")))
    assert play(state, "x9c").slain == (card("9s"), card("9c"))


def test_strict_weapon_strikes_only_strictly_lower():
    state = play(start("7d 9s 9c 8s 2s", "strict-weapon"), "7d x9s")
    assert Strike(card("9c")) not in state.legal_actions()
    assert Strike(card("8s")) in state.legal_actions()
    with pytest.raises(Illegal, match=r"only monsters lower than 9"):
        state.apply(Strike(card("9c")))


def test_an_unused_weapon_strikes_anything():
    state = play(start("2d As 3s 4s 5s"), "2d")
    assert play(state, "xAs").hp == 8


def test_a_new_weapon_replaces_the_old_and_its_monsters():
    state = play(start("5d 3s 8d Ks 2s 4s 6s"), "5d x3s 8d")
    assert (state.weapon, state.slain) == (card("8d"), ())
    assert state.checkpoint()["weapon"] == card("8d")
    state = play(state, "xKs")
    assert state.checkpoint()["weapon"] == (card("8d"), card("Ks"))


def test_no_strike_without_a_weapon_nor_on_what_is_no_monster():
    state = start("9h Qs 7d As 2s")
    with pytest.raises(Illegal, match="no weapon is equipped to strike Qs with"):
        state.apply(Strike(card("Qs")))
    with pytest.raises(Illegal, match="only monsters are struck; 9h is a potion"):
        play(state, "7d").apply(Strike(card("9h")))


# -- rooms and runs -----------------------------------------------------------------------


def test_a_room_is_resolved_until_one_card_is_left_which_is_carried():
    state = start("9h Qs 7d As Jc 8c 2c 5s")
    assert state.to_resolve == 3 and state.turn == 1
    state = play(state, "7d xAs 9h")
    assert state.turn == 2 and state.room == (card("Qs"), card("Jc"), card("8c"), card("2c"))


def test_a_run_sends_the_room_under_the_dungeon_in_order():
    state = play(start("9h Qs 7d As Jc 8c 2c 5s"), "run")
    assert state.room == tuple(cards("Jc 8c 2c 5s"))
    assert state.dungeon.known == tuple(cards("9h Qs 7d As"))
    assert RUN not in state.legal_actions()  # never two rooms in a row
    with pytest.raises(Illegal, match="the last room was avoided: this one must be faced"):
        state.apply(RUN)


def test_no_run_once_a_card_is_resolved_and_runs_come_back_after_a_faced_room():
    state = start("9h Qs 7d As Jc 8c 2c 5s 6s 7s 8s")
    state = play(state, "7d")
    with pytest.raises(Illegal, match="only before any of its cards is resolved"):
        state.apply(RUN)
    state = play(state, "xAs 9h")
    assert RUN in state.legal_actions()


def test_a_run_with_a_carried_card_puts_it_under_first():
    state = play(start("9h Qs 7d As Jc 8c 2c 5s 6s 7s 8s"), "7d xAs 9h run")
    assert state.dungeon.known == tuple(cards("Qs Jc 8c 2c"))


def test_the_last_rooms_hold_what_is_left_and_are_resolved_completely():
    state = start("Ks 2s 3s 4s 2c 3c")
    state = play(state, "2s 3s 4s")  # carries Ks; the dungeon has 2 cards left
    assert state.room == tuple(cards("Ks 2c 3c")) and state.to_resolve == 3
    state = play(state, "2c 3c")
    assert state.phase is Phase.DECISION and state.hp == 6  # Ks must still be resolved
    state = play(state, "Ks")
    assert state.is_over and state.result() == Result(False, -7)  # no monster is left


def test_the_last_short_room_may_be_avoided_and_comes_back_to_be_faced():
    """The rules page's choice (dungeon_cli/games/scoundrel/rules.md, section 3): a room of
    fewer than four cards may be avoided; its cards come straight back, in the order
    written, as a fresh room that must then be faced whole."""
    state = play(start("Ks 2s 3s 4s 2c 3c"), "2s 3s 4s")  # carries Ks; the dungeon is empty
    assert state.room == tuple(cards("Ks 2c 3c")) and len(state.dungeon) == 0
    state = play(state, "run")
    assert state.room == tuple(cards("Ks 2c 3c")) and state.to_resolve == 3
    with pytest.raises(Illegal):
        state.apply(RUN)  # never two rooms in a row
    state = play(state, "2c 3c Ks")
    assert state.is_over and state.result() == Result(False, -7)


def test_apply_never_changes_the_state_it_is_given():
    state = start("9h Qs 7d As Jc 8c 2c 5s")
    before = (state.hp, state.room, state.weapon, state.turn, len(state.dungeon))
    play(state, "7d xAs 9h")
    assert (state.hp, state.room, state.weapon, state.turn, len(state.dungeon)) == before


def test_a_card_no_longer_in_the_pile_cannot_be_dealt():
    state = GAME.start()
    state = state.apply(Draw(card("9s")))
    with pytest.raises(Illegal, match="no longer in the dungeon"):
        state.apply(Draw(card("9s")))
    with pytest.raises(Illegal, match="not in a Scoundrel deck"):
        state.apply(Draw(card("Qh")))


# -- the end and the score ----------------------------------------------------------------


def test_death_at_zero_ends_the_game_at_once():
    state = play(start("Ks 7s 2h 3c 4c"), "Ks 7s")
    assert state.hp == 0 and state.is_over
    with pytest.raises(Illegal, match="the game is over"):
        state.apply(Resolve(card("2h")))
    assert state.legal_actions() == []


def test_loss_score_subtracts_every_monster_not_yet_resolved():
    # full deck: 208 points of monsters; Ks and Kc resolved, health -6
    order = (
        " ".join(str(c) for c in cards("Ks Kc Qs Qc"))
        + " "
        + " ".join(str(c) for c in CARDS if str(c) not in ("Ks", "Kc", "Qs", "Qc"))
    )
    state = play(start(order), "Ks Kc")
    assert state.result() == Result(False, -6 - (208 - 26))


def test_win_scores_health():
    state = play(start("5d 6s 3s 4h 2s"), "5d x6s x3s 4h x2s")
    assert state.result() == Result(True, 20)  # last card a monster: no bonus
    state = play(start("5d 6s 3s 2s 4s"), "5d x6s x3s 4s x2s")
    assert state.result() == Result(True, 15)


def test_win_bonus_for_a_potion_drunk_last_at_full_health():
    state = play(start("5d 6s 3s 4h 2s"), "5d x6s x3s x2s 4h")
    assert state.hp == 20 and state.result() == Result(True, 24)


def test_no_bonus_below_full_health():
    state = play(start("2s 3s 4s 2h 6s"), "2s 3s 4s 6s 2h")
    assert state.hp == 7 and state.result() == Result(True, 7)


def test_no_bonus_for_a_second_potion_of_its_room():
    state = play(start("5d 6s 3s 4h 6h"), "5d x6s x3s 4h 6h")
    assert state.hp == 20 and state.result() == Result(True, 20)


def test_a_game_not_over_has_no_result():
    assert start("9h Qs 7d As Jc").result() is None
