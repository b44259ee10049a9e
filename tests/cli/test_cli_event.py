"""The spine's CLI: new, players, result, check (exit codes, one-line errors, nothing
written on refusal)."""

from __future__ import annotations

import json

import pytest

from swisstui.cli import main
from swisstui.core import store
from manual_round import make_round


def run(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def refused(capsys, folder, *argv, match=""):
    """Exit 1, one line on stderr starting 'swisstui: ', and the folder untouched."""
    fp = store.fingerprint(folder)
    texts = {p: p.read_bytes() for p in folder.rglob("*.toml")}
    rc, out, err = run(capsys, *argv)
    assert rc == 1, (out, err)
    assert err.startswith("swisstui: ") and err.count("\n") == 1, err
    assert match in err, err
    assert store.fingerprint(folder) == fp
    assert {p: p.read_bytes() for p in folder.rglob("*.toml")} == texts
    return err


@pytest.fixture
def go_event(tmp_path, capsys):
    folder = tmp_path / "go"
    rc, out, err = run(capsys, "new", folder, "--game", "go", "--rounds", 4, "--name",
                       "Go Cup", "--option", "komi=6.5", "--option", "rules=japanese",
                       "--seed", 7)
    assert rc == 0, err
    return folder


def test_new_every_game_and_options(tmp_path, capsys):
    cases = {
        "go": ["--option", "rules=ing", "--option", "komi=8"],
        "othello": ["--option", "bye_discs=33-31"],
        "magic": ["--option", "best_of=5", "--win", 3, "--draw", 1],
        "renju": ["--option", "opening=soosorv", "--option", "opening_n=5"],
        "chess": ["--tiebreaks", "BH,SB", "--bye", 0.5, "--system", "roundrobin"],
    }
    for game, extra in cases.items():
        rc, out, err = run(capsys, "new", tmp_path / game, "--game", game, "--rounds", 6,
                           *extra)
        assert rc == 0, err
        assert out.startswith(f"created {tmp_path / game}: {game}, 6 rounds")
    assert store.load(tmp_path / "go").settings.options["rules"] == "ing"
    assert store.load(tmp_path / "othello").settings.options["bye_discs"] == (33, 31)
    assert store.load(tmp_path / "magic").settings.options["best_of"] == 5
    chess = store.load(tmp_path / "chess").settings
    assert chess.tiebreaks == ("BH", "SB") and chess.scoring.bye == 0.5
    assert chess.name == "chess"  # default name = folder name


@pytest.mark.parametrize("argv, words", [
    (["--game", "chess", "--style", "zigzag"], "valid: fold, slide"),
    (["--game", "go", "--option", "komi=abc"], "komi"),
    (["--game", "go", "--option", "kom=6.5"], "valid: rules, komi"),
    (["--game", "magic", "--option", "best_of=4"], "1, 3, 5"),
    (["--game", "renju", "--option", "opening=xyz"], "soosorv"),
    (["--game", "chess", "--tiebreaks", "BH,XYZ"], "XYZ"),
    (["--game", "chess", "--tiebreaks", "BH,BH"], "BH is listed twice"),
])
def test_new_refuses_unknown_values(tmp_path, capsys, argv, words):
    rc, out, err = run(capsys, "new", tmp_path / "e", *argv)
    assert rc == 1 and err.startswith("swisstui: ") and words in err
    assert err.count("\n") == 1
    assert not (tmp_path / "e").exists()


def test_settings_publish_like_every_other_setting(go_event, capsys):
    """``settings --publish``: the TUI's settings form has the field, so the CLI twin has
    the flag — validated, ``--dry-run`` says what would change and writes nothing."""
    refused(capsys, go_event, "settings", go_event, "--publish", "never",
            match="unknown publish 'never'; valid: auto, manual")
    fp = store.fingerprint(go_event)
    rc, out, err = run(capsys, "settings", go_event, "--publish", "manual", "--dry-run")
    assert (rc, out) == (0, "would change: publish\n"), err
    assert store.fingerprint(go_event) == fp
    assert run(capsys, "settings", go_event, "--publish", "manual") == (
        0, "changed: publish\n", "")
    assert store.load(go_event).settings.publish == "manual"
    assert 'publish = "manual"' in (go_event / "event.toml").read_text()
    assert run(capsys, "settings", go_event, "--publish", "manual")[1] == "nothing changes\n"
    assert run(capsys, "new", go_event.parent / "drafts", "--game", "chess", "--publish",
               "manual")[0] == 0
    assert store.load(go_event.parent / "drafts").settings.publish == "manual"


def test_every_field_of_the_settings_form_has_a_settings_flag():
    """Every TUI action has a CLI twin: each field of the F7 form (but the game options,
    given as --option) is a flag of ``swisstui settings``."""
    import argparse

    from swisstui.cli import event_cmds
    from swisstui.core.model import GAMES
    from swisstui.core.settings_form import OPTION, event_fields
    sub = argparse.ArgumentParser().add_subparsers()
    event_cmds.register(sub)
    flags = {a.dest for a in sub.choices["settings"]._actions}
    for game in GAMES:
        keys = {f.key for f in event_fields(game) if not f.key.startswith(OPTION)}
        assert keys <= flags, (game, keys - flags)


def test_new_refuses_existing_event(go_event, capsys):
    refused(capsys, go_event, "new", go_event, "--game", "go", match="already an event")


def test_players_add_list_edit_withdraw_bye(go_event, capsys):
    assert run(capsys, "players", "add", go_event, "이세돌", "--rank", "9p", "--club",
               "Seoul", "--country", "KR")[:2] == (0, "added 1 이세돌\n")
    assert run(capsys, "players", "add", go_event, "Iyama Yuta", "--rank", "9 dan",
               "--id", 5)[0] == 0
    refused(capsys, go_event, "players", "add", go_event, "X", "--id", 5,
            match="id 5 is already taken")
    refused(capsys, go_event, "players", "add", go_event, "X", "--rank", "strong")
    assert run(capsys, "players", "edit", go_event, 5, "--club", "Tokyo")[0] == 0
    assert run(capsys, "players", "bye", go_event, 5, "--round", 2, "--kind", "half")[0] == 0
    assert run(capsys, "players", "withdraw", go_event, 1, "--from-round", 3)[0] == 0
    rc, out, err = run(capsys, "players", "list", go_event)
    assert out.splitlines() == [
        "1  이세돌      9p  Seoul  KR  (withdrawn from r3)",  # Hangul: 2 columns each
        "5  Iyama Yuta  9d  Tokyo  -   (half bye r2)",
        "2 players"]
    rc, out, err = run(capsys, "players", "list", go_event, "--json")
    data = json.loads(out)
    assert [p["id"] for p in data] == [1, 5]
    assert data[0]["status"] == "withdrawn" and data[1]["byes"] == [{"round": 2,
                                                                     "kind": "half"}]
    refused(capsys, go_event, "players", "edit", go_event, 9, "--club", "x",
            match="no player with id 9")


def test_players_import(go_event, tmp_path, capsys):
    f = tmp_path / "p.csv"
    f.write_text("Name,Rank,Club,Country\n이세돌,9p,Seoul,KR\n井山 裕太,9d,Tokyo,JP\n",
                 encoding="utf-8")
    rc, out, err = run(capsys, "players", "import", go_event, f)
    assert (rc, out) == (0, "imported 2 players (ids 1-2)\n")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rank\nA,3d\nB,oops\n", encoding="utf-8")
    err = refused(capsys, go_event, "players", "import", go_event, bad)
    assert f"{bad}:3: " in err
    assert len(store.load(go_event).players) == 2  # nothing of the bad file added


def _paired(folder, n=4, pairs=((1, 2), (3, 4))):
    from swisstui.core.registration import add_player
    def change(e):
        for i in range(n):
            e = add_player(e, f"P{i + 1}")
        return make_round(e, pairs)
    store.update(folder, change)


def test_result_record_conflict_force_clear(go_event, capsys):
    _paired(go_event)
    rc, out, err = run(capsys, "result", go_event, 1, 1, "B+3.5")
    assert (rc, out) == (0, "round 1 board 1: B+3.5 (P1 – P2)\n")
    assert run(capsys, "result", go_event, 1, 1, "B+3.5")[0] == 0  # same again: fine
    err = refused(capsys, go_event, "result", go_event, 1, 1, "W+R")
    assert err == ("swisstui: round 1 board 1 already has B+3.5 (P1–P2); use --force to "
                   "replace\n")
    assert run(capsys, "result", go_event, 1, 1, "W+R", "--force")[0] == 0
    assert store.load(go_event).round(1).board(1).result.text == "W+R"
    refused(capsys, go_event, "result", go_event, 1, 3, "B+", match="no board 3")
    refused(capsys, go_event, "result", go_event, 2, 1, "B+", match="not paired")
    refused(capsys, go_event, "result", go_event, 1, 2, "X+", match="go")
    assert run(capsys, "result", go_event, 1, 1, "--clear")[0] == 0
    assert store.load(go_event).round(1).board(1).result is None


def test_result_renju_black_and_magic_drop(tmp_path, capsys):
    rj = tmp_path / "rj"
    assert run(capsys, "new", rj, "--game", "renju")[0] == 0
    _paired(rj)
    assert run(capsys, "result", rj, 1, 1, "0-1", "--black", 2)[0] == 0
    assert store.load(rj).round(1).board(1).result.detail["black"] == 2
    refused(capsys, rj, "result", rj, 1, 2, "1-0", "--black", 1)  # not on board 2
    mg = tmp_path / "mg"
    assert run(capsys, "new", mg, "--game", "magic", "--option", "best_of=3")[0] == 0
    _paired(mg)
    refused(capsys, mg, "result", mg, 1, 1, "3-0", match="")
    refused(capsys, mg, "result", mg, 1, 1, "2-1", "--drop", 3, match="not a player")
    rc, out, err = run(capsys, "result", mg, 1, 1, "2-1", "--drop", 2)
    assert rc == 0 and out.endswith("; P2 drops\n")
    ev = store.load(mg)
    assert ev.player(2).withdrawn_from == 2 and ev.round(1).board(1).result.text == "2-1"


def test_result_othello_discs(tmp_path, capsys):
    oth = tmp_path / "oth"
    assert run(capsys, "new", oth, "--game", "othello")[0] == 0
    _paired(oth)
    refused(capsys, oth, "result", oth, 1, 1, "50-20", match="64")
    assert run(capsys, "result", oth, 1, 1, "40-24")[0] == 0
    assert "discs = [40, 24]" in (oth / "rounds" / "01.toml").read_text()


def test_check(go_event, capsys):
    _paired(go_event)
    rc, out, err = run(capsys, "check", go_event)
    assert rc == 0 and out.startswith("ok: ")
    p = go_event / "players.toml"
    p.write_text(p.read_text().replace('name = "P2"', 'name = "P2"\nratnig = 3'))
    r = go_event / "rounds" / "01.toml"
    r.write_text(r.read_text().replace("players = [3, 4]", "players = [3, 3]"))
    rc, out, err = run(capsys, "check", go_event)
    lines = err.splitlines()
    assert rc == 1 and len(lines) == 2
    assert lines[0].startswith(f"{p}:") and "unknown key 'ratnig'" in lines[0]
    assert lines[1].startswith(f"{r}:") and "cannot play themselves" in lines[1]
    # every other command refuses the broken folder with the first problem, one line
    rc, out, err = run(capsys, "players", "list", go_event)
    assert rc == 1 and err.startswith(f"swisstui: {p}:") and err.count("\n") == 1


@pytest.mark.parametrize("name,text,words", [
    ("desk.toml", "[[group]\n", "invalid TOML"),
    ("prizes.toml", '[[group]]\nname = "Main"\n[[group.category]]\nname = "Open"\n'
                    'money = [120, -60]\n', "a prize cannot be negative"),
    ("clock.toml", "round = 'x'\n", "clock.toml"),
])
def test_check_reads_the_desk_prizes_and_clock_files(go_event, capsys, name, text, words):
    """check said "ok" while pair refused a broken desk.toml (and prizes.toml, clock.toml)."""
    (go_event / name).write_text(text)
    rc, out, err = run(capsys, "check", go_event)
    assert rc == 1 and out == ""
    assert err.startswith(f"{go_event / name}:") and words in err, err
    assert err.count("\n") == 1


def test_settings_lists_the_publish_language_and_fide_mode_settings(go_event, capsys):
    """The listing left out publish, language and fide_mode (F7 shows them)."""
    assert run(capsys, "settings", go_event, "--publish", "manual")[0] == 0
    rc, out, err = run(capsys, "settings", go_event)
    assert rc == 0 and 'publish = "manual"' in out.splitlines(), err
    assert 'language = ""' in out.splitlines() and "fide_mode = false" in out.splitlines()
    rc, out, err = run(capsys, "settings", go_event, "--json")
    assert rc == 0 and json.loads(out)["publish"] == "manual"


def test_check_says_a_broken_desk_once_when_there_are_prizes(go_event, capsys):
    """The prizes read the desk (its currency): a broken desk.toml was said twice."""
    (go_event / "prizes.toml").write_text('[[group]]\nname = "Main"\n[[group.category]]\n'
                                          'name = "Open"\nmoney = [100]\n')
    (go_event / "desk.toml").write_text('[[entry]]\nid = 1\n[[entry.payment]]\namount = "5"\n'
                                        'method = "gold"\n')
    rc, out, err = run(capsys, "check", go_event)
    assert rc == 1 and err.count("\n") == 1 and "desk.toml:2: no player with id 1" in err


def test_players_remove(go_event, capsys):
    _paired(go_event, 5)
    assert run(capsys, "players", "remove", go_event, 5)[:2] == (0, "removed 5 P5\n")
    refused(capsys, go_event, "players", "remove", go_event, 1, match="withdraw the player instead")
    assert [p.id for p in store.load(go_event).players] == [1, 2, 3, 4]


@pytest.mark.parametrize("game, argv, stored", [
    ("chess", ["-+"], "-+"), ("chess", ["--"], "--"), ("chess", ["--", "-+"], "-+"),
    ("chess", ["-:-"], "--"), ("renju", ["--"], "--"), ("go", ["-+"], "W+F"),
    ("chess", ["-+", "--force"], "-+"),
    ("chess", ["--", "--"], "--"), ("othello", ["--", "--"], "--"),  # QA bug 2b
])
def test_results_starting_with_a_dash(tmp_path, capsys, game, argv, stored):
    folder = tmp_path / game
    assert run(capsys, "new", folder, "--game", game)[0] == 0
    _paired(folder)
    rc, out, err = run(capsys, "result", folder, 1, 1, *argv)
    assert (rc, err) == (0, "") and out.startswith(f"round 1 board 1: {stored} ")


def test_control_characters_and_absurd_numbers_refused(go_event, capsys):
    _paired(go_event)
    for argv in (["players", "add", go_event, "two\nlines"],
                 ["players", "add", go_event, "esc\x1b[31m"],
                 ["players", "add", go_event, "X", "--id", 10 ** 23],
                 ["players", "add", go_event, "X", "--rating", -1],
                 ["players", "add", go_event, "X", "--joined-round", 99],
                 ["players", "withdraw", go_event, 1, "--from-round", 10 ** 20],
                 ["players", "bye", go_event, 1, "--round", 50, "--kind", "half"],
                 ["result", "--komi", "inf", go_event, 1, 1, "B+R"]):
        refused(capsys, go_event, *argv)
    for argv in (["--rounds", 10 ** 23], ["--name", "a\x00b"], ["--option", "komi=1e400"],
                 ["--win", "1e400"], ["--seed", 10 ** 30]):
        rc, out, err = run(capsys, "new", go_event.parent / "x", "--game", "go", *argv)
        assert rc == 1 and err.startswith("swisstui: ") and err.count("\n") == 1, err
        assert not (go_event.parent / "x").exists()


def test_hand_edited_absurd_values_are_file_line_errors(go_event, capsys):
    _paired(go_event)
    p = go_event / "players.toml"
    p.write_text(p.read_text().replace('name = "P2"', 'name = "P2\\u001b[31m"'))
    rc, out, err = run(capsys, "check", go_event)
    assert rc == 1 and err.startswith(f"{p}:") and "control characters" in err
    p.write_text(p.read_text().replace('name = "P2\\u001b[31m"', 'name = "P2"\nrating = -5'))
    rc, out, err = run(capsys, "check", go_event)
    assert rc == 1 and "rating must be 0 to 9999, not -5" in err


def test_display_width():
    from swisstui.core import textwidth
    assert textwidth.width("이세돌") == 6 and textwidth.width("井山 裕太") == 9
    assert textwidth.width("Zoë") == 3 and textwidth.width("Zoe\u0308") == 3
    assert textwidth.ljust("井山", 6) == "井山  " and textwidth.rjust("12", 4) == "  12"


def test_players_edit_empty_number_clears_it(go_event, capsys):
    """QA bug 19: `--rating ''` clears like `--club ''` (the help says so); a word is still
    a usage error."""
    assert run(capsys, "players", "add", go_event, "Ann", "--rating", 1800, "--lot", 3,
               "--smms-correction", 1)[0] == 0
    assert run(capsys, "players", "edit", go_event, 1, "--rating", "", "--lot", " ",
               "--smms-correction", "")[0] == 0
    p = store.load(go_event).player(1)
    assert (p.rating, p.lot, p.smms_correction) == (None, None, 0)
    with pytest.raises(SystemExit) as info:
        main(["players", "edit", str(go_event), "1", "--rating", "strong"])
    assert info.value.code == 2
    assert "invalid int value: 'strong'" in capsys.readouterr().err


def test_mistyped_command_names_the_command(tmp_path, capsys, monkeypatch):
    """QA bug 13: `swisstui standing EV` names the command meant; a word that is a folder,
    or is like no command, still opens (or refuses) as an event folder."""
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "standing", tmp_path)[::2] == (
        2, "swisstui: unknown command 'standing' (did you mean standings?)\n")
    assert run(capsys, "pairr")[::2] == (2, "swisstui: unknown command 'pairr' "
                                             "(did you mean pair?)\n")
    assert run(capsys, "tournament")[::2] == (1, "swisstui: tournament: no such folder\n")
    (tmp_path / "standing").mkdir()
    (tmp_path / "standing" / "notes.txt").write_text("x")  # (an empty folder: new-event form)
    rc, out, err = run(capsys, "standing")
    assert "did you mean" not in err and "standing" in err


def test_result_handicap_and_game_specific_flags(go_event, tmp_path, capsys):
    """--handicap (Go) is stored in the round file and feeds SOSM; a flag of another game
    (--black on Go, --komi/--handicap on chess) is refused, nothing written."""
    _paired(go_event)
    rc, out, err = run(capsys, "result", go_event, 1, 1, "W+5.5", "--handicap", 3)
    assert rc == 0, err
    assert store.load(go_event).round(1).board(1).result.detail["handicap"] == 3
    assert "handicap = 3" in (go_event / "rounds" / "01.toml").read_text()
    refused(capsys, go_event, "result", go_event, 1, 2, "B+R", "--handicap", 10)
    refused(capsys, go_event, "result", go_event, 1, 2, "B+R", "--black", 3)
    chess = tmp_path / "c"
    assert run(capsys, "new", chess, "--game", "chess", "--rounds", 3)[0] == 0
    _paired(chess)
    for flag in ("--komi", "--handicap"):
        err = refused(capsys, chess, "result", chess, 1, 1, "1-0", flag, 3)
        assert f"{flag} is for Go events" in err


def test_correcting_a_result_under_later_rounds_says_so(go_event, capsys):
    """Clearing or correcting a round-1 result once round 2 is paired works, and says that
    round 2 was paired on the old result; a first entry says nothing."""
    from swisstui.core import results
    _paired(go_event)
    assert run(capsys, "result", go_event, 1, 1, "B+R")[2] == ""
    assert run(capsys, "result", go_event, 1, 2, "W+R")[2] == ""
    store.update(go_event, lambda e: make_round(e, [(1, 3), (2, 4)]))
    rc, out, err = run(capsys, "result", go_event, 1, 1, "W+R", "--force")
    assert rc == 0 and err == ("swisstui: note: round 2 was paired before this change and "
                               "keeps its pairings\n")
    rc, out, err = run(capsys, "result", go_event, 1, 2, "--clear")
    assert rc == 0 and "round 2 was paired" in err
    assert run(capsys, "result", go_event, 1, 2, "--clear")[2] == ""  # nothing to clear
    store.update(go_event, lambda e: make_round(e, [(1, 4), (2, 3)]))
    assert results.later_rounds_note(store.load(go_event), 1).startswith(
        "note: rounds 2–3 were paired")
    assert results.later_rounds_note(store.load(go_event), 3) is None


def test_ctrl_c_says_what_happened(go_event, capsys, monkeypatch):
    """Ctrl-C during a command: exit 130 and one line, no traceback."""
    from swisstui.core import results

    def interrupted(*a, **k):
        raise KeyboardInterrupt
    _paired(go_event)
    monkeypatch.setattr(results, "record_result", interrupted)
    rc, out, err = run(capsys, "result", go_event, 1, 1, "B+R")
    assert rc == 130 and err == ("swisstui: interrupted; writes are atomic, so a change was "
                                 "saved whole or not at all\n")
    assert store.load(go_event).round(1).board(1).result is None
