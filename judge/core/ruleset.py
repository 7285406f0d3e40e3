"""The ruleset protocol: everything the game-neutral layers (scenario language, runner, Gherkin,
reports, commands) may ask of a game. A game is a folder behind this one interface
(docs/architecture.md); the registry (judge.games) finds it by name.

Two objects make a game:

* the **ruleset** (this protocol, one per game, stateless): versions and rule documents, the card
  database, how a scenario's board, actions, set-up answers and paths are read, the schema fragment
  and Gherkin steps, the self-play hooks and the card tools;
* the **game** (a subclass of judge.core.game.Game, one per play): the state and the engine, behind
  the kernel's hooks (`why_not`, `legal_actions`, `describe_action`, `concede`, `rule_processes`,
  `resolve_waiting`, `next_to_resolve`, `resolve_next_waiting`) and its decision protocol (`pending`, `answer`).

Nothing here names a game's own terms; a game's words stay in its folder.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Protocol, runtime_checkable


@runtime_checkable
class CardDatabase(Protocol):
    """A game's cards by number, with the scenario's inline cards laid over the built-in ones."""

    def get(self, number: str) -> Any: ...

    def lookup(self, text: str) -> Any:
        """A card by number or name (an InputError naming the closest when there is none)."""

    def find(self, text: str) -> list:
        """Every card whose number or name is `text`, as people type it (a name several cards have)."""

    def overlay(self, records: dict) -> "CardDatabase": ...


@runtime_checkable
class SelfPlay(Protocol):
    """What `judge selfplay` and `judge bench` need of a game."""

    default_decks: tuple[str, ...]          # the two decks played when none is named
    policies: tuple[str, ...]               # how both players may answer; the first is uniform random
    played_facts: frozenset                 # the facts of `card_facts` that count as a card being played

    def load_decks(self, names: list[str], db) -> tuple: ...

    def random_decks(self, seed: int, db, cards: list[str]) -> tuple: ...

    def play_game(self, decks, seed: int, *, debug: bool, db, policy: str = "random",
                  watch=None) -> tuple[Any, int]:
        """One whole game with a policy of `policies`: (the game, decisions taken). `watch(event)`,
        when given, is called after each event `card_facts` may read (per-card statistics); a game
        nobody watches must not pay for it."""

    def card_facts(self, event) -> Iterable[tuple[str, str, str, int]]:
        """What an event says cards did: (player, card number, fact, amount) for each; `fact` is a
        short phrase of the game's (drawn, played in some way, an ability or attack by name, damage)
        and `amount` how much (1, or the damage dealt). Facts in `played_facts` make the card played."""

    def first_player(self, game) -> str | None:
        """The player who took the first turn of a played game (None when the game never began)."""

    def reproducer(self, decks, seed: int, error: str, cards: dict | None, policy: str = "random") -> str:
        """A scenario (YAML text) that replays the game from its set-up."""

    def card_records(self, file: str) -> dict:
        """A designer's card file (or a scenario's inline cards) as card records."""


@runtime_checkable
class CardTools(Protocol):
    """What `judge cards` needs of a game."""

    def card_lines(self, card) -> list[str]:
        """A card read back as text from its encoding."""

    def check(self, number: str, record: dict, names: set) -> list[str]:
        """Problems of one card record beyond its schema (a lint)."""

    def names(self, record: dict) -> set:
        """The names a record gives a card (for checks of names no card has)."""

    def status(self) -> list[dict]:
        """Per card set: {set, name, cards, complete, unsupported, gaps}."""

    # Optional: `unsupported(number) -> list[str]`, the parts of a card of the game's database the
    # engine cannot run (none: complete); `judge qa status` names them as what blocks a ruling.

    def vocabulary(self):
        """The declared terms of the game's effect language (a judge.core.terms.Vocabulary)."""

    def generated(self) -> dict[Path, str]:
        """{file: its text} for each file made from the declarations (`judge cards terms --write`)."""

    def searchable(self, db) -> Iterable[tuple[str, dict[str, str]]]:
        """Every card of `db` with the texts it is found by (`judge cards find`, judge.core.search):
        (number, {field: text}), the most identifying field first (a field weighs twice the next one
        in the ranking), in every language the game prints, e.g. number, names, tags, kinds, text."""


@runtime_checkable
class Ruleset(Protocol):
    name: str                               # the `game:` of a scenario
    title: str                              # for people
    versions: tuple[str, ...]               # rules versions the game has, oldest first
    actions: tuple[str, ...]                # the game's `when` actions
    setup_actions: tuple[str, ...]          # `when` items that answer set-up decisions
    reference_keys: tuple[str, ...]         # keys of an action whose value is a reference
    folder: Path                            # the game's folder: schemas/, waivers/<version>/, ...
    step_modules: tuple[str, ...]           # modules of the game's Gherkin steps
    documents: Any                          # its rule documents (judge.core.ruleindex.RuleDocuments)
    selfplay: SelfPlay
    cards: CardTools
    # Optional: `assumptions`, a judge.core.assumptions.Assumptions: the rules the engine needs that the
    # documents leave unstated (read with judge.core.assumptions.of(ruleset); None for most games).
    # Optional: `layout`, a judge.core.board.BoardLayout — each player's zones in their places at the
    # table and a card drawn as a tile, for the ruling pages (`explain --html`, `book`). A ruleset
    # without one gets judge.core.board.TextLayout (its board_lines); so it is no member of this
    # runtime-checked protocol, which a game without it must still satisfy.
    # Optional (default none): `rulings`, the game's official rulings file (a judge.core.rulings.
    # OfficialRulings): what `source: {qa: [...]}` cites and `judge qa` reads.

    # ------------------------------------------------------------ the rules
    def supports(self, version: str) -> bool:
        """Whether the engine runs this version (an index may exist for a version it does not)."""

    def rule_index(self, version: str): ...

    def rule_map(self, older: str, newer: str): ...

    # ------------------------------------------------------------ the cards
    def card_db(self, inline: dict | None = None) -> CardDatabase: ...

    def card_problems(self, inline: dict) -> list:
        """What the card schema cannot say about card records (a `cards:` mapping, validated by the schema
        already): (path in the mapping, message, expected) for each, before anything runs."""

    # ------------------------------------------------------ a scenario's game
    def board_violations(self, given: dict, db) -> list:
        """Boards the rules cannot produce, before anything runs: for each an object with `path` (from
        `given`, e.g. ("given", "A", "hand", 0)), `message` and `expected` (judge.scenario.model reports
        the first in the file as bad input)."""

    def reference_problem(self, text: str, *, whole: bool = False):
        """Why a reference (`whole`: the text is one reference, so its syntax is the game's to check) or
        a path starting with one can never name anything: None, a message, or (message, expected)."""

    def unknown_card_answer(self, text: str, db):
        """Why a `choices` answer written as a card number names no card: (message, closest) or None."""

    def declared_names(self, given: dict) -> set:
        """The `$names` a board gives with `as:`."""

    def given_cards(self, given: dict) -> Iterable[tuple[tuple, str]]:
        """(path in `given`, text) of each place of a board that names a card (checked against the
        card database before anything runs)."""

    def new_game(self, scenario, version: str, db, *, seed: int = 0) -> tuple[Any, list]:
        """A game at the scenario's `given` board; and the defaults filled in (for `explain`)."""

    def start(self, game) -> None:
        """Run the game from its board to its first decision."""

    def translate(self, game, kind: str, params, path: tuple) -> tuple[str, Any, dict]:
        """A `when` action -> (its player, the kernel Action, preset answers of its decisions)."""

    def answer_setup(self, game, kind: str, params, fail) -> None:
        """Answer a set-up decision from a `when` item (`fail(message)` raises the scenario's error)."""

    # -------------------------------------------------------------- reading
    def read(self, game, path: str, where: tuple = ()) -> Any:
        """The value at a `then` path (`A.hand.count`, `$name.damage`)."""

    def plain(self, value) -> Any:
        """A value read from the game as plain data, for messages and comparison."""

    def matches(self, card, text) -> bool:
        """Whether a card is the one a scenario names (number, name, ...)."""

    def norm(self, text) -> str: ...

    def board_lines(self, game) -> list[str]:
        """The board as text, for `judge explain`."""

    def given_of(self, game) -> dict:
        """The board now, written as a scenario's `given` (`judge dump`)."""


class RulesOfDocuments:
    """The rules members of a ruleset whose rule indexes are its `documents` (judge.core.rules'
    document set) and whose engine runs every version in `versions`: written once for the games
    that are built this way (Love Live, OSICA)."""

    versions: tuple = ()
    documents = None

    def supports(self, version) -> bool:
        return version in self.versions

    def rule_index(self, version):
        return self.documents.index(version)

    def rule_map(self, older, newer):
        return self.documents.rule_map(older, newer)


class PlaysFromSetup:
    """The self-play members of a ruleset whose game plays a whole game from its set-up
    (`Game.play_from_setup`), written once for the games built this way (Love Live, OSICA). The game
    gives `new_game(decks, seed, ...)`, `FACT_KINDS` (the events `card_facts` reads), `MAX_DECISIONS`,
    `TITLE` (the game's name in a reproducer) and `deck_lines(player, deck)`."""

    FACT_KINDS: frozenset = frozenset()
    MAX_DECISIONS: int
    TITLE: str

    def play_game(self, decks, seed, *, debug=False, db=None, record=False, policy="random", watch=None):
        """One whole game with the random legal policy."""
        game = self.new_game(decks, seed, debug=debug, record=record, db=db)
        return game, game.play_from_setup(seed, self.MAX_DECISIONS, watch=watch, kinds=self.FACT_KINDS)

    def reproducer(self, decks, seed, error, cards=None, policy="random") -> str:
        lines = [f"# {self.TITLE} self-play game, seed {seed}: {error}",
                 "# replay: the same decks and seed give the same game (the random policy is seeded)"]
        for p, deck in zip("AB", decks):
            lines += self.deck_lines(p, deck)
        return "\n".join(lines) + "\n"

    def card_records(self, file) -> dict:
        from judge.scenario.yamlload import load_yaml_file
        return dict((load_yaml_file(file).data or {}).get("cards") or {})
