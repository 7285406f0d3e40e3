"""Self-play policies other than uniform random, and what the trace says each card did.

Random play undervalues most cards: it passes the performance step half the time, lets Debut
holomems sit unbloomed and scatters cheer over the back. The `heuristic` policy plays the way a
beginner would, so balance runs see cards doing what they are for:

* performance step (9.2): always use an art when one is legal, the one that downs its target
  (damage at least the target's remaining HP, 4.4.5.4) first, then the one dealing most damage
  (printed damage plus the colour advantage, 12.3.4.3); never pass with an art available;
* main step (8): bloom (8.3) first, then place Debut/Spot holomems (8.2), play supports (8.4),
  collab (8.6) and use oshi skills (8.5); never baton pass (8.7: it archives cheer for nothing a
  simple policy can weigh); pass when nothing of that is left;
* a cheer to attach (5.21.2, 7.4): to a holomem none of whose arts is payable yet (10.5.2), the
  centre before the collab before the back;
* every other decision (set-up, targets of effects, optional abilities): uniformly at random, as
  the random policy does. Ties are broken by the game's policy generator, so a seed decides a game.

The invariant checks (`--check`) run after every event whatever the policy: a policy only answers
the engine's decisions from their legal options.
"""
from __future__ import annotations

from ...core.decisions import random_answer as uniform_answer
from .costs import covers

MAIN_ORDER = {"bloom": 0, "place": 1, "support": 2, "collab": 3, "oshi_skill": 4, "sp_oshi_skill": 5, "ability": 6}
ZONE_ORDER = {"center": 0, "collab": 1}


def heuristic_answer(game, decision, rng):
    kind = decision.kind
    if kind == "play_timing":
        return _action(game, decision, rng)
    if kind == "cheer_target":
        return _cheer_target(game, decision, rng)
    return random_answer(game, decision, rng)


def random_answer(game, decision, rng):
    """The random policy (the kernel's, judge.core.decisions.random_answer)."""
    return uniform_answer(decision, rng)


def _best(options, score, rng):
    """The option of the lowest score (ties broken at random)."""
    scored = [(score(o), o) for o in options]
    low = min(s for s, _ in scored)
    return rng.choice([o for s, o in scored if s == low])


def _action(game, decision, rng):
    options = decision.options
    if game.step == "performance":
        arts = [o for o in options if o.value.kind == "art"]
        if not arts:
            return _pass(options)

        def art_score(o):
            a = o.value
            s, t = game.stacks[a["holomem"]], game.stacks[a["target"]]
            art = game.arts_of(s)[a["art"]]
            damage = art.damage + sum(v for color, v in art.advantage.items() if color in game.colors(t))
            return (damage < game.hp(t), -damage)
        return _best(arts, art_score, rng)
    wanted = [o for o in options if o.value.kind in MAIN_ORDER]
    if not wanted:
        return _pass(options)
    return _best(wanted, lambda o: MAIN_ORDER[o.value.kind], rng)


def _pass(options):
    return next(o for o in options if o.value.kind == "pass")


def _cheer_target(game, decision, rng):
    def score(o):
        s = o.value
        cheers = game.art_cheers(s)
        payable = any(covers(game.art_cost(s, art), cheers) for art in game.arts_of(s))
        return (payable, ZONE_ORDER.get(s.zone.name, 2))
    return _best(decision.options, score, rng)


# ------------------------------------------------------------------ per-card facts
# What counts as a card being played (the "placed, bloomed, attached, used as support"):
PLAYED_FACTS = frozenset({"placed", "bloomed", "attached", "used"})
FACT_KINDS = frozenset({"draw", "enter_stage", "bloom", "attach", "used", "art", "damage", "play_ability",
                        "use_oshi_skill"})
_SIMPLE = {"draw": "drawn", "enter_stage": "placed", "bloom": "bloomed", "attach": "attached", "used": "used"}


def _number(source) -> str | None:
    """The card number an event's source names: sources are "<number> <name>" or a bare number."""
    return source.split(" ", 1)[0] if source else None


def card_facts(event) -> tuple:
    """(player, card number, fact, amount) for each thing the event says a card did. Facts: drawn,
    placed (onto the stage: 8.2, 6.2.1.10, effects), bloomed (8.3), attached (cheer 5.21, supports
    5.17), used (a support card used, 10.7.2.5), `art: NAME` (9.2), `ability: NAME` (an ability
    played, 10.8.3: collab and bloom effects, gifts, automatic abilities), `skill: NAME` (an oshi
    skill used, 8.5), damage (its amount, 5.22.1, credited to the card whose art or ability dealt it)."""
    kind, d = event.kind, event.data
    fact = _SIMPLE.get(kind)
    if fact is not None:
        if kind == "used" and d.get("what") != "support":
            return ()           # an ability's use is its `play_ability` (or `use_oshi_skill`) event
        card = d.get("card")
        return ((card.owner, card.number, fact, 1),) if card is not None else ()
    if kind == "art":
        return ((d["player"], _number(event.source), "art: " + d["art"], 1),)
    if kind == "damage":
        number = _number(event.source)
        if number is None:
            return ()
        return (("B" if d["stack"].owner == "A" else "A", number, "damage", d["amount"]),)
    if kind == "play_ability":
        pending = d["pending"]
        name = pending.label.split(" ", 1)[1] if " " in pending.label else pending.label
        return ((pending.player, pending.card.number, "ability: " + name, 1),)
    if kind == "use_oshi_skill":
        return ((d["player"], _number(event.source), "skill: " + str(d["skill"]), 1),)
    return ()
