"""OSICA behind the ruleset protocol (judge/core/ruleset.py): its rule index of statement
identifiers (rules/), its assumptions (assumptions.yaml), the test cards (cards/), scenario boards,
actions, set-up answers and paths, Gherkin steps (bdd/), self-play and card tools (selfplay.py)."""
from __future__ import annotations

import re
from pathlib import Path

from judge.core.assumptions import Assumptions
from judge.core.decisions import Action
from judge.core.errors import InputError, closest
from judge.core.state import plain
from judge.core.text import norm
from judge.core.ruleset import RulesOfDocuments

from . import cards as cardset
from .state import STAGE, ZONE_KINDS

HERE = Path(__file__).resolve().parent
VERSION = "2024-10-07"
FILLER = "OS-T00"               # a vanilla character: level 1, AP 1000, no yell symbol
DEFAULT_OSHI = "OS-T01"
LIST_ZONES = ("deck", "hand", "heart", "cost", "drop", "keep")
PHASES = ("setup", "start", "main", "event", "yell", "appeal", "end")
POSITION = re.compile(r"^(A|B)\.(" + "|".join(tuple(ZONE_KINDS) + ("keep", "limit", "level", "ranks", "light_orb",
                                                                    "first")) + r")(\.[A-Za-z0-9_]+)?$")
MAX_CARDS = 80


class Violation:
    """A board the rules cannot produce: where in `given`, what is wrong (with its rule)."""

    __slots__ = ("path", "message", "expected")

    def __init__(self, path: tuple, message: str, expected: str | None = None):
        self.path, self.message, self.expected = path, message, expected


class OsicaRuleset(RulesOfDocuments):
    name = "osica"
    title = "OSICA (詳細なルールとテキストの解説, 2024-10-07)"
    folder = HERE
    versions = (VERSION,)
    actions = ("play", "flip_oshi", "play_event", "use_action", "appeal")
    setup_actions = ("mulligan",)
    reference_keys = ()
    step_modules = ("judge.games.osica.bdd.steps",)

    def __init__(self):
        from .selfplay import OsicaCardTools, OsicaSelfPlay
        self.selfplay = OsicaSelfPlay()
        self.cards = OsicaCardTools()
        self.assumptions = Assumptions.load(HERE / "assumptions.yaml")

    @property
    def documents(self):
        from .rules import DOCUMENTS
        return DOCUMENTS

    # ------------------------------------------------------------ the cards
    def card_db(self, inline=None):
        return cardset.builtin().overlay(inline or {})

    def card_problems(self, inline) -> list:
        out = []
        for number, r in (inline or {}).items():
            if r.get("type") == "character":
                for key in ("level", "ap"):
                    if key not in r:
                        out.append(((number, key), f"a character card needs `{key}` (card.anatomy)", key))
        return out

    # ------------------------------------------------------ a scenario's game
    def given_cards(self, given):
        for p in ("A", "B"):
            side = (given or {}).get(p) or {}
            for zone in LIST_ZONES + ("assist",):
                if isinstance(side.get(zone), list):
                    for i, item in enumerate(side[zone]):
                        if isinstance(item, dict):
                            yield (p, zone, i, "card"), item["card"]
                        else:
                            yield (p, zone, i), item
            for area in STAGE + ("oshi",):
                spec = side.get(area)
                if isinstance(spec, str):
                    yield (p, area), spec
                elif isinstance(spec, dict):
                    yield (p, area, "card"), spec["card"]
                    if spec.get("under"):
                        yield (p, area, "under"), spec["under"]

    def declared_names(self, given) -> set:
        return set()

    def board_violations(self, given, db) -> list:
        """What in `given` no game can produce: a card that is no character on the stage (stage.8), a
        推しキャラ that is no character card (build.4), a stage over the limit (stage.3), a limit-break
        card that is not the same card as its character (limitbreak.how)."""
        out = []
        for p in ("A", "B"):
            side = (given or {}).get(p) or {}
            level = 0
            for area in STAGE:
                item = side.get(area)
                if item is None:
                    continue
                item = item if isinstance(item, dict) else {"card": item}
                card = db.find(item["card"])[0]
                level += card.level or 0
                if card.kind != "character":
                    out.append(Violation(("given", p, area), f"{card.number} is a {card.kind} card: only characters are on "
                                                    "the stage (stage.8)", "a character card"))
                under = db.find(item["under"])[0] if item.get("under") else None
                if under is not None and under.identity != card.identity:
                    out.append(Violation(("given", p, area, "under"), f"a limit break lays the same card ({card.number}) on "
                                                             "its character (limitbreak.how)", card.number))
            oshi = side.get("oshi")
            if oshi is not None and (given.get("turn") or {}).get("step") != "setup":   # set-up checks the deck
                card = db.find(oshi["card"] if isinstance(oshi, dict) else oshi)[0]
                if card.kind != "character":
                    out.append(Violation(("given", p, "oshi"), f"{card.number} is a {card.kind} card: the 推しキャラ is a "
                                                      "character card (build.4)", "a character card"))
            limit = side.get("limit", 6)
            if (given.get("turn") or {}).get("step") != "setup" and level > limit:
                out.append(Violation(("given", p, "limit"), f"{p}'s stage has level {level} over its limit {limit} (stage.3)",
                                     f"a limit of {level} or more"))
        return out

    def reference_problem(self, text, *, whole=False):
        if whole and not POSITION.match(str(text)):
            return f"'{text}' is not a position", "A.hand, A.center, A.deck.count, A.limit, ..."
        return None

    def unknown_card_answer(self, text, db):
        return None

    def new_game(self, scenario, version, db, *, seed=0):
        """The board of `given` (docs/osica.md): `turn: {number, player, phase, first}` and per player
        its areas."""
        from .engine import OsicaGame
        settings = self.assumptions.settings(getattr(scenario, "assume", None))
        game = OsicaGame(db, settings=settings, version=version, seed=seed, keep_shuffles=True,
                         strict_chance=True)
        given = scenario.given or {}
        turn = given.get("turn") or {}
        t = game.table.turn
        t.phase = turn.get("step", "main")
        if t.phase not in PHASES:
            raise InputError(f"unknown phase '{t.phase}'", path=("turn", "step"), expected=", ".join(PHASES),
                             suggestions=closest(t.phase, PHASES))
        t.number, t.first = int(turn.get("number", 1 if t.phase == "setup" else 3)), turn.get("first", "A")
        t.player = turn.get("player", t.first)
        game.turn_player = t.player
        game.first_player = turn.get("first") if t.phase == "setup" else None
        setup = t.phase == "setup"
        defaults = []
        for p in game.PLAYERS:
            side = given.get(p) or {}
            ps = game.ps(p)
            oshi = side.get("oshi", DEFAULT_OSHI if setup else None)
            if oshi is not None:
                item = oshi if isinstance(oshi, dict) else {"card": oshi}
                card = game.new_card(db.lookup(item["card"], path=(p, "oshi")), p, "oshi",
                                     face_up=False if setup else item.get("face_up", True))
                card.oshi = True
            for zone in LIST_ZONES:
                if setup and zone == "deck" and zone not in side:
                    spec = self.selfplay.default_deck(db)
                    defaults.append(f"{p}.deck: the default test deck (60 cards)")
                else:
                    default = {"deck": 20, "heart": 0 if setup else settings["setup.hearts"]}.get(zone, 0)
                    spec = side.get(zone, default)
                if isinstance(spec, int):
                    if not 0 <= spec <= MAX_CARDS:
                        raise InputError(f"{p}.{zone}: at most {MAX_CARDS} cards", path=(p, zone))
                    if spec and zone not in side:
                        defaults.append(f"{p}.{zone}: {spec} × {FILLER}")
                    spec = [FILLER] * spec
                for i, text in enumerate(spec):
                    defn = db.lookup(text, path=(p, zone, i))
                    card = game.new_card(defn, p, "oshi" if zone == "keep" else zone,
                                         face_up=False if zone == "keep" else None)
                    card.kept = zone == "keep"
            for area in STAGE + ("assist",):
                spec = side.get(area)
                if spec is None:
                    continue
                for i, item in enumerate(spec if area == "assist" else [spec]):
                    item = item if isinstance(item, dict) else {"card": item}
                    where = (p, area, i) if area == "assist" else (p, area)
                    card = game.new_card(db.lookup(item["card"], path=where), p, area)
                    card.rested = bool(item.get("rested"))
                    card.ap_turn = int(item.get("ap", 0))
                    card.oshi = bool(item.get("oshi"))
                    card.broken = bool(item.get("broken") or item.get("under"))
                    if item.get("under"):
                        under = game.new_card(db.lookup(item["under"], path=where + ("under",)), p, area)
                        under.over = card.id
            ps.limit = int(side.get("limit", settings["setup.limit"] if setup else 6))
            ps.ranks = dict(side.get("ranks") or {})
            ps.orb = bool(side.get("light_orb"))
        return game, defaults

    def start(self, game):
        game.start(game.run_from(game.table.turn.phase))

    def translate(self, game, kind, params, path):
        from . import appeal, play
        if kind not in self.actions:
            raise InputError(f"unknown action '{kind}'", path=path, suggestions=closest(kind, self.actions))
        t = game.table.turn
        params = params if isinstance(params, dict) else {"card": params}
        p = params.get("player") or (game.priority if t.phase == "event" and game.priority else t.player)
        if kind == "appeal":
            area = params.get("chara")
            card = game.ps(p).chara(area) if area in STAGE else None
            return p, Action(appeal.KIND, area=area, card=card.id if card else None,
                             card_number=card.number if card else None), {}
        text = params.get("card")
        if kind == "use_action":
            for card in game.ps(p).in_play():
                if text in (f"{p}.{card.zone.name}",) or self.matches(card, text):
                    texts = [i for i, _ in card.defn.texts("action")]
                    index = params.get("text", texts[0] if texts else 0)
                    return p, Action("use_action", card=card.id, text=index, card_number=card.number), {}
            raise InputError(f"{p} has no card '{text}' on the stage or in the assist area", path=path)
        if kind == "flip_oshi":
            for card in game.zone(p, "oshi").items:
                if card.oshi:
                    return p, Action("flip_oshi", card=card.id, card_number=card.number), {}
            raise InputError(f"{p} has no 推しキャラ in the oshi area", path=path)
        zones = ("hand", "oshi") if kind == "play" else ("hand",)
        for zone in zones:
            for card in game.zone(p, zone).items:
                if self.matches(card, text):
                    if kind == "play":
                        return p, Action("play", card=card.id, area=params.get("area"), card_number=card.number), {}
                    return p, Action("play_event", card=card.id, card_number=card.number), {}
        raise InputError(f"{p} has no card '{text}' in hand", path=path)

    def answer_setup(self, game, kind, params, fail):
        d = game.pending
        if d is None or d.kind != kind:
            fail(f"no '{kind}' decision is waiting; pending: {d.describe() if d else 'nothing'}")
        player = params.get("player") if isinstance(params, dict) else None
        if player is not None and player != d.player:
            fail(f"the mulligan of {d.player} comes now (the first player first), not {player}'s")
        game.answer("redraw" if (params.get("redraw") if isinstance(params, dict) else params) else "keep")

    # -------------------------------------------------------------- reading
    def read(self, game, path, where=()):
        """`A.hand`, `A.hand.count`, `A.deck.top`, `A.center` (the character), `A.center.rested`,
        `A.center.ap`, `A.center.broken`, `A.oshi.face_up`, `A.limit`, `A.level`, `A.ranks.NAME`,
        `A.light_orb`, `A.first`, `A.keep` (kept cards)."""
        parts = path.split(".")
        expected = ("A.hand, A.hand.count, A.center, A.center.rested, A.center.ap, A.center.broken, A.limit, "
                    "A.level, A.ranks.NAME, A.light_orb, A.oshi.face_up, A.keep, A.first")
        if len(parts) < 2 or parts[0] not in game.PLAYERS:
            raise InputError(f"unknown path '{path}'", path=where, expected=expected)
        p, what, rest = parts[0], parts[1], parts[2:]
        ps = game.ps(p)
        if what == "limit" and not rest:
            return ps.limit
        if what == "level" and not rest:
            return ps.level()
        if what == "ranks" and len(rest) == 1:
            return ps.ranks.get(rest[0], 0)
        if what == "light_orb" and not rest:
            return ps.orb or ps.orb_turn
        if what == "first" and not rest:
            return game.table.turn.first == p
        if what == "keep":
            kept = [c for c in ps.zones["oshi"].items if c.kept]
            return len(kept) if rest == ["count"] else kept
        if what not in ZONE_KINDS:
            raise InputError(f"unknown path '{path}'", path=where,
                             suggestions=closest(what, tuple(ZONE_KINDS) + ("limit", "level", "ranks", "keep")))
        if what in STAGE:
            card = ps.chara(what)
            if not rest:
                return card
            attr = rest[0]
            if attr == "count":
                return int(card is not None)
            if card is None:
                return None
            if attr in ("rested", "ap", "broken"):
                return getattr(card, attr)
            if attr == "under":
                return [c for c in ps.zones[what].items if c.over == card.id]
            raise InputError(f"unknown path '{path}'", path=where, expected=f"{p}.{what}.rested, .ap, .broken, .under")
        items = ps.zones[what].items
        if what == "oshi" and rest == ["face_up"]:
            oshi = next((c for c in items if c.oshi), None)
            return oshi.face_up if oshi else None
        if what == "assist":
            items = ps.assist()
        if not rest:
            return list(items)
        if rest == ["count"]:
            return len(items)
        if rest == ["top"]:
            return items[0] if items else None
        if rest == ["rested"] and what == "assist":
            return [c for c in items if c.rested]
        raise InputError(f"unknown path '{path}'", path=where, expected=f"{p}.{what}.count or {p}.{what}.top")

    plain = staticmethod(plain)

    def matches(self, card, text) -> bool:
        return card is not None and (str(text) == card.number or norm(text) in card.defn.keys)

    norm = staticmethod(norm)

    def board_lines(self, game) -> list[str]:
        t = game.table.turn
        out = [f"turn {t.number}, {t.player}'s {t.phase} phase, first player {t.first}"]
        for p, ps in game.table.players.items():
            stage = ", ".join(f"{a}: {c.number} AP {c.ap}{' rested' if c.rested else ''}"
                              f"{' limit broken' if c.broken else ''}" for a in STAGE for c in [ps.chara(a)] if c) \
                or "none"
            oshi = [f"{c.number}{' (oshi, ' + ('up' if c.face_up else 'down') + ')' if c.oshi else ' (kept)'}"
                    for c in ps.zones["oshi"].items]
            out.append(f"{p}: limit {ps.limit} (level {ps.level()}); stage {stage}; assist "
                       f"{[c.number for c in ps.assist()]}; oshi area {oshi}; hearts {len(ps.zones['heart'].items)}; "
                       f"cost {len(ps.zones['cost'].items)}; hand {[c.number for c in ps.zones['hand'].items]}; "
                       f"deck {len(ps.zones['deck'].items)}; drop {len(ps.zones['drop'].items)}")
        return out

    def given_of(self, game) -> dict:
        t = game.table.turn
        out = {"turn": {"number": t.number, "player": t.player, "step": t.phase, "first": t.first}}
        for p, ps in game.table.players.items():
            side = {z: [c.number for c in ps.zones[z].items] for z in ("deck", "hand", "heart", "cost", "drop")}
            side["keep"] = [c.number for c in ps.zones["oshi"].items if c.kept]
            oshi = next((c for c in ps.zones["oshi"].items if c.oshi), None)
            if oshi is not None:
                side["oshi"] = oshi.number if oshi.face_up else {"card": oshi.number, "face_up": False}
            for a in STAGE:
                c = ps.chara(a)
                if c is not None:
                    side[a] = {"card": c.number, "rested": c.rested} if c.rested else c.number
            if ps.assist():
                side["assist"] = [c.number for c in ps.assist()]
            side["limit"] = ps.limit
            out[p] = side
        return out


RULESET = OsicaRuleset()
