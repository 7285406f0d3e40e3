"""Love Live! (1.06): the heart arithmetic of the live (2.11.3, 8.3.15) checked against a search
(hypothesis), the zone citations of chapter 4, and the scenarios of sections 1-8, 10 and 12."""
from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from judge.cli import main

from judge.games.lovelive import hearts, zones
from judge.games.lovelive.cards import ALL, COLORLESS, COLORS
from judge.games.lovelive.invariants import met_by_search

SETTINGS = settings(max_examples=300, derandomize=True, deadline=None, database=None)
counts = st.integers(min_value=0, max_value=4)
owned_hearts = st.builds(lambda d, wild: Counter({**d, ALL: wild}),
                         st.dictionaries(st.sampled_from(COLORS), counts, max_size=6), st.integers(0, 5))
required_hearts = st.dictionaries(st.sampled_from(COLORS + (COLORLESS,)), counts, max_size=7).map(Counter)


@SETTINGS
@given(owned_hearts, required_hearts)
def test_hearts_meet_exactly_when_a_choice_of_colours_for_all_hearts_does(owned, required):
    """8.3.15.1.1: each `all` heart may be any one colour; 2.11.3: every coloured requirement and the
    total. The engine's counting (hearts.meets) agrees with trying every choice of colours."""
    assert hearts.meets(owned, required) == met_by_search(owned, required)


@SETTINGS
@given(owned_hearts, required_hearts, st.sampled_from(COLORS))
def test_one_more_heart_never_unmeets_a_requirement(owned, required, colour):
    if hearts.meets(owned, required):
        assert hearts.meets(owned + Counter({colour: 1}), required)
        assert hearts.meets(owned + Counter({ALL: 1}), required)


def test_a_move_cites_the_rules_of_the_zone_it_enters_and_leaves():
    drawn = zones.move_rules("main_deck", "hand", face_up=False, ordered=False, private=True)
    assert {"5.4.1", "4.8.2", "4.1.3", "4.11.2", "4.2.3", "4.1.2.2", "4.1.4"} <= set(drawn)
    placed = zones.move_rules("resolution", "center", face_up=True, ordered=False, private=False)
    assert {"4.5.1", "4.3.2.3", "4.2.2", "4.1.4"} <= set(placed) and "4.1.7" not in placed
    moved = zones.move_rules("left", "center", face_up=True, ordered=False, private=False)
    assert "4.1.4" not in moved                   # 4.1.4: between member areas the card stays the card
    success = zones.move_rules("live", "success", face_up=True, ordered=True, private=False)
    assert {"4.10.2", "4.1.3", "4.1.7"} <= set(success)


@pytest.mark.parametrize("board, where", [
    ("A: {energy: [PL!N-bp3-016-N]}", "given.A.energy[0]"),
    ("A: {center: {card: PL!N-bp3-016-N, under: [PL!N-pb1-040-L]}}", "given.A.center.under[0]"),
    ("A: {center: PL!N-pb1-040-L}", "given.A.center"),
    ("A: {center: {wait: true, under: [LL-E-003-SD]}}", "A.center.wait"),
])
def test_an_impossible_board_is_bad_input_with_its_place(tmp_path, board, where):
    """A board no game can produce is refused before anything runs: exit 2, the file, line and path,
    never a traceback."""
    path = tmp_path / "bad.yaml"
    path.write_text(f'scenario: bad\ngame: lovelive\nrules: "1.06"\nrefs: ["4.5.1"]\ngiven:\n'
                    f'  turn: {{number: 2, player: A, step: main, first: A}}\n  {board}\nthen:\n  - A.center: null\n',
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["run", str(path)])
    assert result.exit_code == 2, result.output
    assert where in result.output and "Traceback" not in result.output
