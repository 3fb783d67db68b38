"""Card-set files (Cassette Dungeons!) are input too: the shipped set after random edits
gives problems at positions inside the text, or a sound set a game deals from; never an
exception (``fuzz.laws.check_cardset``)."""

from __future__ import annotations

import sys

import strategies as S
from conftest import ROOT
from hypothesis import HealthCheck, given, settings

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from fuzz import laws  # noqa: E402


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(S.cardset_texts())
def test_an_edited_card_set_is_a_sound_set_or_its_problems_in_place(data):
    laws.check_cardset(data)


def test_the_shipped_set_is_sound_and_a_broken_one_is_not():
    from dungeon_cli.games.cassette_dungeons import loader

    text = loader.builtin_text("default")
    assert laws.check_cardset(text.encode()) is True
    assert laws.check_cardset(text.replace("=", "", 1).encode()) is False
