"""Love Live!'s Gherkin steps (English and Japanese): its zones and its actions, playing a member (9.6.2) and
playing an activated ability (7.7.2.1); the neutral steps (turn, winner, legality, log, ...) come from judge/bdd."""
from judge.bdd.phrases import ActionPhrase, params_from, register_actions, register_legality
from judge.bdd.registry import StepVocabulary, given
from judge.bdd.types import ParamType, card_pattern, unquote

SECTION = "Love Live!"
STEP_VOCABULARY = StepVocabulary(
    types=(ParamType("card", card_pattern(r"[A-Z][A-Za-z0-9!＋+-]*"), unquote,
                     "a card number such as PL!N-bp3-016-N", ("PL!N-bp3-016-N",)),
           ParamType("area", r"(?i:left|center|right)", str.lower, "a member area: left, center or right (4.5.2.1)",
                     ("center",)),
           ParamType("llzone", r"(?i:hand|live|success|waiting_room|main_deck)", str.lower,
                     "a zone: hand, live, success, waiting_room or main_deck", ("hand",)),
           ParamType("cards", r"[A-Za-z0-9!＋+, -]+", lambda s: [c.strip() for c in s.split(",") if c.strip()],
                     "cards, separated by commas", ("PL!N-bp3-016-N, PL!-bp3-016-N",))))

ACTIONS = (ActionPhrase("play_member", "9.6.2", ("{player} plays {card} to {area}",), ("play {card} to {area}",),
                        ("{card}を{area}に登場させる",), params_from(card="card", area="area"),
                        "play a member from hand to an area, paying its cost"),
           ActionPhrase("activate", "9.6.2", ("{player} plays the activated ability of {card}",),
                        ("play the activated ability of {card}",), ("{card}の起動能力をプレイする",),
                        params_from(card="card"), "play the activated ability of a member of the stage (7.7.2.1)"))
register_actions(ACTIONS, __name__)
register_legality(ACTIONS, __name__)


@given("{player}'s {llzone} holds {cards}", ja="{player}の{llzone}は{cards}", doc="the cards of a zone (4)")
def zone_holds(ctx, player, llzone, cards):
    ctx.b.set_given((player, llzone), cards)


@given("{player} has {count:number} energy", ja="{player}のエネルギーは{count:number}枚",
       doc="the number of energy cards in the energy zone (4.7)")
def energy(ctx, player, count):
    ctx.b.set_given((player, "energy"), count)


@given("{player}'s {area} member is {card}", ja="{player}の{area}のメンバーは{card}", doc="the member of an area (4.5)")
def member(ctx, player, area, card):
    ctx.b.set_given((player, area), card)


@given("{player}'s {area} member is {card} with {cards} beneath", ja="{player}の{area}のメンバーは{card}で、その下に{cards}",
       doc="the member of an area and the cards beneath it, from the top down (4.5.5)")
def member_with_beneath(ctx, player, area, card, cards):
    ctx.b.set_given((player, area), {"card": card, "under": cards})
