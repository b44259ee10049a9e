"""The round clock with sections (issue 33, item 8): one clock for the hall (the event
root's), or one per section that starts its own; the CLI's ``clock`` without ``--section``
is the hall's."""

from __future__ import annotations

import shutil
from pathlib import Path

from swisstui.cli import main
from swisstui.core import services
from swisstui.core.services import sections

SAMPLES = Path(__file__).resolve().parents[2] / "swisstui" / "sample_events"


def _event(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "open"
    shutil.copytree(SAMPLES / "chess", root)
    sections.add_section(root, "U1600")
    return root, root / "sections" / "U1600"


def test_a_section_follows_the_hall_clock_until_it_starts_its_own(tmp_path, capsys):
    root, u1600 = _event(tmp_path)
    assert services.clock_state(u1600) is None
    before = services.fingerprint(u1600)
    assert main(["clock", str(root), "start", "60"]) == 0  # no --section: the hall's
    assert (root / "clock.toml").exists() and not (u1600 / "clock.toml").exists()
    hall = services.clock_state(u1600)
    assert hall is not None and 3590 < hall.remaining <= 3600
    assert services.fingerprint(u1600) != before  # the section's views see the hall's clock
    # pausing from the section pauses the clock that times it: the hall's
    assert main(["clock", str(root), "--section", "U1600", "pause"]) == 0
    assert services.clock_state(root).paused
    # a section that starts its own clock keeps it; the hall's stays as it was
    sections.add_section(root, "Kids")
    kids = root / "sections" / "Kids"
    assert main(["clock", str(root), "--section", "U1600", "resume"]) == 0
    services.clock_state(root)
    # the U1600 section has no round paired: its own clock cannot start
    assert main(["clock", str(root), "--section", "Kids", "start", "30"]) == 1
    assert not (kids / "clock.toml").exists()
    assert "no round has been paired yet" in capsys.readouterr().err
    # once paired, the section runs a clock of its own; the hall's is left as it was
    for i, name in enumerate(["Ana", "Bea", "Caio", "Duda"]):
        services.add_player(kids, name, rating=1500 - 10 * i)
    services.pair_next(kids)
    hall_bytes = (root / "clock.toml").read_bytes()
    assert main(["clock", str(root), "--section", "Kids", "start", "30"]) == 0
    own = services.clock_state(kids)
    assert own is not None and own.round == 1 and 1790 < own.remaining <= 1800
    assert (root / "clock.toml").read_bytes() == hall_bytes
    assert services.clock_state(u1600).remaining > 3000  # still the hall's
