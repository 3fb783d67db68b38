"""Cassette Dungeons!' DGN words (dungeon_cli/games/cassette_dungeons/rules.md, "Notation").

    deal: crypt                           the map side revealed
    1. : @knight >2 ^goblin ^spikes       hero chosen; path to room 2; its cards revealed
    2. : *wxyz w=5 x=2 y=4 z=1 w>goblin.2 y>goblin.1 x>knight.1/... ~spikes +goblin

Nothing is written before ':' (chance acts in the middle of a turn: dice are rolled
after they are picked up, cards revealed after a path or a penalty), so every roll and
reveal sits among the actions, right after what caused it.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Any, Callable, Final, Iterator, Optional, Sequence

from notation import Record, Token
from notation.tokens import shown

from ...kit import position as P
from ...kit.core import Draw, Illegal, Phase
from ...kit.game_module import Cursor, Misread, Notation, Step, TagProblem, TurnLog
from ...kit.piles import Pile
from . import loader
from .cardset import DICE, CardSet, room_holds
from .decks import Deck
from .rules import (
    DECK_WORD,
    DECKS,
    POSITION_STEPS,
    REVEAL,
    ROLLING,
    STRUCK,
    Action,
    CassetteState,
    ChooseHero,
    Die,
    Discard,
    Go,
    Loot,
    Pick,
    Place,
    Suffer,
    Target,
    Use,
    position_step,
    positioned,
)


def _number(digits: str) -> int:
    """A number written in a token. Past nine digits every number is out of range for
    the rules, and int() refuses past 4,300 digits: such a number becomes 10**9, which
    the rules then refuse with their own message."""
    return int(digits) if len(digits) < 10 else 10**9


_ID: Final = r"[a-z][a-z0-9]*"
_TARGET: Final = rf"(?:/([wxyz]|{_ID}(?:\.[0-9]+)?))?"
SHAPES: Final = {
    "hero": re.compile(rf"@({_ID})"),
    "use": re.compile(rf"!({_ID}){_TARGET}"),
    "pick": re.compile(r"\*([wxyz]+)"),
    "roll": re.compile(r"([wxyz])=([0-9]+)"),
    "place": re.compile(rf"([wxyz])>({_ID})\.([0-9]+){_TARGET}"),
    "suffer": re.compile(rf"~({_ID})(?:\.([0-9]+))?"),
    "loot": re.compile(rf"\+({_ID})"),
    "discard": re.compile(rf"-({_ID})"),
    "go": re.compile(r">([0-9]+|out)"),
    "reveal": re.compile(rf"\^({_ID})"),
}
ID: Final = re.compile(_ID)
ACTION_HELP: Final = (
    "write @knight (hero), *wx (pick up and roll), w=5 (a roll), w>orc.1 (place), !potion (use), ~orc.1 (suffer), "
    "+orc (loot), -rat (discard), >3 or >out (proceed), ^orc (revealed)"
)


@lru_cache(maxsize=4096)  # every record says the same few hundred words; the answer is immutable
def shape(text: str) -> Optional[tuple[str, tuple[str, ...]]]:
    for kind, pattern in SHAPES.items():
        m = pattern.fullmatch(text)
        if m:
            return kind, m.groups()
    return None


def parse_target(text: Optional[str]) -> Optional[Target]:
    if text is None:
        return None
    if text in DICE:
        return Target(die=text)
    card, dot, slot = text.partition(".")
    return Target(card=card, slot=_number(slot)) if dot else Target(card=card)


def target_text(target: Optional[Target]) -> str:
    if target is None:
        return ""
    if target.die is not None:
        return f"/{target.die}"
    return f"/{target.card}" + (f".{target.slot}" if target.slot is not None else "")


def aimed(target: Optional[Target]) -> str:
    """Where an effect is aimed, in words (`` on die x``), to tell apart the choices
    that differ only there."""
    if target is None:
        return ""
    if target.die is not None:
        return f" on die {target.die}"
    if target.slot is not None:
        return f" on {target.card}'s slot {target.slot}"
    return f" on {target.card}"


def decision(
    kind: str, groups: tuple[Any, ...]
) -> Any:  # (a regular expression's groups: an optional one is None, which compiled code checks)
    """The player action a token of a decision shape writes."""
    if kind == "hero":
        return ChooseHero(groups[0])
    if kind == "use":
        return Use(groups[0], parse_target(groups[1]))
    if kind == "pick":
        return Pick(tuple(groups[0]))
    if kind == "place":
        return Place(groups[0], groups[1], _number(groups[2]), parse_target(groups[3]))
    if kind == "suffer":
        return Suffer(groups[0], _number(groups[1]) if groups[1] is not None else None)
    if kind == "loot":
        return Loot(groups[0])
    if kind == "discard":
        return Discard(groups[0])
    return Go(None if groups[0] == "out" else _number(groups[0]))


# A Position's keys for each deck that is rebuilt, and for its discard pile.
DECK_KEYS: Final = {"monsters": "monster_deck", "treasures": "treasure_deck", "traps": "trap_deck", "bosses": "boss_deck"}
DISCARD_KEYS: Final = {
    "monsters": "monster_discard",
    "treasures": "treasure_discard",
    "traps": "trap_discard",
    "bosses": "boss_discard",
}
PILE_OF_WORD: Final = {word: pile for pile, word in DECK_WORD.items() if pile in DECKS}
_DIE: Final = re.compile(rf"([wxyz])(?:([1-6])(?:@({_ID})\.([0-9]+))?)?")
_REF: Final = re.compile(rf"({_ID})(?:\.([0-9]+))?")


def _ids(pair: Any, text: str, allowed: Any, what: str) -> tuple[str, ...]:
    """Ids separated by ``/`` (``-``: none), as the checkpoint writes them, each one of
    ``allowed`` (else a problem at it, saying it is not ``what``)."""
    if text == "-":
        return ()
    out: list[str] = []
    at = 0
    for word in text.split("/"):
        if word not in allowed:
            raise P.PositionProblem(pair, f"{pair.key}: '{shown(word) or 'nothing'}' is not {what} of this card set", at)
        out.append(word)
        at += len(word) + 1
    return tuple(out)


def _refs(pair: Any) -> list[tuple[int, str, Optional[int]]]:
    """``card.N`` or ``card`` words separated by ``/`` (``-``: none): (offset, card, 0-based slot)."""
    if pair.value == "-":
        return []
    out: list[tuple[int, str, Optional[int]]] = []
    at = 0
    for word in pair.value.split("/"):
        m = _REF.fullmatch(word)
        if m is None or (m.group(2) is not None and not 1 <= _number(m.group(2)) <= 6):
            raise P.PositionProblem(pair, f"{pair.key}: '{shown(word) or 'nothing'}' is not a card or a card's slot (orc.2)", at)
        out.append((at, m.group(1), None if m.group(2) is None else _number(m.group(2)) - 1))
        at += len(word) + 1
    return out


def _member(faces: Any) -> Callable[[str], Optional[str]]:
    """A reader of the ids of ``faces`` (None: not one of them)."""
    known = set(faces)
    return lambda text: text if text in known else None


def _deck_order(cards: CardSet, pile: str) -> dict[Any, int]:
    return {face: i for i, face in enumerate(cards.faces(pile))}


def _deck_text(cards: CardSet, pile: str, deck: Deck) -> str:
    """A deck as the kit spells a pile: its cards of unknown order as a set in the card
    set's order, ``(rat,bat)``; the faces the dealer knows in order, ``bat,lich``."""
    hidden: dict[Any, int] = {}
    for key in deck.hidden:
        hidden[key] = hidden.get(key, 0) + 1
    return P.pile_text(Pile(hidden, deck.known, len(deck.known)), _deck_order(cards, pile))


def _read_deck(cards: CardSet, pile: str, pair: Any) -> Deck:
    read = P.pile(pair, _member(cards.faces(pile)), _deck_order(cards, pile))
    if read.secret != len(read.known):
        raise P.PositionProblem(pair, f"{pair.key}: nothing is put under a deck of this game ('|')", pair.value.index("|"))
    hidden = [cards.card_key(face) for face, n in read.hidden.items() for _ in range(n)]
    return Deck(tuple(sorted(hidden)), read.known)


def _dice_names(pair: Any, what: str) -> tuple[str, ...]:
    """Dice named by their letters, each once (``wz``; ``-``: none)."""
    names = () if pair.value == "-" else tuple(pair.value)
    if not set(names) <= set(DICE) or len(set(names)) != len(names):
        raise P.PositionProblem(pair, f"{pair.key} is {what}, each once (like wz), or -, not '{shown(pair.value)}'")
    return names


def _count_word(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class CassetteNotation(Notation[CassetteState, Action]):
    # A Position: the turn and its step, the counters, the map and the table (foes and
    # what fills their slots, traps, the hand, the dice), the penalties still to suffer,
    # and every deck and discard, so that every card is somewhere (rules.md "Positions").
    position_keys: tuple[str, ...] = (
        "turn",
        "step",
        "hp",
        "map",
        "room",
        "entered",
        "hero",
        "foes",
        "struck",
        "traps",
        "held",
        "dice",
        "rolled",
        "rolling",
        "penalties",
        "reveals",
        "ward",
        "decks",
        *DECK_KEYS.values(),
        *DISCARD_KEYS.values(),
    )

    def write_position(self, state: CassetteState) -> list[tuple[str, str]]:
        cards = state.cards
        checkpoint = self.checkpoint(state)
        struck = [_ref_text(f.id, i) for f in state.foes for i, what in enumerate(f.slots) if what == STRUCK]
        words = [
            ("turn", str(state.turn)),
            ("step", position_step(state)),
            ("hp", str(state.hp)),
            ("map", state.map or "-"),
            ("room", str(state.room)),
            ("entered", str(state.entered)),
            ("hero", state.hero or "-"),
            ("foes", checkpoint["foes"]),
            ("struck", "/".join(struck) or "-"),
            ("traps", checkpoint["traps"]),
            ("held", checkpoint["held"]),
            ("dice", checkpoint["dice"]),
            ("rolled", "".join(state.rolled) or "-"),
            ("rolling", "".join(state.rolling) or "-"),
            ("penalties", "/".join(_ref_text(card, index) for card, index in state.penalties) or "-"),
            ("reveals", "/".join(DECK_WORD[pile] for pile in state.reveals) or "-"),
            ("ward", "yes" if state.warded else "no"),
            ("decks", checkpoint["decks"]),
        ]
        words.extend((key, _deck_text(cards, pile, state.decks[pile])) for pile, key in DECK_KEYS.items())
        words.extend((key, P.cards_text(state.discards[pile])) for pile, key in DISCARD_KEYS.items())
        return words

    def read_position(self, values: P.Values, start: CassetteState) -> CassetteState:
        cards = start.cards
        turn = P.number(values["turn"], 1)
        step_pair = values["step"]
        steps = POSITION_STEPS.get(step_pair.value)
        if steps is None:
            raise P.PositionProblem(step_pair, f"step is one of {' '.join(POSITION_STEPS)}, not '{shown(step_pair.value)}'")
        step, resume = steps
        hp = P.number(values["hp"], -99, 99)  # above the set's health is said by the rules
        map_pair = values["map"]
        if map_pair.value not in cards.map_sides:
            raise P.PositionProblem(map_pair, f"map: '{shown(map_pair.value)}' is not a map side of this card set")
        room = P.number(values["room"], 1)
        entered = P.number(values["entered"], 0)
        hero_pair = values["hero"]
        hero = None if hero_pair.value == "-" else hero_pair.value
        if hero is not None and hero not in cards.heroes:
            raise P.PositionProblem(hero_pair, f"hero: '{shown(hero)}' is not a hero of this card set")
        foes_pair = values["foes"]
        foes = _ids(foes_pair, foes_pair.value, {**cards.monsters, **cards.boss_sides}, "a monster or a boss side")
        struck_pair = values["struck"]
        struck: list[tuple[str, int]] = []
        for at, card, index in _refs(struck_pair):
            if index is None:
                raise P.PositionProblem(struck_pair, "struck: each is an enemy's slot, like orc.2", at)
            struck.append((card, index))
        traps_pair, held_pair = values["traps"], values["held"]
        traps = _ids(traps_pair, traps_pair.value, cards.traps, "a trap")
        held = _ids(held_pair, held_pair.value, {**cards.monsters, **cards.treasures}, "a monster or a treasure")
        dice = self._read_dice(values["dice"])
        rolled = _dice_names(values["rolled"], "the dice waiting to be placed")
        rolling = _dice_names(values["rolling"], "the dice picked up and still to roll, in order")
        penalties_pair = values["penalties"]
        penalties = tuple((card, index) for _, card, index in _refs(penalties_pair))
        reveals_pair = values["reveals"]
        words = _ids(reveals_pair, reveals_pair.value, PILE_OF_WORD, "a deck (monster treasure trap boss)")
        reveals = tuple(PILE_OF_WORD[word] for word in words)
        warded = P.yes_no(values["ward"])
        counts_pair = values.get("decks")
        deck_pairs = {pile: values[key] for pile, key in DECK_KEYS.items()}
        decks = {pile: _read_deck(cards, pile, pair) for pile, pair in deck_pairs.items()}
        discard_pairs = {pile: values[key] for pile, key in DISCARD_KEYS.items()}
        discards: dict[str, tuple[str, ...]] = {}
        for pile, pair in discard_pairs.items():
            discards[pile] = tuple(cards.card_key(face) for face in P.card_list(pair, _member(cards.faces(pile))))
        values.done()
        every = [key for pile in DECKS for key in dict.fromkeys(cards.card_key(face) for face in cards.faces(pile))]
        places: list[tuple[Any, Any]] = [(foes_pair, [cards.card_key(f) for f in foes]), (traps_pair, traps), (held_pair, held)]
        places.extend((deck_pairs[pile], decks[pile].cards(cards.card_key)) for pile in DECKS)
        places.extend((discard_pairs[pile], discards[pile]) for pile in DECKS)
        P.account(every, places)
        if counts_pair is not None:
            counts = "/".join(str(len(decks[pile])) for pile in DECKS)
            if counts_pair.value != counts:
                raise P.PositionProblem(counts_pair, f"decks={shown(counts_pair.value)}, and the decks hold {counts}")
        try:
            return positioned(
                start,
                turn=turn,
                step=step,
                resume=resume,
                hp=hp,
                map_face=map_pair.value,
                room=room,
                entered=entered,
                hero=hero,
                foes=foes,
                struck=tuple(struck),
                traps=traps,
                held=held,
                dice=dice,
                rolling=rolling,
                rolled=rolled,
                penalties=penalties,
                reveals=reveals,
                warded=warded,
                decks=decks,
                discards=discards,
            )
        except Illegal as exc:
            raise P.PositionProblem(values[exc.where or "turn"], exc.message) from None

    def _read_dice(self, pair: Any) -> tuple[Die, ...]:
        """The four dice in order, as the checkpoint writes them: ``w`` never rolled,
        ``w4`` lying free, ``w4@orc.1`` on a slot."""
        words = pair.value.split("/")
        out: list[Die] = []
        at = 0
        for name, word in zip(DICE, words):
            m = _DIE.fullmatch(word)
            if m is None or m.group(1) != name or (m.group(4) is not None and not 1 <= _number(m.group(4)) <= 6):
                raise P.PositionProblem(
                    pair, f"dice: '{shown(word) or 'nothing'}' is not die {name} ({name}, {name}4 or {name}4@orc.1)", at
                )
            value = None if m.group(2) is None else int(m.group(2))
            where = None if m.group(3) is None else (m.group(3), _number(m.group(4)) - 1)
            out.append(Die(value, where))
            at += len(word) + 1
        if len(words) != len(DICE):
            raise P.PositionProblem(pair, f"dice are the four dice in order, w/x/y/z, not {_count_word(len(words), 'word')}")
        return tuple(out)

    def options(self, record: Record) -> dict[str, Any]:
        tag = record.tag("Cards")
        if tag is None:
            return {}
        try:
            base = os.path.dirname(os.path.abspath(record.source)) if record.source else os.getcwd()
            cards, problems = loader.load_for_record(tag.value, base)
        except loader.Unreadable as exc:  # a long path cut short: a record may name a 60 KB one
            raise TagProblem(tag, f"card set {str(exc).replace(tag.value, shown(tag.value, 200))}") from None
        if problems:
            first = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            name = shown(tag.value, 200)
            raise TagProblem(
                tag,
                f"card set {name} has problems: line {first.line}: {shown(first.message, 200)}{more}; see dungeon cards check {name}",
            )
        return {"cards": cards}

    # -- reading -------------------------------------------------------------------------

    def read_deal(self, cursor: Cursor[CassetteState], tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            if not ID.fullmatch(token.text):
                raise Misread(token, _deal_help(token))
            yield token, Draw(token.text)

    def read_dealt(self, cursor: Cursor[CassetteState], tokens: Sequence[Token]) -> Iterator[Step]:
        for token in tokens:
            raise Misread(token, _dealt_help(token))
        yield from ()

    def read_actions(self, cursor: Cursor[CassetteState], tokens: Sequence[Token]) -> Iterator[Step]:
        # Rolls and reveals since the last choice that are accounted for: at the start, all
        # of them (they were read before, or dealt before this line).
        seen = len(cursor.state.dealt)
        for token in tokens:
            found = shape(token.text)
            state: CassetteState = cursor.state
            if found is None:
                raise Misread(token, f"'{token.raw or token.text}' is not a Cassette Dungeons action: {ACTION_HELP}")
            kind, groups = found
            if kind not in ("roll", "reveal"):
                yield token, decision(kind, groups)
                seen = 0  # after a choice, what is dealt is counted afresh
                continue
            if state.step not in (ROLLING, REVEAL) and seen < len(state.dealt):
                # A dealer that rolls and reveals by itself (seeded play) got here first: a
                # roll or reveal typed anyway is accepted when it names, in order, what it got.
                got = state.dealt[seen]
                typed = (groups[0], _number(groups[1])) if kind == "roll" else groups[0]
                if got != typed:
                    shown_got = f"{got[0]}={got[1]}" if isinstance(got, tuple) else f"^{got}"
                    raise Misread(token, f"{token.text}: the seed gave {shown_got} here")
                seen += 1
                continue
            else:
                seen += 1
            if kind == "roll":
                yield token, Draw(_roll(token, state, groups[0], _number(groups[1])))
            else:
                if state.step == ROLLING:
                    raise Misread(token, f"{token.text}: die {state.rolling[0]} was picked up: its roll comes first")
                yield token, Draw(groups[0])

    def outcome(self, token: Token) -> Any:
        """A chance outcome typed at a table: a map or card id, or a die's face (``w=5``
        or ``5``; which die it is, the game knows)."""
        text = token.text
        roll = SHAPES["roll"].fullmatch(text)
        face = roll.group(2) if roll else text if text.isascii() and text.isdigit() else None
        if face is not None:
            if not 1 <= _number(face) <= 6:
                raise Misread(token, f"{text}: a die shows 1 to 6")
            return _number(face)
        if ID.fullmatch(text):
            return text
        raise Misread(token, f"'{token.raw or text}' is not a card id of the set or a die's roll (w=5)")

    def check_token(self, section: str, token: Token) -> Optional[str]:
        if section == "deal":
            return None if ID.fullmatch(token.text) else _deal_help(token)
        if section == "dealt":
            return _dealt_help(token)
        if shape(token.text) is None:
            return f"'{token.raw or token.text}' is not a Cassette Dungeons action: {ACTION_HELP}"
        return None

    # -- writing -------------------------------------------------------------------------

    def write_turn(self, log: TurnLog[CassetteState]) -> tuple[list[str], list[str]]:
        return [], [self.action_text(before, action) for before, action in log.events]

    def action_text(self, state: CassetteState, action: Any) -> str:
        s: CassetteState = state
        if isinstance(action, Draw):
            if s.step == ROLLING:
                return f"{s.rolling[0]}={action.outcome}"
            return str(action.outcome) if s.step == "setup" else f"^{action.outcome}"
        if isinstance(action, ChooseHero):
            return f"@{action.hero}"
        if isinstance(action, Pick):
            return "*" + "".join(action.dice)
        if isinstance(action, Place):
            return f"{action.die}>{action.card}.{action.slot}{target_text(action.target)}"
        if isinstance(action, Use):
            return f"!{action.card}{target_text(action.target)}"
        if isinstance(action, Suffer):
            return f"~{action.card}" + (f".{action.slot}" if action.slot is not None else "")
        if isinstance(action, Loot):
            return f"+{action.card}"
        if isinstance(action, Discard):
            return f"-{action.card}"
        if isinstance(action, Go):
            return ">out" if action.room is None else f">{action.room}"
        raise ValueError(action)

    def drawn_text(self, state: CassetteState, outcome: Any) -> str:
        return self.action_text(state, Draw(outcome)).lstrip("^")  # w=3 for a die

    def runs(self, state: CassetteState) -> list[list[Any]]:
        """Every penalty of this turn's step, in the order the rules take them: to go on
        past the dice a player suffers them all, so they are offered as one line."""
        return [run] if len(run := go_on(state)) > 1 else []

    def score_words(self, state: CassetteState) -> str:
        result = state.result()
        if result is None:
            return ""
        return "the health left" if result.won else "the rooms entered"

    def describe(self, state: CassetteState, action: Any) -> str:
        s: CassetteState = state
        cards = s.cards
        if isinstance(action, ChooseHero):
            hero = cards.heroes[action.hero]
            return f"{hero.name}: " + "; ".join(f"{sl.min}+ {sl.effect.explained()}" for sl in hero.slots)
        if isinstance(action, Pick):
            return "pick up and roll " + " ".join(action.dice)
        if isinstance(action, Place):
            into = f"die {action.die} ({s.die(action.die).value}) into {action.card}'s slot {action.slot}"
            if action.card != s.hero:
                return into
            effect = cards.heroes[action.card].slots[action.slot - 1].effect
            return f"{into}: {effect}{aimed(action.target)}"
        if isinstance(action, Use):
            return f"use {action.card}: {cards.use_effect(action.card)}{aimed(action.target)}"
        if isinstance(action, Suffer):
            if action.slot is None:
                return f"{action.card}: {cards.traps[action.card].effect}"
            return f"{action.card}'s empty slot {action.slot}: {cards.enemy(action.card).slots[action.slot - 1].effect}"
        if isinstance(action, Loot):
            foe = s.foe(action.card)
            return "the boss is defeated" if foe is not None and foe.boss else f"take {action.card} as an item"
        if isinstance(action, Discard):
            return f"discard {action.card} unused"
        if isinstance(action, Go):
            if action.room is None:
                return "leave the dungeon: win"
            side = s.map_side
            room = side.rooms.get(action.room) if side is not None else None
            holds = f": {room_holds(side, room)}" if side is not None and room is not None else ""
            return f"proceed to room {action.room}{holds}"
        return ""


def _ref_text(card: str, index: Optional[int]) -> str:
    return card if index is None else f"{card}.{index + 1}"


def _roll(token: Token, state: CassetteState, die: str, face: int) -> int:
    if state.step != ROLLING:
        if state.step == REVEAL:
            raise Misread(token, f"{token.text}: a card is revealed here first (^ID)")
        hint = f": pick it up first (*{die})" if state.step == "roll" else ""
        raise Misread(token, f"{token.text}: die {die} was not picked up, so it cannot be rolled{hint}")
    if die != state.rolling[0]:
        if die in state.rolling:
            raise Misread(token, f"{token.text}: the dice roll in the order they were picked up: {state.rolling[0]} comes first")
        waiting = " ".join(state.rolling)
        raise Misread(token, f"{token.text}: die {die} was not picked up, so it cannot be rolled (still to roll: {waiting})")
    if not 1 <= face <= 6:
        raise Misread(token, f"{token.text}: a die shows 1 to 6")
    return face


def _deal_help(token: Token) -> str:
    return f"'{token.raw or token.text}': the deal: line is the map side revealed, like deal: crypt"


def _dealt_help(token: Token) -> str:
    return (
        f"'{token.raw or token.text}': Cassette Dungeons writes nothing before ':' "
        "(rolls and reveals go among the actions, after what caused them)"
    )


NOTATION: Final = CassetteNotation()


def go_on(state: CassetteState) -> list[Any]:
    """The penalties suffered one after another from ``state`` until this turn's step is
    over (or a card must be revealed, or the game ends): what going on past the dice
    costs. Never the next turn's: undefeated enemies start a new turn, whose penalties
    come only after its own roll (issue 40: two turns' damage offered as one line)."""
    run: list[Any] = []
    now = state
    while now.phase is Phase.DECISION and now.turn == state.turn:
        suffer = next((a for a in now.legal_actions() if isinstance(a, Suffer)), None)
        if suffer is None:
            break
        run.append(suffer)
        now = now.apply(suffer)
    return run
