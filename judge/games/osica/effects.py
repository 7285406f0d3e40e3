"""Texts and their effects: using a text (its condition, its cost, its targets: kw.entry.1,
kw.appeal.1, kw.action.1, partial.2), the verbs of effects (each declared with its rules and
argument, terms.py), the conditions of 《結束》《設計》, ranks and light orbs, targets and 〔スルー〕, and
the texts that wait to be used (the order: simultaneous.1-3, yell.7)."""
from __future__ import annotations

from judge.core.decisions import Option
from judge.core.terms import Bool, Enum, Int, Text
from judge.core.terms import mapping

from .state import STAGE
from .terms import CONDITION, N, N1, SIGNED, TARGET, TIMING_RULES, VOCAB, key, verb

YES_NO = [Option("yes", True, keys=("yes", "use", "true")), Option("no", False, keys=("no", "skip", "false"))]
OPTIONAL = {"entry": True, "appeal": True, "action": False, "play": False, "counter": True, "cheered": False,
            "compounded": False, "decoded": False, "performed": False, "communed": False, "stolen": False,
            "turn_end": False, "keyword": False}
OPTIONAL_RULES = {"entry": ("kw.entry.2", "main.9"), "appeal": ("kw.appeal.2",), "counter": ("kw.counter.2",)}


# ------------------------------------------------------------------ positions and targets
def position(card) -> str:
    return f"{card.owner}.{card.zone.name}"


def card_option(card) -> Option:
    return Option(f"{position(card)} {card.number}", card.id, keys=(card.number, card.defn.name, position(card)))


def candidates(game, ctx, spec: dict) -> list:
    """The characters a target names (chara.1: cards of the stage and assist area; supports too
    when `where` says assist... a support is not a character, chara.2)."""
    me = ctx["player"]
    if spec.get("self"):
        card = ctx["source"]
        return [card] if card.zone.name in STAGE + ("assist",) else []
    side = spec.get("choose") or spec.get("all")
    players = {"own": [me], "opponent": [game.other(me)]}.get(side, [me, game.other(me)])
    where = spec.get("where", "both")
    if spec.get("facing"):          # stage.9-11: the area facing the appealing card's
        from .state import FACING
        appealer = ctx.get("appealer") or ctx["source"]
        if appealer.zone.name not in STAGE:
            return []
        facing = game.ps(game.other(me)).chara(FACING[appealer.zone.name])
        return [facing] if facing is not None and (facing.owner == me or not facing.defn.kw.get("through")) else []
    out = []
    for p in players:
        ps = game.ps(p)
        pool = (ps.stage() if where in ("stage", "both") else []) + (ps.assist() if where in ("assist", "both") else [])
        for c in pool:
            if c.defn.kind != "character":
                continue
            if spec.get("standing") and c.rested or spec.get("rested") and not c.rested:
                continue
            if "choose" in spec and c.owner != me and c.defn.kw.get("through"):
                continue                # kw.through.1-2 (own: kw.through.4; `all` chooses nothing: .3)
            out.append(c)
    return out


def targets(game, ctx, spec: dict, rules: tuple):
    """The cards a step acts on: one chosen, or all (a procedure)."""
    found = candidates(game, ctx, spec)
    if "choose" not in spec:
        shielded = [c.number for c in found if c.owner != ctx["player"] and c.defn.kw.get("through")]
        if shielded:            # an effect that chooses nothing affects a card with 〔スルー〕 too
            game.emit("affects", rules + ("kw.through.3",), ctx["source"].number, cards=shielded)
        return found
    if not found:
        return []
    through = any(c.owner != ctx["player"] and c.defn.kw.get("through")
                  for p in game.PLAYERS for c in game.ps(p).in_play())
    why = rules + (("kw.through.1", "kw.through.2") if through else ()) + \
        (("kw.through.4",) if any(c.defn.kw.get("through") for c in found) else ())
    picked = yield from game.ask(ctx["player"], "target", "choose a character", why,
                                 [card_option(c) for c in found])
    ctx["chosen"] = game.cards[picked]
    return [game.cards[picked]]


def needs_target(step: dict) -> dict | None:
    for value in step.values():
        if isinstance(value, dict) and "choose" in value:
            return value
        if isinstance(value, dict) and isinstance(value.get("target"), dict) and "choose" in value["target"]:
            return value["target"]
    return None


# ------------------------------------------------------------------ conditions
def holds(game, player, cond: dict | None, ctx=None) -> bool:
    if not cond:
        return True
    ps = game.ps(player)
    for name, arg in cond.items():
        if name == "unity_name":     # kw.unity-name.1 (a limit-break card is no card of the area: appeal.18)
            if sum(c.defn.name == arg["name"] for c in ps.in_play()) < arg["count"]:
                return False
        elif name == "unity_tag":    # kw.unity-tag.1
            if sum(arg["tag"] in c.defn.tags for c in ps.in_play()) < arg["count"]:
                return False
        elif name == "design":       # kw.design.1-2: any 《設計》 card counts
            if sum(bool(c.defn.kw.get("design")) for c in ps.zones["drop"].items) < arg:
                return False
        elif name == "rank":         # kw.rank.3
            if ps.ranks.get(arg["name"], 0) < arg["at_least"]:
                return False
        elif name == "light_orb":    # kw.light-orb.3
            if (ps.orb or ps.orb_turn) != arg:
                return False
    return True


CONDITION_RULES = {"unity_name": ("kw.unity-name.1", "kw.brackets.1", "appeal.18"),
                   "unity_tag": ("kw.unity-tag.1", "kw.brackets.2", "appeal.18"),
                   "design": ("kw.design.1", "kw.design.2"),
                   # a rank not changed yet is 0 (kw.rank.4), each player's and each name's apart (.5, .6)
                   "rank": ("kw.rank.3", "kw.rank.4", "kw.rank.5", "kw.rank.6", "kw.rank.7"),
                   "light_orb": ("kw.light-orb.3", "kw.light-orb.4", "kw.light-orb.6", "kw.light-orb.7")}


def condition_rules(cond) -> tuple:
    return tuple(r for name in (cond or {}) for r in CONDITION_RULES[name])


def pick(game, player, kind, prompt, rules, cards, n):
    """`player` chooses exactly `n` of `cards` (their own hidden cards: the choice is theirs to see);
    returns the cards (a procedure)."""
    picked = yield from game.ask(player, kind, prompt, tuple(rules),
                                 [Option(c.number, c.id, keys=(c.number, c.defn.name)) for c in cards],
                                 many=True, min_pick=n, max_pick=n, private=player)
    return [game.cards[i] for i in picked]


# ------------------------------------------------------------------ costs
def can_pay(game, player, x) -> bool:
    return len(game.zone(player, "cost").items) >= x


def pay(game, player, x: int, rules: tuple, source=None):
    """cost.7, cost.8: X cards of the cost area, chosen, to the drop area; never more (cost.11)."""
    if not x:
        return
    cost = game.zone(player, "cost").items
    if len({c.number for c in cost}) <= 1:
        paying = cost[:x]           # alike cards: any of them (cost.4)
    else:
        paying = yield from pick(game, player, "pay", f"pay {x} cost", ("cost.8",), list(cost), x)
    for card in paying:
        game.move(card, "drop", ("cost.1", "cost.7", "cost.8", "cost.11") + tuple(rules), source=source)


# ------------------------------------------------------------------ using a text
def usable(game, player, card, ability, paid=False) -> list:
    """Why a text cannot be used now (empty: it can): its condition, its cost, its targets (partial.2)."""
    why = []
    if not holds(game, player, ability.get("if")):
        why += list(condition_rules(ability.get("if")))
    if not paid and not can_pay(game, player, ability.get("cost", 0)):
        why += ["partial.2", "cost.11"]
    ctx = {"player": player, "source": card}
    for step in ability["do"]:
        spec = needs_target(step)
        if spec is not None and not candidates(game, ctx, spec):
            why += ["partial.2"]
            if spec.get("choose") in ("opponent", "any") and any(
                    c.defn.kw.get("through") for c in game.ps(game.other(player)).in_play()):
                why += ["kw.through.1", "kw.through.2"]     # only a card no opponent's text may choose
            break
    return why


def use_text(game, player, card, index, ability, *, rules=(), ctx=None, paid=False):
    """Use one text: condition (《結束》 and the like apply the text only when they hold), the choice
    not to use it where its timing allows (kw.entry.2, kw.appeal.2), its cost (cost.7) and its
    steps (partial.1). Returns whether it was used (a procedure)."""
    timing = ability["timing"]
    rules = tuple(rules) + TIMING_RULES[timing]
    why = usable(game, player, card, ability, paid)
    if why:
        game.emit("text_not_used", rules + tuple(why), card.number, player=player, card=card.number, text=index,
                  why=why)
        return False
    cond = condition_rules(ability.get("if"))
    if timing == "entry" and any(k.startswith("unity") for k in ability.get("if") or {}):
        cond += ("main.10",)            # the entering card counts for its own 《結束》
    if ability.get("optional", OPTIONAL[timing]):
        may = rules + tuple(ability.get("optional_rules", OPTIONAL_RULES.get(timing, ())))
        use = yield from game.ask(player, "use", f"use {card.number}'s {ability.get('name', timing)} "
                                  f"(cost {ability.get('cost', 0)})?", may, list(YES_NO), ask_always=True)
        if not use:
            game.emit("text_declined", may, card.number, player=player, card=card.number, text=index)
            return False
    if not paid:
        yield from pay(game, player, ability.get("cost", 0), rules, card.number)
    game.emit("text_used", rules + cond, card.number, player=player, card=card.number, text=index,
              cost=ability.get("cost", 0))
    ctx = dict(ctx or {}, player=player, source=card, rules=rules)
    yield from run_steps(game, ability["do"], ctx)
    return True


def run_steps(game, steps, ctx):
    for step in steps:
        if game.over:
            return
        if "if" in step and not holds(game, ctx["player"], step["if"]):
            game.emit("step_skipped", ctx["rules"] + condition_rules(step["if"]), ctx["source"].number,
                      player=ctx["player"])
            continue
        name = next(k for k in step if k != "if")
        fn = VOCAB.named("step").impls[name]
        yield from fn(game, step[name], step, ctx)
        yield from game.settle()


# ------------------------------------------------------------------ waiting texts
class Waiting:
    """A text waiting to be used: its card, which text, and what made it wait."""

    __slots__ = ("card", "index", "ability", "ctx", "rules")

    def __init__(self, card, index, ability, ctx, rules):
        self.card, self.index, self.ability, self.ctx, self.rules = card, index, ability, ctx, rules


def trigger(game, player, card, timing: str, rules: tuple, ctx=None) -> int:
    """The card's texts of this timing wait to be used (the assumption effect.timing)."""
    n = 0
    for index, ability in card.defn.texts(timing):
        game.waiting[player].append(Waiting(card, index, ability, dict(ctx or {}), tuple(rules)))
        game.emit("triggered", tuple(rules) + TIMING_RULES[timing] + ("effect.timing",), card.number,
                  player=player, card=card.number, timing=timing, text=index)
        n += 1
    return n


def entered(game, card, rules: tuple):
    """kw.entry.1: a card came onto its player's stage or assist area from elsewhere; not with AP 0
    or less (chara.6, kw.entry.4)."""
    if not card.defn.texts("entry"):
        return
    if card.defn.kind == "character" and card.ap <= 0:
        game.emit("no_entry", ("chara.6", "kw.entry.4"), card.number, player=card.owner, card=card.number, ap=card.ap)
        return
    trigger(game, card.owner, card, "entry", rules)


def resolve_waiting(game, player):
    """simultaneous.1-2 (yell.7): the player orders their own waiting texts, one at a time."""
    waiting = game.waiting[player]
    if len(waiting) > 1:
        pick = yield from game.ask(player, "order", "which text to use first",
                                   ("simultaneous.1", "simultaneous.2") + waiting[0].rules,
                                   [Option(f"{w.card.number} {w.ability.get('name', w.ability['timing'])}", i,
                                           keys=(w.card.number, w.ability.get("name", w.ability["timing"])))
                                    for i, w in enumerate(waiting)], ask_always=True)
    else:
        pick = 0
    w = waiting.pop(pick)
    if w.card.zone is None or (w.ability["timing"] == "entry" and w.card.zone.name not in STAGE + ("assist",)):
        game.emit("text_not_used", w.rules + ("partial.2",), w.card.number, player=player, card=w.card.number,
                  text=w.index, why=["the card left"])
        return
    yield from use_text(game, player, w.card, w.index, w.ability, rules=w.rules, ctx=w.ctx)


# ------------------------------------------------------------------ verbs
def _rules(ctx, *more) -> tuple:
    return tuple(ctx.get("rules", ())) + more


@verb("draw", "partial.1", doc="draw N cards (as many as the deck has: partial.1)", arg=N1)
def v_draw(game, n, step, ctx):
    p = ctx["player"]
    for i in range(n):
        deck = game.zone(p, "deck").items
        if not deck:
            game.emit("not_done", _rules(ctx, "partial.1"), ctx["source"].number, player=p, what=f"draw {n - i}")
            return
        game.move(deck[0], "hand", _rules(ctx), ctx["source"].number)
    return
    yield  # pragma: no cover


@verb("gain_cost", "kw.gain-cost.1", "cost.5", doc="Xコストを得る: the top X cards of the deck face down to the "
      "cost area", arg=N1)
def v_gain_cost(game, n, step, ctx):
    yield from gain_cost(game, ctx["player"], n, _rules(ctx), ctx["source"].number)


def gain_cost(game, p, n, rules, source=None):
    for i in range(n):
        deck = game.zone(p, "deck").items
        if not deck:
            game.emit("not_done", tuple(rules) + ("partial.1",), source, player=p, what=f"gain {n - i} cost")
            return
        game.move(deck[0], "cost", tuple(rules) + ("kw.gain-cost.1", "cost.5", "cost.6"), source)
    return
    yield  # pragma: no cover


@verb("discard", "partial.4", doc="N cards of your hand, chosen, to the drop area (as many as you have)", arg=N1)
def v_discard(game, n, step, ctx):
    p = ctx["player"]
    hand = game.zone(p, "hand").items
    k = min(n, len(hand))
    rules = _rules(ctx) + (("partial.1", "partial.4") if k < n else ())
    if not k:
        game.emit("not_done", rules, ctx["source"].number, player=p, what=f"discard {n}")
        return
    for card in (yield from pick(game, p, "discard", f"discard {k}", rules, list(hand), k)):
        game.move(card, "drop", rules, ctx["source"].number)


AP_ARG = mapping(key("target", "the characters", TARGET, required=True),
                 key("amount", "how much AP is added (negative: taken)", SIGNED, required=True))


@verb("ap", "partial.3", doc="this turn, the characters get AP+amount (a standing change until the end of the "
      "turn, end.1)", arg=AP_ARG)
def v_ap(game, arg, step, ctx):
    for card in (yield from _targets(game, ctx, arg["target"])):
        game.emit("ap", _rules(ctx, "end.1"), ctx["source"].number, card=card.id, number=card.number,
                  amount=arg["amount"], ap=card.ap + arg["amount"])


def _targets(game, ctx, spec):
    if spec.get("chosen"):
        return [ctx["chosen"]] if ctx.get("chosen") is not None else []
    return (yield from targets(game, ctx, spec, ctx.get("rules", ())))


@verb("stand", "partial.3", doc="起こす: the characters stand (one already standing is not stood again: "
      "partial.3)", arg=TARGET)
def v_stand(game, spec, step, ctx):
    for card in (yield from _targets(game, ctx, spec)):
        if not card.rested:
            game.emit("not_done", _rules(ctx, "partial.1", "partial.3"), ctx["source"].number,
                      player=ctx["player"], what=f"stand {card.number}: it is standing")
            continue
        game.emit("stand", _rules(ctx, "words.rested"), ctx["source"].number, card=card.id, number=card.number)


@verb("rest", "appeal.4", doc="休ませる: the characters rest (横向き)", arg=TARGET)
def v_rest(game, spec, step, ctx):
    for card in (yield from _targets(game, ctx, spec)):
        if not card.rested:
            game.emit("rest", _rules(ctx, "words.rested"), ctx["source"].number, card=card.id, number=card.number)


@verb("drop", "oshi.6", doc="the characters to the drop area (a 推しキャラ to its oshi area: oshi.6)", arg=TARGET)
def v_drop(game, spec, step, ctx):
    for card in (yield from _targets(game, ctx, spec)):
        game.move(card, "drop", _rules(ctx), ctx["source"].number)


@verb("steal", "win.5", doc="steal N of the opponent's hearts (not by an appeal: win.5)", arg=N1)
def v_steal(game, n, step, ctx):
    from .appeal import steal_hearts
    yield from steal_hearts(game, ctx["player"], n, _rules(ctx, "win.5"), ctx["source"])


@verb("keep", "kw.keep.1", doc="キープする: N cards of your hand, chosen, face down to your oshi area; they "
      "return to your hand at the start of your next start phase", arg=N1)
def v_keep(game, n, step, ctx):
    p = ctx["player"]
    hand = game.zone(p, "hand").items
    k = min(n, len(hand))
    if not k:
        game.emit("not_done", _rules(ctx, "partial.1"), ctx["source"].number, player=p, what="keep")
        return
    for card in (yield from pick(game, p, "keep", f"keep {k}", _rules(ctx, "kw.keep.1"), list(hand), k)):
        game.move(card, "oshi", _rules(ctx, "kw.keep.1", "kw.keep.3", "kw.keep.4", "oshi.7"),
                  ctx["source"].number, face_up=False)
        game.emit("kept", ("kw.keep.1", "kw.keep.2"), ctx["source"].number, card=card.id, number=card.number,
                  player=p)


@verb("rank", "kw.rank.3", doc="「自分の NAME ランクに+N する」: change your rank NAME",
      arg=mapping(key("name", "the rank's name", Text("NAME"), required=True),
                  key("add", "how much is added (negative: taken)", SIGNED, required=True),
                  key("whose", "whose rank (default own)", Enum("own", "opponent"))))
def v_rank(game, arg, step, ctx):
    p = ctx["player"] if arg.get("whose", "own") == "own" else game.other(ctx["player"])
    value = game.ps(p).ranks.get(arg["name"], 0) + arg["add"]
    game.emit("rank", _rules(ctx, "kw.rank.1", "kw.rank.2", "kw.rank.3", "kw.rank.4", "kw.rank.5", "kw.rank.6", "kw.rank.7"),
              ctx["source"].number, player=p, name=arg["name"], value=value)
    return
    yield  # pragma: no cover


@verb("light_orb", "kw.light-orb.2", doc="光玉を出す: you put out a light orb (for this turn only when "
      "`this_turn`, else until the end of the game)", arg=mapping(key("this_turn", "only this turn", Bool())))
def v_light_orb(game, arg, step, ctx):
    this_turn = bool((arg or {}).get("this_turn"))
    game.emit("light_orb", _rules(ctx, "kw.light-orb.1", "kw.light-orb.2", "kw.light-orb.5", "kw.light-orb.6",
                                  "kw.light-orb.7"), ctx["source"].number, player=ctx["player"], this_turn=this_turn)
    return
    yield  # pragma: no cover


@verb("yell_symbols", "kw.yell-symbol.1", doc="エールシンボル+X: this turn, the cards have X more yell symbols",
      arg=mapping(key("target", "the cards", TARGET, required=True), key("amount", "X", SIGNED, required=True)))
def v_yell_symbols(game, arg, step, ctx):
    for card in (yield from _targets(game, ctx, arg["target"])):
        game.emit("yell_symbols", _rules(ctx, "kw.yell-symbol.1", "yell.5"), ctx["source"].number, card=card.id,
                  number=card.number, amount=arg["amount"])


@verb("limit_break", "appeal.15", doc="the character is limit broken by the effect, with no card laid on it "
      "(not one already limit broken: appeal.16)", arg=TARGET)
def v_limit_break(game, spec, step, ctx):
    for card in (yield from _targets(game, ctx, spec)):
        if card.broken:
            game.emit("not_done", _rules(ctx, "appeal.16", "appeal.11"), ctx["source"].number,
                      player=ctx["player"], what=f"limit break {card.number}: it is limit broken")
            continue
        game.emit("limit_break", _rules(ctx, "appeal.15", "appeal.10") +
                  (("appeal.17",) if card.zone.name == "assist" else ()), ctx["source"].number, card=card.id,
                  number=card.number, under=None, by="effect")


@verb("to_stage", "stage.5", doc="move your character from the assist area to an empty stage area within the "
      "limit (no 【エントリー】: kw.entry.3)", arg=TARGET)
def v_to_stage(game, spec, step, ctx):
    from .play import free_areas
    for card in (yield from _targets(game, ctx, spec)):
        areas = free_areas(game, card.owner, card)
        if not areas:
            game.emit("not_done", _rules(ctx, "stage.5", "stage.6", "stage.7", "partial.1"), ctx["source"].number,
                      player=ctx["player"], what=f"move {card.number}: no area within the limit")
            continue
        area = yield from game.ask(ctx["player"], "area", "which stage area", _rules(ctx, "stage.6"),
                                   [Option(a, a, keys=(a,)) for a in areas])
        game.move(card, area, _rules(ctx, "stage.5", "stage.6", "stage.7", "kw.entry.3"), ctx["source"].number)


@verb("yell", "yell.5", doc="perform a yell of N cards (an effect's yell, yell.5)", arg=N1)
def v_yell(game, n, step, ctx):
    from .turn import yell
    yield from yell(game, ctx["player"], n, _rules(ctx, "yell.5"))


@verb("play_event", "main.8", doc="「<TAG>をプレイしてもよい」: you may play an event card with the tag from your "
      "hand, paying its 【プレイ:X】", arg=mapping(key("tag", "the tag", Text("TAG"), required=True)))
def v_play_event(game, arg, step, ctx):
    from .play import play_event_card
    p = ctx["player"]
    cards = [c for c in game.zone(p, "hand").items if c.defn.kind == "event" and arg["tag"] in c.defn.tags
             and c.defn.texts("play") and not usable(game, p, c, c.defn.texts("play")[0][1])]
    if not cards:
        game.emit("not_done", _rules(ctx, "main.8", "partial.1"), ctx["source"].number, player=p, what="play an event")
        return
    options = [Option(c.number, c.id, keys=(c.number, c.defn.name)) for c in cards] + \
        [Option("no", None, keys=("no", "skip"))]
    pick = yield from game.ask(p, "play_event", "play an event card?", _rules(ctx, "main.8"), options,
                               ask_always=True)
    if pick is not None:
        yield from play_event_card(game, p, game.cards[pick], _rules(ctx, "main.8"))


__all__ = ["CONDITION", "Int", "N", "key"]
