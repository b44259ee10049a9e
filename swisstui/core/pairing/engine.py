"""Pairing the next round: players → score groups → candidate pairs → weights → matching →
colours → boards, with an explanation for every board (docs/PAIRING.md).

Public: :func:`pair_round`, :class:`Pairing`, :func:`undo_round` (hand edits of a
paired round, and the rules a given pair breaks, are :mod:`.hand_edits`).  Nothing here writes to disk: the CLI
saves with ``store.update(folder, lambda ev: ev.with_round(pair_round(ev).round))``.
"""

from __future__ import annotations

from ..colours_vocab import NONE as NO_COLOURS
from ..i18n import N_, _, ngettext

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

from ..board_setup import with_setup
from .. import seats
from ..gcpause import paused_gc
from ..memory import large_blocks_from_the_system
from ..errors import ConflictError, PairingError
from ..field import Field
from ..model import Board, Bye, ByeKind, Event, Round
from .blossom import Blossom
from .candidates import (FULL_LIMIT, SPREAD, SPREAD_ACROSS, START_WINDOW, Candidates,
                         ideal_partner)
from .certify import Pricer, certify, complete_packer
from .colours import allocate, excess, excess_note
from .criteria import (BYE, FIELDS, RELAXED_IDX, Context, Evaluator, Packer, guarantee_note,
                       objective,
                       rematches_text)
from .groups import PState, build_states, lot_key, strength_key, to_pair
from .matching import max_cardinality, solve
from .listmethod import pair_in_list
from .roundrobin import roundrobin_pairs

if TYPE_CHECKING:
    from .nblossom import Blossom as Compiled, Edges

CONVERGE = False  # also require the same objective as the half-width window
LOCAL_ROUNDS = 4  # local widenings before the whole window doubles
LOCAL_MAX = 10**9  # boundary pairs that may be widened locally
MAX_WINDOW = 24  # above FULL_LIMIT players, the window never grows past this (time budget)
PRICING_ROUNDS = 40  # resumes of the blossom before the proof gives up (then: widening)
PRICING_BATCH = 50_000  # most violated pairs priced in per resume
NATIVE_FROM = 600  # from this many players the blossom is the compiled one (nblossom.py)
NATIVE_BITS = 120  # … when the weights fit its two words without the Python fallback
PROOF_LIMIT = 10**9  # the proof is tried at every size (tests lower this to reach the window check)
PROOF_WORK = (60, 1_000_000_000)  # the blossom's work budget: min(a·n² + 10⁶, b)
NATIVE_WORK = (16, 300_000_000)  # … the compiled one's (its units: edges scanned, events)
WARM_SHARE = 3  # the compiled proof resumes warm after at most n / this many new pairs …
RACE = 2.0  # … past that, within this share of the last cold solve's work, else cold …
COLD_GUESS = 4  # … (before any cold solve: this × the window's solve) …
COLD_SHARE = 0.75  # … and after a first pricing of more than this × n it restarts cold
EDGE_BUDGET = (20, 60, 100_000)  # … nor the solves of a round more than min(60n, max(20n, 100k)) edges


@dataclass(frozen=True)
class Pairing:
    """A computed (unsaved) round: ``round`` has no results."""

    round: Round
    warnings: tuple[str, ...] = ()
    notes: dict = field(default_factory=dict, hash=False, compare=False)  # board -> lines
    bye_notes: tuple[str, ...] = ()
    objective: tuple[int, ...] = ()
    method: str = ""  # how it was solved (complete graph, window k, …)

    def explain(self, board_no: int) -> list[str]:
        """Why these two, why this colour, who floated, which rules were relaxed; board 0 or
        a missing board number explains the byes."""
        if board_no in self.notes:
            return list(self.notes[board_no])
        if board_no == 0 and self.bye_notes:
            return list(self.bye_notes)
        raise PairingError(_("round {number} has no board {board_no} (boards 1–{count})").format(number=self.round.number, board_no=board_no, count=len(self.round.boards)))

    def summary(self) -> str:
        r = self.round
        byes = ", ".join(f"{b.player} ({b.kind.value})" for b in r.byes) or "none"
        text = f"round {r.number}: {len(r.boards)} boards; byes: {byes}"
        if self.warnings:
            text += "; " + "; ".join(self.warnings)
        return text


def _check_ready(event: Event, round_no: int) -> None:
    s = event.settings
    if round_no > s.rounds:
        raise PairingError(_("all {rounds} rounds are paired; raise 'rounds' in event.toml to pair another").format(rounds=s.rounds))
    started = [r.number for r in event.rounds if r.playoff]
    if started:
        raise PairingError(_("the playoff has started (round {value}); no more Swiss rounds — use swisstui playoff").format(value=started[0]))
    prev = event.round(round_no - 1)
    if prev is not None and prev.missing_results():
        missing = [str(b.number) for b in prev.boards if b.result is None]
        more = "…" if len(missing) > 8 else ""
        raise PairingError(_("round {number} has {count} board(s) without a result ({items}{more}); enter them first").format(number=prev.number, count=len(missing), items=', '.join(missing[:8]), more=more))


def _pairs_arg(pairs, what: str, available: set[int], event: Event, round_no: int
               ) -> list[tuple[int, int]]:
    out = []
    for a, b in pairs:
        a, b = int(a), int(b)
        if a == b:
            raise PairingError(_("{what} {a}:{b} names one player twice").format(what=what, a=a, b=b))
        for x in (a, b):
            if x not in available:
                p = event.player(x)
                why = _("no such player") if p is None else (
                    _("withdrawn") if p.withdrawn_from and round_no >= p.withdrawn_from else
                    _("not registered yet") if round_no < p.joined_round else
                    _("has a requested bye"))
                raise PairingError(_("{what} {a}:{b}: player {x} cannot be paired in round {round_no} ({why})").format(what=what, a=a, b=b, x=x, round_no=round_no, why=why))
        out.append((a, b))
    return out


# ---- pair_round --------------------------------------------------------------------------------


def pair_round(event: Event, *, fixed=(), forbid=(), allow_rematch: bool = False,
               window: int | None = None, engine: str = "auto",
               field: Field | None = None) -> Pairing:
    """Pair the next round of ``event`` (:func:`_pair_round`) on its :class:`Field`
    (``field``, else built here once); each board gets what the game decides at pairing
    time (Go handicap stones and komi, :mod:`swisstui.core.board_setup`); last, the boards
    are renumbered for the players' fixed seats (:mod:`swisstui.core.seats`)."""
    with paused_gc():  # a pairing builds 10⁵–10⁶ acyclic objects (swisstui.core.gcpause)
        if field is None:
            field = Field.of(event)
        p = _pair_round(field, fixed=fixed, forbid=forbid, allow_rematch=allow_rematch,
                        window=window, engine=engine)
    p = replace(p, round=with_setup(event, p.round, prof=field.profile))
    return seats.apply(event, p)


def _pair_round(field: Field, *, fixed=(), forbid=(), allow_rematch: bool = False,
                window: int | None = None, engine: str = "auto") -> Pairing:
    """Pair the next round of ``event`` (see module docstring).

    ``fixed``: pairs (a, b) the director pins; ``forbid``: pairs that must not meet this round
    (besides ``Settings.forbidden``); ``allow_rematch``: allow the fewest, least recent rematches
    when no pairing without one exists.  ``window`` forces the candidate window (tests; 0: the
    complete graph, the exact reference);
    ``engine`` ``networkx`` / ``rustworkx`` forces the solver.  Raises PairingError when no
    legal pairing exists — never loops, never writes."""
    event = field.event
    s = event.settings
    round_no = field.round_no
    _check_ready(event, round_no)
    ids, req_byes = to_pair(event, round_no, field.waitlist)
    available = set(ids)
    fixed = _pairs_arg(fixed, "--fixed", available, event, round_no)
    forbid = _pairs_arg(forbid, "--forbid", available, event, round_no)
    seen: set[int] = set()
    for a, b in fixed:
        if a in seen or b in seen:
            raise PairingError(_("--fixed names player {value} twice").format(value=a if a in seen else b))
        seen.update((a, b))
    byes = [Bye(pid, kind) for pid, kind in req_byes]
    plan = field.plan
    if plan.system == "roundrobin":
        return _roundrobin(field, ids, byes)
    if plan.system == "dutch":  # FIDE C.04.3, its own engine (pairing/dutch/)
        from .dutch import pair_dutch
        return pair_dutch(field, ids, byes, fixed=fixed, forbid=forbid,
                          allow_rematch=allow_rematch)
    if len(ids) < 2 and not fixed:
        raise PairingError(_("round {round_no}: {count} player(s) to pair; need at least 2").format(round_no=round_no, count=len(ids)))

    style, chain = plan.style, plan.chain
    handicap = plan.handicap
    states = build_states(field, ids)
    mode = plan.colours
    gap, gap_absolute = plan.colour_gap, plan.colour_absolute
    forbidden = plan.forbidden | frozenset(frozenset(p) for p in forbid)
    ngroups = 1 + max((st.group for st in states.values()), default=0)
    ctx = Context(game=s.game, mode=mode, style=style, seed=plan.seed, round_no=round_no,
                  ngroups=ngroups, nplayers=len(states), forbidden=forbidden,
                  last_round=plan.last_round, topscore=plan.topscore,
                  club_weight=plan.club_weight, country_weight=plan.country_weight,
                  allow_rematch=allow_rematch, pab_strict=plan.pab_strict,
                  random_bye=plan.random_bye, handicap=handicap, colour_gap=gap,
                  colour_absolute=gap_absolute)
    ev = Evaluator(states, ctx)
    warnings: list[str] = list(plan.departures) + _unrecorded_colours(field)
    notes: dict[int, list[str]] = {}
    pinned: list[tuple[PState, PState]] = []
    for a, b in fixed:
        sa, sb = states[a], states[b]
        why = ev.blocked(sa, sb, relaxed=False)
        if why:
            warnings.append(_("fixed pair {a}-{b} breaks a rule: {why}").format(a=a, b=b, why=why))
        pinned.append((sa, sb))
    pool = [st for st in states.values() if st.id not in seen]
    pool.sort(key=lambda st: st.order)

    method_of_style = plan.method
    listed = None
    if plan.down_the_list:
        # the style's published method, with its settings: pair down the list as it does
        strict = Evaluator(states, replace(ctx, allow_rematch=False))
        listed = pair_in_list(pool, strict) or pair_in_list(pool, strict, second_bye=True)
    if listed is not None:
        mate, cands, method = {}, None, method_of_style.name + " (down the list)"
        for i, j, _skipped in listed[0]:
            mate[i], mate[j] = j, i
        if listed[1] is not None:
            mate[listed[1]], mate[BYE] = BYE, listed[1]
    elif gap is not None and not gap_absolute:
        # a graded colour gap: pair within the gap when any pairing can (exactly the pairing
        # an absolute gap gives), else with the fewest and smallest excesses
        within = Evaluator(states, replace(ctx, colour_absolute=True))
        mate, cands, method = _match(pool, within, window, engine)
        if any(i not in mate for i in range(len(pool))):
            mate, cands, method = _match(pool, ev, window, engine)
            method += "; colour gap relaxed"
        else:
            ev = within
    else:
        mate, cands, method = _match(pool, ev, window, engine)
    unpaired = [pool[i].id for i in range(len(pool)) if i not in mate]
    if unpaired:
        raise _diagnose(pool, ev, ctx, unpaired, round_no)

    pairs: list[tuple[PState, PState]] = list(pinned)
    pair_bye: PState | None = None
    tuples = []
    for i, j in mate.items():
        if i == BYE:
            continue
        if j == BYE:
            pair_bye = pool[i]
            tuples.append(cands.edges[(i, BYE)] if cands else ev.bye(pool[i]))
        elif i < j:
            pairs.append((pool[i], pool[j]))
            tuples.append(cands.edges[(i, j)] if cands else ev.pair(pool[i], pool[j]))
    obj = objective(tuples)
    if pair_bye is not None:
        byes.append(Bye(pair_bye.id, ByeKind.PAIRING))
        if ev.bye_ineligible(pair_bye):
            warnings.append(_("second pairing bye to {id}: no pairing gives it to an eligible player").format(id=pair_bye.id))
    if obj[FIELDS.index("REMATCH")]:
        warnings.append(_("{value} rematch(es) allowed (--allow-rematch)").format(value=obj[FIELDS.index('REMATCH')]))
    if obj[FIELDS.index("EXCESS")]:
        warnings.append(_("{value} player(s) end more than {gap} apart in Blacks and Whites: no pairing kept every balance within {gap} (colour_limit = \"graded\"; see the boards' explanations)").format(value=obj[FIELDS.index('EXCESS')], gap=gap))

    # boards: top groups first, then the higher-placed player
    pairs.sort(key=lambda ab: (min(ab[0].group, ab[1].group), -max(ab[0].score, ab[1].score),
                               min(ab[0].order, ab[1].order)))
    initial = plan.initial_colour  # colour of the top seed in round 1
    list_values: dict[int, str] | None = None  # the list's criteria, for the explanations
    boards = []
    at: dict[tuple[int, int], PState] = {}  # explanations: who sits at (group, place)
    for x in states.values():
        at.setdefault((x.group, x.pos), x)
    for n, (a, b) in enumerate(pairs, start=1):
        first, second, colour_why = allocate(a, b, mode, first_colour=plan.first_colour,
                                             seed=plan.seed, round_no=round_no,
                                             initial=initial, handicap=handicap, gap=gap)
        boards.append(Board(n, (first, second)))
        by_list = listed is not None and (a, b) not in pinned
        notes[n] = _explain_board(n, states[first], states[second], colour_why, ev, style,
                                  fixed=(a, b) in pinned, at=at, pairs=pairs,
                                  say_why=not by_list)
        if by_list:
            assert listed is not None
            if list_values is None:
                list_values = _list_values(event, round_no, chain, states)
            notes[n][0] = _("board {n}: {a} v {b}").format(
                n=n, a=_describe_listed(states[first], list_values),
                b=_describe_listed(states[second], list_values))
            notes[n].insert(1, _explain_listed(a, b, listed[0], pool, method_of_style.name))
            # the method has no club or country rule: nothing tried to keep them apart
            notes[n] = [x for x in notes[n] if x not in _GEO_NOTES()]
        if gap is not None and excess(a, b, gap)[0]:
            note = excess_note(states[first], states[second], plan.first_colour, gap)
            if note:
                notes[n].append(_("relaxed: colour gap — {note}").format(note=note))
    byes.sort(key=lambda b: b.player)
    by_list_bye = None
    if listed is not None and pair_bye is not None:
        if list_values is None:
            list_values = _list_values(event, round_no, chain, states)
        by_list_bye = (method_of_style.name, list_values, listed[2], pool)
    bye_notes = _explain_byes(byes, pair_bye, ev, states, by_list_bye)
    rnd = Round(round_no, tuple(boards), tuple(byes))
    return Pairing(rnd, tuple(warnings), notes, tuple(bye_notes), obj, method)


def _match(pool: list[PState], ev: Evaluator, window: int | None, engine: str):
    """Solve on a candidate window, widening until the answer is accepted (candidates.py):
    every player paired, no relaxed rule used, and no chosen pair on the edge of its window.
    A few boundary pairs inside a group widen only their players' windows (local widening);
    otherwise the whole window doubles.  The complete graph is the last resort and the
    reference (tests/test_pairing_decompose.py compares the two)."""
    n = len(pool)
    bye = n % 2 == 1
    cache: dict = {}
    if FULL_LIMIT < n <= PROOF_LIMIT and window is None:
        proven = _proven(pool, ev, bye, engine, cache)
        if proven is not None:
            return proven
    k = window if window else (None if n <= FULL_LIMIT or window == 0 else START_WINDOW)
    prev = None
    work = 0  # edges solved so far (the deterministic work budget of large fields)
    lo, hi, floor = EDGE_BUDGET
    budget = min(hi * n, max(lo * n, floor))
    while True:
        cands = Candidates(pool, ev, k, bye, cache)
        for _unused in range(LOCAL_ROUNDS + 1):
            mate = _solve(cands, n, bye, engine)
            work += len(cands.edges)
            if k is None:
                return mate, cands, "complete graph"
            chosen = [(i, j) for i, j in mate.items() if i == BYE or (j != BYE and i < j)]
            tuples = [cands.edges[(j, i) if i == BYE else (i, j)] for i, j in chosen]
            feasible = all(i in mate for i in range(n)) and \
                not any(t[i] for t in tuples for i in RELAXED_IDX)
            if not feasible:
                break
            edge = [(i, j) for i, j in chosen if cands.on_boundary(i, j)]
            obj = objective(tuples)
            if not edge and (not CONVERGE or prev == obj):
                # accepted by the window check, which is a heuristic: optimality unproven
                return mate, cands, f"candidate window {k} (optimum not proven)"
            prev = obj
            if n > FULL_LIMIT and window is None and work + len(cands.edges) > budget:
                break  # the next solve would not fit the budget
            if not edge or len(edge) > LOCAL_MAX or not cands.widen(edge):
                break
        assert k is not None  # the loop above returns on the complete graph
        if feasible and n > FULL_LIMIT and window is None and (
                2 * k > MAX_WINDOW or work + 2 * len(cands.edges) > budget):
            # time budget of a large field: keep the best windowed answer, say so
            return mate, cands, (f"candidate window {k} (optimum not proven: work budget "
                                 f"spent, {len(edge)} pair(s) on the window's edge)")
        k = None if cands.saturated() else 2 * k


def _proven(pool: list[PState], ev: Evaluator, bye: bool, engine: str, cache: dict):
    """The candidate window's optimum, proven optimal on the complete graph by a dual
    certificate (certify.py, docs/PAIRING.md "The proof"): the window is solved (rustworkx),
    the duals come from our own blossom warm-started on that matching, and every pair of
    the complete graph the duals do not cover is priced in and the blossom resumed, until
    none is left.  None when the window pairs nobody completely without a relaxed rule or
    the pricing needs more than its budget: the caller widens as before."""
    n = len(pool)
    native = n >= NATIVE_FROM
    vid = n
    bye_t = [ev.bye(st) for st in pool] if bye else []
    kp = complete_packer(pool, ev, bye_t)
    pricer = Pricer(pool, ev, kp, bye, bye_t, native=native)
    if native:
        from . import nprice  # (numba: loaded only where it is used)
    # the compiled proof weighs its window in bulk (nprice.window_edges) where the compiled
    # penalties are exact (the few pairs past the words' range go to Evaluator.pair there);
    # else Evaluator.pair weighs every pair
    bulk = native and nprice.weighs(pricer)
    cands = Candidates(pool, ev, START_WINDOW, bye, cache, weigh=not bulk)
    cands.spread(SPREAD, SPREAD_ACROSS, (ev.ctx.seed, ev.ctx.round_no))

    def vert(i: int) -> int:
        return vid if i == BYE else i

    def chosen(mate: dict[int, int]) -> dict[int, int]:
        """``mate``, its pairs' penalty tuples in ``cands`` (those of the window are dropped
        from 600 players, those of priced pairs never kept)."""
        for i, j in mate.items():
            if i != BYE and (j == BYE or i < j) and (i, j) not in cands.edges:
                t = ev.bye(pool[i]) if j == BYE else ev.pair(pool[i], pool[j])
                assert t is not None  # a solved pair is an edge: Evaluator.pair allowed it
                cands.edges[(i, j)] = t
        return mate

    edges: list[tuple[int, int, int]] | Edges = nprice.window_edges(
        pricer, cands.edges, vid) if bulk else kp.edges(cands.edges.items(), vid)
    if native:  # the compiled blossom (numba) solves the window itself
        # from here no tuple of the window is read: chosen() evaluates the pairs chosen
        # again (10⁵–10⁶ tuples at 16 000 players, kept twice with the cache, dropped
        # before the blossom's arrays are built: the proof's peak of memory)
        cands.edges.clear()
        cache.clear()  # (were the proof to give up, the window check evaluates again)
        large_blocks_from_the_system()  # its large arrays go back to the system when freed
        from .nblossom import Blossom as Compiled
        bs: Blossom | Compiled = Compiled(n + (1 if bye else 0), edges)
        del edges  # (the blossom holds them)
        got = bs.solve(min(NATIVE_WORK[0] * n * n + 1_000_000, NATIVE_WORK[1]))
        if got is None or len(got) != bs.n:
            return None
        mate = chosen({(BYE if i == vid else i): (BYE if j == vid else j)
                       for i, j in got.items()})
    else:  # rustworkx solves the window, our blossom starts from its optimum
        mate = _solve(cands, n, bye, engine)
        assert isinstance(edges, list)  # (bulk weighing is the compiled path's)
        bs = Blossom(n + (1 if bye else 0), edges)
        del edges  # (the blossom holds them)
        bs.start({vert(i): vert(j) for i, j in mate.items()})
    if any(i not in mate for i in range(n)) or any(
            cands.edges[(i, j) if j != BYE else (i, BYE)][x]
            for i, j in mate.items() if i != BYE and (j == BYE or i < j) for x in RELAXED_IDX):
        return None
    priced = 0
    units = NATIVE_WORK if native else PROOF_WORK
    budget = min(units[0] * n * n + 1_000_000, units[1])
    best = None  # the optimum of the graph solved so far (compiled path)

    def unproven(why: str):
        if best is None:
            return None
        return chosen(best), cands, (f"candidate window {START_WINDOW}, {priced} pair(s) "
                                     f"priced in (optimum not proven: {why})")

    cold = COLD_GUESS * bs.work  # the work a cold solve of the graph so far is expected to take
    race = False  # the next solve: resumed warm within RACE of that work, else restarted cold
    restart = False  # the next solve restarts cold at once
    for _attempt in range(PRICING_ROUNDS):
        if race and not restart:
            got = bs.solve(min(budget, bs.work + int(cold * RACE)))
            restart = got is None and bs.work < budget  # the resume's repairs cost more
        elif not restart:
            got = bs.solve(budget)
        if restart:  # cold on every edge so far
            cast("Compiled", bs).restart()
            w0 = bs.work
            got = bs.solve(budget)
            cold = bs.work - w0
        if got is None or len(got) != bs.n:  # over the work budget (or no perfect matching)
            return unproven("work budget spent")
        out = {(BYE if i == vid else i): (BYE if j == vid else j) for i, j in got.items()}
        if native:  # the window's pairs and more: as good as the window's optimum or better
            best = out
        if native:  # the blossoms in arrays, the solved pairs from the solver's arrays
            y, blossoms, scale = cast("Compiled", bs).duals(compact=True)
            viol, _exact = pricer.violations(y, blossoms, scale, got, None, PRICING_BATCH,
                                             ends=cast("Compiled", bs).ends())
        else:
            y, blossoms, scale = bs.duals()
            have = {(u, BYE) if v == vid else (u, v) for u, v in bs.key}
            viol, _exact = pricer.violations(y, blossoms, scale, got, have, PRICING_BATCH)
        if viol is None:
            return unproven("too many pairs to price")
        if viol:
            new = [(i, vert(j), w) for i, j, w in viol]
            first = not priced
            priced += len(new)
            bs.add_edges(new)
            # many new pairs: the resume's repairs may cost more than a cold start on the
            # larger graph (nblossom.Blossom.restart) or far less; it runs within RACE of
            # the last cold solve's work and is restarted cold past that. A few: warm.
            # The window's first pricing, if more than COLD_SHARE·n: cold at once. Measured
            # on chess rounds 2 / 5 / 9, the first pricing: at 4000 players 0.46 n and
            # 0.61 n new pairs resumed in a fifth and a half of a cold solve's work, 1.1 n
            # in 1.6 times it; at 16 000 players 0.8 n, 1.3 n and 1.4 n in 1.1–1.8 times it.
            # Later pricings of 0.6–1.0 n resumed in a fifth to a third; one of 1.0 n at
            # 16 000 players in 1.2 times it, but a resume's units take less time than a
            # cold solve's (0.43 s against 0.60 s there): hence RACE 2 (docs/PAIRING.md)
            race = native and len(new) > n // WARM_SHARE
            restart = native and first and len(new) > COLD_SHARE * n
            continue
        solved = cast("Compiled", bs).iter_edges() if native else bs.edge_list()
        why = certify(y, blossoms, scale, got, solved, native=native,
                      words=cast("Compiled", bs).words() if native else None)
        if why is not None:  # never expected: the blossom's duals are checked, not trusted;
            return unproven("the certificate failed")  # … or the window's, unproven
        return chosen(out), cands, (f"candidate window {START_WINDOW}, {priced} pair(s) priced "
                                    "in: optimum proven (dual certificate)")
    return unproven("pricing rounds spent")


def _solve(cands: Candidates, n: int, bye: bool, engine: str) -> dict[int, int]:
    flags = [key[1] == BYE for key in cands.edges]
    packer = Packer(list(cands.edges.values()), flags, (n + 1) // 2)
    vid = n  # the dummy bye vertex
    edges = packer.edges(cands.edges.items(), vid)
    nv = n + (1 if bye else 0)
    mate = None
    if engine == "auto" and n >= NATIVE_FROM and packer.bits <= NATIVE_BITS:
        # the compiled blossom: a perfect matching of maximum weight is the maximum-
        # cardinality one rustworkx would give; without one, rustworkx decides
        from .nblossom import Blossom as Compiled
        got = Compiled(nv, edges).solve()
        if got is not None and len(got) == nv:
            mate = got
    if mate is None:
        mate = solve(nv, edges, packer.bits, engine=engine)
    return {(BYE if i == vid else i): (BYE if j == vid else j) for i, j in mate.items()}


# ---- diagnosis -----------------------------------------------------------------------------


def _legal_edges(pool: list[PState], ev: Evaluator) -> list[tuple[int, int]]:
    n = len(pool)
    return [(i, j) for i in range(n) for j in range(i + 1, n)
            if ev.pair(pool[i], pool[j]) is not None]


def _diagnose(pool: list[PState], ev: Evaluator, ctx: Context, unpaired: list[int],
              round_no: int) -> PairingError:
    """The refusal: one line naming the blocked players, the rule, and the smallest relaxation
    that works; the same as fields (``players``, ``relaxation="allow_rematch"`` when allowing
    the fewest, least recent rematches pairs the round)."""
    n = len(pool)
    bye = n % 2 == 1
    # who cannot be paired under the absolute rules (maximum-cardinality on legal pairs)
    edges = _legal_edges(pool, ev)
    if bye:
        edges += [(i, n) for i in range(n)]
    mate = max_cardinality(n + (1 if bye else 0), edges)
    blocked = [pool[i] for i in range(n) if i not in mate] or \
        [st for st in pool if st.id in unpaired]
    names = ", ".join(str(st.id) for st in blocked)
    rules = []
    for st in blocked[:4]:
        met = sorted(o for o in st.met if any(o == x.id for x in pool))
        reasons = []
        if met:
            reasons.append(_("already met {ids}").format(ids=", ".join(map(str, met))))
        others = [x for x in pool if x.id != st.id and x.id not in st.met]
        for x in others:
            why = ev.blocked(st, x, relaxed=True)
            if why and ctx.forbidden and frozenset((st.id, x.id)) in ctx.forbidden:
                reasons.append(_("forbidden with {id}").format(id=x.id))
            elif why:
                reasons.append(_("colour limits with {id}").format(id=x.id))
        if reasons:
            rules.append(f"{st.id}: " + _("; ").join(reasons[:3]))
    msg = _("no legal pairing for round {round_no}: players {names} cannot all be paired "
            "without breaking an absolute rule (no rematch, forbidden pairs, colour "
            "limits)").format(round_no=round_no, names=names)
    if rules:
        msg += " — " + " | ".join(rules)
    # the smallest relaxation: fewest, least recent rematches
    ctx2 = replace(ctx, allow_rematch=True)
    relax = _try(pool, ctx2, ev.states)
    relaxation = None
    if relax is not None:
        relaxation = "allow_rematch"
        k, pairs = relax
        msg += _("; smallest relaxation: --allow-rematch pairs it with {count} rematch(es): "
                 "{shown}").format(count=k, shown=rematches_text(pairs))
    else:
        ctx3 = replace(ctx, allow_rematch=True, relax_colours=True)
        if _try(pool, ctx3, ev.states) is not None:
            msg += (_("; even rematches do not help: only breaking colour limits would (pair "
                      "by hand with --fixed, or make the colour gap graded: game option "
                      "colour_limit = \"graded\")") if ctx.colour_absolute else
                    _("; even rematches do not help: only breaking colour limits would (pair "
                      "by hand with --fixed)"))
        else:
            msg += _("; even rematches do not help: remove a forbidden pair or give a player "
                     "a bye")
    msg += guarantee_note(round_no, n)
    return PairingError(msg, players=[st.id for st in blocked], relaxation=relaxation)


def _try(pool, ctx, states):
    ev = Evaluator(states, ctx)
    n = len(pool)
    cands = Candidates(pool, ev, None, n % 2 == 1)
    mate = _solve(cands, n, n % 2 == 1, "auto")
    if not all(i in mate for i in range(n)):
        return None
    rem = []
    for i, j in mate.items():
        if i != BYE and j != BYE and i < j and pool[j].id in pool[i].met:
            rem.append((pool[i].id, pool[j].id, pool[i].met[pool[j].id]))
    return len(rem), sorted(rem, key=lambda x: -x[2])


# ---- explanations --------------------------------------------------------------------------


IDEAL_WORDS = {"fold": N_("fold (1st v last)"),
               "slide": N_("slide (top half v bottom half)"),
               "adjacent": N_("adjacent (1–2, 3–4)")}

CRITERION_WORDS = {
    "COLOUR": N_("that pair could not give both players their colour preference"),
    "STRONGCOL": N_("that pair would break a strong colour preference"),
    "GEO": N_("that pair is from the same club or country"),
    "FLOAT": N_("that pair would repeat a float direction"),
}


def _describe(st: PState) -> str:
    return (_("{id} {name} ({pts} pts, place {value} of {gsize} in score group {value2})").format(id=st.id, name=st.player.name, pts=_pts(st.score), value=st.pos + 1, gsize=st.gsize, value2=st.group + 1))


def _pts(x: float) -> str:
    return f"{x:g}"


def _explain_board(n: int, a: PState, b: PState, colour_why: str, ev: Evaluator, style: str,
                   *, fixed: bool, at: dict[tuple[int, int], PState], pairs,
                   say_why: bool = True) -> list[str]:
    """The lines explaining board ``n``; ``say_why=False`` leaves out why the two meet (the
    style's list method says it instead, :func:`_explain_listed`)."""
    lines = [_("board {n}: {a} v {b}").format(n=n, a=_describe(a), b=_describe(b))]
    if not say_why:
        pass
    elif fixed:
        lines.append(_("why: fixed by the director (--fixed)"))
    elif a.group == b.group:
        ideal_txt = _(IDEAL_WORDS[style]) if style in IDEAL_WORDS else style
        hi, lo = (a, b) if a.pos < b.pos else (b, a)
        want = ideal_partner(hi, style)
        if want == lo.pos:
            lines.append(_("why: same score; the {ideal_txt} ideal pairs place {value} with place {value2}").format(ideal_txt=ideal_txt, value=hi.pos + 1, value2=lo.pos + 1))
        else:
            other = at.get((hi.group, want))
            reason = ""
            if other is not None:
                why = ev.blocked(hi, other)
                if why:
                    reason = _(" was not possible: {why}").format(why=why)
                else:
                    t_ideal, t_here = ev.pair(hi, other), ev.pair(a, b)
                    assert t_ideal is not None and t_here is not None  # neither is blocked
                    worse = next((FIELDS[i] for i in range(len(FIELDS))
                                  if t_ideal[i] > t_here[i]), "")
                    reason = _(" went elsewhere: {criterion}").format(
                        criterion=_(CRITERION_WORDS[worse]) if worse in CRITERION_WORDS
                        else _("the pairing of the whole group needed it (colours, floats, "
                               "club or other players' rules)"))
                lines.append(_("why: same score; {id}'s ideal partner ({ideal_txt}: place {value}, player {id2}){reason}").format(id=hi.id, ideal_txt=ideal_txt, value=want + 1, id2=other.id, reason=reason))
            else:
                lines.append(_("why: same score; the group was completed around the floats"))
    else:
        up, low = (a, b) if a.group < b.group else (b, a)
        line = (_("why: {up} floats down to meet {low} ({up_pts} v {low_pts} pts): the score "
                  "group of {up_pts} has an odd number of players") if up.gsize % 2 else
                _("why: {up} floats down to meet {low} ({up_pts} v {low_pts} pts): no legal "
                  "partner remained in {up_pts} pts"))
        lines.append(line.format(up=up.id, low=low.id, up_pts=_pts(up.score),
                                 low_pts=_pts(low.score)))
        if up.last_float == -1 or low.last_float == 1:
            lines.append(_("note: repeats last round's float direction (no better choice)"))
    lines.append(_("colour: {colour_why}").format(colour_why=colour_why))
    met = a.met.get(b.id)
    if met:
        lines.append(_("relaxed: rematch of round {met} (--allow-rematch)").format(met=met))
    club = a.player.club and a.player.club == b.player.club
    country = a.player.country and a.player.country == b.player.country
    if club or country:
        lines.append(_("note: same club (no other pairing avoided it)") if club else
                     _("note: same country (no other pairing avoided it)"))
    return lines


def _unrecorded_colours(field: Field) -> list[str]:
    """A warning naming the earlier boards whose colours are recorded with the result
    (``GameProfile.seats.actual_black_key``: Renju's Black, decided at the board) but were not:
    the colour balance of this pairing cannot count them (issue 32 item 20).  Forfeits have
    no colours; [] when nothing is missing or the event pairs without colours."""
    key, round_no = field.plan.actual_black_key, field.round_no
    if key is None or field.plan.colours == NO_COLOURS:
        return []
    event = field.event
    missing: dict[int, list[int]] = {}
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        if rnd.number >= round_no or rnd.playoff:
            continue
        for b in rnd.boards:
            if b.result is not None and not b.result.forfeit and b.result.detail.get(key) is None:
                missing.setdefault(rnd.number, []).append(b.number)
    if not missing:
        return []
    count = sum(len(v) for v in missing.values())
    where = "; ".join(_("round {round_no}: {boards}").format(
        round_no=r, boards=", ".join(map(str, bs[:12])) + ("…" if len(bs) > 12 else ""))
        for r, bs in missing.items())
    return [ngettext("{count} earlier board has no Black recorded ({where}): its colours do "
                     "not count in this round's colour balance; record who had Black "
                     "(result --black ID --force, or black=ID in the results)",
                     "{count} earlier boards have no Black recorded ({where}): their colours "
                     "do not count in this round's colour balance; record who had Black "
                     "(result --black ID --force, or black=ID in the results)",
                     count).format(count=count, where=where)]


def _GEO_NOTES() -> tuple[str, str]:
    return (_("note: same club (no other pairing avoided it)"),
            _("note: same country (no other pairing avoided it)"))


def _list_values(event: Event, round_no: int, chain: tuple[str, ...],
                 states: dict[int, PState]) -> dict[int, str]:
    """What placed each player in the list, for the explanations: the values of the
    pairing order's criteria after the round before (``WINS 3, SOS 7, …, RANK 2d``), or
    the points when the list is by score then the lot (round 2 of the Tagajo method)."""
    if not chain or round_no < 2:
        return {pid: _("{pts} pts, then the lot").format(pts=_pts(st.score))
                for pid, st in states.items()}
    from ..standings import standings
    from ..standings.table import format_value
    rows = {row.player.id: row for row in standings(event, upto=round_no - 1, chain=chain).rows}
    out = {}
    for pid, st in states.items():
        row = rows.get(pid)
        parts = []
        for code in chain:
            if code == "RANK" and st.player.rank:
                parts.append(f"{code} {st.player.rank}")
            elif row is not None and code in row.values:
                parts.append(f"{code} {format_value(code, row.values[code])}")
        out[pid] = ", ".join(parts)
    return out


def _describe_listed(st: PState, values: dict[int, str]) -> str:
    """A player as the list method sees them: the place in the list and what put them
    there."""
    return _("{id} {name} (place {place} in the list: {values})").format(
        id=st.id, name=st.player.name, place=st.order + 1, values=values.get(st.id, ""))


def _explain_listed(a: PState, b: PState, listed, pool: list[PState], name: str) -> str:
    """Board explanation when the style's method paired down the list: the place of both in
    the list and the candidates passed over (already met, forbidden, or backed up)."""
    up, low = (a, b) if a.order < b.order else (b, a)
    skipped: list = []
    for i, j, sk in listed:
        if {pool[i].id, pool[j].id} == {a.id, b.id}:
            skipped = sk
    why = (_("why: {name}: {up} is the highest unpaired player in the list (place {up_place}); "
             "{low} (place {low_place}) is the next one not met yet") if not skipped else
           _("why: {name}: {up} is the highest unpaired player in the list (place {up_place}); "
             "{low} (place {low_place}) is the next one it may meet")).format(
        name=name, up=up.id, up_place=up.order + 1, low=low.id, low_place=low.order + 1)
    passed = _passed_over(skipped, pool)
    if passed:
        why += _(" — passed over: {passed}").format(passed=passed)
    return why


def _passed_over(skipped: list[tuple[int, str]], pool: list[PState]) -> str:
    words = {"met": _("already met"), "forbidden": _("forbidden pair"), "colours": _("colours"),
             "bye": _("bye"), "backed up": _("backed up: the players below could not all be "
                                             "paired otherwise")}
    return "; ".join(f"{pool[k].id} {words.get(w, w)}" for k, w in skipped if k >= 0)


def _explain_byes(byes: list[Bye], pair_bye: PState | None, ev: Evaluator,
                  states: dict[int, PState],
                  by_list: tuple[str, dict[int, str], list, list[PState]] | None = None
                  ) -> list[str]:
    """The byes' lines; ``by_list`` (the method's name, the list's values, the candidates
    the bye's player passed over, the list) when the style's method paired down the list."""
    lines = []
    for b in byes:
        if b.kind is ByeKind.PAIRING and pair_bye is not None:
            st = pair_bye
            if ev.bye_ineligible(st):
                why = _("every other player already had one, or no pairing allowed it")
            elif by_list is not None:
                name, values, skipped, pool = by_list
                why = (_("{name}: {id} is the highest unpaired player in the list (place "
                         "{place}); the phantom player at the bottom of the list is the next "
                         "one it may meet") if skipped else
                       _("{name}: {id} is the highest unpaired player in the list (place "
                         "{place}); the phantom player at the bottom of the list is the next "
                         "one")).format(name=name, id=st.id, place=st.order + 1)
                passed = _passed_over(skipped, pool)
                if passed:
                    why += _(" — passed over: {passed}").format(passed=passed)
                lines.append(_("bye: {describe} gets the pairing bye: {why}").format(
                    describe=_describe_listed(st, values), why=why))
                continue
            elif ev.ctx.random_bye:
                why = _("lowest match points, random among them (MTR / docs/RULES.md §3.4)")
            else:
                why = _("the lowest-ranked player eligible for it")
            lines.append(_("bye: {describe} gets the pairing bye: {why}").format(describe=_describe(st), why=why))
        else:
            lines.append(_("bye: {player} {value} bye (requested / absent)").format(player=b.player, value=b.kind.value))
    return lines


# ---- round robin -----------------------------------------------------------------------------


def _roundrobin(field: Field, ids: list[int], byes: list[Bye]) -> Pairing:
    """Berger tables over every registered player (roundrobin.py).  A player who is absent or
    withdrawn keeps their slot: the opponent gets the pairing bye."""
    units = list(field.units.values())
    lots = any(u.lot is not None for u in units)
    players = sorted(units, key=lambda u: lot_key(u) if lots else strength_key(u))
    round_no = field.round_no
    pairs, bye = roundrobin_pairs(players, round_no, field.plan.rounds)
    active = set(ids)
    boards: list[Board] = []
    out_byes, notes = list(byes), {}
    for a, b in pairs:
        if a in active and b in active:
            n = len(boards) + 1
            boards.append(Board(n, (a, b)))
            notes[n] = [_("board {n}: {a} v {b}").format(n=n, a=a, b=b),
                        _("why: Berger table, round robin round {round}").format(round=round_no),
                        _("colour: from the Berger table")]
        elif a in active or b in active:
            out_byes.append(Bye(a if a in active else b, ByeKind.PAIRING))
    if bye is not None and bye in active:
        out_byes.append(Bye(bye, ByeKind.PAIRING))
    out_byes.sort(key=lambda b: b.player)
    return Pairing(Round(round_no, tuple(boards), tuple(out_byes)), (), notes,
                   ("bye: round robin: the player without an opponent this round",),
                   (), "berger")


# ---- undo -----------------------------------------------------------------------


def undo_round(event: Event, force: bool = False) -> Event:
    """Remove the last round's pairing; refused when it has results unless ``force``."""
    if not event.rounds:
        raise PairingError(_("no round to undo: the event has no pairing yet"))
    last = max(event.rounds, key=lambda r: r.number)
    done = [b.number for b in last.boards if b.result is not None]
    if done and not force:
        raise ConflictError(_("round {number} already has {count} result(s) (boards {items}); use --force to remove it").format(number=last.number, count=len(done), items=', '.join(map(str, done[:8]))))
    return event.without_round(last.number)
