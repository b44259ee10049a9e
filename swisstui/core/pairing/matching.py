"""The solver: maximum-cardinality, maximum-weight matching on integer weights.

networkx's blossom (pure Python, unbounded integers) is the reference; rustworkx (Rust) is the
accelerator.  rustworkx keeps weights in 128-bit integers and silently overflows near the top
(docs/PAIRING.md), so it is used only when the packed weights — whose widths are already sized for
the *sum* over a matching (:class:`.criteria.Packer`) — need at most :data:`RUSTWORKX_BITS`
bits; otherwise networkx solves.  Both return a maximum-weight matching among the maximum-
cardinality ones (the bye is a dummy vertex, so a complete pairing is a perfect matching).
"""

from __future__ import annotations

import rustworkx as _rx

RUSTWORKX_BITS = 120  # < 2**125 with the blossom's doubled duals (docs/PAIRING.md)


def solve(n: int, edges: list[tuple[int, int, int]], bits: int, *,
          engine: str = "auto", max_cardinality: bool = True) -> dict[int, int]:
    """Match vertices ``0 … n−1`` over weighted ``edges``; returns ``mate`` (both directions).
    ``max_cardinality``: the most pairs first, then the weight (the engine's rounds); False:
    the weight alone (the Dutch system's sub-problems)."""
    if engine == "auto":
        engine = "rustworkx" if bits <= RUSTWORKX_BITS else "networkx"
    if engine == "rustworkx":
        if bits > RUSTWORKX_BITS:
            raise ValueError(f"{bits}-bit weights overflow rustworkx")
        g = _rx.PyGraph()
        g.add_nodes_from(range(n))
        g.add_edges_from(edges)
        pairs = _rx.max_weight_matching(g, max_cardinality=max_cardinality,
                                        weight_fn=int)  # the payloads are the weights
    else:
        import networkx as nx
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from(edges)
        pairs = nx.max_weight_matching(g, maxcardinality=max_cardinality)
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[a] = b
        mate[b] = a
    return mate


def max_cardinality(n: int, edges: list[tuple[int, int]]) -> dict[int, int]:
    """A maximum-cardinality matching (diagnosis of infeasible rounds)."""
    return solve(n, [(a, b, 1) for a, b in edges], 2)
