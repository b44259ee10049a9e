"""core/memory.py (issue 14): large blocks straight from the system on glibc's Linux."""

from __future__ import annotations

import platform
import sys

from swisstui.core import memory


def test_the_mmap_threshold_is_fixed_once_on_glibc(monkeypatch):
    monkeypatch.setattr(memory, "_done", [])
    got = memory.large_blocks_from_the_system()
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert got is glibc  # set where glibc's mallopt is, and only there
    assert memory._done == [got]
    assert memory.large_blocks_from_the_system() is got  # once: the answer is kept


def test_elsewhere_nothing_is_set(monkeypatch):
    monkeypatch.setattr(memory, "_done", [])
    monkeypatch.setattr(sys, "platform", "darwin")
    assert memory.large_blocks_from_the_system() is False
