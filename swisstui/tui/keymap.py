"""Every key of the application, defined once.  Screens build their ``BINDINGS`` from here,
the help screen (F1 / ``?``) lists them, and docs/TUI.md documents them.

Choice of keys (SSH, PuTTY, no mouse):

* Modes switch with F2–F6.  PuTTY and every xterm-like terminal send these; for terminals
  or keyboards where they do not arrive, the *capital* letters ``R`` ``P`` ``E`` ``S`` ``X``
  switch modes whenever the cursor is not in a text field (Escape leaves a text field).
* Actions inside a mode are lower-case letters, Enter, Delete; they work when no text field
  has the cursor.  Nothing needs Alt, Meta or a mouse.
* ctrl+p opens the command palette (every action by name), F1 or ``?`` the help, ctrl+q quits.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

from ..core.i18n import N_, _


@dataclass(frozen=True)
class Key:
    keys: str  # Textual key spec, comma separated alternatives
    action: str
    description: str
    show: bool = True  # shown in the key bar at the bottom (widgets/keybar.py)
    priority: bool = False
    foot: tuple[str, str] | None = None  # (keys, label) in the key bar; default from keys

    @property
    def footer(self) -> tuple[str, str]:
        """(keys, label) as the key bar shows it: the first key, a short label."""
        if self.foot is not None:
            return self.foot
        return self.label.split(" / ")[0], self.description

    def binding(self) -> Binding:
        return Binding(self.keys, self.action, self.description, show=self.show,
                       priority=self.priority)

    @property
    def label(self) -> str:
        """Keys as a director reads them: ``F2 / R``."""
        parts = []
        for k in self.keys.split(","):
            if k.startswith("f") and k[1:].isdigit():
                parts.append(k.upper())
            elif k == "question_mark":
                parts.append("?")
            elif k == "slash":
                parts.append("/")
            elif k == "left_square_bracket":
                parts.append("[")
            elif k == "right_square_bracket":
                parts.append("]")
            else:
                parts.append(k.replace("ctrl+", "Ctrl+").replace("enter", "Enter")
                             .replace("delete", "Delete").replace("escape", "Esc")
                             .replace("space", "Space"))
        return " / ".join(parts)


# mode name -> (title, function key, letter)
MODES: dict[str, tuple[str, str, str]] = {
    "registration": ("Registration", "f2", "R"),
    "pairings": ("Pairings", "f3", "P"),
    "results": ("Results", "f4", "E"),
    "standings": ("Standings", "f5", "S"),
    "crosstable": ("Crosstable", "f6", "X"),
}

GLOBAL: tuple[Key, ...] = (
    Key("f1,question_mark", "app.help", "Help"),
    *(Key(f"{fk},{letter}", f"app.switch_mode('{mode}')", title)
      for mode, (title, fk, letter) in MODES.items()),
    Key("f7,T", "app.settings", "Event settings", show=False),
    Key("f8,W", "app.export", "Export / print", show=False),
    Key("ctrl+p", "app.command_palette", "Commands", show=False),
    Key("ctrl+q", "app.quit", "Quit", show=False, priority=True),
)

MODE_KEYS: dict[str, tuple[Key, ...]] = {
    "registration": (
        Key("n", "new_player", "New player", foot=("n", "New")),
        Key("enter,e", "edit_player", "Edit"),
        Key("space", "roll_call", "Absent / present next round", foot=("Space", "Absent")),
        Key("w", "withdraw", "Withdraw"),
        Key("b", "request_bye", "Bye request", foot=("b", "Bye")),
        Key("slash", "search", "Search"),
        Key("i", "import_csv", "Import players (CSV, FIDE, EGD list)", foot=("i", "Import")),
        Key("delete", "remove_player", "Remove (mistake)", foot=("Del", "Remove")),
    ),
    "pairings": (
        Key("p", "pair", "Pair next round", foot=("p", "Pair")),
        Key("enter", "explain", "Why?"),
        Key("s", "swap", "Swap"),
        Key("u", "undo", "Undo round", foot=("u", "Undo")),
        Key("a", "alphabetical", "A–Z list", foot=("a", "A–Z")),
        Key("o", "playoff", "Playoff: cut / next stage", foot=("o", "Playoff")),
        Key("k", "bracket", "Bracket and final places", show=False),
        Key("c", "clock", "Round clock", show=False),
        Key("P", "print", "Print (pairings, slips, wall…)", show=False),
        Key("left_square_bracket", "prev_round", "Prev round", foot=("[ ]", "Rounds")),
        Key("right_square_bracket", "next_round", "Next round", show=False),
    ),
    "results": (
        Key("escape", "leave_entry", "Board list", foot=("Esc", "Board list")),
        Key("i", "focus_entry", "Type result", foot=("i", "Entry line")),
        Key("delete,c", "clear_result", "Clear result"),
        # priority: [ and ] are no game's result, so they change the round from the entry
        # line too (they were typed into it)
        Key("left_square_bracket", "prev_round", "Prev round", foot=("[ ]", "Rounds"),
            priority=True),
        Key("right_square_bracket", "next_round", "Next round", show=False, priority=True),
    ),
    "standings": (
        Key("left_square_bracket", "prev_round", "After prev round", foot=("[ ]", "Rounds")),
        Key("right_square_bracket", "next_round", "After next round", show=False),
    ),
    "crosstable": (),
    "display": (
        Key("space,right", "next_page", "Next view"),
        Key("left", "prev_page", "Previous view"),
        Key("q,ctrl+q", "app.quit", "Quit", priority=True),
    ),
}

# Key-bar entries that are not bindings of the mode (the table's own keys).
FOOTER_EXTRA: dict[str, tuple[tuple[str, str], ...]] = {
    "standings": (("PgUp/PgDn", "Scroll"),),
    "crosstable": (("Left/Right", "Scroll"), ("PgUp/PgDn", "Scroll")),
}
# The event's settings (F7) and exports / prints (F8) work in every mode; the key bar shows
# them where they apply, placed among the mode's keys so that they fit at 80 columns:
# mode -> (place in the mode's key list, entries).
SETTINGS_FOOTER = ("F7", N_("Settings"))
EXPORT_FOOTER = ("F8", N_("Export"))
PRINT_FOOTER = ("F8", N_("Print"))
FOOTER_GLOBAL: dict[str, tuple[int, tuple[tuple[str, str], ...]]] = {
    "registration": (4, (SETTINGS_FOOTER,)),
    "pairings": (6, (PRINT_FOOTER,)),
    "standings": (99, (EXPORT_FOOTER, SETTINGS_FOOTER)),
    "crosstable": (99, (EXPORT_FOOTER, SETTINGS_FOOTER)),
}
QUIT_FOOTER = ("Ctrl+Q", "Quit")


def footer_items(mode: str) -> list[tuple[str, str]]:
    """This mode's entries of the key bar's first line, most useful first."""
    items = [k.footer for k in MODE_KEYS.get(mode, ()) if k.show]
    items += FOOTER_EXTRA.get(mode, ())
    at, glob = FOOTER_GLOBAL.get(mode, (0, ()))
    items[at:at] = [(key, _(label)) for key, label in glob]
    return items


def mode_bar() -> list[tuple[str, str, str]]:
    """The key bar's second line: (key, title, mode) for F1 help and the five modes."""
    out = [("F1", "Help", "")]
    out += [(fk.upper(), title, mode) for mode, (title, fk, _letter) in MODES.items()]
    return out


# Extra lines for the help screen (things that are not single bindings).
MODE_NOTES: dict[str, tuple[str, ...]] = {
    "registration": (
        "The form: Tab / Shift+Tab move between fields, Enter saves, Esc cancels.",
        "/ then type: the list shows only matching names, clubs, countries or ids.",
        "A player added after round 1 is a late entry: paired from the next round.",
        "Space (roll-call) marks the selected player absent from the next round; Space"
        " again: present.",
        "A new player with the name or federation id of one already registered asks first.",
    ),
    "pairings": (
        "p shows how many players are paired, who gets the bye, who is not paired"
        " and why (byes, absent, withdrawn, late entries) and every warning; y confirms.",
        "s asks for two player ids, lists every rule the swap would break and asks"
        " before saving it.",
        "Once the Swiss is over, o cuts the playoff (Top 4, 8 or 16) and pairs each next"
        " stage from the winners; k shows the bracket, the champion and the final places.",
    ),
    "results": (
        "Type  BOARD RESULT  and Enter:  12 1-0   3 40-24   7 2-1   5 B+3.5",
        "Or pick a board with Up/Down and type only the result.",
        "After saving, the cursor moves to the next board without a result.",
        "A different result already recorded asks before replacing it: y replaces"
        " (Enter does not).",
        "BOARD clear, or Delete with nothing typed (c on the board list), clears the"
        " selected board's result.",
    ),
    "standings": ("Live: updates as results arrive from any director or the CLI.",),
    "crosstable": ("Cells: opponent's rank, colour, result (e.g. 12w+).",),
}

# The Results help's line on the key=value extras of the event's game is the profile's
# ``extras_help`` (its entry_extras, checked by core.results.check_extras).


def bindings(mode: str) -> list[BindingType]:
    return [k.binding() for k in MODE_KEYS.get(mode, ())]


def global_bindings() -> list[BindingType]:
    return [k.binding() for k in GLOBAL]
