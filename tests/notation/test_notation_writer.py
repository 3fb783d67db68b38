"""The canonical writer (NOTATION.md sections 1-4, notation/SPEC.md section 8), pinned
on one record that uses every part of the layout."""

from __future__ import annotations

from notation import Colon, Move, Record, Tag, Token, checkpoint_text, parse, write

MESSY = (
    "\ufeff# above the game\r\n"
    '[ Game   "scoundrel" ]\t# the game\r\n'
    '[Player "say \\"hi\\""]\r\n'
    "\r\n\r\n\r\n"
    "1.   9h\tqs 7D A\u2660 :7d   xas 9H{hp=20  weapon=7d/As left=40}#one\r\n"
    "# between moves\r\n"
    "2. (QS) Jc\r\n"
    "\t8c 2c\r\n"
    "  # inside the move\r\n"
    "        : run\r\n"
    "# after the last move\r\n"
    '[Game "scoundrel"]\r\n'
    "1. 9h Qs 7d As : run"
)
CANONICAL = (
    "# above the game\n"
    '[Game "scoundrel"]  # the game\n'
    '[Player "say \\"hi\\""]\n'
    "\n"
    "1. 9h Qs 7d As : 7d xAs 9h {hp=20 weapon=7d/As left=40}  #one\n"
    "# between moves\n"
    "2. (Qs) Jc\n"
    "    8c 2c\n"
    "    # inside the move\n"
    "    : run\n"
    "\n"
    "# after the last move\n"
    '[Game "scoundrel"]\n'
    "\n"
    "1. 9h Qs 7d As : run\n"
)


def test_canonical_form_of_a_messy_file():
    assert write(parse(MESSY)) == CANONICAL


def test_canonical_form_is_a_fixed_point():
    assert write(parse(CANONICAL)) == CANONICAL
    assert parse(write(parse(MESSY))) == parse(CANONICAL)


def test_tag_values_are_escaped_only_where_needed():
    record = Record(tags=[Tag("Game", "scoundrel"), Tag("Player", 'a "b" c\\d')])
    assert write([record]) == '[Game "scoundrel"]\n[Player "a \\"b\\" c\\\\d"]\n'
    assert parse(write([record]))[0].tag_value("Player") == 'a "b" c\\d'


def test_records_built_in_code_are_written_like_read_ones():
    move = Move(1, [([Token("9h"), Token("Qs"), Colon(), Token("run")], None)])
    record = Record(tags=[Tag("Game", "scoundrel")], moves=[move])
    assert write([record]) == '[Game "scoundrel"]\n\n1. 9h Qs : run\n'


def test_empty_input_writes_nothing():
    assert write([]) == ""


def test_checkpoint_text_keeps_key_order():
    assert checkpoint_text({"hp": "3", "weapon": "-", "left": "0"}) == "{hp=3 weapon=- left=0}"
