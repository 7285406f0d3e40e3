"""The one decision protocol: the engine stops with a Decision and its legal Options.

Scenario scripts, the random self-play policy and a future UI are all answerers:
they pick an Option (or several, for `many` decisions) and hand it back.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .text import norm


class Action:
    """A player action at a play timing: a kind (named after its rule) and parameters."""

    __slots__ = ("kind", "params")

    def __init__(self, kind: str, **params):
        self.kind = kind
        self.params = params

    def __eq__(self, other):
        return isinstance(other, Action) and self.kind == other.kind and self.params == other.params

    def __hash__(self):
        return hash((self.kind, tuple(sorted(self.params.items()))))

    def __getitem__(self, key):
        return self.params[key]

    def get(self, key, default=None):
        return self.params.get(key, default)

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.kind}({inner})"


class Option:
    """One legal answer: a stable label, the value handed back, and what it means.

    `keys` are normalised strings a scenario may use to name this option
    (a reference such as `$name`, a card number, a name, `yes`); they are normalised
    the first time someone matches an answer against them.
    """

    __slots__ = ("label", "value", "_raw", "_keys")   # LazyOption replaces `label` with a property

    def __init__(self, label: str, value, keys=()):
        self.label = label
        self.value = value
        self._raw = keys
        self._keys = None

    @property
    def keys(self) -> frozenset:
        if self._keys is None:
            self._keys = frozenset(norm(k) for k in self._named_by() if k is not None)
        return self._keys

    def _named_by(self) -> tuple:
        return (self.label, *self._raw)

    def means(self, answer) -> bool:
        return norm(answer) in self.keys

    def __repr__(self):
        return f"Option({self.label!r})"


class LazyOption(Option):
    """An option whose label (and names) are written only when someone reads them: play-timing
    actions, stacks to choose. Self-play makes thousands of options it never prints; they are
    matched by value. They are read while the decision is pending, so they describe its state.

    `keys` are the names, or a function of the value that gives them.
    """

    __slots__ = ("_describe",)

    def __init__(self, value, describe, keys=()):
        self.value = value
        self._describe = describe
        self._raw = keys
        self._keys = None

    @property
    def label(self) -> str:
        return self._describe(self.value)

    def _named_by(self) -> tuple:
        # its label is matched apart, written only if needed (`means`)
        return self._raw(self.value) if callable(self._raw) else self._raw

    def means(self, answer) -> bool:
        return norm(answer) in self.keys or norm(answer) == norm(self.label)


@dataclass
class Decision:
    """A pending decision: who decides, what kind, why (the rule), and the legal options.

    For `many` decisions the answer is a list of options, between `min_pick`
    and `max_pick` long (an order when `ordered`).
    """

    player: str
    kind: str
    prompt: str
    rules: tuple
    options: list
    many: bool = False
    min_pick: int = 1
    max_pick: int = 1
    ordered: bool = False
    ask_always: bool = False     # play timings are asked even with one option
    source: str | None = None
    context: dict = field(default_factory=dict)
    private: str | None = None   # the one player who may know the answer (its event is private to them)

    def sample(self, rng):
        """One legal option drawn uniformly at random (the random self-play policy)."""
        return rng.choice(self.options)

    def describe(self) -> str:
        opts = ", ".join(o.label for o in self.options)
        many = f" (pick {self.min_pick}-{self.max_pick})" if self.many else ""
        return (f"{self.player} must decide '{self.kind}': {self.prompt}{many} "
                f"[rule {', '.join(self.rules)}]; legal options: {opts}")


class LazyDecision(Decision):
    """A decision whose legal options are listed only when someone reads them.

    `candidates` are the values the rules could allow, `legal(value)` says whether one is allowed
    now and `option(value)` makes its Option. An answerer that only wants one option drawn uniformly at random from the legal
    ones (self-play) calls `sample(rng)`, which checks candidates in a random order until one is
    legal: each legal option is equally likely, the same as choosing from the full list, without
    checking every candidate. Reading `options` lists them all, exactly as a Decision would.
    """

    def __init__(self, player, kind, prompt, rules, candidates, legal, option, **kw):
        self._candidates = candidates
        self._legal = legal
        self._option = option
        self._options = None
        super().__init__(player, kind, prompt, rules, None, **kw)

    @property
    def options(self) -> list:
        if self._options is None:
            self._options = [self._option(v) for v in self._candidates if self._legal(v)]
        return self._options

    @options.setter
    def options(self, value):
        if value is not None:
            self._options = value

    def sample(self, rng):
        """One legal option, each equally likely (rejection in a random order of the candidates).
        The draws are the same whether or not the options were listed, so a game replays the same
        with the invariant checks on (they list them) or off."""
        legal = self._legal
        if self._options is not None:            # already listed: their legality is known
            listed = {id(o.value) for o in self._options}
            legal = lambda v: id(v) in listed        # noqa: E731
        left = list(self._candidates)
        while left:
            i = rng.randrange(len(left))
            value = left[i]
            if legal(value):
                if self._options is not None:
                    return next(o for o in self._options if o.value is value)
                return self._option(value)
            left[i] = left[-1]
            left.pop()
        raise ValueError(f"no legal option: {self.kind}")


def is_pass(action) -> bool:
    """Whether a play timing's answer is the pass (a plain "pass" or an Action of that kind)."""
    return action == "pass" or getattr(action, "kind", None) == "pass"


def random_answer(decision: Decision, rng):
    """The random self-play policy: one legal option, each equally likely; for a `many` decision, a
    subset of a uniformly drawn size within its bounds."""
    if not decision.many:
        return decision.sample(rng)
    return rng.sample(decision.options, rng.randint(decision.min_pick, decision.max_pick))
