"""How many Swiss rounds a field needs (docs/RULES.md §3.3, §5.7; §8.3).

* Any game: the exponent of the next power of two at or above the number of players, the
  fewest rounds that leave a single player with a perfect score (docs/RULES.md §5.7: ⌈log₂ n⌉;
  docs/RULES.md §8.3: 12 players → 4).
* A game with its own table (``GameProfile.pairing.rounds_advice``): Magic, the MTR Appendix E table
  (docs/RULES.md §3.3, in ``core/games/magic.py``); where a table has two rows for one
  field (Magic 9–16: 5 rounds + Top 4, or 4 rounds + Top 8 for a booster-draft playoff) both
  are offered (:attr:`Advice.alternatives`).


Standings warn when the event has fewer rounds than the power-of-two minimum
(:func:`needed_rounds`): tie-breaks then decide places that games should have (docs/RULES.md §8.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games import profile
from ..i18n import N_
from ..readers import Message


def needed_rounds(n: int) -> int:
    """⌈log₂ n⌉: the fewest rounds that can leave one perfect score (0 for fewer than 2)."""
    return max(0, int(n) - 1).bit_length()


@dataclass(frozen=True)
class Advice:
    players: int
    game: str | None
    rounds: int
    playoff: int | None  # Top N cut, or None
    note: str  # one line (a readers.Message); names every row of ``alternatives`` too
    # other rows of the table that fit this field: (rounds, playoff, when)
    alternatives: tuple[tuple[int, int | None, str], ...] = ()


def advice(n: int, game: str | None = None, *, prof=None) -> Advice:
    """Rounds and playoff cut for ``n`` players, with a one-line explanation: the game's own
    table (``GameProfile.pairing.rounds_advice``, Magic; ``prof``: the game's profile when the caller
    has it), else the power of two."""
    rounds = needed_rounds(n)
    if prof is None and game is not None:
        prof = profile(game)
    own = prof.pairing.rounds_advice if prof is not None else None
    if own is not None:
        return Advice(n, game, *own(n, rounds))
    return Advice(n, game, rounds, None,
                  Message(N_("{n} players: {rounds} rounds leave at most one perfect score "
                             "(2^{rounds} = {power} ≥ {n}; docs/RULES.md §5.7)"),
                          n=n, rounds=rounds, power=2 ** rounds))


def recommended_rounds(n: int, game: str | None = None, *, prof=None) -> int:
    """Recommended Swiss rounds for ``n`` players (Magic: MTR table, else power of two)."""
    return advice(n, game, prof=prof).rounds


def rounds_warning(n: int, planned: int, game: str | None = None, *,
                   prof=None) -> str | None:
    """A warning line when ``planned`` rounds are fewer than the field needs, else None."""
    need = needed_rounds(n)
    if planned >= need or n < 2:
        return None
    rec = recommended_rounds(n, game, prof=prof)
    return Message(N_("{planned} rounds for {n} players: fewer than the {need} needed to leave "
                      "a single perfect score (recommended {rec}); tie-breaks will decide "
                      "places that games should (docs/RULES.md §8.3)"),
                   planned=planned, n=n, need=need, rec=rec)
