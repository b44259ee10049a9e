"""A pairing checker for FIDE TRF files: recompute each round by the Dutch system and explain
the first difference (``swisstui verify FILE.trf``, docs/INTEROP.md "verify").

FIDE's endorsement rules for pairing programs ask for a free checker that reads a TRF written
by any program and says whether each round is the one the Dutch system (C.04.3) gives.  For
round N the event is the file's players with their starting ranks as pairing numbers (the
reader's ``pairing_numbers = "id"``), the results of rounds 1..N-1, the file's requested byes
and absences of round N (its ``0000 - H/F/Z`` blocks, ``XXZ``), forbidden pairs (``XXP``,
``260``), the initial colour (``XXC``/``152``, else inferred) and the planned rounds
(``XXR``/``142``: the last round's topscorers); swisstui's Dutch engine pairs it and the two
pairings are compared board by board in the Dutch board order (C.04.2: score of the higher
player, then of the lower, then the better pairing number).

When they differ, the first board that differs is named with the criterion that decides
between the two pairings, checked in FIDE's order:

1. who is paired at all (the file's byes and absences against the engine's list);
2. the absolute criteria on the file's pairing — C1 (no rematch), C3 (non-topscorers with
   the same absolute colour preference), forbidden pairs, C2 (PAB eligibility);
3. C5 (the PAB assignee's score, lowest possible);
4. the first bracket (score group plus moved-down players, from the top) where the two
   pairings part: C6 (fewest downfloaters), C7 (their scores), C8 (the next bracket's C6/C7),
   C9 (the PAB assignee's unplayed games), C10-C13 (colours), C14-C17 (repeated floats),
   C18-C21 (their scores);
5. equal on every criterion: the order of candidates (C.04.3 D: D.3 which moved-down players
   are paired, D.2 exchanges, D.1 transpositions) — the engine's pairing comes first;
6. the same pairs with other colours: the colour rule E.1-E.5 that decides the board.

Points: each player's points (columns 81-84) against the results under the file's scoring
(with the byes of the round to be paired, as the engines count them).  TRF-16 carries no
tie-break values, and the rank column (86-89) is not the standings in every program's files
(the pairing engines write other orders there), so neither is checked.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from collections.abc import Mapping
from typing import Any

from ..errors import PairingError, SwissError
from ..field import Field
from ..i18n import N_, _
from ..model import ByeKind, Event
from ..pairing import pair_round
from ..pairing.dutch import criteria as C
from ..pairing.dutch.colours import allocate
from ..pairing.dutch.players import DPlayer, build_players
from ..pairing.groups import to_pair
from .trf import read_trf

# The criteria as the C.04.3 text (2026) states them, shortened to one line each.
RULES: dict[str, str] = {
    "paired": N_("C.04.1/C.04.2: every player present is paired; requested byes and "
                 "absences are not"),
    "C1": N_("C1: two players shall not play against each other more than once"),
    "C2": N_("C2: a player who has already received a pairing-allocated bye, or has already "
             "scored a win without playing, shall not receive the pairing-allocated bye"),
    "C3": N_("C3: non-topscorers with the same absolute colour preference shall not meet"),
    "forbidden": N_("forbidden pairs (XXP/260): these players shall not meet"),
    "C5": N_("C5: minimise the score of the assignee of the pairing-allocated bye"),
    "C6": N_("C6: minimise the number of downfloaters (maximise the number of pairs)"),
    "C7": N_("C7: minimise the scores, taken in descending order, of the downfloaters"),
    "C8": N_("C8: choose the downfloaters that let the next bracket comply best with C1-C7"),
    "C9": N_("C9: minimise the number of unplayed games of the assignee of the "
             "pairing-allocated bye"),
    "C10": N_("C10: minimise the number of topscorers or topscorers' opponents who get a "
              "colour difference higher than +2 or lower than -2"),
    "C11": N_("C11: minimise the number of topscorers or topscorers' opponents who get the "
              "same colour three times in a row"),
    "C12": N_("C12: minimise the number of players who do not get their colour preference"),
    "C13": N_("C13: minimise the number of players who do not get their strong colour "
              "preference"),
    "C14": N_("C14: minimise the number of resident downfloaters who received a downfloat "
              "in the previous round"),
    "C15": N_("C15: minimise the number of MDP opponents who received an upfloat in the "
              "previous round"),
    "C16": N_("C16: minimise the number of resident downfloaters who received a downfloat "
              "two rounds before"),
    "C17": N_("C17: minimise the number of MDP opponents who received an upfloat two rounds "
              "before"),
    "C18": N_("C18: minimise the scores of the resident downfloaters who received a "
              "downfloat in the previous round"),
    "C19": N_("C19: minimise the scores of the MDPs whose opponents received an upfloat in "
              "the previous round"),
    "C20": N_("C20: minimise the scores of the resident downfloaters who received a "
              "downfloat two rounds before"),
    "C21": N_("C21: minimise the scores of the MDPs whose opponents received an upfloat two "
              "rounds before"),
    "D.3": N_("D.3: in a heterogeneous bracket the moved-down players are paired highest "
              "first, each with the highest resident possible"),
    "D.2": N_("D.2: among equally good pairings, the fewest and smallest exchanges between "
              "S1 and S2 come first"),
    "D.1": N_("D.1: among equally good pairings, the transpositions of S2 are tried in "
              "order: each S1 player gets the highest S2 player possible"),
    "E.1": N_("E.1: grant both colour preferences"),
    "E.2": N_("E.2: grant the stronger colour preference"),
    "E.3": N_("E.3: alternate the colours to the most recent round in which they had "
              "different colours"),
    "E.4": N_("E.4: grant the colour preference of the higher ranked player"),
    "E.5": N_("E.5: the higher ranked player gets the initial colour if his pairing number "
              "is odd, the other colour if even"),
    "refused": N_("no pairing: the engine refuses the round"),
}

_LEGAL_ORDER = ("C6", "C7", "C8", "C9", "C10", "C11", "C12", "C13", "C14", "C15", "C16",
                "C17", "C18", "C19", "C20", "C21")


@dataclass(frozen=True)
class Difference:
    """The first board of a round where the file and the engine part, and why."""

    board: int  # board number in the Dutch board order; 0: the pairing-allocated bye
    file: tuple[int, int] | None  # (white, black) in the file; (player, 0) for the bye
    ours: tuple[int, int] | None  # the engine's board of the same number
    criterion: str  # a key of RULES
    detail: str  # the values behind it, in the director's words
    better: str  # "ours": the file's pairing is worse by the criterion; "file"; "equal"
    named: tuple[int, ...] = ()  # the players the detail names (starting ranks)

    def players(self) -> tuple[int, ...]:
        """Every player the finding names: the two boards' and the detail's."""
        ids = {x for pair in (self.file, self.ours) if pair for x in pair} | set(self.named)
        return tuple(sorted(ids - {0}))

    def rule(self) -> str:
        return _(RULES[self.criterion])


@dataclass(frozen=True)
class RoundCheck:
    number: int
    boards: int  # boards of the file's round (with its pairing-allocated bye)
    difference: Difference | None = None

    @property
    def identical(self) -> bool:
        return self.difference is None


@dataclass(frozen=True)
class PointsCheck:
    """A player whose points in the file do not match the results."""

    player: int  # starting rank
    line: int
    file: float
    results: float
    name: str = ""


@dataclass(frozen=True)
class VerifyReport:
    """Every player is named by the file's starting rank (its own numbers, whatever
    ``### swisstui ids`` records it carries), with the file's name where it helps."""

    path: str
    rounds: tuple[RoundCheck, ...]
    points: tuple[PointsCheck, ...] = ()
    seconds: float = 0.0
    notes: tuple[str, ...] = field(default=())
    names: Mapping[int, str] = field(default_factory=dict)  # starting rank -> name

    @property
    def identical(self) -> bool:
        """Every round checked is the Dutch pairing (points aside)."""
        return all(r.identical for r in self.rounds)

    @property
    def ok(self) -> bool:
        return self.identical and not self.points

    def lines(self) -> list[str]:
        """The report for the director, one finding per line (round by round)."""
        out = []
        for r in self.rounds:
            d = r.difference
            if d is None:
                out.append(_("round {n}: identical ({boards} boards)").format(
                    n=r.number, boards=r.boards))
                continue
            out.append(_("round {n}: differs at board {board}: file {file}, swisstui {ours}")
                       .format(n=r.number, board=_board_name(d.board),
                               file=_pair_text(d.file), ours=_pair_text(d.ours)))
            if any(self.names.get(x) for x in d.players()):
                out.append("  " + _("; ").join(self._who(x) for x in d.players()))
            out.append("  " + d.rule())
            out.append("  " + d.detail)
            if d.better == "file":
                out.append("  " + _("the file's pairing is better by this criterion: "
                                    "swisstui's engine or what the TRF carries (acceleration, "
                                    "byes) differs from the program that paired it"))
        for p in self.points:
            out.append(_("player {player} (line {line}): points {file:g} in the file, {got:g} "
                         "from the results").format(player=self._who(p.player), line=p.line,
                                                    file=p.file, got=p.results))
        out.extend(self.notes)
        same = sum(r.identical for r in self.rounds)
        out.append(_("{same} of {n} round(s) identical to the FIDE Dutch system; points of "
                     "{points} player(s) differ from the results")
                   .format(same=same, n=len(self.rounds), points=len(self.points)))
        return out

    def _who(self, player: int) -> str:
        """``12 Carlsen, Magnus``: the starting rank and the file's name (if any)."""
        name = self.names.get(player, "")
        return f"{player} {name}" if name else str(player)

    def as_json(self) -> dict[str, Any]:
        rounds = []
        for r in self.rounds:
            item: dict[str, Any] = {"round": r.number, "boards": r.boards,
                                    "identical": r.identical}
            d = r.difference
            if d is not None:
                item.update({"board": d.board, "file": list(d.file) if d.file else None,
                             "ours": list(d.ours) if d.ours else None,
                             "criterion": d.criterion, "rule": d.rule(),
                             "detail": d.detail, "better": d.better,
                             "names": {str(x): self.names.get(x, "") for x in d.players()}})
            rounds.append(item)
        return {"file": self.path, "identical": self.identical, "rounds": rounds,
                "points": [{"player": p.player, "name": p.name, "line": p.line,
                            "file": p.file, "results": p.results} for p in self.points],
                "seconds": round(self.seconds, 3)}


def _board_name(board: int) -> str:
    return _("bye") if board == 0 else str(board)


def _pair_text(pair: tuple[int, int] | None) -> str:
    if pair is None:
        return "—"
    if pair[1] == 0:
        return _("{id} bye").format(id=pair[0])
    return f"{pair[0]}-{pair[1]}"


# ---- the check ------------------------------------------------------------------------------

def verify_trf(text: str, path: str = "<trf>", round_no: int | None = None) -> VerifyReport:
    """Check every round of the TRF ``text`` (or only ``round_no``) against the Dutch
    system, and its points; :class:`~swisstui.core.errors.EventFileError`
    (``file:line``) for a file that cannot be read."""
    t0 = time.perf_counter()
    mismatched: list[tuple[int, int, float, float]] = []
    # the file's own numbers: its starting ranks, never the ids of '### swisstui ids'
    # (a comment), so that every line of the report speaks one numbering
    event = read_trf(text, path, points=mismatched, swisstui_ids=False)
    names = {p.id: p.name for p in event.players}
    event = replace(event, settings=replace(event.settings, system="dutch"))
    played = sorted(r.number for r in event.rounds if r.boards or r.byes)
    if round_no is not None:
        if round_no not in played:
            raise SwissError(_("--round {n}: the file has rounds {first}-{last}")
                             .format(n=round_no, first=played[0] if played else 0,
                                     last=played[-1] if played else 0))
        played = [round_no]
    checks = tuple(check_round(event, n) for n in played)
    return VerifyReport(str(path), checks,
                        tuple(PointsCheck(*m, name=names.get(m[0], "")) for m in mismatched),
                        time.perf_counter() - t0, names=names)


def check_round(event: Event, number: int) -> RoundCheck:
    """Round ``number`` of ``event`` (a TRF read, system dutch) against the engine's pairing
    of it from the rounds before."""
    before = replace(event, rounds=tuple(r for r in event.rounds if r.number < number))
    rnd = next(r for r in event.rounds if r.number == number)
    field = Field.of(before)
    file_pairs = [(b.players[0], b.players[1]) for b in rnd.boards]
    file_bye = next((b.player for b in rnd.byes if b.kind is ByeKind.PAIRING), None)
    nboards = len(file_pairs) + (file_bye is not None)
    ids, _requested = to_pair(before, number)
    everyone = sorted(set(ids) | {x for ab in file_pairs for x in ab}
                      | ({file_bye} if file_bye is not None else set()))
    dp = {q.id: q for q in build_players(field, everyone)}
    file_boards = _ordered(file_pairs, dp)
    try:
        pairing = pair_round(before, field=field)
    except PairingError as exc:
        return RoundCheck(number, nboards, Difference(
            1, file_boards[0] if file_boards else None, None, "refused", str(exc), "file"))
    ours = [(b.players[0], b.players[1]) for b in pairing.round.boards]
    our_bye = next((b.player for b in pairing.round.byes if b.kind is ByeKind.PAIRING), None)
    if sorted(ours) == sorted(file_boards) and our_bye == file_bye:
        return RoundCheck(number, nboards)
    board, fb, ob = _first_board(file_boards, file_bye, ours, our_bye)
    crit, detail, better, named = _decide(file_boards, file_bye, ours, our_bye, dp,
                                          set(ids), field, number)
    return RoundCheck(number, nboards, Difference(board, fb, ob, crit, detail, better,
                                                  named))


def _key(pair: tuple[int, int], dp: dict[int, DPlayer]) -> tuple[float, float, int]:
    a, b = dp[pair[0]], dp[pair[1]]
    return (-max(a.score, b.score), -min(a.score, b.score), min(a.tpn, b.tpn))


def _ordered(pairs: list[tuple[int, int]], dp: dict[int, DPlayer]) -> list[tuple[int, int]]:
    """The file's boards in the Dutch engine's board order."""
    return sorted(pairs, key=lambda ab: _key(ab, dp))


def _first_board(file: list[tuple[int, int]], file_bye: int | None,
                 ours: list[tuple[int, int]], our_bye: int | None):
    for k in range(max(len(file), len(ours))):
        f = file[k] if k < len(file) else None
        o = ours[k] if k < len(ours) else None
        if f != o:
            return k + 1, f, o
    return 0, (file_bye, 0) if file_bye else None, (our_bye, 0) if our_bye else None


@dataclass
class _Bracket:
    score: float
    mdps: tuple[int, ...]
    pairs: frozenset[frozenset[int]]
    down: tuple[int, ...]


def _brackets(pairs: list[tuple[int, int]], ids: list[int],
              dp: dict[int, DPlayer]) -> list[_Bracket]:
    """The brackets a pairing of ``ids`` goes through from the top score down: each score
    group with the players moved down to it, the pairs made among them and the players it
    moves down (their opponent lies lower, or none: the PAB)."""
    partner = {}
    for a, b in pairs:
        partner[a], partner[b] = b, a
    order = sorted(ids, key=lambda i: (-dp[i].score, dp[i].tpn))
    groups: list[list[int]] = []
    for i in order:
        if groups and dp[groups[-1][0]].score == dp[i].score:
            groups[-1].append(i)
        else:
            groups.append([i])
    out: list[_Bracket] = []
    mdps: list[int] = []
    for g in groups:
        members = mdps + g
        inside = set(members)
        made = frozenset(frozenset((x, partner[x])) for x in members
                         if partner.get(x) in inside)
        down = tuple(x for x in members if partner.get(x) not in inside)
        out.append(_Bracket(dp[g[0]].score, tuple(mdps), made, down))
        mdps = list(down)
    return out


def _values(k: int, brackets: list[_Bracket], bye: int | None, dp: dict[int, DPlayer],
            round_no: int) -> dict[str, Any]:
    """The quality criteria C6-C21 of bracket ``k`` of a pairing (lower is better)."""
    b = brackets[k]
    nxt = brackets[k + 1] if k + 1 < len(brackets) else None
    mdps = set(b.mdps)
    pairs = [sorted(p, key=lambda i: (-dp[i].score, dp[i].tpn)) for p in b.pairs]
    pairs_dp = [(dp[x], dp[y]) for x, y in pairs]
    resident_down = [dp[x] for x in b.down if x not in mdps]
    v: dict[str, Any] = {
        "C6": len(b.down),
        "C7": tuple(sorted((dp[x].score for x in b.down), reverse=True)),
        "C8": (len(nxt.down), tuple(sorted((dp[x].score for x in nxt.down), reverse=True)))
        if nxt else (0, ()),
        "C9": (round_no - 1 - dp[bye].played) if bye is not None and bye in b.down else 0,
    }
    for name, fn in (("C10", C.c10_ok), ("C11", C.c11_ok), ("C12", C.c12_ok),
                     ("C13", C.c13_ok)):
        v[name] = sum(1 for x, y in pairs_dp if not fn(x, y))
    for back, down, up, sdown, sup in ((1, "C14", "C15", "C18", "C19"),
                                       (2, "C16", "C17", "C20", "C21")):
        fl = [q for q in resident_down if C.float_down(q, back)]
        mdp_up = [x for x, y in pairs_dp if x.id in mdps and not C.c15_ok(x, y, back)]
        v[down], v[up] = len(fl), len(mdp_up)
        v[sdown] = tuple(sorted((q.score for q in fl), reverse=True))
        v[sup] = tuple(sorted((q.score for q in mdp_up), reverse=True))
    return v


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_show(x) for x in value) + ")"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _decide(file: list[tuple[int, int]], file_bye: int | None, ours: list[tuple[int, int]],
            our_bye: int | None, dp: dict[int, DPlayer], ids: set[int], field: Field,
            round_no: int) -> tuple[str, str, str, tuple[int, ...]]:
    """(criterion, detail, better, the players the detail names) deciding between the
    file's pairing and the engine's."""
    took_part = {x for ab in file for x in ab} | ({file_bye} if file_bye else set())
    if took_part != ids:
        extra = sorted(took_part - ids)
        if extra:
            return "paired", _("the file pairs player {id}, whom the engine leaves out "
                               "(bye, absence, withdrawal or late entry)").format(
                                   id=extra[0]), "ours", (extra[0],)
        out = sorted(ids - took_part)[0]
        return "paired", _("the file leaves out player {id} without a bye code").format(
            id=out), "ours", (out,)
    forbidden = field.plan.forbidden
    for a, b in file:
        if b in dp[a].opponents:
            return "C1", _("{a} and {b} have already played each other").format(a=a, b=b), \
                "ours", (a, b)
    for a, b in file:
        if frozenset((a, b)) in forbidden:
            return "forbidden", _("{a} and {b} are a forbidden pair").format(a=a, b=b), \
                "ours", (a, b)
    for a, b in file:
        ca = C.c3_class(dp[a])
        if ca is not None and ca == C.c3_class(dp[b]):
            return "C3", _("{a} and {b} both have an absolute preference for {colour}")\
                .format(a=a, b=b, colour=_colour(ca)), "ours", (a, b)
    if file_bye is not None and not dp[file_bye].bye_eligible:
        return "C2", _("{id} gets the pairing-allocated bye again").format(id=file_bye), \
            "ours", (file_bye,)
    if file_bye != our_bye and file_bye is not None and our_bye is not None:
        fs, os_ = dp[file_bye].score, dp[our_bye].score
        if fs != os_:
            return "C5", _("the bye goes to {id} with {pts:g} points in the file, to {id2} "
                           "with {pts2:g} with swisstui").format(id=file_bye, pts=fs,
                                                                  id2=our_bye, pts2=os_), \
                "ours" if os_ < fs else "file", (file_bye, our_bye)
    order = sorted(ids)
    fb, ob = _brackets(file, order, dp), _brackets(ours, order, dp)
    for k, (x, y) in enumerate(zip(fb, ob)):
        if x.pairs == y.pairs and x.down == y.down:
            continue
        fv, ov = _values(k, fb, file_bye, dp, round_no), _values(k, ob, our_bye, dp, round_no)
        where = _("bracket {k} (score {pts:g})").format(k=k + 1, pts=x.score)
        for name in _LEGAL_ORDER:
            if fv[name] != ov[name]:
                return name, _("{where}: the file has {file}, swisstui {ours}").format(
                    where=where, file=_show(fv[name]), ours=_show(ov[name])), \
                    "ours" if ov[name] < fv[name] else "file", ()
        return _order_rule(x, y, dp), _("{where}: equal on C1-C21; the engine's pairing "
                                        "comes first in the order of candidates").format(
                                            where=where), "equal", ()
    # the same pairs: the colours differ
    our_set = {frozenset(p): p for p in ours}
    initial = field.plan.initial_colour[:1].lower() or "w"
    for a, b in file:
        mine = our_set.get(frozenset((a, b)))
        if mine is not None and mine != (a, b):
            white, _black, rule = allocate(dp[a], dp[b], initial)
            return rule, _("{a}-{b}: the rule gives white to {white}").format(
                a=a, b=b, white=white), "ours", (a, b)
    return "paired", _("the pairing-allocated bye differs"), "equal", ()


def _order_rule(file: _Bracket, ours: _Bracket, dp: dict[int, DPlayer]) -> str:
    """Which part of the order of candidates (C.04.3 D) separates two equally good pairings
    of a bracket: the moved-down players paired (D.3), the S1 players (D.2: exchanges) or
    only their opponents (D.1: transpositions)."""
    def paired_mdps(b: _Bracket) -> set[int]:
        return {x for p in b.pairs for x in p if x in b.mdps}

    if paired_mdps(file) != paired_mdps(ours) or any(
            p & set(file.mdps) for p in file.pairs ^ ours.pairs):
        return "D.3"

    def s1(b: _Bracket) -> set[int]:
        return {min(p, key=lambda i: (-dp[i].score, dp[i].tpn)) for p in b.pairs}

    return "D.2" if s1(file) != s1(ours) else "D.1"


def _colour(letter: str) -> str:
    return _("white") if letter == "w" else _("black")
