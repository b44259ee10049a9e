"""The crash test of a move between sections (issue 33 item 4): a real ``swisstui sections
move EVENT 3 U1600`` is killed with SIGKILL at random moments of its run, and just after its
first write (the target's players.toml), the window a crash leaves a move half-done.  After
each kill every section loads, ``check`` reports the half-done move in one line or nothing,
the player is in his old section, the new one or both (reported), nothing else changed, and
running the move again finishes it (tests/store_torture.py: ``move_crash_once``).  The long
run is tests/long/run_store_torture.py --move-kills N."""

from __future__ import annotations

import random
from collections import Counter

from store_torture import build_sections_base, move_crash_once, move_duration


def test_killed_move_leaves_the_player_in_one_section_or_reported_in_two(tmp_path):
    base = build_sections_base(tmp_path / "base")
    duration = move_duration(base, tmp_path / "timing")
    rng = random.Random(33)
    seen: Counter[str] = Counter()
    for k in range(40):  # 12 kills, more until one lands between the two writes
        when, found = move_crash_once(base, tmp_path / "w", rng, duration)
        seen[found] += 1
        if k >= 11 and seen["half"]:
            break
    # the kills after the first write do land between the two writes (the half-done state
    # the check reports and a second run finishes)
    assert seen["half"] >= 1, seen
