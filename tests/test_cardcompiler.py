"""The card-text compiler (judge/games/hololive/cardcompiler): each phrase family of phrases.lark,
Japanese in, declared steps out; what it cannot parse stays unsupported with the phrase named; every
compiled entry passes the validation of `judge cards check`; it agrees with the hand encodings."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from judge.games.hololive.cardcompiler.compile import (CANNOT, compile_card, compile_skill, validate,
                                                       without_defaults)
from judge.games.hololive.cardcompiler.merge import load_manifest

ROOT = Path(__file__).resolve().parents[1]
OFFICIAL = ROOT.parent / "shared" / "reference" / "hocg" / "cards-official-ja.json"
CARDS = ROOT / "judge" / "games" / "hololive" / "cards"
EVENT = {"card_type": "サポート・イベント"}
HOLOMEM = {"card_type": "ホロメン"}
# the printed facts a record needs around a compiled entry (rule 2), for the validation
MEMBER = {"type": "holomem", "name": "x", "bloom_level": "debut", "colors": ["white"], "hp": 50, "baton_pass": []}
OSHI = {"type": "oshi", "name": "x", "colors": ["white"], "life": 5}


def art(text):
    return compile_skill(HOLOMEM, {"type": "アーツ", "description": text})


def collab(text):
    return compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "コラボエフェクト", "name": "N", "description": text})


def support(text, card=EVENT):
    return compile_skill(card, {"type": "サポート効果", "name": text})


# ------------------------------------------------------------------ phrase families
@pytest.mark.parametrize("text,steps", [
    ("自分のデッキを2枚引く。", [{"draw": 2}]),                                        # 5.7.1
    ("自分のデッキから、〈X〉1枚を公開し、手札に加える。そしてデッキをシャッフルする。",    # 5.11.2, 5.6.1
     [{"take": {"from": "deck", "count": 1, "filter": {"name": "X"}}}, {"shuffle": "deck"}]),
    ("自分のデッキから、Buzz以外の[Debutホロメンか1stホロメン]1枚を公開し、手札に加える。",
     [{"take": {"from": "deck", "count": 1, "filter": {"type": "holomem", "bloom_level": ["debut", "1st"],
                                                        "buzz": False}}}]),
    ("自分のデッキから、#歌を持つホロメン2枚を公開し、手札に加える。",
     [{"take": {"from": "deck", "count": 2, "filter": {"type": "holomem", "tag": "#歌"}}}]),
    ("自分のデッキの上から4枚を見る。その中から、赤ホロメンを好きな枚数公開し、公開したホロメンを手札に加える。"
     "そして残ったカードを好きな順でデッキの下に戻す。",                                   # 5.9.1
     [{"look_top": {"count": 4, "pick": {"max": "any", "filter": {"type": "holomem", "color": "red"}}}}]),
    ("自分のエールデッキの上から1枚を、自分のバックホロメンに送る。",                      # 5.21.1
     [{"send_cheer": {"from": "cheer_deck", "count": 1, "to": "back"}}]),
    ("自分のアーカイブの[白エールか緑エール]2枚を自分の#歌を持つホロメンに送れる。",
     [{"send_cheer": {"from": "archive", "colors": ["white", "green"], "count": 2, "to": {"tag": "#歌"},
                      "may": True}}]),
    ("このターンの間、自分の青ホロメン1人のアーツ+30。",                                  # 10.10.1.4
     [{"modify": {"target": {"color": "blue"}, "count": 1, "arts": 30, "until": "end_of_turn"}}]),
    ("相手のバックホロメン1人に特殊ダメージ20を与える。",                                  # 5.22.1
     [{"special_damage": {"target": "opponent_back", "amount": 20}}]),
    ("自分のホロメン1人のHP20回復。", [{"restore_hp": {"target": "stage", "amount": 20}}]),  # 5.23.1
])
def test_a_phrase_family_compiles_to_its_steps(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_conditions_and_this_art():                                           # 12.3.4.2, 2.1.2
    assert art("自分のステージに〈A〉がいる時、このアーツ+20。") == {
        "effect": [{"if": {"stage_has": {"name": "A"}}, "art_bonus": 20}]}
    assert collab("■〈A〉とコラボした時、自分のデッキを1枚引く。") == {
        "kind": "collab_effect", "name": "N", "effect": [{"if": {"center_is": {"name": "A"}}, "draw": 1}]}


def test_die_branches_keep_their_following_sentences():                       # 5.24
    assert art("サイコロを1回振れる:偶数の時、このアーツ+20。3以下の時、自分のデッキから、ファン1枚を公開し、"
               "手札に加える。そしてデッキをシャッフルする。") == {"effect": [{
                   "roll_die": {"may": True}, "even": [{"art_bonus": 20}],
                   "<=3": [{"take": {"from": "deck", "count": 1, "filter": {"type": "support", "sub_type": "fan"}}},
                           {"shuffle": "deck"}]}]}
    assert support("サイコロを1回振る:6の時、自分のデッキを1枚引く。")["effect"] == [
        {"roll_die": {}, "6": [{"draw": 1}]}]


def test_a_support_with_its_condition_cost_and_limited_note():                # 10.7.2.4.1, 10.4, 2.12
    assert support("このカードは、自分の手札がこのカードを含まずに6枚以下でなければ使えない。\n\r\n"
                   "自分のデッキを2枚引く。\n\r\nLIMITED:ターンに1枚しか使えない。") == {
        "kind": "support", "condition": {"hand_other_max": 6}, "effect": [{"draw": 2}]}
    assert support("このカードは、自分のステージのエール1枚をアーカイブしなければ使えない。\n自分のデッキを1枚引く。") == {
        "kind": "support", "cost": [{"archive_cheer": {"from": "stage", "count": 1}}], "effect": [{"draw": 1}]}


def test_an_oshi_skill_gets_its_cost_and_limit_from_its_header():            # 12.1.3, 12.1.4
    out = compile_skill({"card_type": "推しホロメン"}, {
        "type": "SP推しスキル", "text": "[ホロパワー:-2]名前[ゲームに1回]自分のデッキを3枚引く。"})
    assert out == {"name": "名前", "holopower": 2, "limit": "once_per_game", "timing": "activated",
                   "effect": [{"draw": 3}]}


@pytest.mark.parametrize("text,extra", [
    ("このホロメンはデッキに何枚でも入れられる", {"unlimited_copies": True}),      # 2.11.2.1
    ("このホロメンがダウンした時、自分のライフ-2", {"down_life": 2}),               # 2.11.2.2
    ("このホロメンはBloomできない", {"cannot_bloom": True}),                        # 2.11.2.4
    ("このホロメンは〈A〉〈B〉としても扱う", {"also_named": ["A", "B"]}),            # 2.11.2.3
])
def test_extras(text, extra):
    assert compile_skill(HOLOMEM, {"type": "エクストラ", "text": text}) == {"extra": extra}


# "even if it is downed, the opponent's life does not decrease": the text prevails over 11.3.1.2 (1.3.1)
@pytest.mark.parametrize("text", [
    "相手のバックホロメン1人に特殊ダメージ20を与える。ただし、ダウンしても相手のライフは減らない。",
    "相手のバックホロメン1人に特殊ダメージ20を与える（ダウンしても相手のライフは減らない）。",
])
def test_special_damage_that_costs_no_life(text):
    assert collab(text)["effect"] == [
        {"special_damage": {"target": "opponent_back", "amount": 20, "no_life_loss": True}}]


def bloom(name, text):
    return compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ブルームエフェクト", "name": name, "description": text})


def test_a_limit_over_the_abilities_of_one_name():                              # 10.7.2.1.1
    out = bloom("P", "自分のデッキを1枚引く。自分のブルームエフェクト「P」はターンに1回しか使えない。")
    assert out == {"kind": "bloom_effect", "name": "P", "name_limit": "once_per_turn", "effect": [{"draw": 1}]}
    # a limit on another ability (another name, another keyword) is not this one's: not guessed
    assert "unsupported" in bloom("P", "自分のデッキを1枚引く。自分のブルームエフェクト「Q」はターンに1回しか使えない。")
    assert "unsupported" in bloom("P", "自分のデッキを1枚引く。自分のコラボエフェクト「P」はターンに1回しか使えない。")
    # a support: 'your 〈its own name〉 can be used only once per turn'
    card = {"card_type": "サポート・イベント", "name": "P"}
    assert support("自分のデッキを1枚引く。自分の〈P〉はターンに1回しか使えない。", card) == {
        "kind": "support", "name_limit": "once_per_turn", "effect": [{"draw": 1}]}
    assert "unsupported" in support("自分のデッキを1枚引く。自分の〈Q〉はターンに1回しか使えない。", card)


def gift(text):
    return compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ギフト", "name": "G", "description": text})


# a continuous gift (13.4.1, 10.1.1.3): "[position only] (if / while X,) <a lasting change>"
@pytest.mark.parametrize("text,keys", [
    ("このホロメンにマスコットが付いているなら、このホロメンのHP+30。",
     {"condition": {"stage_has": {"where": "this", "attached": {"type": "support", "sub_type": "mascot"}}},
      "modifier": {"hp": 30}}),
    ("相手のステージに[#JPか#ID]を持つホロメンがいる間、このホロメンのアーツ+30。",
     {"condition": {"stage_has": {"tag": ["#JP", "#ID"], "who": "opponent"}}, "modifier": {"arts": 30}}),
    ("[バックポジション限定]このホロメンは相手からダメージを受けない。",
     {"condition": {"position": "back"}, "prevent_damage": True, "from": "opponent"}),
    ("このホロメンが相手のホロメンから受けるアーツダメージ-10。",
     {"reduce_damage": 10, "from": "opponent", "damage_kind": "arts"}),
    ("[センターポジション限定]自分のコラボポジションの#4期生を持つDebutホロメンのアーツ+40。",
     {"condition": {"position": "center"},
      "effect": {"target": {"tag": "#4期生", "bloom_level": "debut", "where": "collab"}, "arts": 40}}),
    ("[センターポジション・コラボポジション限定]自分のステージのこのホロメン以外の#X期生を持つホロメン全員のアーツ+20。",
     {"condition": {"position": ["center", "collab"]},
      "effect": {"target": {"tag": "#X期生", "other_than_this": True}, "arts": 20}}),
    ("[センターポジション限定]自分のステージの[〈A〉と〈B〉]全員のアーツ+20。",
     {"condition": {"position": "center"}, "effect": {"target": {"name": ["A", "B"]}, "arts": 20}}),
])
def test_a_continuous_gift(text, keys):
    assert gift(text) == {"kind": "continuous", "name": "G", "keyword": "gift", **keys}


def test_cheer_revealed_from_the_cheer_deck_is_searched_not_its_top():         # 5.11.2, 5.21.1 (not 5.21.2)
    out = collab("自分のエールデッキから、[赤エールか青エール]1枚を公開し、自分のバックホロメンに送る。"
                 "そしてエールデッキをシャッフルする。")
    assert out["effect"] == [
        {"send_cheer": {"from": "cheer_deck", "search": True, "colors": ["red", "blue"], "count": 1, "to": "back"}},
        {"shuffle": "cheer_deck"}]


@pytest.mark.parametrize("text,steps", [
    ("自分のライフが3以下の時、このアーツ+30。", [{"if": {"life_max": 3}, "art_bonus": 30}]),    # 'の時'
    ("自分のセンターホロメンが#歌を持つ時、自分の手札が5枚以下なら、自分のデッキを1枚引く。",      # both hold
     [{"if": {"center_is": {"tag": "#歌"}, "hand_other_max": 5}, "draw": 1}]),
    ("相手のセンターホロメンとコラボホロメンに特殊ダメージ10を与える。",                           # 5.22.1 to each
     [{"special_damage": {"target": "opponent_center", "amount": 10}},
      {"special_damage": {"target": "opponent_collab", "amount": 10}}]),
    ("相手のセンターホロメンとバックホロメン1人に特殊ダメージ10を与える。",
     [{"special_damage": {"target": "opponent_center", "amount": 10}},
      {"special_damage": {"target": "opponent_back", "amount": 10}}]),
])
def test_more_conditions_and_two_damaged_holomems(text, steps):
    assert collab(text)["effect"] == steps


@pytest.mark.parametrize("text,steps", [
    ("自分のセンターホロメンを選ぶ。このターンの間、選んだホロメンのアーツ+10。",                # one reading only
     [{"modify": {"target": "center", "count": 1, "arts": 10, "until": "end_of_turn"}}]),
    ("自分のデッキからマスコット1枚を公開し、手札に加える。",                                    # no comma
     [{"take": {"from": "deck", "count": 1, "filter": {"type": "support", "sub_type": "mascot"}}}]),
    ("相手のステージに2ndホロメンがいるなら、このアーツ+20。",                                  # the opponent's stage
     [{"if": {"stage_has": {"bloom_level": "2nd", "who": "opponent"}}, "art_bonus": 20}]),
    ("自分のアーカイブのエール1~3枚をエールデッキに戻せる。",                                  # 5.5.1, 1.3.5.1
     [{"return_to_deck": {"from": "archive", "filter": {"type": "cheer"}, "count": 3, "up_to": True,
                          "to": "cheer_deck"}}]),
])
def test_more_phrases(text, steps):
    assert collab(text)["effect"] == steps


@pytest.mark.parametrize("text,steps", [
    ("このホロメンの[緑エールか青エール]1枚をアーカイブできる:自分のデッキを1枚引く。",          # 5.12.1 by colour
     [{"may_pay": {"cost": [{"archive_cheer": {"from": "this", "count": 1, "colors": ["green", "blue"]}}],
                   "effect": [{"draw": 1}]}}]),
    ("自分のアーカイブの〈X〉1枚をこのホロメンに付けられる。",                                    # 5.17.2, optional
     [{"attach": {"from": "archive", "filter": {"name": "X"}, "count": 1, "to": "this", "may": True}}]),
])
def test_cheer_of_a_colour_and_optional_attaching(text, steps):
    assert collab(text)["effect"] == steps


@pytest.mark.parametrize("text,steps", [
    # the condition governs the choosing and what the chosen holomem gets (10.2.1.2, 10.10.2)
    ("自分が後攻で最初のターンなら、自分の〈A〉1人を選ぶ。このターンの間、選んだホロメンのアーツ+30。",
     [{"if": {"second_first_turn": True},
       "modify": {"target": {"name": "A"}, "count": 1, "arts": 30, "until": "end_of_turn"}}]),
    ("自分のこのターンにBloomした#X期生を持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+30。",  # 8.3.2
     [{"modify": {"target": {"tag": "#X期生", "bloomed_this_turn": True}, "count": 1, "arts": 30,
                  "until": "end_of_turn"}}]),
    ("自分のステージの2ndホロメンの[〈A〉か〈B〉]1人を選ぶ。このターンの間、選んだホロメンのアーツ+70。",
     [{"modify": {"target": {"bloom_level": "2nd", "name": ["A", "B"]}, "count": 1, "arts": 70,
                  "until": "end_of_turn"}}]),
])
def test_choosing_a_holomem_for_this_turn(text, steps):
    assert collab(text)["effect"] == steps


@pytest.mark.parametrize("text,steps", [
    ("自分の推しホロメンが〈A〉なら、自分のデッキの上から4枚を見る。その中から、サポートカード1枚を公開し、手札に加える。"
     "そして残ったカードを好きな順でデッキの下に戻す。",                                           # 5.9.1 under X
     [{"if": {"oshi_is": {"name": "A"}}, "look_top": {"count": 4, "pick": {"max": 1, "filter": {"type": "support"}}}}]),
    ("自分のデッキの上から3枚を見る。その中から、[青ホロメンか紫ホロメン]1枚を公開し、手札に加える。"
     "そして残ったカードを好きな順でデッキの下に戻す。",
     [{"look_top": {"count": 3, "pick": {"max": 1, "filter": {"type": "holomem", "color": ["blue", "purple"]}}}}]),
    ("自分のデッキから、Debutの紫ホロメン1枚を公開し、手札に加える。",
     [{"take": {"from": "deck", "count": 1, "filter": {"type": "holomem", "bloom_level": "debut", "color": "purple"}}}]),
])
def test_looking_at_the_top_under_a_condition_and_colour_lists(text, steps):
    assert collab(text)["effect"] == steps


# ------------------------------------------------------------------ never a guess
def test_an_unparseable_phrase_makes_the_ability_unsupported_and_names_it():
    out = collab("自分のデッキを1枚引く。相手の手札をすべて見る。")
    assert out == {"kind": "collab_effect", "name": "N", "unsupported": CANNOT + "相手の手札をすべて見る。"}
    out = collab("自分のデッキを1枚引く。相手の手札とアーカイブをすべて見る。")   # named by its opening words
    assert out["unsupported"] == CANNOT + "相手の手札とアーカイブを…"


def test_what_the_language_cannot_say_is_unsupported_with_why():
    out = collab("相手のバックホロメン2人に特殊ダメージ10を与える。")       # two targets at once
    assert out["unsupported"].startswith(CANNOT) and "2 targets" in out["unsupported"]
    # a sentence continuing a conditional one with a condition on the same thing: not guessed
    out = collab("自分のライフが3以下なら、自分のデッキを1枚引く。そして自分のライフが2以下なら、自分のデッキを1枚引く。")
    assert "two conditions" in out["unsupported"]


# "If X, A. そして / その後、B.": B continues what the condition opened and holds only where X does
# (10.3.3; docs/rulings.md, "A sentence joined to a conditional one")
@pytest.mark.parametrize("text,steps", [
    ("自分が後攻で最初のターンなら、自分のデッキから、〈X〉1枚を公開し、手札に加える。そしてデッキをシャッフルする。",
     [{"if": {"second_first_turn": True}, "take": {"from": "deck", "count": 1, "filter": {"name": "X"}}},
      {"if": {"second_first_turn": True}, "shuffle": "deck"}]),
    ("自分が後攻で最初のターンなら、自分のデッキの上から1枚をアーカイブする。その後、自分のデッキを1枚引く。",
     [{"if": {"second_first_turn": True}, "archive_deck_top": {"count": 1}},
      {"if": {"second_first_turn": True}, "draw": 1}]),
    # both conditions hold for the continuing sentence when it has its own
    ("自分のライフが3以下なら、自分のデッキを1枚引く。そして自分の手札が2枚以下なら、自分のデッキを1枚引く。",
     [{"if": {"life_max": 3}, "draw": 1}, {"if": {"life_max": 3, "hand_other_max": 2}, "draw": 1}]),
    # a sentence without a connector does not continue it
    ("自分のライフが3以下なら、自分のデッキを1枚引く。自分のデッキを1枚引く。",
     [{"if": {"life_max": 3}, "draw": 1}, {"draw": 1}]),
])
def test_a_sentence_joined_to_a_conditional_one_holds_under_its_condition(text, steps):
    assert collab(text)["effect"] == steps


def test_attached_supports_and_gifts_are_not_read_as_steps():                 # 5.17, 13.4.1
    assert "unsupported" in support("自分のデッキを1枚引く。", {"card_type": "サポート・ツール"})
    gift = compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ギフト", "name": "G",
                                   "description": "自分のデッキを1枚引く。"})
    assert gift["kind"] == "gift" and gift["unsupported"].startswith(CANNOT)


# ------------------------------------------------------------------ over the official list
official = pytest.mark.skipif(not OFFICIAL.is_file(), reason="../shared/reference/hocg not present")


@pytest.fixture(scope="module")
def cards():
    return json.loads(OFFICIAL.read_text(encoding="utf-8"))["cards"]


@official
def test_every_compiled_entry_passes_the_validation_of_judge_cards_check(cards):
    records = {}
    for number, card in cards.items():
        for i, (where, _skill, entry) in enumerate(compile_card(card)):
            if "unsupported" in entry:
                assert entry["unsupported"].startswith(CANNOT) and len(entry["unsupported"]) > len(CANNOT)
                continue
            if where == "abilities" and "abilities" in entry:       # a tool, mascot or fan's abilities
                records[f"{number}{chr(65 + i)}"] = {**MEMBER, "abilities": entry["abilities"]}
            elif where == "abilities":
                records[f"{number}{chr(65 + i)}"] = {**MEMBER, "abilities": [entry]}
            elif where == "arts":
                records[f"{number}{chr(65 + i)}"] = {**MEMBER, "arts": [
                    {"name": "a", "cost": [], "damage": 0, **entry}]}
            elif where == "extra":
                records[f"{number}{chr(65 + i)}"] = {**MEMBER, **entry}
            else:
                records[f"{number}{chr(65 + i)}"] = {**OSHI, where: entry}
    assert len(records) > 400
    assert validate(records) == []


def test_validation_catches_an_undeclared_step():
    assert validate({"X": {**MEMBER, "arts": [
        {"name": "a", "cost": [], "damage": 0, "effect": [{"drawww": 1}]}]}})


@official
def test_the_compiler_agrees_with_every_hand_encoding(cards):
    """Where an ability is encoded by hand and the compiler parses it too, both say the same."""
    manifest, compared = load_manifest(), 0
    for name in ("hSD01", "hBP01"):
        records = yaml.safe_load((CARDS / f"{name}.yaml").read_text(encoding="utf-8"))["cards"]
        for number, record in records.items():
            for where, skill, entry in compile_card(cards[number]):
                if "unsupported" in entry or where == "extra":
                    continue
                if "abilities" in entry:            # a tool, mascot or fan: all its abilities at once
                    if "abilities/attached" in manifest.get(number, []) or any(
                            "unsupported" in a for a in record.get("abilities", [])):
                        continue
                    # a card's abilities are not ordered (the hand may write the attach rule first)
                    assert sorted(json.dumps(without_defaults(a), sort_keys=True) for a in record["abilities"]) == \
                        sorted(json.dumps(without_defaults(a), sort_keys=True) for a in entry["abilities"]), number
                    compared += 1
                    continue
                if where == "arts":
                    hand = next((a for a in record["arts"] if a["name"] == skill["name"]), None)
                    printed = [s for s in cards[number]["skills"] if s["type"] == "アーツ"]
                    if hand is None and len(printed) == len(record["arts"]):
                        hand = record["arts"][printed.index(skill)]     # the names spelt differently (merge.py)
                elif where == "abilities":
                    hand = next((a for a in record.get("abilities", []) if a["kind"] == entry["kind"]
                                 and (entry["kind"] == "support" or a.get("name") == skill.get("name"))), None)
                else:
                    hand = record[where]
                key = where if where.endswith("skill") else None
                if hand is None or "unsupported" in hand or key in manifest.get(number, []) \
                        or any(k.startswith(f"{where}/") and skill.get("name", "") in k for k in manifest.get(number, [])):
                    continue
                for k in (("effect",) if where == "arts" else ("condition", "cost", "effect")):
                    assert _same(hand.get(k)) == _same(entry.get(k)), (number, where, k)
                compared += 1
    assert compared >= 15


def _same(steps):
    """Steps with their defaults dropped, and a `look` at a zone right before a `take` from it dropped:
    the take looks at the zone itself (5.8.1), so both encodings mean the same."""
    steps = without_defaults(steps)
    if not isinstance(steps, list):
        return steps
    return [s for i, s in enumerate(steps)
            if not (isinstance(s, dict) and set(s) == {"look"} and i + 1 < len(steps)
                    and isinstance(steps[i + 1], dict) and "take" in steps[i + 1]
                    and steps[i + 1]["take"].get("from", "deck") == s["look"].get("zone"))]


@official
def test_the_set_files_are_what_compiling_gives():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "compile_cards.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# ------------------------------------------------------------------ the pool's phrase families (issue 18)
@pytest.mark.parametrize("text,steps", [
    ("自分の手札1枚をアーカイブできる:このアーツ+30。",                                    # 10.4.1
     [{"may_pay": {"cost": [{"put": {"count": 1, "to": "archive"}}], "effect": [{"art_bonus": 30}]}}]),
    ("このホロメンのエール2枚をアーカイブできる:自分のデッキを1枚引く。",
     [{"may_pay": {"cost": [{"archive_cheer": {"from": "this", "count": 2}}], "effect": [{"draw": 1}]}}]),
    ("自分のデッキの上から3枚をアーカイブする。", [{"archive_deck_top": {"count": 3}}]),        # 5.12.1
    ("自分のデッキの上から1枚をアーカイブできる。", [{"archive_deck_top": {"count": 1, "may": True}}]),
    ("自分のデッキを2枚引いた後、手札1枚をアーカイブする。",
     [{"draw": 2}, {"put": {"count": 1, "to": "archive"}}]),
    ("自分のアーカイブの#歌を持つDebutホロメン1枚を手札に戻す。",                            # 5.5.1
     [{"take": {"from": "archive", "count": 1, "filter": {"type": "holomem", "tag": "#歌", "bloom_level": "debut"}}}]),
    ("このホロメンに重なっているホロメン1枚につき、このアーツ+20。",                        # 12.3.4.2
     [{"art_bonus_per": {"amount": 20, "what": "stacked"}}]),
    ("自分のステージの異なるカード名の#歌を持つホロメン1人につき、このアーツ+10。",
     [{"art_bonus_per": {"amount": 10, "on": {"tag": "#歌"}, "distinct_names": True}}]),
    ("相手のセンターホロメンかコラボホロメンに特殊ダメージ30を与える。",                    # 5.22.1
     [{"special_damage": {"target": {"where": ["center", "collab"], "who": "opponent"}, "amount": 30}}]),
    ("相手のセンターホロメンとバックホロメン1人を交代させる。",                              # 5.18.1
     [{"swap": {"a": "opponent_center", "b": "opponent_back"}}]),
    ("自分のライフが2以下なら、このアーツ+10。", [{"if": {"life_max": 2}, "art_bonus": 10}]),   # 4.10
    ("自分が後攻で最初のターンなら、自分のデッキを1枚引く。",                                # 6.2.1.5
     [{"if": {"second_first_turn": True}, "draw": 1}]),
    ("[センターポジション限定]このターンの間、このホロメンのアーツ+20。",                    # 4.7.4
     [{"modify": {"target": "this", "arts": 20, "until": "end_of_turn"}, "if": {"position": "center"}}]),
])
def test_a_pool_phrase_family_compiles_to_its_steps(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_an_attached_support_is_its_lines():                                  # 5.17, 5.19.1, 11.4.3
    text = ("このファンが付いているホロメンのHP+10。\n\n◆1st以上の〈A〉に付いていたら能力追加\n"
            "[ターンに1回]相手のターンで、このファンが付いているホロメンがダメージを受けた時、自分のデッキを1枚引く。\n\n"
            "このファンは、自分の〈A〉だけに付けられ、1人につき何枚でも付けられる。")
    assert support(text, {"card_type": "サポート・ファン"}) == {"abilities": [
        {"kind": "continuous", "modifier": {"hp": 10}},
        {"kind": "auto", "trigger": "damaged", "condition": {"attached_to": {"name": "A", "bloom_level": ["1st", "2nd"]},
                                                             "turn": "opponent"},
         "limit": "once_per_turn", "effect": [{"draw": 1}]},
        {"kind": "attach_rule", "only_to": {"name": "A"}, "no_limit": True}]}
    # a line it cannot read leaves the whole card unsupported, the line named
    out = support("このツールが付いているホロメンのアーツ+10。\nこのツールは空を飛ぶ。", {"card_type": "サポート・ツール"})
    assert out["unsupported"].startswith(CANNOT + "このツールは空を飛ぶ")


def test_a_gift_is_the_kind_of_ability_it_is():                               # 13.4.1
    gift = compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ギフト", "name": "G",
                                   "description": "相手のターンで、このホロメンがダウンした時、自分のデッキを1枚引く。"})
    assert gift == {"kind": "when_downed", "name": "G", "keyword": "gift", "condition": {"turn": "opponent"},
                    "effect": [{"draw": 1}]}
    gift = compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ギフト", "name": "G",
                                   "description": "このホロメンがアーツを使った時、自分のデッキを1枚引く。"})
    assert gift["kind"] == "auto" and gift["trigger"] == "arts_used" and gift["keyword"] == "gift"


def test_choose_then_this_turn_is_a_modify_of_the_chosen():                   # 10.2.1.2, 10.10.2
    assert collab("このホロメン以外の自分のバックホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+30。") == {
        "kind": "collab_effect", "name": "N", "effect": [{"modify": {
            "target": {"where": "back", "other_than_this": True}, "count": 1, "arts": 30, "until": "end_of_turn"}}]}
    # a choice whose number is not written is not guessed
    assert "unsupported" in collab("自分のホロメンを選ぶ。このターンの間、選んだホロメンのアーツ+30。")


def test_a_count_cap_applies_to_the_count_before_it():                      # 12.3.4.2
    assert art("自分のステージの#歌を持つホロメン1人につき、このアーツ+10。ただし、数える人数は3人まで。") == {
        "effect": [{"art_bonus_per": {"amount": 10, "on": {"tag": "#歌"}, "max": 3}}]}


def test_an_entry_edited_by_hand_after_the_compiler_wrote_it_is_kept():
    """The manifest keeps a digest of what the compiler wrote: an entry changed since is a hand
    encoding, so a later compile (with a better grammar) leaves it as it is."""
    from judge.games.hololive.cardcompiler.merge import digest, merge_card
    card = {"card_type": "サポート・イベント", "skills": [{"type": "サポート効果", "name": "自分のデッキを2枚引く。"}]}
    record = {"type": "support", "abilities": [{"kind": "support", "unsupported": "effect not yet encoded"}]}
    record, written = merge_card(record, card, {})
    assert record["abilities"][0]["effect"] == [{"draw": 2}]
    assert written == {"abilities/support": digest(record["abilities"][0])}
    again, rewritten = merge_card(record, card, written)             # unchanged: still the compiler's
    assert rewritten == written
    record["abilities"][0]["effect"] = [{"draw": 3}]                   # a hand edit
    kept, none = merge_card(record, card, written)
    assert kept["abilities"][0]["effect"] == [{"draw": 3}] and none == {}


# ------------------------------------------------------------------ session 8: more phrase families (issue 18)
@pytest.mark.parametrize("text,steps", [
    ("自分のデッキの上から1枚をホロパワーにする。", [{"holopower_from_deck": {"count": 1}}]),          # 4.15.1
    ("自分のホロメン全員のHP20回復。",                                                        # 5.23.1
     [{"restore_hp": {"target": "stage", "count": "all", "amount": 20}}]),
    ("このホロメンのHPを20回復する。", [{"restore_hp": {"target": "this", "amount": 20}}]),
    ("このホロメンのエール1枚を、自分の他の#ReGLOSSを持つホロメンに付け替えられる。",            # 5.17.4
     [{"move_cheer": {"from": "this", "to": {"tag": "#ReGLOSS", "other_than_this": True}, "count": 1, "may": True}}]),
    ("このホロメンの[赤エールか紫エール]1枚を自分のバックホロメンに付け替える。",
     [{"move_cheer": {"from": "this", "to": "back", "count": 1, "colors": ["red", "purple"]}}]),
    ("自分が後攻で最初のターンで、自分の推しホロメンが〈A〉なら、自分のデッキを2枚引く。",        # 6.2.1.5, 2.1.2
     [{"if": {"second_first_turn": True, "oshi_is": {"name": "A"}}, "draw": 2}]),
    ("このホロメンにエールが4枚以上付いているなら、このアーツ+60。",                              # 4.4.3
     [{"if": {"stage_has": {"where": "this", "cheer_min": 4}}, "art_bonus": 60}]),
    ("自分のデッキの上から2枚を見る。その中から、カード1枚を手札に加える。そして残ったカードをデッキの上に戻す。",
     [{"look_top": {"count": 2, "pick": {"max": 1}, "rest": "top"}}]),                       # 5.9.1, 4.1.5
    ("自分のデッキの上から6枚を見る。その中から、カード3枚を手札に加える。そして残ったカードを好きな順でデッキの上に戻す。",
     [{"look_top": {"count": 6, "pick": {"max": 3}, "rest": "top"}}]),
    ("自分のエールデッキの上から1枚をアーカイブできる:自分のデッキを1枚引く。",                   # 10.4.1, 5.12.1
     [{"may_pay": {"cost": [{"archive_deck_top": {"count": 1, "zone": "cheer_deck"}}], "effect": [{"draw": 1}]}}]),
    ("自分のエールデッキの上から2枚をアーカイブする。", [{"archive_deck_top": {"count": 2, "zone": "cheer_deck"}}]),
])
def test_session8_phrase_families(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_the_order_of_several_cards_returned_to_the_top_is_not_guessed():       # 4.1.5
    out = collab("自分のデッキの上から3枚を見る。その中から、カード1枚を手札に加える。そして残ったカードをデッキの上に戻す。")
    assert "order of the cards" in out["unsupported"]


def test_a_gift_when_this_holomem_downs_one_works_in_down_processing():        # 13.4.1, 11.3.1.1
    def gift(text):
        return compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ギフト", "name": "G", "description": text})
    assert gift("このホロメンが相手のホロメンをダウンさせた時、自分のデッキを2枚引く。") == {
        "kind": "when_downs", "name": "G", "keyword": "gift", "effect": [{"draw": 2}]}
    # when_downs has no limit (it is not an automatic ability): a printed limit is not dropped
    assert "unsupported" in gift("[ターンに1回]このホロメンが相手のホロメンをダウンさせた時、自分のデッキを2枚引く。")


def test_a_fan_when_its_holomem_is_downed():                                    # 10.1.1.2.3, 5.17.4
    text = ("相手のターンで、このファンが付いているホロメンがダウンした時、このファンが付いているホロメンのエール1枚を、"
            "自分の他のホロメンに付け替える。\nこのファンは、自分の〈A〉だけに付けられ、1人につき何枚でも付けられる。")
    assert support(text, {"card_type": "サポート・ファン"}) == {"abilities": [
        {"kind": "when_downed", "condition": {"turn": "opponent"},
         "effect": [{"move_cheer": {"from": "this", "to": {"where": "stage", "other_than_this": True}, "count": 1}}]},
        {"kind": "attach_rule", "only_to": {"name": "A"}, "no_limit": True}]}


@pytest.mark.parametrize("text,steps", [
    ("自分の手札の#歌を持つホロメン1枚をアーカイブできる:自分のデッキを1枚引く。",              # 10.4.1, 5.12.1
     [{"may_pay": {"cost": [{"put": {"count": 1, "to": "archive", "filter": {"type": "holomem", "tag": "#歌"}}}],
                   "effect": [{"draw": 1}]}}]),
    ("自分のステージのホロメン全員が#Mythを持つホロメンなら、自分のデッキを1枚引く。",          # 4.6
     [{"if": {"stage_all": {"tag": "#Myth"}}, "draw": 1}]),
    ("このターンの間、自分の#絵を持つコラボホロメンのアーツ+20。",                               # 10.10.1.4
     [{"modify": {"target": {"where": "collab", "tag": "#絵"}, "arts": 20, "until": "end_of_turn"}}]),
])
def test_session8_more_families(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_a_bloom_effect_from_a_debut_only():                                      # 13.3.2
    def effect(subtype, text):
        return compile_skill(HOLOMEM, {"type": "キーワード", "subtype": subtype, "name": "N", "description": text})
    assert effect("ブルームエフェクト", "DebutからBloomした時、自分のデッキを2枚引く。") == {
        "kind": "bloom_effect", "name": "N", "from_level": "debut", "effect": [{"draw": 2}]}
    # only a bloom effect has a level it blooms from
    assert "unsupported" in effect("コラボエフェクト", "DebutからBloomした時、自分のデッキを2枚引く。")


def test_a_mascot_when_its_holomem_collabs_blooms_or_downs_one():               # 10.8, 5.16.1, 5.14.1, 11.3.1.1
    def lines(*body):
        return support("このマスコットが付いているホロメンのHP+10。\n◆〈A〉に付いていたら能力追加\n" + "\n".join(body)
                       + "\nマスコットは、自分のホロメン1人につき1枚だけ付けられる。", {"card_type": "サポート・マスコット"})
    hp = {"kind": "continuous", "modifier": {"hp": 10}}
    assert lines("このマスコットが付いているホロメンがコラボした時、自分のデッキを1枚引く。") == {"abilities": [
        hp, {"kind": "auto", "trigger": "collabed", "condition": {"attached_to": {"name": "A"}}, "effect": [{"draw": 1}]}]}
    assert lines("[センターポジション限定]このマスコットが付いているホロメンがBloomした時、自分のデッキを1枚引く。") == {
        "abilities": [hp, {"kind": "auto", "trigger": "bloomed", "condition": {
            "attached_to": {"name": "A"}, "position": "center"}, "effect": [{"draw": 1}]}]}
    assert lines("このマスコットが付いているホロメンがセンターポジションでアーツを使った時、自分のデッキを1枚引く。")[
        "abilities"][1]["condition"] == {"attached_to": {"name": "A"}, "position": "center"}
    assert lines("このホロメンが相手のホロメンをダウンさせた時、自分のデッキを1枚引く。")["abilities"][1] == {
        "kind": "when_downs", "effect": [{"draw": 1}], "condition": {"attached_to": {"name": "A"}}}


@pytest.mark.parametrize("text,steps", [
    ("自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分の手札1枚をホロパワーにする。",  # 5.11.2, 5.5.1
     [{"take": {"from": "holopower", "count": 1}}, {"put": {"count": 1, "to": "holopower"}}]),
    ("自分のデッキの上から1枚をホロパワーにする。そしてホロパワーをシャッフルする。",                      # 4.15.1, 5.6.1
     [{"holopower_from_deck": {"count": 1}}, {"shuffle": "holopower"}]),
    ("このホロメンに重なっているホロメンが0枚なら、このアーツ+20。",                                    # 4.4.8
     [{"if": {"stacked_max": 0}, "art_bonus": 20}]),
    ("このホロメンに重なっているホロメン1枚をアーカイブできる:相手のコラボホロメンに特殊ダメージ40を与える。",
     [{"may_pay": {"cost": [{"archive_stacked": {"count": 1}}],
                   "effect": [{"special_damage": {"target": "opponent_collab", "amount": 40}}]}}]),
    ("自分のステージのエール1枚を、自分の#IDを持つホロメンに付け替えられる。",                            # 5.17.4
     [{"move_cheer": {"from": "stage", "to": {"tag": "#ID"}, "count": 1, "may": True}}]),
    ("自分のデッキから、異なるカード名のDebutホロメン2枚を公開し、手札に加える。",                          # 5.11.2, 2.1
     [{"take": {"from": "deck", "count": 2, "filter": {"type": "holomem", "bloom_level": "debut"},
                "distinct_names": True}}]),
    ("自分のデッキから、Buzzホロメンの〈A〉1枚を公開し、手札に加える。",                                  # 2.5.1
     [{"take": {"from": "deck", "count": 1, "filter": {"type": "holomem", "buzz": True, "name": "A"}}}]),
    ("自分のデッキを1枚引き、自分の手札1枚をホロパワーにする。",                                          # 5.7.1, 5.5.1
     [{"draw": 1}, {"put": {"count": 1, "to": "holopower"}}]),
])
def test_session8_holo_power_stacks_and_the_stage_cheer(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


@pytest.mark.parametrize("text,steps", [
    ("自分のアーカイブの#歌を持つホロメン1~2枚を手札に戻せる。",                                          # 5.5.1, 1.3.5.2
     [{"take": {"from": "archive", "count": 2, "min": 1, "filter": {"type": "holomem", "tag": "#歌"}, "may": True}}]),
    ("自分のデッキから、〈A〉1~2枚を公開し、手札に加える。",
     [{"take": {"from": "deck", "count": 2, "min": 1, "filter": {"name": "A"}}}]),
    ("自分の#IDを持つホロメンのエール1枚をアーカイブできる:自分のデッキを1枚引く。",                         # 10.4.1, 5.12.1
     [{"may_pay": {"cost": [{"archive_cheer": {"from": {"tag": "#ID"}, "count": 1}}], "effect": [{"draw": 1}]}}]),
    ("自分の#歌を持つバックホロメンがいる時、自分のデッキを1枚引く。",                                      # 2.1.2
     [{"if": {"stage_has": {"where": "back", "tag": "#歌"}}, "draw": 1}]),
    ("自分の〈B〉が付いているホロメンがいるなら、自分のデッキを1枚引く。",                                  # 5.17.1
     [{"if": {"stage_has": {"attached": {"name": "B"}}}, "draw": 1}]),
    ("自分のセンターホロメンが2ndホロメンなら、自分のデッキを1枚引く。",                                    # 4.7.4, 2.3
     [{"if": {"center_is": {"bloom_level": "2nd"}}, "draw": 1}]),
    ("自分のエールデッキの上から1枚を、自分の1stホロメンの〈A〉に送る。",                                  # 5.21.2
     [{"send_cheer": {"from": "cheer_deck", "count": 1, "to": {"bloom_level": "1st", "name": "A"}}}]),
    ("自分のエールデッキの上から1枚を、自分の〈A〉か〈B〉に送る。",
     [{"send_cheer": {"from": "cheer_deck", "count": 1, "to": {"name": ["A", "B"]}}}]),
])
def test_session8_ranges_costs_and_holomems(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_an_oshi_skill_usable_only_when_its_condition_holds():                    # 10.1.1.1.1, 12.1
    skill = compile_skill({"card_type": "推しホロメン"}, {"type": "推しスキル", "description":
                          "[ホロパワー:-1]S[ターンに1回]自分のセンターホロメンが〈A〉なら使える:自分のデッキを1枚引く。"})
    assert skill == {"name": "S", "holopower": 1, "limit": "once_per_turn", "timing": "activated",
                     "condition": {"center_is": {"name": "A"}}, "effect": [{"draw": 1}]}
    # elsewhere 'usable when' is not an effect's condition
    assert "unsupported" in collab("自分のセンターホロメンが〈A〉なら使える:自分のデッキを1枚引く。")


@pytest.mark.parametrize("text,steps", [
    ("自分の手札1~3枚をアーカイブできる:アーカイブしたカード1枚につき、このアーツ+20。",                   # 10.4.1, 1.3.5.2
     [{"may_pay": {"cost": [{"put": {"count": 3, "min": 1, "to": "archive"}}],
                   "effect": [{"art_bonus_per": {"amount": 20, "what": "paid"}}]}}]),
    ("自分のステージに#歌を持つホロメンが3人以上いるなら、自分のデッキを1枚引く。",                           # 4.6
     [{"if": {"stage_count": {"filter": {"tag": "#歌"}, "min": 3}}, "draw": 1}]),
    ("自分のステージに異なるカード名の#歌を持つホロメンが3人以上いる時、自分のデッキを1枚引く。",             # 4.6, 2.1
     [{"if": {"stage_count": {"filter": {"tag": "#歌"}, "min": 3, "distinct_names": True}}, "draw": 1}]),
    ("自分の#歌を持つバックホロメンが4人以上いる時、自分のデッキを1枚引く。",
     [{"if": {"stage_count": {"filter": {"where": "back", "tag": "#歌"}, "min": 4}}, "draw": 1}]),
    ("自分のステージのホロメンが5人以下の時、自分のデッキを1枚引く。", [{"if": {"stage_count": {"max": 5}}, "draw": 1}]),
    ("自分のライフが相手以下なら、自分のデッキを1枚引く。", [{"if": {"life_at_most_opponent": True}, "draw": 1}]),  # 4.10
    ("自分の推しホロメンの色が緑か青なら、自分のデッキを1枚引く。",                                           # 2.4
     [{"if": {"oshi_is": {"color": ["green", "blue"]}}, "draw": 1}]),
    ("自分の推しホロメンが青の〈A〉なら、自分のデッキを1枚引く。",
     [{"if": {"oshi_is": {"name": "A", "color": "blue"}}, "draw": 1}]),
])
def test_session8_counts_life_and_oshi_colours(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_what_a_cost_archived_is_counted_only_for_hand_cards():                   # 10.4.1
    assert "unsupported" in collab("このホロメンのエール1枚をアーカイブできる:アーカイブしたカード1枚につき、このアーツ+20。")


@pytest.mark.parametrize("text,steps", [
    ("自分の手札1~3枚をアーカイブできる:相手のセンターホロメンに、アーカイブしたカード1枚につき、特殊ダメージ40を与える。",
     [{"may_pay": {"cost": [{"put": {"count": 3, "min": 1, "to": "archive"}}],                     # 10.4.1, 5.22.1
                   "effect": [{"special_damage": {"target": "opponent_center", "amount": 40, "per": {"what": "paid"}}}]}}]),
    ("自分のデッキから、エクストラ「このホロメンはデッキに何枚でも入れられる」を持つDebutホロメン1枚をステージに出す。",
     [{"put_out": {"from": "deck", "count": 1, "filter": {"bloom_level": "debut", "unlimited": True}}}]),  # 5.13.1, 2.11.2.1
    ("自分のアーカイブのDebutホロメン1枚をステージに出す。",
     [{"put_out": {"from": "archive", "count": 1, "filter": {"bloom_level": "debut"}}}]),
])
def test_session8_paid_damage_and_putting_out(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


@pytest.mark.parametrize("text,steps", [
    ("このターンに自分がサポートカードを使っていた時、このアーツ+20。",                               # 10.7.2.5.4
     [{"if": {"used_this_turn": {"type": "support"}}, "art_bonus": 20}]),
    ("自分のアーカイブにホロメンがあるなら、このアーツ+10。",                                         # 4.14
     [{"if": {"zone_has": {"zone": "archive", "filter": {"type": "holomem"}}}, "art_bonus": 10}]),
    ("このホロメンのHPが減っているなら、このアーツ+40。",                                             # 4.4.5.4
     [{"if": {"stage_has": {"where": "this", "damaged": True}}, "art_bonus": 40}]),
    ("このホロメンにツールかマスコットが付いている時、このアーツ+30。",                               # 5.17.1
     [{"if": {"stage_has": {"where": "this", "attached": {"type": "support", "sub_type": ["tool", "mascot"]}}},
       "art_bonus": 30}]),
    ("[コラボポジション限定]自分のステージのこのホロメン以外の#3期生を持つホロメン1人につき、このアーツ+20。"
     "ただし、数える人数は4人まで。",                                                                 # 12.3.4.2, 4.8.4
     [{"art_bonus_per": {"amount": 20, "on": {"tag": "#3期生", "other_than_this": True}, "max": 4},
       "if": {"position": "collab"}}]),
    ("相手のお休みしているホロメン1人につき、このアーツ+10。",                                        # 4.3.2
     [{"art_bonus_per": {"amount": 10, "on": {"who": "opponent", "rested": True}}}]),
    ("自分のセンターホロメンの色が紫なら、このアーツ+40。", [{"if": {"center_is": {"color": "purple"}}, "art_bonus": 40}]),
    ("このターンに自分のホロメンがBloomしていたなら、このアーツ+50。",                                # 8.3.4
     [{"if": {"any_bloomed_this_turn": True}, "art_bonus": 50}]),
    ("自分の手札の枚数が相手より少ない時、このアーツ+10。",                                           # 4.13
     [{"if": {"hand_fewer_than_opponent": True}, "art_bonus": 10}]),
])
def test_session8_art_conditions(text, steps):
    assert art(text) == {"effect": steps}


@pytest.mark.parametrize("text,steps", [
    ("このホロメンに重なっているDebutホロメン1枚をアーカイブできる:自分のデッキを1枚引く。",               # 4.4.8, 10.4.1
     [{"may_pay": {"cost": [{"archive_stacked": {"filter": {"bloom_level": "debut"}, "count": 1}}],
                   "effect": [{"draw": 1}]}}]),
    ("自分のホロパワー1枚をアーカイブできる:自分のデッキを1枚引く。",                                       # 4.15, 10.4.1
     [{"may_pay": {"cost": [{"archive_holopower": 1}], "effect": [{"draw": 1}]}}]),
    ("自分の手札のサポートカード2枚をアーカイブできる:自分のステージのホロメン1人を選ぶ。"
     "このターンの間、選んだホロメンのアーツ+50。",                                                        # 10.4.1, 10.10.2
     [{"may_pay": {"cost": [{"put": {"count": 2, "to": "archive", "filter": {"type": "support"}}}],
                   "effect": [{"modify": {"target": "stage", "count": 1, "arts": 50, "until": "end_of_turn"}}]}}]),
    ("自分のアーカイブの#歌を持つホロメン1~3枚を好きな順でデッキの下に戻せる。",                            # 5.5.1, 1.3.5.1
     [{"return_to_deck": {"from": "archive", "filter": {"type": "holomem", "tag": "#歌"}, "count": 3, "up_to": True}}]),
    ("自分のアーカイブのホロメン1~5枚を好きな順でデッキの下に戻す。",                                        # 1.3.5.2
     [{"return_to_deck": {"from": "archive", "filter": {"type": "holomem"}, "count": 5, "min": 1}}]),
    ("自分のデッキから、自分の推しホロメンと同色の1stホロメン1枚を公開し、手札に加える。",                    # 2.4
     [{"take": {"from": "deck", "count": 1, "filter": {"type": "holomem", "bloom_level": "1st"}, "oshi_color": True}}]),
])
def test_session8_holo_power_costs_and_returns(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}


def test_a_support_paid_for_with_holo_power():                                     # 10.7.2.4.1, 10.4
    assert support("このカードは、自分のホロパワー1枚をアーカイブしなければ使えない。自分のデッキを1枚引く。") == {
        "kind": "support", "cost": [{"archive_holopower": 1}], "effect": [{"draw": 1}]}


def test_an_art_when_it_downs_a_holomem():                                         # 10.1.1.2.3, 11.3.1.1
    assert art("このホロメンのエール1枚につき、このアーツ+20。このアーツで相手のホロメンをダウンさせた時、"
               "自分のエールデッキの上から1枚をこのホロメンに送る。") == {
        "effect": [{"art_bonus_per": {"amount": 20, "what": "cheer"}}],
        "downs": [{"send_cheer": {"from": "cheer_deck", "count": 1, "to": "this"}}]}
    assert art("[センターポジション限定]このアーツで相手のホロメンをダウンさせた時、自分のデッキを1枚引く。") == {
        "downs": [{"draw": 1, "if": {"position": "center"}}]}
    # a sentence after it may continue it: not guessed
    assert "unsupported" in art("このアーツで相手のホロメンをダウンさせた時、自分のデッキを1枚引く。"
                                "その後、自分のライフが3以下なら、自分のデッキを1枚引く。")


def test_a_gift_at_a_step_or_at_a_position():                                       # 13.4.1, 10.8, 7.6.2, 7.6.5, 4.8.4
    def gift(text):
        return compile_skill(HOLOMEM, {"type": "キーワード", "subtype": "ギフト", "name": "G", "description": text})
    assert gift("自分のパフォーマンスステップが開始する時、自分のデッキを1枚引く。") == {
        "kind": "auto", "name": "G", "keyword": "gift", "trigger": "step", "step": "performance_start",
        "effect": [{"draw": 1}]}
    assert gift("[センターポジション限定]相手のパフォーマンスステップが終了する時、このホロメンのHPが減っていないなら、"
                "自分のデッキを1枚引く。") == {
        "kind": "auto", "name": "G", "keyword": "gift", "trigger": "step", "step": "performance_end",
        "condition": {"turn": "opponent", "position": "center"},
        "effect": [{"if": {"stage_has": {"where": "this", "damaged": False}}, "draw": 1}]}
    assert gift("[ターンに1回][コラボポジション限定]このホロメンがアーツを使った時、自分のデッキを1枚引く。") == {
        "kind": "auto", "name": "G", "keyword": "gift", "trigger": "arts_used", "condition": {"position": "collab"},
        "limit": "once_per_turn", "effect": [{"draw": 1}]}
    # the end step's end is no trigger the language has: not guessed
    assert "unsupported" in gift("自分のエンドステップが終了する時、自分のデッキを1枚引く。")


@pytest.mark.parametrize("text,steps", [
    ("自分のデッキから、〈A〉1枚を自分のホロメンに付ける。",                                               # 5.17.2
     [{"attach": {"from": "deck", "filter": {"name": "A"}, "count": 1, "to": "stage"}}]),
    ("このホロメンをお休みさせる。", [{"rest": "this"}]),                                                # 5.2.1
])
def test_session8_attaching_from_the_deck_and_resting(text, steps):
    assert collab(text) == {"kind": "collab_effect", "name": "N", "effect": steps}
    assert validate({"T-1": {**MEMBER, "abilities": [collab(text)]}}) == []
