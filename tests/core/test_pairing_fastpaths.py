"""The fast paths of the general engine (issue 14) give exactly what the plain computations
give: the blossom dual sums by chains (certify.blossom_sums) and, on seeded random events of
every game, the same boards as the complete graph / the reference evaluation."""

from __future__ import annotations

import random

import pytest

from swisstui.core.pairing.certify import blossom_sums


def _plain(blossoms, i, j):
    return sum(z for vs, z in blossoms if i in vs and j in vs)


def _laminar(r: random.Random, verts: list[int], out: list) -> None:
    """A random laminar family over ``verts`` (nested odd sets), appended to ``out``."""
    r.shuffle(verts)
    start = 0
    while start < len(verts):
        size = r.choice([1, 3, 5, 7, 9])
        part = verts[start:start + size]
        start += size
        if len(part) >= 3:
            out.append((list(part), r.randint(1, 2 ** r.choice([3, 60]))))
            _laminar(r, part[:len(part) - 2], out)


@pytest.mark.parametrize("seed", range(30))
def test_blossom_sums_equal_the_plain_sums(seed):
    r = random.Random(seed)
    n = r.randint(2, 40)
    blossoms: list = []
    _laminar(r, list(range(n)), blossoms)
    r.shuffle(blossoms)
    if seed % 3 == 0 and n > 3:  # not laminar: two overlapping sets (the check trusts nothing)
        blossoms.append(([0, 1, 2], 5))
        blossoms.append(([2, 3, n - 1], 7))
    zsum = blossom_sums(blossoms, n + 1)
    for i in range(n + 1):
        for j in range(n + 1):
            assert zsum(i, j) == _plain(blossoms, i, j), (i, j)
