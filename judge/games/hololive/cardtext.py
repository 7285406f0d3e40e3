"""Read an encoded card back as text (so a designer can check the encoding says what the card
says), and lint an encoding for what is well-formed but cannot be meant: names no card has, a `moved`
with no `put_out` before it. Whether it is well-formed is the card schema's question (made from the
declarations of the effect language, terms.py), asked before anything runs."""
from __future__ import annotations

from ...core.errors import format_path
from .effects import verbs as verbs_mod
from .terms import card_nodes, declared

SKILL_TIMINGS = {"die_roll": "used when a die is rolled for your holomem",
                 "when_downed": "used in down processing when your holomem is downed",
                 "when_downs": "used in down processing when your holomem downs an opponent's holomem",
                 "reroll": "used after a die is rolled for your holomem: re-roll it"}



def _cheer_text(flt) -> str:
    """'cheer', or 'white/red cheer' when a filter names their colours (what: cheer with a filter)."""
    colors = (flt or {}).get("color")
    if not colors:
        return "cheer"
    return "/".join(colors if isinstance(colors, list) else [colors]) + " cheer"


def _per_word(per) -> str:
    what = per.get("what", "holomems")
    if what == "cheer":
        return _cheer_text(per.get("filter"))
    if what == "cheer_colors":
        return "colour of the cheer"
    return what.rstrip("s")

def known_verbs() -> set:
    """The verbs a card may use: exactly those declared (terms.py), which are the steps the engine runs
    (`run_step` dispatches through the declarations)."""
    return set(declared().names("step"))


# ------------------------------------------------------------------ rendering
def usable_text(u) -> str:
    """'Usable when' of an oshi skill (12.1.5.1, 12.1.5.3)."""
    if u.get("event") == "dealt":
        who = holomem_text(u.get("holomem", "stage")) + (" or this oshi" if u.get("by_oshi") else "")
        return f"{who} has dealt damage to {holomem_text(u.get('target', 'opponent_stage'))}"
    if u.get("event") == "cheer_archived":
        return f"an ability of {holomem_text(u.get('holomem', 'stage'))} has archived cheer"
    if u.get("event") == "archive_hand":
        return f"an ability of {holomem_text(u.get('holomem', 'stage'))} is about to archive cards from your hand"
    return (f"{u.get('event')} {'is about to happen' if u.get('timing', 'before') == 'before' else 'has happened'}"
            f" to {holomem_text(u.get('holomem', 'stage'))}")


def per_text(per) -> str:
    """What a `per` counts, for 'for each ...' ('for each 30 points of ...' with `every`)."""
    if per.get("every", 1) != 1:
        return f"{per['every']} (counted together) of: " + per_text({k: v for k, v in per.items() if k != "every"})
    what = per.get("what", "holomems")
    if what == "cards":
        return zone_cards_text(per)
    if what == "holomems" and per.get("distinct_names"):
        return f"different card name among {holomem_text(per.get('on', 'this'))}"
    if what == "dice":
        return "die rolled above" + (f" showing {per['result']}" if per.get("result") else "")
    if what == "dice_this_turn":
        return "die you rolled for an ability this turn"
    if what in ("paid", "returned", "overkill", "archived_colors", "used_supports", "revealed", "cheer_lead", "dealt",
                "event_cheer"):
        return {"paid": "card put by the cost", "returned": "card returned above",
                "archived_colors": "colour of the cards archived above",
                "used_supports": f"{filter_text(per.get('filter'))} support you played this turn",
                "revealed": f"{filter_text(per.get('filter'))} revealed above",
                "cheer_lead": "cheer your stage has more than your opponent's",
                "dealt": "point of the damage dealt then", "event_cheer": "cheer archived then",
                "restored": "point of HP restored by it",
                "overkill": "point of damage beyond the downed holomem's remaining HP"}[what]
    on = holomem_text(per.get("on", "this"))
    return {"cheer": f"{_cheer_text(per.get('filter'))} on {on}", "attached": f"{filter_text(per.get('filter'))} attached to {on}",
            "stacked": f"holomem card stacked under {on}", "cheer_colors": f"colour of the cheer on {on}",
            "damage": f"damage taken by {on}", "baton_cost": f"colourless cheer the baton pass of {on} needs"}.get(
                what, on)


def zone_cards_text(per) -> str:
    """'for each <card> in <whose> <zone>' (a `per` or `art_bonus_per` with `what: cards`)."""
    whose = "your opponent's" if per.get("who") == "opponent" else "your"
    flt = filter_text(per.get("filter")) if per.get("filter") else "card"
    if per.get("any_filter"):
        flt = " or ".join(filter_text(f) for f in per["any_filter"])
    return f"{flt} in {whose} {per.get('zone', 'hand').replace('_', ' ')}"


# Holomem filter keys read back after the holomem: true/false ones, and ones of one number ({v})
HOLOMEM_BOOL_TEXT = {
    "single_color": (" of exactly one colour", " not of exactly one colour"),
    "damaged": (" with damage", " with no damage"),
    "used_arts_this_turn": (" that used an art this turn", " that used no art this turn"),
    "archive_cheer_color": (" of a colour of a cheer in your archive", " of no colour of a cheer in your archive"),
}
HOLOMEM_VALUE_TEXT = {
    "hp_left_max": " with {v} or less HP left",
    "damage_min": " with {v} or more damage",
    "baton_min": " whose baton pass needs {v} or more colourless cheer",
}


def holomem_text(sel) -> str:
    if isinstance(sel, str):
        who = "your opponent's " if sel.startswith("opponent_") else "your "
        where = sel.replace("opponent_", "")
        return {"this": "this holomem", "stage": who + "holomem on stage", "center": who + "centre holomem",
                "collab": who + "collab holomem", "back": who + "back holomem",
                "attached_to": "the holomem it is attached to",
                "moved": "the holomem put onto the stage above",
                "chosen": "the chosen holomem", "art_target": "the target of this art",
                "damaged": "that holomem (the one the damage was dealt to)"}.get(where, where)
    sel = dict(sel)
    bits = []
    if sel.get("color"):
        bits.append("/".join(_list(sel["color"])))
    if sel.get("bloom_level"):
        bits.append("/".join(_list(sel["bloom_level"])))
    if "buzz" in sel:
        bits.append("Buzz" if sel["buzz"] else "non-Buzz")
    whose = "opponent_" if sel.get("who") == "opponent" else ""
    base = " or ".join(holomem_text(whose + w) for w in _list(sel.get("where", "stage")))
    if sel.get("who") == "both":
        base = base.replace("your ", "both players' ", 1)
    if isinstance(sel.get("where"), list):      # "your centre or collab holomem"
        base = base.replace(" holomem or your ", " or ").replace(" holomem or your opponent's ", " or ")
    named = f" named {' or '.join(_list(sel['name']))}" if sel.get("name") else ""
    named += f" with {' or '.join(_list(sel['tag']))}" if sel.get("tag") else ""
    named += f" not named {' or '.join(_list(sel['not_name']))}" if sel.get("not_name") else ""
    named += f" with {'/'.join(_list(sel['cheer_color']))} cheer" if sel.get("cheer_color") else ""
    named += f" with a {filter_text(sel['attached'])} attached" if sel.get("attached") else ""
    named += f" with {sel['cheer_min']} or more cheer" if sel.get("cheer_min") else ""
    named += f" bloomed from a {filter_text(sel['under'])}" if sel.get("under") else ""
    if sel.get("attached_count"):
        named += f" with {sel['attached_count']['min']} or more {filter_text(sel['attached_count'].get('filter'))} attached"
    named += f" at the {' or '.join(_list(sel['position']))} position" if sel.get("position") else ""
    other = " other than this one" if sel.get("other_than_this") else ""
    if "rested" in sel:
        bits.insert(0, "resting" if sel["rested"] else "active")
    more = "".join(text for key, text in (("has_cheer", " with cheer"), ("bloomed_this_turn", " that bloomed this turn"),
                                                                   ("placed_this_turn", " put onto the stage this turn"))
                   if sel.get(key))
    more += " with no cheer" if sel.get("has_cheer") is False else ""          # '自分のエールが付いていない'
    more += "".join(text[0 if sel[k] else 1] for k, text in HOLOMEM_BOOL_TEXT.items() if k in sel)
    more += "".join(text.format(v=sel[k]) for k, text in HOLOMEM_VALUE_TEXT.items() if sel.get(k) is not None)
    if sel.get("cheer_of"):
        more += f" with {sel['cheer_of'].get('min', 1)} or more {'/'.join(_list(sel['cheer_of']['color']))} cheer"
    if "color_not_of_oshi" in sel:
        more += (" with a colour its player's oshi does not have" if sel["color_not_of_oshi"]
                 else " with no colour its player's oshi does not have")
    if sel.get("any_of"):
        more += " that is " + " or ".join(holomem_text({"where": "stage", **alt}).replace("your ", "a ", 1)
                                          .replace(" on stage", "") for alt in sel["any_of"])
    return base.replace("holomem", " ".join(bits + ["holomem"]), 1) + named + more + other


def filter_text(f) -> str:
    if not f:
        return "card"
    if f.get("any_of"):                     # '[X or Y]'
        alts = "[" + " or ".join(filter_text(a) for a in f["any_of"]) + "]"
        rest = {k: v for k, v in f.items() if k != "any_of"}
        return alts + (f" that is a {filter_text(rest)}" if rest else "")
    bits = []
    if f.get("limited"):
        bits.append("LIMITED")
    if "buzz" in f:
        bits.append("Buzz" if f["buzz"] else "non-Buzz")
    for key in ("color", "bloom_level"):
        if f.get(key):
            bits.append("/".join(_list(f[key])))
    if "limited" in f and not f["limited"]:
        bits.append("non-LIMITED")
    if f.get("unlimited"):
        bits.append("any-number-per-deck")
    bits.append("/".join(_list(f.get("sub_type") or f.get("type") or "card")))
    named = f" named {' or '.join(_list(f['name']))}" if f.get("name") else ""
    named += f" with {' or '.join(_list(f['tag']))}" if f.get("tag") else ""
    named += f" whose name contains \"{f['name_contains']}\"" if f.get("name_contains") else ""
    named += (f" {'and' if f.get('tag') else 'with'} a {' or '.join(_list(f['has_ability'])).replace('_', ' ')}"
              if f.get("has_ability") else "")
    return " ".join(bits) + named


# Conditions that hold or not (true/false): what each says either way
BOOL_CONDITION_TEXT = {
    "life_lost_this_step": ("your life decreased in this step", "your life did not decrease in this step"),
    "downed_last_opponent_turn": ("a holomem of yours was downed in your opponent's last turn",
                                  "no holomem of yours was downed in your opponent's last turn"),
    "any_bloomed_this_turn": ("a holomem of yours bloomed this turn", "no holomem of yours bloomed this turn"),
    "stage_cheer_archived_this_turn": ("a cheer of your stage was archived this turn",
                                       "no cheer of your stage was archived this turn"),
    "returned_to_deck_this_turn": ("a holomem of yours went from the stage back to the deck this turn",
                                   "no holomem of yours went from the stage back to the deck this turn"),
    "second_first_turn": ("you went second and this is your first turn",
                           "it is not your first turn as the second player"),
    "life_fewer_than_opponent": ("your life is less than your opponent's",
                                  "your life is not less than your opponent's"),
    "life_at_most_opponent": ("your life is at most your opponent's", "your life is more than your opponent's"),
    "hand_fewer_than_opponent": ("you have fewer cards in hand than your opponent",
                                  "you do not have fewer cards in hand than your opponent"),
    "stage_cheer_fewer_than_opponent": ("your stage has fewer cheer than your opponent's",
                                        "your stage has no fewer cheer than your opponent's"),
    "stage_fewer_than_opponent": ("your stage has fewer holomems than your opponent's",
                                  "your stage has no fewer holomems than your opponent's"),
}


# Conditions of one number or word: what each says, with its value in place of {v}
VALUE_CONDITION_TEXT = {
    "hand_other_min": "you have at least {v} other card(s) in hand",
    "hand_other_max": "you have at most {v} other card(s) in hand",
    "stage_cheer": "you have at least {v} cheer on your stage",
    "moved_min": "{v} or more were put onto the stage above",
    "returned_min": "{v} or more were returned above",
    "attached_min": "{v} or more cards were attached above",
    "step": "it is the {v} step",
    "both_stages_cheer": "both players' stages have at least {v} cheer in all",
    "life_max": "your life is {v} or less",
    "arts_used_by_name": "your holomem named {v} used an art this turn",
    "deck_archived_this_turn": "you have archived {v} or more cards from your deck this turn",
    "oshi_skill_named_this_turn": "you have used your oshi skill '{v}' this turn",
    "made_active_by_skill": "this holomem was made active by your oshi skill '{v}' this turn",
}

# Conditions on cards (a card filter, read back in place of {f})
FILTER_CONDITION_TEXT = {
    "used_this_turn": "you used a {f} this turn",
    "unused_this_turn": "you have not used a {f} this turn",
    "revealed_has": "a {f} is among the revealed cards",
    "taken_is": "the card taken is a {f}",
}

# Conditions on one holomem (a holomem filter, read back in place of {h})
HOLOMEM_CONDITION_TEXT = {
    "art_target": "the art's target is {h}",
    "downed": "the holomem it downs is {h}",
}


def cond_text(cond) -> str:
    parts = []
    for k, v in (cond or {}).items():
        if k == "downed_last_opponent_turn" and isinstance(v, dict):
            parts.append(f"a {filter_text({'type': 'holomem', **v})} of yours was downed in your opponent's last turn")
        elif k in BOOL_CONDITION_TEXT:
            parts.append(BOOL_CONDITION_TEXT[k][0 if v else 1])
        elif k in VALUE_CONDITION_TEXT:
            parts.append(VALUE_CONDITION_TEXT[k].format(v=v))
        elif k in FILTER_CONDITION_TEXT:
            parts.append(FILTER_CONDITION_TEXT[k].format(f=filter_text(v)))
        elif k in HOLOMEM_CONDITION_TEXT:
            parts.append(HOLOMEM_CONDITION_TEXT[k].format(h=holomem_text({'where': 'stage', **v})))
        elif k == "not":
            parts.append(f"not ({cond_text(v)})")
        elif k == "stage_has" and v.get("where") == "this":      # "this holomem has ..."
            parts.append(holomem_text(v).replace("this holomem with", "this holomem has", 1))
        elif k == "stage_has" and v.get("who") == "opponent":
            parts.append("your opponent has a "
                         + holomem_text({'where': 'stage', **v}).replace("your opponent's ", "", 1))
        elif k == "stage_has":
            parts.append(f"you have a {holomem_text({'where': 'stage', **v}).replace('your ', '')}")
        elif k == "center_is":
            parts.append(f"your centre holomem is a {holomem_text({'where': 'stage', **v}).replace('your ', '')}"
                         .replace(" on stage", ""))
        elif k == "attached_to":
            parts.append(f"it is attached to a {holomem_text({'where': 'stage', **v}).replace('your ', '')}")
        elif k == "archive_cheer_colors":
            whose = {"both": "both players'", "opponent": "your opponent's"}.get(v.get("who"), "your")
            parts.append(f"the cheer in {whose} archive(s) have at least {v['min']} colours")
        elif k == "holomem_cheer_colors":
            parts.append(f"the cheer attached to {holomem_text(v['on'])}, together, have at least {v.get('min', 2)} "
                         "different colours")
        elif k == "zone_has":
            many = f"at least {v['min']} " if v.get("min", 1) != 1 else "a "
            whose = "your opponent's" if v.get("who") == "opponent" else "your"
            parts.append(f"{whose} {v['zone']} has {many}{filter_text(v.get('filter'))}")
        elif k == "turn":
            parts.append("it is your turn" if v == "own" else "it is your opponent's turn")
        elif k == "position":
            parts.append(f"this holomem is in the {' or '.join(_list(v))} position")
        elif k == "stage_all":
            parts.append(f"every holomem on your stage is a {holomem_text({'where': 'stage', **v}).replace('your ', '')}")
        elif k == "die_vs_life":
            parts.append("the die's result is your life or more" if v == "at_least" else
                         "the die's result is your life or less")
        elif k == "oshi_is":
            bits = ([f"named {' or '.join(_list(v['name']))}"] if v.get("name") else []) + \
                ([f"{' or '.join(_list(v['color']))}"] if v.get("color") else [])
            parts.append(f"your oshi holomem is {' and '.join(bits)}")
        elif k == "sp_oshi_skill_used":
            v = v if isinstance(v, dict) else {} if v else None
            parts.append("you have not used your SP oshi skill in this game" if v is None else
                         "you have used your SP oshi skill" + (f" '{v['name']}'" if v.get("name") else "")
                         + (f" in your {v['step']} step this turn" if v.get("step") else
                            " this turn" if v.get("this_turn") else " in this game"))
        elif k == "stage_count":
            many = " and ".join(([f"at least {v['min']}"] if "min" in v else []) +
                                ([f"at most {v['max']}"] if "max" in v else []))
            who = holomem_text({'where': 'stage', **(v.get('filter') or {})}).replace('your ', '')
            parts.append(f"you have {many} {'different card names among ' if v.get('distinct_names') else ''}"
                         f"{'different colours among ' if v.get('distinct_colors') else ''}{who}")
        elif k == "counted":
            per = v["per"]
            many = " and ".join(([f"at least {v['min']}"] if "min" in v else []) +
                                ([f"at most {v['max']}"] if "max" in v else []))
            parts.append(f"you used {many} {filter_text(per.get('filter'))} this turn (each use counted)"
                         if per.get("what") == "used" else
                         f"{holomem_text(per.get('on', 'this'))} have taken {many} damage, added up"
                         if per.get("what") == "damage" else
                         f"there are {many} {zone_cards_text(per)}" if per.get("what") == "cards" else
                         f"{holomem_text(per.get('on', 'this'))} have {many} {filter_text(per.get('filter'))} attached "
                         "in all" if per.get("what") == "attached" else
                         f"there are {many} {_per_word(per)}(s) on {holomem_text(per.get('on', 'this'))}")
        elif k == "cheer_lead":
            lo, hi = v.get("min"), v.get("max")
            parts.append("your stage has " + (f"{lo} to {hi}" if lo is not None and hi is not None else
                                              f"at least {lo}" if lo is not None else f"at most {hi}")
                         + " more cheer than your opponent's")
        elif k == "stage_cheer_color":
            parts.append(f"your stage has at least {v.get('min', 1)} {'/'.join(_list(v['color']))} cheer")
        elif k == "downing_damage":
            parts.append(f"the {v.get('kind', '')} damage that downed it exceeded its remaining HP by "
                         f"{v.get('over_min', 1)} or more")
        elif k == "stacked_max":
            parts.append("no holomem is stacked under this holomem" if int(v) == 0 else
                         f"at most {v} holomem(s) are stacked under this holomem")
        else:
            parts.append(f"{k}: {v}")
    return " and ".join(parts)


# `trigger: dealt_damage` with `damage_kind`: which damage it waits for (12.3.4.5, 5.22.1)
DEALT_KINDS = {"arts": " (arts damage to an opponent's holomem)", "special": " (special damage)"}


def step_text(step) -> str:
    verb = [k for k in step if k not in verbs_mod.STEP_KEYS]
    verb = verb[0] if verb else "?"
    a = step.get(verb)
    if verb == "draw":
        text = f"draw {a}"
    elif verb == "art_bonus":
        text = f"this art gets +{a}"
    elif verb == "art_unreducible":
        text = "this art's damage cannot be reduced"
    elif verb == "send_cheer":
        a = a or {}
        n = "any number of" if a.get("count") == "any" else ("up to " if a.get("up_to") else
                                                              f"{a['min']} to " if "min" in a else "") + str(a.get("count", 1))
        frm = "the top of your cheer deck" if a.get("from", "cheer_deck") == "cheer_deck" else \
            ("your opponent's archive" if a.get("who") == "opponent" else "your archive")
        col = f" {'/'.join(a['colors'])}" if a.get("colors") else ""
        if a.get("colors_of") is not None:
            col = f" (of the colour of one of {holomem_text(a['colors_of'])})"
        if col and a.get("from", "cheer_deck") == "cheer_deck":      # a search of the cheer deck
            frm = "your cheer deck (revealed)"
        n = "one" if a.get("each") else n                   # its 'min' is said above ('1 to 2')
        text = f"{'you may ' if a.get('may') else ''}send {n}{col} cheer from {frm} to {'each ' if a.get('each') else ''}{holomem_text(a.get('to', 'stage'))}"
        if a.get("search"):
            text = (f"{'you may ' if a.get('may') else ''}reveal {n}{col} cheer from your cheer deck and send it to "
                    f"{holomem_text(a.get('to', 'stage'))}")
        if a.get("distribute"):
            text += ", each to a holomem you choose"
            text += f" (at most {a['max_each']} to one holomem)" if a.get("max_each") else ""
        if a.get("one_each"):
            text = (f"send 1 cheer from {frm} to each of {n} {holomem_text(a.get('to', 'stage'))}"
                    " (different holomems, any colours)")
    elif verb == "move_cheer":
        col = f" {'/'.join(a['colors'])}" if a.get("colors") else ""
        n = {"all": "all", "any": "any number of the"}.get(a.get("count"), str(a.get("count", 1)))
        n = (n if a.get("min") == a.get("count") else f"{a['min']} to {n}") if "min" in a and n.isdigit() else \
            f"1 to {n}" if n.isdigit() and int(n) > 1 else n          # the player picks 1 to N (5.17.4)
        each = ", each to a holomem you choose" if a.get("count") == "all" else ""
        each += ", one to each of them" if a.get("one_each") else ""
        each += ", all to one holomem you choose" if a.get("to_one") else ""
        text = f"{'you may ' if a.get('may') else ''}move {n}{col} cheer from {holomem_text(a.get('from', 'stage'))} to {holomem_text(a.get('to', 'stage'))}{each}"
    elif verb == "modify":
        what = f"arts +{a['arts']}" if "arts" in a else f"HP +{a.get('hp')}"
        count = a.get("count", "all")
        who = holomem_text(a.get("target", "this"))
        who = f"{count} {who} (you choose)" if count != "all" else (who if a.get("target", "this") == "this"
                                                                  else f"each {who}")
        if a.get("per"):
            per = a["per"]
            what += (" for each card returned above" if per.get("what") == "returned" else
                     f" for each {filter_text(per.get('filter'))} you played from your hand this turn"
                     if per.get("what") == "used_supports" else
                     f" for each {zone_cards_text(per)}" if per.get("what") == "cards" else
                     f" for each different card name among {holomem_text(per.get('on', 'this'))}"
                     if per.get("distinct_names") else
                     f" for each {_per_word(per)} on that holomem itself" if a.get("per_own") else
                     f" for each {_per_word(per)} on {holomem_text(per.get('on', 'this'))}"
                     + (f" (at most {per['max']})" if per.get("max") else "") + ", counted now")
        text = f"{who} gets {what} until the end of the turn"
        if a.get("more"):
            text += f"; if it is {holomem_text(a['more']['if'])}, arts +{a['more']['arts']} more"
    elif verb == "one_of":
        text = "one of these (you choose one that can be done): " + " or ".join(
            f"({_lower(effect_text(alt)).rstrip('.')})" for alt in a)
    elif verb == "life_loss_less":
        text = f"the life you lose for this down is {a} less"
    elif verb == "reveal_deck_top":
        a = a or {}
        f, n = a.get("filter"), int(a.get("count", 1))
        them, one = ("it", "it is") if n == 1 else ("them", "one of them is")
        where = {"bottom": f"put {them} on the bottom of your deck", "hand": f"add {them} to your hand",
                 "archive": f"archive {them}", "top": ""}
        text = (f"{'you may ' if a.get('may') else ''}reveal the top "
                + ("card" if n == 1 else f"{n} cards") + " of your deck"
                + (f"; if {one} a {filter_text(f)}, {_lower(effect_text(a.get('then') or []))}".rstrip('.')
                   if f and a.get("then") else "")
                + (f"; if {one} a {filter_text(f)}" if f and not a.get("then") else "")
                + (f", then {where[a.get('to', 'top')]}" if not f and a.get("to", "top") != "top" else
                   f"; then {where[a.get('to', 'top')]}" if a.get("to", "top") != "top" else "")
                + (f" ({where[a['unmatched_to']] or 'leave it on top'} if it is not)" if a.get("unmatched_to") else ""))
    elif verb == "archive_stacked":
        what = filter_text(a["filter"]) if a.get("filter") else "holomem card(s)"     # of a level, a name (4.4.8)
        text = (f"archive {a.get('count', 1)} {what} stacked under "
                + ("this holomem" if a.get("from", "this") == "this" else f"one of {holomem_text(a['from'])}"))
    elif verb == "set_remaining_hp":
        text = f"the remaining HP of {holomem_text(a.get('target', 'this'))} becomes {a['amount']}"
    elif verb == "roll_die":
        branches = "; ".join(f"on {k}: " + ", then ".join(step_text(s) for s in step[k])
                             for k in step if k in verbs_mod.BRANCH_KEYS)
        times = (a or {}).get("times")
        per = f" once for each {per_text(a['per'])}, all at once" if (a or {}).get("per") else ""
        text = f"{'you may ' if (a or {}).get('may') else ''}roll a die" + (f" {times} times" if times else "") + \
            per + (f" ({branches})" if branches else "")
    elif verb == "swap":
        text = f"{'you may ' if a.get('may') else ''}switch {holomem_text(a['a'])} with {holomem_text(a['b'])} (you choose)"
        if a.get("then"):
            text += f"; if they switched, {_lower(effect_text(a['then']))}".replace("the chosen holomem",
                                                                                  "the holomem that moved")
    elif verb == "move_to_back":
        who = holomem_text(a["target"]) if isinstance(a, dict) and a.get("target") else "this holomem"
        text = f"{'you may ' if isinstance(a, dict) and a.get('may') else ''}move {who} to the back"
    elif verb == "take":
        n = f"{a['min']}-{a.get('count', 1)}" if "min" in a else a.get("count", 1)
        n = f"{n} (different card names)" if a.get("distinct_names") else n
        n = f"one for each of {holomem_text(a['one_each_color_of'])}, of its colour:" if a.get("one_each_color_of") else n
        text = (f"{'you may ' if a.get('may') else ''}reveal {n} {filter_text(a.get('filter'))} "
                + ("of your oshi's colour " if a.get("oshi_color") else "")
                + (f"of a card name of {holomem_text(a['same_name_as'])} " if a.get("same_name_as") else "")
                + (f"of a card name none of {holomem_text(a['other_name_than'])} has " if a.get("other_name_than")
                   else "")
                + ("of the same card name as the card the cost put " if a.get("same_name_as_paid") else "") +
                f"from your {a.get('from', 'deck')} and "
                f"{'archive it' if a.get('to') == 'archive' else 'add it to your hand'}"
                + (f"; if you did, {_lower(effect_text(a['then']))}" if a.get("then") else ""))
    elif verb == "put":
        n = f"{a['min']} to {a.get('count', 1)}" if "min" in a else a.get("count", 1)
        text = (f"{'reveal and ' if a.get('reveal') else ''}put {n} "
                f"{filter_text(a.get('filter')) if a.get('filter') else 'card(s)'} from your hand into your "
                f"{a.get('to', 'holopower')}".replace("into your deck_bottom", "on the bottom of your deck")
                + (" (sharing a tag)" if a.get("same_tag") else ""))
        if a.get("who") == "opponent":
            text = "your opponent chooses and " + text.replace("your", "their")
    elif verb == "return_hand":
        text = "return your hand to your deck"
    elif verb == "shuffle":
        text = f"shuffle your {a if isinstance(a, str) else 'deck'}"
    elif verb == "look_top":
        pick = a.get("pick") or {}
        n = a['count'] if not a.get("count_per") else "N"
        per = "" if not a.get("count_per") else (
            f" (N: {a['count']} for each " + (zone_cards_text(a["count_per"]) if a["count_per"].get("what") == "cards"
                                              else f"{a['count_per'].get('what', 'holomem')} on "
                                                   f"{holomem_text(a['count_per'].get('on', 'this'))}") + ")")
        text = (f"{'reveal' if a.get('reveal') else 'look at'} the top {'up to ' if a.get('up_to') else ''}{n} cards of your "
                f"{'cheer deck' if a.get('zone') == 'cheer_deck' else 'deck'}{per}"
                f"{' one at a time (you may stop)' if a.get('up_to') else ''}, reveal "
                + (" and ".join(f"up to 1 {filter_text(f)}" for f in pick["each"]) if pick.get("each") else
                   f"{'up to ' if pick.get('filter') or pick.get('max', 1) == 'any' else ''}{pick.get('max', 1)} "
                   f"{filter_text(pick.get('filter'))}")
                + (" and archive them; " if pick.get("to") == "archive" else
                   f" and send them to {holomem_text(pick['send_to'])}; " if pick.get("send_to") else
                   " and add them to your hand; ")
                + {"archive": "archive the rest", "top": "the rest go back on the top in any order",
                   "deck": "the rest go back into your deck",
                   "top_or_bottom": "the rest go back on the top or the bottom (you choose)",
                   "archive_or_top": "archive all the rest, or return them all to the top in any order (you choose)"
                   }.get(
                    a.get("rest"), "the rest go to the bottom in any order"))
    elif verb == "special_damage":
        per = a.get("per")
        what = {"cheer": _cheer_text(per.get("filter")) + " on ", "cheer_colors": "colour of the cheer on ",
                "stacked": "holomem card stacked under ", "damage": "damage taken by ",
                "dealt": "point of the damage dealt then", "restored": "point of HP restored by it",
                "baton_cost": "colourless cheer the baton pass needs of ",
                "attached": f"{filter_text(per.get('filter'))} attached to "}.get(per.get("what"), "") if per else ""
        what = what + (f"different card name among " if per and per.get("distinct_names") else "")
        on = "card put by the cost" if per and per.get("what") == "paid" else "" if per and per.get("what") in ("dealt", "restored") else \
            "cheer archived then" if per and per.get("what") == "event_cheer" else \
            zone_cards_text(per) if per and per.get("what") == "cards" else \
            per_text(per) if per and per.get("what") in ("dice", "dice_this_turn") else \
            holomem_text(per.get('on', 'this')) if per else ""
        each = (f" for each {str(per['every']) + ' ' if per.get('every', 1) != 1 else ''}{what}{on}"
                + (" (all of them added up)" if per.get("what") == "damage" else "")
                + (f" (counting at most {per['max']})" if per.get("max") else "") + ", at once") if per else ""
        if per and per.get("what") in ("overkill", "returned", "archived_colors", "used_supports", "revealed",
                                       "cheer_lead"):
            each = f" for each {per_text(per)}, at once"
        count = a.get("count", 1)
        whom = ("each of " if count == "all" else f"{count} of " if count != 1 else "") + \
            holomem_text(a.get('target', 'this'))
        amt = (f"{a['amount']} plus the damage it has taken, as" if a.get("amount") else "as much as the damage it "
               "has taken, as") if a.get("plus_its_damage") else a["amount"]
        if a.get("distribute"):
            whom = f"{holomem_text(a.get('target', 'this'))}, split in parts of {a['distribute']} as you choose " \
                   "(each holomem's share is one damage)"
        text = f"deal {amt} special damage{each} to {whom}" + \
            (" (it cannot be reduced)" if a.get("unreducible") else "") + \
            (" (a holomem it downs costs no life)" if a.get("no_life_loss") else "")
    elif verb == "restore_hp":
        who = holomem_text(a.get('target', 'this'))
        who = f"each of {who}" if a.get("count") == "all" else \
            f"{a['count']} of {who}" if a.get("count", 1) != 1 else who
        text = (f"restore all HP of {who}" if a["amount"] == "all" else f"restore {a['amount']} HP of {who}")
        if a.get("per"):
            text += f" for each {_per_word(a['per'])} on {holomem_text(a['per'].get('on', 'this'))}, counted now"
    elif verb == "treat_die_as":
        which = (f"each die you roll for an ability of your {' or '.join(a['names'])}" if a.get("names")
                 else f"each die an ability of your holomem rolls {a['at_once']} at once" if a.get("at_once")
                 else "each die you roll")
        how = f"counts as double its result" if a.get("times") == 2 else \
            f"counts as {a['times']} times its result" if a.get("times") else f"counts as {a['value']}"
        text = f"{which} {how} until the end of the turn (it is still rolled)"
    elif verb == "archive_cheer":
        col = f" {'/'.join(a['colors'])}" if a.get("colors") else ""
        text = f"archive {a.get('count', 1)}{col} cheer from {holomem_text(a.get('from', 'stage'))}"
    elif verb in TERM_TEXT:
        text = TERM_TEXT[verb](a)
    elif verb == "holopower_from_deck":
        text = f"put the top {a['count']} card(s) of your deck into your holo power"
    elif verb == "choose_holomem":
        text = (f"choose {str(a['count']) + ' of ' if 'count' in a else ''}{holomem_text(a['target'])}"
                + (" of different colours" if a.get("distinct_colors") else "") if 'target' in a else
                "choose one each of " + ", ".join(holomem_text(x) for x in a['each']) + " (different holomems)")
    elif verb == "continuous":
        count = a.get("count", "all")
        who = holomem_text(a.get("target", "this"))
        who = f"{'up to ' if a.get('up_to') else ''}{count} {who} (you choose)" if count != "all" else who
        until = {"end_of_turn": " until the end of the turn",
                 "end_of_next_opponent_turn": " until the end of your opponent's next turn"}.get(
                     a.get("until"), " for the rest of the game")
        text = f"{who}: {change_text(a)}{until}"
    else:
        text = f"{verb}: {a}"
    if verb in ("send_cheer", "take") and isinstance(a, dict) and a.get("per"):
        per = a["per"]
        counted = {"paid": "card moved above", "cheer": f"cheer on {holomem_text(per.get('on', 'this'))}",
                   "dice": per_text(per), "dice_this_turn": per_text(per)}.get(
            per.get("what"), f"{per.get('what', 'holomem')} on {holomem_text(per.get('on', 'this'))}")
        text += f", {a.get('count', 1)} for each {counted}"
    if verb == "archive_attached" and isinstance(a, dict) and "min" in a:
        text += f" ({a['min']} to {a.get('count', 1)}, you choose)"
    if "if" in step:
        text = f"if {cond_text(step['if'])}: {text}"
    return text


def _granted_text(ab) -> str:
    """An ability a `grant` gives a holomem for a period."""
    r = ab.get("replaces") or {}
    if ab.get("kind") == "replacement" and r.get("event") == "damage":
        to = {"opponent": "an opponent's holomem"}.get(r.get("to"), holomem_text(r["to"]) if r.get("to") else "a holomem")
        return (f"the {r.get('kind', 'any')} damage it {'deals to' if r.get('stage') == 'deal' else 'takes from'} "
                f"{to}: " + _lower(effect_text(ab.get("effect") or [])).rstrip("."))
    if ab.get("kind") == "when_downs":
        whom = holomem_text(ab["downed"]) if ab.get("downed") else "an opponent's holomem"
        return f"when it downs {whom}: " + _lower(effect_text(ab.get("effect") or [])).rstrip(".")
    return f"{ab.get('kind')}: " + _lower(effect_text(ab.get("effect") or [])).rstrip(".")


def _target(a, default="this"):
    """The holomem selector of a verb written `verb: SELECTOR` or `verb: {target: SELECTOR, ...}`."""
    if isinstance(a, dict) and any(k in a for k in ("target", "may", "until", "to", "count")):
        return holomem_text(a.get("target", default))
    return holomem_text(a if a is not None else default)


def _opt(a, key):
    return a.get(key) if isinstance(a, dict) else None


def _damage_scope(a) -> str:
    scope = "damage" if not a.get("damage_kind") else f"{a['damage_kind']} damage"
    return scope + (" from your opponent" if a.get("from") == "opponent" else "")


# The specific terms of rule 5 that have their own modules (effects/holomem_terms.py ...).
TERM_TEXT = {
    "redirect_damage": lambda a: f"{holomem_text(a)} takes that damage instead",
    "spare_hand_cards": lambda a: f"{a} of the hand cards about to be archived stay in your hand (the holo power "
                                  "paid is archived instead)",
    "rest": lambda a: f"rest {_target(a)}",
    "unrest": lambda a: f"make {_target(a)} not resting",
    "make_active": lambda a: f"make {_target(a)} active",
    "down": lambda a: f"down {_target(a)}" + (" (its down costs no life)" if isinstance(a, dict) and a.get("no_life_loss") else ""),
    "collab": lambda a: f"{'you may ' if _opt(a, 'may') else ''}collab with {_target(a, 'back')} (not the collab action)",
    "move_to_collab": lambda a: (f"{'your opponent moves 1 of their' if a.get('who') == 'opponent' else 'move 1 of your'}"
                                 f" back holomems to the empty collab position (not a collab)"),
    "return_to_debut": lambda a: f"return {_target(a)} to a Debut holomem",
    "return_holomem": lambda a: (f"return {_target(a)}, every holomem card of it, to the bottom of its owner's deck "
                                 f"in any order" if isinstance(a, dict) and a.get("to") == "deck_bottom" else
                                 f"return {_target(a)} to its owner's hand"),
    "art_cost_less": lambda a: f"the arts of {'each of ' if a.get('count', 'all') == 'all' else ''}"
                               f"{holomem_text(a.get('target', 'this'))} need {'/'.join(a['icons'])} fewer"
                               f"{' until the end of the turn' if a.get('until', 'end_of_turn') == 'end_of_turn' else ''}",
    "cannot_move": lambda a: f"{_target(a)} cannot move within the stage " + (
        "during your opponent's next turn" if isinstance(a, dict) and a.get("during") else "until the end of the turn"),
    "flip": lambda a: f"turn the top {a.get('count', 1)} card(s) of {'your opponent' if a.get('who') == 'opponent' else 'your'}"
                      f"{chr(39) + 's' if a.get('who') == 'opponent' else ''} {a.get('zone', 'deck')} face {a.get('face', 'up')}",
    "draw_up_to": lambda a: f"draw up to {a} card(s), one at a time",
    "draw_from_bottom": lambda a: f"draw {a} card(s) from the bottom of your deck, the bottom card first",
    "draw_until_hand": lambda a: (f"draw until your hand has {a} card(s)" if not isinstance(a, dict) else
                                  f"draw until your hand has as many cards as the {a['per'].get('what', 'holomems')} "
                                  f"counted{' (' + filter_text(a['per']['filter']) + ')' if a['per'].get('filter') else ''}"
                                  f"{', at most ' + str(a['max']) + ' drawn' if 'max' in a else ''}"),
    "for_each": lambda a: (f"for each {filter_text(a.get('filter'))} in your {a['zone']}" if "zone" in a else
                           f"for each {per_text(a.get('per') or {})}")
                          + f"{' (at most ' + str(a['max']) + ')' if a.get('max') else ''}: "
                          f"{_lower(effect_text(a['steps']))}",
    "limited_per_turn": lambda a: f"this turn you may play up to {a} LIMITED supports",
    "look": lambda a: f"look at {'your opponent' + chr(39) + 's' if a.get('who') == 'opponent' else 'your'} {a.get('zone', 'deck')}",
    "reveal": lambda a: f"reveal {a.get('count', 1)} {filter_text(a.get('filter'))} from your {a.get('from', 'hand')}",
    "put_out": lambda a: f"put {a.get('count', 1)} {filter_text({'type': 'holomem', **(a.get('filter') or {})})} from your "
                         f"{a.get('from', 'deck')} onto the stage"
                         + (" (the back position)" if a.get("to", "stage") == "stage" else " in the back position"),
    "bloom": lambda a: f"{'you may ' if a.get('may') else ''}bloom {holomem_text(a.get('target', 'stage'))} with "
                       + (f"this card from your {a.get('from', 'hand')}" if a.get('self') else
                          f"a {filter_text({'type': 'holomem', **(a.get('filter') or {})})} "
                          f"{'stacked under this holomem' if a.get('from') == 'stacked' else 'from your ' + a.get('from', 'hand')}")
                       + f"{' (once more: it bloomed this turn)' if a.get('again') else ''}",
    "bloom_again": lambda a: f"{_target(a)}, which bloomed this turn, may bloom once more this turn",
    "attach": lambda a: ("you may " if _opt(a, "may") else "") + ("attach this card" if a.get("card") == "this" else
                         f"attach {'any number of' if a.get('count') == 'any' else a.get('count', 1)} {filter_text(a.get('filter'))} from your {a.get('from', 'deck')}")
                        + f" to {holomem_text(a.get('to', 'stage'))}"
                        + (" (a holomem chosen for each card)" if a.get("distribute") else ""),
    "reduce_damage": lambda a: f"{holomem_text(a.get('target', 'this'))} takes {a.get('amount')} less {_damage_scope(a)}"
                               + (" the next time it takes any" if a.get("once") else " until the end of the turn"),
    "prevent_damage": lambda a: f"{holomem_text(a.get('target', 'this'))} does not take {_damage_scope(a)}"
                                + (" once" if a.get("once") else " until the end of the turn"),
    "use_art_again": lambda a: "use this art once more (when nothing else is left to resolve)",
    "return_cheer": lambda a: f"put {a.get('count', 1)} cheer {'of each of' if a.get('each') else 'of'} "
                              f"{holomem_text(a.get('from', 'stage'))} on the {a.get('at', 'bottom')} of its cheer "
                              "deck, in the order you choose",
    "move_attached": lambda a: f"{'you may ' if a.get('may') else ''}move 1 {filter_text(a.get('filter'))} attached to "
                               f"{holomem_text(a.get('from', 'stage'))} to {holomem_text(a.get('to', 'stage'))}",
    "arts_twice": lambda a: f"until the end of the turn, after {holomem_text(a.get('target', 'this'))} (chosen now) "
                            + ("uses an art, it may use the same art once more" if a.get("may") else
                               "uses an art, it uses the same art once more"),
    "extra_turn": lambda a: "take another turn after this one",
    "use_arts_of": lambda a: f"{holomem_text(a.get('target', 'this'))} may use the arts of "
                             f"{holomem_text(a.get('of', 'stage'))} until the end of the turn",
    "do": lambda a: effect_text(a if isinstance(a, list) else []).rstrip("."),
    "each_player": lambda a: "each player (the turn player's choices first): «"
                             + effect_text(a if isinstance(a, list) else []).rstrip(".") + "»",
    "by_opponent": lambda a: ("your opponent may carry out (for themselves): «" if a.get("may") else
                              "your opponent carries out (for themselves): «")
                             + effect_text(a.get("steps") or []).rstrip(".") + "»",
    "return_to_deck": lambda a: f"{'you may ' if a.get('may') else ''}put {'up to ' if a.get('up_to') else ''}"
                                f"{str(a['min']) + ' to ' if 'min' in a else ''}{a.get('count', 1)} "
                                f"{filter_text(a.get('filter'))} card(s) from your {a.get('from', 'archive')} on the "
                                f"{a.get('at', 'bottom')} of your {a.get('to', 'deck').replace('_', ' ')} in any order",
    "prohibit": lambda a: prohibit_text(a) + (" until the end of the turn" if a.get("until") == "end_of_turn" else ""),
    "require": lambda a: require_text(a) + (" until the end of the turn" if a.get("until") == "end_of_turn" else ""),
    "art_bonus_per": lambda a: f"this art gets +{a['amount']} for each {str(a.get('every', 1)) + ' ' if a.get('every', 1) != 1 else ''}"
                               + {"cheer": _cheer_text(a.get("filter")) + " on ",
                                  "cheer_colors": "colour of the cheer on ",
                                  "attached": f"{filter_text(a.get('filter'))} attached to ",
                                  "stacked": "holomem card stacked under ",
                                  "baton_cost": "colourless cheer the baton pass needs of "}.get(a.get("what"), "")
                               + ("life you have lost from your initial life (your oshi's life)"
                                  if a.get("what") == "life_lost" else
                                  "cheer your stage has more than your opponent's" if a.get("what") == "cheer_lead" else
                                  "card put by the cost"
                                  if a.get("what") == "paid" else "pip the die (dice, added up) showed"
                                  if a.get("what") == "die" else per_text(a)
                                  if a.get("what") in ("dice", "dice_this_turn") else zone_cards_text(a)
                                  if a.get("what") == "cards" else
                                  f"{filter_text(a.get('filter'))} you used this turn"
                                  if a.get("what") == "used" else
                                  f"revealed {filter_text(a.get('filter'))}" if a.get("what") == "revealed" else
                                  f"{filter_text(a.get('filter'))} you played from your hand this turn"
                                  if a.get("what") == "used_supports" else
                                  ("different card name among " if a.get("distinct_names") else "")
                                  + holomem_text(a.get("on", "this")))
                               + (f" (counting at most {a['max']})" if a.get("max") else ""),
    "return_stacked": lambda a: f"return {str(a['min']) + ' to ' if 'min' in a else ''}{a.get('count', 1)} "
                                f"{filter_text(a.get('filter'))} "
                                f"{'of ' + holomem_text(a.get('target', 'this')) + ' (its top card or one stacked under it)' if a.get('include_top') else 'stacked under ' + holomem_text(a.get('target', 'this'))} "
                                "to your hand",
    "archive_stacked": lambda a: f"archive {a.get('count', 1)} {filter_text(a.get('filter'))} stacked under "
                                 + ("this holomem" if a.get("from", "this") == "this" else
                                    f"one of {holomem_text(a['from'])}"),
    "art_target_back": lambda a: f"until the end of the turn, the arts of {holomem_text(a.get('target', 'this'))} "
                                 + (holomem_text({"where": "back", "who": "opponent", **a["only"]}).replace(
                                     "your opponent's", "may also target your opponent's", 1)
                                    if a.get("only") else "may also target your opponent's back holomems"),
    "archive_holopower": lambda a: f"archive {a} card(s) of your holo power",
    "return_this": lambda a: "return this card to " + {"deck_bottom": "the bottom of your deck",
                                                       "deck_top": "the top of your deck"}.get((a or {}).get("to"),
                                                                                              "your hand"),
    "draw_per": lambda a: f"draw 1 card for each {'card returned to the deck by this effect' if a['per'].get('what') == 'returned' else per_text(a['per']) if a['per'].get('what') in ('dice', 'dice_this_turn') or a['per'].get('distinct_names') else a['per'].get('what', 'holomem')}",
    "add_life_loss": lambda a: f"the player of the downed holomem loses {a} more life",
    "adjust": lambda a: (f"it becomes {a['set']}" if "set" in a else f"it is {int(a.get('add', 0)):+d}"),
    "grant": lambda a: (f"each {holomem_text(a.get('target', 'this'))} there now" if a.get("count") == "all" else
                        f"{a.get('count', 1)} {holomem_text(a.get('target', 'this'))} (you choose)") + ", until the end of "
                       f"the turn: " + "; ".join(_granted_text(ab) for ab in a["abilities"]),
    "return_attached": lambda a: f"{'you may ' if a.get('may') else ''}return {a.get('count', 1)} "
                                 f"{filter_text(a.get('filter'))} attached to {holomem_text(a.get('from', 'this'))} "
                                 "to its owner's hand",
    "archive_attached": lambda a: f"{'you may ' if a.get('may') else ''}archive {a.get('count', 1)} "
                                  f"{filter_text(a.get('filter'))} attached to {holomem_text(a.get('from', 'this'))}",
    "archive_deck_top": lambda a: f"{'you may ' if a.get('may') else ''}archive the top "
                                  f"{str(a['min']) + ' to ' if 'min' in a else ''}{a['count']} card(s)"
                                  f"{' (the number declared first)' if 'min' in a else ''} of "
                                  f"{'each player' + chr(39) + 's' if a.get('who') == 'both' else 'your'} "
                                  f"{a.get('zone', 'deck').replace('_', ' ')}"
                                  + (" for each pip of the die" if a.get("per_die") else "")
                                  + "".join(f"; if a card archived so is a {filter_text(b.get('filter'))}: "
                                            f"{_lower(effect_text(b['steps']))}" for b in a.get("then") or ()),
    "holopower_to_hand": lambda a: (f"your opponent puts the top {a.get('count', 1)} card(s) of their holo power into "
                                    f"their hand" if a.get("who") == "opponent" else
                                    f"put the top {a.get('count', 1)} card(s) of your holo power into your hand"),
    "choose_abilities": lambda a: f"choose {a.get('count', 1)} of these: " + "; ".join(
        f"({o.get('name_en') or o.get('name')}) {_lower(effect_text(o.get('effect')))}" for o in a.get("from", ())),
    "may_pay": lambda a: f"you may {_lower(effect_text(a.get('cost')))}: if you do, "
                         f"{_lower(effect_text(a.get('effect')))}",
    "change_ability": lambda a: f"if {cond_text(a.get('condition')) or 'you choose'}, you may change this ability "
                                f"[{str(a.get('limit', 'once_per_game')).replace('_', ' ')}] to: "
                                f"«{effect_text(a.get('effect')).rstrip('.')}» instead of the rest of this text",
}


ACTION_TEXT = {"draw": "draw", "send_cheer": "send cheer to", "restore_hp": "restore the HP of", "bloom": "bloom",
               "collab": "collab with", "attach": "attach cards to", "put_out": "put holomems onto the stage",
               "hp_change": "set the remaining HP of", "reset_rest": "rest in the reset step (7.2.3)",
               "reset_active": "become active in the reset step (7.2.2)",
               "life_loss": "reduce your life (an ability's 'life -N')",
               "reset_rest_after_move": "rest (after moving it to the back) in the reset step (7.2.3)"}
CHOICE_TEXT = {"art_target": "the target of {who} arts", "effect_choice": "one holomem {who} abilities choose"}
WHO_TEXT = {"own": "your", "opponent": "your opponent's", "any": "any player's"}


def prohibit_text(a) -> str:
    """A prohibition (1.3.3): what it forbids, to whom, on which holomems."""
    who = {"own": "you", "opponent": "your opponent", "any": "no player"}.get(a.get("who", "any"), "?")
    verb = " or ".join(ACTION_TEXT.get(x, str(x)) for x in _list(a.get("action")))
    on = f" {holomem_text(a['target'])}" if "target" in a else ""
    if all(str(x).startswith("reset_") for x in _list(a.get("action"))):      # what the rules do, not an effect
        return f"{holomem_text(a.get('target', 'this'))} does not {verb}" + \
            (" until the end of your opponent's next turn" if a.get("until") == "end_of_next_opponent_turn" else "")
    return f"{who} cannot {verb}{on} by an effect" if who != "no player" else \
        f"no player can {verb}{on} by an effect"


def require_text(a) -> str:
    """A requirement on a choice (1.3.2.3 when several cannot all be met)."""
    choice = CHOICE_TEXT.get(a.get("choice"), str(a.get("choice"))).format(who=WHO_TEXT.get(a.get("who", "any"), "?"))
    return f"{choice} must be {holomem_text(a.get('include', 'this'))} if it can"


def effect_text(steps) -> str:
    return ". ".join(step_text(s)[0].upper() + step_text(s)[1:] for s in steps or ()) + ("." if steps else "")


def card_lines(card) -> list[str]:
    d = card
    head = f"{d.number}  {d.name}" + (f" / {d.name_en}" if d.name_en else "")
    kind = d.type + (f" ({d.sub_type})" if d.sub_type else "") + (" LIMITED" if d.limited else "")
    out = [head, f"  {kind}" + (f", {d.bloom_level}" if d.bloom_level else "")
           + (", Buzz" if d.buzz else "") + (f", colours {'/'.join(sorted(d.colors)) or 'none'}" if d.type != "support" else "")
           + (f", HP {d.hp}" if d.hp else "") + (f", life {d.life}" if d.life else "")
           + (f", baton pass {'/'.join(d.baton_pass) or 'free'}" if d.type == "holomem" else "")]
    if d.tags:
        out.append("  tags: " + " ".join(d.tags))
    for key, label in (("also_named", "also treated as"), ("down_life", "life lost when downed"),
                       ("cannot_bloom", "cannot bloom"), ("unlimited_copies", "any number per deck")):
        if key in d.extra:
            out.append(f"  extra: {label}" + (f" {d.extra[key]}" if d.extra[key] is not True else ""))
    for art in d.arts:
        adv = "".join(f", +{v} against {c}" for c, v in art.advantage.items())
        out.append(f"  art '{art.name_en or art.name}': cost {'/'.join(art.cost) or 'none'}, damage {art.damage}{adv}")
        if art.raw.get("downs"):
            out.append("    when this art downs an opponent's holomem: " + effect_text(art.raw["downs"]))
        if art.raw.get("condition"):
            out.append(f"    can be used only if {cond_text(art.raw['condition'])}")
        if art.raw.get("target_also"):
            out.append(f"    may also target {holomem_text(art.raw['target_also'])}")
        if art.raw.get("target_only"):
            out.append(f"    can only target {holomem_text(art.raw['target_only'])}")
        for i, alt in enumerate(art.raw.get("cost_less") or ()):
            cond = cond_text(alt.get("condition"))
            out.append(f"    {'otherwise, ' if i else ''}{'if ' + cond + ', ' if cond else ''}this art needs "
                       f"{'/'.join(alt['icons'])} fewer")
        if art.unsupported:
            out.append(f"    UNSUPPORTED: {art.unsupported}")
        elif art.effect:
            out.append("    " + effect_text(art.effect))
    for key in ("oshi_skill", "sp_oshi_skill"):
        sk = getattr(d, key)
        if sk:
            out.append(f"  {key.replace('_', ' ')} '{sk.get('name_en') or sk.get('name')}': holo power "
                       f"{sk.get('holopower')}, {str(sk.get('limit', '')).replace('_', ' ')}, "
                       f"{SKILL_TIMINGS.get(sk.get('timing'), 'when usable' if sk.get('usable') else 'activated')}"
                       + (f", only if {cond_text(sk['condition'])}" if sk.get("condition") else "")
                       + (f", usable when {usable_text(sk['usable'])}" if sk.get("usable") else ""))
            out.append("    " + (f"UNSUPPORTED: {sk['unsupported']}" if sk.get("unsupported") else effect_text(sk.get("effect"))
                                 or "declare the die result (5.24.4)"))
    for ab in d.abilities:
        name = ab.get("name_en") or ab.get("name") or ""
        out.append(f"  {ab.get('kind')}{' (gift)' if ab.get('keyword') == 'gift' else ''}{' ' + repr(name) if name else ''}"
                   + (f" [{ab['trigger']}{': ' + ab['step'] if ab.get('step') else ''}"
                      f"{' ' + repr(ab['skill']) if ab.get('skill') else ''}"
                      f"{' (your SP oshi skill)' if ab.get('sp') else ''}"
                      f"{DEALT_KINDS.get(ab.get('damage_kind'), '')}"
                      f"{' by your own ability' if ab.get('by') == 'own' else ''}"
                      f"{' of ' + holomem_text(ab['holomem']) if ab.get('holomem') else ''}]" if ab.get("trigger") else "")
                   + (" (you may use it)" if ab.get("kind") == "auto" and ab.get("may") else "")
                   + (f" (once per turn)" if ab.get("limit") == "once_per_turn" else "")
                   + (f" (your abilities named {ab.get('name')!r}: once per "
                      f"{'turn' if ab['name_limit'] == 'once_per_turn' else 'game'} in all)"
                      if ab.get("name_limit") else ""))
        if ab.get("kind") == "auto" and ab.get("art"):
            out.append(f"    only the arts damage of its art '{ab['art']}'")
        if ab.get("holomem") is not None:
            out.append(f"    waits for the event of {holomem_text(ab['holomem'])}")
        if ab.get("level_up"):
            out.append("    only when the holomem's bloom level rises (Debut to 1st, 1st to 2nd)")
        if ab.get("from_level"):
            out.append(f"    only when it blooms from a {ab['from_level']} holomem")
        if ab.get("by_skill"):
            out.append(f"    only when the bloom is made by your oshi skill '{ab['by_skill']}'")
        if ab.get("unsupported"):
            out.append(f"    UNSUPPORTED: {ab['unsupported']}")
            continue
        if ab.get("kind") == "when_downs" and (ab.get("art") or ab.get("downed") or ab.get("downer")):
            out.append("    when " + (f"its art '{ab['art']}'" if ab.get("art") else
                                      holomem_text(ab["downer"]) if ab.get("downer") else "it") + " downs "
                       + (holomem_text(ab["downed"]) if ab.get("downed") else "an opponent's holomem")
                       + (f" ({ab['limit'].replace('_', ' ')})" if ab.get("limit") else ""))
        if ab.get("kind") == "activated":
            out.append("    played at will in your main step (an activated ability)")
        if ab.get("kind") == "when_downed" and ab.get("holomem"):
            out.append(f"    when {holomem_text(ab['holomem'])} is downed (in its down processing)")
        if ab.get("kind") == "when_downs" and ab.get("art"):
            out.append(f"    only when the arts damage of its art '{ab['art']}' downed it")
        for key, label in (("condition", "only if"), ):
            if ab.get(key):
                out.append(f"    {label}: {cond_text(ab[key])}")
        if ab.get("cost"):
            out.append("    cost: " + effect_text(ab["cost"]))
        if ab.get("modifier"):
            out.append("    " + ", ".join(f"{k} +{v}" for k, v in ab["modifier"].items()) + " for the holomem it is on")
        if ab.get("only_to"):
            out.append(f"    attaches only to a {holomem_text({'where': 'stage', **ab['only_to']}).replace('your ', '')}")
        if ab.get("no_limit"):
            out.append("    any number may be attached to one holomem")
        if ab.get("max"):
            out.append(f"    at most {ab['max']} of this card may be attached to one holomem")
        if ab.get("kind") == "replacement" and ab.get("replaces"):
            r = ab["replaces"]
            if r.get("event") == "damage":
                out.append(f"    replaces: {r.get('kind', 'any') + ' '}damage "
                           f"{'dealt by' if r.get('stage') == 'deal' else 'taken by'} {holomem_text(r.get('holomem', 'this'))}"
                           + (" or by an ability of your oshi holomem" + (
                               f" if it is named {' or '.join(_list(r['holomem']['name']))}"
                               if isinstance(r.get("holomem"), dict) and r["holomem"].get("name") else "")
                              if r.get("oshi") and r.get("stage") == "deal" else "")
                           + (f" to {holomem_text(r['to'])}" if r.get("to") not in (None, "opponent") else
                              " to your opponent's holomems" if r.get("to") == "opponent" else "")
                           + (" from your opponent" if r.get("from") == "opponent" else "")
                           + (f" dealt by {holomem_text(r['dealer'])}" if r.get("dealer") else ""))
            elif r.get("event") == "die_roll" and r.get("holomem"):
                out.append(f"    replaces: the result of a die rolled for an ability of {holomem_text(r['holomem'])}"
                           + (" or of your oshi holomem" if r.get("oshi") else "")
                           + (" (you may; to apply it: " + _lower(effect_text(ab['choice'])).rstrip('.') + ")"
                              if ab.get("choice") else ""))
        for line in _continuous_lines(ab):
            out.append("    " + line)
        if ab.get("kind") == "reroll":
            out.append("    when its holomem rolls a die for an ability, you may "
                       + ("archive this card: " if ab.get("archive_self") else "") + "re-roll it")
        if isinstance(ab.get("effect"), list):
            out.append("    " + effect_text(ab["effect"]))
    return out


def change_text(e) -> str:
    """What a continuous effect changes (10.10): its `names`, `invalidate`, numbers, costs."""
    bits = []
    if e.get("names"):
        bits.append("also named " + ", ".join(_list(e["names"])))
    if e.get("all_colors"):
        bits.append("treated as a holomem of every colour")
    if e.get("invalidate"):
        bits.append(f"abilities invalid: {e['invalidate']}")
    for k, label in (("arts", "arts"), ("hp", "HP")):
        if k in e:
            bits.append(f"{label} {int(e[k]):+d}")
    if "set_hp" in e:
        bits.append(f"HP becomes {e['set_hp']}")
    if e.get("arts_cost_colorless"):
        bits.append("every colour icon its arts need is colourless")
    if e.get("arts_cost_none"):
        bits.append("its arts need no cheer")
    if e.get("arts_cost"):
        bits.append("its arts need " + ", ".join(f"{int(n):+d} {'colourless' if c == 'any' else c}"
                                                 for c, n in e["arts_cost"].items()) + " cheer")
    if "baton_cost" in e:
        bits.append(f"its baton pass needs {int(e['baton_cost']):+d} colourless cheer")
    return ", ".join(bits)


def _continuous_lines(ab) -> list[str]:
    """The continuous abilities of rule 5's terms (effects/damage.py, effects/arts.py)."""
    out = []
    if isinstance(ab.get("effect"), dict):      # 10.10: what it changes, on which holomems
        out.append(f"{holomem_text(ab['effect'].get('target', 'this'))}: {change_text(ab['effect'])}")
    who = f"each of {holomem_text(ab['protects'])}" if ab.get("protects") else "the holomem"
    if ab.get("reduce_damage"):
        out.append(f"{who} takes {ab['reduce_damage']} less {_damage_scope(ab)}")
    if ab.get("prevent_damage"):
        out.append(f"{who} does not take {_damage_scope(ab)}")
    if ab.get("unreducible"):
        out.append(f"the {'/'.join(_list(ab['unreducible']))} damage the holomem deals cannot be reduced")
    if ab.get("use_arts_of"):
        out.append(f"the holomem may use the arts of {holomem_text(ab['use_arts_of'])}")
    if ab.get("target_also"):
        out.append(f"the holomem's arts may also target {holomem_text(ab['target_also'])}")
    if ab.get("as_cheer"):
        out.append(f"when its holomem uses an art, this card also counts as a {ab['as_cheer']} cheer (for the art's "
                   "cost only)")
    if ab.get("skill_uses"):
        out.append(f"your oshi skill '{ab['skill_uses']['name']}' may be used {ab['skill_uses']['times']} times in "
                   "its limit's period")
    if ab.get("bloom_ignoring_level"):
        out.append(f"the holomem may bloom with a {filter_text(ab['bloom_ignoring_level'])} from your hand, "
                   "whatever the bloom levels")
    if isinstance(ab.get("per"), dict):         # 'for each (X)': the numbers above, times the count
        per = ab["per"]
        if per.get("what") == "cards":
            out.append(f"(the numbers above: for each {zone_cards_text(per)})")
        else:
            what = {"cheer": "cheer on ", "stacked": "holomem card stacked under ",
                    "attached": f"{filter_text(per.get('filter'))} attached to "}.get(per.get("what"), "")
            out.append(f"(the numbers above: for each {what}{holomem_text(per.get('on', 'this'))})")
    if isinstance(ab.get("bloom_again"), dict):
        out.append(f"having bloomed this turn, the holomem may bloom once more with a "
                   f"{filter_text(ab['bloom_again'])} from your hand")
    if ab.get("attach_limit"):
        lim = ab["attach_limit"]
        out.append(f"up to {lim['max']} {lim['sub_type']}s{' of different card names' if lim.get('distinct_names') else ''}"
                   " may be attached to this holomem")
    if isinstance(ab.get("prohibit"), dict):
        out.append(prohibit_text(ab["prohibit"]))
    if isinstance(ab.get("require"), dict):
        out.append(require_text(ab["require"]))
    return out


# ------------------------------------------------------------------- linting
# Where a card is named (2.1.2): a holomem selector's or a card filter's `name`, an `oshi_is` condition's.
_NAMED_BY = ("holomem_filter", "card_filter")


def lint_card(number: str, raw: dict, names: set) -> list[str]:
    """Problems of one (schema-valid) card's encoding that the schema cannot see: names no card has (a
    selector or condition that can never match), an attach `max` on a card whose sub-type has its own
    limit, a `moved` with no `put_out` before it."""
    out = []
    seen = set()
    for path, t, value in card_nodes(raw):
        if not isinstance(value, dict) or "name" not in value or path in seen:
            continue
        if getattr(t, "name", None) in _NAMED_BY or path[-1:] == ("oshi_is",):
            seen.add(path)
            for n in _list(value["name"]):
                if n not in names:
                    out.append(f"{number} {_path(path)}: no card is named '{n}': this can never match")
    for i, ab in enumerate(raw.get("abilities") or ()):
        if ab.get("kind") == "attach_rule" and ab.get("max") and raw.get("sub_type") in ("tool", "mascot"):
            out.append(f"{number} abilities[{i}]: `max` is for cards without a sub-type limit; a {raw['sub_type']}'s "
                       f"limit is 5.17.3.1-5.17.3.2")
    effects = [(f"arts[{i}].effect", a.get("effect")) for i, a in enumerate(raw.get("arts") or ())]
    effects += [(f"abilities[{i}].effect", ab.get("effect")) for i, ab in enumerate(raw.get("abilities") or ())]
    effects += [(f"{k}.effect", raw[k].get("effect")) for k in ("oshi_skill", "sp_oshi_skill") if raw.get(k)]
    for path, items in effects:
        out.extend(f"{number} {p}" for p in moved_problems(path, items))
    return out


def _path(path) -> str:
    return format_path(path)


def moved_problems(path, items, seen=None) -> list[str]:
    """The selector `moved` (4.1.4.1) refers to what an earlier `put_out` of the same effect put onto the
    stage, so it needs one before it."""
    out, seen = [], seen if seen is not None else [False]
    for i, st in enumerate(items if isinstance(items, list) else ()):
        if not isinstance(st, dict):
            continue
        where = f"{path}[{i}]"
        for v, args in st.items():
            if isinstance(args, dict) and not seen[0]:
                for key, sel in args.items():
                    if sel == "moved" or (isinstance(sel, dict) and sel.get("where") == "moved"):
                        out.append(f"{where}.{v}.{key}: 'moved' refers to the holomems an earlier put_out of "
                                   f"this effect put onto the stage, and none comes before it")
            if isinstance(args, list) and v in verbs_mod.BRANCH_KEYS:
                out += moved_problems(f"{where}.{v}", args, seen)
        if "put_out" in st:
            seen[0] = True
    return out


def added_names(raw) -> set:
    """Names a card's continuous effects give holomems (`names: [..]`, 10.10.1.3): a selector or a
    condition naming one of them can match, though no card is printed with it."""
    out = set()

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("names"), list):
                out.update(n for n in x["names"] if isinstance(n, str))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(raw.get("abilities"))
    walk(raw.get("arts"))
    walk([raw.get("oshi_skill"), raw.get("sp_oshi_skill")])
    return out


def _lower(text: str) -> str:
    """A sentence of effect_text inside another: no capital, no full stop."""
    text = text.rstrip(".")
    return text[:1].lower() + text[1:]


def _list(x):
    return x if isinstance(x, (list, tuple)) else [x]
