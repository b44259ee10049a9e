"""Waitlisted entries are not paired (issue 35 item 1): the desk's ``waitlist`` state leaves a
player out of the round like a player not yet joined, listed with the reason by
``left_out``; an event without a desk file pairs exactly as before."""

import pytest

from conftest import make_event
from swisstui.core import pairing, registration, store
from swisstui.core.errors import EventFileError
from swisstui.core.field import Field
from swisstui.core.model import ByeKind
from swisstui.core.pairing.groups import left_out, to_pair
from swisstui.core.services import desk


def _why(out):
    return [(x.player.id, x.why, x.bye) for x in out]


def test_left_out_lists_the_waitlisted_with_the_reason(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    store.update(folder, lambda ev: registration.request_bye(ev, 4, 1, ByeKind.HALF))
    ev = store.load(folder)
    assert _why(left_out(ev, 1)) == [(4, "bye", ByeKind.HALF)]
    # 2 waits; 4's half-point bye waits with them (not a Bye of the round)
    got = left_out(ev, 1, frozenset({2, 4}))
    assert _why(got) == [(2, "waitlist", None), (4, "waitlist", None)]
    ids, byes = to_pair(ev, 1, [2, 4])
    assert ids == [1, 3, 5, 6] and byes == []
    assert to_pair(ev, 1) == ([1, 2, 3, 5, 6], [(4, ByeKind.HALF)])


def test_the_desk_says_who_waits(tmp_path):
    folder = make_event(tmp_path, "chess", 6)
    assert desk.waitlisted(folder) == frozenset()  # no desk file: nobody
    assert not (folder / "desk.toml").exists()
    desk.set_state(folder, 3, "waitlist")
    desk.set_state(folder, 5, "waitlist")
    desk.set_state(folder, 6, "pre-registered")
    assert desk.waitlisted(folder) == frozenset({3, 5})
    desk.set_state(folder, 5, "confirmed")
    assert desk.waitlisted(folder) == frozenset({3})
    assert Field.of(store.load(folder), waitlist=desk.waitlisted(folder)).waitlist == {3}
    assert Field.of(store.load(folder)).waitlist == frozenset()


def test_a_damaged_desk_file_is_its_one_line(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    (folder / "desk.toml").write_text('[[entry]]\nid = 2\nstate = "waiting"\n')
    with pytest.raises(EventFileError) as exc:
        desk.waitlisted(folder)
    assert str(exc.value).endswith("desk.toml:3: unknown state 'waiting'; valid: "
                                   "pre-registered, confirmed, checked-in, waitlist")


@pytest.mark.parametrize("game", ["chess", "go"])
def test_the_engine_leaves_the_waitlisted_out(tmp_path, game):
    folder = make_event(tmp_path, game, 6)
    desk.set_state(folder, 2, "waitlist")
    ev = store.load(folder)
    p = pairing.pair_round(ev, field=Field.of(ev, waitlist=desk.waitlisted(folder)))
    paired = {pid for b in p.round.boards for pid in b.players}
    assert paired == {1, 3, 4, 5, 6} - {b.player for b in p.round.byes}
    assert 2 not in {b.player for b in p.round.byes}
    assert len(p.round.boards) == 2 and len(p.round.byes) == 1


def test_pairing_the_next_round_leaves_the_waitlisted_out(tmp_path):
    """The service that pairs reads the desk under the event's lock: a waitlisted entry is
    neither paired nor given a bye; a preview made before the entry went on the waitlist
    is not saved as it was; re-pairing the round keeps them out too."""
    from swisstui.core import services
    folder = make_event(tmp_path, "chess", 7)
    ev = store.load(folder)
    stale = services.preview_pairing(ev)  # 7 players: 3 boards and a bye
    desk.set_state(folder, 7, "waitlist")
    out = services.pair_next(folder, preview=stale, basis=ev)
    named = {p for b in out.event.round(1).boards for p in b.players} | \
        {y.player for y in out.event.round(1).byes}
    assert 7 not in named and len(out.event.round(1).boards) == 3
    assert [x.why for x in services.left_out(out.event, 1, desk.waitlisted(folder))] == \
        ["waitlist"]
    again = services.repair_round(folder, 1)
    assert 7 not in {p for b in again.round.boards for p in b.players}
