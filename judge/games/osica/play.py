"""What a player may do at a play timing: in the main phase play a character or support card (from
hand, or the face-up 推しキャラ: oshi.2) into an area, or turn a face-down 推しキャラ face up for 2
cost (oshi.4); in the event phase play an event card (【プレイ:X】) or use an 【アクション:X】 text.
The legality of each (the rules an action breaks) and the procedure that carries it out."""
from __future__ import annotations

from judge.core.decisions import Action

from . import appeal, effects
from .state import ASSIST_MAX, STAGE

AREAS = STAGE + ("assist",)
FLIP_COST = 2                       # oshi.4


def free_areas(game, player, card) -> list:
    """The stage areas a character may come to now: empty (stage.7) and within the limit (stage.3)."""
    ps = game.ps(player)
    level = ps.level() - (card.defn.level or 0 if card.zone is not None and card.zone.name in STAGE else 0)
    return [a for a in STAGE if ps.chara(a) is None and level + (card.defn.level or 0) <= ps.limit]


def area_why_not(game, player, card, area) -> list[str]:
    """The area and limit restrictions (main.1, main.7)."""
    ps = game.ps(player)
    kind = card.defn.kind
    if area in STAGE:
        if kind != "character":
            return ["stage.8", "main.6"]
        if ps.chara(area) is not None:
            return ["stage.1", "stage.7", "main.7"]
        if ps.level() + (card.defn.level or 0) > ps.limit:
            return ["stage.3", "main.1", "main.7"]
        return []
    if area == "assist":
        if len(ps.assist()) >= ASSIST_MAX:
            return ["assist.1", "assist.6", "main.1"]
        return []
    return ["main.7"]


def why_not(game, p: str, a: Action) -> list[str]:
    t = game.table.turn
    if a.kind == appeal.KIND:
        return appeal.why_not(game, p, a)
    card = game.cards.get(a.get("card"))
    if a.kind == "play":
        if t.phase != "main" or t.player != p:
            return ["main.1"]
        if card is None or card.owner != p:
            return ["main.1"]
        if card.zone.name == "oshi":
            if not card.oshi:
                return ["oshi.9"]
            if not card.face_up:
                return ["oshi.8"]
        elif card.zone.name != "hand":
            return ["main.1"]
        if card.defn.kind not in ("character", "support"):
            return ["kw.play.1"]
        return area_why_not(game, p, card, a.get("area"))
    if a.kind == "flip_oshi":
        if t.phase != "main" or t.player != p:
            return ["oshi.4"]
        if card is None or not card.oshi or card.zone.name != "oshi" or card.face_up:
            return ["oshi.4"]
        if not effects.can_pay(game, p, FLIP_COST):
            return ["oshi.4", "cost.11"]
        return []
    if a.kind == "play_event":
        if t.phase != "event" or game.priority != p:
            return ["kw.play.1", "turn.event-window"]
        if card is None or card.zone.name != "hand" or card.owner != p or not card.defn.texts("play"):
            return ["kw.play.1"]
        return effects.usable(game, p, card, card.defn.texts("play")[0][1])
    if a.kind == "use_action":
        if t.phase != "event" or game.priority != p:
            return ["kw.action.1", "turn.event-window"]
        if card is None or card.owner != p or card.zone.name not in AREAS or card.over is not None:
            return ["event.5", "kw.action.1"]
        texts = dict(card.defn.texts("action"))
        index = a.get("text")
        if index not in texts:
            return ["kw.action.1"]
        if index in card.used:
            return ["event.4", "kw.action.1"]
        return effects.usable(game, p, card, texts[index])
    return ["main.1"]


def legal(game, p: str) -> list[Action]:
    t = game.table.turn
    out = []
    ps = game.ps(p)
    if t.phase == "main" and t.player == p:
        seen = set()
        pool = ps.zones["hand"].items + [c for c in ps.zones["oshi"].items if c.oshi and c.face_up]
        for card in pool:
            if card.defn.kind not in ("character", "support") or (card.number, card.zone.name) in seen:
                continue
            seen.add((card.number, card.zone.name))
            for area in AREAS:
                a = Action("play", card=card.id, area=area, card_number=card.number)
                if not why_not(game, p, a):
                    out.append(a)
        for card in ps.zones["oshi"].items:
            a = Action("flip_oshi", card=card.id, card_number=card.number)
            if card.oshi and not why_not(game, p, a):
                out.append(a)
    if t.phase == "appeal" and t.player == p:
        out += appeal.legal(game, p)
    if t.phase == "event" and game.priority == p:
        seen = set()
        for card in ps.zones["hand"].items:
            if card.defn.kind == "event" and card.number not in seen:
                seen.add(card.number)
                a = Action("play_event", card=card.id, card_number=card.number)
                if not why_not(game, p, a):
                    out.append(a)
        for card in ps.in_play():
            for index, _ in card.defn.texts("action"):
                a = Action("use_action", card=card.id, text=index, card_number=card.number)
                if not why_not(game, p, a):
                    out.append(a)
    return out


def describe(game, a: Action) -> str:
    if a.kind == "play":
        return f"play {a.get('card_number')} to {a.get('area')}"
    if a.kind == appeal.KIND:
        return f"appeal with {a.get('card_number')} ({a.get('area')})"
    if a.kind == "flip_oshi":
        return f"turn {a.get('card_number')} face up"
    if a.kind == "play_event":
        return f"play the event {a.get('card_number')}"
    return f"use {a.get('card_number')}'s action text #{a.get('text')}"


def perform(game, p: str, a: Action):
    """Carry out a legal action (a procedure)."""
    card = game.cards[a["card"]]
    if a.kind == "play":
        yield from play_card(game, p, card, a["area"])
    elif a.kind == "flip_oshi":
        yield from effects.pay(game, p, FLIP_COST, ("oshi.4",), card.number)
        game.emit("flip", ("oshi.4",), card.number, card=card.id, number=card.number, face_up=True)
    elif a.kind == "play_event":
        yield from play_event_card(game, p, card, ("event.2",) + (("event.1", "turn.event-window")
                                                                  if game.table.turn.player != p else ()))
    else:
        index = a["text"]
        game.emit("used", ("event.4", "event.5", "event.7", "event.8", "kw.action.1") +
                  (("event.3", "turn.event-window") if game.table.turn.player != p else ()), card.number,
                  card=card.id, number=card.number, text=index, player=p)
        yield from effects.use_text(game, p, card, index, dict(card.defn.texts("action"))[index],
                                    rules=("event.4",))
    yield from game.settle()


def play_card(game, p, card, area):
    """main.7: a character is played into the area named; a support into the assist area. No cost
    is paid (the assumption card.cost). It enters standing (words.rested)."""
    rules = ("main.1", "main.5", "main.7", "card.cost", "card.anatomy", "words.rested") + \
        (("oshi.2",) if card.zone.name == "oshi" else ()) + \
        (("stage.1", "stage.3", "stage.12") if area in STAGE else ("assist.1", "assist.3", "assist.5")) + \
        (("chara.2",) if card.defn.kind == "support" else ("chara.1",))
    if any(c.number == card.number for c in game.ps(p).in_play()):
        rules += ("chara.3",)
    game.move(card, area, rules, card.number, face_up=True)
    game.emit("played", ("main.5",), card.number, player=p, card=card.number, area=area)
    effects.entered(game, card, ("kw.entry.1",))
    return
    yield  # pragma: no cover


def play_event_card(game, p, card, rules):
    """kw.play.1: reveal the event card, pay X, choose targets, resolve it; it goes to the drop area."""
    index, ability = card.defn.texts("play")[0]
    game.emit("reveal", tuple(rules) + ("kw.play.1",), card.number, player=p, card=card.number)
    yield from effects.pay(game, p, ability.get("cost", 0), ("kw.play.1",), card.number)
    game.move(card, "drop", ("kw.play.1",), card.number)
    yield from effects.use_text(game, p, card, index, ability, rules=tuple(rules), paid=True)
