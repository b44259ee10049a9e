"""The TUI's side of translation (issue 17; the catalogues and the language choice are
:mod:`swisstui.core.i18n`).

:func:`tr` translates a text that arrives from elsewhere — a constant marked with ``N_``
here, or a label the core hands over (settings form fields, a game's notations, a playoff
stage) — and leaves an empty text alone (gettext would answer ``""`` with the catalogue's
header).  A text the catalogue does not know is shown as it is, so a label already translated
by the core is not harmed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from textual.binding import BindingsMap
from textual.dom import DOMNode

from ..core.i18n import _


def tr(text: str) -> str:
    """``text`` in the director's language ("" stays "")."""
    return _(text) if text else text


def stage(name: str) -> str:
    """A playoff stage (``Quarter-finals``, ``Round of 16``, ``Champion``, ``in the Final``)
    in the director's language."""
    from ..core.interop.tables import stage_text
    return stage_text(name, _)


def localised(cls: type[DOMNode]) -> BindingsMap:
    """The bindings of ``cls`` (merged with its bases', as Textual does) with the
    descriptions in the director's language; the class's ``BINDINGS`` stay English (they are
    built at import, before the language is chosen), so this can be done again after every
    language switch."""
    merged = cls._merge_bindings()
    return BindingsMap.from_keys({
        key: [replace(b, description=tr(b.description)) for b in items]
        for key, items in merged.key_to_bindings.items()})


def localise_classes(classes: Iterable[type[DOMNode]]) -> None:
    """Screens and the application made from now on get translated binding descriptions
    (Textual copies a class's merged bindings into each new instance)."""
    for cls in classes:
        cls._merged_bindings = localised(cls)


def localise_bindings(node: DOMNode) -> None:
    """A live node (the application, a mode screen) gets translated copies of its bindings
    now: after a language switch.  What swisstui itself shows (key bar, F1, command palette)
    is drawn from :mod:`.keymap` and translated there; this covers whatever of Textual's lists
    the bindings."""
    node._bindings = localised(type(node))
    node.refresh_bindings()


def language_name(lang: str) -> str:
    """A language in its own words, as a reader of it looks for it in a list: 한국어, 日本語,
    Português (Brasil), English (Babel's CLDR names, first letter capital)."""
    from babel import Locale, UnknownLocaleError
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, UnknownLocaleError):
        return lang
    return name[:1].upper() + name[1:]
