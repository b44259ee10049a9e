"""Round robin by Berger tables (FIDE C.05 Annex 1; Papp round-robin mode docs/RULES.md §2.4;
Renju WC finals §4.1) for small groups.

Players are numbered 1…n by lot number, then id; an odd field adds a dummy n+1 whose opponent
gets the pairing bye.  In round r (1-based) player n meets k = (r−1)·n/2 mod (n−1) + 1, and
the others i, j with i + j ≡ 2k (mod n−1) meet each other.  The first-listed player of i–j is
the one for whom (j − i) mod (n−1) is odd; player n is first-listed in even rounds.  Rounds
beyond n−1 repeat the cycle with the order reversed (double round robin).
"""

from __future__ import annotations

from ..i18n import _

from ..errors import PairingError


def berger_round(n: int, r: int) -> list[tuple[int, int]]:
    """Pairs (first-listed, second) of round ``r`` for numbers 1…n (n even)."""
    if n % 2:
        raise ValueError("berger_round needs an even n")
    m = n - 1
    cycle, rr = divmod(r - 1, m)
    rr += 1
    k = ((rr - 1) * (n // 2)) % m + 1
    pairs = [(n, k) if rr % 2 == 0 else (k, n)]
    seen = {k, n}
    for i in range(1, n):
        if i in seen:
            continue
        j = next(j for j in range(1, n) if j != i and j not in seen
                 and (i + j - 2 * k) % m == 0)
        seen.update((i, j))
        pairs.append((i, j) if (j - i) % m % 2 == 1 else (j, i))
    if cycle % 2 == 1:
        pairs = [(b, a) for a, b in pairs]
    # board order: Berger tables list the board of the n-player pairing first
    return pairs


def roundrobin_pairs(players: list, round_no: int, max_rounds: int) -> tuple[
        list[tuple[int, int]], int | None]:
    """Pairs of player ids and the bye (if odd) for ``round_no``; ``players`` sorted."""
    ids = [p.id for p in players]
    n = len(ids)
    if n < 2:
        raise PairingError(_("a round robin needs at least 2 players"))
    even = n + (n % 2)
    if round_no > 2 * (even - 1):
        raise PairingError(_("a round robin of {n} players has {value} rounds ({value2} double); round {round_no} does not exist").format(n=n, value=even - 1, value2=2 * (even - 1), round_no=round_no))
    number = {i + 1: pid for i, pid in enumerate(ids)}
    pairs, bye = [], None
    for a, b in berger_round(even, round_no):
        if a > n or b > n:
            bye = number[b if a > n else a]
            continue
        pairs.append((number[a], number[b]))
    return pairs, bye
