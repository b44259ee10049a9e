"""FastTable: a read-mostly table drawn with Textual's Line API.

DataTable measures every cell of every row when rows change (about 2 s for 2000 rows × 8
columns on this machine), and repaints on any cell change.  FastTable keeps rows as tuples of
strings and formats only the lines on screen, so replacing all 2000 rows costs one list
assignment and one repaint of ~20 lines.  The header row stays in place while the body
scrolls; columns have fixed widths, wide (Korean, Japanese, Chinese) characters counted as two
cells.  Text longer than its column ends in "…"; a player cell ``Name (id)`` keeps its
``(id)`` and shortens the name: ``Nakamura… (7)``.

Keys: Up/Down, PgUp/PgDn, Home/End move the cursor row; Left/Right scroll sideways;
Enter posts :class:`FastTable.Selected`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Self

from rich.cells import cell_len, get_character_cell_size, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...core.i18n import N_


ELLIPSIS = "…"
_STR = {str}
_ID_SUFFIX = re.compile(r"^(.*\S) (\(\d+\))$")


def fit_cell(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells: padded, or shortened with "…" — a trailing
    `` (id)`` is kept whole and the name before it is shortened instead."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    if width <= 1:
        return set_cell_size(text, width)
    m = _ID_SUFFIX.match(text)
    if m:
        suffix = " " + m.group(2)
        room = width - cell_len(suffix) - 1  # cells left for the name before "…"
        if room >= 3:
            return set_cell_size(_cut(m.group(1), room) + ELLIPSIS + suffix, width)
    return set_cell_size(_cut(text, width - 1) + ELLIPSIS, width)


def _cut(text: str, cells: int) -> str:
    """The longest start of ``text`` within ``cells`` (a wide character is not split),
    without trailing spaces."""
    return set_cell_size(text, cells).rstrip()


def skip_cells(text: str, cells: int) -> str:
    """``text`` without its first ``cells`` terminal cells (scrolled sideways): a wide
    character cut in two by the edge leaves a blank cell, so the columns after it stay where
    they are (slicing by characters moved them one cell per wide character)."""
    used = 0
    for i, ch in enumerate(text):
        if used >= cells:
            return text[i:]
        w = get_character_cell_size(ch)
        if used + w > cells:  # the edge falls inside this character
            return " " * (used + w - cells) + text[i + 1:]
        used += w
    return ""


def column_widths(cols: Sequence[str], rows: Sequence[Sequence[object]],
                  fixed: dict[str, int]) -> list[int]:
    """Fixed widths for known columns; others fit their title and (a sample of) values,
    in terminal cells (a Korean or Japanese character takes two)."""
    sample = rows[:200]
    out = []
    for i, c in enumerate(cols):
        if c in fixed:
            out.append(fixed[c])
        else:  # (each distinct text measured once: scores and values repeat)
            texts = {str(r[i]) for r in sample if i < len(r)}
            out.append(max([cell_len(c), *map(cell_len, texts)]))
    return out


class FastTable(ScrollView, can_focus=True):
    # Not scoped: Textual would prefix every rule with the widget's type, turning
    # ".-no-color FastTable > …" into "FastTable .-no-color FastTable > …", which never matches.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    FastTable {
        height: 1fr;
        background: $surface;
        color: $foreground;
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 1;
    }
    FastTable > .fasttable--header {
        text-style: bold;
        background: $panel;
        color: $foreground;
    }
    FastTable > .fasttable--even {
        background: $surface;
    }
    FastTable > .fasttable--odd {
        background: $boost;
    }
    FastTable > .fasttable--cursor {
        background: $primary 40%;
        text-style: bold;
    }
    FastTable:focus > .fasttable--cursor {
        background: $primary;
        color: $background;
        text-style: bold;
    }
    .-no-color FastTable > .fasttable--cursor,
    .-no-color FastTable:focus > .fasttable--cursor {
        text-style: reverse bold;
    }
    .-no-color FastTable > .fasttable--header {
        text-style: bold underline;
    }
    """
    COMPONENT_CLASSES = {"fasttable--header", "fasttable--even", "fasttable--odd",
                         "fasttable--cursor"}
    BINDINGS = [
        Binding("up", "cursor(-1)", N_("Up"), show=False),
        Binding("down", "cursor(1)", N_("Down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
        Binding("pagedown", "page(1)", N_("Page down"), show=False),
        Binding("home", "edge(0)", N_("First"), show=False),
        Binding("end", "edge(1)", N_("Last"), show=False),
        Binding("left", "sideways(-8)", N_("Left"), show=False),
        Binding("right", "sideways(8)", N_("Right"), show=False),
        Binding("enter", "select", N_("Select"), show=False),
    ]

    cursor_row: reactive[int] = reactive(0, repaint=False)

    class Selected(Message):
        """Enter on a row."""

        def __init__(self, table: FastTable, index: int, key: str | None) -> None:
            super().__init__()
            self.table, self.index, self.key = table, index, key

        @property
        def control(self) -> FastTable:
            return self.table

    def __init__(self, *, show_cursor: bool = True, padding: int = 1, spacing: int = 0,
                 id: str | None = None, classes: str | None = None) -> None:
        """``padding``: blank cells each side of a column; ``spacing``: blank lines under
        each row (the projector uses 1 for bigger, easier rows)."""
        super().__init__(id=id, classes=classes)
        self.show_cursor = show_cursor
        self.padding = padding
        self.spacing = spacing
        self.labels: list[str] = []
        self.widths: list[int] = []
        self.rows: list[tuple[str, ...]] = []
        self.keys: list[str] | None = None
        self._key_index: dict[str, int] = {}
        self._line_width = 0
        self._styles: dict[str, Style] = {}  # the line styles of this repaint (_line_style)
        # (fixed widths, columns that share the rest): set by set_fitted_table, so that
        # a resized terminal re-divides the width (see on_resize)
        self.fit_spec: tuple[dict[str, int], tuple[str, ...]] | None = None

    # ---- data -------------------------------------------------------------------------------
    def set_columns(self, labels: Sequence[str], widths: Sequence[int]) -> None:
        self.labels = [str(x) for x in labels]
        self.widths = [max(1, int(w)) for w in widths]
        self._line_width = sum(w + 2 * self.padding for w in self.widths)
        self._columns_changed = True
        self._resize()

    _columns_changed = True

    def set_rows(self, rows: Sequence[Sequence[object]], keys: Sequence[str] | None = None,
                 keep_cursor: bool = True, *, strings: bool = False) -> None:
        """Replace every row (O(rows) conversion to str — none for rows that are tuples of
        str already, nor any check with ``strings=True``: the caller made them so); when the
        columns and the number of rows stay, only the lines on screen whose row changed are
        repainted."""
        old = self.rows
        if strings:
            self.rows = list(rows)  # type: ignore[arg-type]  # tuples of str (the caller's word)
        else:
            self.rows = [r if type(r) is tuple and set(map(type, r)) <= _STR
                         else tuple("" if c is None else str(c) for c in r) for r in rows]
        self.keys = list(keys) if keys is not None else None
        self._key_index = {k: i for i, k in enumerate(self.keys)} if self.keys else {}
        row = self.cursor_row if keep_cursor else 0
        self._resize()
        cursor = min(max(row, 0), max(len(self.rows) - 1, 0))
        same_shape = not self._columns_changed and len(old) == len(self.rows) \
            and cursor == self.cursor_row
        self._columns_changed = False
        self.cursor_row = cursor
        if not same_shape:
            self.refresh()
            return
        step = 1 + self.spacing
        top = int(self.scroll_y) // step
        changed = [i for i in range(top, min(len(self.rows), top + self._body_height + 1))
                   if old[i] != self.rows[i]]
        if changed:  # one region from the first changed line to the last (one refresh)
            self.refresh_lines(changed[0] * step + 1, (changed[-1] - changed[0] + 1) * step)

    def set_table(self, labels: Sequence[str], widths: Sequence[int],
                  rows: Sequence[Sequence[object]], keys: Sequence[str] | None = None, *,
                  strings: bool = False) -> None:
        if list(labels) != self.labels or list(widths) != self.widths:
            self.set_columns(labels, widths)
        self.set_rows(rows, keys, strings=strings)

    def fitted_widths(self, labels: Sequence[str], rows: Sequence[Sequence[object]],
                      fixed: dict[str, int], fit: tuple[str, ...]) -> list[int]:
        """Column widths for the table's present width: columns named in ``fit`` share
        what the others leave (between 12 and 40 cells each)."""
        flex = [i for i, c in enumerate(labels) if c in fit]
        avail = self.scrollable_content_region.width or self.app.size.width
        # the columns that share the width are not measured when they will share it
        w = column_widths(labels, rows, {**fixed, **dict.fromkeys(fit, 0)} if flex and avail
                          else fixed)
        if flex and avail:
            used = sum(x for i, x in enumerate(w) if i not in flex)
            used += 2 * self.padding * len(labels) + 1
            share = max(12, min(40, (avail - used) // len(flex)))
            for i in flex:
                w[i] = share
        return w

    def set_fitted_table(self, labels: Sequence[str], rows: Sequence[Sequence[object]],
                         fixed: dict[str, int], keys: Sequence[str] | None = None,
                         fit: tuple[str, ...] = (), *, strings: bool = False) -> None:
        """:meth:`set_table` with widths from :meth:`fitted_widths`, kept up to date when
        the terminal is resized."""
        self.fit_spec = (dict(fixed), tuple(fit))
        self.set_table(labels, self.fitted_widths(labels, rows, fixed, fit), rows, keys,
                       strings=strings)

    def on_resize(self) -> None:
        if self.fit_spec is None or not self.labels:
            return
        widths = self.fitted_widths(self.labels, self.rows, *self.fit_spec)
        if widths != self.widths:
            self.set_columns(self.labels, widths)
            self.refresh()

    def clear(self) -> None:
        self.set_rows([], None, keep_cursor=False)

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def get_row_at(self, index: int) -> list[str]:
        return list(self.rows[index])

    @property
    def cursor_key(self) -> str | None:
        if self.keys is None or not self.rows:
            return None
        return self.keys[self.cursor_row]

    def index_of(self, key: str) -> int | None:
        return self._key_index.get(key)

    def move_cursor(self, row: int, scroll: bool = True) -> None:
        if not self.rows:
            return
        self.cursor_row = min(max(row, 0), len(self.rows) - 1)
        if scroll:
            self._scroll_to_cursor()
        self.refresh()

    def move_to_key(self, key: str) -> bool:
        i = self.index_of(key)
        if i is None:
            return False
        self.move_cursor(i)
        return True

    # ---- geometry -----------------------------------------------------------------------------
    def _resize(self) -> None:
        self.virtual_size = Size(self._line_width, len(self.rows) * (1 + self.spacing) + 1)

    @property
    def _body_height(self) -> int:
        """Rows that fit on screen."""
        lines = max(1, self.scrollable_content_region.height - 1)
        return max(1, lines // (1 + self.spacing))

    def _scroll_to_cursor(self) -> None:
        step = 1 + self.spacing
        top = int(self.scroll_y) // step
        h = self._body_height
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row * step, animate=False, immediate=True)
        elif self.cursor_row >= top + h:
            self.scroll_to(y=(self.cursor_row - h + 1) * step, animate=False, immediate=True)

    # ---- keys ---------------------------------------------------------------------------------
    def action_cursor(self, delta: int) -> None:
        self.move_cursor(self.cursor_row + delta)

    def action_page(self, direction: int) -> None:
        self.move_cursor(self.cursor_row + direction * self._body_height)

    def action_edge(self, end: int) -> None:
        self.move_cursor(len(self.rows) - 1 if end else 0)

    def action_sideways(self, delta: int) -> None:
        self.scroll_to(x=max(0, self.scroll_x + delta), animate=False)

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self, self.cursor_row, self.cursor_key))

    def watch_cursor_row(self, old: int, new: int) -> None:
        self.refresh()

    # ---- drawing ------------------------------------------------------------------------------
    def _format(self, cells: Sequence[str]) -> str:
        pad = " " * self.padding
        parts = []
        for i, w in enumerate(self.widths):
            text = cells[i] if i < len(cells) else ""
            parts.append(pad + fit_cell(text, w) + pad)
        return "".join(parts)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        # the line styles are worked out again after any change, as Textual's own
        # component styles are (Widget.refresh, Widget.notify_style_update)
        self._styles = {}
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _line_style(self, name: str) -> Style:
        """The style of a line drawn as component ``name`` ("": the widget's own), combined
        with the widget's: once per repaint, not once per line (``rich_style`` walks every
        ancestor's styles)."""
        style = self._styles.get(name)
        if style is None:
            if name:
                style = self._line_style("") + self.get_component_rich_style(name)
            else:
                style = self.rich_style
            self._styles[name] = style
        return style

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        scroll_x, scroll_y = int(self.scroll_x), int(self.scroll_y)
        if y == 0:
            text = self._format(self.labels)
            style = self._line_style("fasttable--header")
        else:
            index, gap = divmod(scroll_y + y - 1, 1 + self.spacing)
            if index >= len(self.rows):
                return Strip([Segment(" " * width, self._line_style(""))], width)
            text = self._format(self.rows[index]) if not gap else ""
            if self.show_cursor and index == self.cursor_row:
                name = "fasttable--cursor"
            else:
                name = "fasttable--odd" if index % 2 else "fasttable--even"
            style = self._line_style(name)
        text = set_cell_size(skip_cells(text, scroll_x) if scroll_x else text, width)
        return Strip([Segment(text, style)], width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.refresh()  # also forgets the line styles (refresh)
