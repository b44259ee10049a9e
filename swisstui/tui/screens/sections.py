"""The section switcher (F9, issue 33 item 8): the event's sections, each with its game, its
round and its players, the current one first selected.  Choosing one makes every mode act on
that section's folder (``SwissApp.use_section``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.games import game_title
from ...core.i18n import _
from ..widgets.dialogs import ListPicker
from ..widgets.header import count


class SectionPicker(ListPicker):
    """Up/Down and Enter (or the number) picks a section; Esc keeps the current one.
    ``rows``: the core's ``Section`` records (:func:`swisstui.core.services.sections.
    list_sections`)."""

    def __init__(self, rows: Sequence, current: str) -> None:
        super().__init__(
            _("Switch section"),
            [(r.name, "  ·  ".join((r.name, game_title(r.game),
                                    _("Round {round}/{rounds}").format(round=r.paired,
                                                                       rounds=r.rounds),
                                    count(r.players, "player")))
              + ("  ✓" if r.name == current else "")) for r in rows],
            _("Up/Down and Enter, or the number · Esc keeps the section"),
            list_id="sections", current=current, numbered=True)
