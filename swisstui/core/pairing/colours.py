"""Colour preferences, hard colour limits and colour allocation, per game.

* chess (``fide``): FIDE C.04.3 Art. 5 / old E.1–E.5 (docs/RULES.md §5.5–5.6).  Colour difference
  CD = #W − #B over *played* games (C.04.2 3.4).  Absolute preference: |CD| > 1 or the same
  colour in the last two played games; strong: CD = ±1; mild: CD = 0 (alternate).  Hard
  limits (C.04.1 f, g): CD within ±2 and never the same colour three times in a row, i.e. two
  players with the same absolute preference never meet (C.04.3 C3) — relaxed only for
  topscorers in the last round (C.04.1 "exceptions in the last round").
* Go (``balance``): balance Black and White over even games (docs/RULES.md §1.3: the player with
  more Whites takes Black).  With the Go option ``handicap = true`` a game between players of
  different ranks is a handicap game: the stronger player takes White (docs/RULES.md §1.3,
  OpenGotha ``gameBetween``), colour preferences do not apply to it, and only even games
  (equal or unknown ranks) count in the colour balance (:func:`.groups.even_game`).
* Othello (``balance`` with a colour gap): Blacks and Whites of a player should never be 2
  apart (docs/RULES.md §8.0; the profile's ``colour_gap`` = 1).  Papp scores going past it as a
  graded penalty (its colour table, docs/RULES.md §2.4), so by default the gap is a weight — the
  pairing with the fewest and smallest colour excesses (:func:`excess`) — and only the
  game option ``colour_limit = "absolute"`` makes it a hard limit (:func:`hard_conflict`).
* Renju (``recorded``): colours are decided at the board (docs/RULES.md §4.2); the first-listed
  player is the *tentative* Black, given to the player with fewer actual Blacks.
* Magic (``none``): no colours; seat A goes to the higher-placed player.

Colours are never stored: ``Board.players[0]`` is the first-listed player (model.py).
"""

from __future__ import annotations

from ..colours_vocab import BALANCE, BLACK, FIDE, NONE as NO_COLOURS, RECORDED, WHITE, WORDS
from ..i18n import N_, _

from dataclasses import dataclass

from .groups import PState, det_hash, even_game, rank_value

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0
STRENGTH_NAME = {ABSOLUTE: N_("absolute"), STRONG: N_("strong"), MILD: N_("mild"), NONE: N_("no")}
NAME = WORDS  # the colour words (colours_vocab)


def stronger(a: PState, b: PState) -> PState | None:
    """The player with the higher rank (:func:`.groups.rank_value`), None in an even game
    (:func:`.groups.even_game`: equal or unknown ranks)."""
    if even_game(a.player, b.player):
        return None
    ra, rb = rank_value(a.player.rank), rank_value(b.player.rank)
    assert ra is not None and rb is not None  # not an even game: both ranks are known
    return a if ra > rb else b


@dataclass(frozen=True, slots=True)
class Pref:
    """A colour preference: the wanted colour letter ('w'/'b') or None, and its strength."""

    want: str | None
    strength: int


def preference(st: PState, mode: str) -> Pref:
    """The colour a player should get next, and how strongly (see module docstring)."""
    if mode == FIDE:
        cols = st.colours
        if not cols:
            return Pref(None, NONE)
        cd = st.cd
        if cd > 1 or cols[-2:] == [WHITE, WHITE]:
            return Pref(BLACK, ABSOLUTE)
        if cd < -1 or cols[-2:] == [BLACK, BLACK]:
            return Pref(WHITE, ABSOLUTE)
        if cd == 1:
            return Pref(BLACK, STRONG)
        if cd == -1:
            return Pref(WHITE, STRONG)
        return Pref(BLACK if cols[-1] == WHITE else WHITE, MILD)
    if mode in (BALANCE, RECORDED):
        bal = st.bal if mode == BALANCE else st.black_actual - st.white_actual
        if bal > 0:
            return Pref(WHITE, ABSOLUTE if bal >= 2 else STRONG)
        if bal < 0:
            return Pref(BLACK, ABSOLUTE if bal <= -2 else STRONG)
        return Pref(None, NONE)
    return Pref(None, NONE)


def excess(a: PState, b: PState, gap: int | None) -> tuple[int, int]:
    """(players, size): how far the colour allocation of the pair takes the players'
    balances (#Black − #White) beyond ``gap`` — the number of players who would end more
    than ``gap`` apart, and the sum of the squares of how far (a growing penalty, as Papp's
    colour table: one player 2 beyond costs more than two players 1 beyond).  (0, 0) when
    ``gap`` is None (no limit) or the pair can keep both within it.  The allocation is the
    one with the smallest size — the player further from even keeps the colour that evens
    it, which is what :func:`allocate` gives."""
    if gap is None:
        return 0, 0
    def cost(da: int) -> tuple[int, int]:  # a takes Black (+1) or White (−1); b the other
        over = (max(0, abs(a.bal + da) - gap), max(0, abs(b.bal - da) - gap))
        return over[0] ** 2 + over[1] ** 2, sum(1 for x in over if x)

    size, players = min(cost(1), cost(-1))
    return players, size


def excess_note(first: PState, second: PState, first_colour: str, gap: int) -> str | None:
    """The board explanation of a colour excess: who ends more than ``gap`` apart once
    ``first`` (listed first, colour ``first_colour``) and ``second`` have played; None if
    nobody does."""
    d = 1 if first_colour == BLACK else -1
    out = []
    for st, bal in ((first, first.bal + d), (second, second.bal - d)):
        if abs(bal) > gap:
            line = (_("{id} ends with {abs} more Blacks than Whites") if bal > 0
                    else _("{id} ends with {abs} more Whites than Blacks"))
            out.append(line.format(id=st.id, abs=abs(bal)))
    if not out:
        return None
    return (_("{items} (more than {gap} apart): no pairing of the round kept every player within {gap} — the fewest and smallest excesses were chosen").format(items='; '.join(out), gap=gap))


def hard_conflict(a: PState, b: PState, mode: str, gap: int | None, exempt: bool
                  ) -> str | None:
    """Why ``a`` and ``b`` cannot meet for colour reasons (an absolute criterion), or None.

    chess: both have an absolute preference for the same colour (C.04.3 C3), unless
    ``exempt`` (a topscorer in the last round).  A game with an absolute colour gap
    (Othello with ``colour_limit = "absolute"``: never 2 apart): one of them would end more
    than ``gap`` apart (:func:`excess`); pass ``gap`` None when the gap is graded."""
    if mode == FIDE:
        pa, pb = preference(a, mode), preference(b, mode)
        if pa.strength == ABSOLUTE and pb.strength == ABSOLUTE and pa.want == pb.want \
                and pa.want is not None and not exempt:
            return _("both must have {value} (FIDE colour limits ±2, no 3 in a row)").format(value=_(NAME[pa.want]))
        return None
    if mode == BALANCE and excess(a, b, gap)[0]:
        both = (_("both have more Blacks; one would end more than {gap} apart (colour gap)")
                if a.bal > 0 else
                _("both have more Whites; one would end more than {gap} apart (colour gap)"))
        return both.format(gap=gap)
    return None


def misses(a: PState, b: PState, mode: str) -> tuple[int, int]:
    """(players whose preference is not granted, players whose strong-or-absolute preference
    is not granted) under the best colour allocation of the pair: the COLOUR and STRONGCOL
    criteria (C.04.3 C10/C11; Go/Othello balance)."""
    if mode == NO_COLOURS:
        return 0, 0
    pa, pb = preference(a, mode), preference(b, mode)
    if pa.want is None or pb.want is None or pa.want != pb.want:
        return 0, 0
    return 1, 1 if min(pa.strength, pb.strength) >= STRONG else 0


def allocate(a: PState, b: PState, mode: str, *, first_colour: str, seed: int,
             round_no: int, initial: str = WHITE, handicap: bool = False,
             gap: int | None = None) -> tuple[int, int, str]:
    """Order the pair as (first-listed, second, reason) — the colour decision.

    FIDE order (docs/RULES.md §5.6): 1. grant both preferences; 2. the stronger preference (both
    absolute: the wider colour difference — also in a game with a colour ``gap``, so the
    player further from even keeps the colour that evens it, :func:`excess`); 3. alternate from the most recent round where they
    had different colours; 4. the higher-ranked player's preference; 5. round 1 / no history:
    the initial colour by lot to the higher-ranked if their place is odd (1st, 3rd…)."""
    # ``first_colour``: the first-listed player's colour (the plan's: where the order fixes
    # none, the first-listed is the (tentative) Black, Renju)
    hi, lo = (a, b) if a.order <= b.order else (b, a)  # hi = higher-placed

    def give(st: PState, colour: str, why: str) -> tuple[int, int, str]:
        other = b if st is a else a
        first, second = (st, other) if colour == first_colour else (other, st)
        return first.id, second.id, _("{id} gets {colour}: {why}").format(
            id=st.id, colour=_(NAME[colour]) if colour in NAME else colour, why=why)

    if mode == NO_COLOURS:
        return hi.id, lo.id, _("no colours; {id} (higher placed) is listed first").format(id=hi.id)
    strong = stronger(a, b) if handicap else None
    if strong is not None:
        return give(strong, WHITE, _("handicap game: {id} ({rank}) is the stronger player")
                    .format(id=strong.id, rank=strong.player.rank))
    pa, pb = preference(a, mode), preference(b, mode)
    if pa.want and pb.want and pa.want != pb.want:
        return give(a, pa.want, _("both tentative Black preferences granted")
                    if mode == RECORDED else _("both colour preferences granted"))
    if pa.want and not pb.want:
        return give(a, pa.want, _("{strength} preference granted").format(
            strength=_(STRENGTH_NAME[pa.strength])))
    if pb.want and not pa.want:
        return give(b, pb.want, _("{strength} preference granted").format(
            strength=_(STRENGTH_NAME[pb.strength])))
    if pa.want and pb.want:
        if pa.strength != pb.strength:
            st, pr = (a, pa) if pa.strength > pb.strength else (b, pb)
            assert pr.want is not None  # both want a colour here
            return give(st, pr.want, _("stronger ({strength}) preference").format(
                strength=_(STRENGTH_NAME[pr.strength])))
        if (mode == FIDE or gap is not None) and abs(a.cd) != abs(b.cd):
            st, pr = (a, pa) if abs(a.cd) > abs(b.cd) else (b, pb)
            assert pr.want is not None  # both want a colour here
            return give(st, pr.want, _("wider colour difference"))
        for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
            if ca != cb:
                return give(a, BLACK if ca == WHITE else WHITE,
                            _("alternating from the last round with different colours"))
        pr = pa if hi is a else pb
        assert pr.want is not None  # both want a colour here
        return give(hi, pr.want, _("the higher-placed player's preference"))
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return give(a, BLACK if ca == WHITE else WHITE,
                        _("alternating from the last round with different colours"))
    if mode == FIDE:
        other = BLACK if initial == WHITE else WHITE
        place = hi.order if hi.place is None else hi.place  # counting any seated player
        colour = initial if place % 2 == 0 else other
        return give(hi, colour, _("initial colour {colour} for odd places, by lot").format(
            colour=_(NAME[initial])))
    colour = BLACK if det_hash(seed, round_no, min(a.id, b.id), max(a.id, b.id), bits=1) \
        else WHITE
    return give(hi, colour, _("no preference: seeded lot (nigiri)"))
