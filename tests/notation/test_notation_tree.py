"""The record as a tree (NOTATION.md section 9, notation/SPEC.md): variations read,
written and read back, the rest of a turn (``N...``) after a Position, and every
notation error of the tree's shape at its bracket or number."""

from __future__ import annotations

import strategies as S
from hypothesis import HealthCheck, given, settings

from notation import parse, write
from notation.reader import MAX_DEPTH

GAME = '[Game "scoundrel"]\n\n'

SPEC_EXAMPLE = """[Game "scoundrel"]

1. 3d Qs 6h Tc : 6h Tc 3d {hp=14}  # the game as played
  ( 1. 3d Qs 6h Tc : run  # what running would have done
    2. 8s 2h Kd 9c : 2h x8s 9c {hp=12} )
2. (Qs) 5c 7s Kh : x5c 7s
"""


def errors(text: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.col, d.message) for r in parse(text) for d in r.errors]


def shape(moves) -> list:
    """A tree of moves as (number, rest, actions, [variations...])."""
    return [(m.number, m.rest, [t.text for t in m.actions], [shape(v) for v in m.variations]) for m in moves]


def test_a_variation_is_read_as_the_alternative_to_the_move_it_follows():
    text = GAME + (
        "1. 9c 7h 2c 3c : 9c 7h 2c\n"
        "  ( 1. 9c 7h 2c 3c : run  # why not\n"
        "    2. 4c Qc 8d 5s : x4c 8d xQc\n"
        "      ( 2. 4c Qc 8d 5s : run ) )\n"
        "  ( 1. 9c 7h 2c 3c : 3c 7h 9c )\n"
        "2. (3c) Js 9d Qs : 9d xQs xJs\n"
    )
    (record,) = parse(text)
    assert record.errors == []
    assert shape(record.moves) == [
        (
            1,
            False,
            ["9c", "7h", "2c"],
            [
                [(1, False, ["run"], []), (2, False, ["x4c", "8d", "xQc"], [[(2, False, ["run"], [])]])],
                [(1, False, ["3c", "7h", "9c"], [])],
            ],
        ),
        (2, False, ["9d", "xQs", "xJs"], []),
    ]
    variation = record.moves[0].variations[0]
    assert variation[0].segments[0][1] == "# why not"
    assert (variation[0].line, variation[0].col) == (4, 5)  # at its number
    assert [move.number for _, move in record.walk_tree()] == [1, 1, 2, 2, 1, 2]
    assert [depth for depth, _ in record.walk_tree()] == [0, 1, 1, 2, 1, 0]


def test_the_spec_example_is_written_canonically_as_the_spec_writes_it():
    (record,) = parse(SPEC_EXAMPLE)
    assert record.errors == []
    assert write([record]) == SPEC_EXAMPLE


def test_fmt_writes_a_variation_two_spaces_deeper_a_level_one_move_a_line():
    text = GAME + (
        "1. 9c 7h 2c 3c : 9c 7h 2c\n"
        "  (1. 9c 7h 2c 3c : run 2. 4c Qc 8d 5s :\n x4c 8d xQc (2. 4c Qc 8d 5s : run)\n"
        " # between\n"
        "        ) # after\n"
    )
    (record,) = parse(text)
    assert record.errors == []
    assert write([record]) == GAME + (
        "1. 9c 7h 2c 3c : 9c 7h 2c\n"
        "  ( 1. 9c 7h 2c 3c : run\n"
        "    2. 4c Qc 8d 5s :\n"
        "        x4c 8d xQc\n"
        "    ( 2. 4c Qc 8d 5s : run\n"
        "          # between\n"
        "          # after\n"
        "      ) )\n"  # a comment stays with the move written last before it
    )
    assert parse(write([record])) == [record]


def test_the_rest_of_a_turn_begins_a_record_from_a_position():
    text = '[Game "scoundrel"]\n[Position "turn=7"]\n\n7... x7h 2s\n  ( 7... run )\n8. 9d 3h Jc 6s : 9d 3h x6s\n'
    (record,) = parse(text)
    assert record.errors == []
    assert record.position is not None and record.position.value == "turn=7"
    assert shape(record.moves) == [
        (7, True, ["x7h", "2s"], [[(7, True, ["run"], [])]]),
        (8, False, ["9d", "3h", "x6s"], []),
    ]
    assert record.moves[0].dealt == [] and record.moves[0].colon is None
    assert write([record]) == text


def test_a_record_from_a_position_numbers_its_moves_from_any_turn():
    assert errors('[Game "scoundrel"]\n[Position "turn=7"]\n\n7. 9d 3h Jc 6s : 9d 3h x6s\n8. 2c : run\n') == []
    assert errors(GAME + "7. 9d 3h Jc 6s : 9d 3h x6s\n") == [(3, 1, "the first move is 1., not 7.")]


def test_every_shape_error_of_the_tree_is_at_its_place():
    cases = {
        # the rest of a turn without a Position
        GAME + "7... x7h\n": [
            (
                3,
                1,
                "7... is the rest of a turn begun before a Position: only the first move of a record with a Position is written so",
            )
        ],
        # a ':' in the rest of a turn
        '[Game "scoundrel"]\n[Position "turn=7"]\n\n7... 9d : x7h\n': [
            (4, 9, "7... is the rest of a turn dealt before the position: its words are all actions, with no ':'")
        ],
        # a variation numbered from elsewhere
        GAME + "1. 9c : run\n  ( 2. 9c : run )\n": [
            (4, 5, "a variation starts with the number of the move it replaces: 1., not 2.")
        ],
        GAME + "1. 9c : run\n  ( 1. 9c : run\n    3. 2c : run )\n": [(5, 5, "move 3. follows move 1: expected 2.")],
        # never closed, or closed twice
        GAME + "1. 9c : run\n  ( 1. 9c : run\n2. 2c : run\n": [(4, 3, "this variation is not closed: ')' is missing")],
        GAME + "1. 9c : run\n  ( 1. 9c : run ( 1. 9c : x9c\n": [(4, 3, "these variations are not closed: 2 ')' are missing")],
        GAME + "1. 9c : run\n  ( 1. 9c : run ) )\n": [(4, 19, "')' closes a variation, and none is open")],
        # empty, or without its number
        GAME + "1. 9c : run\n  ( )\n": [(4, 3, "a variation holds at least one move")],
        GAME + "1. 9c : run\n  ( 9c : run )\n": [(4, 5, "a variation's move starts with its number: ( 1. ...")],
        # a bracket on the move line itself, on the deal: line, or before any move
        GAME + "1. 9c : run ( 1. 9c : x9c )\n": [
            (3, 13, "'(': a variation is written after the move it replaces, on lines of its own that start with white space")
        ],
        '[Game "clear-the-dungeon"]\n\ndeal: Jh Qs Kd Jc\n  ( deal: Jh )\n': [
            (4, 3, "the deal: line has no variations: a variation is tried instead of a move")
        ],
        # words of the move after its variations
        GAME + "1. 9c : run\n  ( 1. 9c : x9c )\n  run\n": [
            (5, 1, "move 1. ends before its variations: nothing of it may follow them")
        ],
        GAME + "1. 9c : run\n  ( 1. 9c : x9c ) run\n": [
            (4, 19, "move 1. ends before its variations: nothing of it may follow them")
        ],
    }
    for text, expected in cases.items():
        assert errors(text) == expected, text


def test_variations_nest_at_most_max_depth_deep():
    lines = [GAME.rstrip("\n"), "", "1. 9c : run"]
    for depth in range(1, MAX_DEPTH + 3):
        lines.append("  " * depth + "( 1. 9c : run")
    lines.append(" " + ")" * (MAX_DEPTH + 2))
    text = "\n".join(lines) + "\n"
    (record,) = parse(text)
    line = 3 + MAX_DEPTH + 1
    assert [(d.line, d.message) for d in record.errors] == [
        (line, f"variations nest at most {MAX_DEPTH} deep: this one is not read")
    ]
    deepest = max(depth for depth, _ in record.walk_tree())
    assert deepest == MAX_DEPTH


def test_a_v11_record_reads_as_before_brackets_inside_words_are_words():
    (record,) = parse(GAME + "1. (Kc) 7c 2s 8h : run\n    # a note\n  x9s\n")
    assert record.errors == []
    assert record.moves[0].variations == [] and [t.text for t in record.moves[0].dealt] == ["(Kc)", "7c", "2s", "8h"]


# -- the laws, over generated trees -------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(S.files(depth=3))
def test_fmt_is_idempotent_and_keeps_the_meaning_of_every_tree(records):
    once = write(records)
    again = parse(once)
    assert again == records
    assert write(again) == once
