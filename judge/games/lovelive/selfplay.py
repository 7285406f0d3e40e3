"""Self-play (judge selfplay) with the start decks, and the card tools (judge cards)."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from judge.core.errors import InputError, closest
from judge.core.ruleset import PlaysFromSetup

from .cards import builtin
from .setup import deck_problems

HERE = Path(__file__).resolve().parent
DECKS = HERE / "data" / "start-decks.json"


def start_decks() -> dict:
    return json.loads(DECKS.read_text(encoding="utf-8"))["decks"]


def playable(db, deck: dict) -> list[str]:
    """Why the engine cannot play a deck: cards missing from the database or with incomplete facts."""
    out = []
    for number in sorted(set(deck["main_deck"]) | set(deck["energy_deck"])):
        d = db.get(number)
        if d is None:
            out.append(f"{number}: not in the card list")
        elif d.gaps:
            out.append(f"{number}: {'; '.join(d.gaps)}")
    return out


class LoveLiveSelfPlay(PlaysFromSetup):
    # The start decks whose every card has complete facts (muse, liella, sunshine and the cheer
    # decks hold members whose blade value the reference lacks: see `judge cards status`).
    default_decks = ("nijigasaki", "hasunosora")
    policies = ("random",)
    played_facts = frozenset({"played"})
    FACT_KINDS = frozenset({"move", "member_played"})
    MAX_DECISIONS = 20000                   # a whole game ends long before
    TITLE = "Love Live!"

    @staticmethod
    def card_facts(event):
        """Per-card statistics (judge.core.ruleset.SelfPlay): drawn (5.6.1) and played (a member, 9.6.2)."""
        d = event.data
        if event.kind == "member_played":
            return ((d["player"], d["card"], "played", 1),)
        if d["zone"] == "hand" and str(d["frm"]).endswith("main_deck"):
            return ((d["player"], d["number"], "drawn", 1),)
        return ()

    def first_player(self, game):
        return None         # the first player may change between turns (8.4.13): no one first player

    def load_decks(self, names, db):
        decks = start_decks()
        out = []
        for name in names:
            if name not in decks:
                raise InputError(f"unknown deck '{name}'", expected="a start deck: " + ", ".join(decks),
                                 suggestions=closest(name, decks))
            problems = playable(db, decks[name])
            if problems:
                raise InputError(f"deck '{name}' cannot be played: " + "; ".join(problems),
                                 expected="a deck of cards with complete facts: " + ", ".join(
                                     n for n in decks if not playable(db, decks[n])))
            main = [db.get(n) for n in decks[name]["main_deck"]]
            energy = [db.get(n) for n in decks[name]["energy_deck"]]
            bad = deck_problems(main, energy)
            if bad:
                raise InputError(f"deck '{name}' breaks " + "; ".join(f"{r}: {m}" for r, m in bad))
            out.append((decks[name]["main_deck"], decks[name]["energy_deck"]))
        return tuple(out)

    def random_decks(self, seed, db, cards):
        """Two legal decks (6.1.1) of cards with complete facts, drawn at random (designer cards first)."""
        rng = random.Random(seed)
        pool = [d for d in db.cards.values() if not d.gaps]
        members = sorted(d.number for d in pool if d.kind == "member")
        lives = sorted(d.number for d in pool if d.kind == "live")
        energy = sorted(d.number for d in pool if d.kind == "energy")

        def pick(numbers, n, featured):
            out = [c for c in featured if c in numbers for _ in range(4)][:n]
            while len(out) < n:
                c = rng.choice(numbers)
                if out.count(c) < 4:                                    # 6.1.1.2
                    out.append(c)
            return out
        return tuple((pick(members, 48, cards) + pick(lives, 12, cards), [rng.choice(energy)] * 12)
                     for _ in range(2))

    def new_game(self, decks, seed, *, debug=False, record=False, db=None):
        from .engine import LoveLiveGame
        db = db or builtin()
        game = LoveLiveGame(db, seed=seed, debug=debug, record=record)
        for p, (main, energy) in zip(game.PLAYERS, decks):
            for n in main:
                game.new_card(db.get(n), p, "main_deck", face_up=False)
            for n in energy:
                game.new_card(db.get(n), p, "energy_deck", face_up=False)
        return game

    def deck_lines(self, p, deck) -> list[str]:
        main, energy = deck
        return [f"# {p} main deck: {list(main)}", f"# {p} energy deck: {list(energy)}"]


def set_of(number: str) -> str:
    """The card set of a card number: its prefix before the running number (PL!N-sd1-011-SD -> PL!N-sd1)."""
    parts = number.split("-")
    return "-".join(parts[:2]) if len(parts) >= 3 else parts[0]


class LoveLiveCardTools:
    def card_lines(self, card) -> list[str]:
        d = getattr(card, "defn", card)
        out = [f"{d.number}  {d.name} ({d.name_en}) — {d.kind}{', ' + d.group if d.group else ''}"
               f"{', ' + d.unit if d.unit else ''}"]
        if d.kind == "member":
            out.append(f"  cost {d.cost} (2.6), blades {d.blade} (2.8), hearts {dict(d.hearts)} (2.9)")
        if d.kind == "live":
            out.append(f"  score {d.score} (2.10), required hearts {dict(d.required)} (2.11)")
        if d.blade_hearts:
            out.append(f"  blade hearts {list(d.blade_hearts)} (2.7)")
        if d.encoded:
            import json
            for ab in d.ability_list:
                body = {k: v for k, v in ab.raw.items() if k != "kind"}
                out.append(f"  ability {ab.index + 1} ({ab.kind}, 9.1.1): " + json.dumps(body, ensure_ascii=False))
                if ab.raw.get("unsupported"):
                    out.append(f"    unsupported: {ab.raw['unsupported']}")
        elif d.abilities:
            out.append("  abilities: not encoded, not run by the engine (unsupported)")
        for gap in d.gaps:
            out.append(f"  facts incomplete: {gap}")
        return out

    def check(self, number, record, names) -> list[str]:
        return []

    def names(self, record) -> set:
        return {record.get("name"), record.get("name_en")} - {None} if isinstance(record, dict) else set()

    def unsupported(self, number) -> list[str]:
        """What of a card the engine cannot play as printed (none: it plays it)."""
        d = builtin()[number]
        return [] if d.supported else list(d.gaps or ("abilities not run",))

    def status(self) -> list[dict]:
        by_set: dict = {}
        for d in builtin().values():
            s = by_set.setdefault(set_of(d.number), {"set": set_of(d.number), "name": set_of(d.number), "cards": 0,
                                                     "complete": 0, "unsupported": 0, "gaps": Counter()})
            s["cards"] += 1
            if d.supported:
                s["complete"] += 1
            else:
                s["unsupported"] += 1
                for g in d.gaps or d.unsupported_abilities or ("abilities not run",):
                    s["gaps"][g] += 1
        rows = [dict(s, gaps=dict(s["gaps"])) for _, s in sorted(by_set.items())]
        numbers = sorted({n for deck in start_decks().values() for n in (*deck["main_deck"], *deck["energy_deck"])})
        cards = [builtin()[n] for n in numbers]
        bad = [d for d in cards if not d.supported]
        gaps = Counter(g for d in bad for g in (d.gaps or d.unsupported_abilities or ("abilities not run",)))
        rows.append({"set": "start decks", "name": f"the {len(start_decks())} start decks: every card with "
                     "abilities encoded (sets/*.yaml)", "cards": len(cards), "complete": len(cards) - len(bad),
                     "unsupported": len(bad), "gaps": dict(gaps)})
        return rows

    def vocabulary(self):
        from .terms import declared
        return declared()

    def generated(self) -> dict:
        from .terms import generated
        return generated()

    # The card types (2.2) as the cards print them, for search in either language.
    KINDS = {"member": "member メンバー", "live": "live ライブ", "energy": "energy エネルギー"}

    def searchable(self, db):
        """Number, names (Japanese / English), group and unit, card type, and the facts as
        `cards show` reads them, for `judge cards find`."""
        for number, d in sorted(db.cards.items()):
            yield number, {"number": number, "name": " / ".join(dict.fromkeys(n for n in (d.name, d.name_en) if n)),
                           "tags": " ".join(t for t in (d.group, d.unit) if t), "kind": self.KINDS.get(d.kind, d.kind),
                           "text": " / ".join(line.strip() for line in self.card_lines(d)[1:])}
