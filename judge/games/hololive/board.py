"""Build a game from a scenario's `given` (a partial board with documented defaults).

The board was checked before (boardcheck.py, through check_semantics): every card is known, the
counts are within what a legal game reaches and the holomems are ones the rules can produce."""
from __future__ import annotations

from ...core.errors import InputError
from .cards import COLORS
from .game import STEPS

DEFAULT_OSHI = "DEFAULT-OSHI"
FILLER = "FILLER"
DEFAULT_HOLOMEM = "DEFAULT-HOLOMEM"
DEFAULT_DECK = 20
PLAYER_KEYS = ("oshi", "center", "collab", "back", "hand", "deck", "cheer_deck", "life", "archive",
               "holopower")
TURN_FACTS = ("collabed", "limited_played", "oshi_skill_used", "baton_passed")


class BoardBuilder:
    """Fills a HololiveGame from `given`; `defaults` lists what it filled in by itself."""

    def __init__(self, game, db):
        self.game = game
        self.db = db
        self.defaults: list[str] = []

    def card(self, text, path, *, cheer=False):
        text = str(text)
        if cheer and text in COLORS:
            return self.cheer_of(text, path)
        return self.db.lookup(text, path=path)

    def cheer_of(self, color, path):
        """An anonymous cheer card of that colour (the lowest-numbered cheer of that single colour)."""
        for number in sorted(self.db.cards):
            d = self.db.cards[number]
            if d.type == "cheer" and d.colors == frozenset([color]):
                return d
        raise InputError(f"no cheer card of colour '{color}' in the card database", path=path)

    def cards_for(self, spec, path, *, default_number=FILLER, cheer=False):
        """A list of card specs, or a number of filler cards."""
        if isinstance(spec, bool) or spec is None:
            raise InputError("expected a list of cards or a number", path=path)
        if isinstance(spec, int):
            filler = self.cheer_of("white", path) if cheer else self.db.get(default_number)
            return [filler] * spec
        return [self.card(x, path + (i,), cheer=cheer) for i, x in enumerate(spec)]

    # ----------------------------------------------------------------- build
    def build(self, given: dict):
        g = self.game
        turn = dict(given.get("turn") or {})
        step = turn.get("step", "main")
        player = turn.get("player", "A")
        number = int(turn.get("number", 1 if step == "setup" else 3))
        first = turn.get("first") or (player if number % 2 == 1 else g.other(player))
        g.turn_player, g.turn_number, g.first_player, g.step = player, number, first, step
        if "turn" not in given or "number" not in turn:
            self.defaults.append(f"turn: player {player}, number {number}, step {step}")
        if step != "setup":
            g.turns_taken[first] = (number + 1) // 2
            g.turns_taken[g.other(first)] = number // 2
            if step == "performance":
                g.performance_id = 1
        for fact in TURN_FACTS:
            if turn.get(fact):
                g.facts[player][fact] = True
        if turn.get("sp_oshi_skill_used"):
            g.game_facts[player]["sp_oshi_skill_used"] = True
        for p in g.PLAYERS:
            self.build_player(p, dict(given.get(p) or {}), step)
        for s in g.stage(player):     # before the performance step: used earlier this turn
            if s.flags.get("arts_step") == g.performance_id:
                g.position_arts[s.zone.name] = True
        return self.defaults

    def build_player(self, p, spec, step):
        g = self.game
        base = (p,)
        if step == "setup":
            extra = [k for k in spec if k in ("center", "collab", "back", "hand", "life", "archive", "holopower")]
            if extra:
                raise InputError(f"a scenario that starts at set-up gives only oshi, deck and cheer_deck; "
                                 f"'{extra[0]}' is dealt by the pre-game procedure (6.2.1)", path=base + (extra[0],))
        oshi = self.card(spec["oshi"], base + ("oshi",)) if "oshi" in spec else self.db.get(DEFAULT_OSHI)
        if "oshi" not in spec:
            self.defaults.append(f"{p}.oshi: {DEFAULT_OSHI} (no colour, life {oshi.life}, no skills)")
        g.new_card(oshi, p, g.zone(p, "oshi"))
        if "deck" in spec:
            deck = self.cards_for(spec["deck"], base + ("deck",))
        else:
            deck = self.cards_for(DEFAULT_DECK, base + ("deck",))
            self.defaults.append(f"{p}.deck: {DEFAULT_DECK} filler cards")
        for d in deck:
            g.new_card(d, p, g.zone(p, "deck"), face_up=False)
        cheer = self.cards_for(spec.get("cheer_deck", []), base + ("cheer_deck",), cheer=True)
        for d in cheer:
            g.new_card(d, p, g.zone(p, "cheer_deck"), face_up=False)
        if step == "setup":
            return
        if "life" in spec:
            life = self.cards_for(spec["life"], base + ("life",), cheer=True)
        else:
            life = self.cards_for(oshi.life or 0, base + ("life",), cheer=True)
            self.defaults.append(f"{p}.life: {oshi.life} white cheer (the oshi's life)")
        for d in life:
            g.new_card(d, p, g.zone(p, "life"), face_up=False)
        for key in ("hand", "archive", "holopower"):
            for d in self.cards_for(spec.get(key, []), base + (key,), cheer=(key == "archive")):
                g.new_card(d, p, g.zone(p, key), face_up=(key == "archive"))
        if not any(k in spec for k in ("center", "collab", "back")):
            # A stage nobody mentioned gets an inert holomem, so the game does not end at once by 11.2.2;
            # write `center: ~` for a really empty stage.
            spec["center"] = DEFAULT_HOLOMEM
            self.defaults.append(f"{p}.center: {DEFAULT_HOLOMEM} (debut, no colour, HP 100, no arts)")
        for key in ("center", "collab"):
            if spec.get(key) is not None:
                self.holomem(p, key, spec[key], base + (key,))
        back = spec.get("back") or []
        for i, h in enumerate(back):
            self.holomem(p, "back", h, base + ("back", i))
        for fact in TURN_FACTS:
            if spec.get(fact):
                g.facts[p][fact] = True
        if spec.get("sp_oshi_skill_used"):
            g.game_facts[p]["sp_oshi_skill_used"] = True
        # 3.2.1: life damage still to be processed (11.5.1), e.g. a board stopped mid-check-timing.
        g.life_damage[p] = int(spec.get("life_damage", 0))

    def holomem(self, p, zone_name, spec, path):
        g = self.game
        if isinstance(spec, str):
            spec = {"card": spec}
        top = self.card(spec["card"], path + ("card",))
        under = [self.card(x, path + ("stack", i)) for i, x in enumerate(spec.get("stack", []))]
        zone = g.zone(p, zone_name)
        cards = [g.new_card(d, p, zone) for d in under + [top]]
        stack = g.new_stack(cards, zone)
        for i, x in enumerate(spec.get("cheer", [])):
            self._attach(stack, self.card(x, path + ("cheer", i), cheer=True), p)
        for i, x in enumerate(spec.get("attached", [])):
            self._attach(stack, self.card(x, path + ("attached", i)), p)
        stack.damage = int(spec.get("damage", 0))
        stack.flags["rested"] = bool(spec.get("rested", False))
        if spec.get("bloomed_this_turn"):
            stack.flags["bloomed_turn"] = g.turn_number
        if spec.get("placed_this_turn"):
            stack.flags["placed_turn"] = g.turn_number
        if spec.get("arts_used"):
            stack.flags["arts_step"] = g.performance_id      # 9.2.1.5
            stack.flags["arts_turn"] = g.turn_number         # 1.3.0 9.2.1.5 counts per turn
            if stack.owner == g.turn_player:                 # 'your <X> used an art this turn' (its printed names)
                facts = g.facts[stack.owner]
                facts["arts_names"] = frozenset(facts.get("arts_names", frozenset()) | set(stack.top.defn.names))
        if spec.get("as"):
            name = str(spec["as"]).lstrip("$")
            if name in g.aliases:
                raise InputError(f"the name '${name}' is given twice", path=path + ("as",))
            stack.aliases.add(name)
            g.aliases[name] = stack
        return stack

    def _attach(self, stack, defn, p):
        g = self.game
        card = g.new_card(defn, p, stack.zone)
        stack.zone.items.remove(card)
        stack.zone.version += 1
        card.holder = stack
        stack.attached.append(card)
        stack.version += 1


def step_names():
    return ("setup",) + STEPS
