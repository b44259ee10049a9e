"""Tie-breaks decided by the games among the tied players only ("group" tie-breaks).

They are computed by :func:`.table.standings` for each set of players still tied on the score
and every criterion before them in the chain, never for the whole field.

* DE — direct encounter, FIDE C.07 Art. 6 (RULES.md §5.2), also Renju's "personal game"
  (RULES.md §4.4) and seed 002's final head-to-head step: the points each tied player scored
  in games played among them (averaged per opponent when two met more than once).  When all
  tied players have met, that total is the value.  When not, a player is placed first only if
  they would stay alone at the top whatever the missing games' results (their points exceed
  every other player's points plus a win for each game that player still lacks), then the
  same for second place, and so on; the others stay tied.  Values are then ranks from the
  top (the separated players ``n, n−1, …``, the rest 0).
* DC — OpenGotha direct confrontation (RULES.md §1.4): within the group, a win graph; cycles
  of wins are collapsed into one node; repeatedly the nodes without a win inside the group are
  ranked last.  Value: the layer (0 = ranked last).
* SDC — simplified DC (RULES.md §1.4): if all tied players have met, the number of games each
  won among them (jigo ½), else 0 for all.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from ..model import GameKind as K
from .context import Context
from .registry import tiebreak


def _games_among(ctx: Context, ids: list[int]) -> dict[int, dict[int, list[float]]]:
    """``{p: {q: [points p scored vs q in each game played]}}`` for p, q in ``ids``."""
    group = set(ids)
    out: dict[int, dict[int, list[float]]] = {p: defaultdict(list) for p in ids}
    for p in ids:
        for r in ctx.history.get(p, ()):
            if r.kind is K.GAME and r.opponent in group:
                out[p][r.opponent].append(r.points)
    return out


def _all_met(games: dict[int, dict[int, list[float]]], ids: list[int]) -> bool:
    return all(q in games[p] for p, q in combinations(ids, 2))


@tiebreak("DE", "Direct encounter", "RULES.md §5.2 (C.07 Art. 6), §4.4; SEEDS.md 002",
          group=True, aliases=("H2H", "DIRECT", "HEADTOHEAD"))
def direct_encounter(ctx: Context, ids: list[int]) -> dict[int, float]:
    """Points among the tied players; with missing games only the places that no missing
    result could change are decided (RULES.md §5.2, Art. 6)."""
    games = _games_among(ctx, ids)
    pts = {p: sum(sum(v) / len(v) for v in games[p].values()) for p in ids}
    if _all_met(games, ids):
        return pts
    # most each player could still reach: a win against every tied player not yet met
    best = {p: pts[p] + ctx.win * sum(1 for q in ids if q != p and q not in games[p])
            for p in ids}
    left = sorted(ids, key=lambda p: -pts[p])
    out = {p: 0.0 for p in ids}
    value = float(len(ids))
    while len(left) > 1:
        top = left[0]
        if all(pts[top] > best[q] for q in left[1:]):
            out[top] = value
            value -= 1
            left = left[1:]
        else:
            break
    if len(left) == 1:
        out[left[0]] = value
    return out


def _beats(ctx: Context, ids: list[int]) -> dict[int, set[int]]:
    games = _games_among(ctx, ids)
    win = ctx.win
    return {p: {q for q, v in games[p].items() if sum(v) / len(v) >= win} for p in ids}


@tiebreak("DC", "Direct confrontation (OpenGotha)", "RULES.md §1.4 (DC)", ("go",),
          group=True)
def direct_confrontation(ctx: Context, ids: list[int]) -> dict[int, float]:
    """Win graph among the tied players, cycles collapsed; players without a win inside the
    (remaining) group are ranked last, repeatedly (RULES.md §1.4)."""
    beats = _beats(ctx, ids)
    # strongly connected components (cycles of wins) by mutual reachability
    reach: dict[int, set[int]] = {}
    for p in ids:
        seen, stack = set(), [p]
        while stack:
            for q in beats[stack.pop()]:
                if q not in seen:
                    seen.add(q)
                    stack.append(q)
        reach[p] = seen
    comp = {p: frozenset([p] + [q for q in reach[p] if p in reach[q]]) for p in ids}
    nodes = set(comp.values())
    out: dict[int, float] = {}
    layer = 0.0
    while nodes:
        sinks = {n for n in nodes
                 if not any(q not in n and comp[q] in nodes for p in n for q in beats[p])}
        if not sinks:  # cannot happen once cycles are collapsed; stay safe
            sinks = set(nodes)
        for n in sinks:
            for p in n:
                out[p] = layer
        nodes -= sinks
        layer += 1
    return out


@tiebreak("SDC", "Simplified direct confrontation", "RULES.md §1.4 (SDC)", ("go",), group=True)
def simplified_direct_confrontation(ctx: Context, ids: list[int]) -> dict[int, float]:
    """Wins among the tied players if every pair has met, else 0 for all."""
    games = _games_among(ctx, ids)
    if not _all_met(games, ids):
        return {p: 0.0 for p in ids}
    win = ctx.win
    return {p: sum(x / win for v in games[p].values() for x in v) for p in ids}
