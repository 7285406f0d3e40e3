"""The transformer of phrases.lark: each grammar rule's meaning in the declared effect language
(judge/games/hololive/terms.py). A method here may only build steps, conditions, selectors and card
filters that the declarations name; compile.py validates every result as `judge cards check` does."""
from __future__ import annotations

from lark import Transformer, v_args

COLORS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
BLOOMS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}
SUB_TYPES = {"スタッフ": "staff", "アイテム": "item", "イベント": "event", "ツール": "tool",
             "マスコット": "mascot", "ファン": "fan"}


class Unsupported(Exception):
    """A text the grammar derives but the effect language cannot say (yet): the phrase and why."""


def _one_or_list(values: list):
    return values[0] if len(values) == 1 else list(values)


class Part:
    """One part of a text: steps (with whether a connector opened it and the condition it opens with),
    a use condition or cost of a support (10.7.2.4.1, 10.4), or the LIMITED note (2.12)."""

    def __init__(self, kind: str, value=None, *, connector=False, conditional=False, bullet=False):
        self.kind, self.value = kind, value
        self.connector, self.conditional, self.bullet = connector, conditional, bullet

    def __repr__(self):
        return f"Part({self.kind}, {self.value!r})"


@v_args(inline=False)
class ToSteps(Transformer):
    # ------------------------------------------------------------ terminals
    def INT(self, t):
        return int(t)

    def NAME(self, t):
        return str(t)

    def TAG(self, t):
        return str(t)

    def TAG_OR(self, t):
        return str(t)

    def SKILL_NAME(self, t):
        return str(t)

    def COLOR(self, t):
        return COLORS[str(t)]

    def BLOOM(self, t):
        return BLOOMS[str(t)]

    def SUB_TYPE(self, t):
        return SUB_TYPES[str(t)]

    def REVEALED(self, t):
        return str(t)

    # ------------------------------------------------------------ the text
    def start(self, c):
        header = c[0] if c and isinstance(c[0], dict) else None
        parts = [p for p in c if isinstance(p, Part)]
        where = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "position"), None)
        if where is not None:               # every step holds only there (4.7.4, 4.8.4, 4.9.3)
            for part in parts:
                if part.kind in ("from_level", "cap"):     # not steps: a trigger's level, a count's cap
                    continue
                if part.kind not in ("steps", "downs"):
                    raise Unsupported("a position limit on a support's condition or cost")
                part.value = [{**s, "if": {**s.get("if", {}), "position": where}} for s in part.value]
        return header, parts

    def used_this_turn(self, c):            # 10.7.2.5, 10.7.2.5.4
        return {"used_this_turn": c[0]}

    def archive_has(self, c):               # 4.14: at least one in the archive
        return {"zone_has": {"zone": "archive", **({"filter": c[0]} if c[0] else {})}}

    def this_damaged(self, _):              # 4.4.5.4: its HP below its card's
        return {"stage_has": {"where": "this", "damaged": True}}

    def this_undamaged(self, _):            # 4.4.5.4: no damage
        return {"stage_has": {"where": "this", "damaged": False}}

    def center_damaged(self, _):            # 4.7.4, 4.4.5.4
        return {"center_is": {"damaged": True}}

    def center_color(self, c):              # 4.7.4, 2.4
        return {"center_is": {"color": c[0]}}

    def any_bloomed(self, _):               # 8.3.4, 5.14.1
        return {"any_bloomed_this_turn": True}

    def hand_fewer(self, _):                # 4.13 (equal is not fewer)
        return {"hand_fewer_than_opponent": True}

    def count_others(self, c):              # 4.6: not this holomem
        sel = c[0]
        return {"on": {**({"where": sel} if isinstance(sel, str) else sel), "other_than_this": True}}

    def count_opponent_rested(self, _):     # 4.3.2: the opponent's resting holomems
        return {"on": {"who": "opponent", "rested": True}}

    def cost_hand_range(self, c):           # 5.12.1, 1.3.5.2: the player chooses M to N of them
        low, high = c
        if not 1 <= low < high:
            raise Unsupported(f"{low}~{high} cards")
        return [{"put": {"count": high, "min": low, "to": "archive"}}]

    def count_paid(self, _):                # 10.4.1: what the cost's `put` moved
        return {"what": "paid"}

    def stage_count_min(self, c):           # 4.6
        sel, n = c
        return {"stage_count": {**_count_filter(sel), "min": n}}

    def stage_count_names(self, c):         # 4.6, 2.1
        sel, n = c
        return {"stage_count": {**_count_filter(sel), "min": n, "distinct_names": True}}

    def stage_count_max(self, c):           # 4.6
        return {"stage_count": {"max": c[0]}}

    def life_at_most_opponent(self, _):     # 4.10 (equal holds, Q427)
        return {"life_at_most_opponent": True}

    def oshi_color(self, c):                # 2.4
        return {"oshi_is": {"color": _one_or_list(list(c))}}

    def oshi_color_named(self, c):          # 2.4, 2.1.2
        return {"oshi_is": {"name": c[1], "color": c[0]}}

    def art_downs(self, c):                 # 10.1.1.2.3, 11.3.1.1: the art's `downs`
        return Part("downs", [s for x in c if isinstance(x, list) for s in x])

    def skill_condition(self, c):           # 10.1.1.1.1: the skill is usable only while it holds
        cond = {}
        for one in (x for x in c if isinstance(x, dict)):
            if set(one) & set(cond):
                raise Unsupported("two conditions on the same thing")
            cond.update(one)
        return Part("skill_condition", cond)

    def cost_own_cheer(self, c):            # 5.12.1: cheer of the holomems named
        sel, colors, count = c
        return [{"archive_cheer": {"from": sel, "count": count, **({"colors": colors} if colors else {})}}]

    def from_archive_range(self, c):        # 5.5.1, 1.3.5.2
        flt, low, high, may = c
        if not 1 <= low < high:
            raise Unsupported(f"{low}~{high} cards")
        return [{"take": {"from": "archive", "count": high, "min": low, **({"filter": flt} if flt else {}),
                          **({"may": True} if may else {})}}]

    def search_oshi_color(self, c):         # 5.11.2, 2.4
        step = self.search(c)
        step[0]["take"]["oshi_color"] = True
        return step

    def search_range(self, c):              # 5.11.2, 1.3.5.2
        flt, low, high = c
        if not 1 <= low < high:
            raise Unsupported(f"{low}~{high} cards")
        return [{"take": {"from": "deck", "count": high, "min": low, **({"filter": flt} if flt else {})}}]

    def center_bloom(self, c):              # 4.7.4, 2.3
        return {"center_is": {"bloom_level": c[0]}}

    def center_bloom_named(self, c):        # 4.7.4, 2.3, 2.1.2
        return {"center_is": {"bloom_level": c[0], "name": c[1]}}

    def own_has(self, c):                   # 2.1.2: one of your holomems matches (the stage's: no position)
        sel = c[0]
        if isinstance(sel, dict) and sel.get("where") == "stage":
            sel = {k: v for k, v in sel.items() if k != "where"}
        return self.stage_has([sel])

    def tag_back(self, c):
        return {"where": "back", "tag": c[0]}

    def bloom_named_holomem(self, c):
        return {"bloom_level": c[0], "name": c[1]}

    def from_level(self, c):                # 13.3.2: 'when it blooms from a <level>'
        return Part("from_level", c[0])

    def cost_hand_filtered(self, c):        # 5.12.1: matching cards of the hand (revealed, 5.11.1)
        flt, count = c
        return [{"put": {"count": count, "to": "archive", **({"filter": flt} if flt else {})}}]

    def stage_all(self, c):                 # 4.6: every holomem of the stage
        sel = c[0]
        if isinstance(sel, str):
            raise Unsupported("every holomem at a position")
        return {"stage_all": sel}

    def tag_collab(self, c):
        return {"where": "collab", "tag": c[0]}

    def on_collabed(self, _):               # 5.16.1, 8.4.4
        return ("trigger", "collabed")

    def on_bloomed(self, _):                # 5.14.1, 8.3.4
        return ("trigger", "bloomed")

    def attached_holder(self, c):           # 'at the <position> position': only there (4.7.4, 4.8.4)
        where = next((str(x) for x in c if str(x) in ("センター", "コラボ", "バック")), None)
        return ("position", {"センター": "center", "コラボ": "collab", "バック": "back"}[where]) if where else ("holder",)

    def position_limit(self, c):
        return ("position", {"センター": "center", "コラボ": "collab", "バック": "back"}[str(c[0])])

    def center_or_collab_limit(self, _):
        return ("position", ["center", "collab"])

    def oshi_header(self, c):              # 12.1.3 the holo power cost, 12.1.4 the limit
        holopower, name, limit = c
        return {"name": name, "holopower": holopower, "limit": limit}

    def once_per_turn(self, _):
        return "once_per_turn"

    def once_per_game(self, _):
        return "once_per_game"

    def bullet(self, _):
        return "bullet"

    def connector(self, _):
        return "connector"

    def part(self, c):
        part = c[-1]
        part.bullet = "bullet" in c
        return part

    def use_condition(self, c):
        return c[0]

    def hand_other_max(self, c):           # 10.7.2.4.1
        return Part("condition", {"hand_other_max": c[0]})

    def hand_other_min(self, c):           # 10.7.2.4.1
        return Part("condition", {"hand_other_min": c[0]})

    def cost_archive_cheer(self, c):       # 10.4, 5.12.1
        return Part("cost", [{"archive_cheer": {"from": "stage", "count": c[0]}}])

    def use_oshi_is(self, c):              # 10.7.2.4.1, 2.1.2
        return Part("condition", {"oshi_is": {"name": c[0]}})

    def use_stage_all(self, c):            # 10.7.2.4.1, 4.6
        sel = c[0]
        if isinstance(sel, str):
            raise Unsupported("every holomem at a position")
        return Part("condition", {"stage_all": sel})

    def name_limit(self, c):               # 10.7.2.1.1: counted over the abilities of that kind and name
        return Part("name_limit", (str(c[0]), str(c[1])))

    def name_limit_card(self, c):          # 10.7.2.1.1: the cards of that name its player plays
        return Part("name_limit", ("support", str(c[0])))

    def limited_note(self, _):             # 2.12: enforced from the card's `limited: true`
        return Part("limited")

    def sentence(self, c):
        body = c[-1]
        if isinstance(body, Part):          # look_top, choose_modify
            body.connector = body.connector or "connector" in c
            return body
        conditional = isinstance(body, tuple)
        steps = body[1] if conditional else body
        # the condition itself is kept: a そして / その後 sentence after it continues it (compile._steps)
        return Part("steps", steps, connector="connector" in c, conditional=body[2] if conditional else False)

    def conditional(self, c):
        conds, steps = [x for x in c[:-1] if isinstance(x, dict)], c[-1]
        cond = {}
        for one in conds:                   # "X時、Yなら、": every condition holds
            if set(one) & set(cond):
                raise Unsupported("two conditions on the same thing")
            cond.update(one)
        return ("if", [{"if": cond, **s} for s in steps], cond)

    # ------------------------------------------------------------ verbs
    def cheer_to_cheer_deck(self, c):       # 5.5.1: 'may return 1~N': 0 to N (1.3.5.1)
        return [{"return_to_deck": {"from": "archive", "filter": {"type": "cheer"}, "count": c[-1], "up_to": True,
                                    "to": "cheer_deck"}}]

    def draw(self, c):                      # 5.7.1
        return [{"draw": c[0]}]

    def search(self, c):                    # 5.11.2
        flt, count = c
        take = {"from": "deck", "count": count}
        if flt:
            take["filter"] = flt
        return [{"take": take}]

    def shuffle_deck(self, _):              # 5.6.1
        return [{"shuffle": "deck"}]

    def shuffle_cheer_deck(self, _):        # 5.6.1
        return [{"shuffle": "cheer_deck"}]

    def look_top(self, c):                  # 5.9.1; 'if X,' before it: the whole of it under X
        count, pick, rest = c[-3], c[-2], c[-1]
        if rest == "top_unordered":         # 'return the rest to the top': in what order, when more than one?
            if pick.get("max") == "any" or count - int(pick.get("max", 1)) > 1:
                raise Unsupported("the order of the cards returned to the deck's top")
            rest = "top"
        arg = {"count": count, "pick": pick, **({"rest": rest} if rest != "bottom" else {})}
        conds = [x for x in c[:-3] if isinstance(x, dict)]
        if conds:
            cond = self.conditional([*conds, []])[2]
            return Part("steps", [{"if": cond, "look_top": arg}], connector="connector" in c, conditional=cond)
        return Part("steps", [{"look_top": arg}], connector="connector" in c)

    def rest_bottom(self, _):
        return "bottom"

    def rest_archive(self, _):              # 5.12.1
        return "archive"

    def rest_top(self, _):                  # 4.1.5: onto the deck's top in the order its player chooses
        return "top"

    def rest_top_unordered(self, _):        # 4.1.5: one card left: no order to choose
        return "top_unordered"

    def pick_any(self, c):
        flt, revealed = c
        if revealed == "ホロメン":          # "... and add the revealed holomems to the hand"
            if flt.get("type", "holomem") != "holomem":
                raise Unsupported("the cards picked and the cards added differ")
            flt = {"type": "holomem", **flt}
        return {"max": "any", "filter": flt} if flt else {"max": "any"}

    def pick_n(self, c):
        flt, n = c
        return {"max": n, "filter": flt} if flt else {"max": n}

    def pick_n_any_card(self, c):
        return {"max": c[0]}

    def send_cheer(self, c):                # 5.21.1: from the top of the cheer deck
        count, to, may = c
        return [_send("cheer_deck", to, count, None, may)]

    def send_cheer_archive(self, c):        # 5.21.1: from the archive
        colors, count, to, may = c
        return [_send("archive", to, count, colors, may)]

    def send_cheer_search(self, c):         # 5.11.2, then 5.21.1
        colors, count, to, may = c
        step = _send("cheer_deck", to, count, colors, may)
        step["send_cheer"] = {"from": "cheer_deck", "search": True,
                              **{k: v for k, v in step["send_cheer"].items() if k != "from"}}
        return [step]

    def must(self, _):
        return False

    def may(self, _):
        return True

    def any_cheer(self, _):
        return None

    def cheer_colors(self, c):
        return list(c)

    def art_bonus(self, c):                 # 12.3.4.2
        return [{"art_bonus": c[0]}]

    def art_bonus_per(self, c):             # 12.3.4.2, counted as the text resolves
        what, every, amount = c[0], c[1], c[-1]
        return [{"art_bonus_per": {"amount": amount, **({"every": every} if every != 1 else {}), **what}}]

    def count_attached(self, c):
        return {"what": "attached", **({"filter": c[0]} if c[0] else {})}

    def count_cheer(self, _):
        return {"what": "cheer"}

    def count_stacked(self, _):
        return {"what": "stacked"}

    def count_holomems(self, c):
        sel = c[0]
        return {"on": {"where": sel} if isinstance(sel, str) else sel}

    def count_names(self, c):
        return {**self.count_holomems(c), "distinct_names": True}

    def counter(self, _):
        return None

    def count_cap(self, c):                 # the count of the sentence before, at most N
        return Part("cap", c[-1])

    def choose_modify(self, c):             # 10.2.1.2, 10.10.2: chosen as it resolves
        (target, count), arts = c[-2], c[-1]
        steps = [{"modify": {"target": target, "count": count, "arts": arts, "until": "end_of_turn"}}]
        return Part("steps", steps, connector="connector" in c)

    def conditional_choose(self, c):        # "If X, choose ... This turn, the chosen ...": both under X
        part = c[-1]
        cond = self.conditional([*c[:-1], []])[2]
        part.value = [{"if": cond, **st} for st in part.value]
        part.connector = part.connector or "connector" in c
        part.conditional = cond
        return part

    def own_bloomed(self, c):               # 8.3.2: a holomem that bloomed this turn
        sel = c[0]
        return {**({"where": sel} if isinstance(sel, str) else sel), "bloomed_this_turn": True}

    def bloom_names_holomem(self, c):
        return {"bloom_level": c[0], "name": list(c[1:])}

    def chosen_n(self, c):
        target, count = c[0]
        if count is None and target == "center":     # 'your centre holomem': the one there is
            return "center", 1
        if count is None:
            raise Unsupported("how many holomems are chosen")
        return target, count


    def modify_arts(self, c):               # 10.2.1.2, 10.10.1.4
        (target, count), arts = c
        mod = {"target": target}
        if count is not None:
            mod["count"] = count
        mod.update(arts=arts, until="end_of_turn")
        return [{"modify": mod}]

    def special_damage(self, c):            # 5.22.1
        target, amount = c[0], c[1]
        spare = {"no_life_loss": True} if len(c) > 2 else {}    # 11.3.1.2 as the text changes it (1.3.1)
        return [{"special_damage": {"target": target, "amount": amount, **spare}}]

    def special_damage_two(self, c):        # 5.22.1 to each: the centre, then the other
        second, amount = c[0], c[1]
        spare = {"no_life_loss": True} if len(c) > 2 else {}
        return [{"special_damage": {"target": t, "amount": amount, **spare}} for t in ("opponent_center", second)]

    def special_damage_paid(self, c):       # 5.22.1, 10.4.1: for each card the cost archived
        target, amount = c[0], c[1]
        spare = {"no_life_loss": True} if len(c) > 2 else {}
        return [{"special_damage": {"target": target, "amount": amount, "per": {"what": "paid"}, **spare}}]

    def archive_to_stage(self, c):          # 5.13.1 from the archive
        step = self.search_to_stage(c)
        step[0]["put_out"] = {"from": "archive", **{k: v for k, v in step[0]["put_out"].items() if k != "from"}}
        return step

    def with_unlimited(self, c):            # 2.11.2.1: the extra 'any number in a deck'
        flt = c[0]
        if flt.get("type", "holomem") != "holomem":
            raise Unsupported("an extra on a card that is not a holomem")
        return {"type": "holomem", **flt, "unlimited": True}

    def opponent_one_back(self, _):
        return "opponent_back"

    def no_life_loss(self, _):
        return True

    def restore_hp(self, c):                # 5.23.1: the holomems the player chooses (`all`: every one)
        (target, count), amount = c
        return [{"restore_hp": {"target": target, **({"count": count} if count not in (None, 1) else {}),
                                "amount": amount}}]

    def rest_this(self, _):                 # 5.2.1
        return [{"rest": "this"}]

    def holopower_from_deck(self, c):       # 4.15.1, 5.5.1
        return [{"holopower_from_deck": {"count": c[0]}}]

    def cheer_holder(self, _):
        return "this"

    def move_cheer_this(self, c):           # 5.17.4: this holomem's cheer re-attached
        _, colors, count, (to, many), may = c
        if many not in (None, 1):
            raise Unsupported(f"cheer re-attached to {many} holomems")
        return [{"move_cheer": {"from": "this", "to": to, "count": count, **({"colors": colors} if colors else {}),
                                **({"may": True} if may else {})}}]

    def cost_deck_top(self, c):             # 5.12.1; payable with that many cards there (10.4.2.2)
        return [{"archive_deck_top": {"count": c[0]}}]

    def cost_cheer_deck_top(self, c):       # 5.12.1 from the cheer deck (4.12)
        return [{"archive_deck_top": {"count": c[0], "zone": "cheer_deck"}}]

    def archive_cheer_deck_top(self, c):    # 5.12.1 from the cheer deck (4.12)
        count, may = c
        return [{"archive_deck_top": {"count": count, "zone": "cheer_deck", **({"may": True} if may else {})}}]

    def this_cheer_min(self, c):            # 4.4.3: all the cheer attached to this holomem
        return {"stage_has": {"where": "this", "cheer_min": c[0]}}

    def look_holopower(self, _):            # 5.8.1
        return [{"look": {"zone": "holopower"}}]

    def move_cheer(self, c):                # 5.17.4: cheer of the stage re-attached
        count, (to, many), may = c
        if many not in (None, 1):
            raise Unsupported(f"cheer re-attached to {many} holomems")
        return [{"move_cheer": {"from": "stage", "to": to, "count": count, **({"may": True} if may else {})}}]

    def holopower_take(self, c):            # 5.8.1, 5.11.2
        return [{"take": {"from": "holopower", "count": c[0]}}]

    def hand_to_holopower(self, c):         # 5.5.1, 4.15.1
        return [{"put": {"count": c[0], "to": "holopower"}}]

    def draw_and(self, c):                  # 5.7.1, then the clause
        return [{"draw": c[0]}, *c[1]]

    def cost_stacked(self, c):              # 4.4.8, 5.12.1: holomem cards under this one (of a filter)
        flt, count = c
        if flt.get("type", "holomem") != "holomem":
            raise Unsupported("stacked cards that are not holomems")
        flt = {k: v for k, v in flt.items() if k != "type"}
        return [{"archive_stacked": {**({"filter": flt} if flt else {}), "count": count}}]

    def cost_holopower(self, c):            # 5.12.1, 4.15: payable only with N there (10.4.2.2)
        return [{"archive_holopower": c[-1]}]

    def cost_archive_holopower(self, c):    # 10.7.2.4.1, 10.4: a support's cost
        return Part("cost", [{"archive_holopower": c[0]}])

    def may_pay_choose(self, c):            # 10.4.1: the cost, then the choice and its modifier
        cost, part = [x for x in c if not isinstance(x, str)][-2:]
        return Part("steps", [{"may_pay": {"cost": cost, "effect": part.value}}], connector="connector" in c)

    def archive_to_deck(self, c):           # 5.5.1, 4.1.5: the player chooses the order
        flt, low, high, may = c
        if not 1 <= low < high:
            raise Unsupported(f"{low}~{high} cards")
        # 'may return 1~N' is 0 to N (1.3.5.1); 'return 1~N' is at least 1 (1.3.5.2)
        return [{"return_to_deck": {"from": "archive", **({"filter": flt} if flt else {}), "count": high,
                                    **({"up_to": True} if may else {"min": low})}}]

    def stacked_max(self, c):               # 4.4.8: 'N or fewer'
        return {"stacked_max": c[0]}

    def stacked_none(self, _):              # 4.4.8: none (Q573)
        return {"stacked_max": 0}

    def search_distinct(self, c):           # 5.11.2, 2.1: of different card names
        step = self.search(c)
        step[0]["take"]["distinct_names"] = True
        return step

    def shuffle_holopower(self, _):         # 5.6.1, 4.15.2
        return [{"shuffle": "holopower"}]

    def buzz_named(self, c):                # 2.5.1, 2.1.2
        return {"type": "holomem", "buzz": True, "name": c[0]}

    def swap_opponent(self, _):             # 5.18.1
        return [{"swap": {"a": "opponent_center", "b": "opponent_back"}}]

    def swap_own_active(self, _):           # 5.18.1
        return [{"swap": {"a": "center", "b": {"where": "back", "rested": False}}}]

    def may_pay(self, c):                   # 10.4.1, 10.4.2.2: an optional cost, then what it buys
        cost, steps = c
        if "'paid'" in repr(steps) and not any("put" in s for s in cost):
            raise Unsupported("counting what a cost other than archiving hand cards archived")
        return [{"may_pay": {"cost": cost, "effect": steps}}]

    def cost_hand(self, c):                 # 5.12.1: cards of the hand archived
        return [{"put": {"count": c[0], "to": "archive"}}]

    def cost_this_cheer(self, c):           # 5.12.1; of these colours only
        colors, count = c
        return [{"archive_cheer": {"from": "this", "count": count, **({"colors": colors} if colors else {})}}]

    def cost_stage_cheer(self, c):          # 5.12.1
        return [{"archive_cheer": {"from": "stage", "count": c[0]}}]

    def archive_deck_top(self, c):          # 5.12.1
        count, may = c
        return [{"archive_deck_top": {"count": count, **({"may": True} if may else {})}}]

    def draw_then_archive(self, c):         # 5.7.1, then 5.12.1
        return [{"draw": c[0]}, {"put": {"count": c[1], "to": "archive"}}]

    def archive_hand(self, c):              # 5.12.1
        return [{"put": {"count": c[0], "to": "archive"}}]

    def from_archive(self, c):              # 5.5.1: from the archive to the hand
        flt, count, may = c
        return [{"take": {"from": "archive", "count": count, **({"filter": flt} if flt else {}),
                          **({"may": True} if may else {})}}]

    def attach_from_deck(self, c):          # 5.17.2
        return [_attach("deck", *c)]

    def attach_from_archive(self, c):       # 5.17.2
        return [_attach("archive", *c)]

    def search_to_stage(self, c):           # 5.13.1
        flt, count = c
        if flt.get("type", "holomem") != "holomem":
            raise Unsupported("putting a card that is not a holomem onto the stage")
        return [{"put_out": {"from": "deck", "count": count,
                             **({"filter": {k: v for k, v in flt.items() if k != "type"}} if len(flt) > 1 else {})}}]

    def center_or_collab_holomem(self, _):
        return {"where": ["center", "collab"]}

    def buzz_holomem(self, _):              # 2.5.1
        return {"type": "holomem", "buzz": True}

    # ------------------------------------------------------------ dice (5.24)
    def die_part(self, c):
        head = next(x for x in c if isinstance(x, dict))
        step = {"roll_die": head}
        for keys, steps in (x for x in c if isinstance(x, tuple)):
            for key in keys if isinstance(keys, list) else [keys]:    # '1, 3 or 5': one branch each
                if key in step:
                    raise Unsupported(f"two branches for the die result {key}")
                step[key] = steps
        return Part("steps", [step], connector="connector" in c, bullet="bullet" in c)

    def die_may(self, _):
        return {"may": True}

    def die_must(self, _):
        return {}

    def branch(self, c):
        key = c[0]
        return key, [s for x in c[1:] if isinstance(x, list) for s in x]

    def odd(self, _):
        return "odd"

    def even(self, _):
        return "even"

    def exactly(self, c):
        if not 1 <= c[0] <= 6:
            raise Unsupported(f"a die result of {c[0]}")
        return str(c[0])

    def one_of(self, c):
        for n in c:
            if not 1 <= n <= 6:
                raise Unsupported(f"a die result of {n}")
        return [str(n) for n in c]

    def at_most(self, c):
        return f"<={c[0]}"

    def at_least(self, c):
        return f">={c[0]}"

    # ------------------------------------------------------------ conditions
    def stage_has(self, c):                 # 2.1.2
        sel = c[0]
        return {"stage_has": {"where": sel} if isinstance(sel, str) else sel}

    def center_is(self, c):                 # 4.7.4: "when collabing with <name>"
        return {"center_is": {"name": c[0]}}

    def oshi_is(self, c):                   # 2.1.2
        return {"oshi_is": {"name": c[0]}}

    def center_tag(self, c):                # 4.7.4, 2.6.2
        return {"center_is": {"tag": c[0]}}

    def center_named(self, c):              # 4.7.4, 2.1.2
        return {"center_is": {"name": c[0]}}

    def stage_cheer(self, c):               # 10.4.2.2: cheer attached to your holomems
        return {"stage_cheer": c[0]}

    def second_first_turn(self, _):         # 6.2.1.5, 7.1.1
        return {"second_first_turn": True}

    def archive_min(self, c):               # 4.14: the cards of the archive
        flt, n = c
        return {"zone_has": {"zone": "archive", **({"filter": flt} if flt else {}), "min": n}}

    def hand_max(self, c):                  # 10.7.2.4.1: the cards of the hand
        return {"hand_other_max": c[0]}

    def life_max(self, c):                  # 4.10
        return {"life_max": c[0]}

    def this_has_cheer(self, c):            # 4.4.7: cheer attached to this holomem
        colors = c[0]
        if colors:
            return {"stage_has": {"where": "this", "cheer_color": _one_or_list(colors)}}
        return {"stage_has": {"where": "this", "has_cheer": True}}

    def this_has_attached(self, c):         # 5.17.1
        return {"stage_has": {"where": "this", "attached": c[0]}}

    def attached_named(self, c):
        return {"name": _one_or_list(c)}

    def attached_sub_type(self, c):
        return {"type": "support", "sub_type": _one_or_list(list(c))}

    def attached_support(self, _):
        return {"type": "support"}

    def tag_holomem_not_named(self, c):     # 2.1.2, 2.6.2
        return {"not_name": c[0], "tag": c[1]}

    # ------------------------------------------------------------ holomems
    def own(self, c):
        return c[0]

    def own_other(self, c):
        sel = c[0]
        return {**({"where": sel} if isinstance(sel, str) else sel), "other_than_this": True}

    def with_attached(self, c):             # 5.17.1
        flt, sel = c
        return {**({"where": sel} if isinstance(sel, str) else sel), "attached": flt}

    def this_holomem(self, _):
        return "this"

    def own_holomem_n(self, c):
        return c[0], (c[1] if len(c) > 1 else None)

    def stage_n(self, c):
        return c[0], c[1]

    def every(self, c):
        return c[0], "all"

    def tag_center_and_collab(self, c):
        return {"where": ["center", "collab"], "tag": c[0]}, "all"

    def opponent_center_or_collab(self, _):
        return {"where": ["center", "collab"], "who": "opponent"}

    def opponent_center(self, _):
        return "opponent_center"

    def opponent_collab(self, _):
        return "opponent_collab"

    def opponent_back(self, c):
        return _one_of("opponent_back", c[0])

    def opponent_back_not_debut(self, c):
        _one_of("opponent_back", c[0])
        return {"where": "back", "who": "opponent", "bloom_level": ["1st", "2nd", "spot"]}

    def opponent_center_or_back(self, c):
        _one_of("opponent_back", c[0])
        return {"where": ["center", "back"], "who": "opponent"}

    def opponent_stage(self, c):
        return _one_of("opponent_stage", c[0])

    def any_holomem(self, _):
        return "stage"

    def center(self, _):
        return "center"

    def collab(self, _):
        return "collab"

    def back(self, _):
        return "back"

    def color_center(self, c):
        return {"where": "center", "color": c[0]}

    def color_collab(self, c):
        return {"where": "collab", "color": c[0]}

    def tag_center(self, c):
        return {"where": "center", "tag": c[0]}

    def color_holomem(self, c):
        return {"color": c[0]}

    def tag_holomem(self, c):
        return {"tag": _one_or_list(c)}

    def center_named_holomem(self, c):
        return {"where": "center", "name": c[0]}

    def names_holomem(self, c):            # '[〈A〉 and 〈B〉] every one': each holomem of these names
        return {"name": list(c)}

    def tag_bloom_holomem(self, c):
        return {"tag": c[0], "bloom_level": c[1]}

    def bloom_holomem(self, c):
        return {"bloom_level": c[0]}

    def back_named(self, c):
        return {"where": "back", "name": c[0]}

    def named_holomem(self, c):
        return {"name": c[0]}

    # ------------------------------------------------------------ card filters (2.15)
    def card_filter(self, c):
        return c[0]

    def not_buzz(self, c):                  # 2.5.1
        return {**c[0], "buzz": False}

    def with_tag(self, c):                  # 2.6.2
        tag, flt = c
        return {"type": "holomem", "tag": tag, **{k: v for k, v in flt.items() if k != "type"}} \
            if flt.get("type", "holomem") == "holomem" else {**flt, "tag": tag}    # a support's tags too

    def with_tag_not_buzz(self, c):         # 2.6.2, 2.5.1
        return {**self.with_tag(c), "buzz": False}

    def by_bloom_name(self, c):
        level, name = c
        return {"type": "holomem", "bloom_level": level, "name": name}

    def by_name(self, c):
        return {"name": _one_or_list(c)}

    def by_color(self, c):
        return {"type": "holomem", "color": _one_or_list(c)}

    def by_bloom_color(self, c):            # 'a Debut purple holomem'
        return {"type": "holomem", "bloom_level": c[0], "color": c[1]}

    def by_tag(self, c):
        return {"type": "holomem", "tag": c[0]}

    def by_bloom(self, c):
        return {"type": "holomem", "bloom_level": _one_or_list(c)}

    def holomem_card(self, _):
        return {"type": "holomem"}

    def by_sub_type(self, c):
        return {"type": "support", "sub_type": _one_or_list(c)}

    def not_limited_sub_type(self, c):      # 2.12
        return {"type": "support", "sub_type": c[0], "limited": False}

    def support_card(self, _):
        return {"type": "support"}

    def cheer_card(self, _):
        return {"type": "cheer"}

    def limited_support(self, _):
        return {"type": "support", "limited": True}

    def any_card(self, _):
        return {}

    # ------------------------------------------------------------ gifts (13.4.1)
    def gift(self, c):
        head = {}
        for x in c:
            if isinstance(x, tuple):
                head[x[0]] = x[1]
        return head, [x for x in c if isinstance(x, Part)]

    def auto_limit(self, c):
        return ("limit", c[0])

    def gift_reduce(self, c):               # 5.22.3: a continuous ability (10.1.1.3)
        out = {"kind": "continuous"}
        if len(c) == 2:
            out["condition"] = {"position": c[0][1]}
        return {"continuous": {**out, "reduce_damage": c[-1]}}, []

    def gift_continuous(self, c):            # 10.1.1.3, 10.10: a continuous gift
        condition = {}
        for x in c[:-1]:
            if isinstance(x, tuple):          # [position only] (4.7.4, 4.8.4, 4.9.3)
                condition["position"] = x[1]
            elif isinstance(x, dict):         # 'if / while X' (10.10)
                if set(x) & set(condition):
                    raise Unsupported("two conditions on the same thing")
                condition.update(x)
        return {"continuous": {"kind": "continuous", **({"condition": condition} if condition else {}),
                               **c[-1]}}, []

    def gift_while(self, c):
        return c[0]

    def opponent_stage_has(self, c):          # 2.1.2, on the opponent's stage
        sel = c[0]
        return {"stage_has": {**({"where": sel} if isinstance(sel, str) else sel), "who": "opponent"}}

    def lasting_hp(self, c):                  # 10.10.1.4
        return {"modifier": {"hp": c[0]}}

    def lasting_arts(self, c):                # 10.10.1.4
        return {"modifier": {"arts": c[0]}}

    def lasting_prevent(self, _):             # 5.22.4: from the opponent
        return {"prevent_damage": True, "from": "opponent"}

    def lasting_reduce_arts(self, c):         # 5.22.3: the opponent's holomems' arts damage
        return {"reduce_damage": c[0], "from": "opponent", "damage_kind": "arts"}

    def lasting_others_arts(self, c):         # 10.10, 10.10.1.4 on the holomems it names
        return {"effect": {"target": c[0], "arts": c[1]}}

    def lasting_own(self, c):
        sel = c[0]
        return {"where": sel} if isinstance(sel, str) else sel

    def lasting_others(self, c):
        return {**self.lasting_own(c), "other_than_this": True}

    def lasting_at(self, c):                  # '自分のコラボポジションの...': the holomem at that position
        where = {"センター": "center", "コラボ": "collab", "バック": "back"}[str(c[0])]
        sel = self.lasting_own(c[1:])
        if sel.get("where", where) != where:
            raise Unsupported("two positions")
        return {**sel, "where": where}

    def opponent_turn(self, _):
        return ("turn", "opponent")

    def own_turn(self, _):
        return ("turn", "own")

    def on_downed(self, _):                 # 10.1.1.2.3, 11.3.1.1: inside down processing
        return ("trigger", "when_downed")

    def on_arts_used(self, _):              # 12.3.3
        return ("trigger", "arts_used")

    def on_damaged(self, _):                # 5.22.2
        return ("trigger", "damaged")

    def on_step(self, c):                   # 7.x: a step's start (or the performance step's end, 7.6.5)
        owner, name, edge = (str(x) for x in c)
        step = {"リセットステップ": "reset", "ドローステップ": "draw", "エールステップ": "cheer",
                "メインステップ": "main", "パフォーマンスステップ": "performance", "エンドステップ": "end"}[name]
        key = f"{step}_{'start' if edge == '開始' else 'end'}"
        if key not in ("reset_start", "draw_start", "cheer_start", "main_start", "performance_start",
                       "performance_end", "end_start"):
            raise Unsupported(f"the {key.replace('_', ' ')} as a trigger")
        return ("trigger", ("step", key, "own" if owner == "自分" else "opponent"))

    def on_downs(self, _):                  # 11.3.1.1: inside the downed holomem's down processing
        return ("trigger", "when_downs")

    # ------------------------------------------------------------ extras (2.11.2)
    def unlimited_copies(self, _):          # 2.11.2.1
        return {"unlimited_copies": True}

    def down_life(self, c):                 # 2.11.2.2
        return {"down_life": c[0]}

    def cannot_bloom(self, _):              # 2.11.2.4
        return {"cannot_bloom": True}

    def also_named(self, c):                # 2.11.2.3
        return {"also_named": list(c)}


def _count_filter(sel) -> dict:
    """The `filter` of a stage_count: a selector word (a position) or mapping; the whole stage: none."""
    if sel == "stage":
        return {}
    return {"filter": {"where": sel} if isinstance(sel, str) else sel}


def _attach(source, flt, count, to, may=False) -> dict:
    if flt.get("type") == "holomem":
        raise Unsupported("attaching a holomem card")
    return {"attach": {"from": source, **({"filter": flt} if flt else {}), "count": count, "to": to,
                       **({"may": True} if may else {})}}


def _no_tag(flt):
    raise Unsupported("a tag on a card that is not a holomem")


def _one_of(word: str, count: int):
    """'N of the opponent's ... holomems': one is a selector the player chooses from; more is not
    a target a damage step can take yet."""
    if count != 1:
        raise Unsupported(f"{count} targets at once")
    return word


def _send(source, to, count, colors, may) -> dict:
    arg = {"from": source}
    if colors:
        arg["colors"] = colors
    arg.update(count=count, to=to)
    if may:
        arg["may"] = True
    return {"send_cheer": arg}


# ---------------------------------------------------------------- attached supports (5.17, 5.19)
class Line:
    """One line of an attached support's text: an ability, a ◆ condition for the abilities after it,
    or a note (the rules' limit, nothing to encode; a fan's attach rule)."""

    def __init__(self, kind, value=None):
        self.kind, self.value = kind, value


@v_args(inline=False)
class ToAbilities(ToSteps):
    def ATTACHED(self, t):
        return str(t)

    def attached_line(self, c):
        return c[-1]

    def attached_modifier(self, c):         # 10.10.1.4
        _, stat, n = c
        return Line("ability", {"kind": "continuous", "modifier": {stat: n}})

    def arts(self, _):
        return "arts"

    def hp(self, _):
        return "hp"

    def attached_reduce(self, c):           # 5.22.3
        out = {"kind": "continuous", "reduce_damage": c[-1]}
        if len(c) == 3:                     # only at these positions (4.7.4, 4.8.4)
            out = {"kind": "continuous", "condition": {"position": c[1]}, "reduce_damage": c[-1]}
        return Line("ability", out)

    def center_or_collab(self, _):
        return ["center", "collab"]

    def attached_named_modifier(self, c):   # 10.10.1.4 while attached to that holomem (5.19.1)
        _, name, stat, n = c
        return Line("ability", {"kind": "continuous", "condition": {"attached_to": {"name": name}},
                                "modifier": {stat: n}})

    def attach_tag_from(self, c):
        tag, level = c
        levels = ["debut", "1st", "2nd"]
        if level not in levels:
            raise Unsupported(f"'{level} or higher'")
        return {"tag": tag, "bloom_level": _one_or_list(levels[levels.index(level):])}

    def additional(self, c):                # 5.19.1
        return Line("condition", {"attached_to": c[0]})

    def attach_named(self, c):
        return {"name": _one_or_list(c)}

    def attach_named_from(self, c):
        level, name = c
        levels = ["debut", "1st", "2nd"]
        if level not in levels:
            raise Unsupported(f"'{level} or higher'")
        return {"name": name, "bloom_level": _one_or_list(levels[levels.index(level):])}

    def attach_named_at(self, c):
        level, name = c
        return {"name": name, "bloom_level": level}

    def rules_limit(self, _):               # 5.17.3: the rules limit it already
        return Line("note")

    def fan_only_to(self, c):               # 11.4.3, 5.17.3.3
        return Line("ability", {"kind": "attach_rule", "only_to": c[0], "no_limit": True})

    def fan_names(self, c):
        return {"name": _one_or_list(c)}

    def attached_auto(self, c):             # 10.8: an automatic ability of the attached card
        ability = {"kind": "auto"}
        condition = {}
        steps = []
        for x in c:
            if isinstance(x, tuple) and x[0] == "limit":
                ability["limit"] = x[1]
            elif isinstance(x, tuple) and x[0] == "turn":
                condition["turn"] = x[1]
            elif isinstance(x, tuple) and x[0] == "position":     # 4.7.4, 4.8.4, 4.9.3
                if "position" in condition:
                    raise Unsupported("two positions")
                condition["position"] = x[1]
            elif isinstance(x, tuple) and x[0] == "trigger":
                ability["trigger"] = x[1]
            elif isinstance(x, list):
                steps += x
        if ability["trigger"] in ("when_downed", "when_downs"):   # 10.1.1.2.3, 11.3.1.1: not automatic
            if "limit" in ability:
                raise Unsupported("a limit on a 'when downed' ability")
            out = {"kind": ability["trigger"]}
        else:
            out = {"kind": "auto", "trigger": ability["trigger"]}
        if condition:
            out["condition"] = condition
        if "limit" in ability:
            out["limit"] = ability["limit"]
        out["effect"] = steps
        return Line("ability", out)
