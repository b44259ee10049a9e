"""The two key lines at the bottom of every mode (instead of Textual's Footer, which at 80
columns cut the mode keys off: "f6 Cros…").

* line 1: this mode's keys (``n New  Enter Edit  w Withdraw …``), as many as fit, whole
  entries only, and ``Ctrl+Q Quit`` on the right;
* line 2: the mode bar ``F1 Help  F2 Registration  F3 Pairings  F4 Results  F5 Standings
  F6 Crosstable`` (79 cells), the current mode marked like a selected tab.

Both come from :mod:`..keymap`; F1 lists every key.  Drawn with the Line API from theme
variables, so every theme, 16 colours and ``NO_COLOR`` (reverse / bold) apply.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from ...core.i18n import _
from .. import keymap

GAP = 2  # cells between two entries


class KeyBar(Widget):
    # Not scoped: Textual would prefix every rule with the widget's type, turning
    # ".-no-color KeyBar > …" into "KeyBar .-no-color KeyBar > …", which never matches.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 2;
        background: $panel;
        color: $foreground;
    }
    KeyBar > .keybar--key {
        color: $accent;
        text-style: bold;
    }
    KeyBar > .keybar--label {
        color: $foreground;
    }
    KeyBar > .keybar--current {
        background: $primary;
        color: $background;
        text-style: bold;
    }
    .-no-color KeyBar > .keybar--current {
        text-style: reverse bold;
    }
    """
    COMPONENT_CLASSES = {"keybar--key", "keybar--label", "keybar--current"}

    def __init__(self, mode: str, **kw) -> None:
        super().__init__(**kw)
        self.mode = mode

    # ---- text ----------------------------------------------------------------------------------
    def mode_items(self) -> list[tuple[str, str]]:
        return keymap.footer_items(self.mode)

    def lines(self, width: int) -> list[list[tuple[str, str]]]:
        """The two lines as (text, part) pieces, part one of "key", "label", "current", ""
        (gap); entries that do not fit whole are left out (F1 lists them)."""
        quit_key, quit_label = keymap.QUIT_FOOTER
        quit_label = _(quit_label)
        right = cell_len(quit_key) + 1 + cell_len(quit_label)
        top: list[tuple[str, str]] = [(" ", "")]
        used = 1
        for key, label in self.mode_items():
            need = cell_len(key) + 1 + cell_len(label)
            if used + need + GAP + right + 1 > width:
                break
            top += [(key, "key"), (" " + label, "label"), (" " * GAP, "")]
            used += need + GAP
        top.append((" " * max(0, width - used - right - 1), ""))
        top += [(quit_key, "key"), (" " + quit_label, "label")]

        bottom: list[tuple[str, str]] = [(" ", "")]
        for i, (key, label, mode) in enumerate(keymap.mode_bar()):
            if i:
                bottom.append((" " * GAP, ""))
            if mode == self.mode:
                bottom.append((f"{key} {label}", "current"))
            else:
                bottom += [(key, "key"), (" " + label, "label")]
        return [top, bottom]

    def text_lines(self, width: int = 80) -> list[str]:
        """Plain text of the two lines (tests, docs)."""
        return ["".join(t for t, _part in line).rstrip() for line in self.lines(width)]

    # ---- drawing ------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y > 1 or width <= 0:
            return Strip.blank(width, base)
        styles: dict[str, Style] = {
            "": base,
            "key": base + self.get_component_rich_style("keybar--key"),
            "label": base + self.get_component_rich_style("keybar--label"),
            "current": base + self.get_component_rich_style("keybar--current"),
        }
        segments = [Segment(text, styles[part]) for text, part in self.lines(width)[y]]
        return Strip(segments).adjust_cell_length(width, base)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.refresh()
