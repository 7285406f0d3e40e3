"""Self-play (judge selfplay) with the test decks, and the card tools (judge cards)."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import yaml

from judge.core.errors import InputError, closest
from judge.core.ruleset import PlaysFromSetup

from .cards import builtin
from .setup import COPIES, DECK_SIZE, deck_problems

HERE = Path(__file__).resolve().parent
DECKS = HERE / "decks" / "test-decks.yaml"
WORK = "テスト作品"


def test_decks() -> dict:
    return yaml.safe_load(DECKS.read_text(encoding="utf-8"))["decks"]


class OsicaSelfPlay(PlaysFromSetup):
    default_decks = ("keywords", "texts")
    policies = ("random",)
    played_facts = frozenset({"played"})
    FACT_KINDS = frozenset({"move", "played", "appeal"})
    MAX_DECISIONS = 20000                   # a whole game ends long before
    TITLE = "OSICA"

    @staticmethod
    def card_facts(event):
        d = event.data
        if event.kind == "played":
            return ((d["player"], d["card"], "played", 1),)
        if event.kind == "appeal":
            return ((d["player"], d["card"], "appealed", 1),)
        if event.kind == "move" and d["zone"] == "hand" and str(d["frm"]).endswith(".deck"):
            return ((d["player"], d["number"], "drawn", 1),)
        return ()

    def first_player(self, game):
        return game.table.turn.first if game.table.turn.phase != "setup" else None

    def default_deck(self, db) -> list:
        return list(test_decks()["keywords"]["deck"])

    def load_decks(self, names, db):
        decks = test_decks()
        out = []
        for name in names:
            if name not in decks:
                raise InputError(f"unknown deck '{name}'", expected="a test deck: " + ", ".join(decks),
                                 suggestions=closest(name, decks))
            deck = decks[name]
            bad = deck_problems(db.get(deck["oshi"]), [db.get(n) for n in deck["deck"]])
            if bad:
                raise InputError(f"deck '{name}' breaks " + "; ".join(f"{r[0]}: {m}" for r, m in bad))
            out.append((deck["oshi"], list(deck["deck"])))
        return tuple(out)

    def random_decks(self, seed, db, cards):
        """Two legal decks (build.1-8) of cards of the test work, drawn at random (designer cards first)."""
        rng = random.Random(seed)
        pool = sorted(n for n, d in db.cards.items() if d.work == WORK and d.kind != "marker")
        chars = [n for n in pool if db.get(n).kind == "character"]
        out = []
        for _ in range(2):
            oshi = rng.choice(chars)
            counts = Counter({db.get(oshi).identity: 1})
            deck = []
            for n in [c for c in cards if c in pool for _ in range(4)] + [rng.choice(pool) for _ in range(2000)]:
                if len(deck) == DECK_SIZE:
                    break
                if counts[db.get(n).identity] < COPIES:
                    counts[db.get(n).identity] += 1
                    deck.append(n)
            out.append((oshi, deck))
        return tuple(out)

    def new_game(self, decks, seed, *, debug=False, record=False, db=None):
        from . import RULESET
        from .engine import OsicaGame
        db = db or builtin()
        game = OsicaGame(db, settings=RULESET.assumptions.settings(), seed=seed, debug=debug, record=record)
        for p, (oshi, deck) in zip(game.PLAYERS, decks):
            game.new_card(db.get(oshi), p, "oshi", face_up=False).oshi = True
            for n in deck:
                game.new_card(db.get(n), p, "deck", face_up=False)
        return game

    def deck_lines(self, p, deck) -> list[str]:
        oshi, cards = deck
        return [f"# {p} oshi {oshi}, deck: {list(cards)}"]


class OsicaCardTools:
    def card_lines(self, card) -> list[str]:
        d = getattr(card, "defn", card)
        out = [f"{d.number}  {d.name} — {d.kind}, {d.work}" + (f", tags {list(d.tags)}" if d.tags else "")]
        if d.kind == "character":
            out.append(f"  level {d.level} (stage.3), AP {d.ap} (chara.4), yell symbols {d.yell} (yell.1)")
        if d.kw:
            out.append(f"  keywords: {d.kw}")
        for a in d.abilities:
            out.append(f"  {a['timing']}" + (f" (cost {a['cost']})" if a.get("cost") else "") +
                       (f" if {a['if']}" if a.get("if") else "") + f": {a['do']}")
        return out

    def check(self, number, record, names) -> list[str]:
        out = []
        for i, a in enumerate(record.get("abilities") or []):
            named = ((a.get("if") or {}).get("unity_name") or {}).get("name")
            if named and named not in names:
                out.append(f"abilities[{i}]: 《結束》 names 「{named}」, which no card has (kw.unity-name.1)")
        for i, a in enumerate(record.get("abilities") or []):
            if a.get("timing") == "counter" and "counter" not in (record.get("keywords") or {}):
                out.append(f"abilities[{i}]: a counter text needs the keyword `counter: X` (kw.counter.1)")
        return out

    def names(self, record) -> set:
        return {record.get("name")} - {None} if isinstance(record, dict) else set()

    def status(self) -> list[dict]:
        cards = list(builtin().values())
        return [{"set": "OS-T", "name": "test cards", "cards": len(cards), "complete": len(cards), "unsupported": 0,
                 "gaps": {}}]

    def vocabulary(self):
        from . import effects  # noqa: F401  (declares the verbs)
        from .terms import VOCAB
        return VOCAB

    def generated(self) -> dict:
        from .cards import SCHEMA, schema_text
        return {SCHEMA: schema_text()}

    # The keywords as the page prints them, for search in Japanese.
    KEYWORDS_JA = {"charge": "チャージ", "critical": "クリティカル", "through": "スルー", "stop": "ストップ",
                   "double": "ダブル", "power_up": "パワーアップ", "annihilate": "滅殺", "cheer": "応援",
                   "compound": "調合", "decode": "解読", "perform": "演奏", "commune": "交信", "design": "設計",
                   "cheer_as": "応援", "counter": "カウンター"}
    KINDS_JA = {"character": "キャラクター", "support": "サポート", "event": "イベント", "marker": "マーカー"}

    def searchable(self, db):
        for number, d in sorted(db.cards.items()):
            words = " ".join(f"{k} {self.KEYWORDS_JA[k]}" for k in d.kw)
            yield number, {"number": number, "name": d.name, "tags": " ".join(d.tags),
                           "kind": f"{d.kind} {self.KINDS_JA[d.kind]}",
                           "text": words + " / " + " / ".join(line.strip() for line in self.card_lines(d)[1:])}
