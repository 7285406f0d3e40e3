"""Tally behind the ruleset protocol: its rule index, cards, boards, actions, paths and self-play."""
from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

from judge.core.decisions import Action
from judge.core.errors import InputError, closest
from judge.core.ruleindex import Rule, RuleIndex
from judge.core.state import plain
from judge.core.text import norm

from .engine import STEPS, CardDef, TallyGame

HERE = Path(__file__).parent
VERSION = "1.0"
ZONES = ("deck", "hand", "pile")
NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\s+(.*)$")
POSITION = re.compile(r"^(A|B)\.(deck|hand|pile)$")
MAX_CARDS = 60          # bounds of a board (any more could not be read by a judge anyway)
MAX_DECISIONS = 1000    # a game of at most 2 x 60 cards ends long before


@lru_cache(maxsize=1)
def _index() -> RuleIndex:
    """The numbered lines of the rules text: a line starting with a number is a rule (a heading when
    it has no full stop)."""
    rules = []
    for line in (HERE / "rules" / "tally-rules-1.0-en.txt").read_text(encoding="utf-8").splitlines():
        m = NUMBER.match(line)
        if m:
            number, text = m.groups()
            parent = number.rsplit(".", 1)[0] if "." in number else None
            rules.append(Rule(number, text, parent, not text.endswith(".")))
    return RuleIndex("tally", VERSION, "en", rules)


class CardDB:
    """The nine cards N1..N9 (value 1 to 9, rule 2.1), and a scenario's own."""

    def __init__(self, cards: dict):
        self.cards = cards

    def __contains__(self, number) -> bool:
        return number in self.cards

    def get(self, number):
        return self.cards[number]

    def find(self, text) -> list:
        return [c for c in self.cards.values() if norm(text) in c.keys]

    def lookup(self, text, *, path=(), what="card"):
        found = self.find(text)
        if not found:
            raise InputError(f"unknown {what} '{text}'", path=path, expected="N1 to N9 or a card of `cards:`",
                             suggestions=closest(str(text), self.cards))
        return found[0]

    def overlay(self, records: dict) -> "CardDB":
        cards = dict(self.cards)
        for number, record in (records or {}).items():
            value = record.get("value") if isinstance(record, dict) else None
            if not isinstance(value, int) or not 1 <= value <= 9:
                raise InputError(f"card {number}: `value` must be a whole number from 1 to 9 (2.1)",
                                 path=("cards", number))
            cards[number] = CardDef(number, value, record.get("name"))
        return CardDB(cards)

    def __getitem__(self, number):
        return self.cards[number]


BUILTIN = CardDB({f"N{v}": CardDef(f"N{v}", v) for v in range(1, 10)})


class SelfPlay:
    default_decks = ("low", "high")

    def load_decks(self, names, db):
        decks = {"low": [f"N{1 + i % 5}" for i in range(15)], "high": [f"N{5 + i % 5}" for i in range(15)]}
        for n in names:
            if n not in decks:
                raise InputError(f"unknown deck '{n}'", expected="low or high", suggestions=closest(n, decks))
        return tuple(decks[n] for n in names)

    def random_decks(self, seed, db, cards):
        rng = random.Random(seed)
        return tuple([rng.choice(sorted(db.cards)) for _ in range(15)] for _ in range(2))

    policies = ("random", "thrifty")         # thrifty: play the lowest card that scores (5.4), else pass
    played_facts = frozenset({"played"})
    FACTS = {"draw": "drawn", "play": "played", "score": "scored"}

    def play_game(self, decks, seed, *, debug, db, policy="random", watch=None):
        game = TallyGame(db, seed=seed, debug=debug, record=False)
        if watch is not None:
            game.watch(watch, frozenset(self.FACTS))
        for p, deck in zip(game.PLAYERS, decks):
            for number in game.shuffle_order(list(deck), zone=game.zone(p, "deck")):
                game.new_card(number, p, game.zone(p, "deck"))
        game.start(game.run_from("setup"))
        seats = dict(zip(game.PLAYERS, policy.split(","))) if "," in policy else {}

        def answer(game, d, rng):
            mine = seats[d.player] if d.player in seats else policy
            return self._thrifty(game, d) if mine == "thrifty" and d.kind == "play_timing" else d.sample(rng)
        return game, game.play_out(answer, random.Random(seed), MAX_DECISIONS)

    @staticmethod
    def _thrifty(game, d):
        top = game.zone(game.other(d.player), "pile").items
        beat = top[-1].defn.value if top else 0
        plays = [o for o in d.options if o.value != "pass" and game.cards[o.value["card"]].defn.value > beat]
        return min(plays, key=lambda o: game.cards[o.value["card"]].defn.value) if plays else "pass"

    def card_facts(self, event):
        fact = self.FACTS[event.kind]
        card = event.data["card"]
        if isinstance(card, str):                 # a score names its card by number
            return ((event.data["player"], card, fact, 1),)
        return ((card.owner, card.number, fact, 1),)

    def first_player(self, game):
        return "A"                                # 5.1: A always takes the first turn

    def reproducer(self, decks, seed, error, cards=None, policy="random") -> str:
        return f"# tally game seed {seed} ({policy} policy): {error}\n# decks: {decks}\n"

    def card_records(self, file) -> dict:
        from judge.scenario.yamlload import load_yaml_file
        return dict((load_yaml_file(file).data or {}).get("cards") or {})


class CardTools:
    def card_lines(self, card) -> list[str]:
        return [f"{card.number}  value {card.value} (2.1)"]

    def check(self, number, record, names) -> list[str]:
        return []

    def names(self, record) -> set:
        return {record.get("name")} if isinstance(record, dict) else set()

    def status(self) -> list[dict]:
        return [{"set": "N", "name": "the nine numbers", "cards": 9, "complete": 9, "unsupported": 0, "gaps": {}}]

    def vocabulary(self):
        from judge.core.terms import Vocabulary
        return Vocabulary("tally")        # no effect language: cards have no abilities

    def generated(self) -> dict:
        return {}

    def searchable(self, db):
        """A Tally card is found by its number, its name and its value (2.1)."""
        return [(n, {"number": n, "name": c.name, "text": f"value {c.value}"}) for n, c in sorted(db.cards.items())]


class TallyRuleset:
    name = "tally"
    title = "Tally (judge's test game)"
    folder = HERE
    versions = (VERSION,)
    actions = ("play",)
    setup_actions = ()
    reference_keys = ()
    schema_fragment = HERE / "scenario.fragment.json"
    step_modules = ("judge_game_tally.steps",)
    selfplay = SelfPlay()
    cards = CardTools()

    @property
    def documents(self):
        return self

    def index(self, version=None):
        return self.rule_index(version or VERSION)

    # ------------------------------------------------------------ the rules
    def supports(self, version) -> bool:
        return version == VERSION

    def rule_index(self, version):
        if version != VERSION:
            raise InputError(f"unknown tally rules version '{version}'", expected=VERSION)
        return _index()

    def rule_map(self, older, newer):
        raise InputError("tally has one rules version: there is no map between versions", expected=VERSION)

    def card_db(self, inline=None):
        return BUILTIN.overlay(inline or {})

    def card_problems(self, inline) -> list:
        return []                         # a card is its value: the schema says it all

    # ------------------------------------------------------ a scenario's game
    def board_violations(self, given, db) -> list:
        return []

    def reference_problem(self, text, *, whole=False):
        if whole and not POSITION.match(text):
            return f"'{text}' is not a reference", "A.deck, A.hand or A.pile"
        return None

    def unknown_card_answer(self, text, db):
        return None

    def declared_names(self, given) -> set:
        return set()

    def given_cards(self, given):
        for p in ("A", "B"):
            spec = given.get(p) or {}
            for zone in ZONES:
                if isinstance(spec.get(zone), list):
                    for i, number in enumerate(spec[zone]):
                        yield (p, zone, i), number

    def new_game(self, scenario, version, db, *, seed=0):
        """The board of `given`: `turn: {player, number, step}`, and per player `deck` (a count of N1
        cards, or the cards top first), `hand`, `pile` (bottom first) and `points`."""
        game = TallyGame(db, version=version, seed=seed, keep_shuffles=True, strict_chance=True)
        given = scenario.given or {}
        defaults = []
        for p in game.PLAYERS:
            spec = given.get(p) or {}
            for zone in ZONES:
                cards = spec.get(zone, 10 if zone == "deck" else [])
                if isinstance(cards, int):
                    if not 0 <= cards <= MAX_CARDS:
                        raise InputError(f"{p}.{zone}: at most {MAX_CARDS} cards", path=(p, zone))
                    cards = ["N1"] * cards
                    defaults.append(f"{p}.{zone}: {len(cards)} N1")
                for number in cards:
                    game.new_card(number, p, game.zone(p, zone))
            game.points[p] = int(spec.get("points", 0))
        turn = given.get("turn")
        if turn:
            game.turn_player, game.turn_number = turn.get("player", "A"), turn.get("number", 1)
            game.step = turn.get("step", "main")
            if game.step not in STEPS:
                raise InputError(f"unknown step '{game.step}'", path=("turn", "step"), expected="draw or main")
        return game, defaults

    def start(self, game):
        game.start(game.run_from(game.step))

    def translate(self, game, kind, params, path):
        if kind != "play":
            raise InputError(f"unknown action '{kind}'", path=path, suggestions=closest(kind, self.actions))
        p = game.turn_player
        text = params.get("card") if isinstance(params, dict) else params
        for card in game.zone(p, "hand").items:
            if norm(text) in card.defn.keys:
                return p, Action("play", card=card.id, card_number=card.number), {}
        raise InputError(f"{p} has no card '{text}' in hand", path=path)

    def answer_setup(self, game, kind, params, fail):
        fail(f"tally has no set-up answers ('{kind}')")

    # -------------------------------------------------------------- reading
    def read(self, game, path, where=()):
        """`A.points`, `A.hand`, `A.hand.count`, `A.pile.top` (its card)."""
        parts = path.split(".")
        if len(parts) < 2 or parts[0] not in game.PLAYERS:
            raise InputError(f"unknown path '{path}'", path=where, expected="A.points, A.hand, A.pile.top, ...")
        p, what, rest = parts[0], parts[1], parts[2:]
        if what == "points" and not rest:
            return game.points[p]
        if what not in ZONES:
            raise InputError(f"unknown path '{path}'", path=where, suggestions=closest(what, ZONES + ("points",)))
        items = game.zone(p, what).items
        if not rest:
            return list(items)
        if rest == ["count"]:
            return len(items)
        if rest == ["top"]:
            return items[-1] if items else None
        raise InputError(f"unknown path '{path}'", path=where, expected=f"{p}.{what}.count or {p}.{what}.top")

    plain = staticmethod(plain)

    def matches(self, card, text) -> bool:
        return norm(text) in card.defn.keys

    norm = staticmethod(norm)

    def board_lines(self, game) -> list[str]:
        out = [f"turn {game.turn_number}, {game.turn_player}'s turn, {game.step} step"]
        for p in game.PLAYERS:
            out.append(f"{p}: {game.points[p]} points; deck {len(game.zone(p, 'deck'))}; hand "
                       f"{[c.number for c in game.zone(p, 'hand').items]}; pile "
                       f"{[c.number for c in game.zone(p, 'pile').items]}")
        return out

    def given_of(self, game) -> dict:
        return {p: {z: [c.number for c in game.zone(p, z).items] for z in ZONES} | {"points": game.points[p]}
                for p in game.PLAYERS}


RULESET = TallyRuleset()
