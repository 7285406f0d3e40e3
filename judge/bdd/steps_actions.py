"""When steps: actions (YAML `when`), answers to decisions (`choices`) and die results (`dice`).

Every player action of the YAML language has a step, phrased as a judge
says it ("A uses the art "SorAZ Gravity" of A.center on B.center"). The
same phrases in the infinitive make the legal/illegal checks of
judge/bdd/steps_checks.py ("A may not bloom B.center with hSD01-010 because
of rule 8.3.1"), so an action reads the same wherever it appears.

An answer or a die result belongs to the action just before it::

    When A uses the art "Destiny Song" of A.center on B.center
    And the answer is yes
    And the die shows 3
"""
from __future__ import annotations

from dataclasses import dataclass

from .registry import register_generated, when


@dataclass(frozen=True)
class ActionPhrase:
    kind: str
    rule: str
    en_when: tuple          # "{player} ..." (third person)
    en_inf: tuple           # "..." (infinitive, after "may" / "may not")
    ja: tuple               # dictionary form, after "{player}は"
    params: object          # step parameters -> the YAML action's parameters
    doc: str
    name: str = ""          # the step's name when several phrases make one kind (placement_center)
    answer: bool = False    # a set-up answer: its parameters name the player who answers

    def action(self, player: str, args: dict) -> dict:
        """The YAML action's parameters for the player and the step's parameters."""
        params = self.params(args)
        return {"player": player, **params} if self.answer else params


def _p(**keys):
    """YAML parameters from step parameters: {yaml_key: step_param}, leaving out missing ones."""
    def build(args):
        return {k: args[v] for k, v in keys.items() if v in args}
    return build


ACTIONS = (
    ActionPhrase("place", "8.2", ("{player} places {card}", "{player} places {card} on the back"),
                 ("place {card}", "place {card} on the back"),
                 ("{card}をステージに出す", "{card}をバックに出す", "{card}をバックポジションに出す"),
                 _p(card="card"), "put a Debut or Spot holomem from hand onto the back"),
    ActionPhrase("bloom", "8.3", ("{player} blooms {holomem} with {card}",), ("bloom {holomem} with {card}",),
                 ("{holomem}を{card}でBloomさせる", "{holomem}を{card}でブルームさせる"),
                 _p(holomem="holomem", **{"with": "card"}), "bloom a holomem with a card from hand"),
    ActionPhrase("collab", "8.4", ("{player} collabs with {holomem}",), ("collab with {holomem}",),
                 ("{holomem}をコラボさせる", "{holomem}でコラボする"),
                 _p(holomem="holomem"), "collab with a back holomem"),
    ActionPhrase("oshi_skill", "8.5", ("{player} uses the oshi skill {name}", "{player} uses the oshi skill"),
                 ("use the oshi skill {name}", "use the oshi skill"), ("推しスキル{name}を使う", "推しスキルを使う"),
                 _p(skill="name"), "use the oshi skill (its name is checked against the oshi when given)"),
    ActionPhrase("sp_oshi_skill", "8.5", ("{player} uses the SP oshi skill {name}", "{player} uses the SP oshi skill"),
                 ("use the SP oshi skill {name}", "use the SP oshi skill"),
                 ("SP推しスキル{name}を使う", "SP推しスキルを使う"), _p(skill="name"),
                 "use the SP oshi skill (its name is checked against the oshi when given)"),
    ActionPhrase("support", "8.6", ("{player} plays {card}", "{player} plays {card} on {holomem}"),
                 ("play {card}", "play {card} on {holomem}"),
                 ("{card}をプレイする", "{card}をプレイして{holomem}に付ける"),
                 _p(card="card", target="holomem"),
                 "play a support card (a tool, mascot or fan goes on the holomem named)"),
    ActionPhrase("baton_pass", "8.7", ("{player} baton passes to {holomem}",
                                       "{player} baton passes to {holomem}, archiving {cheers}"),
                 ("baton pass to {holomem}", "baton pass to {holomem}, archiving {cheers}"),
                 ("{holomem}にバトンタッチする", "{cheers}をアーカイブして{holomem}にバトンタッチする"),
                 _p(holomem="holomem", cheer="cheers"),
                 "baton pass to a back holomem (archiving the cheer named, when there is a choice)"),
    ActionPhrase("art", "9.2, 12.3", ("{player} uses the art {name} of {holomem} on {target:holomem}",
                                      "{player} uses the art {name} of {holomem}"),
                 ("use the art {name} of {holomem} on {target:holomem}", "use the art {name} of {holomem}"),
                 ("{holomem}のアーツ{name}を{target:holomem}に使う", "{holomem}でアーツ{name}を{target:holomem}に使う",
                  "{holomem}のアーツ{name}を使う"),
                 _p(holomem="holomem", art="name", target="target"), "use an art (on the target named)"),
)


# The set-up placement (6.2.1.10), an answer to the pre-game procedure phrased like an action, so
# it also makes the checks "A may (not) place ... face down in the centre" (steps_checks.py).
PLACEMENTS = (
    ActionPhrase("placement", "6.2.1.10", ("{player} places {card} face down in the centre",),
                 ("place {card} face down in the centre",), ("{card}をセンターに裏向きで置く",), _p(center="card"),
                 "(set-up) the Debut holomem placed face down as centre, none on the back",
                 name="placement_center", answer=True),
    ActionPhrase("placement", "6.2.1.10", ("{player} places {card} face down in the centre and {cards} on the back",),
                 ("place {card} face down in the centre and {cards} on the back",),
                 ("{card}をセンターに、{cards}をバックに裏向きで置く",), _p(center="card", back="cards"),
                 "(set-up) the holomems placed face down: centre and back", name="placement_both", answer=True),
    ActionPhrase("placement", "6.2.1.10.3", ("{player} places only {cards} face down on the back",),
                 ("place only {cards} face down on the back",), ("{cards}だけをバックに裏向きで置く",),
                 _p(back="cards"), "(set-up) holomems placed face down on the back, none in the centre",
                 name="placement_back", answer=True),
)


def _when_step(phrase: ActionPhrase):
    def step(ctx, player, **args):
        ctx.b.action(phrase.kind, phrase.action(player, args), player=player)
    name = phrase.name or f"when_{phrase.kind}"
    step.__name__ = name
    step.__module__ = __name__
    register_generated("when", step, list(phrase.en_when), ["{player}は" + t for t in phrase.ja],
                       f"{phrase.doc} ({phrase.rule})", key=f"steps_actions.{name}")


for _phrase in ACTIONS:
    _when_step(_phrase)


@when(["{player} passes", "{player} does nothing"], ja=["{player}はパスする", "{player}は何もしない"],
      doc="the player does nothing at this play timing; the step moves on (10.6.4.3)")
def pass_(ctx, player):
    ctx.b.action("pass", player, player=player)


@when("{player} concedes", ja="{player}は投了する", doc="the player concedes (1.2.3)")
def concede(ctx, player):
    ctx.b.action("concede", player, player=player)


# ------------------------------------------------------------- set-up (6.2.1)
@when("{player} goes first", ja="{player}が先攻になる",
      doc="(set-up) the player who decides chooses this player to go first (6.2.1.5)")
def first_player(ctx, player):
    ctx.b.action("first_player", player)


@when("the player who decides goes {order}", ja="先攻後攻を決めるプレイヤーが{order}を選ぶ",
      doc="(set-up) the player who decides goes first or second (6.2.1.5)")
def first_player_order(ctx, order):
    ctx.b.action("first_player", order)


@when("{player} takes a mulligan", ja="{player}はマリガンする",
      doc="(set-up) the player returns the hand and draws again (6.2.1.7)")
def mulligan(ctx, player):
    ctx.b.action("mulligan", {"player": player, "redraw": True})


@when(["{player} keeps the hand", "{player} keeps their hand"], ja="{player}はマリガンしない",
      doc="(set-up) the player keeps the hand (6.2.1.7)")
def keep(ctx, player):
    ctx.b.action("mulligan", {"player": player, "redraw": False})


for _phrase in PLACEMENTS:
    _when_step(_phrase)


@when("{player} places nothing face down", ja="{player}は何も裏向きで置かない",
      doc="(set-up) the player places no holomem (6.2.1.10)")
def placement_none(ctx, player):
    ctx.b.action("placement", {"player": player})


# --------------------------------------------------------------- advancing
@when("the game advances to {player}'s {step} step", ja="{player}の{step}ステップまで進める",
      doc="every play timing is passed until that point; other decisions take the answers that follow")
def advance(ctx, player, step):
    ctx.b.action("advance", {"to": {"player": player, "step": step}})


@when("the game advances to the {step} step", ja="{step}ステップまで進める",
      doc="as above, to that step of whichever turn comes first")
def advance_step(ctx, step):
    ctx.b.action("advance", {"to": {"step": step}})


@when("the game advances to {player}'s {step} step of turn {number}",
      ja="ターン{number}の{player}の{step}ステップまで進める",
      doc="as above, stopping at that turn count")
def advance_number(ctx, player, step, number):
    ctx.b.action("advance", {"to": {"player": player, "step": step, "number": number}})


# ------------------------------------------------------ answers and dice
@when(["the answer is {answer}", "the choice is {answer}"], ja=["答えは{answer}", "{answer}を選ぶ"],
      doc="the answer to the next decision the action raises, by meaning: a holomem, a card, a name, "
          "yes / no, first / second, a number")
def answer(ctx, answer):
    ctx.b.add_choice(answer)


@when(["the answers are {answers}", "the choices are {answers}"], ja="答えは順に{answers}",
      doc="the answers to the next decisions, in order")
def answers(ctx, answers):
    for a in answers:
        ctx.b.add_choice(a)


@when("the answer picks {picks}", ja="まとめて{picks}を選ぶ",
      doc="one decision that picks several things (cards to reveal, an order): all of them, in order")
def picks(ctx, picks):
    ctx.b.add_choice(list(picks))


@when(["the die shows {die}", "the dice show {dice}"], ja="サイコロの目は{dice}",
      doc="die results the action rolls, in order (5.24)")
def dice(ctx, die=None, dice=None):
    ctx.b.add_action_dice([die] if die is not None else dice)
