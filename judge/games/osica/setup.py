"""ゲームの準備: deck construction (build.1-10) and the set-up, whose steps the page does not state
beyond the 推しキャラ placed face up (oshi.1) and the hearts from the top of the deck (heart.5): the
shuffle, the first player, the number of hearts, the opening hand, a mulligan and the starting
limit are assumptions (setup.*)."""
from __future__ import annotations

from collections import Counter

from judge.core.decisions import Option

DECK_SIZE, COPIES = 60, 4                  # build.1, build.2


def deck_problems(oshi, deck: list) -> list[tuple[tuple, str]]:
    """(rules, problem) for each condition of deck construction the deck breaks."""
    out = []
    if oshi is None or len(deck) != DECK_SIZE:
        out.append((("build.1",), f"a deck is 1 推しキャラ and {DECK_SIZE} cards, not {len(deck)}"))
    if oshi is not None and oshi.kind != "character":
        out.append((("build.4", "build.9", "build.10"), f"the 推しキャラ {oshi.number} is a {oshi.kind} card"))
    counts = Counter(d.identity for d in deck)
    if oshi is not None:
        counts[oshi.identity] += 1
    over = sorted(i for i, n in counts.items() if n > COPIES)
    if over:
        three = oshi is not None and oshi.identity in over
        out.append((("build.2", "build.6", "build.7") + (("build.3",) if three else ()),
                    f"more than {COPIES} of the same card: {', '.join(over)}"))
    works = {d.work for d in deck} | ({oshi.work} if oshi is not None else set())
    if len(works) > 1:
        out.append((("build.5",), f"cards of several works: {', '.join(sorted(works))}"))
    markers = sorted({d.number for d in deck if d.kind == "marker"})
    if markers:
        out.append((("build.8",), f"cards that are no part of a deck: {', '.join(markers)}"))
    return out


def pregame(game):
    """The set-up, in the order the assumption setup.order gives (a procedure)."""
    t = game.table
    for p in game.PLAYERS:
        ps = t.players[p]
        oshi = next((c for c in ps.zones["oshi"].items if c.oshi), None)
        deck = [c.defn for c in ps.zones["deck"].items]
        problems = deck_problems(oshi.defn if oshi else None, deck)
        rules = ("build.1", "build.2", "build.4", "build.5", "build.6", "build.8", "build.9") + \
            tuple(r for rs, _ in problems for r in rs)
        game.emit("deck_check", tuple(dict.fromkeys(rules)), "rules", player=p, legal=not problems,
                  problems=[m for _, m in problems])
        if problems:
            game.refused = p
            game.emit("no_game", tuple(r for rs, _ in problems for r in rs), "rules", player=p)
            return
    for p in game.PLAYERS:
        oshi = next(c for c in t.players[p].zones["oshi"].items if c.oshi)
        game.emit("flip", ("oshi.1",), oshi.number, card=oshi.id, number=oshi.number, face_up=True)
    for p in game.PLAYERS:
        if game.assumed("setup.shuffle"):
            game.shuffle(p, "deck", ("setup.shuffle", "heart.10"))
        else:
            game.emit("not_shuffled", ("setup.shuffle", "heart.10"), "rules", player=p)
    first = game.first_player if game.first_player is not None else game.rng.choice(game.PLAYERS)
    game.emit("first_player", ("setup.first",), "rules", player=first, scripted=game.first_player is not None)
    game.emit("turn", ("setup.first",), "rules", number=1, player=first)
    order = ("hearts", "hand") if game.assumed("setup.order") == "hearts-then-hand" else ("hand", "hearts")
    for step in order:
        for p in (first, game.other(first)):
            if step == "hearts":
                for _ in range(game.assumed("setup.hearts")):
                    game.move(t.zone(p, "deck").items[0], "heart", ("heart.5", "heart.1", "heart.8", "setup.hearts",
                                                                   "setup.order"), "rules", face_up=False)
            else:
                for _ in range(game.assumed("setup.hand")):
                    game.move(t.zone(p, "deck").items[0], "hand", ("setup.hand", "setup.order"), "rules")
    if game.assumed("setup.mulligan") == "once":
        for p in (first, game.other(first)):
            again = yield from game.ask(p, "mulligan", "shuffle your hand into the deck and draw again?",
                                        ("setup.mulligan",), [Option("keep", False, keys=("keep", "no")),
                                                              Option("redraw", True, keys=("redraw", "yes"))],
                                        ask_always=True)
            if again:
                hand = list(t.zone(p, "hand").items)
                for card in hand:
                    game.move(card, "deck", ("setup.mulligan",), "rules", face_up=False)
                game.shuffle(p, "deck", ("setup.mulligan",))
                for _ in hand:
                    game.move(t.zone(p, "deck").items[0], "hand", ("setup.mulligan", "setup.hand"), "rules")
    else:
        game.emit("no_mulligan", ("setup.mulligan",), "rules")
    for p in game.PLAYERS:
        game.emit("limit", ("setup.limit", "start.4"), "rules", player=p, limit=game.assumed("setup.limit"))
