"""Who is to be paired, on what score, in which score group and at which place in it.

Everything is derived from the request's :class:`~swisstui.core.field.Field` — the units'
round records (:func:`swisstui.core.history.history`, never stored) and its pairing plan:

* pairing score — the event's points (late entrants' missed rounds score
  ``Settings.scoring.absent``, docs/RULES.md §1.5 / FIDE C.04.2 2.4); in McMahon the McMahon score
  MMS = SMMS + points (docs/RULES.md §1.2), grouped on the integer just below;
* score groups, numbered from the top (0), and the order inside a group: rating / rank / lot,
  a seeded shuffle for the ``random`` style (Magic, docs/RULES.md §3.4), or a tie-break chain for
  the Tagajo style (docs/RULES.md §8.2, via :func:`swisstui.core.standings.order_by_chain`);
* colour history, floats, byes and the opponents each player had.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import NamedTuple

from ..colours_vocab import BLACK, WHITE
from ..field import Field, Unit
from ..model import ByeKind, Event, GameKind, Player

# Rounds a player scored a win's points without playing: FIDE C.04.1 d (2026: any unplayed
# round scoring a win) bars the pairing-allocated bye.
UNPLAYED_WIN = (GameKind.FORFEIT_WIN, GameKind.FULL_BYE, GameKind.PAIRING_BYE)
MET_KINDS = (GameKind.GAME, GameKind.PENDING)  # forfeited games may be paired again (C.04.2 3.5)


def det_hash(*parts: object, bits: int = 32) -> int:
    """Deterministic pseudo-random integer from the parts (seed, round, ids…): sha256, so
    the same folder and seed give the same pairing on any machine and Python version
    (Python's ``hash()`` of a str is salted per process and must not be used)."""
    h = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return int.from_bytes(h[:16], "big") >> (128 - bits)


def rank_value(rank: str | None) -> int | None:
    """Go/Renju rank on the OpenGotha scale (swisstui.core.ranks), None if absent/invalid."""
    if not rank:
        return None
    from ..ranks import rank_value as rv
    try:
        return rv(rank)
    except ValueError:
        return None


@dataclass(slots=True)
class PState:
    """One player's pairing facts before the round being paired."""

    id: int
    player: Unit  # what the engine reads of the player (core/field.py)
    score: float = 0.0  # pairing score (points, or MMS)
    group: int = 0  # score group index, 0 = top
    pos: int = 0  # 0-based place inside the group (the in-group order)
    gsize: int = 1
    order: int = 0  # place in the whole field (group, then in-group order)
    # place in the round's field counting the players seated outside the engine
    # (Field.seated: a re-pairing's kept boards), whose parity gives the initial colour
    # (colours.allocate); None: ``order`` (nobody is seated so)
    place: int | None = None
    met: dict[int, int] = field(default_factory=dict)  # opponent -> last round met
    colours: list[str] = field(default_factory=list)  # played colours, in order
    pab: int = 0  # pairing byes received
    unplayed_win: bool = False  # scored a win without playing (FIDE C.04.1 d)
    floats: list[int] = field(default_factory=list)  # per round: +1 up, -1 down, 0 none
    black_actual: int = 0  # games actually played with Black, where recorded (Renju)
    white_actual: int = 0

    @property
    def cd(self) -> int:
        """Colour difference #White − #Black of played games (FIDE)."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    @property
    def bal(self) -> int:
        """#Black − #White of played games (Go, Othello)."""
        return -self.cd

    @property
    def last_float(self) -> int:
        return self.floats[-1] if self.floats else 0


def mcmahon_scores(event: Event, upto: int, code: str, field: Field | None = None
                   ) -> dict[int, float]:
    """McMahon scores after round ``upto`` as the standings define them, through the
    tie-break ``code`` the game profile names (``GameProfile.pairing.mcmahon_score``; Go ``MMS``,
    docs/RULES.md §1.2: start score + wins + byes + the option ``absent_mms`` per absent or
    not-yet-registered round, rounded down per ``round_down``) — the one definition, in the
    standings area.  ``field``: the request's Field after round ``upto``, when the caller
    has it."""
    from ..standings import standings
    table = standings(event, upto=upto, chain=(code,), field=field)
    return {row.player.id: float(row.values[code]) for row in table.rows}


def pairing_scores(event: Event, round_no: int) -> dict[int, float]:
    """The score each player is paired on in ``round_no`` (the "score" of a pairing list):
    the points after the round before, or in a McMahon event the McMahon score."""
    field = Field.of(event, round_no - 1)
    code = field.profile.pairing.mcmahon_score
    mcmahon = event.settings.system == "mcmahon"
    if mcmahon and code is not None:
        return mcmahon_scores(event, round_no - 1, code, field)
    base = field.start_scores if mcmahon else {}
    return {pid: base.get(pid, 0.0) + sum(r.points for r in recs)
            for pid, recs in field.records.items()}


def strength_key(p: Unit | Player) -> tuple:
    """Strongest first: rating, then Go rank, then lot, then id."""
    rv = rank_value(p.rank)
    return (-(p.rating or 0), -(rv if rv is not None else -99), p.lot or 10**9, p.id)


def lot_key(p: Unit | Player) -> tuple:
    return (p.lot if p.lot is not None else 10**9, p.id)


def build_states(field: Field, ids: list[int], *, system: str | None = None,
                 order: str | None = None, chain: tuple[str, ...] | None = None,
                 handicap: bool | None = None) -> dict[int, PState]:
    """Pairing facts for the units ``ids`` to be paired in ``field.round_no``.

    The system, order, chain and handicap games are the plan's unless given (tests, a
    check of another system's groups).  The in-group order: ``strength`` (rating / rank /
    lot), ``lot``, ``random`` (seeded shuffle) or ``chain`` (tie-break chain, Tagajo).  With
    handicap games (Go, the plan's ``handicap`` unless given) only even games — equal or
    unknown ranks — enter the colour history."""
    plan = field.plan
    event, round_no = field.event, field.round_no
    order = plan.order if order is None else order
    chain = plan.chain if chain is None else chain
    handicap = plan.handicap if handicap is None else handicap
    hist = field.records
    mcmahon = plan.mcmahon if system is None else system == "mcmahon"
    base = field.start_scores if mcmahon else {}
    running: dict[int, float] = {}
    before: dict[int, list[float]] = {}
    players = field.units
    for pid in players:
        total = base.get(pid, 0.0)
        seq = []
        for rec in hist.get(pid, ()):
            seq.append(total)
            total += rec.points
        running[pid] = total
        before[pid] = seq
    if mcmahon and plan.mcmahon_score is not None:
        running.update(mcmahon_scores(event, round_no - 1, plan.mcmahon_score, field))
    states: dict[int, PState] = {}
    black_key = plan.actual_black_key  # Renju: who actually had Black is recorded
    game, pab_kind = GameKind.GAME, GameKind.PAIRING_BYE  # (the loop below runs n × rounds)
    for pid in ids:
        st = PState(pid, players[pid], score=running[pid])
        mine_before = before[pid]
        met, colours, floats = st.met, st.colours, st.floats
        for i, rec in enumerate(hist.get(pid, ())):
            kind = rec.kind
            opponent = rec.opponent
            if opponent is not None and kind in MET_KINDS:
                met[opponent] = rec.round
            if kind is game and rec.colour and (
                    not handicap or even_game(players[pid], players.get(rec.opp))):
                colours.append(rec.colour)
            if kind is pab_kind:
                st.pab += 1
            if kind in UNPLAYED_WIN:
                st.unplayed_win = True
            fl = 0
            if opponent is not None and kind is game:
                mine = mine_before[i]
                oseq = before.get(opponent, ())
                theirs = oseq[i] if i < len(oseq) else mine
                fl = (theirs > mine) - (theirs < mine)
            elif kind is pab_kind:
                fl = -1  # a PAB counts as a downfloat (FIDE C.04.3 2026 float definition)
            floats.append(fl)
            if black_key and kind is GameKind.GAME and rec.result is not None:
                black = rec.result.detail.get(black_key)
                if black == pid:
                    st.black_actual += 1
                elif black is not None:
                    st.white_actual += 1
        states[pid] = st
    assign_groups(event, states, mcmahon=mcmahon, order=order, seed=plan.seed,
                  round_no=round_no, chain=chain)
    seated = [pid for pid in sorted(field.seated) if pid not in states and pid in players]
    if seated:
        # the kept boards' players are in the round: each player's place counts them, as
        # the round paired whole would (the groups and their orders stay the paired ones')
        whole = {pid: PState(pid, players[pid], score=running[pid])
                 for pid in (*states, *seated)}
        assign_groups(event, whole, mcmahon=mcmahon, order=order, seed=plan.seed,
                      round_no=round_no, chain=chain)
        for pid, st in states.items():
            st.place = whole[pid].order
    return states


def even_game(p: Unit | Player, q: Unit | Player | None) -> bool:
    """Equal or unknown ranks: an even game, whose colours are free, in a Go event with
    handicap games (colours.stronger gives White to the stronger player otherwise)."""
    a, b = rank_value(p.rank), rank_value(q.rank if q is not None else None)
    return a is None or b is None or a == b


def group_key(score: float, mcmahon: bool) -> float:
    """McMahon: a non-integer MMS is grouped with the integer below (docs/RULES.md §1.2)."""
    return float(math.floor(score + 1e-9)) if mcmahon else round(score, 6)


def assign_groups(event: Event, states: dict[int, PState], *, mcmahon: bool, order: str,
                  seed: int, round_no: int, chain: tuple[str, ...] = ()) -> None:
    levels = sorted({group_key(s.score, mcmahon) for s in states.values()}, reverse=True)
    index = {lv: i for i, lv in enumerate(levels)}
    members: dict[int, list[PState]] = {}
    for st in states.values():
        st.group = index[group_key(st.score, mcmahon)]
        members.setdefault(st.group, []).append(st)
    rank_of: dict[int, int] | None = None
    if order == "chain":
        rank_of = chain_order(event, list(states), chain, round_no - 1, seed)
    n = 0
    for g in sorted(members):
        mem = members[g]
        if order == "random":
            mem.sort(key=lambda s: det_hash(seed, round_no, "order", s.id, bits=64))
        elif order == "lot":
            mem.sort(key=lambda s: lot_key(s.player))
        elif rank_of is not None:
            mem.sort(key=lambda s: rank_of[s.id])
        else:
            mem.sort(key=lambda s: (-s.score,) + strength_key(s.player))
        for i, st in enumerate(mem):
            st.pos, st.gsize, st.order = i, len(mem), n
            n += 1


def chain_order(event: Event, ids: list[int], chain: tuple[str, ...], upto: int,
                seed: int) -> dict[int, int]:
    """Place of each player in the Tagajo order (docs/RULES.md §8.2: wins, SOS, SOSOS, SODOS, …,
    rank, then lot) from the standings area's ``order_by_chain``."""
    from ..standings import order_by_chain
    if upto >= 1:
        ordered = list(order_by_chain(event, list(ids), tuple(chain), upto))
    else:
        players = event.by_id()
        ordered = sorted(ids, key=lambda i: strength_key(players[i]))
    # the last criterion is the lot: a seeded random (docs/RULES.md §8.2 "パソコンで発生させた乱数")
    return {pid: i for i, pid in enumerate(ordered)}


def to_pair(event: Event, round_no: int, waitlist: Collection[int] = ()
            ) -> tuple[list[int], list[tuple[int, ByeKind]]]:
    """Players to pair in ``round_no`` and the requested byes.  Withdrawn, not-yet-registered
    and waitlisted players (``waitlist``: the desk's, :attr:`Field.waitlist`) are left out (not
    listed in the round); requested byes — including ``absent`` — become
    :class:`~swisstui.core.model.Bye` entries (docs/RULES.md §1.5, FIDE C.04.2)."""
    out = left_out(event, round_no, waitlist)
    gone = {x.player.id for x in out}
    return ([p.id for p in event.players if p.id not in gone],
            [(x.player.id, x.bye) for x in out if x.why == "bye" and x.bye is not None])


class LeftOut(NamedTuple):
    """A registered player who is not paired in a round, and why (:func:`left_out`)."""

    player: Player
    # "bye" (requested, kind in ``bye``), "withdrawn", "not joined" (late entry), "waitlist"
    # (on the desk's waitlist, docs/FORMAT.md "desk.toml")
    why: str
    bye: ByeKind | None = None  # the requested kind: full, half, zero, absent


def left_out(event: Event, round_no: int, waitlist: Collection[int] = ()) -> list[LeftOut]:
    """Every registered player who gets no opponent in ``round_no`` for a reason known
    before pairing, in id order: a requested bye (``absent`` included — these become
    :class:`~swisstui.core.model.Bye` entries of the round), withdrawn, a late entrant who
    joins in a later round, or an entry on the desk's waitlist (``waitlist``: their ids, read
    from desk.toml by :func:`swisstui.core.services.desk.waitlisted`; these three are not in
    the round at all, like a player not yet joined, and a waitlisted player's requested bye
    waits with them).  :func:`to_pair` pairs everyone else; the pairing-allocated bye is the
    engine's and is not listed."""
    out: list[LeftOut] = []
    waiting = frozenset(waitlist)
    for p in sorted(event.players, key=lambda q: q.id):
        if not p.active_in(round_no):
            out.append(LeftOut(p, "not joined" if round_no < p.joined_round else "withdrawn"))
            continue
        if p.id in waiting:
            out.append(LeftOut(p, "waitlist"))
            continue
        kind = p.requested_bye(round_no)
        if kind is not None:
            out.append(LeftOut(p, "bye", kind))
    return out
