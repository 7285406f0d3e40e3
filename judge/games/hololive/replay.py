"""Reproducers: a failing self-play game as a scenario that `judge run` replays.

The game is replayed with the same seed and policy while a Recorder writes each play-timing
action (with the choices and dice after it) and the board before it; the reproducer starts
from the board just before the failing action and replays that action.
"""
from __future__ import annotations

import random

import yaml

from .recorder import Recorder
from .selfplay import MAX_DECISIONS, new_game, seat_policies


def record_game(decks, seed, db=None, policy="random"):
    """Replay a self-play game (the same seed, decks and policy) with recording on; returns
    (recorder, error or None)."""
    answer = seat_policies(policy)
    game = new_game(decks, seed, debug=True, record=True, db=db)
    rng = random.Random(seed ^ 0x5EED)
    rec = Recorder(game)
    try:
        game.start(game.run_from("setup"))
        n = 0
        while game.pending is not None and n < MAX_DECISIONS:
            n += 1
            rec.answer(answer(game, game.pending, rng))
    except Exception as e:   # the failure being reproduced
        return rec, e
    return rec, None


def reproducer_yaml(decks, seed, error: str, cards=None, policy="random") -> str:
    """`cards`: a designer's card records the decks use; the reproducer carries them inline."""
    from .cards import builtin
    rec, err = record_game(decks, seed, builtin().overlay(cards or {}), policy)
    header = (f"# Self-play reproducer (judge selfplay --seed {seed} --policy {policy}): {error}\n"
              "# The board just before the failing action, then that action.\n")
    if not rec.items:
        given = {"turn": {"step": "setup"},
                 **{p: {"oshi": d["oshi"], "deck": d["deck"], "cheer_deck": d["cheer_deck"]}
                    for p, d in zip(("A", "B"), decks)}}
        when = []
    else:
        given, when = rec.boards[-1], rec.items[-1:]
    doc = {"scenario": f"Self-play reproducer: seed {seed}", "game": "hololive", "rules": "1.9.0",
           "refs": ["10.6.4.2"], "source": f"judge selfplay --games 1 --seed {seed} --policy {policy}", "tags": ["reproducer"],
           **({"cards": cards} if cards else {}), "given": given, "when": when, "then": [{"winner": "none"}]}
    return header + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
