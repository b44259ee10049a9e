"""``swisstui export`` / ``swisstui import`` through the real CLI and event folders."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from conftest import core_test_module
from swisstui.cli import main
from swisstui.core import store
from trf_event import EVENT, GOLDEN  # the shared hand-built event


def _folder(tmp_path: Path, event=EVENT) -> Path:
    folder = tmp_path / "ev"
    store.create(folder, event.settings, event.players)
    store.update(folder, lambda ev: replace(ev, rounds=event.rounds))
    return folder


def test_export_trf_import_export_is_byte_identical(tmp_path, capsys):
    folder = _folder(tmp_path)
    out = tmp_path / "one.trf"
    assert main(["export", str(folder), "--format", "trf", "-o", str(out)]) == 0
    assert main(["import", str(out), "--format", "trf", str(tmp_path / "copy")]) == 0
    assert "imported 7 players and 3 round(s) of 5" in capsys.readouterr().out
    again = tmp_path / "two.trf"
    assert main(["export", str(tmp_path / "copy"), "--format", "trf", "-o", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()
    loaded = store.load(tmp_path / "copy")
    assert loaded.by_id()[5].withdrawn_from == 3 and len(loaded.rounds) == 3


def test_export_trf2026_to_stdout(tmp_path, capfdbinary):
    folder = _folder(tmp_path)
    assert main(["export", str(folder), "--format", "trf", "--trf-version", "2026"]) == 0
    data = capfdbinary.readouterr().out
    assert b"\r\n142 5\r\n152 W\r\n" in data and b"XXR" not in data


def test_import_of_the_golden_file_can_be_continued(tmp_path):
    target = tmp_path / "imported"
    assert main(["import", str(GOLDEN / "event1.trf16.trf"), "--format", "trf",
                 str(target)]) == 0
    ev = store.load(target)
    assert ev.game == "chess" and ev.current_round == 3 and ev.settings.rounds == 5
    assert main(["check", str(target)]) == 0


def test_malformed_trf_is_refused_with_file_line_and_nothing_written(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    text = (GOLDEN / "event1.trf16.trf").read_bytes().replace(b"     3 w 1", b"     3 w Q")
    bad.write_bytes(text)
    target = tmp_path / "never"
    assert main(["import", str(bad), "--format", "trf", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"swisstui: {bad}:11: round 1: unknown result code 'Q'")
    assert "Traceback" not in err and not target.exists()


def test_import_refuses_missing_file_and_existing_event(tmp_path, capsys):
    assert main(["import", str(tmp_path / "nope.trf"), "--format", "trf",
                 str(tmp_path / "x")]) == 1
    assert "no such file" in capsys.readouterr().err
    folder = _folder(tmp_path)
    assert main(["import", str(GOLDEN / "event1.trf16.trf"), "--format", "trf",
                 str(folder)]) == 1
    assert "already an event folder" in capsys.readouterr().err


def test_export_csv_html_json_h9(tmp_path, capfdbinary):
    folder = _folder(tmp_path)
    assert main(["export", str(folder), "--format", "csv", "--what", "pairings",
                 "--round", "3"]) == 0
    assert capfdbinary.readouterr().out == (GOLDEN / "event1.pairings-r3.csv").read_bytes()
    page = tmp_path / "wall.html"
    assert main(["export", str(folder), "--format", "html", "--what", "alphabetical",
                 "-o", str(page)]) == 0
    assert "— Round 3: who plays where</th>" in page.read_text(encoding="utf-8")
    assert main(["export", str(folder), "--format", "json"]) == 0
    doc = json.loads(capfdbinary.readouterr().out)
    assert doc["event"]["name"] == "Test Open 2026" and len(doc["players"]) == 7
    assert main(["export", str(folder), "--format", "h9"]) == 1  # chess event


def test_export_h9_of_a_go_event(tmp_path, capfdbinary):
    GO_EVENT = core_test_module("test_interop_h9").EVENT

    folder = _folder(tmp_path, GO_EVENT)
    assert main(["export", str(folder), "--format", "h9", "--info", "CL=B",
                 "--info", "TM=60"]) == 0
    data = capfdbinary.readouterr().out.decode("iso-8859-15")
    assert data.startswith("; CL[B]\n; EV[Paris Go Open]\n")
    assert "; TM[60]\n" in data and "Müller Jörg" in data
    assert main(["export", str(folder), "--format", "h9", "--info", "oops"]) == 1


def test_no_traceback_from_the_real_program(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text("012 X\n001    1      Short\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "swisstui.cli", "import", str(bad),
                           "--format", "trf", str(tmp_path / "e")],
                          capture_output=True, text=True)
    if "No module named swisstui.cli.__main__" in proc.stderr:
        proc = subprocess.run([sys.executable, "-c", "import sys; from swisstui.cli import "
                               "main; sys.exit(main(sys.argv[1:]))", "import", str(bad),
                               "--format", "trf", str(tmp_path / "e")],
                              capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"swisstui: {bad}:2: 001 record too short: the points " \
                                  "field (columns 81-84) is missing"


def test_players_import_from_federation_lists(tmp_path, capsys):
    from conftest import make_event
    lists = core_test_module("test_interop_player_lists")
    EGD_TEXT, FIDE_TEXT = lists.EGD_TEXT, lists.FIDE_TEXT

    chess = make_event(tmp_path, "chess", n_players=2)
    fide = tmp_path / "list.txt"
    fide.write_text(FIDE_TEXT, encoding="utf-8")
    assert main(["players", "import", str(chess), str(fide), "--format", "fide",
                 "--ids", "1503014,8603006"]) == 0
    p = store.load(chess).by_id()
    assert (p[3].name, p[3].rating, p[3].federation_id, p[3].title) == (
        "Carlsen, Magnus", 2833, "1503014", "GM")
    assert p[4].name == "Ju, Wenjun" and len(p) == 4
    go = make_event(tmp_path, "go", n_players=1, folder="go")
    egd = tmp_path / "egd.txt"
    egd.write_text(EGD_TEXT, encoding="utf-8")
    assert main(["players", "import", str(go), str(egd), "--format", "egd"]) == 0
    p = store.load(go).by_id()
    assert (p[2].name, p[2].rank, p[2].club, p[2].rating) == ("Aaij Daan", "5k", "Ams", 1650)
    assert len(p) == 5
    egd.write_text(EGD_TEXT + "  1 Broken\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["players", "import", str(go), str(egd), "--format", "egd"]) == 1
    assert f"{egd}:7: no grade" in capsys.readouterr().err
    assert len(store.load(go).players) == 5  # nothing added on error


def test_imported_event_continues_with_the_same_next_pairing(tmp_path, capsys):
    """A real event (engine pairings, a forfeit, a requested half-point bye, a pairing bye
    and a withdrawal) exported to TRF, imported, and paired once more: the imported copy
    gets the same next round as the original."""
    ev = str(tmp_path / "orig")
    assert main(["new", ev, "--game", "chess", "--rounds", "5", "--name", "E2E"]) == 0
    for i in range(1, 8):
        assert main(["players", "add", ev, f"Player {i}", "--rating", str(2500 - 10 * i)]) == 0
    assert main(["players", "bye", ev, "3", "--round", "2", "--kind", "half"]) == 0
    texts = iter(["1-0", "=", "+-", "0-1", "1-0", "=", "1-0", "0-1", "=", "1-0"])
    for rnd in (1, 2, 3):
        if rnd == 3:
            assert main(["players", "withdraw", ev, "5", "--from-round", "3"]) == 0
        assert main(["pair", ev]) == 0
        for board in store.load(ev).round(rnd).boards:
            assert main(["result", ev, str(rnd), str(board.number), next(texts)]) == 0
    trf_file = tmp_path / "orig.trf"
    assert main(["export", ev, "--format", "trf", "-o", str(trf_file)]) == 0
    copy = str(tmp_path / "copy")
    assert main(["import", str(trf_file), "--format", "trf", copy]) == 0
    again = tmp_path / "copy.trf"
    assert main(["export", copy, "--format", "trf", "-o", str(again)]) == 0
    assert again.read_bytes() == trf_file.read_bytes()
    assert main(["pair", ev]) == 0 and main(["pair", copy]) == 0

    def pairs(folder):
        rnd = store.load(folder).round(4)
        return {b.players for b in rnd.boards}, {(b.player, b.kind) for b in rnd.byes}

    assert pairs(copy) == pairs(ev)


def test_export_trf_after_round_n(tmp_path, capfdbinary):
    folder = _folder(tmp_path)
    assert main(["export", str(folder), "--format", "trf", "--round", "2"]) == 0
    data = capfdbinary.readouterr().out.decode()
    first = next(x for x in data.split("\r\n") if x.startswith("001    1"))
    assert first.endswith(" 2.0    1     3 w 1     5 b 1")  # Polgar (id 4) has number 3
    assert main(["export", str(folder), "--format", "trf", "--round", "9"]) == 1


def test_export_html_all_and_csv_all_refused(tmp_path, capsys):
    folder = _folder(tmp_path)
    page = tmp_path / "all.html"
    assert main(["export", str(folder), "--format", "html", "--what", "all", "-o",
                 str(page)]) == 0
    assert page.read_text(encoding="utf-8").count("<table>") == 4
    assert main(["export", str(folder), "--format", "csv", "--what", "all"]) == 1
    assert "--format csv cannot hold 'all'" in capsys.readouterr().err


def test_import_reads_windows_1252_and_utf8_bom(tmp_path):
    text = (GOLDEN / "event1.trf16.trf").read_text(encoding="utf-8").replace(
        "Doe, Jane", "Doé, Jane")
    cp = tmp_path / "sm.trf"
    cp.write_bytes(text.encode("cp1252"))  # what Swiss-Manager writes on Windows
    assert main(["import", str(cp), "--format", "trf", str(tmp_path / "a")]) == 0
    assert store.load(tmp_path / "a").by_id()[6].name == "Doé, Jane"
    bom = tmp_path / "bom.trf"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert main(["import", str(bom), "--format", "trf", str(tmp_path / "b")]) == 0
    assert store.load(tmp_path / "b").by_id()[6].name == "Doé, Jane"


def test_export_trf_encoding_latin1_and_ascii(tmp_path, capfdbinary):
    """issue 13: --encoding for readers that cannot take UTF-8 (accented names folded)."""
    ev = replace(EVENT, players=tuple(replace(p, name="Ødegård, Zoë") if p.id == 2 else p
                                      for p in EVENT.players))
    folder = _folder(tmp_path, ev)
    assert main(["export", str(folder), "--format", "trf", "--encoding", "ascii"]) == 0
    data = capfdbinary.readouterr().out
    assert b"Odegard, Zoe" in data and data.decode("ascii")
    assert main(["export", str(folder), "--format", "trf", "--encoding", "latin-1"]) == 0
    assert "Ødegård, Zoë".encode("latin-1") in capfdbinary.readouterr().out


# ---- --option values take the type the option declares (issue 32 item 15) -------------------

def test_option_values_take_the_declared_type(tmp_path, capsys):
    """`tiebreak_rules=2026` is the text "2026" (TOML read it as the integer 2026 and the
    settings refused it: "2026 is not text"); an int, a float, a bool and an unset option
    parse by their declared types, in `new` and in `settings`, through one parser."""
    chess = tmp_path / "c"
    assert main(["new", str(chess), "--game", "chess", "--rounds", "5",
                 "--option", "tiebreak_rules=2026"]) == 0, capsys.readouterr().err
    assert store.load(chess).settings.options["tiebreak_rules"] == "2026"
    assert main(["settings", str(chess), "--option", "tiebreak_rules=pre2023"]) == 0
    assert main(["settings", str(chess), "--option", "tiebreak_rules=2026"]) == 0, \
        capsys.readouterr().err
    assert store.load(chess).settings.options["tiebreak_rules"] == "2026"
    go = tmp_path / "g"
    assert main(["new", str(go), "--game", "go", "--rounds", "5", "--option", "komi=7",
                 "--option", "handicap=yes", "--option", "handicap_max=5"]) == 0
    opts = store.load(go).settings.options
    assert opts["komi"] == 7.0 and isinstance(opts["komi"], float)
    assert opts["handicap"] is True and opts["handicap_max"] == 5
    assert main(["settings", str(go), "--option", "handicap=false",
                 "--option", "komi=6,5"]) == 0
    opts = store.load(go).settings.options
    assert opts["handicap"] is False and opts["komi"] == 6.5
    capsys.readouterr()
    assert main(["settings", str(go), "--option", "handicap_max=many"]) == 1
    assert "handicap_max: 'many' is not a whole number" in capsys.readouterr().err


def test_import_names_the_records_it_does_not_keep_in_one_warning_line(tmp_path, capsys):
    text = (GOLDEN / "event1.trf16.trf").read_bytes().replace(
        b"XXR", b"132                                                                          "
                b"              26/03/01  26/03/02\r\n250 00.0 01.0 001 002 0001 0004\r\nXXR", 1)
    # without swisstui's id records the starting ranks are the ids (and the pairing numbers)
    text = b"".join(line for line in text.splitlines(keepends=True)
                    if not line.startswith(b"### swisstui ids"))
    src = tmp_path / "dated.trf"
    src.write_bytes(text)
    assert main(["import", str(src), "--format", "trf", str(tmp_path / "ev")]) == 0
    err = capsys.readouterr().err
    # 132 is read into the rounds' dates; 250 is kept and written back (issue 32 item 13)
    assert err == ("warning: TRF records swisstui does not use, kept as they are and "
                   "written back on export: 250 (line 10)\n"), err
    ev = store.load(tmp_path / "ev")
    assert ev.settings.options["pairing_numbers"] == "id"
    assert [r.date for r in ev.rounds[:2]] == ["2026-03-01", "2026-03-02"]
    assert main(["export", str(tmp_path / "ev"), "--format", "trf"]) == 0
    out = capsys.readouterr().out
    assert "\n250 00.0 01.0 001 002 0001 0004\n" in out.replace("\r\n", "\n")
    assert main(["import", str(src), "--format", "trf", "--renumber",
                 str(tmp_path / "ev2")]) == 0
    assert "pairing_numbers" not in store.load(tmp_path / "ev2").settings.options


def test_egd_pin_from_the_command_line_reaches_the_h9_and_warnings_go_to_stderr(tmp_path,
                                                                                capsys):
    go = tmp_path / "go"
    assert main(["new", str(go), "--game", "go", "--rounds", "2"]) == 0
    assert main(["players", "add", str(go), "Kim Ji-woo", "--rank", "3d", "--country", "KR",
                 "--egd-pin", "13012345"]) == 0
    assert main(["players", "add", str(go), "Ли Вэй", "--rank", "2d", "--country", "CN"]) == 0
    assert store.load(go).by_id()[1].federation_id == "13012345"
    capsys.readouterr()
    out = tmp_path / "go.h9"
    assert main(["export", str(go), "--format", "h9", "-o", str(out)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == ["warning: the EGF class is not set (CL[] is empty): settings EVENT --option "
                   "egf_class=A (A, B, C or D)",
                   "warning: names written with '?' (ISO 8859-15 cannot hold them; give a "
                   "reading in Latin letters): 2 Ли Вэй"]
    assert any(line.endswith(" |13012345") for line in out.read_text("iso-8859-15").splitlines())
    assert main(["settings", str(go), "--option", "egf_class=a"]) == 0
    assert main(["export", str(go), "--format", "h9", "-o", str(out)]) == 0
    assert out.read_text("iso-8859-15").startswith("; CL[A]\n")
