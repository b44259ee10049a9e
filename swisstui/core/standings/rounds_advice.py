"""How many Swiss rounds a field needs (docs/RULES.md §3.3, §5.7; §8.3).

* Any game: the exponent of the next power of two at or above the number of players, the
  fewest rounds that leave a single player with a perfect score (docs/RULES.md §5.7: ⌈log₂ n⌉;
  docs/RULES.md §8.3: 12 players → 4).
* Magic: the MTR Appendix E table (docs/RULES.md §3.3), which assumes a Top 8 cut from 17
  players: 9–16 → 5 rounds (Top 4), 17–32 → 5, 33–64 → 6, 65–128 → 7, 129–226 → 8,
  227–409 → 9, 410+ → 10 (Top 8); up to 8 players the table plays single elimination
  (⌈log₂ n⌉ rounds).  The 9–16 row has two columns: 5 rounds and a Top 4 for most formats,
  4 rounds and a Top 8 for Limited with a booster-draft playoff — both are offered
  (:attr:`Advice.alternatives`); the first is the one :func:`recommended_rounds` returns.
  The 4-round row is also the power-of-two count for 9–16 players (12 players → 4).

Standings warn when the event has fewer rounds than the power-of-two minimum
(:func:`needed_rounds`): tie-breaks then decide places that games should have (docs/RULES.md §8.3).
"""

from __future__ import annotations

from dataclasses import dataclass

# MTR Appendix E: (largest field, rounds, playoff)
MAGIC_TABLE = ((16, 5, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8))
# MTR Appendix E, 9–16 players, Limited with a booster-draft playoff: (smallest field,
# largest field, rounds, playoff)
MAGIC_DRAFT_ROW = (9, 16, 4, 8)


def needed_rounds(n: int) -> int:
    """⌈log₂ n⌉: the fewest rounds that can leave one perfect score (0 for fewer than 2)."""
    return max(0, int(n) - 1).bit_length()


def recommended_rounds(n: int, game: str | None = None) -> int:
    """Recommended Swiss rounds for ``n`` players (Magic: MTR table, else power of two)."""
    if game == "magic" and n > 8:
        for top, rounds, _playoff in MAGIC_TABLE:
            if n <= top:
                return rounds
        return 10
    return needed_rounds(n)


@dataclass(frozen=True)
class Advice:
    players: int
    game: str | None
    rounds: int
    playoff: int | None  # Top N cut, or None
    note: str  # one line; names every row of ``alternatives`` too
    # other rows of the table that fit this field: (rounds, playoff, when)
    alternatives: tuple[tuple[int, int | None, str], ...] = ()


def advice(n: int, game: str | None = None) -> Advice:
    """Rounds and playoff cut for ``n`` players, with a one-line explanation."""
    rounds = recommended_rounds(n, game)
    if game == "magic":
        if n <= 8:
            return Advice(n, game, rounds, None,
                          f"{n} players: single elimination, {rounds} rounds (docs/RULES.md §3.3)")
        playoff = next((p for top, _r, p in MAGIC_TABLE if n <= top), 8)
        low, high, d_rounds, d_playoff = MAGIC_DRAFT_ROW
        if low <= n <= high:
            when = "Limited with a booster-draft playoff"
            return Advice(n, game, rounds, playoff,
                          f"{n} players: {rounds} Swiss rounds, then a Top {playoff} playoff "
                          f"(MTR Appendix E, all other formats); {when}: {d_rounds} Swiss "
                          f"rounds, then a Top {d_playoff} draft playoff (MTR Appendix E; "
                          f"also the power of two, 2^{d_rounds} = {2 ** d_rounds} ≥ {n})",
                          ((d_rounds, d_playoff, when),))
        return Advice(n, game, rounds, playoff,
                      f"{n} players: {rounds} Swiss rounds, then a Top {playoff} playoff "
                      f"(MTR Appendix E, docs/RULES.md §3.3)")
    return Advice(n, game, rounds, None,
                  f"{n} players: {rounds} rounds leave at most one perfect score "
                  f"(2^{rounds} = {2 ** rounds} ≥ {n}; docs/RULES.md §5.7)")


def rounds_warning(n: int, planned: int, game: str | None = None) -> str | None:
    """A warning line when ``planned`` rounds are fewer than the field needs, else None."""
    need = needed_rounds(n)
    if planned >= need or n < 2:
        return None
    rec = recommended_rounds(n, game)
    return (f"{planned} rounds for {n} players: fewer than the {need} needed to leave a single "
            f"perfect score (recommended {rec}); tie-breaks will decide places that games "
            f"should (docs/RULES.md §8.3)")
