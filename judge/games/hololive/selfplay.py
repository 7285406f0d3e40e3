"""Random self-play: whole games from set-up to a winner, every decision chosen uniformly
from the legal options (the random policy is just another answerer)."""
from __future__ import annotations

import random

from ...core.decisions import Action
from ...core.errors import NotRunnable
from .cards import builtin
from .decks import load_deck
from .engine import HololiveGame
from .policy import FACT_KINDS, heuristic_answer, random_answer  # noqa: F401 (random_answer: tests, replay)

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


POLICIES = {"random": random_answer, "heuristic": heuristic_answer}     # docs/cli.md; policy.py


def seat_policies(policy: str):
    """One answerer for "X" (both players), or one that asks A's policy or B's for "X,Y"."""
    names = policy.split(",")
    if len(names) == 1:
        return POLICIES[names[0]]
    by_player = dict(zip(HololiveGame.PLAYERS, (POLICIES[n] for n in names)))
    return lambda game, decision, rng: by_player[decision.player](game, decision, rng)


def play_game(decks, seed, *, debug=False, record=False, db=None, policy="random", watch=None):
    """Play one game; returns (game, decisions taken). `policy` names how both players answer
    (POLICIES), or "X,Y" for A's and B's; `watch(event)`, if given, sees every event of
    policy.FACT_KINDS (per-card statistics)."""
    game = new_game(decks, seed, debug=debug, record=record, db=db)
    if watch is not None:
        game.watch(watch, FACT_KINDS)
    answer = seat_policies(policy)
    rng = random.Random(seed ^ 0x5EED)
    game.start(game.run_from("setup"))
    return game, game.play_out(answer, rng, MAX_DECISIONS)


def starter_decks(names=("hSD01-sora", "hSD01-azki"), db=None):
    db = db or builtin()
    return [load_deck(n, db) for n in names]


# ---------------------------------------------------------------- random decks
DEBUTS_AT_LEAST = 12        # enough Debut holomems that set-up (6.2.1.7) rarely ends the game
COPIES = 4                  # 6.1.4.3


def runnable(db) -> dict:
    """The cards of `db` every part of which the engine runs, by kind (test cards left out)."""
    pool = {"oshi": [], "debut": [], "holomem": [], "support": [], "cheer": []}
    for d in db.cards.values():
        if d.unsupported() or d.number.startswith(("TEST-", "FILLER", "DEFAULT-")):
            continue
        if d.type == "holomem":
            pool["holomem"].append(d.number)
            if d.bloom_level == "debut":
                pool["debut"].append(d.number)
        elif d.type in pool:
            pool[d.type].append(d.number)
    return {k: sorted(v) for k, v in pool.items()}


def random_deck(rng, db, featured=()) -> dict:
    """A legal deck (6.1) drawn from the runnable cards: `featured` cards (a designer's new cards)
    first, four copies of each (its oshi, its cheer), then Debut holomems up to DEBUTS_AT_LEAST and
    random holomems and supports up to 50."""
    pool = runnable(db)
    feat = [db.get(n) for n in featured]
    oshis = [d.number for d in feat if d.type == "oshi"] or pool["oshi"]
    cheers = [d.number for d in feat if d.type == "cheer"] or pool["cheer"]
    cards: list[str] = []

    def add(number, n):
        limit = 50 if db.get(number).extra.get("unlimited_copies") else COPIES
        while n > 0 and len(cards) < 50 and cards.count(number) < limit:
            cards.append(number)
            n -= 1

    for d in feat:
        if d.type in ("holomem", "support"):
            add(d.number, COPIES)
    while sum(db.get(n).bloom_level == "debut" for n in cards) < DEBUTS_AT_LEAST and len(cards) < 50:
        add(rng.choice(pool["debut"]), 1)
    rest = pool["holomem"] + pool["support"]
    while len(cards) < 50:
        add(rng.choice(rest), 1)
    return {"name": "random", "oshi": rng.choice(oshis), "deck": cards,
            "cheer_deck": [rng.choice(cheers) for _ in range(20)]}


def random_decks(seed, db, featured=()) -> list[dict]:
    """Two random decks for the game of this seed (the same seed, the same decks)."""
    rng = random.Random(seed ^ 0xDEC)
    return [random_deck(rng, db, featured), random_deck(rng, db, featured)]
