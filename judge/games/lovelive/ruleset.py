"""Love Live! behind the ruleset protocol (judge/core/ruleset.py): its rule index (rules/), card
facts (cards.py), scenario boards, actions, set-up answers and paths, Gherkin steps (bdd/), self-play
(selfplay.py) and card tools."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from judge.core.decisions import Action
from judge.core.errors import InputError, NotRunnable, closest
from judge.core.state import plain
from judge.core.text import norm
from judge.core.ruleset import RulesOfDocuments

from . import cards as cardfacts
from . import continuous
from .engine import LoveLiveGame
from .state import AREAS, STEPS, ZONE_KINDS

HERE = Path(__file__).resolve().parent
VERSION = "1.06"
FILLER = "PL!N-bp3-016-N"         # a vanilla member with no blade heart: the default main deck
ENERGY = "LL-E-003-SD"            # the default energy card
PLAYER_ZONES = tuple(z for z in ZONE_KINDS if z != "aside")
LIST_ZONES = ("main_deck", "energy_deck", "hand", "energy", "live", "success", "waiting_room", "exclusion")
POSITION = re.compile(r"^(A|B)\.(" + "|".join(PLAYER_ZONES + ("score", "first", "resolution")) + r")(\.[a-z_]+)?$")
MAX_CARDS = 72


@dataclass(frozen=True)
class BoardViolation:
    """A board the rules cannot produce: where in `given`, what is wrong (with its rule)."""
    path: tuple
    message: str
    expected: str | None = None

    @classmethod
    def of(cls, message: str, where: tuple, rule: str, expected: str):
        return cls(("given",) + tuple(where), f"{message} (rule {rule})", expected)


class LoveLiveRuleset(RulesOfDocuments):
    name = "lovelive"
    title = "Love Live! Series Official Card Game (comprehensive rules 1.06)"
    folder = HERE
    versions = (VERSION,)
    actions = ("play_member", "activate")
    setup_actions = ("first_player", "mulligan")
    reference_keys = ()
    step_modules = ("judge.games.lovelive.bdd.steps",)
    from .layout import LAYOUT as layout          # the table for the ruling pages (judge.core.board)

    def __init__(self):
        from .selfplay import LoveLiveCardTools, LoveLiveSelfPlay
        self.selfplay = LoveLiveSelfPlay()
        self.cards = LoveLiveCardTools()
        from .rulings import RULINGS
        self.rulings = RULINGS              # the official FAQ (`source: {faq: [...]}`, `judge qa`)

    @property
    def documents(self):
        from .rules import DOCUMENTS
        return DOCUMENTS

    # ------------------------------------------------------------ the cards
    def card_db(self, inline=None):
        return cardfacts.CardDB(cardfacts.builtin()).overlay(inline or {})

    def card_problems(self, inline) -> list:
        out = []
        for number, r in (inline or {}).items():
            kind = r.get("type")
            need = {"member": ("cost", "blade", "hearts"), "live": ("score", "required"), "energy": ()}.get(kind, ())
            for key in need:
                if key not in r:
                    out.append(((number, key), f"a {kind} card needs `{key}` (2.6-2.11)", key))
        return out

    # ------------------------------------------------------ a scenario's game
    def given_cards(self, given):
        for p in ("A", "B"):
            side = (given or {}).get(p) or {}
            for zone in LIST_ZONES:
                if isinstance(side.get(zone), list):
                    for i, text in enumerate(side[zone]):
                        yield (p, zone, i), text
            for area in AREAS:
                spec = side.get(area)
                if isinstance(spec, str):
                    yield (p, area), spec
                elif isinstance(spec, dict) and "card" in spec:
                    yield (p, area, "card"), spec["card"]
                if isinstance(spec, dict) and isinstance(spec.get("under"), list):
                    for i, text in enumerate(spec["under"]):
                        yield (p, area, "under", i), text
            if isinstance(side.get("resolution"), list):
                for i, text in enumerate(side["resolution"]):
                    yield (p, "resolution", i), text

    def declared_names(self, given) -> set:
        return set()

    def board_violations(self, given, db) -> list:
        """What in `given` no legal game can produce: BoardViolation(path, message, expected), the path
        from `given` (judge.scenario.model reports the first in the file, exit 2)."""
        out = []
        for p in ("A", "B"):
            side = (given or {}).get(p) or {}
            for zone, kind, rule in (("energy", "energy", "10.5.2"), ("success", "live", "4.10.1")):
                for i, text in enumerate(side.get(zone) or [] if isinstance(side.get(zone), list) else []):
                    found = db.find(str(text))
                    if found and found[0].kind != kind:
                        out.append(BoardViolation.of(f"{p}.{zone} holds only {kind} cards: {text} is a {found[0].kind}",
                                                     (p, zone, i), rule, "an energy card" if kind == "energy" else f"a {kind} card"))
            for area in AREAS:
                spec = side.get(area)
                text = spec.get("card") if isinstance(spec, dict) else spec
                found = db.find(str(text)) if text else []
                if found and found[0].kind != "member":
                    out.append(BoardViolation.of(f"{p}.{area} holds a member (4.5.1): {text} is a {found[0].kind}",
                                                 (p, area) + (("card",) if isinstance(spec, dict) else ()), "4.5.1",
                                                 "a member card"))
                for i, under in enumerate(spec.get("under") or [] if isinstance(spec, dict) else []):
                    found = db.find(str(under))
                    if found and found[0].kind not in ("member", "energy"):
                        out.append(BoardViolation.of(
                            f"{p}.{area}: only member and energy cards lie beneath a member (4.5.5): {under} is a "
                            f"{found[0].kind}", (p, area, "under", i), "4.5.5", "a member or energy card"))
            success = side.get("success")
            if isinstance(success, list) and len(success) >= 3:
                out.append(BoardViolation.of(f"{p} has {len(success)} successful lives: the game is already over",
                                             (p, "success"), "1.2.1.1", "at most 2 cards"))
        return out

    def reference_problem(self, text, *, whole=False):
        if whole and not POSITION.match(str(text)):
            return f"'{text}' is not a position", "A.hand, A.center, A.main_deck.count, ..."
        return None

    def unknown_card_answer(self, text, db):
        return None

    def new_game(self, scenario, version, db, *, seed=0):
        """The board of `given` (docs/lovelive.md): `turn: {number, player, step, first, chooser}` and
        per player its zones — a count of default cards or the cards (decks top first), and per
        member area a card or {card, wait, entered}."""
        game = LoveLiveGame(db, version=version, seed=seed, keep_shuffles=True, strict_chance=True)
        given = scenario.given or {}
        defaults = []
        turn = given.get("turn") or {}
        t = game.table.turn
        t.step = turn.get("step", "main")
        if t.step not in STEPS and t.step != "setup":
            raise InputError(f"unknown step '{t.step}'", path=("turn", "step"), expected=", ".join(("setup",) + STEPS),
                             suggestions=closest(t.step, STEPS))
        t.number, t.first = int(turn.get("number", 1)), turn.get("first", "A")
        t.player = turn.get("player", t.first)
        game.turn_player = t.player
        game.chooser = turn.get("chooser")
        if t.step == "setup" and game.chooser is None:
            raise InputError("a game from set-up needs `chooser`: the player 6.2.1.4 picks at random",
                             path=("turn", "chooser"), expected="A or B")
        unsupported = []
        for p in game.PLAYERS:
            side = given.get(p) or {}
            for zone in LIST_ZONES:
                default = {"main_deck": 20, "energy_deck": 9, "energy": 3 if t.step != "setup" else 0}.get(zone, 0)
                if t.step == "setup" and zone == "energy_deck":
                    default = 12
                if t.step == "setup" and zone == "main_deck":
                    default = 60
                spec = side.get(zone, default)
                if isinstance(spec, int):
                    if not 0 <= spec <= MAX_CARDS:
                        raise InputError(f"{p}.{zone}: at most {MAX_CARDS} cards", path=(p, zone))
                    filler = ENERGY if zone in ("energy", "energy_deck") else FILLER
                    if spec and zone not in side:
                        defaults.append(f"{p}.{zone}: {spec} × {filler}")
                    spec = [filler] * spec
                for i, text in enumerate(spec):
                    defn = db.lookup(text, path=(p, zone, i))
                    unsupported += [defn] if not defn.supported else []
                    face = False if zone == "live" else None
                    game.new_card(defn, p, zone, face_up=face)
            for area in AREAS:
                spec = side.get(area)
                if spec is None:
                    continue
                item = spec if isinstance(spec, dict) else {"card": spec}
                for i, text in enumerate(reversed(item.get("under") or [])):     # bottom first
                    defn = db.lookup(text, path=(p, area, "under", len(item["under"]) - 1 - i))
                    unsupported += [defn] if not defn.supported else []
                    game.new_card(defn, p, area).beneath = True                  # 4.5.5
                if "card" not in item:
                    extra = [k for k in ("wait", "entered") if k in item]
                    if extra:
                        raise InputError(f"{p}.{area}: `{extra[0]}` is said of the member, and the area names none",
                                         path=(p, area, extra[0]), expected="card: a member card number")
                    continue
                defn = db.lookup(item["card"], path=(p, area))
                unsupported += [defn] if not defn.supported else []
                card = game.new_card(defn, p, area)
                card.wait = bool(item.get("wait"))
                if item.get("entered"):
                    card.entered_turn = t.number
            if side.get("live_revealed"):
                for card in game.table.zone(p, "live").items:
                    card.face_up = True                                          # turned face up (8.3.4)
            for i, text in enumerate(side.get("resolution") or []):
                defn = db.lookup(text, path=(p, "resolution", i))
                unsupported += [defn] if not defn.supported else []
                game.new_card(defn, p, "resolution")            # owned by p (3.1.1), played by nothing
            for i in range(int(side.get("energy_wait", 0))):
                energy = game.table.zone(p, "energy").items
                if i < len(energy):
                    energy[i].wait = True
        game.unsupported = unsupported          # the scenario is not runnable: start() says so
        return game, defaults

    def start(self, game):
        unsupported = getattr(game, "unsupported", ())
        if unsupported:
            names = sorted({d.number for d in unsupported})
            raise NotRunnable(f"{', '.join(names)}: " + "; ".join(sorted({
                ("; ".join(d.gaps) if d.gaps else "; ".join(d.unsupported_abilities) if d.encoded else
                 "abilities the engine does not run yet (unsupported)") for d in unsupported})))
        game.start(game.run_from(game.table.turn.step))

    def translate(self, game, kind, params, path):
        if kind == "activate":
            return self._activate(game, params, path)
        if kind != "play_member":
            raise InputError(f"unknown action '{kind}'", path=path, suggestions=closest(kind, self.actions))
        p = game.table.turn.player
        text, area = params.get("card"), params.get("area")
        for card in game.table.zone(p, "hand").items:
            if self.matches(card, text):
                presets = {}
                if "baton_touch" in params:
                    presets["baton_touch"] = "yes" if params["baton_touch"] else "no"
                return p, Action("play_member", card=card.id, area=area, card_number=card.number), presets
        raise InputError(f"{p} has no card '{text}' in hand", path=path)

    def _activate(self, game, params, path):
        """`activate: {card: A.center | NUMBER, ability: 1}`: an activated ability of a member of the stage."""
        p = game.table.turn.player
        text = str(params.get("card"))
        member = None
        if POSITION.match(text) and text.split(".")[1] in AREAS:
            member = game.table.players[text.split(".")[0]].member(text.split(".")[1])
        else:
            member = next((m for m in game.table.players[p].members() if self.matches(m, text)), None)
        if member is None and not POSITION.match(text):
            # 9.3.4.1: a card of the hand or the waiting room with an activated ability played from there
            member = next((c for z in ("hand", "waiting_room") for c in game.table.zone(p, z).items
                           if self.matches(c, text) and any(a.kind == "activated" and a.zone == z
                                                             for a in getattr(c.defn, "ability_list", ()))), None)
        if member is None:
            raise InputError(f"no member '{text}' on the stage", path=path + ("card",),
                             expected="A.left, A.center, A.right, the card number of a member of the stage, or of "
                                      "a card of the hand or waiting room with an activated ability played there")
        abilities = member.defn.ability_list
        if "ability" in params:
            index = int(params["ability"]) - 1
        else:
            index = next((a.index for a in abilities if a.kind == "activated"), 0)
        return member.owner, Action("activate", card=member.id, ability=index, card_number=member.number), {}

    def answer_setup(self, game, kind, params, fail):
        d = game.pending
        if d is None or d.kind != kind:
            fail(f"no '{kind}' decision is waiting; pending: {d.describe() if d else 'nothing'}")
        if kind == "first_player":
            game.answer(params.get("first") if isinstance(params, dict) else params)
            return
        player = params.get("player")
        if player != d.player:
            fail(f"the mulligan of {d.player} comes now (6.2.1.6: the first player first), not {player}'s")
        game.answer(list(params.get("cards") or []))

    # -------------------------------------------------------------- reading
    def read(self, game, path, where=()):
        """`A.hand`, `A.hand.count`, `A.success.top`, `A.center` (the member), `A.center.wait`, `A.center.blade`,
        `A.center.hearts`, `A.center.cost` (as they are now, 9.9),
        `A.energy.active`, `A.energy.waiting`, `A.score` (of the last live judgment), `A.first` (A is the
        first player), `A.resolution` (A's cards in the shared resolution zone)."""
        t = game.table
        parts = path.split(".")
        if len(parts) < 2 or parts[0] not in game.PLAYERS:
            raise InputError(f"unknown path '{path}'", path=where,
                             expected="A.hand, A.hand.count, A.center, A.center.wait, A.energy.active, A.score, "
                                      "A.first, A.resolution.count")
        p, what, rest = parts[0], parts[1], parts[2:]
        if what == "score" and not rest:
            return t.live.score.get(p)
        if what == "first" and not rest:
            return t.turn.first == p
        if what == "resolution":
            mine = [c for c in t.resolution.items if c.owner == p]
            return len(mine) if rest == ["count"] else mine
        if what not in PLAYER_ZONES:
            raise InputError(f"unknown path '{path}'", path=where, suggestions=closest(what, PLAYER_ZONES + ("score", "first", "resolution")))
        items = t.zone(p, what).items
        if what in AREAS:
            member = t.players[p].member(what)
            if not rest:
                return member
            if rest == ["wait"]:
                return bool(member and member.wait)
            if rest == ["blade"]:                                       # as it is now (9.9)
                return continuous.blade(game, member) if member else None
            if rest == ["hearts"]:
                return dict(continuous.hearts(game, member)) if member else None
            if rest == ["cost"]:
                return continuous.cost(game, member) if member else None
            if rest == ["count"]:
                return len(items)
            if rest == ["under"]:
                return list(reversed(t.players[p].beneath(what)))          # 4.5.5.1, top down
            raise InputError(f"unknown path '{path}'", path=where,
                             expected=f"{p}.{what}, {p}.{what}.wait, {p}.{what}.count, {p}.{what}.under, "
                                      f"{p}.{what}.blade, {p}.{what}.hearts, {p}.{what}.cost")
        if not rest:
            return list(items)
        if rest == ["count"]:
            return len(items)
        if rest == ["top"]:
            return items[0] if items else None
        if what == "energy" and rest in (["active"], ["waiting"]):
            return sum((not c.wait) if rest == ["active"] else c.wait for c in items)
        raise InputError(f"unknown path '{path}'", path=where, expected=f"{p}.{what}.count or {p}.{what}.top")

    plain = staticmethod(plain)

    def matches(self, card, text) -> bool:
        return card is not None and (str(text) == card.number or norm(text) in card.defn.keys)

    norm = staticmethod(norm)

    def board_lines(self, game) -> list[str]:
        t = game.table
        out = [f"turn {t.turn.number}, {t.turn.player}'s {t.turn.step} phase, first player {t.turn.first}"]
        for p, ps in t.players.items():
            stage = ", ".join(f"{a}: {m.number}{' (wait)' if m.wait else ''}" for a in AREAS
                              for m in [ps.member(a)] if m) or "none"
            energy = ps.zones["energy"].items
            out.append(f"{p}: stage {stage}; energy {sum(not c.wait for c in energy)}/{len(energy)} active; "
                       f"hand {[c.number for c in ps.zones['hand'].items]}; main deck {len(ps.zones['main_deck'].items)}; "
                       f"live {[c.number for c in ps.zones['live'].items]}; success "
                       f"{[c.number for c in ps.zones['success'].items]}; waiting room {len(ps.zones['waiting_room'].items)}")
        return out

    def given_of(self, game) -> dict:
        t = game.table
        out = {"turn": {"number": t.turn.number, "player": t.turn.player, "step": t.turn.step, "first": t.turn.first}}
        for p, ps in t.players.items():
            side = {z: [c.number for c in ps.zones[z].items] for z in LIST_ZONES}
            for a in AREAS:
                m, under = ps.member(a), [c.number for c in reversed(ps.beneath(a))]
                item = ({"card": m.number} if m else {}) | ({"wait": True} if m and m.wait else {}) | (
                    {"under": under} if under else {})
                if item:
                    side[a] = m.number if list(item) == ["card"] else item
            out[p] = side
        return out


RULESET = LoveLiveRuleset()
