"""The list method: pair down the ordered list, skipping players already met, backing up one
pair at a time when the last pair fails (docs/RULES.md §8.2: Swig and the Tagajo method; docs/RULES.md
§1.7 "Japanese amateur Swiss").

From the top of the list, the highest unpaired player meets the next player in the list
whom they may meet; when the players left cannot all be paired, that pair is undone and the
next candidate is tried.  The result is the *lexicographically first* pairing of the list:
the top player's partner is the earliest possible, then the next unpaired player's, and so
on.  :func:`pair_in_list` runs the method itself (depth first, backing up) within a step
budget; a round where backing up goes deeper is finished by a walk that takes a candidate
when the players left can still all be paired (a maximum-cardinality check) — the same
pairing, without the method's exponential worst case.

An odd field adds the phantom bye player at the *bottom* of the list (Tagajo: "Z" counts as
the lowest participant, so the bye goes to the lowest player who can take it), whom nobody
who already had a pairing bye may meet — unless no pairing exists otherwise.

Used by the engine for a style whose :class:`~swisstui.core.games.base.StyleMethod` pairs down
the list, as long as the event keeps the method's settings (no colour or club/country rule).
"""

from __future__ import annotations

from .criteria import Evaluator
from .groups import PState
from .matching import max_cardinality

PHANTOM = -1


def _complete(vertices: list[int], allowed: dict[int, set[int]]) -> bool:
    """Whether ``vertices`` can all be paired along ``allowed`` edges."""
    if len(vertices) % 2:
        return False
    if not vertices:
        return True
    index = {v: k for k, v in enumerate(vertices)}
    edges = [(index[a], index[b]) for a in vertices for b in allowed[a]
             if b in index and index[a] < index[b]]
    return len(max_cardinality(len(vertices), edges)) == len(vertices)


def pair_in_list(pool: list[PState], ev: Evaluator, *, second_bye: bool = False
                 ) -> tuple[list[tuple[int, int, list[tuple[int, str]]]], int | None,
                            list[tuple[int, str]]] | None:
    """The list method over ``pool`` (in list order, indices into it).

    Returns ``(pairs, bye, bye_skipped)``: each pair ``(upper, lower, skipped)`` with
    ``skipped`` the candidates passed over before ``lower`` as ``(index, "met" | "forbidden"
    | "backed up")``, the index of the pairing bye (None for an even field) and the
    candidates it passed over before meeting the phantom; None when the absolute rules
    leave no pairing.  ``second_bye`` lets a player who already had a pairing bye take it."""
    n = len(pool)
    verts = list(range(n))
    why_not: dict[tuple[int, int], str] = {}
    allowed: dict[int, set[int]] = {i: set() for i in verts}
    for i in range(n):
        for j in range(i + 1, n):
            why = ev.blocked(pool[i], pool[j])
            if why is None:
                allowed[i].add(j)
                allowed[j].add(i)
            else:
                # the rule from the facts, not from the (translated) sentence
                pa, pb = pool[i], pool[j]
                forbidden = ev.ctx.forbidden and frozenset((pa.id, pb.id)) in ev.ctx.forbidden
                why_not[(i, j)] = "met" if pb.id in pa.met and not ev.ctx.allow_rematch else \
                    "forbidden" if forbidden else "colours"
    if n % 2:
        verts.append(PHANTOM)
        allowed[PHANTOM] = {i for i in range(n) if second_bye or not ev.bye_ineligible(pool[i])}
        for i in allowed[PHANTOM]:
            allowed[i].add(PHANTOM)
    if not _complete(verts, allowed):
        return None
    order = _search(verts, allowed, budget=8 * len(verts) ** 2)
    if order is None:  # the search ran past its budget: the checked walk
        order = _checked(verts, allowed)
    pairs: list[tuple[int, int, list[tuple[int, str]]]] = []
    bye, bye_skipped = None, []
    left = verts
    for a, b in order:  # what was passed over before each partner, for the explanation
        rest = left[1:]
        skipped = [(x, "bye" if x == PHANTOM else "backed up" if x in allowed[a] else
                    why_not.get((min(a, x), max(a, x)), "met")) for x in rest[:rest.index(b)]]
        if b == PHANTOM:
            bye, bye_skipped = a, skipped
        else:
            pairs.append((a, b, skipped))
        left = [x for x in rest if x != b]
    return pairs, bye, bye_skipped


def _search(verts: list[int], allowed: dict[int, set[int]], budget: int
            ) -> list[tuple[int, int]] | None:
    """The method itself: depth-first down the list, backing up one pair at a time.  The
    first complete pairing it reaches is the lexicographically first.  None when it takes
    more than ``budget`` steps (a round where backing up goes deep)."""
    stack: list[tuple[list[int], int]] = []
    chosen: list[tuple[int, int]] = []
    left, k, steps = verts, 0, 0
    while left:
        a = left[0]
        while k < len(left) - 1:
            b = left[1 + k]
            k += 1
            steps += 1
            if steps > budget:
                return None
            if b in allowed[a]:
                stack.append((left, k))
                chosen.append((a, b))
                left, k = [x for x in left[1:] if x != b], 0
                break
        else:
            if not stack:
                return None  # not reached: the field was checked complete
            left, k = stack.pop()
            chosen.pop()
    return chosen


def _checked(verts: list[int], allowed: dict[int, set[int]]) -> list[tuple[int, int]]:
    """The same pairing without backing up: a candidate is taken when the players left can
    still all be paired (a maximum-cardinality check per candidate)."""
    chosen = []
    left = verts
    while left:
        a, rest = left[0], left[1:]
        for b in rest:
            if b in allowed[a] and _complete([x for x in rest if x != b], allowed):
                chosen.append((a, b))
                left = [x for x in rest if x != b]
                break
        else:  # pragma: no cover - the field was checked complete
            raise AssertionError("list method: no complete pairing")
    return chosen
