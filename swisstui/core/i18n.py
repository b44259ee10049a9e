"""Languages: which catalogue speaks to the reader, and the locale's numbers and dates.

Catalogues are gettext ``.po`` sources in ``swisstui/locale/<lang>/LC_MESSAGES/swisstui.po``
(the repository holds only sources; a new language is one more ``.po`` file).  They are
compiled with Babel on first use into the user's cache folder (``$XDG_CACHE_HOME/swisstui``,
keyed by the source's content, rebuilt when it changes, never trusted over it) and read with
the standard library's :mod:`gettext`.

Who reads what decides the language:

* the director (CLI, TUI): ``--lang``, else the environment as gettext reads it
  (``LANGUAGE``, a colon list, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) — :func:`resolve`;
* the players (projector, players' page, prints): the event's ``language`` setting, which may
  differ from the director's — :func:`translator` gives a catalogue without changing the
  director's.

An unknown language falls back to English with one line of warning.  Machine formats (TOML,
JSON, TRF, h9, CSV) never go through here: they stay locale-independent.

Marking: ``_("text")`` translates now; ``N_("text")`` only marks a constant that is
translated where it is shown (``_(CONSTANT)``); ``ngettext`` for counts; ``pgettext(context,
"text")`` (and ``NP_`` for a constant) where the same English word has two roles ("No": the
dialog's answer, the column of player numbers).  Placeholders are
``{name}`` fields filled after translation (``_("round {n}").format(n=3)``), so a
translation may move them.
"""

from __future__ import annotations

import gettext as _gettext
import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DOMAIN = "swisstui"
SOURCE = "en"  # the language of the strings in the code
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
ENV_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_cache: dict[str, _gettext.NullTranslations] = {}
_current: _gettext.NullTranslations = _gettext.NullTranslations()
_current_lang = SOURCE


def available() -> tuple[str, ...]:
    """The languages with a catalogue, English (the source) first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *found)


def normalise(tag: str) -> str | None:
    """A language tag as the catalogues are named (``pt-BR``, ``pt_BR.UTF-8`` → ``pt_BR``;
    ``ko_KR.UTF-8`` → ``ko``; ``pt`` → ``pt_BR`` while it is the only Portuguese), or None
    when no catalogue (and not English) fits.  ``C`` and ``POSIX`` are English."""
    tag = tag.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not tag:
        return None
    if tag in ("C", "POSIX"):
        return SOURCE
    langs = available()
    lower = {lang.lower(): lang for lang in langs}
    if tag.lower() in lower:
        return lower[tag.lower()]
    base = tag.split("_")[0].lower()
    if base in lower:
        return lower[base]
    same = [lang for lang in langs if lang.split("_")[0].lower() == base]
    return same[0] if len(same) == 1 else None


def resolve(lang: str | None = None, environ: Mapping[str, str] | None = None
            ) -> tuple[str, str | None]:
    """(language, warning): ``lang`` when given, else the first environment variable of
    :data:`ENV_ORDER` that is set (``LANGUAGE`` may list several, ``ko:ja``).  The warning
    (one line, or None) names a language without a catalogue; English is used then."""
    env = os.environ if environ is None else environ
    if lang:
        wanted = [lang]
    else:
        wanted = []
        for key in ENV_ORDER:
            value = env.get(key, "")
            if value:
                wanted = value.split(":") if key == "LANGUAGE" else [value]
                break
    for tag in wanted:
        found = normalise(tag)
        if found is not None:
            return found, None
    if not wanted or not any(t.strip() for t in wanted):
        return SOURCE, None
    shown = ", ".join(available())
    return SOURCE, (f"swisstui: language {wanted[0]!r} is not available ({shown}); using "
                    f"English")


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "swisstui" / "locale"


def _compiled(po: Path, lang: str) -> bytes:
    """The ``.mo`` bytes of ``po``: from the cache when its key (the source's hash) matches,
    else compiled with Babel (and cached when the cache folder is writable)."""
    source = po.read_bytes()
    key = hashlib.sha256(source).hexdigest()[:16]
    cached = _cache_dir() / f"{lang}-{key}.mo"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    catalog = read_po(io.BytesIO(source), locale=lang, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    data = out.getvalue()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, cached)
    except OSError:
        pass  # a read-only home: compile again next time
    return data


def translator(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (a name from :func:`available`); English: no translation."""
    if lang == SOURCE:
        return _gettext.NullTranslations()
    if lang not in _cache:
        import io
        po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        _cache[lang] = _gettext.GNUTranslations(io.BytesIO(_compiled(po, lang)))
    return _cache[lang]


def use(lang: str) -> None:
    """Speak ``lang`` to the director from now on (the CLI's ``--lang``, the TUI's switch)."""
    global _current, _current_lang
    _current, _current_lang = translator(lang), lang


def current() -> str:
    return _current_lang


def event_language(event: Any) -> str:
    """The language the players of ``event`` read (its ``language`` setting), else the
    director's (:func:`current`)."""
    lang = getattr(getattr(event, "settings", None), "language", "") or ""
    return lang if lang in available() else _current_lang


def for_event(event: Any) -> _gettext.NullTranslations:
    """The catalogue for what the players of ``event`` read — projector, players' page,
    prints: ``for_event(ev).gettext("Round")`` — without changing the director's language."""
    return translator(event_language(event))


def _(message: str) -> str:
    """``message`` in the director's language."""
    return _current.gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (the same English word, two meanings)."""
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here."""
    return message


class Contextual(str):
    """A constant marked with its message context (:func:`NP_`): the English text (it *is*
    that ``str``) that remembers the context it is translated in."""

    context: str

    def __new__(cls, context: str, message: str) -> Contextual:
        self = super().__new__(cls, message)
        self.context = context
        return self


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` without translating it here (``pgettext``'s ``N_``):
    where it is shown, :func:`translate` (or a renderer's :func:`translate_with`) gives it
    in its context — "No" the column of player numbers, not the answer to a question."""
    return Contextual(context, message)


def translate_with(catalogue: _gettext.NullTranslations, message: str) -> str:
    """``message`` (a marked constant) in ``catalogue``: in its context when it was marked
    with :func:`NP_`; "" stays "" (gettext would answer the catalogue's header)."""
    if not message:
        return message
    if isinstance(message, Contextual):
        return catalogue.pgettext(message.context, message)
    return catalogue.gettext(message)


def translate(message: str) -> str:
    """A marked constant (``N_`` or ``NP_``) in the director's language."""
    return translate_with(_current, message)


# ---- numbers and dates where a person reads them ------------------------------------------

def _babel_locale(lang: str) -> str:
    return "en" if lang == SOURCE else lang


def format_number(value: float, lang: str | None = None, digits: int = 2) -> str:
    """``62.5`` → ``62.5`` (en), ``62,5`` (pt_BR): up to ``digits`` decimals, no grouping."""
    from babel.numbers import format_decimal
    pattern = "0." + "#" * digits if digits else "0"
    return format_decimal(value, format=pattern, locale=_babel_locale(lang or _current_lang))


def format_percent(fraction: float, lang: str | None = None, digits: int = 2) -> str:
    """``0.625`` → ``62.50%`` (en), ``62,50%`` (pt_BR), ``62.50%`` (ko, ja)."""
    from babel.numbers import format_percent as fmt
    pattern = "0." + "0" * digits + "%" if digits else "0%"
    return fmt(fraction, format=pattern, locale=_babel_locale(lang or _current_lang))


# the date form a reader of each language expects (CLDR patterns as Babel names them; a
# language not listed uses its "medium" form)
DATE_FORMS = {"pt_BR": "short", "ja": "medium", "ko": "medium", SOURCE: "medium"}


def format_date(iso: str, lang: str | None = None) -> str:
    """An ISO date (``2026-11-24``) as the reader writes it: ``24/11/2026`` (pt_BR),
    ``2026. 11. 24.`` (ko), ``2026/11/24`` (ja), ``Nov 24, 2026`` (en); text that is not an
    ISO date is returned as it is."""
    import datetime

    from babel.dates import format_date as fmt
    try:
        day = datetime.date.fromisoformat(iso)
    except (TypeError, ValueError):
        return iso
    lang = lang or _current_lang
    return fmt(day, format=DATE_FORMS.get(lang, "medium"), locale=_babel_locale(lang))
