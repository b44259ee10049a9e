"""Tie-breaks decided by the games among the tied players only ("group" tie-breaks).

They are computed by :func:`.table.standings` for each set of players still tied on the score
and every criterion before them in the chain, never for the whole field.

* DE — direct encounter, FIDE C.07 Art. 6 (docs/RULES.md §5.2), also Renju's "personal game"
  (docs/RULES.md §4.4) and docs/RULES.md §8.2's final head-to-head step: the points each tied player scored
  in games played among them (averaged per opponent when two met more than once).  When all
  tied players have met, that total is the value.  When not, a player is placed first only if
  they would stay alone at the top whatever the missing games' results (their points exceed
  every other player's points plus a win for each game that player still lacks), then the
  same for second place, and so on; the others stay tied.  Values are then ranks from the
  top (the separated players ``n, n−1, …``, the rest 0).
  ``DE/P`` (C.07 Art. 14): forfeits between tied players count as games played.
* DC — OpenGotha direct confrontation (docs/RULES.md §1.4): within the group, a win graph; cycles
  of wins are collapsed into one node; repeatedly the nodes without a win inside the group are
  ranked last.  Value: the layer (0 = ranked last).
* SDC — simplified DC (docs/RULES.md §1.4): if all tied players have met, the number of games each
  won among them (jigo ½), else 0 for all.
"""

from __future__ import annotations

from collections import defaultdict

from ..model import GameKind as K
from .context import Context
from ..i18n import N_
from .registry import tiebreak


def _games_among(ctx: Context, ids: list[int]) -> dict[int, dict[int, list[float]]]:
    """``{p: {q: [points p scored vs q in each game played]}}`` for p, q in ``ids``."""
    group = set(ids)
    # ``/P`` (C.07 Art. 14): forfeits count as games played
    kinds = {K.GAME, K.FORFEIT_WIN, K.FORFEIT_LOSS, K.FORFEIT_DRAW} if ctx.forfeits_played \
        else {K.GAME}
    out: dict[int, dict[int, list[float]]] = {p: defaultdict(list) for p in ids}
    for p in ids:
        for r in ctx.history.get(p, ()):
            if r.kind in kinds and r.opponent in group:
                out[p][r.opponent].append(r.points)
    return out


def _any_met(ctx: Context, ids: list[int]) -> bool:
    """Whether two of ``ids`` played each other (``/P``: forfeits count): a quick test
    before :func:`_games_among` on a large group that never met."""
    group = set(ids)
    hist = ctx.history
    played = (K.GAME, K.FORFEIT_WIN, K.FORFEIT_LOSS, K.FORFEIT_DRAW) if ctx.forfeits_played \
        else (K.GAME,)
    for p in ids:
        for r in hist.get(p, ()):
            if r.opponent in group and r.kind in played:
                return True
    return False


def _all_met(games: dict[int, dict[int, list[float]]], ids: list[int]) -> bool:
    n = len(ids) - 1
    return all(len(games[p]) == n for p in ids)


@tiebreak("DE", N_("Direct encounter"), "docs/RULES.md §5.2 (C.07 Art. 6), §4.4; §8.2",
          group=True, aliases=("H2H", "DIRECT", "HEADTOHEAD"), modifiers=("P",))
def direct_encounter(ctx: Context, ids: list[int]) -> dict[int, float]:
    """Points among the tied players; with missing games only the places that no missing
    result could change are decided (docs/RULES.md §5.2, Art. 6)."""
    if len(ids) > 1 and not _any_met(ctx, ids):
        # nobody met: no place is decided whatever the missing results (each could still
        # win every game), and the points among them are 0 for all
        return dict.fromkeys(ids, 0.0)
    games = _games_among(ctx, ids)
    pts = {p: sum(sum(v) / len(v) for v in games[p].values()) for p in ids}
    if _all_met(games, ids):
        return pts
    # most each player could still reach: a win against every tied player not yet met
    n = len(ids) - 1
    best = {p: pts[p] + ctx.win * (n - len(games[p])) for p in ids}
    left = sorted(ids, key=lambda p: -pts[p])
    # suffix maxima of ``best``: the most anybody below position i could reach
    below = [0.0] * len(left)
    run = float("-inf")
    for i in range(len(left) - 1, -1, -1):
        below[i] = run
        run = max(run, best[left[i]])
    out = dict.fromkeys(ids, 0.0)
    value = float(len(ids))
    i = 0
    while i < len(left) - 1 and pts[left[i]] > below[i]:
        out[left[i]] = value  # alone at this place whatever the missing results
        value -= 1
        i += 1
    if i == len(left) - 1:
        out[left[i]] = value
    return out


def _beats(ctx: Context, ids: list[int]) -> dict[int, set[int]]:
    games = _games_among(ctx, ids)
    win = ctx.win
    return {p: {q for q, v in games[p].items() if sum(v) / len(v) >= win} for p in ids}


@tiebreak("DC", N_("Direct confrontation (OpenGotha)"), "docs/RULES.md §1.4 (DC)", ("go",),
          group=True)
def direct_confrontation(ctx: Context, ids: list[int]) -> dict[int, float]:
    """Win graph among the tied players, cycles collapsed; players without a win inside the
    (remaining) group are ranked last, repeatedly (docs/RULES.md §1.4)."""
    import networkx as nx

    beats = _beats(ctx, ids)
    graph = nx.DiGraph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((p, q) for p in ids for q in beats[p])
    cond = nx.condensation(graph)  # cycles of wins collapsed into one node
    height: dict[int, int] = {}
    for node in reversed(list(nx.topological_sort(cond))):
        succ = [height[s] for s in cond.successors(node)]
        height[node] = 1 + max(succ) if succ else 0  # 0: no win inside the group
    members = cond.graph["mapping"]
    return {p: float(height[members[p]]) for p in ids}


@tiebreak("SDC", N_("Simplified direct confrontation"), "docs/RULES.md §1.4 (SDC)", ("go",), group=True)
def simplified_direct_confrontation(ctx: Context, ids: list[int]) -> dict[int, float]:
    """Wins among the tied players if every pair has met, else 0 for all."""
    games = _games_among(ctx, ids)
    if not _all_met(games, ids):
        return dict.fromkeys(ids, 0.0)
    win = ctx.win
    return {p: sum(x / win for v in games[p].values() for x in v) for p in ids}
