"""A hololive board as text, for `judge explain`."""
from __future__ import annotations

from .refs import ZONE_NAMES


def holomem_text(game, s) -> str:
    bits = [s.top.number, f"{s.top.defn.name_en or s.top.defn.name}"]
    bits.append(f"HP {game.hp(s)}/{game.max_hp(s)}")
    if s.damage:
        bits.append(f"damage {s.damage}")
    if s.flags.get("rested"):
        bits.append("rested")
    cheer = game.cheers(s)
    if cheer:
        bits.append("cheer [" + ", ".join("/".join(sorted(c.defn.colors)) for c in cheer) + "]")
    sup = game.supports(s)
    if sup:
        bits.append("attached [" + ", ".join(c.number for c in sup) + "]")
    if len(s.cards) > 1:
        bits.append("stack [" + ", ".join(c.number for c in s.cards[:-1]) + "]")
    if s.aliases:
        bits.append(" ".join("$" + a for a in sorted(s.aliases)))
    return " ".join(bits)


def board_lines(game) -> list[str]:
    out = [f"turn {game.turn_number}, {game.turn_player}'s turn, step {game.step}"
           + (f" — game over: {game.result['winner']} ({game.result['reason']})" if game.over else "")]
    for p in game.PLAYERS:
        oshi = game.oshi(p)
        out.append(f"{p}: oshi {oshi.number if oshi else '-'}; life {len(game.zone(p, 'life'))}; "
                   f"life damage {game.life_damage[p]}")
        for name in ("center", "collab"):
            s = game.holomem_at(p, name)
            out.append(f"  {name:7s} {holomem_text(game, s) if s else '(empty)'}")
        for i, s in enumerate(game.back(p), 1):
            out.append(f"  back.{i:<2d} {holomem_text(game, s)}")
        for z in ZONE_NAMES:
            if z == "oshi":
                continue
            items = game.zone(p, z).items
            shown = ", ".join(c.number for c in items[:12]) + (" …" if len(items) > 12 else "")
            out.append(f"  {z:10s} {len(items):2d}  {shown}")
    return out
