"""hololive's Given steps: the board to start from (YAML `given`): who went first, the set-up,
per-turn facts, oshi, holomems, stages and zones, and scripted shuffles. The turn, the seed and
dice are every game's steps (judge/bdd/steps_board.py).

Each step states one thing; stating the same thing twice is an error naming
both lines. Anything not stated gets the documented default of the YAML
language (`judge explain` lists them).
"""
from __future__ import annotations

from ....bdd.registry import given
from ....bdd.types import CARD, card as read_card, nfkc, split_items
from .stage import stage
from .types import CHEER, cheer as read_cheer, holomem as ref_of

SECTION = "The board (Given / 前提)"
FILLER = "FILLER"


# ----------------------------------------------------------------- the turn
@given("{player} went first", ja="{player}が先攻",
       doc="who went first (default: the turn player when the turn count is odd)")
def went_first(ctx, player):
    ctx.b.set_given(("turn", "first"), player)


@given(["the game is at set-up", "the game has not started yet"], ja=["ゲーム開始前", "ゲームはまだ始まっていない"],
       doc="the scenario starts before the game (6.2.1): state each player's oshi, deck and cheer deck")
def setup(ctx):
    ctx.b.set_given(("turn", "step"), "setup")


FACTS = [
    ("collabed", "{player} has already collabed this turn", "{player}はこのターンすでにコラボしている",
     "8.4.1"),
    ("limited_played", "{player} has already played a LIMITED support this turn",
     "{player}はこのターンすでにLIMITEDのサポートカードをプレイしている", "8.6.2"),
    ("oshi_skill_used", "{player} has already used an oshi skill this turn",
     "{player}はこのターンすでに推しスキルを使っている", "8.5.1.1"),
    ("sp_oshi_skill_used", "{player} has already used an SP oshi skill this game",
     "{player}はこのゲームですでにSP推しスキルを使っている", "8.5.1.2"),
    ("baton_passed", "{player} has already baton passed this turn",
     "{player}はこのターンすでにバトンタッチしている", "8.7.4"),
]


def _fact_step(fact, en, ja, rule):
    def step(ctx, player):
        ctx.b.set_given((player, fact), True)
    step.__name__ = f"fact_{fact}"          # before registering: the name makes the step's key
    return given(en, ja=ja, doc=f"a per-turn fact of the player ({rule})")(step)


for _fact in FACTS:
    _fact_step(*_fact)


# ------------------------------------------------------------------ players
@given("{player}'s oshi is {card}", ja="{player}の推しホロメンは{card}",
       doc="the player's oshi (default: no colour, life 5, no skills)")
def oshi(ctx, player, card):
    ctx.b.set_given((player, "oshi"), card)


@given("{holomem} is {card}", ja="{holomem}は{card}",
       doc="a holomem on the stage: A's centre holomem, A's collab holomem, A's back holomem N "
           "(back holomems in order)")
def holomem(ctx, holomem, card):
    stage(ctx).new_holomem(holomem, {"card": card})


@given("{holomem} is {card} with cheer {cheers}", ja=["{holomem}は{card}で、エールは{cheers}",
                                                        "{holomem}は{card}、エールは{cheers}"],
       doc="a holomem with cheer attached (by colour or cheer card number)")
def holomem_with_cheer(ctx, holomem, card, cheers):
    stage(ctx).new_holomem(holomem, {"card": card, "cheer": cheers})


@given("{holomem} has cheer {cheers}", ja="{holomem}のエールは{cheers}",
       doc="the cheer attached to a holomem stated before")
def cheer(ctx, holomem, cheers):
    stage(ctx).holomem_attr(holomem, "cheer", cheers)


@given("{holomem} has {number} damage", ja=["{holomem}のダメージは{number}", "{holomem}は{number}ダメージを負っている"],
       doc="damage the holomem has already taken (4.4.5)")
def damage(ctx, holomem, number):
    stage(ctx).holomem_attr(holomem, "damage", number)


@given("{holomem} is rested", ja="{holomem}はお休みしている", doc="the holomem is resting (4.3.2)")
def rested(ctx, holomem):
    stage(ctx).holomem_attr(holomem, "rested", True)


@given("{holomem} is called {alias}", ja="{holomem}を{alias}と呼ぶ",
       doc="a name for the holomem: refer to it later as $name; it follows the holomem wherever it moves")
def called(ctx, holomem, alias):
    stage(ctx).holomem_attr(holomem, "as", alias)


@given("{holomem} has {cards} under it", ja="{holomem}の下には{cards}が重なっている",
       doc="the holomem cards under it, bottom first (the Debut under a 1st)")
def stack(ctx, holomem, cards):
    stage(ctx).holomem_attr(holomem, "stack", cards)


@given("{holomem} has {cards} attached", ja="{holomem}には{cards}が付いている",
       doc="support cards attached to the holomem (tools, mascots, fans)")
def attached(ctx, holomem, cards):
    stage(ctx).holomem_attr(holomem, "attached", cards)


@given("{holomem} bloomed this turn", ja="{holomem}はこのターンにBloomした",
       doc="the holomem has bloomed this turn (8.3.2)")
def bloomed(ctx, holomem):
    stage(ctx).holomem_attr(holomem, "bloomed_this_turn", True)


@given("{holomem} came onto the stage this turn", ja="{holomem}はこのターンにステージに置かれた",
       doc="the holomem came onto the stage this turn (8.3.2)")
def placed(ctx, holomem):
    stage(ctx).holomem_attr(holomem, "placed_this_turn", True)


@given("{holomem} has used an art this performance step",
       ja="{holomem}はこのパフォーマンスステップですでにアーツを使っている",
       doc="the holomem has used an art this performance step (9.2.1.5)")
def arts_used(ctx, holomem):
    stage(ctx).holomem_attr(holomem, "arts_used", True)


@given("{player}'s {position} position is empty", ja="{player}の{position}ポジションは空",
       doc="no holomem at the centre (or collab); the default centre holomem is not added")
def empty_position(ctx, player, position):
    ctx.b.set_given((player, position), None)


@given(["{player} has no holomem on stage", "{player}'s stage is empty"],
       ja=["{player}のステージにホロメンはいない", "{player}のステージは空"],
       doc="a really empty stage (otherwise an inert default centre holomem is added)")
def empty_stage(ctx, player):
    for key in ("center", "collab", "back"):
        if ctx.b.player(player).get(key):
            raise ctx.b.error(f"{player}'s {key} holomem is stated at line "
                              f"{ctx.b.lines.get(('given', player, key))}")
    ctx.b.set_given((player, "center"), None)


@given("{player}'s back holomems are {cards}", ja="{player}のバックホロメンは{cards}",
       doc="the back holomems, in order (A.back.1 is the first)")
def back(ctx, player, cards):
    ctx.b.set_given((player, "back"), list(cards))


@given("{player}'s stage is:", ja="{player}のステージ:", argument="table",
       doc="the stage as a table: one row per holomem; columns position (centre, collab, back), card, "
           "and any of cheer, damage, rested, as, stack, attached, bloomed_this_turn, placed_this_turn, "
           "arts_used")
def stage_table(ctx, player):
    header, rows = ctx.table_rows(STAGE_COLUMNS)
    back_n = len(ctx.b.player(player).get("back") or [])
    for cells, line in rows:
        ctx.b.line = line
        pos = cells.get("position", "")
        word = {"centre": "center", "center": "center", "collab": "collab", "back": "back",
                "センター": "center", "コラボ": "collab", "バック": "back"}.get(pos.strip().lower()
                                                                          if pos.isascii() else pos.strip())
        if word is None:
            raise ctx.b.error(f"unknown position {pos!r}", expected="centre, collab or back")
        if not cells.get("card"):
            raise ctx.b.error("a stage row needs a card")
        spec = {"card": read_card(cells["card"])}
        for key in ("cheer", "stack", "attached"):
            if cells.get(key):
                item = CHEER if key == "cheer" else CARD
                conv = read_cheer if key == "cheer" else read_card
                spec[key] = [conv(x) for x in split_items(cells[key].strip(), item)]
        if cells.get("damage"):
            spec["damage"] = _int(ctx, cells["damage"])
        for key in ("rested", "bloomed_this_turn", "placed_this_turn", "arts_used"):
            if cells.get(key):
                spec[key] = _bool(ctx, cells[key])
        if cells.get("as"):
            spec["as"] = cells["as"].strip().lstrip("$")
        if word == "back":
            back_n += 1
            stage(ctx).new_holomem(f"{player}.back.{back_n}", spec)
        else:
            stage(ctx).new_holomem(ref_of(f"{player}.{word}"), spec)


STAGE_COLUMNS = {"position": "position", "card": "card", "cheer": "cheer", "damage": "damage",
                 "rested": "rested", "as": "as", "name": "as", "stack": "stack", "attached": "attached",
                 "bloomed_this_turn": "bloomed_this_turn", "placed_this_turn": "placed_this_turn",
                 "arts_used": "arts_used", "ポジション": "position", "カード": "card", "エール": "cheer",
                 "ダメージ": "damage", "お休み": "rested", "名前": "as", "重なり": "stack",
                 "付いているカード": "attached"}


def _int(ctx, text):
    t = nfkc(text)
    if not t.isdigit():
        raise ctx.b.error(f"expected a whole number, got {text!r}")
    return int(t)


def _bool(ctx, text):
    t = text.strip().lower()
    if t in ("yes", "true", "y", "はい", "○", "o"):
        return True
    if t in ("no", "false", "n", "いいえ", "×", "-", ""):
        return False
    raise ctx.b.error(f"expected yes or no, got {text!r}")


# ------------------------------------------------------------------- zones
@given("{player}'s {zone} is {cards:cheers}", ja="{player}の{zone}は{cards:cheers}",
       doc="the cards of a zone: hand, deck and holo power take card numbers; cheer deck, life and "
           "archive also take cheer colours; deck, cheer deck and life top first")
def zone_cards(ctx, player, zone, cards):
    ctx.b.set_given((player, zone), list(cards))


@given("{player}'s {zone} has {number} cards", ja="{player}の{zone}は{number}枚",
       doc="a number of cards: filler cards for the deck, hand, archive and holo power, white cheer "
           "for the cheer deck and life")
def zone_count(ctx, player, zone, number):
    if zone in ("hand", "archive"):
        ctx.b.set_given((player, zone), [FILLER] * number)
    else:
        ctx.b.set_given((player, zone), number)


@given("{player}'s {zone} is empty", ja="{player}の{zone}は空", doc="an empty zone")
def zone_empty(ctx, player, zone):
    ctx.b.set_given((player, zone), 0 if zone in ("deck", "life", "cheer_deck", "holopower") else [])


# ---------------------------------------------------------------- shuffles
@given("the next shuffle of {player}'s {zone} gives {cards:cheers}",
       ja="{player}の{zone}の次のシャッフル結果は{cards:cheers}",
       doc="a scripted shuffle result for the deck or cheer deck, top first (cards not named stay "
           "below, in their order); used by the next shuffle of that zone")
def shuffle(ctx, player, zone, cards):
    ctx.b.add_shuffle({"player": player, "zone": zone, "order": list(cards)})


@given("the next shuffle of {player}'s {zone} keeps its order",
       ja="{player}の{zone}の次のシャッフルでは順番が変わらない",
       doc="a scripted shuffle that leaves the zone as it stands")
def shuffle_keep(ctx, player, zone):
    ctx.b.add_shuffle({"player": player, "zone": zone, "order": "keep"})
