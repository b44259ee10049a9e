"""``swisstui verify``: the pairing checker against the Dutch conformance cases.

The cases (../shared/dutch-cases, X_kK.trf: a tournament paired by bbpPairings, cut after
round K; X_kK.pairs: bbpPairings' pairing of round K+1) are read where they lie, never copied
into the repository; the tests are skipped without them.  Altered files are made here, in
memory or in tmp_path.  ``SWISSTUI_VERIFY_ALL=1`` runs every tournament instead of a sample.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from swisstui.core.errors import EventFileError
from swisstui.core.interop.verify import RULES, verify_trf

CASES = Path(__file__).resolve().parents[3] / "shared" / "dutch-cases"

needs_cases = pytest.mark.skipif(not CASES.is_dir(), reason=f"no Dutch cases at {CASES}")


def _tournaments() -> dict[str, list[Path]]:
    """Tournament -> its case files by K."""
    out: dict[str, list[Path]] = {}
    if not CASES.is_dir():
        return out
    for c in sorted(CASES.glob("*.trf")):
        m = re.fullmatch(r"(.*)_k(\d+)\.trf", c.name)
        if m:
            out.setdefault(m.group(1), []).append(c)
    for files in out.values():
        files.sort(key=lambda p: int(p.stem.rsplit("_k", 1)[1]))
    return out


ALL = _tournaments()
SAMPLE = sorted(ALL) if os.environ.get("SWISSTUI_VERIFY_ALL") else sorted(ALL)[::10]


def _reference(case: Path) -> set[tuple[int, int]]:
    """bbpPairings' pairing in X_kK.pairs: (white, black), (player, 0) for the bye."""
    nums = list(map(int, case.with_suffix(".pairs").read_text().split()))
    return {(nums[1 + 2 * k], nums[2 + 2 * k]) for k in range(nums[0])}


def _file_round(text: str, rnd: int) -> set[tuple[int, int]]:
    """The pairing of round ``rnd`` as the TRF records it (white, black) / (player, 0)."""
    out = set()
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        blk = line[89 + 10 * (rnd - 1):99 + 10 * (rnd - 1)].ljust(10)
        me, opp, colour, code = int(line[4:8]), blk[2:6].strip(), blk[7], blk[9]
        if opp and int(opp) and colour == "w":
            out.add((me, int(opp)))
        elif (not opp or not int(opp)) and code in "U+":
            out.add((me, 0))
    return out


@needs_cases
@pytest.mark.parametrize("name", SAMPLE)
def test_verify_agrees_with_the_conformance_cases(name):
    """Round r (>= 2) of the tournament's last file is reported identical exactly when it is
    bbpPairings' own pairing of round r (case X_k(r-1)); every such round is identical."""
    files = ALL[name]
    last = files[-1]
    text = last.read_text(encoding="utf-8")
    report = verify_trf(text, str(last))
    by_k = {int(p.stem.rsplit("_k", 1)[1]): p for p in files}
    checked = 0
    for r in report.rounds:
        case = by_k.get(r.number - 1)
        if case is None:
            continue
        same = _file_round(text, r.number) == _reference(case)
        assert r.identical == same, (name, r.number, r.difference)
        checked += same
    assert checked >= 1
    assert report.points == ()


def _swap_blacks(text: str, rnd: int) -> tuple[str, tuple[int, int, int, int]] | None:
    """``text`` with the Black players of two boards of round ``rnd`` swapped (two boards
    whose White scored the same, so every result still agrees and the points stay right);
    None when the round has no such two boards."""
    lines = text.split("\n")
    col = 89 + 10 * (rnd - 1)
    boards: dict[str, list[tuple[int, int]]] = {}
    rows: dict[int, int] = {}
    for i, line in enumerate(lines):
        if line.startswith("001"):
            rows[int(line[4:8])] = i
    for me, i in rows.items():
        blk = lines[i][col:col + 10]
        if len(blk) == 10 and blk[2:6].strip() not in ("", "0000") and blk[7] == "w":
            boards.setdefault(blk[9], []).append((me, int(blk[2:6])))
    pair = next((v[:2] for v in boards.values() if len(v) >= 2), None)
    if pair is None:
        return None
    (a, b), (c, d) = pair

    def put(pid: int, opp: int) -> None:
        line = lines[rows[pid]]
        lines[rows[pid]] = line[:col + 2] + f"{opp:>4}" + line[col + 6:]

    put(a, d), put(d, a), put(c, b), put(b, c)
    return "\n".join(lines), (a, b, c, d)


@needs_cases
@pytest.mark.parametrize("name", SAMPLE)
def test_verify_finds_every_round_with_a_swapped_board(name):
    """Each round of the tournament altered by one swapped board (alone, in its own copy) is
    reported as differing, naming a board and a criterion of C.04.3."""
    last = ALL[name][-1]
    text = last.read_text(encoding="utf-8")
    rounds = [r.number for r in verify_trf(text, str(last)).rounds]
    found = 0
    for rnd in rounds:
        altered = _swap_blacks(text, rnd)
        if altered is None:
            continue
        new, (a, b, c, d) = altered
        report = verify_trf(new, "altered.trf", round_no=rnd)
        (check,) = report.rounds
        assert check.number == rnd and not check.identical, (name, rnd)
        diff = check.difference
        assert diff is not None and diff.criterion in RULES
        assert diff.board >= 1 and diff.file is not None
        assert diff.file in {(a, d), (c, b)} or diff.ours in {(a, b), (c, d)} or \
            set(diff.file) & {a, b, c, d}
        assert report.points == ()
        found += 1
    assert found >= len(rounds) - 1  # a round of one board has nothing to swap


def _round_block(text: str, pid: int, rnd: int) -> str:
    line = next(x for x in text.splitlines() if x.startswith(f"001 {pid:>4}"))
    return line[89 + 10 * (rnd - 1):99 + 10 * (rnd - 1)]


def _set_block(text: str, pid: int, rnd: int, block: str) -> str:
    """``text`` with player ``pid``'s block of round ``rnd`` replaced by ``block``."""
    col = 89 + 10 * (rnd - 1)
    out = []
    for line in text.split("\n"):
        if line.startswith(f"001 {pid:>4}"):
            line = line[:col] + block + line[col + 10:]
        out.append(line)
    return "\n".join(out)


@needs_cases
def test_a_rematch_is_named_by_c1():
    """Round 4 of s1000 with the Blacks of 1-5 and 2-4 swapped: 1-4 and 2-5, but 2 and 5
    met in round 2 — C1 decides, naming them."""
    path = CASES / "s1000_n12_r6_k5.trf"
    text = path.read_text(encoding="utf-8")
    assert _round_block(text, 2, 2) == "     5 w 1"  # 2 and 5 met in round 2
    new, swapped = _swap_blacks(text, 4) or ("", ())
    assert swapped == (1, 5, 2, 4)
    report = verify_trf(new, "rematch.trf", round_no=4)
    diff = report.rounds[0].difference
    assert diff is not None and diff.criterion == "C1" and diff.better == "ours"
    assert diff.detail == "2 and 5 have already played each other"
    assert diff.file == (2, 5) and diff.ours == (2, 4) and diff.board == 1
    assert report.points == ()


@needs_cases
def test_a_colour_swap_is_decided_by_the_colour_rules():
    """One board of round 4 with its colours exchanged (results kept with their players):
    the difference is that board, the same two players, and a colour rule E.1-E.5."""
    path = CASES / "s1000_n12_r6_k5.trf"
    text = path.read_text(encoding="utf-8")
    assert _round_block(text, 2, 4) == "     4 w 1"
    assert _round_block(text, 4, 4) == "     2 b 0"
    new = _set_block(_set_block(text, 2, 4, "     4 b 1"), 4, 4, "     2 w 0")
    report = verify_trf(new, "colours.trf", round_no=4)
    diff = report.rounds[0].difference
    assert diff is not None and diff.criterion.startswith("E.")
    assert diff.file == (4, 2) and diff.ours == (2, 4)
    assert diff.detail == "4-2: the rule gives white to 2"
    assert verify_trf(text, str(path), round_no=4).rounds[0].identical


@needs_cases
def test_a_changed_result_is_named_in_the_points():
    """One result changed (a win made a draw): both players' points in the file no longer
    match the results, each named with its line and both values; the pairings of the
    rounds before it are still checked."""
    path = CASES / "s1000_n12_r6_k5.trf"
    text = path.read_text(encoding="utf-8")
    # round 4: 2 (w) 1 - 0 4 (b); points 5.0 and 2.5 in the file
    new = (text.replace("     4 w 1     1 w 1", "     4 w =     1 w 1")
           .replace("     2 b 0     8 w -", "     2 b =     8 w -"))
    assert new != text
    report = verify_trf(new, "result.trf")
    got = {(p.player, p.file, p.results) for p in report.points}
    assert got == {(2, 5.0, 4.5), (4, 2.5, 3.0)}
    lines = {p.player: p.line for p in report.points}
    assert lines == {2: 6, 4: 8}
    assert not report.ok and report.identical  # pairings of rounds 1-5 unchanged by it
    assert "player 2 Test0002 Player0002 (line 6): points 5 in the file, 4.5 from the " \
        "results" in report.lines()


@needs_cases
def test_a_bad_file_is_refused_with_its_line():
    text = (CASES / "s1000_n12_r6_k5.trf").read_text(encoding="utf-8")
    bad = text.replace("     7 w +", "     7 w Q")
    with pytest.raises(EventFileError) as exc:
        verify_trf(bad, "bad.trf")
    assert str(exc.value).startswith("bad.trf:5: round 1: unknown result code 'Q'")


# Round 1 of an 8-player Dutch event as swisstui paired it (3-7 and 8-4 on boards 3 and 4),
# its Blacks swapped: 3-4 and 8-7 (both Whites won, so the points still agree); round 2 as
# paired.  Self-contained: these tests need no conformance cases.
SWAPPED = """\
012 Test chess event
092 Swiss System
XXR 5
XXC white1
001    1      Ahn, Anna                         2400 DE                          0.5    7     5 w =     4 b 0
001    2      Berg, Boris                       2380 DE                          1.0    3     6 b 1     3 w 0
001    3      Costa, Chen                       2360 DE                          2.0    1     4 w 1     2 b 1
001    4      Dvorak, Dara                      2340 FR                          1.0    5     3 b 0     1 w 1
001    5      Eriksen, Emil                     2320 FR                          1.5    2     1 b =     8 w 1
001    6      Fischer, Fumiko                   2300 FR                          0.5    8     2 w 0     7 b =
001    7      Gomez, Goran                      2280 NL                          0.5    6     8 b 0     6 w =
001    8      Hansen, Hana                      2260 NL                          1.0    4     7 w 1     5 b 0
"""

# the director's ids as swisstui's export writes them (none equal to its starting rank)
IDS = "### swisstui ids: 1=12 2=5 3=40 4=30 5=7 6=2 7=9 8=11\n"

SWAPPED_REPORT = [
    "round 1: differs at board 3: file 3-4, swisstui 3-7",
    "  3 Costa, Chen; 4 Dvorak, Dara; 7 Gomez, Goran",
    "  " + RULES["D.2"],
    "  bracket 1 (score 0): equal on C1-C21; the engine's pairing comes first in the order "
    "of candidates",
    "round 2: identical (4 boards)",
    "1 of 2 round(s) identical to the FIDE Dutch system; points of 0 player(s) differ from "
    "the results",
]


@pytest.mark.parametrize("ids", ["", IDS], ids=["plain", "swisstui-ids"])
def test_the_report_speaks_the_files_starting_ranks(ids):
    """Every line names players by the file's starting ranks, with their names: a TRF that
    carries swisstui's '### swisstui ids' comment reads exactly as one without (the boards
    were reported in the director's ids, 'file 40-30, swisstui 40-9', the points by rank)."""
    report = verify_trf(SWAPPED + ids, "swapped.trf")
    assert report.lines() == SWAPPED_REPORT
    diff = report.rounds[0].difference
    assert diff is not None and (diff.file, diff.ours) == ((3, 4), (3, 7))
    assert report.as_json()["rounds"][0]["names"] == {
        "3": "Costa, Chen", "4": "Dvorak, Dara", "7": "Gomez, Goran"}


@pytest.mark.parametrize("ids", ["", IDS], ids=["plain", "swisstui-ids"])
def test_points_and_boards_share_one_numbering(ids):
    """A changed result (round 2, 2-3 made a draw) next to the swapped board: the points
    lines name the same starting ranks as the board line, with the name and the line."""
    text = (SWAPPED.replace("     6 b 1     3 w 0", "     6 b 1     3 w =")
            .replace("     4 w 1     2 b 1", "     4 w 1     2 b =")) + ids
    lines = verify_trf(text, "result.trf").lines()
    assert lines[:2] == SWAPPED_REPORT[:2]
    assert lines[-3:] == [
        "player 2 Berg, Boris (line 6): points 1 in the file, 1.5 from the results",
        "player 3 Costa, Chen (line 7): points 2 in the file, 1.5 from the results",
        "1 of 2 round(s) identical to the FIDE Dutch system; points of 2 player(s) differ "
        "from the results",
    ]

