"""Drafts and publishing (issue 34 items 7-8; docs/FORMAT.md "Drafts and publishing"): with
publish = "manual" a new round is a draft the players' views leave out until it is
published; a draft is changed freely, a published round only with a reason, which the
history keeps; the default (auto) keeps today's behaviour and files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from swisstui.cli import main
from swisstui.core import publishing, services, store
from swisstui.core.errors import SwissError
from swisstui.core.services import history
from swisstui.web.snapshot import snapshot_bytes

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


@pytest.fixture
def ev(tmp_path):
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    services.undo_round(folder, force=True)
    return folder


def test_auto_publishes_on_pairing_as_before(ev):
    services.pair_next(ev)
    rnd = store.load(ev).round(store.load(ev).current_round)
    assert rnd.published
    assert "published" not in (ev / "rounds" / f"{rnd.number:02d}.toml").read_text()
    assert "publish" not in (ev / "event.toml").read_text()
    assert not publishing.needs_reason(store.load(ev), rnd.number)


def test_a_draft_is_hidden_until_published_then_changes_need_a_reason(ev, capsys):
    services.change_settings(ev, publish="manual")
    assert 'publish = "manual"' in (ev / "event.toml").read_text()
    before_doc = snapshot_bytes(ev)
    services.pair_next(ev)
    e = store.load(ev)
    n = e.current_round
    assert not e.round(n).published
    assert "published = false" in (ev / "rounds" / f"{n:02d}.toml").read_text()
    # the players' views: the event as it was
    assert publishing.as_published(e).current_round == n - 1
    assert snapshot_bytes(ev) == before_doc
    # a draft is changed freely
    b1, b2 = e.round(n).boards[0], e.round(n).boards[1]
    services.swap(ev, n, b1.players[0], b2.players[0])
    # publish: the CLI says so; the page now shows it
    assert main(["publish", str(ev)]) == 0
    assert f"round {n} published" in capsys.readouterr().out
    assert store.load(ev).round(n).published
    assert f'"round":{n}' in snapshot_bytes(ev).decode()
    with pytest.raises(SwissError, match="published already"):
        services.publish_round(ev)
    # now a swap or a corrected result needs a reason
    with pytest.raises(SwissError, match="needs a reason"):
        services.swap(ev, n, b1.players[0], b2.players[0])
    services.record_result(ev, n, 1, "1-0")  # a first result is no correction
    with pytest.raises(SwissError, match="needs a reason"):
        services.record_result(ev, n, 1, "0-1", force=True)
    assert main(["result", str(ev), str(n), "1", "0-1", "--force"]) == 1
    assert "needs a reason" in capsys.readouterr().err
    assert main(["result", str(ev), str(n), "1", "0-1", "--force", "--reason",
                 "the players agreed the score sheet was wrong"]) == 0
    entry = history.log(ev)[0]
    assert entry.reason == "the players agreed the score sheet was wrong"
    assert entry.subject.startswith(f"result: round {n}, board 1, 0-1")
    with pytest.raises(SwissError, match="needs a reason"):
        services.clear_result(ev, n, 1)
    services.clear_result(ev, n, 1, reason="entered on the wrong board")
    assert store.load(ev).round(n).board(1).result is None
    subjects = [e.subject for e in history.log(ev)]
    assert any(s.startswith("publish the round") for s in subjects)


def test_the_players_page_marks_boards_changed_after_publishing(ev):
    """Item 8: a board of a published round changed since (a swap, a corrected result)
    carries the time of its change on the players' page; a first result marks nothing."""
    import json
    services.change_settings(ev, publish="manual")
    services.pair_next(ev)
    n = store.load(ev).current_round
    services.publish_round(ev)
    services.record_result(ev, n, 1, "1-0")  # a first result: no change to mark
    doc = json.loads(snapshot_bytes(ev))
    assert not any("changed" in b for b in doc["current"]["boards"])
    services.record_result(ev, n, 1, "0-1", force=True, reason="score sheet misread")
    e = store.load(ev)
    b3, b4 = e.round(n).board(3), e.round(n).board(4)
    services.swap(ev, n, b3.players[0], b4.players[0], reason="the arbiter's decision")
    doc = json.loads(snapshot_bytes(ev))
    marked = {b["board"]: b.get("changed") for b in doc["current"]["boards"]}
    assert {k for k, v in marked.items() if v} == {1, 3, 4}
    assert all(len(v) == 5 and v[2] == ":" for v in marked.values() if v)
    assert doc["text"]["changed"] == "changed {time}"  # the page's words for the mark


def test_fide_mode_marks_the_changed_boards_with_publish_auto(tmp_path):
    """FIDE mode (publish = auto): every change to the paired round needs a reason, and the
    players' page marks the boards changed since the pairing (it marked none before)."""
    import json

    from conftest import make_event
    folder = make_event(tmp_path, "chess", 8, fide_mode=True)
    services.pair_next(folder)
    e = store.load(folder)
    assert e.round(1).published
    b1, b2 = e.round(1).board(1), e.round(1).board(2)
    services.swap(folder, 1, b1.players[0], b2.players[0], reason="wrong table cards")
    doc = json.loads(snapshot_bytes(folder))
    marked = {b["board"] for b in doc["current"]["boards"] if b.get("changed")}
    assert marked == {1, 2}


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and ".git" not in p.parts}


def test_undoing_a_published_round_needs_a_reason_a_draft_none(ev):
    """Removing a published round is a change to it (docs/FORMAT.md "Every edit to a
    published round needs a reason"): refused without one, nothing written; the reason is
    kept in the history.  A draft is undone freely."""
    services.change_settings(ev, publish="manual")
    services.pair_next(ev)
    n = store.load(ev).current_round
    services.undo_round(ev)  # a draft: no reason asked
    assert store.load(ev).current_round == n - 1
    assert history.log(ev)[0].reason is None
    services.pair_next(ev)
    services.publish_round(ev)
    services.record_result(ev, n, 1, "1-0")
    before, entries = _files(ev), len(history.log(ev))
    for reason in (None, "", "   "):
        with pytest.raises(SwissError, match=f"round {n} is published: a change to it needs "
                                             "a reason") as exc:
            services.undo_round(ev, force=True, reason=reason)
        assert exc.value.field == "reason"
    assert _files(ev) == before and len(history.log(ev)) == entries
    # results first: the reason does not lift the refusal to remove them without --force
    with pytest.raises(SwissError, match="use --force"):
        services.undo_round(ev, reason="wrong player list")
    assert _files(ev) == before
    services.undo_round(ev, force=True, reason="wrong player list")
    assert store.load(ev).current_round == n - 1
    entry = history.log(ev)[0]
    assert (entry.subject, entry.reason) == ("undo the last round: force", "wrong player list")


def test_undo_in_publish_auto_without_fide_mode_needs_no_reason(ev):
    services.pair_next(ev)
    n = store.load(ev).current_round
    assert store.load(ev).round(n).published
    services.undo_round(ev)
    assert store.load(ev).current_round == n - 1
