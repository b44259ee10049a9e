"""Every key of the application, defined once.  Screens build their ``BINDINGS`` from here,
the help screen (F1 / ``?``) lists them, and docs/TUI.md documents them.

Choice of keys (SSH, PuTTY, no mouse):

* Modes switch with F2–F6.  PuTTY and every xterm-like terminal send these; for terminals
  or keyboards where they do not arrive, the *capital* letters ``R`` ``P`` ``E`` ``S`` ``X``
  switch modes whenever the cursor is not in a text field (Escape leaves a text field).
* Actions inside a mode are lower-case letters, Enter, Delete; they work when no text field
  has the cursor.  Nothing needs Alt, Meta or a mouse.
* ctrl+p opens the command palette (every action by name), F1 or ``?`` the help, ctrl+q quits.

Translation: the descriptions, titles and notes here are English constants marked with
``N_`` (they are built at import, before the director's language is chosen, and a screen's
``BINDINGS`` keep them in English); they are translated where they are shown — the key bar
(:mod:`.widgets.keybar`, drawn from here, not from Textual's Footer), F1 help and the command
palette — each time they are drawn, so a language switch shows at the next refresh.  The
Textual ``Binding`` objects of the application and of each mode screen get translated copies
when the application is made (:func:`.lang.localise_classes`) and after a switch
(:func:`.lang.localise_bindings`), for anything of Textual's that would show them.  Key names
(``F2``, ``Ctrl+Q``, ``Esc``) are not translated.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

from ..core.i18n import N_, NP_, _, translate


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

    @property
    def shown(self) -> str:
        """The description in the director's language."""
        return _(self.description)

    def binding(self) -> Binding:
        """A Textual binding with the English description (classes build their BINDINGS at
        import); :mod:`.lang` gives the application and its screens translated copies."""
        return Binding(self.keys, self.action, self.description, show=self.show,
                       priority=self.priority)

    @property
    def label(self) -> str:
        """Keys as a director reads them: ``F2 / R``."""
        parts = []
        for k in self.keys.split(","):
            if k.startswith("f") and k[1:].isdecimal():
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
                             .replace("space", "Space").replace("tab", "Tab"))
        return " / ".join(parts)


# mode name -> (title, function key, letter); the title is English (N_), shown with _()
MODES: dict[str, tuple[str, str, str]] = {
    # Translators: mode names. The key bar's second line holds "F1 Help" and the five modes
    # in 80 columns: at most 10 columns each (a Hangul or kanji character counts 2).
    "registration": (N_("Registration"), "f2", "R"),
    # Translators: mode name, at most 10 columns (a Hangul or kanji character counts 2).
    "pairings": (N_("Pairings"), "f3", "P"),
    # Translators: mode name, at most 10 columns (a Hangul or kanji character counts 2).
    "results": (N_("Results"), "f4", "E"),
    # Translators: mode name, at most 10 columns (a Hangul or kanji character counts 2).
    "standings": (N_("Standings"), "f5", "S"),
    # Translators: mode name, at most 10 columns (a Hangul or kanji character counts 2).
    "crosstable": (N_("Crosstable"), "f6", "X"),
}

GLOBAL: tuple[Key, ...] = (
    # Translators: the F1 key's label in the key bar, at most 6 columns.
    Key("f1,question_mark", "app.help", N_("Help")),
    *(Key(f"{fk},{letter}", f"app.switch_mode('{mode}')", title)
      for mode, (title, fk, letter) in MODES.items()),
    Key("f7,T", "app.settings", N_("Event settings"), show=False),
    Key("f8,W", "app.export", N_("Export / print"), show=False),
    Key("L", "app.history", N_("History: every change, restore"), show=False),
    # the desk and the prize view (issue 35): screens over any mode, Esc goes back
    Key("f10,D", "app.desk", N_("Desk: check-in, fees, entry states"), show=False),
    Key("A", "app.prizes", N_("Prizes: who wins what, and why"), show=False),
    Key("ctrl+p", "app.command_palette", N_("Commands"), show=False),
    # Translators: at most 8 columns (the key bar's right end).
    Key("ctrl+q", "app.quit", N_("Quit"), show=False, priority=True),
)

# The sections dialog (issue 33 item 8): F9 in every mode (no mode uses it; terminals and
# PuTTY send it; Ctrl+S is left alone, a terminal may take it for flow control): switch,
# add, number, distribute, remove.  Listed in F1 help (a one-section event adds its second
# section there); the header and the registration's section column appear only with two.
SECTION_KEY = Key("f9", "app.section", N_("Sections: switch, add, distribute"), show=False)

# Translators' width budget for the key bar's labels (``foot``, or the description when
# there is none): the first line holds as many whole entries as fit in 80 columns, so the
# labels of the entries shown (show=True) should stay at most 12 columns each; F1 lists all.
MODE_KEYS: dict[str, tuple[Key, ...]] = {
    "registration": (
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("n", "new_player", N_("New player"), foot=("n", N_("New"))),
        # Translators: key bar label, at most 12 columns.
        Key("enter,e", "edit_player", N_("Edit")),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("space", "roll_call", N_("Absent / present next round"),
            foot=("Space", N_("Absent"))),
        # Translators: key bar label, at most 12 columns.
        Key("w", "withdraw", N_("Withdraw")),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("b", "request_bye", N_("Bye request"), foot=("b", N_("Bye"))),
        # Translators: key bar label, at most 12 columns.
        Key("slash", "search", N_("Search")),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("i", "import_csv", N_("Import players (CSV, FIDE, EGD list)"),
            foot=("i", N_("Import"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("delete", "remove_player", N_("Remove (mistake)"), foot=("Del", N_("Remove"))),
        Key("m", "move_player", N_("Move to another section"), show=False),
        Key("R", "refresh_ratings", N_("Refresh ratings, titles, federations from the lists"),
            show=False),
    ),
    "pairings": (
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("p", "pair", N_("Pair next round"), foot=("p", N_("Pair"))),
        # Translators: key bar label, at most 12 columns.
        Key("enter", "explain", N_("Why?")),
        # Translators: key bar label, at most 12 columns.
        Key("s", "swap", N_("Swap")),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("u", "undo", N_("Undo round"), foot=("u", N_("Undo"))),
        Key("l", "publish", N_("Publish the draft round"), show=False),
        Key("b", "latecomer", N_("Hand edit: a latecomer against the bye"), show=False),
        Key("n", "new_board", N_("Hand edit: two latecomers on a new board"), show=False),
        Key("x", "remove_board", N_("Hand edit: remove the board (unplayed result)"),
            show=False),
        Key("f", "fix_board", N_("Keep this board when re-pairing"), show=False),
        Key("r", "repair", N_("Re-pair the round, keeping the boards marked with f"),
            show=False),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("a", "alphabetical", N_("A–Z list"), foot=("a", N_("A–Z"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("o", "playoff", N_("Playoff: cut / next stage"), foot=("o", N_("Playoff"))),
        Key("k", "bracket", N_("Bracket and final places"), show=False),
        Key("c", "clock", N_("Round clock"), show=False),
        Key("P", "print", N_("Print (pairings, slips, wall…)"), show=False),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("left_square_bracket", "prev_round", N_("Prev round"),
            foot=("[ ]", N_("Rounds"))),
        Key("right_square_bracket", "next_round", N_("Next round"), show=False),
    ),
    "results": (
        # Translators: key bar label, at most 12 columns.
        Key("escape", "leave_entry", N_("Board list"), foot=("Esc", N_("Board list"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("i", "focus_entry", N_("Type result"), foot=("i", N_("Entry line"))),
        # Translators: key bar label, at most 14 columns.
        Key("delete,c", "clear_result", N_("Clear result")),
        # priority: [ and ] are no game's result, so they change the round from the entry
        # line too (they were typed into it)
        Key("left_square_bracket", "prev_round", N_("Prev round"),
            foot=("[ ]", N_("Rounds")), priority=True),
        Key("right_square_bracket", "next_round", N_("Next round"), show=False,
            priority=True),
    ),
    "standings": (
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("left_square_bracket", "prev_round", N_("After prev round"),
            foot=("[ ]", N_("Rounds"))),
        Key("right_square_bracket", "next_round", N_("After next round"), show=False),
    ),
    "crosstable": (),
    "display": (
        Key("space,right", "next_page", N_("Next view")),
        Key("left", "prev_page", N_("Previous view")),
        Key("q,ctrl+q", "app.quit", N_("Quit"), priority=True),
    ),
    # The desk (D / F10, screens/desk.py): the search line keeps the cursor, so its keys are
    # Enter, Tab, Esc and Ctrl+letters that a text field leaves alone.
    "desk": (
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("enter", "check_in", N_("Check in / out the highlighted player"),
            foot=("Enter", N_("Check in"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("tab", "filter", N_("Show: not checked in / everyone"),
            foot=("Tab", N_("Not in"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("ctrl+o", "open_close", N_("Open / close check-in"),
            foot=("^O", N_("Open/close"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("ctrl+t", "pay", N_("Take a payment"), foot=("^T", N_("Pay"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("ctrl+f", "due", N_("Fee due, discount and reason"), foot=("^F", N_("Fee"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("ctrl+n", "state", N_("Entry state: pre-registered, confirmed, waitlist"),
            foot=("^N", NP_("key bar", "State"))),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("ctrl+g", "prizes", N_("Prizes"), foot=("^G", N_("Prizes"))),
        Key("ctrl+r", "self_checkin", N_("Open / close self check-in on the players' page"),
            show=False),
        Key("ctrl+y", "currency", N_("The currency of the fees (EUR, USD, KRW…)"),
            show=False),
        # Translators: the second text is the key bar label, at most 12 columns.
        Key("escape", "back", N_("Clear the search, then back"), foot=("Esc", N_("Back"))),
    ),
    "prizes": (
        # Translators: key bar label, at most 12 columns.
        Key("enter,w", "explain", N_("Why?")),
        Key("P", "print", N_("Print (ceremony, payout)"), show=False),
        # Translators: key bar label, at most 12 columns.
        Key("escape", "back", N_("Back"), foot=("Esc", N_("Back"))),
    ),
}

# Key-bar entries that are not bindings of the mode (the table's own keys).
FOOTER_EXTRA: dict[str, tuple[tuple[str, str], ...]] = {
    # Translators: key bar label, at most 12 columns.
    "standings": (("PgUp/PgDn", N_("Scroll")),),
    "crosstable": (("Left/Right", N_("Scroll")), ("PgUp/PgDn", N_("Scroll"))),
}
# The event's settings (F7) and exports / prints (F8) work in every mode; the key bar shows
# them where they apply, placed among the mode's keys so that they fit at 80 columns:
# mode -> (place in the mode's key list, entries).
# Translators: key bar labels, at most 10 columns.
SETTINGS_FOOTER = ("F7", N_("Settings"))
EXPORT_FOOTER = ("F8", N_("Export"))
PRINT_FOOTER = ("F8", N_("Print"))
FOOTER_GLOBAL: dict[str, tuple[int, tuple[tuple[str, str], ...]]] = {
    "registration": (4, (SETTINGS_FOOTER,)),
    "pairings": (6, (PRINT_FOOTER,)),
    "standings": (99, (EXPORT_FOOTER, SETTINGS_FOOTER)),
    "crosstable": (99, (EXPORT_FOOTER, SETTINGS_FOOTER)),
}
QUIT_FOOTER = ("Ctrl+Q", N_("Quit"))


def footer_items(mode: str) -> list[tuple[str, str]]:
    """This mode's entries of the key bar's first line, most useful first, translated."""
    items = [k.footer for k in MODE_KEYS.get(mode, ()) if k.show]
    items += list(FOOTER_EXTRA.get(mode, ()))
    at, glob = FOOTER_GLOBAL.get(mode, (0, ()))
    items[at:at] = glob
    return [(key, translate(label)) for key, label in items]


def mode_bar() -> list[tuple[str, str, str]]:
    """The key bar's second line: (key, title, mode) for F1 help and the five modes,
    translated."""
    out = [("F1", _("Help"), "")]
    out += [(fk.upper(), _(title), mode) for mode, (title, fk, _letter) in MODES.items()]
    return out


# Screens over the modes with keys of their own (issue 35): their titles (header, F1).
# Translators: screen titles, at most 10 columns (a Hangul or kanji character counts 2).
SCREEN_TITLES = {"desk": N_("Desk"), "prizes": N_("Prizes")}


def mode_title(mode: str) -> str:
    """A mode's title in the director's language (``Registration``); an unknown mode's
    name as it is."""
    if mode in SCREEN_TITLES:
        return _(SCREEN_TITLES[mode])
    return _(MODES[mode][0]) if mode in MODES else mode


# Extra lines for the help screen (things that are not single bindings); English, shown with
# _() by the help screen.
MODE_NOTES: dict[str, tuple[str, ...]] = {
    "registration": (
        N_("The form: Tab / Shift+Tab move between fields, Enter saves, Esc cancels."),
        N_("/ then type: the list shows only matching names, clubs, countries or ids."),
        N_("A player added after round 1 is a late entry: paired from the next round."),
        N_("Space (roll-call) marks the selected player absent from the next round; Space"
           " again: present."),
        N_("A new player with the name or federation id of one already registered asks "
           "first."),
    ),
    "pairings": (
        N_("p shows how many players are paired, who gets the bye, who is not paired"
           " and why (byes, absent, withdrawn, late entries) and every warning; y confirms."),
        N_("s asks for two player ids, lists every rule the swap would break and asks"
           " before saving it."),
        N_("Once the Swiss is over, o cuts the playoff (Top 4, 8 or 16) and pairs each next"
           " stage from the winners; k shows the bracket, the champion and the final places."),
    ),
    "results": (
        N_("Type  BOARD RESULT  and Enter:  12 1-0   3 40-24   7 2-1   5 B+3.5"),
        N_("Or pick a board with Up/Down and type only the result."),
        N_("After saving, the cursor moves to the next board without a result."),
        N_("A different result already recorded asks before replacing it: y replaces"
           " (Enter does not)."),
        N_("BOARD clear, or Delete with nothing typed (c on the board list), clears the"
           " selected board's result."),
    ),
    "standings": (N_("Live: updates as results arrive from any director or the CLI."),),
    "crosstable": (N_("Cells: opponent's rank, colour, result (e.g. 12w+)."),),
    "desk": (
        N_("Type a few letters of a name, club or id: the list narrows at each key (accents"
           " and readings ignored); Enter checks the highlighted player in, or out again."),
        N_("Closing check-in (Ctrl+O) lists who is not checked in, then a: absent in the"
           " round (the game's unplayed result) or w: withdrawn, in one change."),
        N_("Counts: checked in / expected (not withdrawn, not waitlisted) / paid (a fee and"
           " nothing owed).  F2–F6 leave the desk for a mode."),
    ),
    "prizes": (
        N_("The prizes of prizes.toml over the standings (provisional while rounds"
           " remain); Enter or w shows why each prize went where."),
    ),
}

# The Results help's line on the key=value extras of the event's game is the profile's
# ``extras_help`` (its entry_extras, checked by core.results.check_extras).


def bindings(mode: str) -> list[BindingType]:
    return [k.binding() for k in MODE_KEYS.get(mode, ())]


def global_bindings() -> list[BindingType]:
    return [k.binding() for k in (*GLOBAL, SECTION_KEY)]
