"""Love Live! abilities (sections 9 and 11): the card encodings of the start decks, their strict schema, the
effect language's generated files, and properties of the ability machinery."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.games.lovelive import hearts
from judge.games.lovelive.cards import COLORS, builtin
from judge.games.lovelive.encodings import encodings
from judge.games.lovelive.selfplay import start_decks

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference" / "lovelive" / "cards.json"
ENV = {**os.environ, "JUDGE_PURE": os.environ.get("JUDGE_PURE", "")}


def judge(*args):
    done = subprocess.run([sys.executable, "-m", "judge.cli", *args], capture_output=True, text=True, env=ENV,
                          cwd=ROOT, timeout=300)
    return done.returncode, done.stdout + done.stderr


def start_deck_numbers() -> set:
    return {n for d in start_decks().values() for n in (*d["main_deck"], *d["energy_deck"])}


def test_every_start_deck_card_with_abilities_is_encoded():
    db = builtin()
    missing = sorted(n for n in start_deck_numbers() if db[n].abilities and not db[n].encoded)
    assert not missing, missing


def test_start_deck_cards_are_complete_but_those_whose_facts_the_card_list_lacks():
    db = builtin()
    incomplete = sorted(n for n in start_deck_numbers() if not db[n].supported)
    assert all(db[n].gaps for n in incomplete), [n for n in incomplete if not db[n].gaps]
    assert not any(db[n].unsupported_abilities for n in start_deck_numbers())


def test_cards_beyond_the_start_decks_are_encoded_for_a_rule_or_an_faq():
    """Issue 16: a card beyond the start decks is encoded because an official FAQ ruling is about it (its
    encoding lists the rulings: the ruling names it in one of its printings, or a scenario holding the ruling
    plays it) or because a rule needs a card that prints it (its encoding lists the rules, each a rule of the
    1.06 index, and a scenario holds the card); a reprint (`same_as`) goes with its card."""
    import yaml
    from judge.games.lovelive.encodings import SET_DIR, faq_of, load_set
    from judge.games.lovelive.ruleset import LoveLiveRuleset
    faqs = json.loads((ROOT / "judge" / "games" / "lovelive" / "data" / "faq-facts.json").read_text(
        encoding="utf-8"))["rulings"]
    played: dict = {}
    paths = list((ROOT / "scenarios" / "lovelive").rglob("*.yaml"))
    scenarios = [p.read_text(encoding="utf-8") for p in paths]
    for path, text in zip(paths, scenarios):
        doc = yaml.safe_load(text)
        source = doc.get("source") if isinstance(doc, dict) else None
        for q in ((source if isinstance(source, dict) else {}).get("faq") or []):
            played[q] = played.get(q, "") + text
    listed = faq_of()
    raw = {n: e for path in SET_DIR.glob("*.yaml") for n, e in load_set(path)[1].items()}
    index = {r.number for r in LoveLiveRuleset().rule_index("1.06")}
    for number in set(encodings()) - start_deck_numbers():
        base = raw[number].get("same_as", number)
        rules = raw[base].get("rules", [])
        assert base in listed or rules, f"{number}: encoded beyond the start decks with no rule or FAQ listed"
        for q in listed.get(base, []):
            assert q in faqs, f"{base}: no FAQ {q}"
            printing = base.rsplit("-", 1)[0] + "-"          # the card, of any rarity (a reprint)
            named = any(c.startswith(printing) for c in faqs[q]["cards"])
            assert named or base in played.get(q, ""), f"{base}: FAQ {q} neither names it nor is held by a scenario playing it"
        assert set(rules) <= index, f"{base}: {sorted(set(rules) - index)} are no rules of 1.06"
        if rules:
            assert any(base in text for text in scenarios), f"{base}: no scenario holds it"


def test_the_encodings_hold_no_card_text():
    if not REFERENCE.is_file():
        return
    texts = [c.get("text_jp", "") for c in json.loads(REFERENCE.read_text(encoding="utf-8"))["cards"]]
    phrases = {line for t in texts for line in t.split("\n") if len(line) > 20}
    for path in (ROOT / "judge" / "games" / "lovelive" / "sets").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert not [p for p in phrases if p in text], path


def test_the_generated_schema_and_reference_are_current():
    code, out = judge("cards", "terms", "--game", "lovelive", "--check")
    assert code == 0, out


def test_a_misspelt_key_in_an_encoding_is_an_error_with_the_closest_spelling(tmp_path):
    path = tmp_path / "set.yaml"
    path.write_text("set: T\ncards:\n  PL!N-sd1-008-SD:\n    abilities:\n"
                    "      - {kind: auto, triger: enter, effect: [{activate_energy: 2}]}\n", encoding="utf-8")
    code, out = judge("cards", "check", "--game", "lovelive", str(path))
    assert code == 2 and "triger" in out and "did you mean: trigger" in out and "Traceback" not in out, out


def test_an_unknown_verb_is_an_error_with_the_closest_spelling(tmp_path):
    path = tmp_path / "set.yaml"
    path.write_text("set: T\ncards:\n  PL!N-sd1-008-SD:\n    abilities:\n"
                    "      - {kind: auto, trigger: enter, effect: [{activate_enrgy: 2}]}\n", encoding="utf-8")
    code, out = judge("cards", "check", "--game", "lovelive", str(path))
    assert code == 2 and "activate_energy" in out and "Traceback" not in out, out


def test_cards_show_reads_an_encoding_back():
    code, out = judge("cards", "show", "--game", "lovelive", "PL!N-sd2-010-SD2")
    assert code == 0 and "member_waited" in out and "once_per_turn" in out, out


def test_cards_status_shows_the_start_decks():
    code, out = judge("cards", "status", "--game", "lovelive", "--json")
    rows = {r["set"]: r for r in json.loads(out)}
    start = rows["start decks"]
    assert start["cards"] == len(start_deck_numbers())
    assert start["unsupported"] == sum(1 for n in start_deck_numbers() if builtin()[n].gaps)


HEARTS = st.dictionaries(st.sampled_from((*COLORS, "all", "any")), st.integers(0, 4))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(HEARTS, st.dictionaries(st.sampled_from((*COLORS, "any")), st.integers(0, 4)), st.sampled_from(
    (*COLORS, "all", "any")))
def test_one_more_owned_heart_never_breaks_a_met_requirement(owned, required, extra):
    from collections import Counter
    if hearts.meets(Counter(owned), Counter(required)):
        assert hearts.meets(Counter(owned) + Counter({extra: 1}), Counter(required))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(0, 4), st.integers(0, 6))
def test_a_heart_of_no_colour_counts_for_colourless_requirements_only(grey, need):
    from collections import Counter
    assert hearts.meets(Counter({"any": grey}), Counter({"any": need})) == (grey >= need)
    assert not hearts.meets(Counter({"any": grey}), Counter({"pink": 1}))
