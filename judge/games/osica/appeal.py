"""The appeal phase (appeal.1-27): appeals one at a time, the guard, the two limit breaks, the
hearts an appeal steals (〔チャージX〕, 〔クリティカル〕), 〔ダブル〕, the keywords an appeal sets off
(〔パワーアップX〕, 〔滅殺X〕, 〔応援X〕, 〔調合X〕, 〔解読X〕, 〔演奏X〕, 〔交信X〕, 【アピール:X】) and stealing
hearts (steal.4-8, 【カウンター:X】)."""
from __future__ import annotations

from judge.core.decisions import Action, Option

from . import effects, processes
from .state import ASSIST_MAX, FACING, STAGE
from .terms import N, N1, verb

KIND = "appeal"


# ------------------------------------------------------------------ who may appeal
def why_not(game, p, a: Action) -> list[str]:
    t = game.table.turn
    if t.phase != "appeal" or t.player != p:
        return ["appeal.2"]
    area = a.get("area")
    card = game.ps(p).chara(area) if area in STAGE else None
    if card is None:
        return ["assist.2", "stage.2"] if area == "assist" else ["stage.2"]
    if card.rested:
        return ["appeal.4"]
    if card.defn.kw.get("stop"):
        return ["kw.stop.1"]
    return []


def legal(game, p) -> list[Action]:
    out = []
    for area in STAGE:
        card = game.ps(p).chara(area)
        a = Action(KIND, area=area, card=card.id if card else None, card_number=card.number if card else None)
        if card is not None and not why_not(game, p, a):
            out.append(a)
    return out


def appeal_phase(game, p):
    """appeal.12, appeal.20: any number of appeals while a character can appeal; the player may end
    the phase at any time (pass)."""
    from .turn import play_timing
    while not game.over:
        yield from game.settle()
        answer = yield from play_timing(game, p, "appeal with a character, or end the appeal phase",
                                        ("appeal.2", "appeal.3", "appeal.12"))
        if answer == "pass":
            game.emit("pass", ("appeal.20",), "rules", player=p)
            return
        yield from appeal_with(game, p, game.ps(p).chara(answer["area"]))


def appeal_with(game, p, card):
    """One normal appeal, and 〔ダブル〕's added appeal right after it (kw.double.1, appeal.26-27)."""
    yield from one_appeal(game, p, card, second=False)
    if game.over or not card.defn.kw.get("double"):
        return
    if card.zone is None or card.zone.name not in STAGE:
        game.emit("no_second_appeal", ("appeal.27", "kw.double.1"), card.number, player=p, card=card.number)
        return
    yield from one_appeal(game, p, card, second=True)


def one_appeal(game, p, card, *, second: bool):
    opp = game.other(p)
    area = card.zone.name
    rules = ("appeal.2", "appeal.3", "stage.2") + (("kw.double.1", "appeal.26") if second else ())
    if not card.rested and game.assumed("appealing.rests"):
        game.emit("rest", rules + ("appealing.rests", "words.rested"), card.number, card=card.id, number=card.number)
    game.emit("appeal", rules + ("appeal.12", "appealing.rests"), card.number, player=p, card=card.number,
              area=area, second=second)
    game.emit("appealed", ("appeal.3",) + (("appeal.25",) if card.appeals else ()), card.number, card=card.id)
    # The texts an appeal sets off are used now, before the guard (the assumption appealing.texts-first).
    n = effects.trigger(game, p, card, "appeal", ("appealing.texts-first",) + (("appeal.25",) if card.appeals > 1 else ()),
                        {"appealer": card})
    n += keyword_texts(game, p, card)
    if n:
        yield from game.settle()
    if game.over:
        return
    if card.zone is None or card.zone.name not in STAGE:
        game.emit("appeal_ends", ("partial.1",), card.number, player=p, why="the appealing card left the stage")
        return
    area = card.zone.name
    # (相手) ガードするかしないか (appeal.2): only the character facing it (appeal.5, stage.9-11)
    facing = game.ps(opp).chara(FACING[area])
    guard = None
    face_rule = {"center": "stage.9", "left": "stage.10", "right": "stage.11"}[area]
    if facing is not None and not facing.defn.kw.get("stop"):
        why = ("appeal.2", "appeal.5", "appeal.6", face_rule) + (("appeal.4", "appeal.7") if facing.rested else
                                                                  ("appeal.7",))
        if second:
            why += ("appeal.23",)
        yes = yield from game.ask(opp, "guard", f"guard {card.number}'s appeal with {facing.number}?", why,
                                  [Option("guard", True, keys=("guard", "yes", facing.number)),
                                   Option("no", False, keys=("no", "no guard"))], ask_always=True)
        if yes:
            guard = facing
            game.emit("guard", why, facing.number, player=opp, card=facing.number, against=card.number)
        else:
            game.emit("no_guard", why, facing.number, player=opp, card=facing.number)
    elif facing is not None:
        game.emit("no_guard", ("kw.stop.1", face_rule), facing.number, player=opp, card=facing.number)
    elif second:
        game.emit("no_guard", ("appeal.22", face_rule), "rules", player=opp, card=None)
    # (自分) 限界突破 / (相手) 限界突破 (appeal.2)
    yield from offer_limit_break(game, p, card, second)
    if guard is not None:
        yield from offer_limit_break(game, opp, guard, second)
    yield from resolve(game, p, card, guard)


def offer_limit_break(game, p, chara, second):
    """A limit break: the same card (build.6) from the hand laid on the character (the assumption
    limitbreak.how); never on one already limit broken (appeal.11, appeal.13, appeal.14, appeal.16)."""
    if chara.broken:
        game.emit("no_limit_break", ("appeal.11", "appeal.13") + (("appeal.14",) if not any(
            c.over == chara.id for c in chara.zone.items) else ()) + (("appeal.21",) if second else ()),
            chara.number, player=p, card=chara.number)
        return
    same = [c for c in game.zone(p, "hand").items if c.defn.identity == chara.defn.identity]
    if not same:
        return
    pick = yield from game.ask(p, "limit_break", f"limit break {chara.number}?", ("appeal.2", "limitbreak.how"),
                               [Option("no", None, keys=("no",))] + [Option(c.number, c.id, keys=(c.number, "yes"))
                                                                      for c in same[:1]], ask_always=True)
    if pick is None:
        return
    under = game.cards[pick]
    game.move(under, chara.zone.name, ("appeal.2", "limitbreak.how", "appeal.18"), chara.number, face_up=True)
    game.emit("limit_break", ("appeal.2", "appeal.13", "limitbreak.how", "limitbreak.ap", "appeal.18"),
              chara.number, card=chara.id, number=chara.number, under=under.id, by="card")


def resolve(game, p, card, guard):
    """The appeal's outcome. A guard of lower AP goes to the drop area (a tie: guard.tie); the hearts
    stolen: 1 unguarded, 0 guarded (hearts.base); +1 the appealer limit broken (appeal.8), -1 the
    guard limit broken (appeal.9), +1 〔チャージX〕 when the guard of AP X or less was moved
    (kw.charge.1), then +1 〔クリティカル〕 when one or more (kw.critical.1-2)."""
    rules = ["hearts.base"]
    count = 1 if guard is None else 0
    if guard is not None and guard.zone is not None and guard.zone.name in STAGE:
        rules += ["guard.compare"]
        tie = card.ap == guard.ap
        guard_ap = guard.ap
        loses = card.ap > guard.ap or (tie and game.assumed("guard.tie") == "guard-drops")
        if tie:
            rules += ["guard.tie"]
        if loses:
            where = game.move(guard, "drop", ("guard.compare",) + (("guard.tie",) if tie else ()) +
                              (("appeal.24",) if card.appeals > 1 else ()), card.number)
            x = card.defn.charge()
            if x and guard_ap <= x and where in ("drop", "oshi"):
                count += 1
                rules += ["kw.charge.1", "steal.7"] + (["kw.charge.2", "steal.1"] if len(card.defn.kw["charge"]) > 1
                                                       else [])
        else:
            double = ("appeal.23", "appeal.24") if card.defn.kw.get("double") else ()
            game.emit("guard_holds", ("guard.compare",) + double + (("guard.tie",) if tie else ()),
                      guard.number, card=guard.number, ap=guard.ap, against=card.ap)
    if card.broken:
        count += 1
        rules += ["appeal.8"] + (["appeal.21"] if card.appeals > 1 else [])
    if guard is not None and guard.broken:
        count -= 1
        rules += ["appeal.9"]
    if card.defn.kw.get("critical"):
        rules += ["kw.critical.1", "kw.critical.2"] + (["steal.2"] if card.defn.kw["critical"] > 1 else [])
        if count >= 1:
            count += 1
    if guard is not None and card.defn.kw.get("critical") and card.defn.charge() and count == 2:
        rules += ["steal.6"]
    game.emit("appeal_result", tuple(rules), card.number, player=p, card=card.number, hearts=max(count, 0),
              guarded=guard is not None)
    yield from game.settle()
    if count >= 1 and not game.over:
        stolen = yield from steal_hearts(game, p, count, ("hearts.base",), card)
        if stolen and card.zone is not None:
            effects.trigger(game, p, card, "stolen", ("steal.5",))
    yield from game.settle()


# ------------------------------------------------------------------ stealing hearts
def steal_hearts(game, thief, n, rules, source):
    """steal.4-5, heart.6-7: the player who loses them looks at that many hearts from the top at once,
    uses 【カウンター】 (kw.counter.1-2), then puts each in the hand, the assist area or the cost area
    (the losing player chooses). Stealing from a player with no heart wins (win.1, win.5). Returns
    how many were stolen (a procedure)."""
    victim = game.other(thief)
    ps = game.ps(victim)
    hearts = ps.zones["heart"].items
    before = len(hearts)
    processes.win_by_hearts(game, thief, before, n, rules, source.number if source else None)
    seen = list(hearts[:n])
    more = (("win.4", "steal.3") if n > before else ()) + (("win.3",) if n >= before else ())
    game.emit("hearts_look", tuple(rules) + ("heart.1", "heart.4", "heart.6", "steal.4", "steal.5") +
              (("heart.7",) if len(seen) > 1 else ()) + more, source.number if source else "rules", victim,
              player=victim, count=len(seen), cards=[c.number for c in seen], by=thief)
    rest = []
    for card in seen:                       # steal.5: 【カウンター】 first
        counters = card.defn.texts("counter")
        if counters:
            index, ability = counters[0]
            used = yield from effects.use_text(game, victim, card, index, ability, rules=("steal.5",))
            if used and card.zone is not None and card.zone.name == "heart":
                game.move(card, "drop", ("kw.counter.1",) + (("steal.8",) if card.defn.kind != "event" else ()),
                          card.number)
                continue
        rest.append(card)
        if game.over:
            return len(seen)
    to_assist = []
    for card in rest:
        if card.zone is None or card.zone.name != "heart":
            continue
        options = [Option("hand", "hand", keys=("hand", "手札")), Option("cost", "cost", keys=("cost", "コスト"))]
        room = len(ps.assist()) < ASSIST_MAX
        fits = card.defn.kind in ("character", "support")
        if room and fits:
            options.insert(1, Option("assist", "assist", keys=("assist", "アシスト")))
        why = ("steal.4", "steal.5") + (("assist.6", "zones.full-assist") if fits and not room else ()) + \
            (("yelling.event-to-assist",) if card.defn.kind == "event" else ())
        where = yield from game.ask(victim, "heart_to", f"where does the stolen heart {card.number} go", why,
                                    options, ask_always=True, private=victim)
        game.move(card, where, why, source.number if source else "rules",
                  face_up=True if where == "assist" else None)
        if where == "assist":
            to_assist.append(card)
    for card in to_assist:
        effects.entered(game, card, ("steal.5",))
    return len(seen)


# ------------------------------------------------------------------ keywords an appeal sets off
KEYWORD_TEXTS = {
    # keyword: (rules, optional rules, cost from X?, the steps for X)
    "power_up": (("kw.power-up.1", "kw.power-up.2", "kw.power-up.3", "kw.power-up.4"), (), False,
                 lambda x: [{"ap": {"target": {"choose": "own", "where": "both"}, "amount": x}}]),
    "annihilate": (("kw.annihilate.1",), ("kw.annihilate.2",), True,
                   lambda x: [{"drop": {"choose": "opponent", "facing": True}}]),
    "cheer": (("kw.cheer.1",), ("kw.cheer.1",), False, lambda x: [{"cheer_show": x}]),
    "compound": (("kw.compound.1",), ("kw.compound.1",), False, lambda x: [{"compound_drop": x}]),
    "decode": (("kw.decode.1",), ("kw.decode.2",), True, lambda x: [{"decode_draw": x}]),
    "perform": (("kw.perform.1",), ("kw.perform.2",), True, lambda x: [{"perform_steal": 1}]),
    "commune": (("kw.commune.1",), ("kw.commune.1",), False, lambda x: [{"commune_cost": x}]),
}


def keyword_texts(game, p, card) -> int:
    """The keywords of the appealing card wait to be used like its texts (simultaneous.1: its player
    orders them)."""
    n = 0
    for name, (rules, optional, paid, steps) in KEYWORD_TEXTS.items():
        x = card.defn.kw.get(name)
        if x is None:
            continue
        ability = {"timing": "keyword", "name": name, "cost": x if paid else 0, "optional": bool(optional),
                   "optional_rules": optional, "do": steps(x)}
        game.waiting[p].append(effects.Waiting(card, name, ability, {"appealer": card}, rules))
        game.emit("triggered", rules + ("appealing.texts-first",), card.number, player=p, card=card.number, timing=name,
                  text=name)
        n += 1
    return n


@verb("cheer_show", "kw.cheer.1", doc="(〔応援X〕) show X cards with 〔応援〕 from your hand; the card cheered",
      arg=N1, internal=True)
def v_cheer(game, x, step, ctx):
    p, card = ctx["player"], ctx["source"]
    pool = [c for c in game.zone(p, "hand").items if c.defn.kw.get("cheer") or c.defn.kw.get("cheer_as")]
    if len(pool) < x:
        game.emit("not_done", ("kw.cheer.1", "partial.2"), card.number, player=p, what=f"show {x}")
        return
    shown = yield from effects.pick(game, p, "cheer", f"show {x}", ("kw.cheer.1", "kw.cheer.2"), pool, x)
    game.emit("shown", ("kw.cheer.1", "kw.cheer.2") + (("kw.brackets.4",) if any(
        c.defn.kw.get("cheer_as") for c in shown) else ()), card.number, player=p, cards=[c.number for c in shown])
    effects.trigger(game, p, card, "cheered", ("kw.cheer.1",))


def _hand_to(game, x, ctx, zone, keyword, timing):
    """〔調合X〕 / 〔交信X〕: X cards of any kind from the hand to `zone`, then the card's 「…したなら」 texts
    (kw.compound.1-2, kw.commune.1-2); with fewer than X in hand, nothing (partial.2)."""
    p, card = ctx["player"], ctx["source"]
    hand = game.zone(p, "hand").items
    rules = (f"kw.{keyword}.1", f"kw.{keyword}.2")
    if len(hand) < x:
        game.emit("not_done", rules[:1] + ("partial.2",), card.number, player=p, what=f"{keyword} {x}")
        return
    for c in (yield from effects.pick(game, p, keyword, f"choose {x}", rules, list(hand), x)):
        game.move(c, zone, rules, card.number)
    effects.trigger(game, p, card, timing, rules[:1])


@verb("compound_drop", "kw.compound.1", doc="(〔調合X〕) X cards of your hand to the drop area; the card compounded",
      arg=N1, internal=True)
def v_compound(game, x, step, ctx):
    yield from _hand_to(game, x, ctx, "drop", "compound", "compounded")


@verb("decode_draw", "kw.decode.1", doc="(〔解読X〕, X paid) draw X cards; the card decoded", arg=N, internal=True)
def v_decode(game, x, step, ctx):
    if x:
        yield from effects.v_draw(game, x, step, dict(ctx, rules=("kw.decode.1",)))
    effects.trigger(game, ctx["player"], ctx["source"], "decoded", ("kw.decode.1",))


@verb("perform_steal", "kw.perform.1", doc="(〔演奏X〕, X paid) steal 1 of the opponent's hearts; the card performed",
      arg=N1, internal=True)
def v_perform(game, x, step, ctx):
    yield from steal_hearts(game, ctx["player"], x, ("kw.perform.1", "win.5"), ctx["source"])
    if not game.over:
        effects.trigger(game, ctx["player"], ctx["source"], "performed", ("kw.perform.1",))


@verb("commune_cost", "kw.commune.1", doc="(〔交信X〕) X cards of your hand to the cost area; the card communed",
      arg=N1, internal=True)
def v_commune(game, x, step, ctx):
    yield from _hand_to(game, x, ctx, "cost", "commune", "communed")
