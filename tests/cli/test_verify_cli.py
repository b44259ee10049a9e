"""``swisstui verify FILE.trf [--round N] [--json]``: exit 0 identical, 1 a difference (the
report printed), 2 a file that cannot be read (one line, file:line).  Uses a Dutch
conformance case where it lies (../shared/dutch-cases), never a copy; skipped without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisstui.cli import main

CASE = Path(__file__).resolve().parents[3] / "shared" / "dutch-cases" / "s1000_n12_r6_k5.trf"

pytestmark = pytest.mark.skipif(not CASE.is_file(), reason=f"no Dutch case at {CASE}")


def _set_block(text: str, pid: int, rnd: int, block: str) -> str:
    col = 89 + 10 * (rnd - 1)
    return "\n".join(line[:col] + block + line[col + 10:] if line.startswith(f"001 {pid:>4}")
                     else line for line in text.split("\n"))


def test_identical_file_exits_0(capsys):
    assert main(["verify", str(CASE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "round 1: identical (6 boards)"
    assert out[-1] == ("5 of 5 round(s) identical to the FIDE Dutch system; points of 0 "
                       "player(s) differ from the results")


def test_a_differing_round_exits_1_with_the_board_and_the_criterion(tmp_path, capsys):
    text = CASE.read_text(encoding="utf-8")
    # round 4: 1-5 and 2-4 become 1-4 and 2-5 (2 and 5 met in round 2)
    for pid, block in ((1, "     4 w 1"), (4, "     1 b 0"), (2, "     5 w 1"),
                       (5, "     2 b 0")):
        text = _set_block(text, pid, 4, block)
    bad = tmp_path / "altered.trf"
    bad.write_text(text, encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    at = out.index("round 4: differs at board 1: file 2-5, swisstui 2-4")
    assert out[at + 1] == "  2 Test0002 Player0002; 4 Test0004 Player0004; 5 Test0005 Player0005"
    assert out[at + 2] == "  C1: two players shall not play against each other more than once"
    assert out[at + 3] == "  2 and 5 have already played each other"
    assert main(["verify", str(bad), "--round", "4", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [r["round"] for r in data["rounds"]] == [4]
    assert data["rounds"][0]["criterion"] == "C1" and data["rounds"][0]["board"] == 1
    assert data["rounds"][0]["file"] == [2, 5] and data["identical"] is False
    assert data["rounds"][0]["names"]["5"] == "Test0005 Player0005"


def test_a_changed_result_exits_1_naming_the_points(tmp_path, capsys):
    text = CASE.read_text(encoding="utf-8")
    text = _set_block(_set_block(text, 2, 4, "     4 w ="), 4, 4, "     2 b =")
    bad = tmp_path / "result.trf"
    bad.write_text(text, encoding="utf-8")
    assert main(["verify", str(bad), "--round", "4"]) == 1
    out = capsys.readouterr().out
    assert "round 4: identical (6 boards)" in out
    assert "player 2 Test0002 Player0002 (line 6): points 5 in the file, 4.5 from the " \
        "results" in out
    assert "player 4 Test0004 Player0004 (line 8): points 2.5 in the file, 3 from the " \
        "results" in out


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text(_set_block(CASE.read_text(encoding="utf-8"), 1, 1, "     7 w Q"),
                   encoding="utf-8")
    assert main(["verify", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err == f"swisstui: {bad}:5: round 1: unknown result code 'Q' (column 99); valid: " \
                  "1 = 0 + - W D L H F U Z\n"
    assert main(["verify", str(tmp_path / "none.trf")]) == 2
    assert capsys.readouterr().err == f"swisstui: {tmp_path / 'none.trf'}: no such file\n"
    assert main(["verify", str(CASE), "--round", "9"]) == 2
    assert capsys.readouterr().err == "swisstui: --round 9: the file has rounds 1-5\n"
