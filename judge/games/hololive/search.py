"""What a hololive card is found by (`judge cards find`, CardTools.searchable): its number, its
names, its tags, its kinds and keywords, and its text, in Japanese and English.

The printed texts are not in the project (only their encodings), so a card's text is what
`judge cards show` reads back from its encoding, with the Japanese and English names of its arts,
abilities and skills; its kinds carry the printed keyword in both languages, so ブルームエフェクト
finds the cards with a bloom effect as `bloom effect` does.
"""
from __future__ import annotations

# The printed words of a card's kinds and keywords (card types 2.2, sub-types 2.2.3, colours 2.4,
# keywords 13), in both languages: what a judge types, e.g. ブルームエフェクト or "bloom effect".
WORDS = {
    "oshi": "oshi 推しホロメン", "holomem": "holomem ホロメン", "support": "support サポート",
    "cheer": "cheer エール",
    "staff": "staff スタッフ", "item": "item アイテム", "event": "event イベント", "tool": "tool ツール",
    "mascot": "mascot マスコット", "fan": "fan ファン",
    "white": "white 白", "green": "green 緑", "red": "red 赤", "blue": "blue 青", "purple": "purple 紫",
    "yellow": "yellow 黄",
    "debut": "Debut", "1st": "1st", "2nd": "2nd", "spot": "Spot",
    "bloom_effect": "bloom effect ブルームエフェクト", "collab_effect": "collab effect コラボエフェクト",
    "gift": "gift ギフト", "arts": "arts アーツ", "oshi_skill": "oshi skill 推しスキル",
    "sp_oshi_skill": "SP oshi skill SP推しスキル", "buzz": "Buzz バズ", "limited": "LIMITED",
}


def searchable(db):
    """(number, {field: text}) of every card of the database, the most identifying field first."""
    from .cardtext import card_lines
    for number, card in sorted(db.cards.items()):
        names = [card.name, card.name_en, *card.extra.get("also_named", ())]
        named = [card.arts, card.abilities, [s for s in (card.oshi_skill, card.sp_oshi_skill) if s]]
        kinds = [card.type, card.sub_type, card.bloom_level, *sorted(card.colors),
                 *("arts" for _ in card.arts[:1]), *(a.get("kind") for a in card.abilities),
                 *(a.get("keyword") for a in card.abilities),
                 *(k for k in ("oshi_skill", "sp_oshi_skill") if getattr(card, k)),
                 "buzz" if card.buzz else None, "limited" if card.limited else None]
        parts = [p for group in named for p in group]
        yield number, {
            "number": number,
            "name": " / ".join(dict.fromkeys(n for n in names if n)),
            "tags": " ".join(card.tags),
            "kind": " ".join(dict.fromkeys(WORDS.get(k, str(k).replace("_", " ")) for k in kinds if k)),
            "text": " / ".join(filter(None, [*(_names(p) for p in parts), *(line.strip() for line in card_lines(card)[1:])])),
        }


def _names(part) -> str:
    """An art's, ability's or skill's names (Japanese / English)."""
    if isinstance(part, dict):
        names = (part.get("name"), part.get("name_en"))
    else:
        names = (part.name, part.name_en)
    return " / ".join(dict.fromkeys(n for n in names if n))
