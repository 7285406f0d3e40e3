"""Run a scenario: build the board, play the `when` items in strict mode, check `then`.

Strict mode (XMage style): a decision nobody answered fails, an answer or die
result nobody used fails, an action the rules forbid fails naming the rule.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from dataclasses import dataclass, field

from ..core.errors import IllegalAction, InputError, JudgeError, NotInVersion, NotRunnable
from ..core.game import ScriptError, ScriptedShuffle
from ..core.assumptions import of as of_ruleset
from .checks import Checker, expect_items, reads_pending
from .model import Scenario, versions_of

# A scenario under one rules version is passed, failed, not runnable (it needs a card ability the
# engine declares unsupported: an engine gap) or not applicable (it uses a term that version does
# not have, and the scenario does not name the version: it holds for it only through "*").
PASSED, FAILED, NOT_RUNNABLE, NOT_APPLICABLE = "passed", "failed", "not runnable", "not applicable"
STATUSES = (PASSED, FAILED, NOT_RUNNABLE, NOT_APPLICABLE)


class Failure(JudgeError):
    """The scenario's script stopped: the message says where and why."""


@dataclass
class Result:
    scenario: Scenario
    version: str
    status: str = PASSED
    failures: list = field(default_factory=list)
    game: object = None
    defaults: list = field(default_factory=list)
    cited: set = field(default_factory=set)
    uncited: list = field(default_factory=list)     # declared refs the engine never cited in this run
    seconds: float = 0.0
    needs: dict | None = None       # not applicable: the rule it needs and since which version (NotInVersion)
    legality: list = field(default_factory=list)    # each `legal`/`illegal` check: the action and its rules

    @property
    def ok(self) -> bool:
        return self.status == PASSED

    @property
    def trace(self):
        return self.game.trace if self.game is not None else []

    def as_json(self) -> dict:
        sc = self.scenario
        return {"file": sc.file, "scenario": sc.title, "version": self.version, "status": self.status,
                "failures": self.failures, "refs": sc.refs, "cited": sorted(self.cited),
                "declared_not_cited": self.uncited, "seconds": round(self.seconds, 4)}

    def strict(self) -> "Result":
        """`judge run --strict`: a declared rule the engine never cited, and an engine gap (not
        runnable), fail. Not applicable stays: the version does not have the term at all."""
        if self.status == PASSED and self.uncited:
            self.status = FAILED
            self.failures.append(f"declared in refs but never cited by the engine: {', '.join(self.uncited)} "
                                 "(--strict)")
        elif self.status == NOT_RUNNABLE:
            self.status = FAILED
        return self


def runnable_versions(sc: Scenario) -> list[str]:
    """The versions the scenario holds for that the engine runs, oldest first."""
    rs, holds = sc.ruleset, versions_of(sc)
    return [v for v in rs.versions if v in holds and rs.supports(v)]


def run_versions(sc: Scenario, only: str | None = None) -> list[Result]:
    """Run a scenario under every version it holds for that the engine runs (or under `only`, if
    it holds for it), one Result each."""
    return [run_scenario(sc, v) for v in runnable_versions(sc) if only is None or v == only]


def run_scenario(sc: Scenario, version: str | None = None, cites=None) -> Result:
    """Run one scenario under one rules version (default: the newest it holds for).

    `cites` (judge diff, a judge.core.rulemap.Renumbering): a scenario numbered as another version
    runs here with its checks comparing rule numbers through it (`cites(rule)`: the numbers a rule
    cited under `version` has in the scenario's numbering). Citations missing from this version's
    index are then no failure (the caller reports them)."""
    version = version or versions_of(sc)[-1]
    result = Result(sc, version)
    start = time.perf_counter()
    rs = sc.ruleset
    game, result.defaults = new_game(sc, version)
    result.game = game
    try:
        rs.start(game)
        script = Script(sc, rs, game, version, cites=cites)
        script.play()
        expects_pending = any(reads_pending(c, rs) for c in sc.then)
        if game.pending is not None and game.pending.kind != "play_timing" and not expects_pending:
            raise Failure("a decision was left unanswered: " + game.pending.describe())
        if game.dice:
            raise Failure(f"scripted die results never used: {list(game.dice)}")
        if game.shuffles:
            raise Failure("scripted shuffle results never used: "
                          + "; ".join(s.describe() for s in game.shuffles))
        result.failures = script.checker(len(sc.when)).check_all(sc.then, ("then",))
        result.legality = script.legality
    except NotInVersion as e:
        result.needs = e.needs()
        if version in sc.rules:         # the scenario names this version: it must run under it
            result.failures = [f"the scenario names rules {version}, which does not have a term it uses: {e}"]
        else:
            result.status = NOT_APPLICABLE
            result.failures = [f"not applicable under {version}: {e}"]
    except NotRunnable as e:
        result.status = NOT_RUNNABLE
        result.failures = [f"not runnable: {e}"]
    except (Failure, IllegalAction, ScriptError) as e:
        result.failures = [str(e)]
    except InputError:
        raise
    except Exception as e:      # an engine bug: this scenario fails, the run goes on
        import traceback
        where = traceback.extract_tb(e.__traceback__)[-1]
        result.failures = [f"engine error: {type(e).__name__}: {e} (at {Path(where.filename).name}:"
                           f"{where.lineno}; rerun with JUDGE_DEBUG=1 for the traceback)"]
        if os.environ.get("JUDGE_DEBUG"):
            raise
    if result.failures and result.status == PASSED:
        result.status = FAILED
    result.cited = set(game.cited)
    index = rs.rule_index(version)
    assumed = of_ruleset(rs)
    unknown = sorted(r for r in result.cited if r not in index and (assumed is None or r not in assumed))
    if unknown and cites is None:       # a citation must exist in the rule index of the running version
        result.status = FAILED
        result.failures.append(f"engine cited rules that are not in the {version} index: {unknown}")
    result.uncited = uncited(sc.refs, result.cited, index)
    result.seconds = time.perf_counter() - start
    return result


def taking(sc: Scenario, version: str, at: int, kind: str, params):
    """The first event the game makes carrying out an action (or a set-up answer) before `when`
    item `at`: the scenario is replayed to that point (the run is deterministic) and the action
    taken there. `judge explain` shows it as what allows a `legal:` action; None when it cannot be
    taken there."""
    rs = sc.ruleset
    game, _ = new_game(sc, version)
    rs.start(game)
    script = Script(sc, rs, game, version, checks=False)
    script.play(at)
    seen = len(game.trace)
    try:
        if kind in rs.setup_actions:
            script._setup_answer(kind, params, "")
        else:
            _, action, presets = rs.translate(game, kind, params, ())
            game.preset_answers.update(presets)
            game.answer(action)
    except (JudgeError, InputError):
        return None
    return game.trace[seen] if len(game.trace) > seen else None


def new_game(sc: Scenario, version: str):
    """The scenario's board under a version, with its scripted dice and shuffles (not started)."""
    rs = sc.ruleset
    try:
        game, defaults = rs.new_game(sc, version, rs.card_db(sc.cards), seed=sc.seed)
    except InputError as e:
        path = ("given",) + tuple(e.path)
        raise e.located(file=sc.file, line=sc.line(path), path=path) from None
    game.dice.extend(sc.dice)
    game.shuffles.extend(scripted_shuffles(sc, rs))
    return game, defaults


def uncited(refs, cited, index) -> list[str]:
    """The declared rules the engine did not cite. A heading (a title, no behaviour of its own)
    counts as cited when a rule below it was, as in the coverage report."""
    out = []
    for ref in map(str, refs):
        if ref in cited:
            continue
        rule = index.get(ref) if ref in index else None
        if rule is not None and rule.title and any(r.number in cited for r in index.descendants(ref)):
            continue
        out.append(ref)
    return out


def scripted_shuffles(sc: Scenario, rs) -> list:
    """The scenario's `shuffles:`, each used by the next shuffle of its zone (`order: keep` or no
    `order` keeps the zone as it stands)."""
    out = []
    for i, item in enumerate(sc.shuffles):
        order = item.get("order")
        line = sc.line(("shuffles", i))
        out.append(ScriptedShuffle(item["player"], item["zone"], None if order in (None, "keep") else
                                   [str(x) for x in order], rs.matches,
                                   where=f"{sc.file}:{line}: " if line else f"{sc.file}: "))
    return out


class Script:
    """Plays the `when` items against the game."""

    def __init__(self, sc: Scenario, rs, game, version: str, checks: bool = True, cites=None):
        self.sc, self.rs, self.game, self.version = sc, rs, game, version
        self.checks = checks        # False: a replay to a point (what_if), whose checks already ran
        self.cites = cites          # run_scenario's `cites`
        self.legality: list = []    # what the `legal`/`illegal` checks found, for `judge explain`

    def play(self, upto: int | None = None):
        for i, item in enumerate(self.sc.when[:upto]):
            self.step(item, ("when", i))

    def checker(self, at: int) -> Checker:
        """The checks of the game as it stands before `when` item `at`."""
        return Checker(self.sc, self.rs, self.game, what_if=lambda kind, params: self.what_if(at, kind, params),
                       cites=self.cites, legality=self.legality)

    def what_if(self, at: int, kind: str, params) -> tuple[list, str | None]:
        """Whether a set-up answer (Ruleset.setup_actions) would be accepted before `when`
        item `at`: the scenario is replayed to that point in a new game (the run is deterministic),
        and the answer given there. Returns (the rules of the decision that refuses it, or [] when
        accepted; a problem that makes the question meaningless there, or None)."""
        game, _ = new_game(self.sc, self.version)
        self.rs.start(game)
        replay = Script(self.sc, self.rs, game, self.version, checks=False)
        replay.play(at)
        try:
            replay._setup_answer(kind, params, "")
        except ScriptError as e:        # refused by the decision waiting for it
            # a decision keeps the engine's numbers (its events map them when emitted): map them here
            rules = [game.cite_map.get(r, r) for r in game.pending.rules] if game.pending else []
            return rules, str(e)
        except Failure as e:
            return [], str(e).removeprefix(": ")
        return [], None

    def where(self, path) -> str:
        line = self.sc.line(path)
        return f"{self.sc.file}:{line}" if line else self.sc.file

    def step(self, item: dict, path):
        game = self.game
        kind = next(k for k in item if k not in ("choices", "dice"))
        params = item[kind]
        choices = list(item.get("choices") or [])
        game.dice.extend(item.get("dice") or [])
        here = f"{self.where(path)}: when[{path[1]}] {kind}"
        if game.over and kind != "expect":
            raise Failure(f"{here}: the game is already over ({game.result['reason']})")
        if kind == "expect":
            if not self.checks:
                return
            failures = self.checker(path[1]).check_all(expect_items(params), path + ("expect",))
            if failures:
                raise Failure(f"{here}: " + "; ".join(failures))
            return
        if game.pending is not None and game.pending.kind != "play_timing" and kind not in (
                *self.rs.setup_actions, "concede", "advance"):
            raise Failure(f"{here}: a decision is still waiting for an answer: {game.pending.describe()}")
        if kind == "concede":
            game.concede(params)
        elif kind == "pass":
            self._require_play_timing(params, here)
            game.answer("pass")
        elif kind == "advance":
            # the last `when` item of a scenario whose `then` reads the waiting decision (`pending:`) may
            # stop at that decision when its answers run out
            last = path[1] == len(self.sc.when) - 1 and any(reads_pending(c, self.rs) for c in self.sc.then)
            self._advance(params.get("to") or {}, choices, here, stop_at_decision=last)
        elif kind in self.rs.setup_actions:
            self._setup_answer(kind, params, here)
        else:
            try:
                player, action, presets = self.rs.translate(game, kind, params, path + (kind,))
            except InputError as e:
                raise Failure(f"{here}: {e.message}" + (f" (did you mean: {', '.join(e.suggestions)}?)"
                                                         if e.suggestions else "")) from None
            self._require_play_timing(player, here)
            why = game.why_not(player, action)
            if why:
                raise IllegalAction(f"{here}: {game.describe_action(action)}", why,
                                    f"forbidden by rule {', '.join(why)}")
            game.preset_answers.update(presets)
            game.answer(action)
            if game.preset_answers:
                left = dict(game.preset_answers)
                game.preset_answers.clear()
                raise Failure(f"{here}: parameters never asked for: {left}")
        self._answer_choices(choices, here)
        if game.dice and item.get("dice"):
            raise Failure(f"{here}: die results never used: {list(game.dice)}")

    def _require_play_timing(self, player, here):
        d = self.game.pending
        if d is None or d.kind != "play_timing" or d.player != player:
            now = d.describe() if d else "nothing (the game is over)" if self.game.over else "nothing"
            raise Failure(f"{here}: {player} has no play timing now; pending: {now}")

    def _answer_choices(self, choices, here):
        game = self.game
        while choices and game.pending is not None and game.pending.kind != "play_timing":
            game.answer(choices.pop(0))
        if choices:
            raise Failure(f"{here}: answers never used: {choices}")

    def _setup_answer(self, kind, params, here):
        """A set-up `when` item: the game answers its pre-game decisions (Ruleset.answer_setup)."""
        def fail(message):
            raise Failure(f"{here}: {message}")
        self.rs.answer_setup(self.game, kind, params, fail)

    def _advance(self, to, choices, here, stop_at_decision=False):
        """Pass every play timing until the stated point; other decisions take `choices`. A game
        that ends on the way stops the advance there (1.2.1: the game ends at once); `then` checks
        the result, and a later action fails (the game is over)."""
        game = self.game
        for _ in range(10000):
            d = game.pending
            if d is None:
                if game.over:
                    return
                raise Failure(f"{here}: the game stopped before reaching {to}, with no decision pending")
            at = (d.kind == "play_timing" and game.turn_player == to.get("player", game.turn_player)
                  and game.step == to.get("step", game.step)
                  and game.turn_number == to.get("number", game.turn_number))
            if at:
                return
            if d.kind == "play_timing":
                game.answer("pass")
            elif choices:
                game.answer(choices.pop(0))
            elif stop_at_decision:
                return                  # `then` reads this decision (pending:)
            else:
                raise Failure(f"{here}: while advancing, a decision needs an answer in `choices`: "
                              f"{d.describe()}")
        raise Failure(f"{here}: {to} was never reached")
