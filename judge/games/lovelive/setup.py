"""The game's preparation (6): decks (6.1) and the steps before the game (6.2.1)."""
from __future__ import annotations

from collections import Counter

from judge.core.decisions import Option

MAIN_MEMBERS, MAIN_LIVES, ENERGY_CARDS, COPIES = 48, 12, 12, 4     # 6.1.1.1-6.1.1.3
HAND, ENERGY_AT_START = 6, 3                                       # 6.2.1.5, 6.2.1.7


def deck_problems(main: list, energy: list) -> list[tuple[str, str]]:
    """(rule, problem) for each deck-building condition of 6.1.1 the decks break."""
    out = []
    kinds = Counter(d.kind for d in main)
    if kinds["member"] != MAIN_MEMBERS or kinds["live"] != MAIN_LIVES or len(main) != MAIN_MEMBERS + MAIN_LIVES:
        out.append(("6.1.1.1", f"the main deck holds {kinds['member']} members and {kinds['live']} lives "
                               f"({len(main)} cards); it must hold exactly {MAIN_MEMBERS} and {MAIN_LIVES}"))
    from .effects_cover import deck_copies
    defs = {d.number: d for d in main}
    # 6.1.1.2, or the number a deck-building ability of the card puts in its place (6.1.2)
    over = sorted(n for n, k in Counter(d.number for d in main).items() if k > deck_copies(defs[n], COPIES))
    if over:
        out.append(("6.1.1.2", f"more than the copies allowed of {', '.join(over)}"))
    if len(energy) != ENERGY_CARDS or any(d.kind != "energy" for d in energy):
        out.append(("6.1.1.3", f"the energy deck must hold exactly {ENERGY_CARDS} energy cards"))
    return out


def present_decks(game, p: str) -> None:
    """6.2.1.1: a player presents the main deck and the energy deck they play (6.1.1). A deck that
    breaks 6.1.1 is recorded in the trace (a scenario's board may hold a short one)."""
    main = [c.defn for c in game.table.zone(p, "main_deck").items]
    energy = [c.defn for c in game.table.zone(p, "energy_deck").items]
    problems = deck_problems(main, energy)
    from .effects_cover import deck_copies
    for d in {d.number: d for d in main}.values():
        n = deck_copies(d, COPIES)
        if n != COPIES:
            # 6.1.2: a deck-building ability replaces the condition it speaks of for this card
            game.emit("deck_rule_replaced", ("6.1.2", "9.2.1.3", "6.1.1.2"), "rules", player=p, card=d.number, copies=n)
    game.emit("present_deck", ("6.2.1", "6.2.1.1", "6.1.1") + (() if problems else ("6.1.1.1", "6.1.1.2", "6.1.1.3",
                                                                                   "2.14.2")),
              "rules", player=p, main_deck=len(main), energy_deck=len(energy), legal=not problems)
    for rule, text in problems:
        game.emit("deck_violation", (rule,) + (("2.14.2",) if rule == "6.1.1.2" else ()), "rules", player=p,
                  problem=text)


def pregame(game):
    """6.2.1: the steps before the game (a procedure: yields the players' decisions)."""
    t = game.table
    for p in game.PLAYERS:                                                      # 6.2.1.1
        present_decks(game, p)
    for p in game.PLAYERS:                                                      # 6.2.1.2-6.2.1.3
        game.shuffle(p, "main_deck", ("6.2.1", "6.2.1.2", "5.5.1", "5.5.1.1", "4.8.1"))
        game.emit("energy_deck_placed", ("6.2.1.3", "4.9.1", "4.9.2"), "rules", player=p,
                  count=len(t.zone(p, "energy_deck").items))
    chooser = game.chooser if game.chooser is not None else game.rng.choice(game.PLAYERS)
    game.emit("chooser", ("6.2.1.4",), "rules", player=chooser, scripted=game.chooser is not None)
    first = yield from game.ask(chooser, "first_player", "choose the first player", ("6.2.1.4",),
                                [Option(p, p, keys=(p,)) for p in game.PLAYERS])
    game.emit("first_player", ("6.2.1.4", "7.1.1"), "rules", player=first)
    for p in game.PLAYERS:                                                      # 6.2.1.5
        for _ in range(HAND):
            game.draw(p, ("6.2.1.5", "5.6.2"))
    for p in (first, game.other(first)):                                        # 6.2.1.6
        hand = t.zone(p, "hand").items
        options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en)) for c in hand]
        picked = yield from game.ask(p, "mulligan", "set aside any number of cards to draw again",
                                     ("6.2.1.6",), options, many=True, min_pick=0, max_pick=len(options),
                                     ask_always=True, private=p)
        aside = [game.cards[i] for i in picked]
        for card in aside:
            game.move(card, p, "aside", ("6.2.1.6",), face_up=False)
        for _ in aside:
            game.draw(p, ("6.2.1.6",))
        for card in aside:
            game.move(card, p, "main_deck", ("6.2.1.6",))
        if aside:
            game.shuffle(p, "main_deck", ("6.2.1.6", "5.5.1"))
        game.emit("mulligan", ("6.2.1.6",), "rules", player=p, count=len(aside))
    for p in game.PLAYERS:                                                      # 6.2.1.7
        for _ in range(ENERGY_AT_START):
            game.energy_from_deck(p, ("6.2.1.7",))
