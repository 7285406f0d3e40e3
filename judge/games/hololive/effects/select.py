"""Selectors and conditions of the effect language: which holomems, which cards, whether it holds.

Each is declared here, beside the code that reads it (terms.py): the positions and words of a holomem
selector and the keys of its mapping (PLACES, WORDS, HOLOMEM_KEYS; `holomems`, `holomem_matches`), the
keys of a card filter (FILTER; `card_matches`), and each condition by `@condition(...)` on the function
that tests it (`holds` calls it through the declaration).

A holomem selector is a word or a mapping:
  this | center | collab | back | stage | opponent_center | opponent_collab | opponent_back | opponent_stage
  | moved (the holomems an earlier step of this effect put onto the stage, followed there: 4.1.4.1)
  {where: back, who: own, name: AZKi, color: green, bloom_level: [1st, 2nd], other_than_this: true,
   has_cheer: true, rested: false, bloomed_this_turn: true}
A card filter: {type: holomem, sub_type: tool, bloom_level: [1st, 2nd], buzz: false, limited: true,
                name: [ときのそら, AZKi], color: green}
"""
from __future__ import annotations

from ....core.errors import NotRunnable
from ....core.terms import Bool, Either, Enum, Int, ListOf, OneOrList, Ref, Term, Text
from ..cards import BLOOM_LEVELS, COLORS
from ..events import on_event
from ..terms import CARD_FILTER, CONDITIONS, PER, HOLOMEM_FILTER, NAMES, PLAYER_ZONES, SELECTOR, VOCAB, WHO, condition, key, mapping

# The positions and groups a holomem selector names (`where`, and the words below); `holomems` finds them.
PLACES = VOCAB.family("holomem_place", "position", "Which holomems a selector names.", terms=[
    Term("this", (), "this holomem: the one the ability is on (in down processing, the downed one)"),
    Term("center", ("4.7",), "the centre holomem"),
    Term("collab", ("4.8",), "the collab holomem"),
    Term("back", ("4.9",), "the back holomems"),
    Term("stage", ("4.6",), "the holomems on the stage"),
    Term("attached_to", ("5.17.1",), "the holomem this card is attached to"),
    Term("moved", ("4.1.4.1",), "the holomems an earlier `put_out` step of the same effect put onto the stage, "
         "followed to where they are now; one that has left the stage since is not found"),
    Term("chosen", ("10.7.2.3",), "the holomem an earlier `choose_holomem` step of the same effect chose ('the "
         "chosen holomem'); one that has left the stage since is not found"),
    Term("damaged", ("12.1.5.3",), "in an oshi skill 'usable when ... dealt damage to (X)': that holomem "
         "('その相手のバックホロメン'); one that has left the stage since is not found"),
    Term("art_target", ("12.3.3.2",), "(in an art's text) the target of the art ('このアーツの対象'), whoever's it "
         "is; one that has left the stage is not found")])
WHERE = PLACES.names()
WORDS = VOCAB.family("selector_word", "selector", "A holomem selector written as one word.", terms=[
    *(Term(t.name, t.rules, t.doc) for t in PLACES.terms.values()),
    *(Term("opponent_" + w, PLACES.terms[w].rules, "your opponent's " + PLACES.terms[w].doc.replace("the ", "", 1))
      for w in ("center", "collab", "back", "stage"))])
_COLORS_OR_ALL = OneOrList(Enum(*COLORS, "all"))
_COLOR_DOC = "of this colour (one of these); `all`: of every colour, not colourless (2.4.2.3)"
HOLOMEM_KEYS = VOCAB.record("holomem_filter", "A holomem selector as a mapping: the holomems of `where` "
                            "(`who`'s side) that match every other key.", [
    key("where", "which holomems (one place, or several: 'the centre or collab holomem')",
        OneOrList(Ref("holomem_place", "WHERE")), default="stage"),
    key("who", "whose stage, from the effect's player; `both`: both players' ('お互いのステージの', 4.6)",
        Enum("own", "opponent", "both"), default="own"),
    key("name", "named this (one of these); extra names match too (2.11.2.3)", NAMES, "2.1.2"),
    key("tag", "with this tag (one of these)", NAMES, "2.6.2"),
    key("color", _COLOR_DOC, _COLORS_OR_ALL, "2.4"),
    key("bloom_level", "of this bloom level (one of these)", OneOrList(Enum(*BLOOM_LEVELS)), "2.3"),
    key("other_than_this", "not this holomem", Bool()),
    key("has_cheer", "with (or, false, without) cheer attached", Bool()),
    key("cheer_min", "with at least N cheer attached ('このホロメンにエールがN枚以上付いている時': all its cheer, "
        "whatever pays an art's cost; Q333, Q337)", Int(minimum=1), "4.4.3"),
    key("rested", "resting (or, false, active)", Bool(), "4.3.2"),
    key("damaged", "with damage ('HPが減っている': its HP is below its card's, 4.4.5.4; or, false, with none)",
        Bool(), "4.4.5", "4.4.5.4"),
    key("bloomed_this_turn", "bloomed this turn (or, false, not)", Bool(), "8.3.2", "5.28.1"),
    key("placed_this_turn", "put onto the stage this turn (or, false, not): 'このターンに出した'", Bool(), "8.3.2"),
    key("not_name", "not named this (none of these): '〈name〉以外の'", NAMES, "2.1.2"),
    key("cheer_color", "with cheer of this colour (one of these) attached", OneOrList(Enum(*COLORS)), "4.4.7"),
    key("attached", "with a card matching this filter attached", CARD_FILTER, "5.17.1"),
    key("used_arts_this_turn", "it used an art this turn (or, false, did not)", Bool(), "9.2.1.5", "12.3"),
    key("baton_min", "whose baton pass needs at least N colourless cheer now, every change counted ('バトンタッチに"
        "必要な無色が2つ以上のホロメン')", Int(minimum=1), "2.10.1", "10.10.1.4"),
    key("hp_left_max", "with N or less remaining HP ('残りHP N以下': its HP less its damage)", Int(minimum=0),
        "4.4.5.4"),
    key("damage_min", "with at least N damage ('HPがN以上減っている': its HP is N or more below its card's)",
        Int(minimum=1), "4.4.5", "4.4.5.4"),
    key("buzz", "a Buzz holomem: its top card is a Buzz holomem card (or, false, not)", Bool(), "2.5.1", "4.4.1"),
    key("cheer_of", "with at least `min` cheer of these colours attached ('白エールが2枚以上付いている')",
        mapping(key("color", "the colours (one of these)", OneOrList(Enum(*COLORS)), required=True),
                key("min", "at least this many", Int(minimum=1), default=1)), "4.4.7"),
    key("any_of", "matches at least one of these selector mappings ('[〈X〉か#Yを持つホロメン]'; their `where`/`who` "
        "are this mapping's)", ListOf(Ref("holomem_filter", "{..}")), "2.1.2"),
    key("color_not_of_oshi", "has a colour that the oshi holomem of its own player does not have ('相手の推しホロメンと"
        "異なる色を持つ相手のホロメン'; or, false, none)", Bool(), "2.4", "4.5"),
    key("single_color", "has exactly one colour ('色が1色の', Q402; colourless is not a colour, so a Spot holomem is "
        "not one, 2.4.2.3, Q403; or, false, not)", Bool(), "2.4", "2.4.2.3"),
    key("archive_cheer_color", "has a colour that a cheer card in the archive of the effect's player has ('自分の"
        "アーカイブのエールと同色の相手のホロメン': any one of them, Q603; or, false, none)", Bool(), "2.4", "4.14"),
    key("under", "the holomem card right under its top card matches this filter ('bloomed from a Debut / a Buzz "
        "holomem'); one with no card under it does not match", CARD_FILTER, "4.4.8"),
    key("attached_count", "with at least `min` attached cards matching `filter` ('〈X〉が2枚以上付いている')", mapping(
        key("filter", "only attached cards matching it", CARD_FILTER),
        key("min", "at least this many", Int(minimum=1), required=True)), "5.17.1"),
    key("position", "at this position now (one of these): with a place naming one holomem, 'このアーツの対象が相手の"
        "コラボホロメンなら' is `{where: art_target, who: opponent, position: collab}`",
        OneOrList(Enum("center", "collab", "back")), "4.7.4", "4.8.4", "4.9.3")])
VOCAB.define("holomem_selector", Either(Ref("selector_word", "WORD"), Ref("holomem_filter", "{..}")),
             "A holomem selector (docs/cards.md): a word, or a mapping {where, who, name, ...}. When a step "
             "needs one holomem and several fit, the player chooses.")
FILTER = VOCAB.record("card_filter", "A card filter (2.15: 'a <information> card'): every key must match.", [
    key("type", "of this card type (one of these)", OneOrList(Enum("oshi", "holomem", "support", "cheer")), "2.2"),
    key("sub_type", "of this support sub-type (one of these)",
        OneOrList(Enum("staff", "item", "event", "tool", "mascot", "fan")), "2.2.3"),
    key("bloom_level", "of this bloom level (one of these)", OneOrList(Enum(*BLOOM_LEVELS)), "2.3"),
    key("buzz", "a Buzz holomem (or, false, not one)", Bool(), "2.5.1"),
    key("limited", "LIMITED (or, false, not)", Bool(), "2.12"),
    key("name", "named this (one of these); extra names match too (2.11.2.3)", NAMES, "2.1"),
    key("tag", "with this tag (one of these)", NAMES, "2.6.2"),
    key("color", _COLOR_DOC, _COLORS_OR_ALL, "2.4"),
    key("has_ability", "with an ability of this keyword (one of these): 'a holomem with a collab effect' (13.2.1), "
        "a bloom effect (13.3.1), a gift (13.4.1)", OneOrList(Enum("collab_effect", "bloom_effect", "gift")),
        "13.1.1"),
    key("unlimited", "with the extra 'this holomem may be put in a deck in any number' (or, false, without)",
        Bool(), "2.11.2.1"),
    key("name_contains", "its card name contains this text ('カード名に「パソコン」を含む'); extra names count too "
        "(2.11.2.3)", Text(), "2.1"),
    key("any_of", "it matches at least one of these filters ('[ホロメンかツール]': `[{type: holomem}, {sub_type: "
        "tool}]`)", ListOf(CARD_FILTER), "2.15")])


def _keywords(defn) -> set:
    """The keyword abilities a card has (13.1.1): a collab or bloom effect is a kind of its own; a
    gift is an ability with `keyword: gift` (or `kind: gift` while not encoded)."""
    out = set()
    for ab in defn.abilities or ():
        if ab.get("kind") in ("collab_effect", "bloom_effect", "gift"):
            out.add(ab["kind"])
        if ab.get("keyword") == "gift":
            out.add("gift")
    return out


def holomems(game, spec, ctx) -> list:
    """The holomems a selector names now, in stage order."""
    if isinstance(spec, str):
        who = "opponent" if spec.startswith("opponent_") else "own"
        spec = {"where": spec.replace("opponent_", ""), "who": who}
    spec = dict(spec)
    if spec.get("who") == "both":       # 'both players' holomems' (4.6): yours, then your opponent's
        return holomems(game, {**spec, "who": "own"}, ctx) + holomems(game, {**spec, "who": "opponent"}, ctx)
    p = ctx["player"] if spec.get("who", "own") == "own" else game.other(ctx["player"])
    where = spec.get("where", "stage")
    if isinstance(where, list):         # several places: the holomems of each, in the order named
        found = [s for w in where for s in holomems(game, {**spec, "where": w}, ctx)]
        return list({id(s): s for s in found}.values())
    if where in ("this", "attached_to"):
        found = [ctx["holomem"]] if ctx.get("holomem") is not None else []
    elif where == "center":
        found = [game.center(p)]
    elif where == "collab":
        found = [game.collab_holomem(p)]
    elif where == "back":
        found = game.back(p)
    elif where == "stage":
        found = game.stage(p)
    elif where == "art_target":       # 12.3.3.2: the target of the art whose text this is
        found = [ctx["target"]] if ctx.get("art") is not None and ctx.get("target") is not None else []
    elif where == "chosen":           # 10.7.2.3: chosen by an earlier step of this effect
        found = list(ctx.get("chosen") or ())
    elif where == "damaged":          # 12.1.5.3: the holomem the damage answered was dealt to
        found = [ctx["event_holomem"]] if ctx.get("event_holomem") is not None else []
    elif where == "moved":
        # 4.1.4.1: a card that moved to the stage is a new card there (4.1.4), but an effect that
        # clearly refers to the moved card itself in its new zone refers to it as that card: the
        # holomem each card put out by an earlier step of this effect now is, wherever it went.
        found = [c.holder for c in ctx.get("moved_cards") or () if c.holder is not None and c in c.holder.cards]
        found = [s for s in found if s.zone is not None]
        cited = ctx.setdefault("followed", set())        # cited once per holomem in the effect
        for s in found:
            if id(s) not in cited:
                cited.add(id(s))
                game.emit("refer_moved", ("4.1.4.1", "4.1.4"), ctx.get("moved_source"), holomem=game.snap(s),
                          number=s.top.number)
    else:
        raise NotRunnable(f"holomem selector '{where}' is not in the effect language")
    found = [s for s in found if s is not None and s.zone is not None]
    return [s for s in found if holomem_matches(game, s, spec, ctx)]


def holomem_matches(game, s, spec, ctx) -> bool:
    if "name" in spec:
        wanted = set(_list(spec["name"]))
        if not wanted & game.names(s):
            return False
        if game.top_def(s).name not in wanted:      # matched through an "also treated as" name
            ctx.setdefault("cited", set()).add("2.11.2.3")
    if "tag" in spec and not set(_list(spec["tag"])) & set(game.top_def(s).tags):   # 2.6.2
        return False
    if "color" in spec and _list(spec["color"]) == ["all"]:
        if not game.colors(s):          # 2.4.2.3: 'all colours' excludes colourless
            return False
    elif "color" in spec and not set(_list(spec["color"])) & game.colors(s):
        return False
    if "bloom_level" in spec and game.bloom_level(s) not in _list(spec["bloom_level"]):
        return False
    if spec.get("other_than_this") and s is ctx.get("holomem"):
        return False
    if "has_cheer" in spec and bool(game.cheers(s)) != spec["has_cheer"]:
        return False
    if "cheer_min" in spec and len(game.cheers(s)) < int(spec["cheer_min"]):       # 4.4.3
        return False
    if "rested" in spec and bool(s.flags.get("rested")) != spec["rested"]:      # 4.3.2
        return False
    if "damaged" in spec and (s.damage > 0) != spec["damaged"]:                 # 4.4.5, 4.4.5.4
        return False
    if "used_arts_this_turn" in spec and (s.flags.get("arts_turn") == game.turn_number) != spec["used_arts_this_turn"]:
        return False                                                            # 12.3: used an art this turn
    if "baton_min" in spec and len(game.baton_cost(s)) < int(spec["baton_min"]):    # 2.10.1, 10.10.1.4
        return False
    if "hp_left_max" in spec and game.max_hp(s) - s.damage > int(spec["hp_left_max"]):     # 4.4.5.4
        return False
    if "damage_min" in spec and s.damage < int(spec["damage_min"]):             # 4.4.5, 4.4.5.4
        return False
    if "buzz" in spec and bool(game.top_def(s).buzz) != spec["buzz"]:         # 2.5.1: its top card's information
        return False
    if "bloomed_this_turn" in spec and (s.flags.get("bloomed_turn") == game.turn_number) != spec["bloomed_this_turn"]:
        return False                                                            # 8.3.2, 5.28.1
    if "placed_this_turn" in spec and (s.flags.get("placed_turn") == game.turn_number) != spec["placed_this_turn"]:
        return False
    if "not_name" in spec and set(_list(spec["not_name"])) & game.names(s):    # 2.1.2
        return False
    if "cheer_color" in spec and not any(set(_list(spec["cheer_color"])) & c.defn.colors for c in game.cheers(s)):
        return False                                                            # 4.4.7: its cheer
    if "attached" in spec and not any(card_matches(c.defn, spec["attached"]) for c in s.attached
                                      if c.defn.type != "cheer"):               # 5.17.1
        return False
    if "cheer_of" in spec:                                                      # 4.4.7: its cheer
        want = set(_list(spec["cheer_of"]["color"]))
        if sum(1 for c in game.cheers(s) if want & c.defn.colors) < int(spec["cheer_of"].get("min", 1)):
            return False
    if "any_of" in spec and not any(holomem_matches(game, s, alt, ctx) for alt in spec["any_of"]):     # 2.1.2
        return False
    if "color_not_of_oshi" in spec:                     # 2.4: a colour its player's oshi (4.5) does not have
        oshi = game.oshi(s.owner)
        differs = bool(game.colors(s) - set(oshi.defn.colors if oshi is not None else ()))
        if differs != spec["color_not_of_oshi"]:
            return False
    if "single_color" in spec and (len(game.colors(s)) == 1) != bool(spec["single_color"]):
        return False                                    # 2.4: of one colour (colourless is none, 2.4.2.3)
    if "archive_cheer_color" in spec:     # 2.4, 4.14: a colour of a cheer in the effect's player's archive (Q603)
        archived = {c for card in game.zone(ctx["player"], "archive").items if card.defn.type == "cheer"
                    for c in card.defn.colors}
        if bool(game.colors(s) & archived) != spec["archive_cheer_color"]:
            return False
    if "under" in spec and (len(s.cards) < 2 or not card_matches(s.cards[-2].defn, spec["under"])):
        return False                                    # 4.4.8: the holomem card right under the top one
    if "attached_count" in spec:                                                # 5.17.1
        flt = spec["attached_count"].get("filter") or {}
        if sum(1 for c in s.attached if c.defn.type != "cheer" and card_matches(c.defn, flt)) \
                < int(spec["attached_count"]["min"]):
            return False
    if "position" in spec and (s.zone is None or s.zone.name not in _list(spec["position"])):
        return False                                    # 4.7.4, 4.8.4, 4.9.3: where it is now
    return True


def card_matches(defn, spec: dict, cited: set | None = None) -> bool:
    """A card filter (2.15: 'a <information> card' is a card whose information has that content).
    `cited` collects 2.11.2.3 when a name matched only through an "also treated as" name."""
    if not spec:
        return True
    if "name" in spec and cited is not None and defn.name not in _list(spec["name"]) \
            and set(_list(spec["name"])) & defn.names:
        cited.add("2.11.2.3")
    if "type" in spec and defn.type not in _list(spec["type"]):
        return False
    if "sub_type" in spec and defn.sub_type not in _list(spec["sub_type"]):
        return False
    if "bloom_level" in spec and defn.bloom_level not in _list(spec["bloom_level"]):
        return False
    if "buzz" in spec and defn.buzz != spec["buzz"]:
        return False
    if "limited" in spec and defn.limited != spec["limited"]:
        return False
    if "name" in spec and not set(_list(spec["name"])) & defn.names:
        return False
    if "tag" in spec and not set(_list(spec["tag"])) & set(defn.tags):            # 2.6.2
        return False
    if "color" in spec and _list(spec["color"]) == ["all"]:
        if not defn.colors:             # 2.4.2.3: 'all colours' excludes colourless
            return False
    elif "color" in spec and not set(_list(spec["color"])) & defn.colors:
        return False
    if "has_ability" in spec and not set(_list(spec["has_ability"])) & _keywords(defn):      # 13.1.1
        return False
    if "unlimited" in spec and bool(defn.extra.get("unlimited_copies")) != spec["unlimited"]:     # 2.11.2.1
        return False
    if "name_contains" in spec and not any(spec["name_contains"] in n for n in defn.names):       # 2.1
        return False
    if "any_of" in spec and not any(card_matches(defn, f, cited) for f in spec["any_of"]):        # '[X か Y]'
        return False
    return True


def holds(game, cond: dict, ctx) -> bool:
    """A condition: every key must hold (each tested by the function that declares it)."""
    for key, arg in cond.items():
        test = CONDITION_TESTS.get(key)
        if test is None:                # a card encoding is validated before it runs (terms.py)
            raise NotRunnable(f"condition '{key}' is not in the effect language")
        if not test(game, arg, ctx):
            return False
    return True


CONDITION_TESTS = CONDITIONS.impls


@condition("not", "10.3.3", doc="the condition does not hold ('otherwise', the other branch of '... instead': "
           "`{if: {not: C}, ..}` beside `{if: C, ..}`)", arg=Ref("condition", "CONDITION"))
def _not(game, arg, ctx) -> bool:
    """A condition of a text that does not hold (10.3.3: the part of the text it conditions is not
    carried out); written for the other case of a text that does one thing, or 'instead' another."""
    return not holds(game, arg, ctx)


@condition("stage_has", "2.1.2", doc="a holomem matching the selector mapping is on your stage", arg=HOLOMEM_FILTER)
def _stage_has(game, arg, ctx) -> bool:
    return bool(holomems(game, {"where": "stage", **arg}, ctx))      # 2.1.2: 〈name〉 is a card with that name


@condition("center_is", "4.7.4", doc="your centre holomem matches (\"when collabing with 〈name〉\")",
           arg=HOLOMEM_FILTER)
def _center_is(game, arg, ctx) -> bool:
    return bool(holomems(game, {"where": "center", **arg}, ctx))


@condition("attached_to", "5.19.1", "5.17.1", doc="this card is attached to a matching holomem: the ◆ additional "
           "ability", arg=HOLOMEM_FILTER)
def _attached_to(game, arg, ctx) -> bool:
    s = ctx.get("holomem")                          # 5.19.1: added while attached to such a holomem
    return s is not None and holomem_matches(game, s, arg, ctx)


@condition("position", "4.7.4", "4.8.4", "4.9.3", doc="this holomem is at that position now",
           arg=OneOrList(Enum("center", "collab", "back")))
def _position(game, arg, ctx) -> bool:
    s = ctx.get("holomem")
    return s is not None and s.zone is not None and s.zone.name in _list(arg)


@condition("hand_other_min", "10.7.2.4.1", doc="you have at least N cards in hand, the card being played not "
           "counted", arg=Int(minimum=0))
def _hand_other_min(game, arg, ctx) -> bool:
    return _hand_others(game, ctx["player"], ctx) >= int(arg)


@condition("hand_other_max", "10.7.2.4.1", doc="you have at most N cards in hand, the card being played not "
           "counted", arg=Int(minimum=0))
def _hand_other_max(game, arg, ctx) -> bool:
    return _hand_others(game, ctx["player"], ctx) <= int(arg)


@condition("zone_has", "10.7.2.3.7", doc="one of your zones has a matching card (at least `min` of them)", arg=mapping(
    key("zone", "the zone", Enum(*PLAYER_ZONES), required=True),
    key("filter", "only cards matching it", CARD_FILTER),
    key("min", "at least this many ('if you have 6 or more holomems in your archive')", Int(minimum=1),
        default=1),
    key("who", "whose zone: `opponent`: the opponent's ('if there is a support card in it', after looking at "
        "their hand)", WHO, default="own")))
def _zone_has(game, arg, ctx) -> bool:
    flt, need = arg.get("filter") or {}, int(arg.get("min", 1))
    p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
    return sum(1 for c in game.zone(p, arg["zone"]).items if card_matches(c.defn, flt)) >= need


@condition("turn", "7.1.1", doc="it is your turn (`own`) or your opponent's (you: the ability's player)", arg=WHO)
def _turn(game, arg, ctx) -> bool:
    return (arg == "own") == (game.turn_player == ctx["player"])


@condition("step", "7.1.2", doc="it is this step of the turn now ('(相手の)メインステップの間'; with `turn:`, whose turn)",
           arg=Enum("reset", "draw", "cheer", "main", "performance", "end"))
def _step(game, arg, ctx) -> bool:
    return game.step == arg


@condition("taken_is", "5.11.2", "4.1.4.1", doc="a card an earlier `take` step of this effect added to the hand (or "
           "archived) matches the filter ('戻したカードが#ENを持つ時': the card itself, where it went, 4.1.4.1)",
           arg=CARD_FILTER)
def _taken_is(game, arg, ctx) -> bool:
    return any(card_matches(c.defn, arg) for c in ctx.get("taken") or ())


@condition("moved_min", "4.1.4.1", doc="an earlier `put_out` step of this effect put at least N cards onto the stage "
           "('Debutホロメンを2枚出したなら')", arg=Int(minimum=1))
def _moved_min(game, arg, ctx) -> bool:
    return len(ctx.get("moved_cards") or ()) >= int(arg)


@condition("returned_min", "5.5.1", doc="an earlier `return_to_deck` or `return_stacked` step of this effect returned "
           "at least N cards ('ホロメン3枚をデッキに戻したなら')", arg=Int(minimum=1))
def _returned_min(game, arg, ctx) -> bool:
    return int(ctx.get("returned", 0)) >= int(arg)


@condition("attached_min", "5.17.2", doc="earlier `attach` steps of this effect attached at least N cards "
           "('3枚以上付けたなら'; a card over a limit is not attached, 5.17.3.4)", arg=Int(minimum=1))
def _attached_min(game, arg, ctx) -> bool:
    return int(ctx.get("attached_count") or 0) >= int(arg)


@condition("cheer_lead", "4.4.3", "4.6", doc="your stage's cheer less your opponent's stage's cheer is at least `min` "
           "(and at most `max`): '自分のステージのエールの枚数が相手より多い' is `min: 1`, '相手以下' `max: 0`",
           arg=mapping(key("min", "at least this many more (negative: fewer)", Int()),
                       key("max", "at most this many more", Int()), min_properties=1))
def cheer_lead(game, arg, ctx) -> bool:
    lead = stage_cheer_lead(game, ctx["player"])
    return ("min" not in arg or lead >= int(arg["min"])) and ("max" not in arg or lead <= int(arg["max"]))


def stage_cheer_lead(game, p) -> int:
    """The cheer attached to a player's holomems (4.4.3) less those on the opponent's stage (4.6)."""
    def count(q):
        return sum(len(game.cheers(s)) for s in game.stage(q))
    return count(p) - count(game.other(p))


@condition("stage_cheer_color", "4.4.3", "4.4.7", doc="at least `min` cheer of these colours are attached to your "
           "holomems ('自分のステージに青エールが6枚以上あるなら')",
           arg=mapping(key("color", "the colours (one of these)", OneOrList(Enum(*COLORS)), required=True),
                       key("min", "at least this many", Int(minimum=1), default=1)))
def stage_cheer_color(game, arg, ctx) -> bool:
    want = set(_list(arg["color"]))
    n = sum(1 for s in game.stage(ctx["player"]) for c in game.cheers(s) if want & c.defn.colors)
    return n >= int(arg.get("min", 1))


@condition("stage_cheer", "10.4.2.2", doc="at least N cheer are attached to your holomems", arg=Int(minimum=0))
def _stage_cheer(game, arg, ctx) -> bool:
    return sum(len(game.cheers(s)) for s in game.stage(ctx["player"])) >= int(arg)


@condition("both_stages_cheer", "4.4.3", "4.6", doc="at least N cheer are attached to the holomems of both "
           "players' stages together ('お互いのステージのエールが合計N枚以上'; a cheer in an archive is not on a stage, Q411)",
           arg=Int(minimum=0))
def _both_stages_cheer(game, arg, ctx) -> bool:
    return sum(len(game.cheers(s)) for p in game.PLAYERS for s in game.stage(p)) >= int(arg)


@condition("archive_cheer_colors", "2.4", "4.14", doc="the cheer of the archives have at least N different colours "
           "('お互いのアーカイブのエール1色につき': both players' archives; a cheer of two colours counts each)",
           arg=mapping(key("min", "at least this many colours", Int(minimum=1), required=True),
                       key("who", "whose archives: yours, your opponent's or both", Enum("own", "opponent", "both"),
                           default="own")))
def _archive_cheer_colors(game, arg, ctx) -> bool:
    who = arg.get("who", "own")
    players = game.PLAYERS if who == "both" else (
        [ctx["player"]] if who == "own" else [game.other(ctx["player"])])
    colors = {c for p in players for card in game.zone(p, "archive").items if card.defn.type == "cheer"
              for c in card.defn.colors}
    return len(colors) >= int(arg["min"])


@condition("holomem_cheer_colors", "2.4", "2.4.4", "4.4.3", doc="the cheer attached to the holomems `on` names, "
           "all together, have at least N different colours ('自分の#Justiceを持つ[センターホロメンとコラボホロメン]に異なる色の"
           "エールが付いているなら': `min: 2`, two cheer not of the same colour, 2.4.4; a cheer of two colours counts each; "
           "an interpretation, docs/rulings.md)",
           arg=mapping(key("on", "the holomems whose cheer are looked at, together", SELECTOR, required=True),
                       key("min", "at least this many colours", Int(minimum=1), default=2)))
def _holomem_cheer_colors(game, arg, ctx) -> bool:
    colors = {c for s in holomems(game, arg["on"], ctx) for card in game.cheers(s) for c in card.defn.colors}
    return len(colors) >= int(arg.get("min", 2))


@condition("oshi_is", "2.1.2", doc="your oshi holomem has that name (or colour: '自分の推しホロメンの色が紫の時')",
           arg=mapping(key("name", "the name (or one of the names)", NAMES),
                       key("color", "the colour (or one of the colours)", OneOrList(Enum(*COLORS)), "2.4")))
def _oshi_is(game, arg, ctx) -> bool:
    oshi = game.oshi(ctx["player"])
    if oshi is None or not arg:
        return False
    if "name" in arg and not set(_list(arg["name"])) & oshi.defn.names:
        return False
    return "color" not in arg or bool(set(_list(arg["color"])) & oshi.defn.colors)         # 2.4


POSITION_RULES = {"center": "4.7.4", "collab": "4.8.4", "back": "4.9.3"}


@condition("life_max", "4.10", doc="you have at most N life cards", arg=Int(minimum=0))
def life_max(game, arg, ctx) -> bool:
    """'if your life is N or less': the cards of the life area (4.10)."""
    return len(game.zone(ctx["player"], "life").items) <= int(arg)


@condition("life_fewer_than_opponent", "4.10", doc="you have fewer life cards than your opponent ('自分のライフが相手より"
           "少ない'); `false`: not fewer", arg=Bool())
def life_fewer_than_opponent(game, arg, ctx) -> bool:
    """'only while your life is less than your opponent's': the cards of each life area (4.10)."""
    p = ctx["player"]
    fewer = len(game.zone(p, "life").items) < len(game.zone(game.other(p), "life").items)
    return fewer == bool(arg)


@condition("life_at_most_opponent", "4.10", doc="you have no more life cards than your opponent ('自分のライフが"
           "相手以下': the same number holds, Q427); `false`: more", arg=Bool())
def life_at_most_opponent(game, arg, ctx) -> bool:
    """'if your life is at most your opponent's': the cards of each life area (4.10); equal holds (Q427)."""
    p = ctx["player"]
    at_most = len(game.zone(p, "life").items) <= len(game.zone(game.other(p), "life").items)
    return at_most == bool(arg)


@condition("stage_count", "4.6", doc="the number of holomems on your stage (matching `filter`) is at least `min` "
           "and at most `max` ('自分のステージのホロメンが5人以下', '異なるカード名の#ReGLOSSを持つホロメンが3人以上')",
           arg=mapping(key("filter", "only holomems matching the selector mapping", HOLOMEM_FILTER),
                       key("min", "at least this many", Int(minimum=0)),
                       key("max", "at most this many", Int(minimum=0)),
                       key("distinct_names", "count card names, not holomems ('異なるカード名の')", Bool(), "2.1"),
                       key("distinct_colors", "count the colours they have, each once ('異なる色のホロメンが2人以上': with "
                           "`filter: {single_color: true}`)", Bool(), "2.4")))
def stage_count(game, arg, ctx) -> bool:
    """'if you have N or more (or fewer) holomems on your stage': the holomems of the stage (4.6);
    `distinct_names`: holomems of different card names count once each (2.1); `distinct_colors`: the
    colours they have, each once (2.4)."""
    found = holomems(game, {"where": "stage", **(arg.get("filter") or {})}, ctx)
    n = len({game.top_def(s).name for s in found}) if arg.get("distinct_names") else \
        len(set().union(*(game.colors(s) for s in found))) if arg.get("distinct_colors") else len(found)
    return n >= int(arg.get("min", 0)) and ("max" not in arg or n <= int(arg["max"]))


@condition("counted", "4.4.5", "4.6", "10.7.2.5.4", doc="what a 'for each' would count now is at least `min` (and "
           "at most `max`): '相手のバックホロメン全員のHPが合計80以上減っているなら' (`per: {what: damage, on: "
           "opponent_back}, min: 80`), 'このターンに自分が#食べ物を持つイベントカードを2枚以上使っていたなら' (`per: "
           "{what: used, filter: ..}, min: 2`)",
           arg=mapping(key("per", "what is counted, as a `per:` counts it (its `every` and `max` apply)", PER,
                           required=True),
                       key("min", "at least this many", Int(minimum=0)),
                       key("max", "at most this many", Int(minimum=0))))
def counted(game, arg, ctx) -> bool:
    """A number read from the board (the damage taken, added up, 4.4.5; holomems, 4.6; the cards used
    this turn, 10.7.2.5.4) compared with the text's number."""
    from .verbs import per_times                  # (verbs builds on this module)
    n = per_times(game, arg["per"], ctx)
    return n >= int(arg.get("min", 0)) and ("max" not in arg or n <= int(arg["max"]))


@condition("stage_all", "4.6", doc="every holomem on your stage matches the selector mapping (and you have one)",
           arg=HOLOMEM_FILTER)
def stage_all(game, arg, ctx) -> bool:
    """'if every holomem on your stage is a #tag holomem': the holomems of the stage (4.6)."""
    everyone = holomems(game, "stage", ctx)
    return bool(everyone) and len(holomems(game, {"where": "stage", **arg}, ctx)) == len(everyone)


@condition("second_first_turn", "6.2.1.5", "7.1.1", doc="you went second and this is your first turn",
           arg=Bool())
def second_first_turn(game, arg, ctx) -> bool:
    """'if you are going second and it is your first turn': the player who was not chosen to go first
    (6.2.1.5), in the first turn that is theirs (7.1.1)."""
    p = ctx["player"]
    holds = p != game.first_player and game.turn_player == p and game.turns_taken.get(p) == 1
    return holds == bool(arg)


@condition("hand_fewer_than_opponent", "4.13", doc="you have fewer cards in hand than your opponent (the same "
           "number is not fewer)", arg=Bool())
def hand_fewer_than_opponent(game, arg, ctx) -> bool:
    """'if you have fewer cards in hand than your opponent': the cards of each hand (4.13), counted
    as the text resolves; equal is not fewer (Q291, Q295)."""
    p = ctx["player"]
    fewer = len(game.zone(p, "hand").items) < len(game.zone(game.other(p), "hand").items)
    return fewer == bool(arg)


@condition("deck_archived_this_turn", "5.12.1", "4.11", doc="at least N cards went from your deck to your archive "
           "this turn, by any rule or ability ('このターンに自分のデッキからカードをN枚以上アーカイブしていたなら')",
           arg=Int(minimum=1))
def deck_archived_this_turn(game, arg, ctx) -> bool:
    """'if you archived N or more cards from your deck this turn': counted as each card moves (game._apply_move);
    the count starts again at its player's turn start (7.1.1)."""
    return game.facts[ctx["player"]].get("deck_archived", 0) >= int(arg)


@condition("arts_used_by_name", "12.3.3", "9.2.1.5", doc="a holomem of yours with this name (one of these) used an "
           "art this turn, whatever has happened to it since ('このターンに自分の〈X〉がアーツを使っていたなら')",
           arg=NAMES)
def arts_used_by_name(game, arg, ctx) -> bool:
    """'if your <X> used an art this turn': the names its holomems had when they used their arts (12.3.3),
    recorded as each art is used (actions._apply_art), counted from its player's turn start."""
    wanted = {arg} if isinstance(arg, str) else set(arg)
    return bool(wanted & game.facts[ctx["player"]].get("arts_names", frozenset()))


@condition("stage_fewer_than_opponent", "4.6", doc="you have fewer holomems on your stage than your opponent has on "
           "theirs (the same number is not fewer; '自分のステージのホロメンが相手より少ないなら')", arg=Bool())
def stage_fewer_than_opponent(game, arg, ctx) -> bool:
    """'if your stage has fewer holomems than your opponent's': the holomems of each stage (4.6), counted
    as the text resolves; equal is not fewer."""
    p = ctx["player"]
    fewer = len(game.stage(p)) < len(game.stage(game.other(p)))
    return fewer == bool(arg)


@condition("used_this_turn", "10.7.2.5", "10.7.2.5.4", doc="you used a card matching the filter this turn (a "
           "support card: its text was resolved, whatever its die showed, Q50)", arg=CARD_FILTER)
def used_this_turn(game, arg, ctx) -> bool:
    """'if you used a (support card / #tag event) this turn': the cards whose 'used' event (10.7.2.5,
    10.7.2.5.4) its player had this turn."""
    turn, numbers = game.facts[ctx["player"]].get("used_cards") or (None, ())
    if turn != game.turn_number or not numbers:
        return False
    defs = {c.number: c.defn for c in game.cards.values() if c.number in numbers}
    return any(card_matches(d, arg) for d in defs.values())


@condition("unused_this_turn", "10.7.2.5", "10.7.2.5.4", doc="you have not used a card matching the filter this "
           "turn ('自分の〈X〉はターンに1回しか使えない' on a support)", arg=CARD_FILTER)
def unused_this_turn(game, arg, ctx) -> bool:
    """The other side of `used_this_turn`: no card matching the filter was used this turn."""
    return not used_this_turn(game, arg, ctx)


@on_event("used")
def note_used(game, ev):
    """10.7.2.5.4: the cards used this turn, by number (a set: using the same card again leaves the
    state as it was, 14.x), for `used_this_turn`."""
    card = ev.data.get("card")
    if card is not None and ev.data.get("what") == "support":      # a card used, not an ability
        facts = game.facts[ev.data["player"]]
        turn, numbers = facts.get("used_cards") or (None, ())
        numbers = numbers if turn == game.turn_number else ()
        facts["used_cards"] = (game.turn_number, tuple(sorted({*numbers, card.number})))
        # each use counted, copies of one card too ('このターンに自分が使っていたイベント1枚につき')
        turn, uses = facts.get("used_list") or (None, ())
        uses = uses if turn == game.turn_number else ()
        facts["used_list"] = (game.turn_number, uses + (card.number,))


@condition("die_rolled_this_turn", "5.24.1", doc="this turn its player rolled a die for an ability of their holomem "
           "of this name (any one of that name, Q313: 'このターンに自分の〈X〉の能力でサイコロを振っていた'). `name`: "
           "the name (or one of the names)", arg=mapping(key("name", "the name (or one of the names)", NAMES,
                                                             required=True)))
def die_rolled_this_turn(game, arg, ctx) -> bool:
    turn, names = game.facts[ctx["player"]].get("dice_for") or (None, ())
    return turn == game.turn_number and bool(set(_list(arg["name"])) & set(names))


@on_event("die_for")
def note_die_for(game, ev):
    """5.24.1: the names of the holomems whose abilities rolled a die this turn (die_rolled_this_turn)."""
    facts = game.facts[ev.data["player"]]
    turn, names = facts.get("dice_for") or (None, ())
    names = names if turn == game.turn_number else ()
    facts["dice_for"] = (game.turn_number, tuple(sorted({*names, *ev.data["names"]})))


@condition("made_active_by_skill", "5.2.2", "12.1.5.4", doc="this turn this holomem, resting, was made active by its "
           "player's oshi skill of this name ('このターンにこのホロメンが自分の推しスキル「X」でアクティブになっていたなら'; "
           "the skill finding no resting holomem made none active, Q548): the skill's name", arg=NAMES)
def made_active_by_skill(game, arg, ctx) -> bool:
    s = ctx.get("holomem")
    turn, names = (s.flags.get("active_by_skill") if s is not None else None) or (None, ())
    return turn == game.turn_number and bool(set(_list(arg)) & set(names))


@condition("any_bloomed_this_turn", "5.14.1", "8.3.4", doc="a holomem of yours bloomed this turn (any one, Q485; "
           "or, false, none did)", arg=Bool())
def any_bloomed_this_turn(game, arg, ctx) -> bool:
    """'if a holomem of yours bloomed this turn': a bloom (8.3.4, 5.14.1) of its player's this turn."""
    did = game.facts[ctx["player"]].get("bloomed_turn") == game.turn_number
    return did == bool(arg)


@condition("downing_damage", "11.3.1.1", "4.4.5.4", doc="(in down processing) the holomem being downed was brought "
           "down by damage of this kind that exceeded its remaining HP by at least `over_min` ('与えたダメージが残りHPを"
           "50以上オーバーしていれば')", arg=mapping(
               key("kind", "the damage's kind", Enum("arts", "special")),
               key("over_min", "by how much at least it exceeded the remaining HP it had", Int(minimum=1),
                   default=1)))
def downing_damage(game, arg, ctx) -> bool:
    s = ctx.get("downed")
    last = s.flags.get("last_damage") if s is not None else None
    if not last or s.flags.get("down"):
        return False
    kind, over = last
    return ("kind" not in arg or arg["kind"] == kind) and over >= int(arg.get("over_min", 1))


@condition("stacked_max", "4.4.8", doc="this holomem has at most N stacked holomem cards (the holomem cards under "
           "its top card; 0: none, Q573)", arg=Int(minimum=0))
def stacked_max(game, arg, ctx) -> bool:
    """'if N (or fewer) holomems are stacked on this holomem': the holomem cards under its top card (4.4.8)."""
    s = ctx.get("holomem")
    return s is not None and sum(1 for c in s.cards[:-1] if c.defn.type == "holomem") <= int(arg)


@condition("die_vs_life", "5.24.1", "4.10", doc="the result of the die this effect rolled is at least (`at_least`) "
           "or at most (`at_most`) your life", arg=Enum("at_least", "at_most"))
def die_vs_life(game, arg, ctx) -> bool:
    """'if the result is your life or more / or less': the value of the die the effect rolled (5.24.1:
    the text that follows refers to it) against the cards of its player's life area (4.10)."""
    value = ctx.get("die")
    if value is None:
        return False                    # no die rolled by this effect: no result to compare
    life = len(game.zone(ctx["player"], "life").items)
    return value >= life if arg == "at_least" else value <= life


@condition("sp_oshi_skill_used", "8.5.1.2", "12.1.2", "7.1.2", doc="you have used your SP oshi skill in this game "
           "(`true`; `false`: not yet); or, a mapping: the skill of this `name` ('このゲーム中に、自分のSP推しスキル「X」"
           "を使っていたなら'), used `this_turn`, in the `step` of this turn named ('このターンの自分のメインステップに"
           "自分のSP推しスキルを使っていた')", arg=Either(Bool(), mapping(
               key("name", "the SP oshi skill of this name (the one its player's oshi has, 12.1.2)", Text("NAME")),
               key("this_turn", "used this turn", Bool(), "7.1.2"),
               key("step", "used in this step of this turn (so, this turn)", Enum("reset", "draw", "cheer", "main",
                                                                                 "performance", "end"), "7.1.2"))))
def sp_oshi_skill_used(game, arg, ctx) -> bool:
    """'if you have used your SP oshi skill in this game': an SP oshi skill is an oshi skill (12.1.2)
    used at most once a game (8.5.1.2); the game remembers that its player has used one, and the turn
    and step it was used in. The skill of a name was used when the oshi's SP oshi skill has that name
    and it was used."""
    used = sp_skill_used_up(game, ctx["player"])
    if not isinstance(arg, dict):
        return used == bool(arg)
    if not used:
        return False
    if arg.get("name") is not None:
        oshi = game.oshi(ctx["player"])
        skill = (oshi.defn.sp_oshi_skill or {}) if oshi is not None else {}
        if arg["name"] not in (skill.get("name"), skill.get("name_en")):
            return False
    if arg.get("this_turn") or arg.get("step"):
        at = game.facts[ctx["player"]].get("sp_used_at")
        if not at or at[0] != game.turn_number or (arg.get("step") and at[1] != arg["step"]):
            return False
    return True


def sp_skill_used_up(game, p, key="sp_oshi_skill") -> bool:
    """8.5.1.2: the skill `key` of its player's oshi is an SP oshi skill, and its player has used one in
    this game (it is usable once a game)."""
    return key == "sp_oshi_skill" and bool(game.game_facts[p]["sp_oshi_skill_used"])


@condition("oshi_skill_named_this_turn", "8.5.1.1", "12.1.1", doc="you have used, this turn, your oshi skill of "
           "this name ('このターンに自分の推しスキル「X」を使っていたなら')", arg=Text("NAME"))
def oshi_skill_named_this_turn(game, arg, ctx) -> bool:
    """An oshi skill is used at most once a turn (8.5.1.1), the one its player's oshi has."""
    oshi = game.oshi(ctx["player"])
    skill = (oshi.defn.oshi_skill or {}) if oshi is not None else {}
    return bool(game.facts[ctx["player"]]["oshi_skill_used"]) and arg in (skill.get("name"), skill.get("name_en"))


@condition("downed", "11.3.1.1", doc="in down processing ('when this holomem downs the opponent's centre "
           "holomem'): the holomem being downed matches the selector mapping, from this card's side (`who: "
           "opponent` for the opponent's)", arg=HOLOMEM_FILTER)
def downed(game, arg, ctx) -> bool:
    """11.3.1.1: the 'when downed' / 'when downs' actions are carried out while the downed holomem is
    still where it was: which one it is is read there."""
    s = ctx.get("downed")
    return s is not None and s in holomems(game, {"where": "stage", **arg}, ctx)


@condition("revealed_has", "5.11.1", doc="a card an earlier `reveal_deck_top` of this text revealed matches the "
           "filter ('その中にイベントがあるなら')", arg=CARD_FILTER)
def revealed_has(game, arg, ctx) -> bool:
    return any(card_matches(d, arg) for d in ctx.get("revealed") or ())


@condition("downed_last_opponent_turn", "11.3.1", "7.1.1", doc="a holomem of yours was downed in your opponent's "
           "turn just before this one ('直前の相手のターンに自分のホロメンがダウンしていたなら'); `false`: none was; a "
           "card filter: one whose top card matched it was ('直前の相手のターンに自分の#FLOW GLOWを持つホロメンが"
           "ダウンしていたなら', 'ダウンしていた自分のホロメンが〈X〉なら')", arg=Either(Bool(), CARD_FILTER))
def downed_last_opponent_turn(game, arg, ctx) -> bool:
    """11.3.1: the turns in which a holomem of the player was downed; the opponent's turn just before
    this one is the previous turn when it was the opponent's (7.1.1). With a card filter: the top card
    the downed holomem had when it was downed (its information then, 11.3.1)."""
    p = ctx["player"]
    prev = game.turn_number - (1 if game.turn_player == p else 2)
    if isinstance(arg, dict):
        return any(turn == prev and card_matches(game.db.get(number), arg)
                   for turn, number in game.game_facts[p].get("downed_cards", ()))
    return (prev in game.game_facts[p].get("downed_turns", ())) == bool(arg)


@on_event("down")
def note_downed(game, ev):
    """11.3.1: remember the turn in which a holomem of this player was downed in the opponent's turn,
    and the top card it had."""
    p = ev.data["player"]
    if game.turn_player != p:
        turns = game.game_facts[p].get("downed_turns", ())
        if game.turn_number not in turns:
            game.game_facts[p]["downed_turns"] = (*turns, game.turn_number)
        if ev.data.get("number"):
            game.game_facts[p]["downed_cards"] = (*game.game_facts[p].get("downed_cards", ()),
                                                  (game.turn_number, ev.data["number"]))


@condition("returned_to_deck_this_turn", "5.5.1", "4.6", doc="a holomem of yours went from the stage back to the deck "
           "this turn, by any ability ('このターンに自分のホロメンがステージからデッキに戻っていたなら'); `false`: none did",
           arg=Bool())
def returned_to_deck_this_turn(game, arg, ctx) -> bool:
    """5.5.1: the turn is noted when a holomem leaves the stage for the deck (Game._apply_leave_stage)."""
    return (game.facts[ctx["player"]].get("returned_to_deck_turn") == game.turn_number) == bool(arg)


@condition("stage_cheer_archived_this_turn", "5.12.1", "4.6", doc="a cheer attached to a holomem of your stage was "
           "archived this turn, by any means (a cost, an ability, the baton pass, with its holomem leaving the stage: "
           "'このターンに自分のステージのエールがアーカイブされていたなら'); `false`: none was", arg=Bool())
def stage_cheer_archived_this_turn(game, arg, ctx) -> bool:
    """5.12.1: the turn is noted when a cheer moves from a stage zone to the archive (Game._apply_move)."""
    return (game.facts[ctx["player"]].get("stage_cheer_archived_turn") == game.turn_number) == bool(arg)


@condition("life_lost_this_step", "11.5.1", "7.1.2", doc="your life decreased in the step under way of this turn "
           "(a life card of yours was sent by life damage processing: 'そのパフォーマンスステップに自分のライフが減って"
           "いたら', read when the step ends, Q339); `false`: it did not", arg=Bool())
def life_lost_this_step(game, arg, ctx) -> bool:
    """11.5.1: life decreases when life damage processing sends its top card; 7.1.2: the step it
    happened in, in this turn."""
    lost = game.game_facts[ctx["player"]].get("life_lost_in")
    return (lost == (game.turn_number, game.step)) == bool(arg)


@condition("art_target", "12.3.3.2", doc="(inside an art) the art's target matches the selector mapping, from this "
           "card's side (`who: opponent`: 'このアーツの対象が相手の2ndホロメンなら')", arg=HOLOMEM_FILTER)
def art_target(game, arg, ctx) -> bool:
    """12.3.3.2: the target chosen when the art was used."""
    t = ctx.get("target")
    return t is not None and t in holomems(game, {"where": "stage", **arg}, ctx)


@condition("stage_cheer_fewer_than_opponent", "4.4.3", "4.6", doc="fewer cheer are attached to your holomems than "
           "to your opponent's ('自分のステージのエールの枚数が相手より少ない'); `false`: not fewer", arg=Bool())
def stage_cheer_fewer_than_opponent(game, arg, ctx) -> bool:
    p = ctx["player"]
    mine, theirs = (sum(len(game.cheers(s)) for s in game.stage(q)) for q in (p, game.other(p)))
    return (mine < theirs) == bool(arg)


def condition_rules(cond) -> tuple:
    """The rules a condition applies, cited when an ability that has it triggers or is used: each
    condition's own rules as it is declared (a position: the rules of the positions it names)."""
    out = []
    declared = VOCAB.named("condition").terms
    for key, arg in (cond or {}).items():
        if key == "position":
            out += [POSITION_RULES[w] for w in _list(arg) if w in POSITION_RULES]
        elif key in declared:
            out += declared[key].rules
        if isinstance(arg, dict) and "attached" in arg:   # 5.17.1: a card attached to a holomem
            out.append("5.17.1")
        if isinstance(arg, dict) and "under" in arg:      # 4.4.8: the stacked holomem cards
            out.append("4.4.8")
        if isinstance(arg, dict) and "cheer_color" in arg:    # 4.4.7: the cheer a holomem has
            out.append("4.4.7")
        if isinstance(arg, dict) and ("name" in arg or "not_name" in arg):   # 2.1.2: 〈name〉 is a card name
            out.append("2.1.2")
        if isinstance(arg, dict) and "tag" in arg:    # 2.6.1-2.6.2: tags mean nothing but what text reads
            out += ["2.6.1", "2.6.2"]
        if isinstance(arg, dict) and _list(arg.get("color", [])) == ["all"]:
            out.append("2.4.2.3")
    return tuple(out)


def _hand_others(game, p, ctx) -> int:
    """Cards in hand not counting the card being played."""
    hand = game.zone(p, "hand").items
    return len(hand) - (1 if ctx.get("card") in hand else 0)


def _list(x):
    return x if isinstance(x, (list, tuple)) else [x]
