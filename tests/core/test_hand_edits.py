"""Hand edits of a paired round with what they cost (issue 34 item 9;
swisstui/core/pairing/hand_edits.py): swap, a latecomer against the bye, two latecomers on a
new board, a board removed with the unplayed result chosen, the round re-paired around the
boards kept; a published round's edit needs a reason and the explanation names who and why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import make_event
from manual_round import make_round
from swisstui.core import pairing, services, store
from swisstui.core.errors import ConflictError, PairingError, SwissError
from swisstui.core.model import ByeKind
from swisstui.core.services import history


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*.toml"))}


def _results(folder, rnd, texts):
    for n, text in zip(range(1, len(texts) + 1), texts):
        services.record_result(folder, rnd, n, text)


def _three_rounds(tmp_path):
    """Six chess players; 2 had Black in rounds 1 and 2, 5 had White in both; round 3 as
    given by hand: (2, 1), (3, 4), (6, 5)."""
    folder = make_event(tmp_path, "chess", 6, rounds=5)
    store.update(folder, lambda ev: make_round(ev, [(1, 2), (3, 4), (5, 6)]))
    _results(folder, 1, ["1-0", "1-0", "1-0"])
    store.update(folder, lambda ev: make_round(ev, [(5, 2), (4, 1), (6, 3)]))
    _results(folder, 2, ["1-0", "1/2-1/2", "0-1"])
    store.update(folder, lambda ev: make_round(ev, [(2, 1), (3, 4), (6, 5)]))
    return folder


def test_swap_preview_names_the_scores_and_the_colours_it_forces(tmp_path):
    folder = _three_rounds(tmp_path)
    before = snapshot(folder)
    out = services.preview_swap(store.load(folder), 3, 2, 5)
    assert snapshot(folder) == before  # a preview writes nothing
    assert [b.players for b in out.round.boards] == [(5, 1), (3, 4), (6, 2)]
    assert out.boards == (1, 3)
    assert "board 1: 5 (2) v 1 (1.5)" in out.costs
    assert "board 3: 6 (0) v 2 (0)" in out.costs
    # 2 had Black twice: a third; 5 had White twice: a third
    assert "  2 gets Black 3 times in a row" in out.costs
    assert "  5 gets White 3 times in a row" in out.costs
    assert "  board 1: score difference: 5 has 2, 1 has 1.5" in out.costs
    assert out.broken == ("board 1: score difference: 5 has 2, 1 has 1.5",)
    saved = services.swap(folder, 3, 2, 5)
    assert saved.round == out.round and saved.costs == out.costs


def test_an_edit_of_a_past_round_names_a_rematch_with_a_later_round(tmp_path):
    """Swapping 2 and 6 in round 1 pairs 5 with 2, who meet in round 2: the costs said no
    rule was broken, and verify then found the rematch in the TRF."""
    folder = _three_rounds(tmp_path)
    for board in (1, 2, 3):
        services.clear_result(folder, 1, board)
    out = services.preview_swap(store.load(folder), 1, 2, 6)
    assert [b.players for b in out.round.boards] == [(1, 6), (3, 4), (5, 2)]
    assert "board 3: rematch: 5 and 2 also meet in round 2" in out.broken


def test_the_costs_name_boards_by_the_hall_numbers(tmp_path):
    folder = _three_rounds(tmp_path)
    out = services.preview_swap(store.load(folder), 3, 2, 5, first_board=101)
    assert "board 103: 6 (0) v 2 (0)" in out.costs
    assert out.broken == ("board 101: score difference: 5 has 2, 1 has 1.5",)


def test_a_latecomer_plays_the_pairing_bye(tmp_path):
    folder = make_event(tmp_path, "chess", 5, rounds=4)
    ev = services.pair_next(folder).event
    bye = ev.round(1).byes[0].player
    late = services.add_player(folder, "Lena Late", rating=1500).player
    assert late.joined_round == 2  # a late entrant, as registered after the pairing
    before = snapshot(folder)
    out = services.preview_latecomer(store.load(folder), 1, late.id)
    assert snapshot(folder) == before
    saved = services.add_latecomer(folder, 1, late.id)
    assert saved.round == out.round
    ev = store.load(folder)
    rnd = ev.round(1)
    assert rnd.byes == () and len(rnd.boards) == 3
    assert set(rnd.board(3).players) == {bye, late.id}
    assert ev.player(late.id).joined_round == 1  # plays round 1 now
    assert out.costs[0].startswith("board 3: ")
    # no bye left: the next latecomer goes on a new board with another
    services.add_player(folder, "Mo Late", rating=1400)
    with pytest.raises(PairingError, match="no pairing bye: pair two latecomers"):
        services.add_latecomer(folder, 1, 7)


def test_two_latecomers_on_a_new_board_and_an_absent_player_who_came(tmp_path):
    folder = make_event(tmp_path, "chess", 7, rounds=4)
    services.check_in(folder, 7, present=False)  # marked absent for round 1
    ev = services.pair_next(folder).event
    assert [(y.player, y.kind) for y in ev.round(1).byes] == [(7, ByeKind.ABSENT)]
    late = services.add_player(folder, "Lena Late", rating=1500).player
    # 5 and the late player are on the board? 5 plays: refused, nothing written
    before = snapshot(folder)
    with pytest.raises(PairingError, match="already plays on board"):
        services.add_board(folder, 1, 5, late.id)
    assert snapshot(folder) == before
    out = services.add_board(folder, 1, 7, late.id)
    ev = store.load(folder)
    rnd = ev.round(1)
    assert rnd.byes == () and set(rnd.board(4).players) == {7, late.id}
    assert ev.player(7).requested_bye(1) is None  # the absence is dropped
    assert out.boards == (4,)


def test_remove_a_board_with_the_unplayed_result_chosen(tmp_path):
    folder = _three_rounds(tmp_path)
    with pytest.raises(PairingError, match="must be one of full, half, zero, absent"):
        services.remove_board(folder, 3, 2, "pairing")
    out = services.remove_board(folder, 3, 2, "half")
    rnd = store.load(folder).round(3)
    assert [b.number for b in rnd.boards] == [1, 3]  # the others keep their numbers
    assert {(y.player, y.kind) for y in rnd.byes} == {(3, ByeKind.HALF), (4, ByeKind.HALF)}
    assert "board 2 removed: 3 and 4 each get a half-point bye" in out.costs
    services.record_result(folder, 3, 1, "1-0")
    with pytest.raises(ConflictError, match="already has a result"):
        services.remove_board(folder, 3, 1, "zero")



def test_players_of_a_removed_board_can_be_seated_again(tmp_path):
    """After a board was removed with half-point byes, seating its players again was
    refused: 'player 3 has a requested half bye; change the request instead', a request
    players.toml did not have, and the request could not be changed once paired."""
    folder = _three_rounds(tmp_path)
    services.remove_board(folder, 3, 2, "half")
    with pytest.raises(PairingError) as exc:
        services.swap(folder, 3, 3, 1)
    assert str(exc.value) == ("player 3 has a half-point bye from a removed board; seat them "
                              "on a new board or against the bye instead")
    services.add_board(folder, 3, 3, 4)
    rnd = store.load(folder).round(3)
    assert rnd.byes == ()
    assert sorted(sorted(b.players) for b in rnd.boards) == [[1, 2], [3, 4], [5, 6]]


def test_repair_keeps_the_boards_fixed_and_pairs_the_others(tmp_path):
    folder = make_event(tmp_path, "chess", 8, rounds=4, system="swiss")
    ev = services.pair_next(folder).event
    kept = ev.round(1).board(3)
    services.swap(folder, 1, ev.round(1).board(1).players[0], ev.round(1).board(2).players[0])
    services.record_result(folder, 1, 3, "1-0")  # a kept board may have its result
    out = services.repair_round(folder, 1, keep=(3,))
    rnd = store.load(folder).round(1)
    assert rnd.board(3) == replace_result(kept, rnd.board(3))
    assert rnd.board(3).result is not None and rnd.board(3).result.text == "1-0"
    # the others: the engine's pairing of everyone but the kept board's players
    before = store.load(folder).without_round(1)
    away = before
    for pid in kept.players:
        away = away.with_player(replace(away.player(pid), byes=((1, ByeKind.ABSENT),)))
    engine = pairing.pair_round(away)
    assert {frozenset(b.players) for b in rnd.boards} == \
        {frozenset(b.players) for b in engine.round.boards} | {frozenset(kept.players)}
    assert rnd.byes == ()
    assert sorted(b.number for b in rnd.boards) == [1, 2, 3, 4]
    assert 3 not in out.boards
    with pytest.raises(ConflictError, match="board 3 has a result"):
        services.repair_round(folder, 1, keep=(1,))


def replace_result(board, saved):
    """``board`` with the result ``saved`` has (the kept board, as it was, plus its
    result)."""
    return replace(board, result=saved.result)


def test_a_published_edit_needs_a_reason_and_the_explanation_names_who_and_why(
        tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_DIRECTOR", "Ines Arbiter")
    folder = make_event(tmp_path, "chess", 6, rounds=4, publish="manual")
    ev = services.pair_next(folder).event
    a, b = ev.round(1).board(1).players[0], ev.round(1).board(2).players[0]
    services.swap(folder, 1, a, b)  # a draft: free
    services.publish_round(folder)
    before = snapshot(folder)
    with pytest.raises(SwissError) as err:
        services.swap(folder, 1, a, b)
    assert err.value.field == "reason" and snapshot(folder) == before
    services.swap(folder, 1, a, b, reason="wrong table cards")
    entry = history.log(folder, round=1)[0]  # newest first
    assert (entry.subject.startswith("swap two players"), entry.reason, entry.author) == \
        (True, "wrong table cards", "Ines Arbiter")
    assert set(entry.players) == {a, b}


def test_the_explanation_of_a_board_set_by_hand_names_the_director(tmp_path, monkeypatch):
    monkeypatch.setenv("SWISSTUI_DIRECTOR", "Ines Arbiter")
    folder = _three_rounds(tmp_path)
    services.swap(folder, 3, 2, 5, reason="player 2 asked to move")
    ev = store.load(folder)
    lines = services.explain(ev, 3, 3, folder=folder)
    assert lines[1].startswith("why: this board was set by hand")
    assert lines[2].startswith("edited by hand by Ines Arbiter at ")
    assert lines[2].endswith("swap two players: round 3, a 2, b 5")
    assert lines[3] == "reason: player 2 asked to move"
    assert services.explain(ev, 3, 3) [2:3] != lines[2:3]  # without the folder: no history


def test_edits_are_refused_in_one_line_writing_nothing(tmp_path):
    folder = _three_rounds(tmp_path)
    before = snapshot(folder)
    for call, match in [
            (lambda: services.add_latecomer(folder, 2, 1), "only the current round"),
            (lambda: services.add_board(folder, 3, 1, 1), "two different players"),
            (lambda: services.add_latecomer(folder, 3, 99), "no player with id 99"),
            (lambda: services.remove_board(folder, 3, 9, "zero"), "no board 9"),
            (lambda: services.repair_round(folder, 3, keep=(7,)), "no board 7"),
            (lambda: services.swap(folder, 4, 1, 2), "round 4 is not paired")]:
        with pytest.raises(SwissError, match=match):
            call()
    assert snapshot(folder) == before


def test_a_requested_bye_is_named_in_words_when_it_blocks_an_edit(tmp_path):
    """A swap with a player who asked for a bye said 'has a requested half bye' in every
    language; the refusal now names the bye as the costs do, translated."""
    from swisstui.core import i18n
    folder = make_event(tmp_path, "chess", 6, rounds=5)
    store.update(folder, lambda ev: ev.with_player(replace(ev.player(5), byes=((1, ByeKind.HALF),))))
    store.update(folder, lambda ev: make_round(ev, [(1, 2), (3, 4)], byes=[(5, "half"), 6]))
    before = snapshot(folder)
    with pytest.raises(PairingError) as exc:
        services.swap(folder, 1, 5, 1)
    assert str(exc.value) == ("player 5 has asked for a half-point bye this round; change "
                              "the request instead")
    i18n.use("pt_BR")
    try:
        with pytest.raises(PairingError, match="meio ponto"):
            services.swap(folder, 1, 1, 5)
    finally:
        i18n.use(i18n.SOURCE)
    assert snapshot(folder) == before


def test_an_explanation_names_the_board_by_the_hall_number_on_every_line(tmp_path):
    """A section numbered from 101: the fixed seat's line names hall board 103, as the
    first line does (it said board 3 before)."""
    folder = make_event(tmp_path, "chess", 8, system="swiss")
    services.edit_player(folder, 8, seat=3)
    ev = services.pair_next(folder).event
    n = next(b.number for b in ev.round(1).boards if 8 in b.players)
    assert n == 3
    lines = services.explain(ev, 1, n, first_board=101)
    assert lines[0].startswith("board 103: ")
    assert "board 103: kept for player 8 (fixed seat)" in lines
    assert not any(x.startswith("board 3:") for x in lines)


def _twelve(tmp_path, system):
    """Twelve chess players (ids in rating order) and round 1 paired by the engine:
    1-7, 8-2, 3-9, 10-4, 5-11, 12-6 (White first; E.5: the higher-ranked player gets
    White on an odd pairing number)."""
    folder = make_event(tmp_path, "chess", 12, rounds=5, system=system,
                        club_weight=0, country_weight=0)
    services.pair_next(folder)
    return folder


@pytest.mark.parametrize("system", ["dutch", "swiss"])
def test_repair_around_a_kept_board_gives_the_others_the_colours_of_the_full_pairing(
        tmp_path, system):
    """Keeping board 1 (1-7) took its players out of the numbering: 2 became number 1 and
    every other board's colours were swapped (8-2 became 2-8), while the preview said
    nothing changed and the explanation still gave 8 White."""
    folder = _twelve(tmp_path, system)
    full = [b.players for b in store.load(folder).round(1).boards]
    assert full == [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)]
    out = services.repair_round(folder, 1, keep=(1,))
    assert [b.players for b in store.load(folder).round(1).boards] == full
    assert out.boards == () and out.costs == ("no pairing rule is broken",)
    lines = services.explain(store.load(folder), 1, 2)
    assert not lines[1].startswith("why: this board was set by hand")
    expected = ("colour: 8 white — E.5 no preferences: higher-ranked TPN parity with "
                "initial colour w" if system == "dutch" else
                "colour: 2 gets Black: initial colour White for odd places, by lot")
    assert [x for x in lines if x.startswith("colour:")] == [expected]


def test_repair_around_a_kept_board_lists_the_boards_whose_colours_change(tmp_path):
    """Board 2 turned round by hand (2-8): the re-pairing gives it back its colours (8-2),
    and the preview lists it, with the same players — a change of colours is a change."""
    folder = _twelve(tmp_path, "dutch")
    services.swap(folder, 1, 8, 2)  # the two players of board 2: the colours swapped
    ev = store.load(folder)
    assert ev.round(1).board(2).players == (2, 8)
    out = services.preview_repair(ev, 1, keep=(1,))
    assert out.round.board(2).players == (8, 2)
    assert out.boards == (2,)
    assert out.costs == ("board 2: 8 (0) v 2 (0)", "no pairing rule is broken")


def test_the_explanation_of_a_board_with_its_colours_turned_by_hand_agrees_with_the_file(
        tmp_path):
    """The engine pairs 8 (White) with 2; the file has 2 White: the explanation said
    '8 white' from the engine's board with the same two players."""
    folder = _twelve(tmp_path, "dutch")
    services.swap(folder, 1, 8, 2)
    lines = services.explain(store.load(folder), 1, 2)
    assert lines[0] == f"board 2: {_name(folder, 2)} v {_name(folder, 8)}"
    assert lines[1].startswith("why: this board was set by hand")
    assert not any(x.startswith("colour: 8 white") for x in lines)


def test_fixed_pairs_keep_the_pairing_numbers_of_the_round(tmp_path):
    """A pair fixed with --fixed in round 1 took its players out of the numbering (the
    others' colours swapped, the fixed players numbered 1 and 2)."""
    folder = make_event(tmp_path, "chess", 12, rounds=5, club_weight=0, country_weight=0)
    p = services.pair_next(folder, fixed=[(1, 7)])
    assert [b.players for b in p.event.round(1).boards] == \
        [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)]
    assert "7: TPN 7, 0 pts, colour preference - (none, CD +0)" in p.pairing.explain(1)


def _name(folder, pid):
    p = store.load(folder).player(pid)
    return f"{pid} {p.name}"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_new_boards_colours_are_the_dutch_engines(tmp_path, seed):
    """A hand-made board (a latecomer, two latecomers) takes its colours from the judge's
    rule (colours.allocate); in a Dutch event they must be what the Dutch engine's E.1-E.5
    give.  Checked on every board the engine paired, round after round, odd field."""
    import random
    from swisstui.core.pairing.hand_edits import _Judge
    from swisstui.core.pairing.simulate import play
    folder = make_event(tmp_path, "chess", 15, rounds=6, system="dutch")
    checked = 0
    for n in range(1, 6):
        ev = services.pair_next(folder).event
        rnd = ev.round(ev.current_round)
        judge = _Judge(ev, rnd.number)
        for board in rnd.boards:
            assert judge.order(*reversed(board.players)) == board.players, (n, board)
            checked += 1
        played = play(ev, rnd, random.Random(seed * 10 + n))
        store.update(folder, lambda e, done=played: e.with_round(done))
    assert checked == 35

