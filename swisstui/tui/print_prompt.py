"""Pages for paper from the TUI (``o`` in Pairings): one prompt line naming the page and,
optionally, the paper — ``slips``, ``alphabetical letter``, ``wall``, ``checkin``… — written
through the export table (the same bytes as ``swisstui export --format html --what …``) to
``prints/`` in the event folder, to open in a browser and print.  The current section's
pages show the hall's board numbers; ``checkin`` is the registration and check-in list of
every section (:func:`swisstui.core.services.exports.export_from_section`).  A draft round
is no page yet: asked for by its number it is refused in one line, shown as the screen's
message; a page of "the current round" shows the published one."""

from __future__ import annotations

from pathlib import Path

from ..core import publishing, services
from ..core.errors import SwissError
from ..core.i18n import _
from ..core.interop.print_pages import PAPERS
from .widgets.dialogs import PromptScreen

PAGES = ("pairings", "alphabetical", "slips", "wall", "standings", "checkin")
PRINTS_DIR = "prints"
# the desk's pages (issue 35): offered once the export table prints them (html)
DESK_PAGES = ("treasurer", "ceremony", "payout")


def desk_pages(names: tuple[str, ...] = DESK_PAGES) -> tuple[str, ...]:
    """Those of ``names`` that the export table prints (its ``html`` format holds them)."""
    from ..core.interop.formats import FORMATS
    html = FORMATS.get("html")
    return tuple(n for n in names if html is not None and n in html.whats)


def pages() -> tuple[str, ...]:
    """Every page the prompt takes: the round's and the event's, then the desk's."""
    return PAGES + desk_pages()


def write_print(folder: str | Path, text: str, round_no: int | None = None) -> Path:
    """Write the page the director named; its path (SwissError if the words are unknown)."""
    words = text.strip().lower().split()
    what = words[0] if words else "pairings"
    paper = words[1] if len(words) > 1 else "a4"
    if what not in pages() or paper not in PAPERS or len(words) > 2:
        raise SwissError(_("print: {text}? type one of {pages}, then a4 or letter").format(
            text=repr(text), pages=", ".join(pages())))
    event = services.load(folder)
    rnd = (round_no or None) if what in ("pairings", "alphabetical", "slips") else None
    out = Path(folder) / PRINTS_DIR
    out.mkdir(exist_ok=True)
    # the round the page shows: a draft round is left out until published
    number = rnd or publishing.as_published(event).current_round
    name = f"{what}-{paper}.html" if what == "checkin" or what in DESK_PAGES \
        else f"{what}-round{number}-{paper}.html"
    path = out / name
    services.export_from_section(folder, services.ExportRequest("html", what, rnd, paper=paper),
                                 path)
    return path


def ask_print(screen, round_no: int | None = None,
              offered: tuple[str, ...] | None = None) -> None:
    """Open the prompt on an :class:`~swisstui.tui.screens.base.EventScreen`; ``offered``:
    the pages its hint names, the first one typed in (default every page)."""
    folder = screen.sapp.folder

    def done(text: str | None) -> None:
        if text is None:
            return
        try:
            path = write_print(folder, text, round_no)
        except SwissError as exc:
            screen.error(str(exc))
            return
        screen.status(_("saved {path} — open it in a browser and print").format(path=path),
                      "ok")

    screen.app.push_screen(PromptScreen(
        # Translators: the page names and a4 / letter are typed words: keep them.
        _("Print"), _("{pages}, then a4 or letter (Enter, Esc cancels)").format(
            pages=" · ".join(offered or pages())),
        value=(offered or ("pairings",))[0]), done)
