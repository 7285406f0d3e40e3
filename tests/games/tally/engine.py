"""Tally's rules engine on the kernel (judge.core.game.Game): every state change an event citing
its rule (rules/tally-rules-1.0-en.txt)."""
from __future__ import annotations

from judge.core.decisions import Action, Decision, Option
from judge.core.game import Game
from judge.core.state import Card, Zone

WIN_POINTS = 3                       # 1.2
OPENING_HAND = 3                     # 4.2
STEPS = ("draw", "main")             # 5.1


class CardDef:
    """A card's printed facts: its number and its value (2.1)."""

    __slots__ = ("number", "value", "name", "keys")

    def __init__(self, number: str, value: int, name: str | None = None):
        self.number, self.value, self.name = number, value, name or number
        self.keys = frozenset({number.lower(), self.name.lower()})


class TallyGame(Game):
    CHECK_TIMING_RULES = ("6.1",)

    def __init__(self, db, *, version="1.0", seed=0, **kw):
        super().__init__(seed=seed, **kw)
        self.db, self.version = db, version
        self.zones = {(p, z): Zone(z, p, ordered=z != "hand", public=z == "pile")
                      for p in self.PLAYERS for z in ("deck", "hand", "pile")}
        self.points = {p: 0 for p in self.PLAYERS}
        self.turn_number, self.step, self.played = 1, "setup", False

    # ------------------------------------------------------------------ state
    def zone(self, player: str, name: str) -> Zone:
        return self.zones[(player, name)]

    def new_card(self, number: str, owner: str, zone: Zone) -> Card:
        card = Card(self.next_id(), self.db[number], owner)
        self.cards[card.id] = card
        card.zone = zone
        zone.items.append(card)
        return card

    def _move(self, card: Card, to: Zone):
        card.zone.items.remove(card)
        card.zone = to
        to.items.append(card)

    def _apply_draw(self, ev):
        self._move(ev.data["card"], self.zone(ev.data["player"], "hand"))

    def _apply_play(self, ev):
        self._move(ev.data["card"], self.zone(ev.data["player"], "pile"))
        self.played = True

    def _apply_score(self, ev):
        self.points[ev.data["player"]] += 1

    def _apply_step(self, ev):
        self.step = ev.data["step"]

    def _apply_turn_start(self, ev):
        self.turn_player, self.turn_number, self.played = ev.data["player"], ev.data["number"], False

    # --------------------------------------------------------------- playing
    def run_from(self, step: str):
        """Play on from `step` of the current turn ('setup' starts the game, 4)."""
        if step == "setup":
            for p in self.PLAYERS:                                      # 4.2
                for _ in range(OPENING_HAND):
                    yield from self.draw(p, ("4.2",))
            step = "main"                                               # 5.2: no first draw
            self.emit("step", ("4.1", "5.2"), step="main", player=self.turn_player)
        index = STEPS.index(step)
        while True:
            for name in STEPS[index:]:
                if self.step != name:
                    self.emit("step", ("5.1",), step=name, player=self.turn_player)
                yield from getattr(self, f"step_{name}")()
            self.emit("turn_start", ("5.5",), player=self.other(self.turn_player), number=self.turn_number + 1)
            index = 0

    def draw(self, p: str, rules: tuple):
        deck = self.zone(p, "deck")
        if not deck.items:                                               # 1.3
            self.end_game(self.other(p), ("1.3",) + tuple(rules), f"{p} had to draw from an empty deck")
        self.emit("draw", rules, player=p, card=deck.items[0], private=p)
        return
        yield  # pragma: no cover

    def step_draw(self):
        yield from self.draw(self.turn_player, ("5.2",))
        yield from self.check_timing_loop()

    def step_main(self):
        """5.3: one card may be played, or the player passes; a play timing until they pass."""
        p = self.turn_player
        while True:
            yield from self.check_timing_loop()
            options = [Option(self.describe_action(a), a, keys=(a.get("card_number"),))
                       for a in self.legal_actions(p)]
            options.append(Option("pass", "pass", keys=("pass",)))
            answer = yield Decision(p, "play_timing", "play a card or pass", ("5.3",), options, ask_always=True)
            if answer == "pass":
                return
            card = self.cards[answer["card"]]
            self.emit("play", ("5.3", "5.3.1"), player=p, card=card, number=card.number)
            top = self.zone(self.other(p), "pile").items
            if not top or card.defn.value > top[-1].defn.value:             # 5.4
                self.emit("score", ("5.4",), player=p, card=card.number)
            else:                       # the trace says why no point was scored
                self.emit("no_score", ("5.4",), player=p, card=card.number, against=top[-1].number)

    # ------------------------------------------------------------- the hooks
    def rule_processes(self):
        """6.1 / 1.2: three points win; both at once is a draw."""
        won = [p for p in self.PLAYERS if self.points[p] >= WIN_POINTS]
        if won:
            self.end_game(won[0] if len(won) == 1 else None, ("6.1", "1.2"), "3 points")
        return False
        yield  # pragma: no cover

    def nothing_due(self) -> bool:
        return all(self.points[p] < WIN_POINTS for p in self.PLAYERS)

    def legal_actions(self, p: str) -> list[Action]:
        return [a for a in (Action("play", card=c.id, card_number=c.number) for c in self.zone(p, "hand").items)
                if not self.why_not(p, a)]

    def why_not(self, p: str, a: Action, at_play_timing=False) -> list[str]:
        """The rules the action would break now (empty: legal)."""
        if self.over:
            return ["1.2"]
        if a.kind == "pass":
            return []
        if p != self.turn_player or self.step != "main" or self.played:
            return ["5.3.1"]
        card = self.cards.get(a.get("card"))
        if card is None or card.zone is not self.zone(p, "hand"):
            return ["5.3"]
        return []

    def describe_action(self, a: Action) -> str:
        return "pass" if a == "pass" or getattr(a, "kind", None) == "pass" else f"play {a.get('card_number')}"

    def concede(self, player: str):
        self.result = {"winner": self.other(player), "reason": f"{player} conceded", "rules": []}
        self.pending = None
