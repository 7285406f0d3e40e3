"""Random self-play: whole games from set-up to a winner, every decision chosen uniformly
from the legal options (the random policy is just another answerer)."""
from __future__ import annotations

import random

from ...core.decisions import Action
from ...core.errors import NotRunnable
from .cards import builtin
from .decks import load_deck
from .engine import HololiveGame

MAX_DECISIONS = 20000     # a game longer than this is reported as a stall, never looped forever


def new_game(decks, seed, *, debug=False, record=False, db=None):
    """A game at set-up with both decks in their zones (shuffled by the game's own generator)."""
    db = db or builtin()
    game = HololiveGame(db, seed=seed, debug=debug, record=record)
    for p, deck in zip(game.PLAYERS, decks):
        game.new_card(db.get(deck["oshi"]), p, game.zone(p, "oshi"))
        for n in deck["deck"]:
            game.new_card(db.get(n), p, game.zone(p, "deck"), face_up=False)
        for n in deck["cheer_deck"]:
            game.new_card(db.get(n), p, game.zone(p, "cheer_deck"), face_up=False)
    return game


def random_answer(decision, rng):
    if not decision.many:
        return decision.sample(rng)
    opts = decision.options
    if decision.many:
        k = rng.randint(decision.min_pick, decision.max_pick)
        picked = rng.sample(opts, k)
        return picked
    return rng.choice(opts)


def play_game(decks, seed, *, debug=False, record=False):
    """Play one game; returns (game, decisions taken)."""
    game = new_game(decks, seed, debug=debug, record=record)
    rng = random.Random(seed ^ 0x5EED)
    game.start(game.run_from("setup"))
    n = 0
    while game.pending is not None:
        n += 1
        if n > MAX_DECISIONS:
            raise RuntimeError(f"no winner after {MAX_DECISIONS} decisions (turn {game.turn_number})")
        game.answer(random_answer(game.pending, rng))
    return game, n


def starter_decks(names=("hSD01-sora", "hSD01-azki")):
    db = builtin()
    return [load_deck(n, db) for n in names]
