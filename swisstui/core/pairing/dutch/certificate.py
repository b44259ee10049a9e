"""The proof that a homogeneous bracket's best pairing needs no exchange (FIDE C.04.3 D.2),
found without weighing the whole bracket.

A bracket of residents only, weighed alone (:mod:`.brackets`), whose S1 (the first ⌊n/2⌋
players) and S2 (the rest) can be paired S1 against S2 as well as any pairing of the whole
bracket can: then the Dutch order needs no exchange, and step 4 (the transpositions) starts
from that pairing.  The pairing of S1 against S2 is a bipartite problem, solved with its
optimal duals u (S1) and v (S2) (:func:`.transpositions.duals`).  Linear-programming duality
for perfect matchings (J. Edmonds, "Maximum matching and a polyhedron with 0,1-vertices",
1965; the odd-set constraints are not even needed here) turns them into a certificate for the
whole bracket: with one number T,

    y = u − T on S1,   y = v + T on S2,

is feasible for every pair S1–S2 (the sums do not change), and for the pairs inside S1 or
inside S2 when

    max over S2–S2 pairs (w − v_a − v_b)  ≤  2T  ≤  min over S1–S1 pairs (u_a + u_b − w).

Then every perfect matching M′ of the bracket has w(M′) ≤ Σ y = Σ u + Σ v = w(M), so M is
a best pairing of the whole bracket.  An odd bracket gets one more vertex, the downfloater's
seat D on the S1 side (weight 0 to everybody, dual u_D = 0): its pairs with S2 are S1–S2
pairs, its pairs with S1 add 2T ≤ u_a.  Every optimal pairing of a bracket weighed alone
pairs as many players as possible (C6 is its first criterion), so "perfect matching of the
bracket (plus D)" is the same as "pairing of the bracket" here.  When the interval is empty
nothing is proven and the bracket is weighed whole, as before.
"""

from __future__ import annotations


def no_exchange_is_best(u: dict[int, int], v: dict[int, int],
                        inside: list[tuple[int, int, int, bool]], odd: bool) -> bool:
    """True when the duals ``u`` (S1) and ``v`` (S2) of a best S1–S2 pairing prove it best for
    the whole bracket (module docstring).  ``inside``: the bracket's pairs (a, b, weight,
    both in S1) with both players on one side; ``odd``: the bracket has an odd number of
    players (seat D)."""
    lo = hi = None
    for a, b, w, on_s1 in inside:
        if on_s1:
            c = u[a] + u[b] - w
            if hi is None or c < hi:
                hi = c
        else:
            c = w - v[a] - v[b]
            if lo is None or c > lo:
                lo = c
    if odd and u:
        least = min(u.values())
        hi = least if hi is None else min(hi, least)
    return lo is None or hi is None or lo <= hi
