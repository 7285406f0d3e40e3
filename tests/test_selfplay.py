"""Self-play: hundreds of random games end with a winner, with invariants checked after every event."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.core.errors import InvariantViolation
from judge.core.state import Card
from judge.games.hololive.selfplay import play_game, starter_decks

DECKS = starter_decks()


def test_three_hundred_games_end_with_a_result():
    results = {"A": 0, "B": 0, "draw": 0}
    for seed in range(300):
        game, n = play_game(DECKS, seed)
        assert game.over and n > 0
        results[game.result["winner"]] += 1
    assert results["A"] > 50 and results["B"] > 50       # neither seat always wins


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_invariants_hold_after_every_event(seed):
    game, _ = play_game(DECKS, seed, debug=True)      # raises InvariantViolation on any breach
    assert game.over


def test_same_seed_same_game():
    a, na = play_game(DECKS, 1234, record=True)
    b, nb = play_game(DECKS, 1234, record=True)
    assert na == nb and [e.kind for e in a.trace] == [e.kind for e in b.trace]


def test_invariant_checker_detects_a_lost_card():
    game, _ = play_game(DECKS, 3, record=True)
    card = next(iter(game.cards.values()))
    card.zone.items.remove(card) if card.holder is None else card.holder.attached.append(card)
    with pytest.raises(InvariantViolation):
        game.check_invariants(game.trace[-1])


def test_invariant_checker_detects_a_card_in_two_places():
    game, _ = play_game(DECKS, 5, record=True)
    card = next(c for c in game.cards.values() if c.holder is None and c.zone is not None)
    other = game.zone("A", "archive") if card.zone is not game.zone("A", "archive") else game.zone("A", "hand")
    other.items.append(card)
    with pytest.raises(InvariantViolation):
        game.check_invariants(game.trace[-1])
    assert isinstance(card, Card)


def test_invariant_checker_detects_an_order_named_to_both_players():
    """4.1.5.1: the order a player chose for cards put into a hidden zone is theirs alone."""
    from judge.core.events import Event
    game, _ = play_game(DECKS, 7, record=True)
    with pytest.raises(InvariantViolation):
        game.check_invariants(Event(10**6, "decision", ("4.1.5",), None,
                                    {"player": "A", "kind": "order", "choice": ["x", "y"]}, None))
    card = next(c for c in game.cards.values() if c.owner == "A")
    with pytest.raises(InvariantViolation):
        game.check_invariants(Event(10**6, "move", ("4.1.5.1",), None,
                                    {"card": card, "number": card.number, "frm": "A.archive",
                                     "to": game.zone("A", "deck"), "ordered_by": "A"}, None))
