"""Replacement effects (10.2.1.3, 10.11): an event about to happen is replaced by another.

The machinery, for any event the engine (or an effect verb) is about to carry out:

    proposal = yield from replace_event(game, "damage", {"target": s, "amount": 60, ...}, source)
    if proposal is None: ...          # replaced: the event never happens (10.11.1.1)
    ... carry out the event as the proposal now says; then run proposal["after"] (12.3.5.2)

Each applicable replacement is applied at most once to one event (10.11.2.3); with several, the
affected player chooses which applies first (10.11.2, 10.11.2.1, 10.11.2.2); for damage, the ones
that replace dealing it come before the ones that replace taking it (10.11.2.4). An optional one
("instead you may X; if you do, Y", 10.2.1.3.2) asks its player, and cannot apply when X cannot be
done (10.11.3). Events the engine routes here: `damage` (5.22.1), `roll` (the instruction to roll a
die for an ability, 5.24.1, replaced by oshi skills used then, 12.1.5.1), `die_roll` (applying a
rolled die's result, 5.24.4: every effect that sets or changes it, dice.py), `archive_cheer` (a
cost, 5.12.1).

Replacements come from `replacement_sources` (functions game, event, proposal -> Replacement list;
another module may add its own) — printed abilities:

    - {kind: replacement, replaces: {event: damage, stage: take|deal, holomem: this, kind: arts,
       min: 50}, may: true, choice: [STEPS], effect: [STEPS]}
    - {kind: replacement, replaces: {event: die_roll, holomem: this}, effect: [{adjust: {set: 6}}]}
    - {kind: replacement, replaces: {event: die_roll, player: own}, effect: [{adjust: {set: 1}}]}
    - {kind: replacement, replaces: {event: archive_cheer, by: this}, may: true, effect: [..]}

In `effect`, `adjust: {add: N}` or `{set: N}` changes the number of the event (its damage,
its result: 10.2.1.3.3) and the event still happens with it; an effect without `adjust` replaces
the event outright (10.2.1.3.1).
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.terms import Bool, Either, Enum, Int, ListOf, Ref
from ..terms import COLOR, DAMAGE_KIND, LIMIT, SELECTOR, STEPS, VOCAB, key, mapping, verb_function, ability_kind
from .select import holds, holomems
from . import payment, play
from . import damage
from . import validity
from . import triggers

NUMBER = {"damage": "amount", "die_roll": "result", "archive_cheer": "count"}
# the events only 'usable when' oshi skills replace (usable.py), with the number each has
SKILL_NUMBER = {"archive_hand": "count"}

REPLACES = VOCAB.record(
    "replaces", "The event a replacement replaces (10.2.1.3, 10.11.1).", [
        key("event", "damage (5.22.1); die_roll (applying a rolled die's result: every effect that sets or changes "
            "it, 5.24.4, 10.2.1.3.3); archive_cheer (a cost, 5.12.1)", Enum(*NUMBER), required=True),
        key("stage", "damage: taking it or dealing it (dealing is replaced first, 10.11.2.4)",
            Enum("take", "deal"), "10.11.2.4", default="take"),
        key("holomem", "the holomem taking (dealing) the damage; die_roll: the holomem whose ability the die is rolled "
            "for, its result as it is about to be applied, after the roll and its re-rolls (5.24.4)", SELECTOR,
            default="this"),
        key("player", "die_roll: `own`: any die this card's player rolls for an ability, whichever card's (\"your die "
            "results are N\")", Enum("own"), "5.24.4"),
        key("kind", "damage of this kind only", DAMAGE_KIND),
        key("min", "damage of at least this much only", Int(minimum=1)),
        key("from", "damage: `opponent`: only damage the opponent deals ('相手からダメージを受ける時')", Enum("opponent")),
        key("to", "damage dealt: `opponent`: only damage dealt to an opponent's holomem ('相手のホロメンに与える'); a "
            "selector: only damage dealt to a holomem it names ('相手のセンターホロメンに与える': `opponent_center`)",
            Either(Enum("opponent"), SELECTOR)),
        key("target", "damage dealt: only damage dealt to these holomems ('相手のセンターホロメンに与える特殊ダメージ+10')",
            SELECTOR, "5.22.1"),
        key("dealer", "damage taken: only damage these holomems deal, by their arts or abilities ('相手の1stホロメンから"
            "受けるダメージ-20')", SELECTOR, "5.22.1"),
        key("oshi", "die_roll: a die rolled for an ability of this card's player's oshi holomem too ('自分の[推しホロメン"
            "か#1期生を持つホロメン]の能力でサイコロを振った時'); damage dealt (`stage: deal`): damage an ability of "
            "this card's player's oshi holomem deals too, when the oshi has the `holomem` selector's `name` if it "
            "names one ('自分の推しホロメンの〈猫又おかゆ〉と自分のステージの〈猫又おかゆ〉全員が…与える特殊ダメージ+20')",
            Bool(), "5.24.4", "10.13.3"),
        key("by", "archive_cheer: only cheer archived from this holomem", Enum("this"), "10.11.4"),
        key("colors", "archive_cheer: only cheer the cost may take of these colours ('アーカイブする青エール1枚の"
            "かわりに': a cost of another colour only is not replaced)", ListOf(COLOR), "10.11.4")])
ability_kind(
    "replacement", "10.2.1.3", "10.11", doc="a replacement effect: the event is replaced by `effect` (with `adjust`, "
    "it happens with a new number)", keys=[
        key("replaces", "the event it replaces", Ref("replaces", "{event: .., ..}"), required=True),
        key("may", "optional ('instead you may ...'): its player is asked each time", Bool(), "10.2.1.3.2"),
        key("choice", "what its player does to apply it ('you may X; if you do, ...'); if it cannot be done, the "
            "replacement cannot apply", STEPS, "10.11.3"),
        key("effect", "what happens instead", STEPS, "10.2.1.3.1", "10.11.1.1"),
        key("condition", "it applies only while this holds", Ref("condition", "CONDITION")),
        key("limit", "its use limit ('[ターンに1回]'): once applied, it applies no more in the period", LIMIT,
            "10.7.2.1.1")],
    at_least_one=("effect", "unsupported"))


class Replacement:
    """One replacement effect that may apply to one event (10.2.1.3)."""

    def __init__(self, key, event, label, player, *, spec=None, optional=False, choice=None, effect=None,
                 card=None, holder=None, keep=False, rules=(), ability=None):
        self.key, self.event, self.label, self.player = key, event, label, player
        self.ability = ability          # a printed ability with a use limit (10.7.2.1.1)
        self.spec = spec or {}
        self.optional, self.choice, self.effect = optional, choice or [], effect or []
        self.card, self.holder, self.keep, self.rules = card, holder, keep, tuple(rules)

    @property
    def stage(self) -> str:
        return self.spec.get("stage", "take")

    def matches(self, game, proposal) -> bool:
        spec = self.spec
        if self.event == "damage":
            who = proposal.get("dealer") if self.stage == "deal" else proposal.get("target")
            if not (self.stage == "deal" and spec.get("oshi") and self._by_oshi(game, proposal, spec)) and \
                    (who is None or not self._holomem_fits(game, spec.get("holomem", "this"), who)):
                return False
            if spec.get("kind") not in (None, proposal.get("kind")):
                return False
            if spec.get("from") == "opponent" and proposal.get("player") in (None, self.player):
                return False                          # damage its own player's ability or art deals
            target = proposal.get("target")
            if spec.get("to") == "opponent" and (target is None or target.owner == self.player):
                return False                          # damage dealt to one of its own player's holomems
            if spec.get("to") not in (None, "opponent") and (target is None or
                                                            not self._holomem_fits(game, spec["to"], target)):
                return False                          # damage dealt to another holomem than those named
            if "target" in spec and (target is None or not self._holomem_fits(game, spec["target"], target)):
                return False                          # dealt to another holomem than those named
            if "dealer" in spec:
                dealer = proposal.get("dealer")
                if dealer is None or not self._holomem_fits(game, spec["dealer"], dealer):
                    return False                      # dealt by another holomem (or by no holomem)
            return proposal["amount"] >= int(spec.get("min", 1))
        if self.event in ("roll", "die_roll"):
            if spec.get("player") == "own":           # any die its player rolls for an ability
                return proposal.get("player") == self.player
            if spec.get("oshi") and proposal.get("player") == self.player and proposal.get("card") is not None \
                    and proposal["card"] is game.oshi(self.player):
                return True                           # the oshi's ability (12.1)
            return proposal.get("holomem") is not None and \
                self._holomem_fits(game, spec.get("holomem", "this"), proposal["holomem"])
        if self.event == "archive_hand":          # cards of the hand about to be archived by a holomem's ability
            s = proposal.get("holomem")
            return s is not None and s.owner == self.player and \
                self._holomem_fits(game, spec.get("holomem", "stage"), s)
        if self.event == "archive_cheer":
            want = set(spec.get("colors") or ())          # 'instead of 1 blue cheer': the cost may take one
            if want and proposal.get("colors") and not want & set(proposal["colors"]):
                return False
            return spec.get("by") != "this" or proposal.get("by") is self.holder
        return True

    def _by_oshi(self, game, proposal, spec) -> bool:
        """10.13.3: the damage's source is this player's oshi holomem (its skill deals it), of the name
        the `holomem` selector asks for, if any (2.1)."""
        oshi = game.oshi(self.player)
        if oshi is None or proposal.get("source_card") is not oshi:
            return False
        sel = spec.get("holomem")
        names = sel.get("name") if isinstance(sel, dict) else None
        return not names or bool(set(names if isinstance(names, list) else [names]) & oshi.defn.names)

    def _holomem_fits(self, game, sel, stack) -> bool:
        if sel == "this":
            return stack is self.holder
        return stack in holomems(game, sel, {"player": self.player, "holomem": self.holder, "card": self.card})

    def possible(self, game) -> bool:
        """10.11.3: an optional replacement whose choice cannot be carried out cannot apply."""
        ctx = self.ctx(None)
        return not self.choice or payment.cost_payable(game, self.choice, ctx)

    def texts(self) -> list:
        """The steps this replacement carries out: its choice, then its effect."""
        return [*self.choice, *self.effect]

    def reduction(self, proposal) -> str | None:
        """The rule by which this replacement would reduce the damage, or None: having the holomem
        take none of it is 5.22.4 (the damage replaced outright, 10.2.1.3.1, unless the event is
        kept: an art declared instead, 12.3.5; or set to 0); an `adjust` that lowers it is 5.22.3."""
        adjusts = list(_steps_of(self.texts(), "adjust"))
        if not adjusts and _mentions(self.texts(), "redirect_damage"):
            return None                 # another holomem takes it: not a reduction (10.2.1.3)
        if not adjusts:
            return None if self.keep else "5.22.4"
        if any("set" in a and int(a["set"]) <= 0 < proposal["amount"] for a in adjusts):
            return "5.22.4"
        lowers = any(int(a.get("add", 0)) < 0 or ("set" in a and int(a["set"]) < proposal["amount"])
                     for a in adjusts)
        return "5.22.3" if lowers else None

    def ctx(self, proposal) -> dict:
        return {"player": self.player, "holomem": self.holder, "card": self.card, "replacing": proposal}

    def ask(self, game, proposal, source):
        """The player decides whether to apply an optional replacement (10.2.1.3.2)."""
        yes = Option("yes", True, keys=("true", "use"))
        no = Option("no", False, keys=("false", "skip"))
        return (yield Decision(self.player, "replacement", f"{self.label}: apply instead?",
                               ("10.2.1.3.2", "10.11.3"), [yes, no], source=self.label))

    def apply(self, game, proposal, source):
        """Carry out the replacement; the proposal as it now is, or None if the event is replaced."""
        ctx = self.ctx(proposal)
        if self.ability is not None:
            triggers._count_use(game, self.card, self.ability)       # 10.7.2.1.1: its limit
        if self.choice:
            yield from game.run_steps(self.choice, ctx, self.label)
        yield from play.resolve_effect(game, self.effect, ctx, self.label, ("10.11.1",), what="replacement")
        if self.keep or proposal.get("adjusted"):
            return proposal
        return None


def _init_replacement(game):
    game.replacement_sources: list = [_printed_replacements, _granted_replacements]
    game._damage_source = None

# ------------------------------------------------------------------ API
def replace_event(game, event, proposal, source=None):
    """10.11: apply the replacements of an event about to happen; the proposal to carry out, or
    None when the event was replaced by another and does not happen (10.11.1.1)."""
    applied = set()
    while True:
        found = [r for r in _replacements(game, event, proposal) if r.key not in applied]
        cands = []
        for r in found:
            if r.optional and not r.possible(game):
                applied.add(r.key)
                game.emit("replacement_unavailable", ("10.11.3",), r.label, player=r.player,
                          why="what it asks to do instead cannot be done")
            else:
                cands.append(r)
        if event == "damage" and proposal.get("unreducible"):
            cands = _unreducible(game, cands, proposal, applied)
        rules = ()
        if event == "damage" and any(r.stage == "deal" for r in cands):
            if any(r.stage == "take" for r in cands):
                rules = ("10.11.2.4",)       # dealing the damage is replaced before taking it
            cands = [r for r in cands if r.stage == "deal"]
        if not cands:
            return proposal
        pick = cands[0]
        if len(cands) > 1:
            chooser, why = _affected(game, event, proposal)
            opts = [Option(r.label, r, keys=(r.card.number if r.card else None, r.label.split(" ", 1)[-1]))
                    for r in cands]
            pick = yield Decision(chooser, "replacement_order", "which replacement applies first",
                                  ("10.11.2", why) + rules, opts, source=source)
            rules += ("10.11.2", why)
        applied.add(pick.key)                                    # 10.11.2.3: once per event
        if pick.optional and not (yield from pick.ask(game, proposal, source)):
            continue
        kind = ("10.2.1.3.2",) if pick.optional else ("10.2.1.3.1",)
        number = ("10.2.1.3.3",) if event in ("damage", "die_roll") else ()
        game.emit("replaced", ("10.2.1.3", "10.11.1", "10.11.1.1") + kind + number +
                  rules + pick.rules, pick.label, player=pick.player, event=event,
                  was=proposal.get({**NUMBER, **SKILL_NUMBER}.get(event, ""), None))
        proposal = yield from pick.apply(game, proposal, source)
        if proposal is None:
            return None
        proposal.setdefault("applied", []).append(pick)
        if pick.matches(game, proposal):
            game.emit("replacement_spent", ("10.11.2.3",), pick.label, player=pick.player,
                      why="it would apply again, but a replacement applies to one event once")


def _unreducible(game, cands, proposal, applied) -> list:
    """5.22.3.1: damage that cannot be reduced: a replacement that would lower it (5.22.3) or have
    the holomem take none of it (5.22.4; Q613) cannot apply; one that raises it still can."""
    keep = []
    for r in cands:
        rule = r.reduction(proposal)
        if rule is not None:
            applied.add(r.key)
            game.emit("not_reduced", ("5.22.3.1", rule), r.label, player=r.player,
                      target=game.snap(proposal["target"]),
                      amount=proposal["amount"], why="this damage cannot be reduced")
        else:
            keep.append(r)
    return keep


def replacement_possible(game, event, proposal) -> bool:
    """10.11.4: an applicable replacement could carry out this (optional) action instead."""
    return any(not r.optional or r.possible(game) for r in _replacements(game, event, proposal))


def _replacements(game, event, proposal) -> list:
    out = []
    for source in game.replacement_sources:
        out += [r for r in source(game, event, proposal) if r.event == event and r.matches(game, proposal)]
    return out


def _affected(game, event, proposal):
    """10.11.2: who orders them: for damage, the controller of the holomem it is dealt to
    (10.11.2.2); for a part of an ability (a die rolled for it, its cost), that ability's
    controller (10.11.2.1)."""
    if event == "damage":
        return proposal["target"].owner, "10.11.2.2"
    return proposal["player"], "10.11.2.1"

# ----------------------------------------------------------- the events
def deal_damage(game, target, amount, rules, source, *, kind, dealer=None, art=None, **extra):
    """5.22.1 after its replacements (10.11); the damage's source is the card whose ability
    deals it, or for arts the holomem card that deals it (10.13.3); `art`: the name of the art whose
    arts damage it is (its 'when this art downs', 11.3.1.1)."""
    src = dealer.top if dealer is not None and dealer.cards else play.source_card(game)
    proposal = {"target": target, "amount": amount, "kind": kind, "dealer": dealer or _resolving_holomem(game),
                "source_card": src, "player": _resolving_player(game, dealer), "art": art}
    if amount > 0:
        # 5.22.3.1: settled once, before any replacement: the effect's word or the dealer's ability
        extra["unreducible"] = proposal["unreducible"] = damage.damage_unreducible(game, dealer, kind,
                                                                                extra.get("unreducible"), target)
        proposal = yield from replace_event(game, "damage", proposal, source)
        if proposal is None:
            return
    game._damage_source = (src, ("10.13.1", "10.13.3") if src is not None else ())
    # 12.3.4: an activated art resolves by the steps of 12.3.4.1-12.3.4.5, its damage last
    rules = tuple(rules) + (("12.3.4",) if kind == "arts" else ())
    try:
        yield from damage.deal_reduced_damage(game, proposal["target"], proposal["amount"], rules, source, kind=kind,
                                       dealer=dealer, dealt_by=proposal["dealer"], art=proposal["art"], **extra)
    finally:
        game._damage_source = None
    for after in proposal.get("after") or ():                  # 12.3.5.2: after the event
        yield from after()


def _resolving_holomem(game):
    for ctx in reversed(game.resolving):
        if ctx.get("holomem") is not None:
            return ctx["holomem"]
    return None


def _resolving_player(game, dealer):
    if dealer is not None:
        return dealer.owner
    return game.resolving[-1]["player"] if game.resolving else None


@verb_function("archive_this", "5.12.1", doc="archive the card whose ability this is", group="machinery", arg=mapping())
def archive_this(game, arg, step, ctx, source):
    """5.12.1: archive the card whose ability this is (a fan archived instead of a cheer, 10.11.4)."""
    card = ctx.get("card")
    if card is None or card.zone is None:
        game.emit("nothing", ("1.3.2",), source, why="the card is not there")
        return
    game.archive(card, ("5.12.1",), source)
    return
    yield  # pragma: no cover


@verb_function("redirect_damage", "10.2.1.3", "10.2.1.3.1", doc="inside a replacement of damage about to be taken: "
               "that damage is taken by the holomem this names instead ('そのダメージを、選んだホロメンがかわりに受ける'; "
               "`chosen`: the one an earlier `choose_holomem` chose); the replacements of its taking it may still "
               "apply", group="machinery", arg=SELECTOR)
def redirect_damage(game, arg, step, ctx, source):
    """10.2.1.3: the event (damage taken by X) is replaced by another (the same damage taken by Y); Y's
    own replacements then apply to it as to any damage it is about to take (10.11.2.3: each once)."""
    proposal = ctx.get("replacing")
    if proposal is None or "target" not in proposal:
        game.emit("nothing", ("1.3.2",), source, why="no damage is being replaced")
        return
    found = holomems(game, arg, ctx)
    if not found:
        game.emit("nothing", ("1.3.2",), source, why="no holomem to take the damage")
        return
    from . import verbs
    new = found[0] if len(found) == 1 else (yield from verbs._pick_one(game, found, ctx["player"], source,
                                                                      ("10.2.1.3",), "the holomem to take it"))[0]
    old = proposal["target"]
    proposal["target"] = new
    proposal["adjusted"] = True                      # the event still happens, to the new holomem
    game.emit("redirected", ("10.2.1.3", "10.2.1.3.1"), source, was=game.snap(old), now=game.snap(new),
              amount=proposal.get("amount"))


@verb_function("adjust", "10.2.1.3.3", doc="inside a replacement: the replaced event happens with this number (damage, "
               "die result)", group="machinery", arg=mapping(
                   key("add", "add N to it", Int(variable="X")), key("set", "it becomes N", Int(variable="X")),
                   key("times", "it is multiplied by N ('倍の数として扱う': 2)", Int(minimum=2)),
                   at_least_one=("add", "set", "times")))
def adjust(game, arg, step, ctx, source):
    """10.2.1.3.3: a replacement changes the number of the event it replaces (add or set)."""
    proposal = ctx.get("replacing")
    if proposal is None:
        game.emit("nothing", ("1.3.2",), source, why="nothing is being replaced")
        return
    key = next(k for k in ("amount", "result", "count") if k in proposal)
    old = proposal[key] if proposal[key] is not None else 0
    new = int(arg["set"]) if "set" in arg else old * int(arg["times"]) if "times" in arg else \
        old + int(arg.get("add", 0))
    proposal[key] = max(new, 0) if key == "amount" else new
    proposal["adjusted"] = True
    game.emit("adjusted", ("10.2.1.3.3",), source, what=key, was=old, now=proposal[key])
    return
    yield  # pragma: no cover
def _printed_replacements(game, event, proposal):
    """`kind: replacement` abilities of valid cards (validity.py)."""
    out = []
    for p in game.PLAYERS if game.in_game("replacement") else ():
        for card, stack in validity.ability_holders(game, p):
            for ab in validity.valid_abilities(game, card, stack, ("replacement",)):
                spec = ab.get("replaces") or {}
                if spec.get("event") != event:
                    continue
                if not holds(game, ab.get("condition") or {}, {"player": p, "holomem": stack, "card": card}):
                    continue
                if not triggers._within_limit(game, card, ab):          # 10.7.2.1.1: used up
                    continue
                name = ab.get("name_en") or ab.get("name")
                out.append(Replacement((card.id, card.defn.abilities.index(ab)), event,
                                       f"{card.number} {name}" if name else card.number, p, spec=spec,
                                       optional=bool(ab.get("may")), choice=ab.get("choice"),
                                       effect=ab.get("effect"), card=card, holder=stack,
                                       rules=validity.validity_rules(card, ab), ability=ab))
    return out


def _granted_replacements(game, event, proposal):
    """`replacement` abilities a played effect gave a holomem for a period (`grant`, 10.2.1.2, 10.10.2)."""
    out = []
    for m in game.modifiers:
        if m["attribute"] != "granted" or m["stack"].zone is None or not m["stack"].cards:
            continue
        for i, ab in enumerate(m["abilities"]):
            spec = ab.get("replaces") or {}
            if ab.get("kind") != "replacement" or spec.get("event") != event:
                continue
            out.append(Replacement(("granted", m["seq"], i), event, str(m["source"]), m["player"], spec=spec,
                                   optional=bool(ab.get("may")), choice=ab.get("choice"), effect=ab.get("effect"),
                                   card=m["card"], holder=m["stack"], rules=("10.2.1.2", "10.10.2")))
    return out


def _mentions(steps, verb) -> bool:
    """Whether a `verb` step is among these steps, however deeply nested."""
    if isinstance(steps, dict):
        return verb in steps or any(_mentions(v, verb) for v in steps.values())
    if isinstance(steps, list):
        return any(_mentions(s, verb) for s in steps)
    return False


def _steps_of(steps, verb):
    """The arguments of every `verb` step in these steps, however deeply nested (branches, modes)."""
    if isinstance(steps, dict):
        for k, v in steps.items():
            if k == verb and isinstance(v, dict):
                yield v
            else:
                yield from _steps_of(v, verb)
    elif isinstance(steps, list):
        for v in steps:
            yield from _steps_of(v, verb)
