"""The folder fuzzer (QA issue 16): a valid event, one to three hostile mutations of its
folder (a named pipe, a folder or a link in place of a file, deep nesting, a rounds file, a
stray round name, truncation, a changed mode, a lock that is a link, ...), then every
command.  No traceback, exit 0, 1 or 2, and a refused command leaves the folder
byte-identical, modes included.  Since issue 31 the mutated files include clock.toml and a
cache entry, hostile journals point outside the folder, rounds/ and the cache are linked
elsewhere, and no command may change anything outside the event folder.  Bounded to run in
a few minutes; the long run (10 000 cases) is tests/long/run_store_torture.py."""

from __future__ import annotations

import faulthandler
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store_torture import FILES, MUTATIONS, build_base, fuzz_case

_BASE: dict[str, Path] = {}


def _base() -> Path:
    if "base" not in _BASE:
        _BASE["base"] = build_base(Path(tempfile.mkdtemp(prefix="swisstui-fuzz-base-")))
    return _BASE["base"]


mutation = st.tuples(st.sampled_from(MUTATIONS), st.integers(0, len(FILES) - 1),
                     st.integers(0, 10**6))


@pytest.mark.parametrize("kind", MUTATIONS)
def test_each_mutation_alone(tmp_path, kind):
    faulthandler.dump_traceback_later(120, exit=True)  # a hang is a failure, not a stall
    try:
        for which in range(len(FILES)):
            assert fuzz_case(_base(), tmp_path / "w", [(kind, which, 7 * which + 1)]) == []
    finally:
        faulthandler.cancel_dump_traceback_later()


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(mutation, min_size=1, max_size=3))
def test_random_mutations(tmp_path, mutations):
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        assert fuzz_case(_base(), tmp_path / "w", mutations) == []
    finally:
        faulthandler.cancel_dump_traceback_later()
