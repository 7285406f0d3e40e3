"""Automatic abilities' triggers (9.7): the events the game emits that meet a trigger condition, and the
waiting state they start (9.7.2, once per time, 9.7.2.1). The keywords 'enter' (11.4), 'live start' (11.5)
and 'live success' (11.6) are triggers; so are the zone-move triggers of 9.7.4 (a baton touch, a move
between areas) and the events of the live (a yell, a member made to wait)."""
from __future__ import annotations

from judge.core.terms import Term

from . import continuous
from .abilities import out_of_position, works, works_rules
from .context import Waiting
from .effects import card_matches
from .state import AREAS
from .terms import VOCAB

TRIGGERS = {
    "enter": (("11.1.1", "11.4.1", "11.4.2", "9.7.4"), "登場: this member is put in a member area from elsewhere"),
    "live_start": (("11.1.1", "11.5.1", "11.5.2", "8.3.8"), "ライブ開始時: a live of yours starts (8.3.7)"),
    "live_success": (("11.1.1", "11.6.1", "11.6.2", "8.4.4"), "ライブ成功時: your live succeeds (8.4.4)"),
    "baton_touched": (("9.7.4", "9.7.4.1", "9.7.4.1.2", "9.6.2.3.2.1", "9.3.4.1", "9.3.4.1.1"),
                      "this member is put from the stage in the waiting room by a baton touch (`when: {by: ..}` the "
                      "member played); its information is the stage's (9.7.4.1.2)"),
    "member_waited": (("5.2.1",), "a member of your stage (`when: {member: ..}`) is made to wait"),
    "yell": (("8.3.11",), "you yell (8.3.11)"),
    "moved_area": (("9.7.4", "11.10.1"), "this member moves from a member area to another"),
    "stage_to_waiting_room": (("9.7.4", "9.7.4.1", "9.7.4.1.2"), "this member is put from the stage in the waiting "
                              "room (by any means); its ability is read as it was on the stage (9.7.4.1.2)"),
    "member_ability_resolved": (("9.7.4", "9.6.2.4"), "an ability of a member of your stage (`when: {member: ..}`) "
                                "is played and resolves (`when: {ability_trigger: ..}`: an automatic ability of that "
                                "trigger); one not played does not (FAQ Q217, Q227)"),
    "member_moved": (("9.7.4", "11.10.1"), "a member of your stage (`when: {from_area: ..}`: from that area) moves to "
                     "another area"),
    "member_entered": (("9.7.4", "9.9.3.1"), "a member (`when: {member: ..}`, read as it is in the member area: "
                       "9.9.3.1) is put in one of your member areas from elsewhere"),
    "discarded": (("9.7.4", "9.7.4.1", "9.7.4.1.1"), "a card (`when: {member: ..}`) goes from your hand to your "
                  "waiting room; it is read as it is in the waiting room (9.7.4.1.1)"),
    "cards_discarded": (("9.7.4", "9.7.4.1", "9.7.4.1.1"), "one or more cards go from your hand to your waiting room: "
                        "once for the cards one instruction moves together (FAQ Q241)"),
    "state": (("9.7.6",), "a state (the ability's `state:` condition) holds: it waits once, and again after it "
              "resolved if it still holds (9.7.6.1)"),
    "timed": (("9.7.5",), "(made by `at_turn_end`, never written) the end of the turn (8.4.10)"),
}
for _name, (_rules, _doc) in TRIGGERS.items():
    VOCAB.add("trigger", Term(_name, _rules, _doc))

WATCHED = frozenset({"move", "live_start", "live_success", "baton_touch", "wait", "yell", "area_moved",
                     "trigger_point", "ability_done"})


def _autos(card, name):
    if name not in card.defn.trigger_set:
        return
    for ab in card.defn.ability_list:
        if ab.kind == "auto" and name in ab.triggers:
            yield ab


def _silenced(game, card, name) -> bool:
    """A continuous ability of a card of its player's stage or live card zone: the automatic abilities of that
    player's members with this trigger do not trigger (FAQ Q260)."""
    if card.defn.kind != "member":
        return False
    for c in _stage_cards(game, card.owner):
        for mod, _ in continuous._own_mods(game, c, "any"):
            if name in (mod.get("no_member_triggers") or ()):
                return True
    return False


def fire(game, card, name, data, *, zone=None, extra=()):
    """Every automatic ability of `card` whose trigger is `name` and that works now starts waiting (9.7.2)."""
    autos = list(_autos(card, name))
    if not autos or (name in ("enter", "live_start", "live_success") and _silenced(game, card, name)):
        return
    for ab in autos:
        positioned_out = out_of_position(game, card, ab, zone=zone)
        if not positioned_out and not works(game, card, ab, zone=zone):
            continue
        when = ab.raw.get("when") or {}
        if "by" in when and not card_matches(game, game.cards.get(data.get("by")), when["by"], None):
            continue
        if "revealed_any" in when and not any(card_matches(game, c, when["revealed_any"], None)
                                              for c in map(game.cards.get, data.get("cards", ())) if c is not None):
            continue                                # 8.3.11: the cards this yell revealed
        if "ability_trigger" in when and when["ability_trigger"] not in (data.get("ability") or ()):
            continue
        if "from_area" in when and data.get("frm") != when["from_area"]:
            continue                                # 'when the member in your centre area moves'
        if "nth_entry" in when and game.ab.entries.get(card.owner, 0) != when["nth_entry"]:
            continue                                # 'when the N-th member enters your stage this turn'
        read = (("11.4.1",) if "nth_entry" in when else ()) + (("8.3.11",) if "revealed_any" in when else ())
        if "member" in when:
            m = game.cards.get(data.get("member"))
            if m is None or not card_matches(game, m, when["member"], None):
                continue
            if when["member"].get("other") and m is card:         # 'a member other than this one'
                continue
            if (m.owner == card.owner) != (when.get("whose", "own") == "own"):
                continue
        if positioned_out:                          # 11.7.3-11.9.3: met, but its member is in another area
            game.emit("not_done", works_rules(card, ab), card.number, player=card.owner, what="trigger out of its area")
            continue
        again = ("9.7.2.1",) if any(w.card is card and w.ability is ab for w in game.waiting[card.owner]) else ()
        game.emit("trigger", ("9.7.2", "9.1.1.2", "9.1.1.2.1", "9.7.1") + again + TRIGGERS[name][0] + works_rules(card, ab)
                  + tuple(extra) + read + (("11.1.3",) if len(ab.triggers) > 1 else ()), card.number, player=card.owner, card=card.id, number=card.number, index=ab.index, trigger=name,
                  zone=card.zone.name if card.zone is not None else None, **data)


def on_trigger(game, ev) -> None:
    d = ev.data
    card = game.cards[d["card"]]
    if d["trigger"] == "timed":                     # a timed trigger: its own ability, met once (9.7.5.1)
        t = next(t for t in game.ab.timed if t["seq"] == d["timed"])
        game.ab.timed.remove(t)
        ab = timed_ability(card, t)
        game.waiting[d["player"]].append(Waiting(ab, card, d["player"], {"zone": card.zone.name}, ev.seq))
        return
    ab = card.defn.ability_list[d["index"]]
    data = {k: v for k, v in d.items() if k not in ("card", "number", "index", "player", "trigger")}
    game.waiting[d["player"]].append(Waiting(ab, card, d["player"], data, ev.seq))


def timed_ability(card, t):
    """The automatic ability a timed trigger is: its effect; its source the card of the ability that made it
    (9.12.2)."""
    from .abilities import Ability
    return Ability(card.number, t["index"], {"kind": "auto", "trigger": "timed", "effect": t["effect"]})


def on_area_moved(game, ev) -> None:
    game.ab.moved.add(ev.data["card"])


def on_live_success(game, ev) -> None:
    game.ab.succeeded.add(ev.data["player"])


def on_turn(game, ev) -> None:
    game.ab.moved.clear()
    game.ab.succeeded.clear()
    game.ab.baton_from.clear()
    game.ab.entries.clear()
    game.ab.yelled.clear()


def on_baton(game, ev) -> None:
    game.ab.baton_from[ev.data["card"]] = game.cards[ev.data["partner_id"]]


def cards_discarded(game, p) -> None:
    """'Whenever one or more cards go from your hand to your waiting room': once per instruction (FAQ Q241)."""
    for m in game.table.players[p].members():
        fire(game, m, "cards_discarded", {})


def batch_done(game) -> None:
    for p in sorted(game.batch):
        cards_discarded(game, p)
    game.batch.clear()


def _stage_cards(game, p):
    ps = game.table.players[p]
    return [*ps.members(), *game.table.zone(p, "live").items]


def observe(game, ev) -> None:
    """after_event: the triggers an event meets."""
    k, d = ev.kind, ev.data
    if k == "move":
        card = game.cards[d["card"]]
        frm = (d["frm"] or "").rsplit(".", 1)[-1]
        to = d["zone"]
        if frm == "hand" and to == "waiting_room":
            for m in game.table.players[card.owner].members():
                fire(game, m, "discarded", {"member": card.id})
            if game.together:
                game.batch.add(card.owner)          # met once, when the cards moved together have all moved
            else:
                cards_discarded(game, card.owner)
        if card.defn.kind != "member":
            return
        if to in AREAS and frm not in AREAS:
            game.ab.entries[card.owner] = game.ab.entries.get(card.owner, 0) + 1     # entries this turn (FAQ Q160)
            fire(game, card, "enter", {"from": frm}, extra=("9.6.2.4.2.1",) if ev.source not in (None, "rules") and
                 frm != "resolution" else ())
            for m in game.table.players[card.owner].members():
                # 9.7.4.2: a member entering where its ability works, as the triggering move, meets it
                fire(game, m, "member_entered", {"member": card.id}, extra=("9.7.4.2",) if m is card else ())
        elif to in AREAS and frm in AREAS and card is game.table.players[card.owner].member(to):
            game.emit("area_moved", ("11.10.1", "9.7.4"), ev.source, card=card.id, number=card.number, frm=frm, to=to)
        elif frm in AREAS and to not in AREAS:
            continuous.left_stage(game, card, frm, to)
            if to == "waiting_room" and not card.beneath:
                # 9.7.4.1.2: a leaves-the-stage trigger is read as the member was on the stage
                fire(game, card, "stage_to_waiting_room", {"frm": frm}, zone=frm)
    elif k == "area_moved":
        fire(game, game.cards[d["card"]], "moved_area", {"frm": d["frm"]}, extra=("9.7.4.1", "9.7.4.1.3"))
        mover = game.cards[d["card"]]
        for m in game.table.players[mover.owner].members():
            fire(game, m, "member_moved", {"member": mover.id, "frm": d["frm"]})
    elif k == "live_start":
        for c in _stage_cards(game, d["player"]):
            fire(game, c, "live_start", {})
    elif k == "live_success":
        for c in _stage_cards(game, d["player"]):
            fire(game, c, "live_success", {})
    elif k == "baton_touch":
        partner = game.cards[d["partner_id"]]
        # 9.7.4.1.2: the partner is in the waiting room now; its ability is read as it was on the stage
        fire(game, partner, "baton_touched", {"by": d["card"]}, zone=d["area"])
    elif k == "wait":
        card = game.cards[d["card"]]
        if card.defn.kind == "member" and card.zone is not None and card.zone.name in AREAS:
            for p in game.PLAYERS:
                for m in game.table.players[p].members():
                    fire(game, m, "member_waited", {"member": card.id})
    elif k == "trigger_point" and "end of turn" in d.get("what", ""):
        fire_timed(game)
    elif k == "ability_done" and d.get("resolved") and d.get("card") is not None:
        # an ability of a member of the stage was played and resolved (9.6.2.4): not one that was not played
        card = game.cards[d["card"]]
        if card.defn.kind == "member" and d.get("area") in AREAS:
            # a member of the stage when it played the ability (the area it played it from: FAQ Q255)
            ab = card.defn.ability_list[d["index"]]
            for c in _stage_cards(game, card.owner):
                fire(game, c, "member_ability_resolved", {"member": card.id, "ability": list(ab.triggers),
                                                          "frm": d["area"]})
    elif k == "yell":
        game.ab.yelled[d["player"]] = game.ab.yelled.get(d["player"], 0) + d.get("count", 0)
        revealed = sorted(game.yell_ids.get(d["player"], ()))
        for m in game.table.players[d["player"]].members():
            fire(game, m, "yell", {"cards": revealed})


# ------------------------------------------------------------------ timed triggers (9.7.5), state triggers (9.7.6)
def fire_timed(game) -> None:
    """8.4.10: the timed triggers made for the end of this turn are met, once each (9.7.5.1)."""
    for t in list(game.ab.timed):
        game.emit("trigger", ("9.7.5", "9.7.5.1", "9.7.2", "8.4.10", "9.12.2"), t["number"], player=t["player"],
                  card=t["card"], number=t["number"], index=t["index"], trigger="timed", timed=t["seq"])


def on_timed(game, ev) -> None:
    game.ab.timed.append(dict(ev.data, seq=ev.seq))


def state_triggers(game) -> None:
    """9.7.6 / 9.7.6.1: an automatic ability waiting for a state waits once when the state holds (and it is not
    waiting already)."""
    from .context import Ctx
    from .effects import holds
    for p in game.PLAYERS:
        for card in _stage_cards(game, p):
            if "state" not in card.defn.trigger_set:
                continue
            for ab in _autos(card, "state"):
                if not works(game, card, ab) or any(w.card is card and w.ability is ab for w in game.waiting[p]):
                    continue
                if holds(game, ab.raw.get("state"), Ctx(p, card, ab)):
                    game.emit("trigger", ("9.7.6", "9.7.6.1", "9.7.2", "9.1.1.2.1") + works_rules(card, ab),
                              card.number, player=p, card=card.id, number=card.number, index=ab.index,
                              trigger="state", zone=card.zone.name)
