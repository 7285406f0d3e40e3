"""What `judge selfplay`, `judge bench` and `judge cards` ask of hololive (judge.core.ruleset:
SelfPlay and CardTools)."""
from __future__ import annotations

import yaml

from .policy import PLAYED_FACTS, card_facts


class HololiveSelfPlay:
    default_decks = ("hSD01-sora", "hSD01-azki")        # the two start decks of hSD01
    policies = ("random", "heuristic")                   # policy.py
    played_facts = PLAYED_FACTS
    card_facts = staticmethod(card_facts)                # called for every watched event: no wrapper

    def load_decks(self, names, db):
        from .selfplay import starter_decks
        return starter_decks(names, db)

    def random_decks(self, seed, db, cards):
        """Two random legal decks (6.1) of the cards the engine runs, `cards` four times each."""
        from .selfplay import random_decks
        return random_decks(seed, db, cards)

    def play_game(self, decks, seed, *, debug, db, policy="random", watch=None):
        from .selfplay import play_game
        return play_game(decks, seed, debug=debug, db=db, policy=policy, watch=watch)

    def first_player(self, game):
        return game.first_player if game.turns_taken[game.first_player] else None

    def reproducer(self, decks, seed, error, cards=None, policy="random") -> str:
        from .replay import reproducer_yaml
        return reproducer_yaml(decks, seed, error, cards, policy)

    def card_records(self, file) -> dict:
        from .cards import card_file_records
        return card_file_records(file)


class HololiveCardTools:

    def card_lines(self, card) -> list[str]:
        from .cardtext import card_lines
        return card_lines(card)

    def check(self, number, record, names) -> list[str]:
        from .cardtext import lint_card
        return lint_card(number, record, names)

    def names(self, record) -> set:
        """The names a record gives its card: its name, its extra names, names its abilities add."""
        from .cardtext import added_names
        return {record.get("name")} | set((record.get("extra") or {}).get("also_named", [])) | added_names(record)

    def vocabulary(self):
        from .terms import declared
        return declared()

    def generated(self) -> dict:
        """The card schema's effect-language definitions and the tables of docs/cards.md (terms.py)."""
        from .terms import generated
        return generated()

    def searchable(self, db):
        """Number, names, tags, kinds and text of each card, in Japanese and English (search.py)."""
        from .search import searchable
        return searchable(db)

    def unsupported(self, number) -> list[str]:
        """The parts of a built-in card's text the engine cannot run ('what: why'; none: complete)."""
        from .cards import builtin
        return builtin().get(number).unsupported()

    def status(self) -> list[dict]:
        from .cards import CARD_DIR, CardDef
        rows = []
        for path in sorted(CARD_DIR.glob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            cards_ = [CardDef(n, r) for n, r in (data.get("cards") or {}).items()]
            gaps = {c.number: c.unsupported() for c in cards_ if c.unsupported()}
            rows.append({"set": data.get("set"), "name": data.get("name"), "cards": len(cards_),
                         "complete": len(cards_) - len(gaps), "unsupported": len(gaps), "gaps": gaps})
        return rows

