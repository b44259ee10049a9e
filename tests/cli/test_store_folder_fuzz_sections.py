"""The folder fuzzer for events with sections (issue 33: "nothing a folder contains can make
swisstui touch a file outside it" holds for sections too).  A valid two-section event (the
root and ``sections/U1600``, each with its players, two rounds paired and a clock; U1600's
boards numbered from 101), one to three hostile mutations — any of the folder fuzzer's on a
file of either section, and the sections' own: ``sections`` a file or a link outside, the
section a link to another event outside, a section folder whose name is not a plain word,
a section without event.toml, an id clash, root-only keys in a section's event.toml, a
nested section, the root's ``section`` key not a plain word, a move left half-done — then
every command without ``--section``, every ``sections`` command (dry runs and real ones),
and every command with ``--section U1600``.  No traceback, exit 0, 1 or 2, a refused
command leaves the folder byte-identical (modes included) and nothing outside the event
folder changes (tests/store_torture.py: ``fuzz_case``).  The long run is
tests/long/run_store_torture.py --sections."""

from __future__ import annotations

import faulthandler
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store_torture import (FILES, MUTATIONS, SECTION, SECTION_MUTATIONS, build_sections_base,
                           fuzz_case, mutate_sections, run_cli, section_commands)
from swisstui.core import store

_BASE: dict[str, Path] = {}


def _base() -> Path:
    if "base" not in _BASE:
        _BASE["base"] = build_sections_base(Path(tempfile.mkdtemp(prefix="swisstui-fuzz-sec-")))
    return _BASE["base"]


def _case(tmp_path: Path, mutations: list[tuple[str, int, int]]) -> list[str]:
    faulthandler.dump_traceback_later(120, exit=True)  # a hang is a failure, not a stall
    try:
        return fuzz_case(_base(), tmp_path / "w", mutations, every=section_commands,
                         apply=mutate_sections)
    finally:
        faulthandler.cancel_dump_traceback_later()


def test_base_runs_every_command(tmp_path):
    """Unmutated, the commands do what they say: the sections' commands succeed, the move
    and the results in U1600 are written (so the mutated cases test writers, not refusals),
    and no command leaves a player in two sections or in none."""
    assert _case(tmp_path, []) == []
    folder = tmp_path / "event"
    shutil.copytree(_base(), folder, symlinks=True)
    rc = {tuple(argv): run_cli(argv)[0] for argv in section_commands(folder, tmp_path)}
    e = str(folder)
    assert rc[("pair", e)] == 1 and rc[("check", e)] == 0  # several sections: which?
    assert rc[("sections", "move", e, "3", SECTION)] == 0
    assert rc[("sections", "add", e, "Junior", "--rounds", "3")] == 0
    assert rc[("sections", "remove", e, "Junior")] == 0
    assert rc[("sections", "remove", e, SECTION)] == 1  # it has rounds
    assert rc[("result", e, "2", "102", "0-1", "--section", SECTION)] == 0
    u = store.load(folder / "sections" / SECTION)
    assert u.round(2).board(2).result.text == "0-1" and u.player(3).withdrawn_from is None
    assert store.load(folder).player(3).withdrawn_from == 3


@pytest.mark.parametrize("kind", SECTION_MUTATIONS)
def test_each_section_mutation(tmp_path, kind):
    for param in (1, 2):
        assert _case(tmp_path, [(kind, 0, param)]) == []


@pytest.mark.parametrize("kind", MUTATIONS)
def test_each_mutation_on_the_section(tmp_path, kind):
    """The folder fuzzer's mutations applied to U1600's files (the root's are the folder
    fuzzer's own test), two of its five files each (a section keeps no cache), in turn."""
    k = MUTATIONS.index(kind)
    for which in (len(FILES) + k % 5, len(FILES) + (k + 2) % 5):
        assert _case(tmp_path, [(kind, which, 11 * which + 5)]) == []


mutation = st.tuples(st.sampled_from(MUTATIONS + SECTION_MUTATIONS),
                     st.integers(0, 2 * len(FILES) - 1), st.integers(0, 10**6))


@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(mutation, min_size=1, max_size=3))
def test_random_mutations(tmp_path, mutations):
    assert _case(tmp_path, mutations) == []
