"""RPG solitaire's rules core, one test (or more) per choice the rules page makes
(dungeon_cli/games/rpg_solitaire/rules.md); the test names follow its sections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_cli import registry
from dungeon_cli.games.rpg_solitaire.grid import free_doors, has_free_door, joined
from dungeon_cli.games.rpg_solitaire.rules import (
    AGAIN,
    CHOOSE,
    DROP,
    ENDINGS,
    KEEP,
    PICK,
    RESIGN,
    STOP,
    Fight,
    MoveTo,
    Place,
    RpgSolitaire,
    RpgState,
)
from dungeon_cli.kit.cards import CARDS, JOKER, card, cards
from dungeon_cli.kit.core import Draw, Illegal, Phase, Result
from dungeon_cli.kit.game_module import TagProblem
from dungeon_cli.kit.piles import Pile
from dungeon_cli.kit.shuffle import deal, rng_for
from dungeon_cli.services.referee import check
from notation import parse

GAME = RpgSolitaire()
HEAD = '[Game "rpg-solitaire"]\n\n'


def replay(moves: str, tags: str = "") -> RpgState:
    """The state after a legal record's moves; the last move may stop halfway (after its
    ':'), which is then the only diagnostic allowed."""
    record = parse(f'[Game "rpg-solitaire"]\n{tags}\n{moves}\n')[0]
    verdict = check(record)
    problems = [d.message for d in verdict.diagnostics if "is not finished" not in d.message]
    assert not problems and len(verdict.diagnostics) <= 1, verdict.diagnostics
    return verdict.state  # type: ignore[return-value]


def problem(moves: str, tags: str = "") -> str:
    record = parse(f'[Game "rpg-solitaire"]\n{tags}\n{moves}\n')[0]
    verdict = check(record)
    assert not verdict.legal
    return verdict.diagnostics[0].message


def apply_all(state: RpgState, *actions) -> RpgState:
    for action in actions:
        state = state.apply(action if not isinstance(action, str) else Draw(card(action)))
    return state


def started(deal: str = "5s 8h 9c", options=None) -> RpgState:
    return apply_all(GAME.start(options=options), *deal.split())


# -- 1. the cards -----------------------------------------------------------------------


def test_cards_three_decks_by_default():
    piles = dict(GAME.deck())
    assert len(piles["rooms"]) == 48
    assert all(len(piles[name]) == 27 for name in ("spades", "hearts", "diamonds", "clubs"))


def test_cards_the_room_deck_lacks_the_entrance_king_and_holds_one_joker():
    rooms = dict(GAME.deck(options={"decks": 2}))["rooms"]
    assert rooms.count(JOKER) == 1
    assert rooms.count(CARDS["Ks"]) == 1 and rooms.count(CARDS["Kh"]) == 2
    assert rooms.count(CARDS["As"]) == 2
    assert all(c.is_joker or c.rank in (1, 11, 12, 13) for c in rooms)


def test_cards_suit_piles_hold_two_to_ten():
    hearts = dict(GAME.deck(options={"decks": 1}))["hearts"]
    assert hearts == cards("2h 3h 4h 5h 6h 7h 8h 9h Th")


@pytest.mark.parametrize("value", ["0", "9", "three", "-1", ""])
def test_cards_a_bad_decks_tag_is_a_tag_problem(value):
    notation = registry.get("rpg-solitaire").notation
    record = parse(f'[Game "rpg-solitaire"]\n[Decks "{value}"]\n')[0]
    with pytest.raises(TagProblem):
        notation.options(record)


def test_cards_the_decks_tag_sets_the_piles():
    state = replay("deal: 5s 8h 9c", tags='[Decks "1"]')
    assert state.piles() == {"rooms": 16, "spades": 8, "hearts": 8, "diamonds": 9, "clubs": 8}


# -- 2. setup -----------------------------------------------------------------------------


def test_setup_stats_are_the_deal_in_spade_heart_club_order():
    state = started("5s 8h 9c")
    assert (state.armor, state.health, state.attack) == tuple(cards("5s 8h 9c"))
    assert state.turn == 1 and state.treasure == 0 and state.lockpicks == 0
    with pytest.raises(Illegal, match="your starting armor"):
        GAME.start().apply(Draw(card("8h")))


# -- 3. the map -----------------------------------------------------------------------


def test_map_the_entrance_opens_north_east_and_west():
    state = started().apply(Draw(card("Jd")))
    places = {a.side for a in state.legal_actions() if isinstance(a, Place)}
    assert places == {"n", "e", "w"}


def test_map_a_jack_is_a_dead_end():
    state = replay("deal: 5s 8h 9c\n1. Jd : @n ^2s ^2c ^3s ^4h ^2c ^2d ^5h ^6s ^7c\n2. Qc :")
    assert state.room.doors == frozenset("s")
    assert not [a for a in state.legal_actions() if isinstance(a, Place)]
    assert [a for a in state.legal_actions() if isinstance(a, MoveTo)] == [MoveTo("s")]


def test_map_a_queen_and_a_king_name_the_doors_besides_the_one_you_come_in_by():
    state = started().apply(Draw(card("Kd")))
    kings = {a.doors for a in state.legal_actions() if isinstance(a, Place) and a.side == "e"}
    assert kings == {frozenset("ns"), frozenset("ne"), frozenset("es")}
    after = state.apply(Place("e", frozenset("ns")))
    assert after.grid[(1, 0)].doors == frozenset("nsw")


def test_map_a_secret_door_joins_a_room_that_has_no_door_there():
    moves = (
        "deal: 5s 8h 9c\n"
        "1. Jd : @e ^2s ^2c ^3s ^4h ^2c ^2d ^5h ^6s ^7c\n"
        "2. Qc : w\n"
        "3. Kc : @n/ew ^3s ^3c ^4s ^2h ^4c ^3d ^6h ^4s ^5c\n"
        "4. Qs : @e/s ^5s keep ^6c keep ^3s ^3h ^5c ^4d ^7h ^7s ^6c\n"
    )
    state = replay(moves)
    assert "n" not in state.grid[(1, 0)].doors
    assert joined(state.grid, (1, 1), "s")
    without = replay(moves.replace("@e/s", "@e/n"))
    assert not joined(without.grid, (1, 1), "s")


def test_map_an_earlier_free_door_opens_into_the_new_room():
    # The entrance's north door faces 0,1; a queen placed there from the east with its
    # doors east and north has no south door, yet the two are joined.
    state = replay(
        "deal: 5s 8h 9c\n"
        "1. Kd : @e/ne ^2s ^2c ^3s ^4h ^2c ^2d ^5h ^6s ^7c\n"
        "2. Kh : @n/nw ^3s ^3c ^4s ^2h ^4c ^3d ^6h ^4s ^5c\n"
        "3. Qh : @w/n ^2s ^2c ^3s ^2h ^3c ^4d ^7h ^7s ^6c\n"
        "4. Jd :"
    )
    assert state.pos == (0, 1) and "s" not in state.room.doors
    assert joined(state.grid, (0, 1), "s")
    assert MoveTo("s") in state.legal_actions()


# -- 4. a turn ----------------------------------------------------------------------------


def test_turn_aces_are_lockpicks_and_the_next_card_is_the_room_card():
    state = apply_all(started(), "As", "Ah", "Qd")
    assert state.lockpicks == 2 and state.hand is CARDS["Qd"]
    assert state.phase is Phase.DECISION


def test_turn_a_room_card_not_placed_goes_under_the_room_deck():
    moved = replay("deal: 5s 8h 9c\n1. Kd : @n/ew ^2s ^2c ^3s ^4h ^2c ^2d ^5h ^6s ^7c\n2. JK : s")
    assert moved.stock["rooms"].known == (JOKER,)
    assert len(moved.stock["rooms"]) == 47  # only the king left the deck
    assert moved.stock["rooms"].next_known is None  # the hidden cards come first


def test_discard_a_room_card_not_placed_is_discarded_under_the_variant():
    """Variant discard (rules page, section 12): the king walked past is out of the game."""
    text = "deal: 5s 8h 9c\n1. Kd : @n/ew ^2s ^2c ^3s ^4h ^2c ^2d ^5h ^6s ^7c\n2. JK : s"
    moved = replay(text, tags='[Variant "discard"]\n[Result "loss 0"]')
    assert moved.stock["rooms"].known == () and moved.burnt == (JOKER,)
    assert len(moved.stock["rooms"]) == 46  # the king placed, the joker discarded
    assert moved.ending == "no exit" and moved.result() == Result(False, 0)
    assert "discard" in GAME.variants and not replay(text).burnt  # the default puts it under


def test_discard_the_exit_placed_is_not_lost_by_walking():
    """Under discard, once the joker is on the map, walking burns other rooms only."""
    state = apply_all(GAME.start("discard"), *"5s 8h 9c".split(), "JK", Place("n"), "2s", "2c", "Qd", MoveTo("s"))
    assert state.burnt == (CARDS["Qd"],) and not state.is_over


# -- 5. entering a room -------------------------------------------------------------------


def test_entering_a_higher_gear_card_is_a_choice_a_lower_or_equal_one_is_not():
    state = apply_all(started(), "Qd", Place("n", frozenset("e")), "7s")
    assert state.step == (CHOOSE,) and state.legal_actions() == [KEEP, DROP, RESIGN]
    kept = state.apply(KEEP)
    assert kept.armor is CARDS["7s"] and kept.stock["spades"].known == (CARDS["5s"],)
    dropped = state.apply(DROP)
    assert dropped.armor is CARDS["5s"] and dropped.stock["spades"].known == (CARDS["7s"],)
    equal = apply_all(started(), "Qd", Place("n", frozenset("e")), "5s")
    assert equal.phase is Phase.CHANCE  # straight on to the club: nothing to choose


def test_entering_a_new_room_draws_a_monster_the_exit_room_does_not():
    state = apply_all(started(), "Qd", Place("n", frozenset("e")), "2s", "2c", "6s", "Th")
    assert state.chance().what == "the monster's attack (a club)"
    state = state.apply(Draw(card("5c")))
    assert state.outcome == "stand-off" and state.room.monster.cards() == (None, CARDS["Th"], CARDS["5c"])
    exit_room = apply_all(started(), "JK", Place("n"), "2s", "2c")
    assert exit_room.turn == 2 and exit_room.room.monster is None and exit_room.room.is_exit


def test_entering_again_a_monster_room_draws_gear_and_fights_a_cleared_room_draws_nothing():
    standoff = "deal: 5s 8h 4c\n1. Kd : @n/ew ^7s keep ^3c ^6s ^9h ^5c ^Th ^8s ^4c\n2. Qh : s\n"
    back = replay(standoff + "3. Jd : xn ^2s ^2c ^Th ^3s ^Tc")
    assert back.pos == (0, 1) and back.room.monster is not None
    assert problem(standoff + "3. Jd : xn ^2h") == "^2h: the gear spade found on entering comes next, and 2h is not a spade"
    cleared = replay("deal: 5s 8h 9c\n1. Jd : @n ^2s ^2c ^3s ^4h ^2c ^2d ^5h ^6s ^7c\n2. Qc : s\n3. Kc : n")
    assert cleared.pos == (0, 1) and cleared.turn == 4 and cleared.phase is Phase.CHANCE


# -- 6. moving -----------------------------------------------------------------------------


def test_moving_out_of_a_monster_room_only_back_and_no_placing():
    state = replay("deal: 5s 8h 4c\n1. Kd : @n/ew ^7s keep ^3c ^6s ^9h ^5c ^Th ^8s ^4c\n2. Qh :")
    assert state.room.monster is not None
    assert [a for a in state.legal_actions() if a is not RESIGN] == [MoveTo("s")]


def test_moving_after_a_stand_off_a_move_and_a_place_forward_are_refused_alike():
    state = replay("deal: 5s 8h 4c\n1. Qd : @n/n ^7s keep ^3c ^6s ^9h ^5c ^Th ^2s ^9c\n2. Kh :")
    with pytest.raises(Illegal) as moved:
        state.apply(MoveTo("n"))
    with pytest.raises(Illegal) as placed:
        state.apply(Place("n"))
    assert moved.value.message == placed.value.message
    assert "only back s" in moved.value.message


def test_moving_into_a_monster_room_is_refused_going_in_to_fight_is_not():
    lost = replay("deal: 5s 4h 3c\n1. Kd : @e/ne ^2s ^2c ^8s ^9h ^7c ^6d ^7h ^9s ^8c\n2. Qh :")
    assert lost.pos == (0, 0) and lost.grid[(1, 0)].monster is not None
    with pytest.raises(Illegal, match="you may move only into rooms without a monster; to go in and fight it, write xe"):
        lost.apply(MoveTo("e"))
    assert MoveTo("e") not in lost.legal_actions() and Fight("e") in lost.legal_actions()
    fought = lost.apply(Fight("e"))
    assert fought.pos == (1, 0) and fought.chance().what == "the gear spade found on entering"


# -- 7. the combat round ----------------------------------------------------------------


def _round(deal: str, gear: str, monster: str) -> RpgState:
    """Place a king north, draw the gear and the monster: the state right after the round."""
    state = apply_all(started(deal), "Kd", Place("n", frozenset("ew")))
    for c in gear.split():
        state = state.apply(Draw(card(c)))
        if state.step == (CHOOSE,):
            state = state.apply(DROP)
    return apply_all(state, *monster.split())


def test_combat_a_win_slays_the_monster_and_draws_treasure():
    state = _round("5s 8h 9c", "2s 2c", "3s 4h 2c")
    assert state.outcome == "win" and state.room.monster is None and state.room.cleared
    state = apply_all(state, "6d")
    assert state.treasure == 6


def test_combat_a_broken_armor_stays_broken_after_a_stand_off():
    # 6c breaks the 6s but not the 9h; the monster's 2c cannot break your 5s.
    state = _round("5s 8h 6c", "2s 2c", "6s 9h 2c")
    assert state.outcome == "stand-off"
    assert state.room.monster.armor is None and state.room.monster.health is CARDS["9h"]
    assert state.stock["spades"].known[-1] is CARDS["6s"]


def test_combat_the_counter_attack_breaks_your_armor_and_a_loss_sends_you_back():
    state = _round("5s 4h 3c", "2s 2c", "8s 9h 7c")
    assert state.outcome == "loss" and state.armor is None
    state = apply_all(state, "6d", "7h", "9s", "8c")
    assert state.pos == (0, 0) and state.came_from == (0, 1)
    assert state.treasure == 0  # never below 0


def test_combat_a_lost_round_never_raises_health_even_when_your_blow_got_through():
    # Through the 3s armor but not the 9h; the monster's 9c beats 5s and 4h: a loss,
    # so the lower heart is kept although the blow got through.
    state = _round("5s 4h 6c", "2s 2c", "3s 9h 9c")
    assert state.outcome == "loss" and state.through
    assert apply_all(state, "2d", "7h").health is CARDS["4h"]
    assert apply_all(state, "2d", "3h").health is CARDS["3h"]


def test_combat_in_a_stand_off_the_heart_follows_the_blow():
    # 6c breaks the 6s but not the 9h; the 2c cannot hurt you: the higher heart is kept.
    state = _round("5s 8h 6c", "2s 2c", "6s 9h 2c")
    assert state.outcome == "stand-off" and state.through
    assert apply_all(state, "Th").health is CARDS["Th"]
    assert apply_all(state, "3h").health is CARDS["8h"]


def test_combat_the_heart_is_kept_if_lower_when_your_blow_was_stopped():
    state = _round("5s 8h 4c", "2s 2c", "6s 9h 3c")  # a stand-off, blow stopped
    assert state.outcome == "stand-off" and not state.through
    assert apply_all(state, "Th").health is CARDS["8h"]
    assert apply_all(state, "3h").health is CARDS["3h"]


def test_combat_new_gear_must_replace_yours_even_when_lower():
    state = _round("5s 8h 9c", "2s 2c", "3s 4h 2c")
    state = apply_all(state, "2d", "5h", "2s", "3c")
    assert (state.armor, state.attack) == tuple(cards("2s 3c"))


def test_combat_there_is_no_death():
    state = _round("2s 2h 2c", "2s 2c", "9s 9h 9c")
    state = apply_all(state, "2d", "9h", "3s", "3c")
    assert state.phase is not Phase.OVER and state.health is CARDS["2h"]


# -- 8. the exit and the lock -------------------------------------------------------------


def _at_exit(picks: str = "As") -> RpgState:
    return apply_all(started(), *picks.split(), "JK", Place("n"), "2s", "2c", "Qd")


def test_lock_equal_or_higher_escapes_with_your_treasure():
    state = apply_all(_at_exit(), PICK, "7d", "7d")
    assert state.is_over and state.result() == Result(True, 0)


def test_lock_the_gamble_is_played_with_diamonds_and_they_go_back_under_their_pile():
    state = _at_exit("As Ah").apply(PICK)
    assert state.chance().pile == "diamonds" and state.chance().what == "the boss's card (a diamond)"
    with pytest.raises(Illegal, match="Ks is not a diamond"):
        state.apply(Draw(card("Ks")))
    with pytest.raises(Illegal, match="Ad is not in the diamonds pile"):
        state.apply(Draw(card("Ad")))
    state = apply_all(state, "9d", "2d")
    assert state.stock["diamonds"].known == tuple(cards("9d 2d"))
    assert state.stock["rooms"].known == tuple(cards("Qd"))  # the room card not placed


def test_lock_a_failed_attempt_may_be_tried_again_at_once_or_not():
    state = apply_all(_at_exit("As Ah"), PICK, "9d", "2d")
    assert not state.is_over and state.lockpicks == 1 and state.turn == 2
    assert state.step == (AGAIN,) and state.legal_actions() == [PICK, STOP, RESIGN]
    with pytest.raises(Illegal, match="the lock held: pick again"):
        state.apply(MoveTo("s"))
    again = apply_all(state, PICK, "4d", "6d")
    assert again.is_over and again.result() == Result(True, 0)
    stopped = state.apply(STOP)
    assert stopped.turn == 3 and stopped.lockpicks == 1
    last = apply_all(_at_exit(), PICK, "9d", "2d")
    assert last.turn == 3  # no lockpick left: the turn is over
    with pytest.raises(Illegal, match="none has failed"):
        _at_exit().apply(STOP)


def test_lock_with_the_room_deck_empty_the_lock_can_still_be_tried():
    state = apply_all(started(), "As", "JK", Place("n"), "2s")
    state.stock = dict(state.stock, rooms=Pile.unknown(()))  # as if every room were placed
    state = state.apply(Draw(card("2c")))
    assert state.turn == 2 and state.hand is None and state.phase is Phase.DECISION
    assert state.legal_actions() == [MoveTo("s"), PICK, RESIGN]
    with pytest.raises(Illegal, match="no room card to place"):
        state.apply(Place("e"))
    assert apply_all(state, PICK, "3d", "8d").result() == Result(True, 0)


def test_lock_needs_a_lockpick_and_the_exit_room():
    with pytest.raises(Illegal, match="no lockpick"):
        _at_exit("").apply(PICK)
    with pytest.raises(Illegal, match="joker's room"):
        apply_all(started(), "As", "Qd").apply(PICK)


# -- 9. when a pile runs out --------------------------------------------------------------


def test_piles_an_empty_pile_draws_nothing_and_the_monster_lacks_that_card():
    state = apply_all(started(), "Qd", Place("n", frozenset("e")), "2s", "2c")
    state.stock = dict(state.stock, hearts=Pile.unknown(()))  # as if every heart were out
    state = apply_all(state, "3s", "2c")  # armor, (no health), attack
    assert state.outcome == "win"  # a monster without health falls to any blow through


def test_piles_discards_go_under_their_pile_and_come_back_in_order():
    state = started()
    state.stock = dict(state.stock, spades=Pile.ordered(cards("7s")), clubs=Pile.ordered(cards("Tc")))
    state = apply_all(state, "Qd", Place("n", frozenset("e")), "7s", DROP, "Tc", KEEP)
    assert state.stock["spades"].known == tuple(cards("7s"))
    assert state.stock["clubs"].known == tuple(cards("9c"))
    with pytest.raises(Illegal, match="the spades pile gives 7s next here, not 3s"):
        state.apply(Draw(card("3s")))
    state = apply_all(state, "7s", "4h", "9c")  # the monster is made of the discards
    assert state.room.monster is None or state.room.monster.attack is CARDS["9c"]


# -- 10. how the game ends ------------------------------------------------------------


def test_endings_no_lockpicks_out_of_time_resign_all_score_zero():
    state = apply_all(started(), "Qd")
    assert state.apply(RESIGN).result() == Result(False, 0)
    empty = apply_all(started(), "Qd")
    empty.stock = dict(empty.stock, rooms=Pile.unknown(()))
    steps = (Place("n", frozenset("e")), "2s", "2c", "3s", "4h", "2c", "2d", "5h", "6s", "7c")
    assert apply_all(empty, *steps).ending == "no lockpicks"
    empty.lockpicks = 1
    placed = apply_all(empty, *steps)
    assert not placed.is_over and placed.hand is None  # a turn without a room card
    assert placed.last_turn == 2 * 48
    placed.turn = placed.last_turn
    timed_out = placed.apply(MoveTo("s"))
    assert timed_out.ending == "out of time" and timed_out.result() == Result(False, 0)


def test_endings_the_torch_scales_with_the_decks():
    assert GAME.start(options={"decks": 1}).last_turn == 32
    assert GAME.start().last_turn == 96


def test_endings_a_loss_scores_zero_whatever_the_treasure():
    state = replay("deal: 5s 8h 6c\n1. Qd : @n/n ^7s keep ^9c keep ^4s ^6h ^3c ^8d ^Th ^3s ^Tc\n2. Kd : resign")
    assert state.treasure == 8 and state.result() == Result(False, 0)


def test_endings_no_action_after_the_end():
    state = apply_all(started(), "Qd", RESIGN)
    with pytest.raises(Illegal, match="over"):
        state.apply(Draw(card("Kd")))


# Every game ends: random play (never resigning) over seeded deals of 1 to 3 decks always
# reaches the end, by the last turn the torch allows, in a bounded number of steps.


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    decks=st.integers(1, 3),
    choices=st.randoms(use_true_random=False),
    variant=st.sampled_from([None, "discard"]),
)
def test_endings_every_game_ends_under_random_play(seed, decks, choices, variant):
    order = deal(rng_for(seed), GAME.deck(options={"decks": decks}))
    state = GAME.start(variant, options={"decks": decks}, order=order)
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 40 * state.last_turn, "a game went on past any bound"
        if state.phase is Phase.CHANCE:
            state = state.apply(Draw(state.chance().known))
        else:
            actions = [a for a in state.legal_actions() if a is not RESIGN] or [RESIGN]
            state = state.apply(choices.choice(actions))
    assert state.turn <= state.last_turn and state.ending in ENDINGS and state.ending != "resigned"


# The fast paths the search's playouts take (legal_actions asks a short reason of every
# side, never the message; has_free_door builds no list) agree with what apply accepts
# and with free_doors: at every decision of random games, a move or a fight is offered
# exactly when applying it is not refused, and a room has a free door by has_free_door
# exactly when free_doors lists one.


def _refused(state: RpgState, action) -> bool:
    try:
        state.apply(action)
    except Illegal:
        return True
    return False


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), choices=st.randoms(use_true_random=False))
def test_moving_the_legal_moves_are_those_apply_accepts(seed, choices):
    order = deal(rng_for(seed), GAME.deck())
    state = GAME.start(order=order)
    while not state.is_over:
        if state.phase is Phase.CHANCE:
            state = state.apply(Draw(state.chance().known))
            continue
        actions = state.legal_actions()
        for action in [MoveTo(side) for side in "nesw"] + [Fight(side) for side in "nesw"]:
            assert (action in actions) == (not _refused(state, action)), action
        for pos in state.grid:
            assert has_free_door(state.grid, pos) == bool(free_doors(state.grid, pos))
        state = state.apply(choices.choice([a for a in actions if a is not RESIGN] or [RESIGN]))
