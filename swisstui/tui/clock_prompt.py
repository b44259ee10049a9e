"""The round clock from the TUI (``c`` in Pairings): one prompt line, the same actions as
``swisstui clock`` (:mod:`swisstui.core.services.clock`): ``60`` or ``start 60``, ``pause``,
``resume``, ``+5`` or ``extend 5``, empty to show it."""

from __future__ import annotations

import re
from pathlib import Path

from ..core import services
from ..core.errors import SwissError
from ..core.i18n import _
from .widgets.dialogs import PromptScreen

_NUMBER = r"(\d+(?:\.\d+)?)"


def run_clock_command(folder: str | Path, text: str) -> str:
    """Do what the director typed; the clock's line afterwards (SwissError if refused)."""
    words = text.strip().lower()
    if m := re.fullmatch(rf"(?:start\s+)?{_NUMBER}", words):
        state = services.clock_start(folder, float(m.group(1)))
    elif m := re.fullmatch(rf"(?:\+\s*|extend\s+){_NUMBER}", words):
        state = services.clock_extend(folder, float(m.group(1)))
    elif words in ("pause", "p"):
        state = services.clock_pause(folder)
    elif words in ("resume", "r"):
        state = services.clock_resume(folder)
    elif words in ("", "show"):
        shown = services.clock_state(folder)
        return shown.label if shown else _("no round clock yet (type the minutes, e.g. 60)")
    else:
        # Translators: pause and resume are typed words: keep them.
        raise SwissError(_("round clock: {text}? type 60, pause, resume or +5").format(
            text=repr(text)))
    return state.label


def ask_clock(screen) -> None:
    """Open the prompt on an :class:`~swisstui.tui.screens.base.EventScreen`."""
    folder = screen.sapp.folder
    try:
        current = services.clock_state(folder)
    except SwissError as exc:
        screen.error(str(exc))
        return

    def done(text: str | None) -> None:
        if text is None:
            return
        try:
            screen.status(run_clock_command(folder, text), "ok")
        except SwissError as exc:
            screen.error(str(exc))

    screen.app.push_screen(PromptScreen(
        _("Round clock") + (f": {current.label}" if current else ""),
        # Translators: pause and resume are typed words: keep them.
        _("60 starts 60 minutes · pause · resume · +5 adds 5 minutes  (Enter, Esc cancels)")),
        done)
