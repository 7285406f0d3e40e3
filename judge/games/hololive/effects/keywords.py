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

KEYWORD_RULES = {"collab_effect": ("13.1.1", "13.2.1"), "bloom_effect": ("13.1.1", "13.3.1")}
GIFT_RULES = ("13.1.1", "13.4.1")


class KeywordsMixin:

    def cite_keyword(self, steps, ctx, source):
        """13.1.1: a keyword names an ability of a particular kind; cited as its effect starts."""
        card = ctx.get("card")
        if card is None or not steps:
            return
        for ab in card.defn.abilities:
            if ab.get("effect") is steps:
                rules = GIFT_RULES if ab.get("keyword") == "gift" else KEYWORD_RULES.get(ab.get("kind"), ())
                if rules:
                    self.emit("keyword_ability", rules, source, keyword=ab.get("keyword") or ab.get("kind"),
                              number=card.number)
                return
