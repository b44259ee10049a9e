"""Who reads a page, and in which language (issue 17).

The director reads the CLI and the TUI in their own language (:mod:`.i18n`'s current one);
the players read the projector, the players' page, prints, HTML and text exports in the
event's language, which may differ.  Renderers of what players read take ``lang`` and
translate with :func:`gettext_for` at render time, never with the director's ``_``.
Machine formats (TOML, JSON, CSV, TRF, h9) are never translated.

In a renderer the readers' function is bound to the local name ``_`` (``_ =
gettext_for(lang)``), so the usual extraction keyword finds its literals.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from . import i18n

Gettext = Callable[[str], str]


def players_lang(event: Any) -> str:
    """The language of what the players read: the event's ``language`` setting when a
    catalogue has it, else the director's (:func:`swisstui.core.i18n.event_language`, the one
    rule; this name is what renderers import)."""
    return i18n.event_language(event)


def translations(lang: str | None) -> _gettext.NullTranslations:
    """The catalogue of ``lang``; English, None or a language without a catalogue: none
    (the English text as it is — a page is never refused for want of a catalogue)."""
    if not lang or lang == i18n.SOURCE:
        return _gettext.NullTranslations()
    try:
        return i18n.translator(lang)
    except OSError:
        return _gettext.NullTranslations()


def gettext_for(lang: str | None) -> Gettext:
    """The translation function of ``lang`` (see :func:`translations`)."""
    return translations(lang).gettext


def pgettext_for(lang: str | None) -> Callable[[str, str], str]:
    """``pgettext(context, message)`` of ``lang``: a word with two roles ("No", the column
    of player numbers); bound to the local name ``pgettext`` so extraction finds it."""
    return translations(lang).pgettext


class Message(str):
    """A line whose translation waits for its reader: the English text (what JSON, logs and
    comparisons see: it *is* that ``str``) that also keeps its marked message and fields, so
    a renderer gives it in its readers' language with :func:`reader_text`.  Build it with a
    marked literal: ``Message(N_("round {round} has …"), round=3)``."""

    msgid: str
    fields: dict[str, Any]

    def __new__(cls, msgid: str, /, **fields: Any) -> Message:
        self = super().__new__(cls, msgid.format(**fields) if fields else msgid)
        self.msgid, self.fields = msgid, fields
        return self

    def text(self, _: Gettext) -> str:
        return _(self.msgid).format(**self.fields) if self.fields else _(self.msgid)


def reader_text(line: str, _: Gettext) -> str:
    """``line`` for its readers: a :class:`Message` translated with ``_``, other text as is."""
    return line.text(_) if isinstance(line, Message) else line


# ---- numbers and dates for readers -----------------------------------------------------------

def _english(lang: str | None) -> bool:
    return not lang or lang == i18n.SOURCE


@lru_cache(maxsize=64)
def _has_locale(lang: str) -> bool:
    """Babel has the locale data of ``lang`` (a pseudo-language for tests has none)."""
    from babel.core import Locale, UnknownLocaleError
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return False
    return True


def _local(lang: str | None) -> bool:
    """Numbers and dates take ``lang``'s own form (not English, and known to Babel)."""
    return not _english(lang) and _has_locale(str(lang))


@lru_cache(maxsize=8192)
def number_text(value: float, lang: str | None = None) -> str:
    """A score or tie-break value as its readers write it: ``5.5`` (en), ``5,5`` (pt_BR); up
    to two decimals, none when whole (:func:`swisstui.core.i18n.format_number`)."""
    if _local(lang):
        return i18n.format_number(value, lang)
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=8192)
def percent_text(fraction: float, lang: str | None = None) -> str:
    """A fraction as a percent with two decimals: ``57.14%`` (en), ``57,14%`` (pt_BR)
    (:func:`swisstui.core.i18n.format_percent`)."""
    if _local(lang):
        return i18n.format_percent(fraction, lang)
    return f"{fraction * 100:.2f}%"


def date_text(iso: str, lang: str | None = None) -> str:
    """An ISO date as its readers write it: ``24/11/2026`` (pt_BR), ``2026. 11. 24.`` (ko),
    ``2026/11/24`` (ja), ``Nov 24, 2026`` (en) (:func:`swisstui.core.i18n.format_date`)."""
    return i18n.format_date(iso, lang if _local(lang) else i18n.SOURCE)


def event_dates(event: Any, lang: str | None = None) -> str:
    """The event's dates for a page's heading (``""`` when it has none): one date, or the
    first and the last."""
    start = getattr(event.settings, "date_start", None)
    end = getattr(event.settings, "date_end", None)
    if not start:
        return date_text(end, lang) if end else ""
    if not end or end == start:
        return date_text(start, lang)
    _ = gettext_for(lang)
    return _("{start} – {end}").format(start=date_text(start, lang), end=date_text(end, lang))
