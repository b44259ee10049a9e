"""The one-line header: current mode, event name, game, round, results still missing, players.
When the line is wider than the terminal the event name is shortened ("Porto Alegre Rapid…",
down to "…" alone), so the round, the missing results and the player count always show.  The
round and the results words are the header's own short forms (message context ``header``:
"Quarter-finals (R6)", "all results in"), which a catalogue may shorten further (pt_BR "tudo
lançado"): a long label is shortened by the catalogue, never by the terminal."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from textual.widgets import Static

from ...core.games import game_title
from ...core.i18n import _, ngettext, pgettext
from ..lang import stage
from ...core.model import Event

# the counted words of the TUI, each with its plural forms in the catalogue (ngettext: a
# language may have one form, as Korean and Japanese, or several)
_COUNTED = {
    "player": lambda n: ngettext("{n} player", "{n} players", n),
    "board": lambda n: ngettext("{n} board", "{n} boards", n),
    "bye": lambda n: ngettext("{n} bye", "{n} byes", n),
    "result": lambda n: ngettext("{n} result", "{n} results", n),
    "warning": lambda n: ngettext("{n} warning", "{n} warnings", n),
    "rule": lambda n: ngettext("{n} rule", "{n} rules", n),
    "match": lambda n: ngettext("{n} match", "{n} matches", n),
    "round": lambda n: ngettext("{n} round", "{n} rounds", n),
}


def count(n: int, word: str, plural: str | None = None) -> str:
    """``1 player``, ``2 players`` (``count(1, "bye")``, ``count(2, "match", "matches")``),
    in the director's language for the words of :data:`_COUNTED`."""
    forms = _COUNTED.get(word)
    if forms is not None:
        return forms(n).format(n=n)
    return f"{n} {word if n == 1 else (plural or word + 's')}"




#: the section's name in the header, at most this many cells (then "…")
SECTION_CELLS = 12


def header_text(event: Event | None, mode_title: str = "", width: int | None = None,
                section: str | None = None) -> str:
    """``section``: the current section's name, shown after the mode when the event has
    several (None: a one-section event, the header as before)."""
    if event is None:
        return _("{mode} · swisstui · no event loaded").format(mode=mode_title.upper())
    s = event.settings
    cur = event.current_round
    rnd = event.round(cur)
    missing = rnd.missing_results() if rnd else 0
    if rnd is not None and rnd.playoff:
        # a playoff round is not one of the planned Swiss rounds ("Round 5/4"): its stage
        from ...core.standings.playoff import stage_name
        # Translators: the header's playoff round, e.g. "Quarter-finals (R6)": the stage and
        # the round's number, as short as the language allows (one line of 80 columns).
        round_txt = pgettext("header", "{stage} (R{round})").format(
            stage=stage(stage_name(len(rnd.boards))), round=cur)
    elif cur:
        # Translators: the header's round, e.g. "Round 3/7"; keep it short (the header is
        # one line of 80 columns with the event's name).
        round_txt = _("Round {round}/{rounds}").format(round=cur, rounds=s.rounds)
    else:
        round_txt = _("Round 0/{rounds} (not paired)").format(rounds=s.rounds)
    if missing:
        # Translators: results still missing in the header, e.g. "4 missing"; short.
        miss_txt = ngettext("{n} missing", "{n} missing", missing).format(n=missing)
    else:
        # Translators: the header's "every result of the round is entered"; at most 14
        # columns (the header is one line of 80 with the event's name, round and players).
        miss_txt = pgettext("header", "all results in") if cur else ""
    head = [mode_title.upper()] if mode_title else []
    if section:
        head.append(section if cell_len(section) <= SECTION_CELLS
                    else set_cell_size(section, SECTION_CELLS - 1) + "…")
    tail = [game_title(s.game), round_txt]
    if miss_txt:
        tail.append(miss_txt)
    tail.append(count(len(event.players), "player"))
    name = s.name
    if width is not None:
        fixed = cell_len(" · ".join(head + ["", *tail]))
        room = width - fixed
        if cell_len(name) > room:
            # the name gives way, whole characters, down to "…": the counts always show
            name = set_cell_size(name, max(room - 1, 0)).rstrip() + "…"
    return " · ".join(head + [name] + tail)


def update_line(widget: Static, text: str) -> None:
    """``widget.update(text)`` without a layout pass of the whole screen when the widget's
    size does not depend on its text (a height in cells, as the header's and the hints'
    ``height: 1``, and a width that is not ``auto``): then only the widget is repainted,
    not every widget of the screen."""
    h, w = widget.styles.height, widget.styles.width
    fixed = h is not None and h.is_cells and not (w is not None and w.is_auto)
    widget.update(text, layout=not fixed)


class EventHeader(Static):
    """Header line (plain text, no markup so names with brackets print as typed)."""

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, **kw)
        self._event: Event | None = None
        self._mode = ""
        self._section: str | None = None

    def show(self, event: Event | None, mode_title: str, section: str | None = None) -> None:
        self._event, self._mode, self._section = event, mode_title, section
        update_line(self, header_text(event, mode_title, self.content_region.width or None,
                                      section))

    def on_resize(self) -> None:
        self.update(header_text(self._event, self._mode, self.content_region.width or None,
                                self._section))
