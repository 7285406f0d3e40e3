"""The game deck (6.1), checked when each player presents it before the game (6.2.1.1).

The rules say what a game deck must hold, not what happens to a game begun with one that does
not (that is tournament policy). So the engine records every departure from 6.1 in the trace
(`deck_violation`) and plays on: a scenario may use an abbreviated deck, and a ruling about deck
construction is read from the trace.
"""
from __future__ import annotations

from collections import Counter


DECK_SIZE = 50          # 6.1.4.2
CHEER_DECK_SIZE = 20    # 6.1.3.2
COPIES = 4              # 6.1.4.3


def game_deck_report(oshi, deck, cheer) -> tuple[list, tuple]:
    """(problems, allowances) of a game deck given as card definitions.

    problems: (rules, text) for each condition of 6.1 not met; allowances: the rules that let the
    deck hold what another rule would forbid (6.1.3.3, 6.1.5 with 2.11.2.1)."""
    problems, allowed = [], []
    if oshi is None or oshi.type != "oshi":                                  # 6.1.2
        problems.append((("6.1.2",), "the game deck has no oshi holomem card"))
    if not cheer:                                                            # 6.1.3
        problems.append((("6.1.3",), "the game deck has no cheer deck"))
    elif any(d.type != "cheer" for d in cheer):                              # 6.1.3.1
        others = sorted({d.number for d in cheer if d.type != "cheer"})
        problems.append((("6.1.3.1",), f"the cheer deck holds cards that are not cheer: {', '.join(others)}"))
    if cheer and len(cheer) != CHEER_DECK_SIZE:                              # 6.1.3.2
        problems.append((("6.1.3.2",), f"the cheer deck holds {len(cheer)} cards, not {CHEER_DECK_SIZE}"))
    if any(k > COPIES for k in Counter(d.number for d in cheer).values()):
        allowed.append("6.1.3.3")           # any number of cheer cards of one number
    if not deck:                                                             # 6.1.4
        problems.append((("6.1.4",), "the game deck has no deck"))
    oshis = sorted({d.number for d in deck if d.type == "oshi"})
    if oshis:                               # 6.1.4.1, and a second oshi card in the game deck (6.1.2)
        problems.append((("6.1.4.1", "6.1.2"), f"the deck holds oshi holomem cards: {', '.join(oshis)}"))
    cheers = sorted({d.number for d in deck if d.type == "cheer"})
    if cheers:                                                               # 6.1.4.1
        problems.append((("6.1.4.1",), f"the deck holds cheer cards: {', '.join(cheers)}"))
    if deck and len(deck) != DECK_SIZE:                                      # 6.1.4.2
        problems.append((("6.1.4.2",), f"the deck holds {len(deck)} cards, not {DECK_SIZE}"))
    defs = {d.number: d for d in deck}
    for number, k in sorted(Counter(d.number for d in deck).items()):
        if k <= COPIES:
            continue
        if defs[number].extra.get("unlimited_copies"):
            # 2.11.2.1 'any number in a deck' replaces the limit of 6.1.4.3 (6.1.5).
            allowed += ["6.1.5", "2.11.2.1"]
        else:                                                                # 6.1.4.3
            problems.append((("6.1.4.3", "2.14.2"), f"the deck holds {k} copies of {number}; at most {COPIES}"))
    return problems, tuple(dict.fromkeys(allowed))


def present_game_deck(game, p):
    """6.2.1.1: the player presents the game deck: the oshi, the deck and the cheer deck (6.1.1.1)."""
    oshi = game.oshi(p)
    deck = [c.defn for c in game.zone(p, "deck")]
    cheer = [c.defn for c in game.zone(p, "cheer_deck")]
    problems, allowed = game_deck_report(oshi.defn if oshi else None, deck, cheer)
    game.emit("present_deck", ("6.2.1", "6.2.1.1", "6.1.1", "6.1.1.1") + allowed, player=p,
              oshi=oshi.number if oshi else None, deck=len(deck), cheer_deck=len(cheer),
              legal=not problems)
    for rules, text in problems:
        game.emit("deck_violation", rules, player=p, problem=text)
