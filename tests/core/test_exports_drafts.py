"""Draft rounds stay out of prints (issue 34 item 7: "player prints show the previous state
until publish"; docs/FORMAT.md "Drafts and publishing"): every export is made from the event
as its players see it, the JSON backup of the whole event excepted; asking for the draft
round by its number is refused in one line, nothing written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from swisstui.core import publishing, services, store
from swisstui.core.errors import SwissError
from swisstui.core.interop.formats import ExportRequest
from swisstui.core.services import exports

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


@pytest.fixture
def drafted(tmp_path):
    """The chess sample with its last round undone, publishing by hand, round 4 a draft."""
    folder = tmp_path / "chess"
    shutil.copytree(SAMPLES / "chess", folder)
    services.undo_round(folder, force=True)
    services.change_settings(folder, publish="manual")
    services.pair_next(folder)
    assert publishing.draft(store.load(folder)).number == 4
    return folder


@pytest.mark.parametrize("fmt,what", [("text", "pairings"), ("csv", "pairings"),
                                      ("html", "pairings"), ("json", "pairings"),
                                      ("html", "slips"), ("html", "alphabetical")])
def test_every_list_shows_the_round_before_the_draft(drafted, fmt, what):
    def made(rnd=None) -> bytes:
        return exports.export_folder(drafted, ExportRequest(fmt, what, rnd))[0].data
    data = made()
    assert data == made(3) != b""
    if fmt == "json":
        assert json.loads(data)["round"] == 3
    services.publish_round(drafted)
    assert made() == made(4) != data


def test_asking_for_the_draft_round_is_refused_in_one_line(drafted, tmp_path):
    out = tmp_path / "slips.html"
    ev = store.load(drafted)
    calls = [lambda r: exports.export_folder(drafted, r, out),
             lambda r: exports.export_from_section(drafted, r, out),
             lambda r: exports.export(ev, r),
             lambda r: exports.export_to_file(ev, r, out)]
    for call in calls:
        with pytest.raises(SwissError) as exc:
            call(ExportRequest("html", "slips", 4, paper="a4"))
        assert str(exc.value) == "round 4 is a draft: publish it first (swisstui publish EVENT)"
        assert not out.exists()
    # an earlier round is printed as asked
    assert b"round 3" in exports.export(ev, ExportRequest("text", "pairings", 3)).lower()
    # the JSON backup of the whole event keeps the draft
    data = json.loads(exports.export_folder(drafted, ExportRequest("json", "event"))[0].data)
    assert [r["round"] for r in data["rounds"]][-1] == 4
