"""The floor for ``verify``: a minimal Scoundrel checker, written for speed and nothing else.

It knows one game and the records ``dungeon sim --records`` writes (tags, then one move a
line, no checkpoints), and checks what makes a Scoundrel record legal: the cards dealt,
the carried card, strike reach, potions, runs, death and the Result. It says only legal
or not; ``verify`` says where and why, for every game, from the rules source the bots and
solvers share. The bench times both on the same records, so the ratio says what that
generality costs; tests/project/test_bench_floor.py holds the two to the same verdicts.
"""

from __future__ import annotations

DECK = frozenset(r + s for s in "cs" for r in "23456789TJQKA") | frozenset(r + s for s in "dh" for r in "23456789T")
VALUE = {r: i for i, r in enumerate("23456789TJQKA", 2)}


def records(text: str) -> list[str]:
    """The records of a file, split where a ``[Game`` tag line begins."""
    return ["[Game" + part for part in text.split("[Game")[1:]]


def legal(record: str) -> bool:
    """True when ``record`` is a legal, finished or unfinished, Scoundrel game."""
    tags: dict[str, str] = {}
    moves: list[str] = []
    for line in record.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line[0] == "[":
            key, _, value = line[1:-1].partition(" ")
            tags[key] = value.strip('"')
        else:
            moves.append(line)
    if tags.get("Game") != "scoundrel" or tags.get("Variant", "") not in ("", "strict-weapon"):
        return False
    strict = tags.get("Variant") == "strict-weapon"
    unseen = set(DECK)  # never dealt: the top of the dungeon
    under: list[str] = []  # gone under after a run, in order: the bottom
    hp, weapon, last, carried, ran, over = 20, 0, 99, "", False, False
    drunk_last = 0
    for number, line in enumerate(moves, 1):
        head, colon, tail = line.partition(" : ")
        words = head.split()
        if over or not colon or not words or words[0] != f"{number}.":
            return False
        room = words[1:]
        if carried:
            if not room or room[0] != f"({carried})":
                return False
            room[0] = carried
        elif room and room[0].startswith("("):
            return False
        fresh = room[1:] if carried else room
        want = min(4 - bool(carried), len(unseen) + len(under))
        if len(fresh) != want:
            return False
        for card in fresh:
            if card in unseen:
                unseen.discard(card)
            elif not unseen and under and under[0] == card:
                under.pop(0)
            else:
                return False
        actions = tail.split()
        last_room = not unseen and not under
        if actions == ["run"]:
            if ran:
                return False
            under.extend(room)
            carried, ran = "", True
            continue
        need = len(room) - (0 if last_room else 1)
        if len(actions) > need:
            return False
        ran, drank, left, done = False, False, list(room), 0
        for action in actions:
            done += 1
            strike = action[0] == "x"
            card = action[1:] if strike else action
            if card not in left:
                return False
            left.remove(card)
            value, suit = VALUE[card[0]], card[1]
            drunk_last = 0
            if strike and suit in "dh":
                return False
            if suit == "h":
                if not drank:
                    hp, drunk_last = min(20, hp + value), value
                drank = True
            elif suit == "d":
                weapon, last = value, 99
            elif strike:
                if not weapon or value > last or (strict and value == last):
                    return False
                hp -= max(0, value - weapon)
                last = value
            else:
                hp -= value
            if hp <= 0:
                over = True
                break
        if done != (len(actions) if over else need):
            return False
        carried = left[0] if left and not over else ""
        if last_room and not over:
            over = True
    result = tags.get("Result")
    if result is None:
        return True
    if not over:
        return False
    if hp > 0:
        return result == f"win {hp + (drunk_last if hp == 20 else 0)}"
    monsters = sum(VALUE[c[0]] for c in list(unseen) + under + left if c[1] in "cs")
    return result == f"loss {hp - monsters}"
