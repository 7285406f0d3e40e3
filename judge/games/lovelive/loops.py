"""Endless loops (12.1): a loop that neither player can stop ends the game in a draw (12.1.1.3).

The engine sees one such loop without any ability: a whole turn in which no player had a choice
(every decision had one possible answer: the play timings only 'pass', no card to set for a live)
and no chance (no shuffle, no refresh), ending in the very state the turn before ended in. The
next turn then repeats it exactly, and so on for ever, and nothing any player may do stops it."""
from __future__ import annotations


class LoopWatch:
    """What the end of the last turn looked like, and whether anything since could differ."""

    __slots__ = ("last", "choices", "chance", "acted", "_key")

    def __init__(self):
        self.last = None          # the state at the end of the last turn (its fingerprint)
        self.choices = 0          # decisions with more than one answer since then
        self.chance = 0           # shuffles and refreshes since then
        self.acted: set = set()   # 12.1.1.2: (the whole state, an action) the active player took this turn
        self._key = (None, None)  # (state version, whole state) read last: a cache, not game state


def a_choice(options, extra: dict) -> bool:
    """Whether a decision has more than one possible answer."""
    if extra.get("many"):
        low, high = extra.get("min_pick", 0), extra.get("max_pick", len(options))
        return bool(options) and high > low
    return len(options) > 1


def fingerprint(game) -> tuple:
    """Everything of the state a turn can change, save the turn's number: the cards of every zone,
    their orientation and face, and the first player. (Effects that last beyond a turn, when the
    engine runs abilities, are state too and belong here.)"""
    t = game.table
    zones = tuple((z.label, tuple((c.id, c.wait, c.face_up, c.beneath) for c in z.items)) for z in t.all_zones())
    return zones, t.turn.first


def whole_state(game) -> tuple:
    """12.1.1.2's 'the game completely the same': every card's place, orientation, face, whether it lies beneath
    and the turn it entered the stage; the effects that last, the plays of abilities with a turn limit (11.2,
    11.3), the members that moved or entered by a baton touch this turn; the turn, its step and players. Read
    once per state version (an event with a handler changes it)."""
    version, key = game.loops._key
    if version == game.state_version and key is not None:
        return key
    t, ab = game.table, game.ab
    zones = tuple((z.label, tuple((c.id, c.wait, c.face_up, c.beneath, c.entered_turn) for c in z.items))
                  for z in t.all_zones())
    limited = tuple(sorted((k, v) for k, v in ab.uses.items()
                           if game.cards[k[0]].defn.ability_list[k[1]].limit))
    effects = tuple((e.target, repr(e.modify), e.until) for e in ab.effects)
    baton = tuple(sorted((k, getattr(v, "number", repr(v))) for k, v in ab.baton_from.items()))
    key = (zones, limited, effects, tuple(sorted(ab.moved)), baton, tuple(sorted(ab.succeeded)), len(ab.timed),
           t.turn.number, t.turn.step, t.turn.player, t.turn.first)
    game.loops._key = (game.state_version, key)
    return key


def note_action(game, p: str, action) -> None:
    """12.1.1.2: the active player takes an action: remember it with the state it was taken in."""
    if p == game.table.turn.player:
        game.loops.acted.add((whole_state(game), action))


def repeats(game, p: str, action) -> bool:
    """12.1.1.2: the game is again completely as it was when the active player took this action this turn:
    they cannot take it again (else the same actions could loop for ever)."""
    acted = game.loops.acted
    return bool(acted) and p == game.table.turn.player and (whole_state(game), action) in acted


def at_turn_end(game) -> None:
    """12.1.1 / 12.1.1.3: at the end of a turn (8.4.14), a turn with no choice and no chance that
    ends where the last one ended repeats for ever: the game ends in a draw."""
    watch = game.loops
    now = fingerprint(game)
    if watch.last == now and not watch.choices and not watch.chance:
        game.end_game(None, ("12.1.1", "12.1.1.3", "1.2.1"),
                      "the turns repeat with no choice for either player: an endless loop nobody can stop")
    watch.last, watch.choices, watch.chance = now, 0, 0
    watch.acted.clear()                                   # 12.1.1.2 speaks of one turn
