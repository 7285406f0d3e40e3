"""The hololive ruleset as the scenario runner sees it: build games, translate actions, read paths."""
from __future__ import annotations

from pathlib import Path

from ...core.decisions import Action
from ...core.errors import InputError, closest
from ...core.text import norm
from . import boardcheck, refs
from .board import BoardBuilder
from .cards import builtin
from .engine import HololiveGame
from .rules import DOCUMENTS, VERSIONS, rule_index
from .rulings import RULINGS
from .tools import HololiveCardTools, HololiveSelfPlay

ACTIONS = ("place", "bloom", "collab", "oshi_skill", "sp_oshi_skill", "support", "baton_pass", "ability", "art")
SETUP_ACTIONS = ("first_player", "mulligan", "placement")       # the pre-game decisions of 6.2


class HololiveRuleset:
    name = "hololive"
    title = "hololive OFFICIAL CARD GAME"
    folder = Path(__file__).parent
    documents = DOCUMENTS
    versions = VERSIONS
    actions = ACTIONS
    setup_actions = SETUP_ACTIONS
    selfplay = HololiveSelfPlay()
    cards = HololiveCardTools()
    from .layout import LAYOUT as layout          # the table for the ruling pages (judge.core.board)
    rulings = RULINGS                   # the official Q&A (`source: {qa: [...]}`, `judge qa`)
    # Gherkin: hololive's parameter types and steps, after the neutral ones (judge/bdd/registry.py).
    step_modules = ("judge.games.hololive.bdd.vocabulary", "judge.games.hololive.bdd.steps_board",
                    "judge.games.hololive.bdd.steps_actions", "judge.games.hololive.bdd.steps_checks")

    def game_class(self, version):
        """The game class of a rules version: 1.9.0 is HololiveGame; older versions subclass it."""
        from .versions import GAME_CLASSES
        return GAME_CLASSES.get(version)

    def supports(self, version) -> bool:
        """Versions the engine can run."""
        return self.game_class(version) is not None

    def rule_index(self, version):
        return rule_index(version)

    def rule_map(self, a, b):
        """The map between the rule numbers of two versions (rules/map-<older>-<newer>.yaml)."""
        from .rules.maps import rule_map
        return rule_map(a, b)

    def card_db(self, inline=None):
        return builtin().overlay(inline or {})

    def card_problems(self, inline) -> list:
        """What the card schema cannot say about a scenario's inline cards (terms.records_problems):
        (path in `cards:`, message, expected)."""
        from .terms import records_problems
        return records_problems(inline)

    def new_game(self, scenario, version, db, *, seed=0):
        cls = self.game_class(version) or HololiveGame
        game = cls(db, version=version, seed=seed, keep_shuffles=True, strict_chance=True)
        builder = BoardBuilder(game, db)
        defaults = builder.build(scenario.given)
        return game, defaults

    # ------------------------------------------------ before anything runs
    def board_violations(self, given, db) -> list:
        """What in `given` no legal game can produce (boardcheck.Violation: path, message, expected)."""
        return boardcheck.board_violations(given, db)

    reference_problem = staticmethod(boardcheck.reference_problem)
    reference_keys = boardcheck.REFERENCE_KEYS
    unknown_card_answer = staticmethod(boardcheck.unknown_card_answer)
    declared_names = staticmethod(boardcheck.declared_names)
    given_cards = staticmethod(boardcheck.given_cards)

    def start(self, game):
        step = game.step
        game.start(game.run_from(step, at_play_timing=True))

    # ------------------------------------------------------ set-up answers
    def answer_setup(self, game, kind, params, fail):
        """The pre-game decisions (6.2.1): the first player (6.2.1.4), keep or redraw (6.2.1.7-6.2.1.9),
        and the placement (6.2.1.10): centre, then the cards put on the bottom of the deck after a
        redraw (6.2.1.10.2), then the back holomems (6.2.1.10.3)."""
        player = params.get("player") if isinstance(params, dict) else None
        if kind == "first_player":
            _expect(game, "first_player", fail)
            game.answer(params)
        elif kind == "mulligan":
            _expect(game, "mulligan", fail, player)
            game.answer("redraw" if params.get("redraw") else "keep")
        else:
            _expect(game, "center", fail, player)
            game.answer(params.get("center") or "none")
            if game.pending is not None and game.pending.kind == "bottom_of_deck":
                game.answer(params.get("bottom") or [])
            elif params.get("bottom"):
                fail(f"`bottom` given, but {player} puts no card on the bottom of the deck (only after redraws, "
                     "6.2.1.10.2)")
            if game.pending is not None and game.pending.kind == "back" and game.pending.player == player:
                game.answer(params.get("back") or [])
            elif params.get("back"):
                fail(f"`back` given, but {player} is not asked for back holomems: no Debut or Spot holomem left "
                     "in hand, or no room on the stage (6.2.1.10.3)")

    # ----------------------------------------------------------- actions
    def translate(self, game, kind, params, path):
        """A scenario action -> (player, Action, preset answers)."""
        params = params if isinstance(params, dict) else {}
        p = game.turn_player
        presets = {}
        if kind in ("place", "support"):
            owner = p
            card = self._hand_card(game, owner, params.get("card"), path + ("card",))
            args = {"card": card.id}
            if kind == "support" and params.get("target") is not None:
                args["target"] = refs.resolve_holomem(game, params["target"], path + ("target",)).id
            elif kind == "support" and card.defn.sub_type in ("tool", "mascot", "fan"):
                raise refs.RefError(f"{card.number} is attached to a holomem: give `target:`", path=path)
            return owner, Action(kind, **args), presets
        if kind in ("bloom", "collab", "baton_pass", "art"):
            s = refs.resolve_holomem(game, params.get("holomem"), path + ("holomem",))
            owner = s.owner
            if kind == "bloom":
                card = self._hand_card(game, owner, params.get("with"), path + ("with",))
                return owner, Action("bloom", holomem=s.id, card=card.id), presets
            if kind == "art":
                art = self._art(game, s, params.get("art"), path + ("art",))
                t = refs.resolve_holomem(game, params.get("target"), path + ("target",))
                return owner, Action("art", holomem=s.id, art=art.index, target=t.id), presets
            if kind == "baton_pass" and params.get("cheer"):
                presets["baton_cheer"] = "+".join(sorted(norm(x) for x in params["cheer"]))
            return owner, Action(kind, holomem=s.id), presets
        if kind in ("oshi_skill", "sp_oshi_skill"):
            name = params.get("skill")
            oshi = game.oshi(p)
            skill = getattr(oshi.defn, kind) if oshi is not None else None
            if name is not None and skill and norm(name) not in {norm(skill.get("name") or ""),
                                                                 norm(skill.get("name_en") or "")}:
                raise refs.RefError(f"{oshi.number}'s {kind.replace('_', ' ')} is not '{name}'", path=path,
                                    expected=f"'{skill.get('name_en') or skill.get('name')}'")
            return p, Action(kind), presets
        if kind == "ability":
            return p, self._ability(game, p, params, path), presets
        raise InputError(f"unknown action '{kind}'", path=path, suggestions=closest(kind, ACTIONS))

    def _ability(self, game, p, params, path):
        """An activated ability (10.1.1.1) of a card of `p`'s: of the holomem named (its top card or a card
        attached to it), by ability name, narrowed by the card's number when given."""
        from .effects import activated
        stack = None
        if params.get("holomem") is not None:
            stack = refs.resolve_holomem(game, params["holomem"], path + ("holomem",))
        found = activated.find(game, p, stack, params.get("name"), params.get("card"))
        if len(found) == 1:
            return found[0]
        every = activated.find(game, p, stack)
        names = sorted({str(game.cards[a["card"]].defn.abilities[a["ability"]].get("name")) for a in every})
        if not found:
            raise refs.RefError(f"{p} has no activated ability '{params.get('name')}'"
                                + (" on that holomem" if stack is not None else ""), path=path + ("name",),
                                expected="one of: " + (", ".join(names) or "(none)"),
                                suggestions=closest(str(params.get("name")), names))
        raise refs.RefError(f"several activated abilities '{params.get('name')}' of {p}'s: name the holomem (and "
                            "the card)", path=path, expected="`holomem:` and `card:` naming one")

    def _hand_card(self, game, p, text, path):
        hand = game.zone(p, "hand").items
        for card in hand:
            if text is not None and norm(text) in card.defn.keys:
                return card
        raise refs.RefError(f"{p} has no card '{text}' in hand", path=path,
                            expected="a card in " + p + "'s hand: " + (", ".join(c.number for c in hand) or "(empty)"),
                            suggestions=closest(str(text), [c.number for c in hand]))

    def _art(self, game, stack, name, path):
        arts = game.arts_of(stack)
        for art in arts:
            if name is not None and norm(name) in art.keys:
                return art
        names = [a.name_en or a.name for a in arts]
        raise refs.RefError(f"{stack.top.number} has no art '{name}'", path=path,
                            expected="one of: " + ", ".join(names), suggestions=closest(str(name), names))

    # ------------------------------------------------------------- reading
    def read(self, game, path, where=()):
        return refs.read_path(game, path, where)

    def given_of(self, game) -> dict:
        from .dump import given_of
        return given_of(game)

    def board_lines(self, game):
        from .render import board_lines
        return board_lines(game)

    matches = staticmethod(refs.card_matches)
    plain = staticmethod(refs.plain)
    norm = staticmethod(norm)


def _expect(game, kind, fail, player=None):
    d = game.pending
    if d is None or d.kind != kind or (player and d.player != player):
        fail(f"no '{kind}' decision{' for ' + player if player else ''} is waiting; "
             f"pending: {d.describe() if d else 'nothing'}")


RULESET = HololiveRuleset()
