"""Keyword abilities (13): the keyword says what kind of ability it is.

    abilities:
      - {kind: collab_effect, effect: [..]}                  # 13.2: automatic, on collabing
      - {kind: bloom_effect, effect: [..]}                   # 13.3: automatic, on blooming with this card
      - {kind: auto, keyword: gift, trigger: .., effect: [..]}        # 13.4: a gift is a keyword an
      - {kind: when_downed, keyword: gift, effect: [..]}              # ability has; it works as the
                                                                      # kind of ability it is
When a keyword ability's effect is carried out, the trace cites what the keyword means.
"""
from __future__ import annotations

from ....core.terms import Enum, Text
from ..terms import STEPS, ability_kind, key

_EFFECT = key("effect", "what it does", STEPS)
ability_kind("collab_effect", "13.2", "13.2.1", "13.2.2", doc="automatic: this holomem collabs", keys=[_EFFECT],
             at_least_one=("effect", "unsupported"))
ability_kind("bloom_effect", "13.3", "13.3.1", "13.3.2", doc="automatic: a holomem blooms with this card",
             keys=[_EFFECT,
                   key("from_level", "'when it blooms from a Debut' (DebutからBloomした時): it triggers only when the "
                       "top card it bloomed from is of this bloom level (Q52, Q54, Q89: not from a 1st)",
                       Enum("debut", "1st", "2nd"), "13.3.2", "8.3.3"),
                   key("by_skill", "'自分のSP推しスキル「X」でBloomした時': it triggers only when the bloom was made by its "
                       "player's oshi skill (or SP oshi skill) of this name, resolving then", Text("NAME"), "12.1.5.4",
                       "5.14.1")],
             at_least_one=("effect", "unsupported"))
ability_kind("gift", "13.4.1", doc="a gift not encoded yet (`unsupported:`); an encoded gift is written as the kind "
             "of ability it is, with `keyword: gift`", at_least_one=("unsupported",))

KEYWORD_RULES = {"collab_effect": ("13.1.1", "13.2.1"), "bloom_effect": ("13.1.1", "13.3.1")}
GIFT_RULES = ("13.1.1", "13.4.1")


def cite_keyword(game, steps, ctx, source):
    """13.1.1: a keyword names an ability of a particular kind; cited as its effect starts."""
    if not game.tracing:
        return                  # a citation only: nobody reads it
    card = ctx.get("card")
    if card is None or not steps or not hasattr(card, "defn"):
        return
    # the ability whose effect this is: the same list, or (when the steps were copied on the way,
    # e.g. after choosing modes) a list with the same steps
    abilities = card.defn.abilities
    ab = next((a for a in abilities if a.get("effect") is steps), None) or \
        next((a for a in abilities if a.get("effect") == steps), None)
    if ab is None:
        return
    rules = GIFT_RULES if ab.get("keyword") == "gift" else KEYWORD_RULES.get(ab.get("kind"), ())
    if rules:
        game.emit("keyword_ability", rules, source, keyword=ab.get("keyword") or ab.get("kind"),
                  number=card.number)
