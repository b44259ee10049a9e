"""Exports and prints from the keyboard (F8 / ``W``): every format × list of the core's one
export table (:data:`swisstui.core.interop.formats.FORMATS`, read when the list opens, so a
format added there appears here); for a format whose renderer takes an encoding
(:attr:`~swisstui.core.interop.formats.Format.encodings`: TRF) the encoding (UTF-8 by
default, the last one chosen highlighted); then the file to write (a default next to the
event folder), written atomically by :func:`swisstui.core.services.export_to_file` — the
same bytes as ``swisstui export --format trf --encoding latin-1 -o FILE``."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.i18n import N_, _
from ..lang import tr
from ..widgets.dialogs import ListPicker

# Strings a director reads (English, marked with N_, shown with _()); the format and list
# names (html, csv, standings, wall…) are the CLI's words and stay as they are.
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
            out.append((name, what, f"{name:<6} {what:<11} {tr(f.help)}"))
    return out


def encodings(fmt: str) -> tuple[str, ...]:
    """The encodings ``fmt``'s renderer can write (the default first); () if it has one."""
    from ...core.interop.formats import FORMATS
    f = FORMATS.get(fmt)
    return f.encodings if f is not None else ()


def default_path(folder: Path, fmt: str, what: str) -> str:
    """``EVENT-standings.html`` next to the event folder (never one of its own files)."""
    from ...core.interop.formats import FORMATS
    folder = Path(folder)
    name = folder.resolve().name or "event"
    return str(folder.parent / f"{name}-{what}{FORMATS[fmt].suffix}")


class ExportPicker(ModalScreen["tuple[str, str] | None"]):
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
