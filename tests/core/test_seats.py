"""Fixed seats (issue 35 item 10, swisstui/core/seats.py): a seated player's board takes the
seat's number, the other boards fill the numbers left in the engine's order, and who plays
whom, the colours and the byes never change."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from swisstui.core import registration, seats, store
from swisstui.core.errors import EventFileError, PairingError, SwissError
from swisstui.core.model import Board, Event, Player, Round, Settings
from swisstui.core.pairing import pair_round
from swisstui.core.pairing.engine import Pairing
from swisstui.core.pairing.simulate import play, random_players, settings_for


def event(n: int = 10, seats_: dict[int, int] | None = None, game: str = "chess") -> Event:
    ps = tuple(Player(i, f"P{i}", rating=2400 - 10 * i, seat=(seats_ or {}).get(i))
               for i in range(1, n + 1))
    return Event(Settings(name="t", game=game, rounds=5), ps)


def unseated(ev: Event) -> Event:
    return replace(ev, players=tuple(replace(p, seat=None) for p in ev.players))


def test_a_seated_players_board_takes_the_seat_and_the_others_keep_their_order():
    plain = pair_round(event(10))
    # round 1 by rating, fold: 1-10, 2-9, 3-8, 4-7, 5-6 on boards 1..5
    order = [frozenset(b.players) for b in plain.round.boards]
    assert order == [frozenset(x) for x in ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6))]
    p = pair_round(event(10, {3: 5}))
    got = {b.number: frozenset(b.players) for b in p.round.boards}
    # 3-8 (board 3) moves to board 5; boards 1, 2 stay; 4-7 and 5-6 move up to 3 and 4
    assert got == {1: frozenset((1, 10)), 2: frozenset((2, 9)), 3: frozenset((4, 7)),
                   4: frozenset((5, 6)), 5: frozenset((3, 8))}
    assert [b.number for b in p.round.boards] == [1, 2, 3, 4, 5]
    # the same pairs and colours as without the seat
    assert {b.players for b in p.round.boards} == {b.players for b in plain.round.boards}
    lines = p.explain(5)
    assert lines[0].startswith("board 5: ")
    assert "board 5: kept for player 3 (fixed seat)" in lines
    assert p.explain(3)[0].split(" (")[0] in ("board 3: 4 P4", "board 3: 7 P7")
    assert p.explain(5)[1:] == ["board 5: kept for player 3 (fixed seat)"] + plain.explain(3)[1:]


def test_two_seated_players_together_the_first_listed_seat_wins():
    plain = pair_round(event(10))
    first, second = plain.round.boards[0].players  # board 1: players 1 and 10
    p = pair_round(event(10, {first: 4, second: 2}))
    board = next(b for b in p.round.boards if set(b.players) == {first, second})
    assert board.number == 4
    lines = p.explain(4)
    assert f"board 4: kept for player {first} (fixed seat)" in lines
    assert (f"player {second}'s seat 2 gives way: the first-listed player's seat wins"
            in lines)


def test_a_seat_beyond_the_rounds_boards_is_not_kept_and_said():
    p = pair_round(event(6, {2: 12}))  # three boards
    assert [b.number for b in p.round.boards] == [1, 2, 3]
    assert p.round.boards == pair_round(event(6)).round.boards
    assert ("player 2's seat 12 is not kept in round 1: the round has 3 boards"
            in p.warnings)


def test_a_seat_given_twice_is_kept_for_the_earlier_board():
    # a hand-edited file: seats.apply keeps the seat for the first board that claims it
    ev = event(8)
    ev = replace(ev, players=tuple(replace(q, seat=3 if q.id in (1, 2) else None)
                                   for q in ev.players))
    rnd = Round(1, (Board(1, (1, 5)), Board(2, (6, 2)), Board(3, (3, 7)), Board(4, (8, 4))))
    p = seats.apply(ev, Pairing(rnd, notes={n: [f"board {n}: x v y"] for n in range(1, 5)}))
    assert {b.number: b.players for b in p.round.boards} == {
        3: (1, 5), 1: (6, 2), 2: (3, 7), 4: (8, 4)}
    assert "player 2's seat 3 is not kept in round 1: player 1 keeps it" in p.warnings
    assert p.explain(3) == ["board 3: x v y", "board 3: kept for player 1 (fixed seat)"]
    assert p.explain(1)[0] == "board 1: x v y"


def test_nobody_seated_in_the_round_leaves_the_pairing_as_it_is():
    ev = event(6, {1: 2})
    ev = replace(ev, players=tuple(replace(q, withdrawn_from=1) if q.id == 1 else q
                                   for q in ev.players))
    p = pair_round(ev)
    assert p == pair_round(unseated(ev))


def seat_lines(p, number: int) -> list[str]:
    return [x for x in p.explain(number) if "(fixed seat)" in x or "gives way" in x
            or "is not kept" in x]


# ---- property: a renumbering never changes who plays whom ----------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 30), rounds=st.integers(1, 4),
       game=st.sampled_from(("chess", "dutch", "go", "magic")), data=st.data())
def test_seats_never_change_pairs_colours_or_byes(seed, n, rounds, game, data):
    rng = random.Random(seed)
    system = "dutch" if game == "dutch" else "swiss"
    game = "chess" if game == "dutch" else game
    s = replace(settings_for(game, "t", rounds + 1, seed), system=system)
    ev = Event(s, tuple(random_players(n, rng, game)))
    try:
        for _ in range(rounds - 1):
            ev = ev.with_round(play(ev, pair_round(ev).round, rng))
        plain = pair_round(ev)
    except PairingError:
        assume(False)
    ids = [p.id for p in ev.players]
    seated = data.draw(st.lists(st.sampled_from(ids), unique=True, max_size=min(6, n)))
    numbers = data.draw(st.lists(st.integers(1, n // 2 + 3), unique=True,
                                 min_size=len(seated), max_size=len(seated)))
    seat_of = dict(zip(seated, numbers))
    with_seats = replace(ev, players=tuple(replace(p, seat=seat_of.get(p.id))
                                           for p in ev.players))
    got = pair_round(with_seats)
    assert sorted(b.players for b in got.round.boards) == \
        sorted(b.players for b in plain.round.boards)  # who plays whom, and the colours
    assert got.round.byes == plain.round.byes
    count = len(got.round.boards)
    assert [b.number for b in got.round.boards] == list(range(1, count + 1))
    assert set(got.notes) == set(range(1, count + 1))
    for b in got.round.boards:
        mine = [pid for pid in b.players if pid in seat_of]
        if mine and seat_of[mine[0]] <= count:
            assert b.number == seat_of[mine[0]]
            assert f"board {b.number}: kept for player {mine[0]} (fixed seat)" in \
                got.explain(b.number)
        # the engine's explanation of the pair, its first line renumbered (the Dutch
        # engine's first line names no board), then the seats' lines
        before = next(x for x in plain.round.boards if x.players == b.players)
        was = plain.explain(before.number)
        now = [x for x in got.explain(b.number) if x not in seat_lines(got, b.number)]
        head = f"board {before.number}: "
        if was[0].startswith(head):
            was = [f"board {b.number}: " + was[0][len(head):]] + was[1:]
        assert now == was
    setups = {b.players: b.setup for b in plain.round.boards}
    assert all(b.setup == setups[b.players] for b in got.round.boards)


# ---- registration and players.toml --------------------------------------------------------

def test_registration_refuses_a_seat_taken_zero_or_not_a_number():
    ev = registration.add_player(event(4), "Kim", seat=7)
    with pytest.raises(SwissError) as exc:
        registration.add_player(ev, "Lee", seat=7)
    assert str(exc.value) == "seat 7 is already Kim's (5)"
    assert exc.value.field == "seat"
    with pytest.raises(SwissError, match="seat must be 1 to 9999, not 0"):
        registration.add_player(ev, "Lee", seat=0)
    with pytest.raises(SwissError, match="seat must be a whole number"):
        registration.edit_player(ev, 1, seat="7")
    with pytest.raises(SwissError, match="seat 7 is already Kim's"):
        registration.edit_player(ev, 1, seat=7)
    # a withdrawn player's seat is free again; a player withdrawn may keep theirs
    ev = registration.edit_player(ev, 5, withdrawn_from=1)
    ev = registration.edit_player(ev, 1, seat=7)
    assert ev.player(1).seat == 7 and ev.player(5).seat == 7
    # reinstating Kim would seat two players at 7: refused as an edit is
    with pytest.raises(SwissError, match=r"^seat 7 is already .*'s \(1\)$"):
        registration.reinstate(ev, 5)
    assert registration.edit_player(ev, 1, seat=None).player(1).seat is None


def test_players_toml_round_trip_and_a_duplicate_seat_is_one_line(tmp_path):
    ev = registration.add_player(event(4), "Kim", seat=7)
    store.create(tmp_path / "e", ev.settings, ev.players)
    tmp_path = tmp_path / "e"
    text = (tmp_path / "players.toml").read_text()
    assert "seat = 7" in text
    assert store.load(tmp_path).player(5).seat == 7
    from swisstui.core.export_json import player_json
    loaded = store.load(tmp_path)
    assert player_json(loaded, loaded.player(5))["seat"] == 7  # players list --json, export
    assert player_json(loaded, loaded.player(1))["seat"] is None
    (tmp_path / "players.toml").write_text(text.replace('name = "P2"', 'name = "P2"\nseat = 7'))
    with pytest.raises(EventFileError) as exc:
        store.load(tmp_path)
    assert "players.toml:" in str(exc.value)
    assert "seat 7 is already P2's (2)" in str(exc.value)
    (tmp_path / "players.toml").write_text(text.replace("seat = 7", "seat = -1"))
    with pytest.raises(EventFileError, match="seat"):
        store.load(tmp_path)


@pytest.mark.parametrize("lang", ["ko", "ja", "pt_BR"])
def test_the_explanation_is_renumbered_in_the_directors_language(lang):
    from swisstui.core import i18n
    i18n.use(lang)
    try:
        plain = pair_round(event(10))
        p = pair_round(event(10, {3: 5}))
        tr = i18n.gettext
        # board 3's explanation (players 3 and 8) is now board 5's, its first line renumbered
        assert p.explain(5)[0] == tr("board {n}: {a} v {b}").format(
            n=5, a="\0", b="\0").split("\0")[0] + plain.explain(3)[0].split(
            tr("board {n}: {a} v {b}").format(n=3, a="\0", b="\0").split("\0")[0], 1)[1]
        assert p.explain(5)[1] == tr("board {n}: kept for player {pid} (fixed seat)").format(
            n=5, pid=3)
        assert p.explain(5)[1] != "board 5: kept for player 3 (fixed seat)"
    finally:
        i18n.use(i18n.SOURCE)
