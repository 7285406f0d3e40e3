"""The 1.3.0 -> 1.9.0 rule map: every number exists, both documents are covered."""
from __future__ import annotations

import pytest

from judge.games.hololive.rules import rule_index
from judge.games.hololive.rules.maps import rule_map

OLD, NEW = "1.3.0", "1.9.0"


@pytest.fixture(scope="module")
def m():
    return rule_map(OLD, NEW)


def test_numbers_exist_in_their_index(m):
    old, new = rule_index(OLD), rule_index(NEW)
    assert [n for n in m.entries if n not in old] == []
    assert [e.new for e in m.entries.values() if e.new not in new] == []
    assert [n for n in m.removed if n not in old] == []
    assert [n for n in m.added if n not in new] == []


def test_every_old_rule_is_mapped_or_removed(m):
    missing = [r.number for r in rule_index(OLD) if r.number not in m.entries and r.number not in m.removed]
    assert missing == []
    assert set(m.entries) & set(m.removed) == set()


def test_every_new_rule_is_mapped_or_added(m):
    targets = {e.new for e in m.entries.values()}
    missing = [r.number for r in rule_index(NEW) if r.number not in targets and r.number not in m.added]
    assert missing == []
    assert targets & set(m.added) == set()


def test_changed_entries_have_a_note(m):
    assert all(isinstance(e.changed, str) and e.changed.strip() for e in m.changed)
    assert all(isinstance(v, str) and v.strip() for v in [*m.added.values(), *m.removed.values()])


def test_known_renumberings(m):
    assert m.forward("5.13") == "5.14"             # Bloom
    assert m.forward("6.2.1.8.1") == "6.2.1.9.1"   # the set-up loss
    assert m.forward("7.6.2") == "7.6.4"           # the performance step's play timing
    assert m.backward("12.3.4.5") == "12.2.3.5"
    assert m.translate("5.28", NEW, OLD) == "5.28 (1.9.0 only)"
    assert m.translate("1.3.2.2", OLD, NEW) == "1.3.2.2 (1.3.0 only)"


def test_cite_map_lands_in_the_old_index_or_nowhere(m):
    old = rule_index(OLD)
    for new_number, old_number in m.cite_map().items():
        assert old_number in old or old_number.endswith("(1.9.0 only)"), (new_number, old_number)
    # every 1.9.0 number the map does not rename is the same rule in 1.3.0
    cm = m.cite_map()
    for r in rule_index(NEW):
        if r.number not in cm:
            assert m.backward(r.number) == r.number


def test_game_class_uses_the_map(m):
    from judge.games.hololive.versions import GAME_CLASSES
    cls = GAME_CLASSES[OLD]
    assert cls.cite_map.get("5.14") == "5.13"
    assert cls.cite_map.get("7.7.6") == "7.7.6 (1.9.0 only)"
