"""Registration: ids, late entrants, edits, withdrawals, requested byes, CSV import."""

from __future__ import annotations

import pytest

from conftest import make_event
from swisstui.core import store
from swisstui.core.errors import EventFileError, SwissError
from swisstui.core.model import Board, ByeKind, Event, Player, Round
from swisstui.core.registration import (add_player, edit_player, import_csv, reinstate,
                                        request_bye, withdraw)
from swisstui.core.settings import make_settings


def _ev(game="go", n=3) -> Event:
    return Event(make_settings(game, "E", 5), tuple(Player(i, f"P{i}") for i in range(1, n + 1)))


def test_ids_are_max_plus_one_and_explicit_ids_checked():
    ev = add_player(_ev(), "Lee Sedol", rank="9p", country="kr")
    p = ev.player(4)
    assert (p.name, p.rank, p.country, p.joined_round) == ("Lee Sedol", "9p", "KR", 1)
    ev = add_player(ev, "X", id=10)
    assert add_player(ev, "Y").player(11).name == "Y"
    with pytest.raises(SwissError, match="id 10 is already taken by X"):
        add_player(ev, "Z", id=10)


def test_rank_is_canonical_and_malformed_refused():
    assert add_player(_ev(), "A", rank="3 dan").player(4).rank == "3d"
    assert add_player(_ev(), "A", rank="12 kyu").player(4).rank == "12k"
    with pytest.raises(SwissError):
        add_player(_ev(), "A", rank="strong")


def test_late_entrant_joins_next_round():
    ev = _ev().with_round(Round(1, (Board(1, (1, 2)),)))
    ev = add_player(ev, "Late")
    assert ev.player(4).joined_round == 2


def test_edit_and_clear_fields():
    ev = edit_player(_ev(), 2, club="Old Town", rating=1800)
    assert (ev.player(2).club, ev.player(2).rating) == ("Old Town", 1800)
    ev = edit_player(ev, 2, club=None)
    assert ev.player(2).club is None
    with pytest.raises(SwissError, match="no player with id 9"):
        edit_player(ev, 9, club="x")
    with pytest.raises(SwissError, match="needs a name"):
        edit_player(ev, 2, name=" ")


def test_withdraw_and_reinstate():
    ev = _ev().with_round(Round(1, (Board(1, (1, 2)),)))
    assert withdraw(ev, 1).player(1).withdrawn_from == 2  # default: next round
    assert withdraw(ev, 3, 1).player(3).withdrawn_from == 1  # not paired in round 1
    with pytest.raises(SwissError, match="paired in round 1"):
        withdraw(ev, 1, 1)
    assert reinstate(withdraw(ev, 1), 1).player(1).withdrawn_from is None


def test_request_bye():
    ev = request_bye(_ev(), 2, 3, "half")
    assert ev.player(2).byes == ((3, ByeKind.HALF),)
    ev = request_bye(ev, 2, 3, "zero")  # replaces
    ev = request_bye(ev, 2, 1, ByeKind.FULL)
    assert ev.player(2).byes == ((1, ByeKind.FULL), (3, ByeKind.ZERO))
    assert request_bye(ev, 2, 3, "none").player(2).byes == ((1, ByeKind.FULL),)
    with pytest.raises(SwissError, match="valid: full, half, zero, absent"):
        request_bye(ev, 2, 4, "pairing")
    paired = ev.with_round(Round(1, (Board(1, (1, 3)),)))
    with pytest.raises(SwissError, match="already paired"):
        request_bye(paired, 2, 1, "half")


def test_request_bye_outside_the_players_rounds():
    """A bye in a round the player has withdrawn from, or before a late entrant joins,
    would count for nothing: refused (cancelling one is still allowed)."""
    ev = withdraw(request_bye(_ev(), 2, 4, "half"), 2, 3)
    with pytest.raises(SwissError, match="withdrawn from round 3 on; a bye in round 3"):
        request_bye(ev, 2, 3, "half")
    assert request_bye(ev, 2, 2, "half").player(2).byes == ((2, ByeKind.HALF),
                                                           (4, ByeKind.HALF))
    assert request_bye(ev, 2, 4, "none").player(2).byes == ()
    late = edit_player(_ev(), 3, joined_round=3)
    with pytest.raises(SwissError, match="joins in round 3"):
        request_bye(late, 3, 2, "full")
    assert request_bye(late, 3, 3, "full").player(3).byes == ((3, ByeKind.FULL),)


CSV = ("\ufeffName;Rank;Club;Country;Elo\n"
       "이세돌;9p;Seoul;KR;2800\n"
       "井山 裕太;9 dan;Tokyo;jp;\n"
       "Zoë Ünal;3k;;TR;1500\n")


def test_csv_import_utf8_bom_semicolons_aliases(tmp_path):
    f = tmp_path / "p.csv"
    f.write_bytes(CSV.encode("utf-8"))
    ev = import_csv(_ev(n=2), f)
    assert [(p.id, p.name, p.rank, p.club, p.country, p.rating) for p in ev.players[2:]] == [
        (3, "이세돌", "9p", "Seoul", "KR", 2800),
        (4, "井山 裕太", "9d", "Tokyo", "JP", None),
        (5, "Zoë Ünal", "3k", None, "TR", 1500),
    ]


def test_csv_ids_given(tmp_path):
    f = tmp_path / "p.csv"
    f.write_text("ID,name,rating\n7,A,1\n3,B,2\n\n,C,\n")  # blank line skipped
    ev = import_csv(_ev(n=0), f)
    assert [(p.id, p.name) for p in ev.players] == [(3, "B"), (7, "A"), (8, "C")]


@pytest.mark.parametrize("text, line, words", [
    ("name,rating,colour\nA,1,w\n", 1, "unknown column 'colour'"),
    ("name,id\nA,5\nB,6\nC,5\n", 4, "duplicate id 5 (also line 2)"),
    ("name,rank\nA,3d\nB,strong\n", 3, "rank"),
    ("name,rating\nA,12o0\n", 2, "bad rating '12o0'"),
    ("name,id\nA,2\n", 2, "id 2 is already registered"),
    ("rating\n1200\n", 1, "no 'name' column"),
    ("name,rating\nA,1,extra\n", 2, "3 values but 2 columns"),
])
def test_csv_errors_name_file_and_line(tmp_path, text, line, words):
    f = tmp_path / "p.csv"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(EventFileError) as info:
        import_csv(_ev(n=2), f)
    assert info.value.line == line
    assert str(info.value).startswith(f"{f}:{line}: ")
    assert words in str(info.value)


def test_csv_not_utf8(tmp_path):
    f = tmp_path / "p.csv"
    f.write_bytes("name\nJosé\n".encode("latin-1"))
    with pytest.raises(EventFileError, match=":2: not valid UTF-8"):
        import_csv(_ev(), f)


def test_through_the_store(tmp_path):
    folder = make_event(tmp_path, "go", 2)
    store.update(folder, lambda e: add_player(e, "Shin Jinseo", rank="9p", club="Seoul"))
    assert store.load(folder).player(3).rank == "9p"


def test_remove_player():
    from swisstui.core.registration import remove_player
    ev = _ev().with_round(Round(1, (Board(1, (1, 2)),)))
    assert [p.id for p in remove_player(ev, 3).players] == [1, 2]
    with pytest.raises(SwissError, match="is in round 1; withdraw the player instead"):
        remove_player(ev, 2)


@pytest.mark.parametrize("content, line, words", [
    (b'name,rating\nAnna,2000\n"Boris,1900\nChen,1800\n', 3, "unterminated quote"),
    (b"name\n" + b"a" * 200_000 + b"\n", 2, "field larger than field limit"),
    (b"a" * 200_000 + b"\n", 1, "field larger"),
])
def test_csv_that_is_not_csv(tmp_path, content, line, words):
    f = tmp_path / "p.csv"
    f.write_bytes(content)
    with pytest.raises(EventFileError) as info:
        import_csv(_ev(), f)
    assert info.value.line == line and words in str(info.value)
    assert len(str(info.value)) < 300


def test_edit_joined_and_withdrawn_rounds_agree_with_the_round_files():
    """QA bug 18: a player who played rounds 1-2 cannot have joined in round 3 nor have
    withdrawn from round 2; a player with no game (3 had the round-1 absence) can."""
    from swisstui.core.model import Bye
    ev = _ev(n=4).with_round(Round(1, (Board(1, (1, 2)),), (Bye(4, ByeKind.PAIRING),
                                                            Bye(3, ByeKind.ABSENT))))
    ev = ev.with_round(Round(2, (Board(1, (1, 3)), Board(2, (2, 4)))))
    with pytest.raises(SwissError, match=r"P1 \(1\) plays in round 1; joined_round must be "
                                         r"at most 1, not 3"):
        edit_player(ev, 1, joined_round=3)
    with pytest.raises(SwissError, match="plays in round 1; joined_round"):
        edit_player(ev, 4, joined_round=2)  # the pairing bye of round 1
    with pytest.raises(SwissError, match="plays in round 2; withdrawn_from must be at least 3"):
        edit_player(ev, 1, withdrawn_from=2)
    assert edit_player(ev, 3, joined_round=2).player(3).joined_round == 2
    assert edit_player(ev, 1, withdrawn_from=3).player(1).withdrawn_from == 3
    assert edit_player(ev, 1, withdrawn_from=None, rating=2000).player(1).rating == 2000


def test_names_are_normalised_to_nfc(tmp_path):
    """QA bug 24: a decomposed name (macOS: e + U+0301) is stored precomposed, from add,
    edit and CSV import alike; the event name too."""
    import unicodedata
    nfd = unicodedata.normalize("NFD", "José Núñez")
    assert nfd != "José Núñez"
    ev = add_player(_ev(), nfd, club=unicodedata.normalize("NFD", "Škola"))
    assert (ev.player(4).name, ev.player(4).club) == ("José Núñez", "Škola")
    assert edit_player(ev, 1, name=nfd).player(1).name == "José Núñez"
    f = tmp_path / "p.csv"
    f.write_text(f"name\n{nfd}\n", encoding="utf-8")
    assert import_csv(_ev(), f).player(4).name == "José Núñez"
    assert make_settings("chess", nfd, 5, city=nfd).name == "José Núñez"
    assert make_settings("chess", nfd, 5, city=nfd).city == "José Núñez"
