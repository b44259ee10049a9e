"""Exports and prints from the keyboard (F8 / ``W``): every format × list of the core's one
export table (:data:`swisstui.core.interop.formats.FORMATS`, read when the list opens, so a
format added there appears here); for a format whose renderer takes an encoding
(:attr:`~swisstui.core.interop.formats.Format.encodings`: TRF) the encoding (UTF-8 by
default, the last one chosen highlighted); then the file to write (a default next to the
event folder), written atomically by :func:`swisstui.core.services.export_to_file` — the
same bytes as ``swisstui export --format trf --encoding latin-1 -o FILE``.

A file name is never made of stray keys (issue 31: a Go result typed heads-down, ``B+2.5``,
became a file in the event folder): the file prompt does not take keys typed before it was
shown (:class:`PathPrompt`), and a name that is not the format's kind of file, or a file
inside the event folder, is written only after the director answers ``y``
(:func:`path_doubt`)."""

from __future__ import annotations

from pathlib import Path

from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


from ...core.i18n import N_, NP_, _, translate
from ..lang import tr
from ..widgets.dialogs import Dialog, FieldInput, ListPicker, PromptScreen, pad_cells

# Strings a director reads (English, marked with N_, shown with _()); the format names (html,
# csv, trf…) are the CLI's words and stay as they are; the lists (standings, wall…) are shown
# in the director's words (WHAT_NAMES), the CLI's --what keys stay the files' names.
PICK_TITLE = N_("Export or print: which list, in which format?")
PICK_HINT = N_("Up/Down and Enter · Esc cancels · html is the printable page")
PATH_TITLE = N_("Write {what} as {fmt} to")
PATH_HINT = N_("A file path (relative to where swisstui was started); Enter writes, "
               "Esc cancels")
SAVED = N_("saved: {what} ({fmt}) to {path} ({size} bytes)")
NOT_SAVED = N_("nothing exported")
# the encoding of a TRF file (the encoding names utf-8, latin-1, ascii are the CLI's words)
ENCODING_TITLE = N_("Encoding of the {fmt} file")
ENCODING_HINT = N_("Up/Down and Enter · Esc cancels · latin-1 or ascii for old readers")
ENCODING_HELP = {
    "utf-8": N_("every name as written (default)"),
    "latin-1": N_("ISO 8859-1: é, ö, ß kept; Ł → L, ř → r"),
    "ascii": N_("no accents: Müller → Muller, ß → ss"),
}
PATH_TITLE_ENCODING = N_("Write {what} as {fmt} ({encoding}) to")
SAVED_ENCODING = N_("saved: {what} ({fmt}, {encoding}) to {path} ({size} bytes)")
PATH_TYPED_AHEAD = N_("Typed before this question, not taken: {keys}")
DOUBT_TITLE = N_("Write {what} to {path}?")
DOUBT_SUFFIX = N_("{name} does not end in {suffix}, the ending of a {fmt} file.")
DOUBT_INSIDE = N_("{path} is inside the event folder, which holds only the event's own "
                  "files.")
DOUBT_KEYS = N_("y = write it, n / Esc = nothing exported")
# Translators: the lists F8 exports (the CLI's --what keys), each a short noun of at most 12
# columns, as the picker's second column.
WHAT_NAMES = {
    "all": NP_("export list", "all"),
    "alphabetical": NP_("export list", "alphabetical"),
    "ceremony": NP_("export list", "ceremony"),
    "checkin": NP_("export list", "checkin"),
    "crosstable": NP_("export list", "crosstable"),
    "event": NP_("export list", "event"),
    "final": NP_("export list", "final"),
    "pairings": NP_("export list", "pairings"),
    "payout": NP_("export list", "payout"),
    "slips": NP_("export list", "slips"),
    "standings": NP_("export list", "standings"),
    "treasurer": NP_("export list", "treasurer"),
    "wall": NP_("export list", "wall"),
}
WHAT_WIDTH = 12  # cells of the picker's list column


def what_name(what: str) -> str:
    """A list F8 exports (``standings``) in the director's words; an unknown key as it is."""
    name = WHAT_NAMES.get(what)
    return translate(name) if name is not None else what


def export_choices(game: str | None = None) -> list[tuple[str, str, str]]:
    """(format, what, label) for every row of the format table, the format's default first;
    with ``game``, only the formats that apply to its events (no TRF for Go, no h9 for chess:
    :func:`swisstui.core.interop.formats.formats_for`)."""
    from ...core.interop.formats import FORMATS, formats_for
    offered = formats_for(game) if game else tuple(FORMATS)
    out = []
    for name, f in FORMATS.items():
        if name not in offered:
            continue
        for what in sorted(f.whats, key=lambda w: (w != f.default, w)):
            out.append((name, what, f"{name:<6} {pad_cells(what_name(what), WHAT_WIDTH)} "
                                    f"{tr(f.help)}"))
    return out


def encodings(fmt: str) -> tuple[str, ...]:
    """The encodings ``fmt``'s renderer can write (the default first); () if it has one."""
    from ...core.interop.formats import FORMATS
    f = FORMATS.get(fmt)
    return f.encodings if f is not None else ()


def default_path(folder: Path, fmt: str, what: str) -> str:
    """``EVENT-standings.html`` next to the event folder (never one of its own files); for a
    section's folder ``EVENT-U1600-standings.html`` next to the event's, not in its
    ``sections/`` folder."""
    from ...core.interop.formats import FORMATS
    from ...core.services.sections import root_of
    folder = Path(folder)
    root = root_of(folder)
    name = root.resolve().name or "event"
    if root.resolve() != folder.resolve():
        name = f"{name}-{folder.resolve().name}"
    return str(root.parent / f"{name}-{what}{FORMATS[fmt].suffix}")


class ExportPicker(Dialog["tuple[str, str] | None"]):
    """Choose (format, what) from the format table."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        event = getattr(self.app, "event", None)
        self.choices = export_choices(event.game if event is not None else None)
        with Vertical(classes="dialog"):
            yield Static(_(PICK_TITLE), classes="dialog-title", markup=False)
            yield OptionList(*(Option(label, id=f"{fmt}:{what}")
                               for fmt, what, label in self.choices), id="exports")
            yield Static(_(PICK_HINT), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        fmt, _sep, what = (message.option.id or ":").partition(":")
        self.dismiss((fmt, what))

    def action_cancel(self) -> None:
        self.dismiss(None)


class EncodingPicker(ListPicker):
    """Choose the encoding of a file whose format offers several (``encodings``); the
    ``current`` one (the last chosen, else the default) is highlighted, so Enter keeps it."""

    def __init__(self, fmt: str, choices: tuple[str, ...], current: str | None = None) -> None:
        super().__init__(_(ENCODING_TITLE).format(fmt=fmt),
                         [(enc, f"{enc:<8} {tr(ENCODING_HELP.get(enc, ''))}".rstrip())
                          for enc in choices],
                         _(ENCODING_HINT), list_id="encodings",
                         current=current if current in choices else choices[0])
        self.fmt, self.choices = fmt, choices


def path_doubt(folder: Path, fmt: str, path: str) -> list[str]:
    """Why writing an export to ``path`` needs the director's ``y`` (empty: it does not): a
    name without the format's ending (``B+2.5`` for an html page), or a file inside the event
    folder (the default is next to it)."""
    from ...core.interop.formats import FORMATS
    target = Path(path).expanduser()
    doubts = []
    suffix = FORMATS[fmt].suffix if fmt in FORMATS else ""
    if suffix and not target.name.lower().endswith(suffix.lower()):
        doubts.append(_(DOUBT_SUFFIX).format(name=target.name, suffix=suffix, fmt=fmt))
    from ...core.services.sections import root_of
    try:  # the event's folder: a section's root holds every section
        inside = target.resolve().is_relative_to(root_of(Path(folder)).resolve())
    except OSError:
        inside = False
    if inside:
        doubts.append(_(DOUBT_INSIDE).format(path=path))
    return doubts


def typed_char(event: events.Key) -> str:
    """A key as a list of keys typed ahead names it: its character, ``⏎`` for Enter."""
    if event.is_printable and event.character:
        return event.character
    return "⏎" if event.key == "enter" else ""


class _PathInput(FieldInput):
    """The file prompt's line: a key made before the prompt was shown (``event.time``) was
    typed ahead — in the burst whose Enter chose the list, or on the screen below — and is
    refused with a bell, named on the prompt; it never becomes part of a file name.  The
    other keys are a :class:`FieldInput`'s: editing keys apply in the order typed."""

    async def on_key(self, event: events.Key) -> None:
        prompt = self.screen
        if isinstance(prompt, PathPrompt) and event.time < prompt.shown_at:
            event.stop()
            event.prevent_default()
            prompt.refuse_typed_ahead(typed_char(event))
            return
        await super().on_key(event)


class PathPrompt(PromptScreen):
    """The file an export is written to (default next to the event folder, selected: typing
    replaces it); keys typed before it was shown are not taken (:class:`_PathInput`)."""

    def __init__(self, title: str, hint: str, value: str = "") -> None:
        super().__init__(title, hint, value=value)
        self.shown_at = _time.get_time()
        self.typed_ahead = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield _PathInput(self.value, id="prompt")
            note = Static("", markup=False, id="prompt-typed", classes="dialog-warning")
            note.display = False
            yield note
            yield Static(self.hint, classes="hint", markup=False)

    def on_key(self, event: events.Key) -> None:
        # a key typed ahead that reached the prompt before its line had the cursor
        if event.time < self.shown_at:
            event.stop()
            event.prevent_default()
            self.refuse_typed_ahead(typed_char(event))

    def refuse_typed_ahead(self, char: str) -> None:
        self.typed_ahead += char
        self.app.bell()
        note = self.query_one("#prompt-typed", Static)
        note.update(_(PATH_TYPED_AHEAD).format(keys=self.typed_ahead))
        note.display = True
