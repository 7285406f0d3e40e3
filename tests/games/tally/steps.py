"""Tally's Gherkin steps (English and Japanese): its board and its one action; the neutral steps
(turn, winner, legality, log, ...) come from judge/bdd."""
from judge.bdd.phrases import ActionPhrase, params_from, register_actions, register_legality
from judge.bdd.registry import StepVocabulary, given
from judge.bdd.types import ParamType, card_pattern, unquote

SECTION = "Tally"
STEP_VOCABULARY = StepVocabulary(
    types=(ParamType("card", card_pattern(r"[A-Z][A-Z0-9-]*"), unquote, "a card number such as N7", ("N7",)),
           ParamType("zone", r"(?i:hand|pile|deck)", str.lower, "a zone: hand, pile or deck", ("hand",)),
           ParamType("cards", r"[A-Z0-9, -]+", lambda s: [c.strip() for c in s.split(",") if c.strip()],
                     "cards, separated by commas", ("N2, N7",))))

ACTIONS = (ActionPhrase("play", "5.3", ("{player} plays {card}",), ("play {card}",), ("{card}を出す",),
                        params_from(card="card"), "play a card from hand onto the pile"),)
register_actions(ACTIONS, __name__)
register_legality(ACTIONS, __name__)


@given("{player}'s {zone} holds {cards}", ja="{player}の{zone}は{cards}", doc="the cards of a zone (a pile bottom first)")
def zone_holds(ctx, player, zone, cards):
    ctx.b.set_given((player, zone), cards)


@given("{player}'s {zone} is empty", ja="{player}の{zone}は空", doc="an empty zone")
def zone_empty(ctx, player, zone):
    ctx.b.set_given((player, zone), [] if zone != "deck" else 0)


@given("{player} has {points:number} points", ja="{player}の点数は{points:number}", doc="the player's points (1.2)")
def points(ctx, player, points):
    ctx.b.set_given((player, "points"), points)
