"""OSICA's Gherkin steps (English and Japanese): its areas, its actions and the assumptions a
scenario sets; the neutral steps (turn, winner, legality, log, ...) come from judge/bdd."""
from judge.bdd.phrases import ActionPhrase, params_from, register_actions, register_legality
from judge.bdd.registry import StepVocabulary, given, then
import re

from judge.bdd.types import ParamType, card_pattern, unquote

# A statement identifier (stage.3, kw.power-up.1) or an assumption's (guard.tie): OSICA's rules have
# no numbers (docs/osica-rules.md).
RULE = r"[a-z]+(?:[.-][a-z0-9]+)*\.[0-9a-z-]+"
RULES = rf"{RULE}(?:\s*(?:,|、|\s+or\s+|または|か)\s*{RULE})*"

SECTION = "OSICA"
STEP_VOCABULARY = StepVocabulary(
    types=(ParamType("card", card_pattern(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+"), unquote, "a card number such as OS-T02", ("OS-T02",)),
           ParamType("area", r"(?i:left|center|right|assist)", str.lower,
                     "an area: left, center, right (stage.1) or assist (assist.1)", ("center",)),
           ParamType("oszone", r"(?i:hand|deck|heart|cost|drop|keep|assist)", str.lower,
                     "an area: hand, deck, heart, cost, drop, keep or assist", ("hand",)),
           ParamType("step", r"(?i:setup|start|main|event|yell|appeal|end)", str.lower,
                     "a phase: setup, start, main, event, yell, appeal, end", ("main",)),
           ParamType("cards", r"[A-Za-z0-9, -]+", lambda s: [c.strip() for c in s.split(",") if c.strip()],
                     "cards, separated by commas", ("OS-T02, OS-T03",)),
           ParamType("rules", RULES, lambda text: re.findall(RULE, text),
                     "a statement identifier, or several separated by \"or\" / commas (any of them)",
                     ("stage.3",)),
           ParamType("assumption", r"[a-z]+\.[a-z-]+", str, "an assumption's identifier (judge rules assumptions)",
                     ("setup.hearts",)),
           ParamType("setting", r"[A-Za-z0-9-]+", lambda s: int(s) if s.lstrip("-").isdigit() else
                     {"true": True, "false": False}.get(s, s), "a value", ("4",))))

ACTIONS = (ActionPhrase("play", "main.7", ("{player} plays {card} to {area}",), ("play {card} to {area}",),
                        ("{card}を{area}に出す",), params_from(card="card", area="area"),
                        "play a character or support card into an area"),
           ActionPhrase("appeal", "appeal.2", ("{player} appeals with {area}",), ("appeal with {area}",),
                        ("{area}でアピールする",), params_from(chara="area"), "appeal with a stage character"),
           ActionPhrase("play_event", "kw.play.1", ("{player} plays the event {card}",), ("play the event {card}",),
                        ("イベント{card}をプレイする",), params_from(card="card"), "play an event card"),
           ActionPhrase("use_action", "kw.action.1", ("{player} uses the action of {card}",),
                        ("use the action of {card}",), ("{card}のアクションを使用する",), params_from(card="card"),
                        "use the first 【アクション】 text of a card on the stage or in the assist area"))
register_actions(ACTIONS, __name__)
register_legality(ACTIONS, __name__)


@given("{player}'s {oszone} holds {cards}", ja="{player}の{oszone}は{cards}", doc="the cards of an area")
def zone_holds(ctx, player, oszone, cards):
    ctx.b.set_given((player, oszone), cards)


@given("{player}'s {area} character is {card}", ja="{player}の{area}のキャラは{card}", doc="the character of a stage area")
def chara(ctx, player, area, card):
    ctx.b.set_given((player, area), card)


@given("{player}'s limit is {count:number}", ja="{player}のリミットは{count:number}", doc="the limit (stage.3)")
def limit(ctx, player, count):
    ctx.b.set_given((player, "limit"), count)


@given("{player} has {count:number} hearts", ja="{player}のハートは{count:number}枚", doc="the heart area (heart.1)")
def hearts(ctx, player, count):
    ctx.b.set_given((player, "heart"), count)


@given("{player} has {count:number} cost", ja="{player}のコストは{count:number}枚", doc="the cost area (cost.1)")
def cost(ctx, player, count):
    ctx.b.set_given((player, "cost"), count)


@given("the assumption {assumption} is {setting}", ja="仮定{assumption}は{setting}",
       doc="an assumption's value for this scenario (judge rules assumptions --game osica)")
def assume(ctx, assumption, setting):
    ctx.b.assume(assumption, setting)


@then("{player}'s {area} is empty", ja="{player}の{area}は空", doc="no character in the stage area (no card in the assist area)")
def area_empty(ctx, player, area):
    ctx.b.check({f"{player}.{area}.count": 0})


@given("{player}'s oshi is {card}", ja="{player}の推しキャラは{card}", doc="the 推しキャラ, face up in the oshi area (oshi.1)")
def oshi(ctx, player, card):
    ctx.b.set_given((player, "oshi"), card)
