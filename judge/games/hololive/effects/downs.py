"""What down processing itself carries out (11.3.1.1): 'when downed' abilities of the holomem
and its attached cards (10.1.1.2.3: not automatic abilities), and the oshi skills usable
'when your holomem is downed' (12.1.5.2). One at a time, the turn player's first (11.3.1.1.1),
until none is left (11.3.1.1.2).

    abilities:
      - {kind: when_downed, condition: {turn: opponent}, effect: [STEPS]}
    oshi_skill: {holopower: N, limit: once_per_turn, timing: when_downed, condition: {...}, effect: [STEPS]}
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ....core.terms import Text
from ..terms import CONDITION, LIMIT, N1, SELECTOR, STEPS, ability_kind, key, verb_function
from ..events import on_event
from .select import condition_rules, holds, holomems, sp_skill_used_up
from . import play
from . import prohibit
from . import validity
from . import triggers
from . import timed

ability_kind(
    "when_downed", "10.1.1.2.3", "11.3.1.1", "11.3.1.1.1", doc="carried out inside down processing, before the "
    "holomem is archived, not as an automatic ability; with several, the turn player's first, each player choosing "
    "the order of theirs", keys=[key("condition", "only while this holds", CONDITION),
                                 key("holomem", "whose down it is carried out in: `this` (default), or the holomems "
                                     "the selector names, from this card's holomem ('自分のホロメンがダウンした時': "
                                     "`stage`; the ability's holomem may itself be one)", SELECTOR, "11.3.1.1"),
                                 key("limit", "its use limit ('[ターンに1回]'): not carried out once used up",
                                     LIMIT, "10.7.2.1.1"),
                                 key("effect", "what it does", STEPS)], at_least_one=("effect", "unsupported"))
ability_kind(
    "when_downs", "10.1.1.2.3", "11.3.1.1", "11.3.1.1.1", doc="'when this holomem downs an opponent's holomem': "
    "carried out inside that holomem's down processing, before it is archived, not as an automatic ability, by the "
    "player of the holomem whose damage it took last (its art, or an ability it played); with the 'when downed' "
    "actions, the turn player's first", keys=[key("condition", "only while this holds", CONDITION),
                                             key("art", "only when the damage that downed it was this holomem's "
                                                 "art of this name ('このアーツで…ダウンさせた時')", Text(), "12.3.4.5"),
                                             key("downed", "only when the downed holomem is one of these (from this "
                                                 "ability's player: `opponent_center`)", SELECTOR),
                                             key("downer", "whose downs it answers: the holomem whose damage downed "
                                                 "it is one the selector names, from this card's holomem, instead "
                                                 "of this holomem ('自分のホロメンが相手のホロメンをダウンさせた時': "
                                                 "`stage`; the ability's holomem may itself be one)", SELECTOR,
                                                 "11.3.1.1"),
                                             key("limit", "its use limit ('[ターンに1回]'): not carried out once "
                                                 "used up", LIMIT, "10.7.2.1.1"),
                                             key("effect", "what it does", STEPS)],
    at_least_one=("effect", "unsupported"))


class DownAction:
    """One action of 11.3.1.1 waiting to be carried out; oshi skills are optional ('can be used')."""

    __slots__ = ("player", "label", "ability", "card", "skill_key", "rules", "holder", "downed")

    def __init__(self, player, label, ability, card, skill_key=None, rules=(), holder=None, downed=None):
        self.player, self.label, self.ability, self.card = player, label, ability, card
        self.skill_key, self.rules, self.holder, self.downed = skill_key, rules, holder, downed

    @property
    def optional(self) -> bool:
        return self.skill_key is not None


def when_downed(game, stack):
    """11.3.1.1-11.3.1.1.2: the turn player carries out one of theirs, else the non-turn player."""
    todo = _down_actions(game, stack)
    again = ()
    while todo:
        player = next(p for p in (game.turn_player, game.other(game.turn_player))
                      if any(a.player == p for a in todo))
        mine = [a for a in todo if a.player == player]
        pick = mine[0]
        if len(mine) > 1 or pick.optional:
            opts = [Option(a.label, a, keys=(a.card.number, a.ability.get("name"), a.ability.get("name_en")))
                    for a in mine]
            if all(a.optional for a in mine):
                opts.append(Option("none", None, keys=("no", "skip", "false")))
            pick = yield Decision(player, "down_ability", "which 'when downed' action to carry out",
                                  ("11.3.1.1", "11.3.1.1.1"), opts, source=game.position(stack))
        if pick is None:             # 12.1.5.2 'can be used': the player uses none of the skills left
            todo = [a for a in todo if a.player != player]
            continue
        todo.remove(pick)
        # 11.3.1.1.1: the turn player's first, while the other player also has one waiting
        first = ("11.3.1.1.1",) if player == game.turn_player and any(a.player != player for a in todo) else ()
        yield from _carry_out(game, pick, stack, again + first)
        again = ("11.3.1.1.2",)      # any left: back to 11.3.1.1


def _down_actions(game, stack) -> list:
    found = []
    holders = [(stack, "when_downed")]
    downer = _downer(game, stack)
    if downer is not None:
        holders.append((downer, "when_downs"))       # 11.3.1.1: 'when (this holomem) downs'
    # 11.3.1.1: 'when (a holomem of yours) is downed' on another holomem of the stage (`holomem:`)
    watchers = [(s, "when_downed", True) for p in game.PLAYERS for s in game.stage(p) if s.cards]
    if downer is not None:
        # 11.3.1.1: 'when (a holomem of yours) downs (one)' on another holomem of its player (`downer:`)
        watchers += [(s, "when_downs", True) for s in game.stage(downer.owner) if s.cards]
    for holder, kind, watching in [(h, k, False) for h, k in holders] + watchers:
        for card in [holder.top, *holder.attached]:
            for ab in validity.valid_abilities(game, card, holder, (kind,)):      # 10.3.4, 10.3.2
                # whose down (`holomem`) or whose downing (`downer`) it waits for, when not its own holomem's
                watched, whom = (ab.get("holomem"), stack) if kind == "when_downed" else (ab.get("downer"), downer)
                if ab.get("kind") != kind or (watched is not None) != watching:
                    continue
                ctx = {"player": holder.owner, "holomem": holder, "card": card, "downed": stack}
                if watching and whom not in holomems(game, watched, ctx):
                    continue
                if kind == "when_downs" and not _downs_matches(game, ab, card, stack, ctx):
                    continue
                # 10.7.2.1.1: an ability whose use limit is used up is not carried out (10.1.3.1: by name)
                if holds(game, ab.get("condition") or {}, ctx) and triggers._within_limit(game, card, ab):
                    if ab.get("unsupported"):
                        raise NotRunnable(f"card {card.number} {kind} unsupported: {ab['unsupported']}")
                    label = f"{card.number} {ab.get('name_en') or ab.get('name') or kind.replace('_', ' ')}"
                    found.append(DownAction(holder.owner, label, ab, card,
                                            rules=condition_rules(ab.get("condition")), holder=holder))
    # 10.2.1.2, 10.10.2: 'when the chosen holomem downs ...' of a played effect for a period (`grant`)
    for ab, card, p, label, _key in (timed.granted(game, downer, "when_downs") if downer is not None else ()):
        ctx = {"player": p, "holomem": downer, "card": card, "downed": stack}
        if _downs_matches(game, ab, card, stack, ctx) and holds(game, ab.get("condition") or {}, ctx):
            found.append(DownAction(p, str(label), ab, card, rules=("10.2.1.2", "10.10.2"), holder=downer))
    art_name = stack.flags.get("damaged_by_art") if downer is not None else None
    if art_name is not None:
        # 11.3.1.1: 'when this art downs (an opponent's holomem)': the art's `downs` text, carried out in
        # the downed holomem's down processing by the player of the holomem that used the art
        art = next((x for x in game.arts_of(downer) if x.name == art_name), None)
        if art is not None and art.raw.get("downs"):
            found.append(DownAction(downer.owner, f"{downer.top.number} {art.name_en or art.name}",
                                    {"effect": art.raw["downs"], "name": art.name}, downer.top, holder=downer,
                                    downed=stack))
    # 12.1.5.2: the oshi skills 'usable when (your holomem) is downed' of the downed holomem's player,
    # and those 'usable when your holomem downs (an opponent's holomem)' of the downer's player: their
    # `this` is the downed holomem, or the holomem that downed it (`downed` names the downed one)
    for owner, timing, holder in ((stack.owner, "when_downed", stack),) + \
            (((downer.owner, "when_downs", downer),) if downer is not None else ()):
        oshi = game.oshi(owner)
        for key in ("oshi_skill", "sp_oshi_skill"):
            skill = getattr(oshi.defn, key) if oshi is not None else None
            if skill and skill.get("timing") == timing and _skill_usable(game, owner, oshi, skill, key, holder,
                                                                         stack):
                label = f"{oshi.number} {skill.get('name_en') or skill.get('name')}"
                found.append(DownAction(owner, label, skill, oshi, key, condition_rules(skill.get("condition")),
                                        holder=holder))
    return found


def _downs_matches(game, ab, card, stack, ctx) -> bool:
    """'When this art downs (the opponent's centre)': the art whose damage it took last (12.3.4.5),
    the downed holomem."""
    if "art" in ab:
        art = stack.flags.get("damaged_by_art")
        names = {n for n in (ab["art"],) if n}
        defn_art = next((a for a in card.defn.arts if ab["art"] in (a.name, a.name_en)), None)
        if defn_art is not None:
            names |= {defn_art.name, defn_art.name_en}
        if art not in names:
            return False
    return "downed" not in ab or stack in holomems(game, ab["downed"], ctx)


def _downer(game, stack):
    """The opponent's holomem that downed this one: its damage, not the down state of 4.4.9, brought
    it down, and the last damage it took was dealt by that holomem (its art or its ability), still
    on the stage."""
    if stack.flags.get("down"):
        return None
    dealer = game.stacks.get(stack.flags.get("damaged_by"))
    if dealer is None or dealer.zone is None or dealer.owner == stack.owner or not dealer.cards:
        return None
    return dealer


def _skill_usable(game, p, oshi, skill, key, holder, downed) -> bool:
    """12.1.5.2 with 12.1.4 (use limit), 8.5.1.1 / 8.5.1.2 and 12.1.3 (holo power to pay)."""
    ctx = {"player": p, "holomem": holder, "card": oshi, "downed": downed}
    if not holds(game, skill.get("condition") or {}, ctx) or not triggers._within_limit(game, oshi, skill):
        return False
    if sp_skill_used_up(game, p, key):
        return False
    if skill.get("unsupported"):      # it could be used now: the scenario needs it
        raise NotRunnable(f"card {oshi.number} {key} '{skill.get('name_en') or skill.get('name')}' "
                          f"unsupported: {skill['unsupported']}")
    if skill.get("holopower") == "X":
        raise NotRunnable(f"card {oshi.number} {key}: holo power X (12.1.3.1) in down processing "
                          "is not supported yet")
    return len(game.zone(p, "holopower")) >= (skill.get("holopower") or 0)


def _carry_out(game, a, stack, again=()):
    ctx = {"player": a.player, "holomem": a.holder or stack, "card": a.card, "downed": stack}
    if a.optional:
        hp = game.zone(a.player, "holopower")
        for _ in range(a.ability.get("holopower") or 0):            # 12.1.3
            game.archive(hp.items[-1], ("12.1.3",), a.card.number)
        triggers._count_use(game, a.card, a.ability)                           # 12.1.4
        if a.skill_key == "sp_oshi_skill":
            game.emit("sp_used", ("12.1.2", "12.1.4"), player=a.player)
        limit = ("12.1.4",) if a.ability.get("limit") else ()
        game.emit("use_oshi_skill", ("12.1.5.2", "11.3.1.1") + again + limit + a.rules, a.label,
                  player=a.player, skill=a.ability.get("name_en") or a.ability.get("name"),
                  sp=a.skill_key == "sp_oshi_skill", holomem=game.snap(stack))
    else:
        triggers._count_use(game, a.card, a.ability)                           # 10.7.2.1.1
        game.emit("when_downed", ("11.3.1.1", "10.1.1.2.3") + again + a.rules, a.label,
                  holomem=game.snap(stack), **({"by": game.snap(a.holder)} if a.holder not in (None, stack) else {}))
    yield from play.run_unplayed(game, a.ability.get("effect"), ctx, a.label)


@verb_function("life_loss_less", "11.3.1.2", "1.3.1", doc="(in a 'when downed' action) the life the down processing "
               "under way costs is N less, not below 0 ('自分の減るライフ-1'; the text prevails over 11.3.1.2, 1.3.1)",
               group="rule5", arg=N1)
def life_loss_less(game, n, step, ctx, source):
    """11.3.1.2: the downed holomem's player takes life damage; the card's text lowers it (1.3.1).
    Only inside the down processing of a holomem (its 'when downed' actions, 11.3.1.1)."""
    stack = ctx.get("downed")
    if stack is None:
        game.emit("nothing", ("1.3.2",), source, why="no down processing under way")
        return
    game.emit("life_loss_less", ("11.3.1.2", "1.3.1"), source, stack=stack, holomem=game.snap(stack), amount=int(n))
    return
    yield  # pragma: no cover


@verb_function("add_life_loss", "11.3.1.2", "1.3.1", doc="(inside down processing: a 'when this holomem downs' action) "
               "'相手のライフ-N': the player of the holomem being downed loses N more life for this down (the text "
               "prevails over 11.3.1.2, 1.3.1)", group="rule5", arg=N1)
def add_life_loss(game, n, step, ctx, source):
    """11.3.1.2 with 1.3.1: the downed holomem costs N more life (life_loss_less, negative); not where
    a prohibition protects that player's life from this player's abilities (1.3.3, Q312)."""
    s = ctx.get("downed")
    if s is None:
        game.emit("nothing", ("1.3.2",), source, why="no down processing under way")
        return
    if prohibit.prohibited(game, "life_loss", ctx["player"], source, life_of=s.owner):
        return
    game.emit("life_loss_less", ("11.3.1.2", "1.3.1"), source, stack=s, holomem=game.snap(s), amount=-int(n))
    return
    yield  # pragma: no cover


@on_event("life_loss_less")
def apply_life_loss_less(game, ev):
    stack = ev.data["stack"]                          # read by processes.down_life_damage
    stack.flags["life_loss_less"] = stack.flags.get("life_loss_less", 0) + ev.data["amount"]
