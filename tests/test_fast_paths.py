"""The engine's shortcuts for unrecorded self-play change its speed, never the game.

* a play timing lists its options lazily; `sample` draws a legal one, each equally likely;
* the ability index skips scans for ability kinds no card of the game has;
* `--jobs` plays the same games in several processes.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.cli import main
from judge.core.decisions import LazyDecision, Option
from judge.core.errors import InvariantViolation
from judge.games.hololive.cards import builtin
from judge.games.hololive.engine import HololiveGame
from judge.games.hololive.selfplay import new_game, play_game, random_answer, starter_decks
from judge.games.hololive.effects import loops

DECKS = starter_decks()


def make(value):
    return Option(str(value), value)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(legal=st.lists(st.booleans(), min_size=1, max_size=12).filter(any), seed=st.integers(0, 2**32))
def test_sample_returns_a_legal_option(legal, seed):
    d = LazyDecision("A", "play_timing", "", (), list(range(len(legal))), lambda v: legal[v], make)
    assert d.sample(random.Random(seed)).value in {o.value for o in d.options}
    assert [o.value for o in d.options] == [i for i, ok in enumerate(legal) if ok]


def test_sample_is_uniform_over_the_legal_options():
    legal = [True, False, False, True, True, False, True]
    rng = random.Random(5)
    counts = Counter(LazyDecision("A", "k", "", (), list(range(len(legal))), lambda v: legal[v], make).sample(rng).value
                     for _ in range(8000))
    assert set(counts) == {0, 3, 4, 6}
    assert all(1700 < n < 2300 for n in counts.values()), counts     # 2000 each expected


def test_sample_draws_the_same_whether_or_not_the_options_were_listed():
    lazy = LazyDecision("A", "k", "", (), list(range(9)), lambda v: v % 3 != 0, make)
    listed = LazyDecision("A", "k", "", (), list(range(9)), lambda v: v % 3 != 0, make)
    assert listed.options
    a, b = random.Random(11), random.Random(11)
    assert [lazy.sample(a).value for _ in range(50)] == [listed.sample(b).value for _ in range(50)]


def test_play_timing_options_are_exactly_the_legal_actions():
    """The lazy list equals the candidates without a violation, checked one by one."""
    game = new_game(DECKS, 21)
    rng = random.Random(2)
    game.start(game.run_from("setup"))
    seen = 0
    while game.pending is not None and seen < 40:
        d = game.pending
        if d.kind == "play_timing":
            seen += 1
            listed = [o.value for o in d.options]
            for a in d._candidates:
                legal = a.kind == "pass" or not game.why_not(d.player, a, at_play_timing=True)
                assert (a in listed) == legal
        game.answer(random_answer(game, d, rng))
    assert seen == 40


def test_checked_and_unchecked_games_are_the_same_game():
    for seed in (0, 3):
        a, na = play_game(DECKS, seed)
        b, nb = play_game(DECKS, seed, debug=True)
        assert (na, a.turn_number, a.result) == (nb, b.turn_number, b.result)


def test_ability_index_knows_which_kinds_the_game_has():
    game = new_game(DECKS, 0)
    assert game.in_game("collab_effect") and game.in_game("support")
    assert not game.in_game("auto.moved") and not game.in_game("continuous")
    db = builtin()
    moved = next((d for d in db.cards.values() if any(ab.get("moved") for ab in d.abilities)), None)
    if moved is not None:
        game.new_card(moved, "A", game.zone("A", "archive"))
        assert game.in_game("auto.moved")          # a card joining the game updates the index


def test_jobs_change_the_time_not_the_games():
    runs = []
    for jobs in ("1", "2"):
        r = CliRunner().invoke(main, ["selfplay", "--games", "6", "--seed", "40", "--no-check", "--jobs", jobs,
                                      "--json"])
        assert r.exit_code == 0, r.output
        runs.append(json.loads(r.output.strip().splitlines()[-1]))
    keys = ("actions", "turns", "winners", "violations", "crashes")
    assert [{k: run[k] for k in keys} for run in runs][0] == {k: runs[1][k] for k in keys}
    assert runs[1]["jobs"] == 2


# ------------------------------------------------------------ 14.1.1.2 and 11.1.2 bookkeeping
def _positions(seed, times, every):
    """The same unchecked game at `times` points, `every` decisions apart (fewer if it ends)."""
    game = new_game(DECKS, seed)
    rng = random.Random(seed)
    game.start(game.run_from("setup"))
    for _ in range(times):
        for _ in range(every):
            if game.pending is None:
                return
            game.answer(random_answer(game, game.pending, rng))
        if game.pending is None:
            return
        yield game


def test_a_remembered_state_keys_as_it_was_then():
    """A state remembered cheaply (references, keyed only if needed) gets the key it had when it
    was remembered, however the game went on after it."""
    remembered = []
    for game in _positions(5, 12, 10):
        assert all(loops._key_of(game, parts) == key for parts, key in remembered)
        remembered.append((loops._state_parts(game), loops.state_key(game)))
    assert len(remembered) > 5


def test_keys_do_not_depend_on_what_was_kept():
    """The key of a state is the same made from scratch (no kept keys) or from the kept ones."""
    for game in _positions(9, 10, 12):
        kept = loops.state_key(game)
        # forget every kept key and held part (the numbers standing for keys stay: they are the game's)
        memo = game.loop_memo
        memo.key_memo, memo.held, memo.state_key = {None: memo.key_memo[None]}, {}, None
        assert loops.state_key(game) == kept


def test_a_change_that_does_not_bump_a_version_is_caught(monkeypatch):
    def rest_unversioned(self, ev):
        ev.data["stack"].flags["rested"] = True
    monkeypatch.setattr(HololiveGame, "_apply_rest", rest_unversioned)
    with pytest.raises(InvariantViolation, match="stale"):
        for seed in range(20):
            play_game(DECKS, seed, debug=True)


def test_an_unmarked_board_is_caught(monkeypatch):
    """With the checks on, a board no event marked is looked at anyway (11.1.2)."""
    monkeypatch.setattr(HololiveGame, "QUIET_EVENTS", HololiveGame.QUIET_EVENTS | {"damage"})
    with pytest.raises(InvariantViolation, match="11.1.2"):
        for seed in range(20):
            play_game(DECKS, seed, debug=True)
