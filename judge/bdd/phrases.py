"""A game's actions as phrases: each makes a When step and the legality checks of the same words.

A game describes each of its actions once (an `ActionPhrase`: how a judge says it in the third
person, in the infinitive and in Japanese) and registers them from its step modules:
`register_actions` makes the When steps ("A plays ABC-001"), `register_legality` the checks
("A may play ABC-001", "A may not play ABC-001 because of rule 5.3.1"), so an action reads the
same wherever it appears.
"""
from __future__ import annotations

from dataclasses import dataclass

from .registry import register_generated


@dataclass(frozen=True)
class ActionPhrase:
    kind: str
    rule: str
    en_when: tuple          # "{player} ..." (third person)
    en_inf: tuple           # "..." (infinitive, after "may" / "may not")
    ja: tuple               # dictionary form, after "{player}は"
    params: object          # step parameters -> the YAML action's parameters
    doc: str
    name: str = ""          # the step's name when several phrases make one kind
    answer: bool = False    # a set-up answer: its parameters name the player who answers

    def action(self, player: str, args: dict) -> dict:
        """The YAML action's parameters for the player and the step's parameters."""
        params = self.params(args)
        return {"player": player, **params} if self.answer else params

    @property
    def step_name(self) -> str:
        return self.name or self.kind


def params_from(**keys):
    """YAML parameters from step parameters: {yaml_key: step_param}, leaving out missing ones."""
    def build(args):
        return {k: args[v] for k, v in keys.items() if v in args}
    return build


def register_actions(phrases, module: str):
    """A When step for each phrase, registered as a step of `module` (the game's step module)."""
    for phrase in phrases:
        _when_step(phrase, module)


def _when_step(phrase: ActionPhrase, module: str):
    def step(ctx, player, **args):
        ctx.b.action(phrase.kind, phrase.action(player, args), player=player)
    name = phrase.name or f"when_{phrase.kind}"
    _named(step, name, module)
    register_generated("when", step, list(phrase.en_when), ["{player}は" + t for t in phrase.ja],
                       f"{phrase.doc} ({phrase.rule})")


def register_legality(phrases, module: str):
    """For each phrase, the checks `may`, `may not` and `may not ... because of rule N`."""
    for phrase in phrases:
        _legality(phrase, module)


def _legality(phrase: ActionPhrase, module: str):
    def legal(ctx, player, **args):
        ctx.b.check({"legal": {phrase.kind: phrase.action(player, args)}}, player=player)

    def illegal(ctx, player, **args):
        ctx.b.check({"illegal": {phrase.kind: phrase.action(player, args)}}, player=player)

    def illegal_because(ctx, player, rules, **args):
        spec = {phrase.kind: phrase.action(player, args), "because": rules[0] if len(rules) == 1 else rules}
        ctx.b.check({"illegal": spec}, player=player)
    for f in (legal, illegal, illegal_because):
        _named(f, f"{f.__name__}_{phrase.step_name}", module)
    what = phrase.doc.split(" (")[0]
    register_generated("then", legal, ["{player} may " + t for t in phrase.en_inf],
                       ["{player}は" + t + "ことができる" for t in phrase.ja], f"legal now: {what}")
    register_generated("then", illegal, ["{player} may not " + t for t in phrase.en_inf],
                       ["{player}は" + t + "ことができない" for t in phrase.ja], f"illegal now: {what}")
    register_generated("then", illegal_because,
                       ["{player} may not " + t + " because of (rule|rules) {rules}" for t in phrase.en_inf],
                       ["{player}はルール{rules}により" + t + "ことができない" for t in phrase.ja],
                       f"illegal now, because of that rule (or any of those rules): {what}")


def _named(func, name: str, module: str):
    """A generated step function named as its game's step module would name it."""
    func.__name__ = name
    func.__module__ = module
