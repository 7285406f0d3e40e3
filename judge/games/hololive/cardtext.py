"""Read an encoded card back as text (so a designer can check the encoding says what the card
says), and lint an encoding: unknown verbs, conditions, selectors, impossible branches."""
from __future__ import annotations

from .effects import verbs as verbs_mod
from .effects.select import CONDITIONS, WHERE

ABILITY_KINDS = ("collab_effect", "bloom_effect", "gift", "support", "continuous", "auto", "when_downed",
                 "attach_rule")
TRIGGERS = ("arts_used", "damaged", "restored", "step")
FILTER_KEYS = ("type", "sub_type", "bloom_level", "buzz", "limited", "name", "color")
SKILL_TIMINGS = {"die_roll": "used when a die is rolled for your holomem",
                 "when_downed": "used in down processing when your holomem is downed"}


def known_verbs() -> set:
    return {n[len("_verb_"):] for n in dir(verbs_mod.VerbsMixin) if n.startswith("_verb_")}


# ------------------------------------------------------------------ rendering
def holomem_text(sel) -> str:
    if isinstance(sel, str):
        who = "your opponent's " if sel.startswith("opponent_") else "your "
        where = sel.replace("opponent_", "")
        return {"this": "this holomem", "stage": who + "holomem on stage", "center": who + "centre holomem",
                "collab": who + "collab holomem", "back": who + "back holomem",
                "attached_to": "the holomem it is attached to"}.get(where, where)
    sel = dict(sel)
    bits = []
    if sel.get("color"):
        bits.append("/".join(_list(sel["color"])))
    if sel.get("bloom_level"):
        bits.append("/".join(_list(sel["bloom_level"])))
    base = holomem_text(("opponent_" if sel.get("who") == "opponent" else "") + sel.get("where", "stage"))
    named = f" named {' or '.join(_list(sel['name']))}" if sel.get("name") else ""
    other = " other than this one" if sel.get("other_than_this") else ""
    return base.replace("holomem", " ".join(bits + ["holomem"]), 1) + named + other


def filter_text(f) -> str:
    if not f:
        return "card"
    bits = []
    if f.get("limited"):
        bits.append("LIMITED")
    if "buzz" in f and not f["buzz"]:
        bits.append("non-Buzz")
    for key in ("color", "bloom_level"):
        if f.get(key):
            bits.append("/".join(_list(f[key])))
    bits.append(f.get("sub_type") or f.get("type") or "card")
    named = f" named {' or '.join(_list(f['name']))}" if f.get("name") else ""
    return " ".join(bits) + named


def cond_text(cond) -> str:
    parts = []
    for k, v in (cond or {}).items():
        if k == "stage_has":
            parts.append(f"you have a {holomem_text({'where': 'stage', **v}).replace('your ', '')}")
        elif k == "center_is":
            parts.append(f"your centre holomem is named {' or '.join(_list(v.get('name')))}")
        elif k == "attached_to":
            parts.append(f"it is attached to a {holomem_text({'where': 'stage', **v}).replace('your ', '')}")
        elif k == "hand_other_min":
            parts.append(f"you have at least {v} other card(s) in hand")
        elif k == "hand_other_max":
            parts.append(f"you have at most {v} other card(s) in hand")
        elif k == "zone_has":
            parts.append(f"your {v['zone']} has a {filter_text(v.get('filter'))}")
        elif k == "turn":
            parts.append("it is your turn" if v == "own" else "it is your opponent's turn")
        elif k == "position":
            parts.append(f"this holomem is in the {' or '.join(_list(v))} position")
        elif k == "stage_cheer":
            parts.append(f"you have at least {v} cheer on your stage")
        else:
            parts.append(f"{k}: {v}")
    return " and ".join(parts)


def step_text(step) -> str:
    verb = [k for k in step if k not in verbs_mod.STEP_KEYS]
    verb = verb[0] if verb else "?"
    a = step.get(verb)
    if verb == "draw":
        text = f"draw {a}"
    elif verb == "art_bonus":
        text = f"this art gets +{a}"
    elif verb == "send_cheer":
        a = a or {}
        n = "any number of" if a.get("count") == "any" else str(a.get("count", 1))
        frm = "the top of your cheer deck" if a.get("from", "cheer_deck") == "cheer_deck" else "your archive"
        col = f" {'/'.join(a['colors'])}" if a.get("colors") else ""
        text = f"{'you may ' if a.get('may') else ''}send {n}{col} cheer from {frm} to {holomem_text(a.get('to', 'stage'))}"
    elif verb == "move_cheer":
        col = f" {'/'.join(a['colors'])}" if a.get("colors") else ""
        n = "all" if a.get("count") == "all" else str(a.get("count", 1))
        each = ", each to a holomem you choose" if a.get("count") == "all" else ""
        text = f"move {n}{col} cheer from {holomem_text(a.get('from', 'stage'))} to {holomem_text(a.get('to', 'stage'))}{each}"
    elif verb == "modify":
        what = f"arts +{a['arts']}" if "arts" in a else f"HP +{a.get('hp')}"
        text = f"{holomem_text(a.get('target', 'this'))} gets {what} until the end of the turn"
    elif verb == "roll_die":
        branches = "; ".join(f"on {k}: " + ", then ".join(step_text(s) for s in step[k])
                             for k in step if k in verbs_mod.BRANCH_KEYS)
        text = f"{'you may ' if (a or {}).get('may') else ''}roll a die ({branches})"
    elif verb == "swap":
        text = f"switch {holomem_text(a['a'])} with {holomem_text(a['b'])} (you choose)"
    elif verb == "move_to_back":
        text = f"{'you may ' if isinstance(a, dict) and a.get('may') else ''}move this holomem to the back"
    elif verb == "take":
        text = f"reveal {a.get('count', 1)} {filter_text(a.get('filter'))} from your {a.get('from', 'deck')} and add it to your hand"
    elif verb == "put":
        text = f"put {a.get('count', 1)} card(s) from your hand into your {a.get('to', 'holopower')}"
    elif verb == "return_hand":
        text = "return your hand to your deck"
    elif verb == "shuffle":
        text = f"shuffle your {a if isinstance(a, str) else 'deck'}"
    elif verb == "look_top":
        pick = a.get("pick") or {}
        text = (f"look at the top {a['count']} cards of your deck, reveal up to {pick.get('max', 1)} "
                f"{filter_text(pick.get('filter'))} and add them to your hand; the rest go to the bottom in any order")
    elif verb == "special_damage":
        text = f"deal {a['amount']} special damage to {holomem_text(a.get('target', 'this'))}"
    elif verb == "restore_hp":
        text = f"restore {a['amount']} HP of {holomem_text(a.get('target', 'this'))}"
    elif verb == "treat_die_as":
        text = f"each die you roll counts as {a['value']} until the end of the turn (it is still rolled)"
    elif verb == "archive_cheer":
        text = f"archive {a.get('count', 1)} cheer from {holomem_text(a.get('from', 'stage'))}"
    else:
        text = f"{verb}: {a}"
    if "if" in step:
        text = f"if {cond_text(step['if'])}: {text}"
    return text


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
        if art.raw.get("target_only"):
            out.append(f"    can only target {holomem_text(art.raw['target_only'])}")
        if art.unsupported:
            out.append(f"    UNSUPPORTED: {art.unsupported}")
        elif art.effect:
            out.append("    " + effect_text(art.effect))
    for key in ("oshi_skill", "sp_oshi_skill"):
        sk = getattr(d, key)
        if sk:
            out.append(f"  {key.replace('_', ' ')} '{sk.get('name_en') or sk.get('name')}': holo power "
                       f"{sk.get('holopower')}, {str(sk.get('limit', '')).replace('_', ' ')}, "
                       f"{SKILL_TIMINGS.get(sk.get('timing'), 'activated')}"
                       + (f", only if {cond_text(sk['condition'])}" if sk.get("condition") else ""))
            out.append("    " + (f"UNSUPPORTED: {sk['unsupported']}" if sk.get("unsupported") else effect_text(sk.get("effect"))
                                 or "declare the die result (5.24.4)"))
    for ab in d.abilities:
        name = ab.get("name_en") or ab.get("name") or ""
        out.append(f"  {ab.get('kind')}{' ' + repr(name) if name else ''}"
                   + (f" [{ab['trigger']}{' by your own ability' if ab.get('by') == 'own' else ''}]"
                      if ab.get("trigger") else "")
                   + (f" (once per turn)" if ab.get("limit") == "once_per_turn" else ""))
        if ab.get("unsupported"):
            out.append(f"    UNSUPPORTED: {ab['unsupported']}")
            continue
        for key, label in (("condition", "only if"), ("requires", "needs"), ):
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
        if ab.get("effect"):
            out.append("    " + effect_text(ab["effect"]))
    return out


# ------------------------------------------------------------------- linting
def lint_card(number: str, raw: dict, names: set) -> list[str]:
    """Problems of one card's encoding beyond the schema: unknown verbs, conditions, selectors,
    impossible die branches, names no card has (a condition that can never hold)."""
    out = []
    verbs = known_verbs()

    def steps(path, items):
        for i, st in enumerate(items or ()):
            where = f"{path}[{i}]"
            if not isinstance(st, dict):
                out.append(f"{number} {where}: a step must be a mapping")
                continue
            vs = [k for k in st if k not in verbs_mod.STEP_KEYS and not _branch_like(k)]
            if len(vs) != 1:
                out.append(f"{number} {where}: a step needs exactly one verb, found {vs or 'none'}")
            for v in vs:
                if v not in verbs:
                    out.append(f"{number} {where}: unknown verb '{v}' (known: {', '.join(sorted(verbs))})")
            for k in st:
                if _branch_like(k) and k not in verbs_mod.BRANCH_KEYS:
                    out.append(f"{number} {where}: die result '{k}' can never happen (a die shows 1-6)")
            if "if" in st:
                cond(where + ".if", st["if"])
            for k in st:
                if k in verbs_mod.BRANCH_KEYS:
                    steps(f"{where}.{k}", st[k])
            for v in vs:
                args = st[v] if isinstance(st[v], dict) else {}
                for key in ("to", "from", "target", "a", "b"):
                    if key in args:
                        selector(f"{where}.{v}.{key}", args[key])

    def selector(path, sel):
        if isinstance(sel, str):
            if sel.replace("opponent_", "") not in WHERE and sel not in ("cheer_deck", "archive", "deck", "holopower",
                                                                         "hand", "deck_bottom"):
                out.append(f"{number} {path}: unknown selector '{sel}'")
        elif isinstance(sel, dict):
            if sel.get("where", "stage") not in WHERE:
                out.append(f"{number} {path}: unknown position '{sel.get('where')}'")
            for n in _list(sel.get("name", [])):
                if n not in names:
                    out.append(f"{number} {path}: no card is named '{n}': this can never match")

    def cond(path, c):
        if not isinstance(c, dict):
            out.append(f"{number} {path}: a condition must be a mapping")
            return
        for k, v in c.items():
            if k not in CONDITIONS:
                out.append(f"{number} {path}: unknown condition '{k}' (known: {', '.join(CONDITIONS)})")
            elif isinstance(v, dict):
                for n in _list(v.get("name", [])):
                    if n not in names:
                        out.append(f"{number} {path}.{k}: no card is named '{n}': the condition can never hold")
            if k in ("hand_other_max", "stage_cheer", "hand_other_min") and isinstance(v, int) and v < 0:
                out.append(f"{number} {path}.{k}: {v} can never hold")

    for i, art in enumerate(raw.get("arts") or ()):
        steps(f"arts[{i}].effect", art.get("effect"))
    for i, ab in enumerate(raw.get("abilities") or ()):
        kind = ab.get("kind")
        if kind not in ABILITY_KINDS:
            out.append(f"{number} abilities[{i}]: unknown kind '{kind}' (known: {', '.join(ABILITY_KINDS)})")
        if ab.get("trigger") and ab["trigger"] not in TRIGGERS:
            out.append(f"{number} abilities[{i}]: unknown trigger '{ab['trigger']}' (known: {', '.join(TRIGGERS)})")
        for key in ("condition", "requires"):
            if ab.get(key):
                cond(f"abilities[{i}].{key}", ab[key])
        steps(f"abilities[{i}].effect", ab.get("effect"))
        steps(f"abilities[{i}].cost", ab.get("cost"))
    for key in ("oshi_skill", "sp_oshi_skill"):
        if raw.get(key):
            steps(f"{key}.effect", raw[key].get("effect"))
    return out


def _branch_like(key) -> bool:
    k = str(key)
    return k in ("odd", "even") or k.lstrip("<>=").isdigit()


def _list(x):
    return x if isinstance(x, (list, tuple)) else [x]
