"""Scripted shuffle results (`shuffles:` in a scenario): used per zone in order, partial orders,
`keep`, and the failures for a card not in the zone and an entry never used."""
from __future__ import annotations

import pytest

from judge.core.errors import InputError
from judge.scenario.model import scenario_from_text
from judge.scenario.runner import FAILED, PASSED, run_scenario

BASE = """\
scenario: scripted shuffles
game: hololive
rules: "1.9.0"
refs: ["6.2.1.2"]
given:
  turn: {step: setup}
  A:
    deck: [TEST-WHITE-DEBUT, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER, TEST-SPOT, TEST-GREEN-DEBUT, FILLER]
    cheer_deck: [white, white, red]
  B:
    deck: [TEST-RED-DEBUT, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER]
shuffles:
%s
when:
  - first_player: A
then:
  - pending: {player: A, decision: mulligan}
%s
"""


def run(shuffles: str, then: str):
    return run_scenario(scenario_from_text(BASE % (shuffles, then)))


def test_a_partial_order_puts_the_named_cards_on_top_and_keeps_the_rest():
    r = run("  - {player: A, zone: deck, order: [TEST-GREEN-DEBUT, TEST-SPOT]}",
            "  - A.hand: [TEST-GREEN-DEBUT, TEST-SPOT, TEST-WHITE-DEBUT, FILLER, FILLER, FILLER, FILLER]")
    assert r.status == PASSED, r.failures


def test_entries_are_used_per_zone_and_cheer_is_named_by_colour():
    r = run("  - {player: A, zone: cheer_deck, order: [red]}\n"
            "  - {player: A, zone: deck, order: keep}",
            "  - A.hand: {contains: [TEST-WHITE-DEBUT], not: [TEST-GREEN-DEBUT]}\n"
            "  - A.cheer_deck: [red, white, white]")
    assert r.status == PASSED, r.failures


def test_a_card_not_in_the_zone_fails_naming_the_zone():
    r = run("  - {player: A, zone: deck, order: [TEST-BLUE-DEBUT]}", "  - A.hand.count: 7")
    assert r.status == FAILED
    assert "no 'TEST-BLUE-DEBUT' in the zone" in r.failures[0]


def test_an_entry_never_used_fails():
    r = run("  - {player: A, zone: deck, order: keep}\n  - {player: A, zone: deck, order: [FILLER]}",
            "  - A.hand.count: 7")
    assert r.status == FAILED
    assert "scripted shuffle results never used" in r.failures[0]


def test_only_the_deck_and_the_cheer_deck_can_be_scripted():
    with pytest.raises(InputError):
        scenario_from_text(BASE % ("  - {player: A, zone: hand}", "  - A.hand.count: 7"))
