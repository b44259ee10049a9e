"""The event's settings as a form of text fields: which fields a game has (the common ones,
then every option of the game's profile), each with its help (legal values, default), the
current values as text, and the typed text turned back into the keyword arguments of
:func:`swisstui.core.services.create_event` / :func:`~swisstui.core.services.preview_settings`.

Validation is not here: the values go through :func:`swisstui.core.settings.make_settings`
like event.toml does; a refusal is a :class:`SwissError` whose ``field`` names the form field
(``rounds``, ``tiebreaks``, ``option.komi``), so a front end can put the cursor there.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, fields
from typing import Any

from .errors import SwissError
from .i18n import N_, _
from .model import Scoring, Settings
from .settings import COLOURS, PUBLISH, ROUND1, STYLES, SYSTEMS

OPTION = "option."  # prefix of a game option's field key


@dataclass(frozen=True)
class FormField:
    """One field: ``key`` (a Settings field, a scoring key, or ``option.KEY``), the label a
    director reads, and one help line (legal values, what it does)."""

    key: str
    label: str
    help: str


_TEXT = ("name", "date_start", "date_end", "venue", "city", "arbiter", "language", "publish")
_INT = ("rounds", "seed", "club_weight", "country_weight")
_SCORES = ("win", "draw", "loss", "bye", "absent")
_BOOL = ("fide_mode",)  # typed yes / no

COMMON: tuple[FormField, ...] = (
    FormField("name", N_("Name"), N_("the event's name, as printed on every list")),
    FormField("rounds", N_("Rounds"), N_("planned Swiss rounds (1 to 999)")),
    FormField("date_start", N_("First day"), N_("YYYY-MM-DD (optional)")),
    FormField("date_end", N_("Last day"), N_("YYYY-MM-DD (optional)")),
    FormField("venue", N_("Venue"), N_("optional")),
    FormField("city", N_("City"), N_("optional")),
    FormField("arbiter", N_("Arbiter"), N_("chief arbiter / director (optional)")),
    FormField("system", N_("System"), N_("pairing system: {values}")),
    FormField("style", N_("Style"), N_("in-group style: {values}")),
    FormField("round1", N_("Round 1"), N_("round-1 order: {values}")),
    FormField("colours", N_("Colours"), N_("colour policy: {values}")),
    FormField("tiebreaks", N_("Tie-breaks"), N_("codes in order, comma separated")),
    FormField("win", N_("Win pts"), N_("points for a win")),
    FormField("draw", N_("Draw pts"), N_("points for a draw")),
    FormField("loss", N_("Loss pts"), N_("points for a loss")),
    FormField("bye", N_("Bye pts"), N_("points for the pairing bye")),
    FormField("absent", N_("Absent pts"), N_("points for an absence")),
    FormField("club_weight", N_("Same club"), N_("0 = may meet; 1 = avoid pairing club mates")),
    FormField("country_weight", N_("Same ctry"), N_("0 = may meet; 1 = avoid pairing compatriots")),
    FormField("seed", N_("Seed"), N_("random seed (lots, random pairing)")),
    FormField("language", N_("Language"), N_("the players' language (projector, players' page, "
                                             "prints): {values}; empty = the director's")),
    # Translators: a form label, at most 12 columns.
    FormField("publish", N_("Publish"), N_("{values}: a new round reaches the players when it "
                                           "is paired (auto) or when you publish it (manual)")),
)

#: the fields of a game FIDE rates (``GameProfile.fide_rated``, chess)
FIDE: tuple[FormField, ...] = (
    # Translators: a form label, at most 12 columns.
    FormField("fide_mode", N_("FIDE mode"), N_("yes/no: the tie-breaks locked after round 1, "
                                               "every change to a published round with a "
                                               "reason, named in the TRF")),
)


def event_fields(game: str) -> tuple[FormField, ...]:
    """The form's fields for an event of ``game``: the common ones (the tie-break help lists
    the game's own codes), then one per game option (its legal values, default and help)."""
    from .games import profile
    prof = profile(game)
    out = []
    from . import i18n
    choices = {"system": SYSTEMS, "style": STYLES, "round1": ROUND1, "colours": COLOURS,
               "language": i18n.available(), "publish": PUBLISH}
    for f in COMMON + (FIDE if prof.fide_rated else ()):
        help_ = _(f.help)
        if f.key in choices:
            help_ = help_.format(values=", ".join(choices[f.key]))
        if f.key == "tiebreaks":
            help_ = _("{help}; {game}'s usual chain: {chain}; every code: "
                      "docs/TIEBREAKS.md").format(help=help_, game=game,
                                                  chain=" ".join(prof.tiebreaks_for(None)))
        out.append(FormField(f.key, _(f.label), help_))
    for key, opt in prof.options.items():
        legal = (" | ".join(_text(c) for c in opt.choices) if opt.choices
                 else _type_name(opt.type))
        default = _("empty") if opt.default is None else _text(opt.default)
        out.append(FormField(OPTION + key, option_label(key, opt.label),
                             _("{key}: {help} ({legal}; default {default})").format(
                                 key=key, help=_(opt.help).rstrip("."), legal=legal,
                                 default=default).lstrip()))
    return tuple(out)


LABEL_WIDTH = 12  # the form's label column


def option_label(key: str, label: str = "") -> str:
    """A game option's label: the option's own ``label`` in the director's language (its
    catalogue gives a form of at most :data:`LABEL_WIDTH` columns), else its key in words
    (``handicap_max`` → ``Handicap max``), cut with an ellipsis when longer than the label
    column; the help line names the whole key (the name a director finds in event.toml and
    the docs)."""
    if label:
        return _(label)
    words = key.replace("_", " ").capitalize()
    return words if len(words) <= LABEL_WIDTH else words[:LABEL_WIDTH - 1] + "…"


def _type_name(t: Any) -> str:
    types = t if isinstance(t, tuple) else (t,)
    # yes/no and A-B are what is typed: they stay as they are
    names = {bool: "yes/no", int: N_("whole number"), float: N_("number"), str: N_("text"),
             list: "A-B", tuple: "A-B", type(None): N_("empty")}
    return _(" or ").join(dict.fromkeys(_(names[x]) if x in names else x.__name__
                                        for x in types))


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value == int(value):
        return str(int(value)) if abs(value) < 1e15 else str(value)
    if isinstance(value, (list, tuple)):
        return "-".join(_text(v) for v in value) if all(
            isinstance(v, (int, float)) for v in value) else ", ".join(map(str, value))
    return str(value)


def settings_texts(settings: Settings) -> dict[str, str]:
    """Every field's current value as the form shows it."""
    out = {f.name: _text(getattr(settings, f.name)) for f in fields(Settings)
           if f.name in _TEXT + _INT + ("system", "style", "round1", "colours")}
    out["tiebreaks"] = ", ".join(settings.tiebreaks)
    for key in _SCORES:
        out[key] = _text(getattr(settings.scoring, key))
    from .games import profile
    if profile(settings.game).fide_rated:
        out["fide_mode"] = _text(settings.fide_mode)
    for key, opt in profile(settings.game).options.items():
        out[OPTION + key] = _text(settings.options.get(key, opt.default))
    return out


def default_texts(game: str, name: str = "", rounds: int = 5) -> dict[str, str]:
    """The form of a new event of ``game``: the profile's defaults."""
    from .settings import make_settings
    texts = settings_texts(make_settings(game, name or "New event", rounds))
    texts["name"] = name
    return texts


def follow_texts(game: str, before: dict[str, str], texts: dict[str, str]
                 ) -> tuple[dict[str, str], list[str]]:
    """The form after an edit (``before`` → ``texts``): (fields to set, warning lines).

    The same rule as :func:`swisstui.core.settings.follow_defaults`, on the form's texts: a
    field whose default depends on the system or the style (Go's tie-break chain), still
    showing the default of the system or style it had, takes the new one's default (choosing
    McMahon turns the chain WINS, SOS… into MMS, SOSM…); a field the director changed stays,
    and a warning says when it is another system's default
    (:func:`~swisstui.core.settings.default_mismatches`)."""
    from .settings import canonical_system, default_mismatches, make_settings, setting_defaults

    def chosen(t: dict[str, str], key: str) -> str | None:
        raw = t.get(key, "").strip()
        return canonical_system(raw) if key == "system" and raw else (raw or None)

    old = setting_defaults(game, chosen(before, "system"), chosen(before, "style"))
    new = setting_defaults(game, chosen(texts, "system"), chosen(texts, "style"))
    updates = {}
    for key, value in new.items():
        if key not in texts:
            continue
        was, now = _field_text(key, old[key]), _field_text(key, value)
        if was != now and texts[key].strip() == was:
            updates[key] = now
    after = {**texts, **updates}
    try:
        kw = parse_texts(game, {k: v for k, v in after.items() if k in _SETTING_TEXTS})
        made = make_settings(game, "form", 1, **{k: v for k, v in kw.items()
                                                 if k not in ("name", "rounds")})
    except SwissError:  # a field being typed: no warning until it is a setting
        return updates, []
    return updates, default_mismatches(made)


# the fields follow_texts reads to check the settings that depend on another
_SETTING_TEXTS = ("system", "style", "round1", "colours", "tiebreaks", "club_weight",
                  "country_weight")


def _field_text(key: str, value: Any) -> str:
    """A setting's value as its form field shows it (settings_texts)."""
    return ", ".join(value) if key == "tiebreaks" else _text(value)


def parse_option(game: str, text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` as typed on a command line (``new``/``settings --option``) → (key,
    value), the value of the type the game's option declares — the same parsing as the
    settings form's fields (:func:`_parse_option`): a text option given ``2026`` is the text
    ``"2026"``, an int option ``5`` is 5, a float ``6.5`` or ``6,5``, a bool ``true``/``false``/
    ``yes``/``no``, a pair ``40-24``; an empty value clears an option that may be unset.  A key
    the game does not have keeps its text (the settings refuse it naming the valid keys)."""
    from .games import profile
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key:
        raise SwissError(_("--option {text!r}: write key=value, e.g. komi=6.5").format(text=text))
    if key not in profile(game).options:
        return key, raw
    return key, _parse_option(game, key, raw)


def _parse_option(game: str, key: str, raw: str) -> Any:
    from .games import profile
    opt = profile(game).options[key]
    types = opt.type if isinstance(opt.type, tuple) else (opt.type,)
    field = OPTION + key
    if raw == "":
        if type(None) in types or opt.default is None:
            return None
        raise SwissError(_("{key}: a value is needed (default {text})").format(key=key, text=_text(opt.default)),
                         field=field)
    if bool in types:
        return _yes_no(key, raw, field)
    if list in types or tuple in types:
        m = re.fullmatch(r"(\d+)\s*[-:]\s*(\d+)", raw)
        if not m:
            raise SwissError(_("{key}: type two numbers, e.g. 40-24 (not {raw!r})").format(key=key, raw=raw), field=field)
        return [int(m.group(1)), int(m.group(2))]
    if int in types and re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if float in types:
        try:
            value = float(raw.replace(",", "."))
        except ValueError:
            raise SwissError(_("{key}: {raw!r} is not a number").format(key=key, raw=raw), field=field) from None
        if not math.isfinite(value):
            raise SwissError(_("{key}: {raw!r} is not a number").format(key=key, raw=raw), field=field)
        return value
    if int in types:
        raise SwissError(_("{key}: {raw!r} is not a whole number").format(key=key, raw=raw), field=field)
    return raw


def parse_texts(game: str, texts: dict[str, str], before: dict[str, str] | None = None
                ) -> dict[str, Any]:
    """Typed text → keyword arguments for ``create_event(folder, game, **kw)`` (``name``,
    ``rounds``, settings, ``options``) or ``preview_settings(event, **kw)``.  With ``before``
    (the form as it was shown), only the fields that were changed are returned.  SwissError
    with ``field`` for a value that is not even of the right kind."""
    out: dict[str, Any] = {}
    options: dict[str, Any] = {}
    for key, raw in texts.items():
        raw = raw.strip()
        if before is not None and before.get(key, "").strip() == raw:
            continue
        if key.startswith(OPTION):
            options[key[len(OPTION):]] = _parse_option(game, key[len(OPTION):], raw)
        elif key in _INT:
            if not re.fullmatch(r"-?\d+", raw):
                raise SwissError(_("{key}: {raw!r} is not a whole number").format(key=key, raw=raw), field=key)
            out[key] = int(raw)
        elif key in _SCORES:
            try:
                out[key] = float(raw.replace(",", "."))
            except ValueError:
                raise SwissError(_("{key}: {raw!r} is not a number of points").format(key=key, raw=raw),
                                 field=key) from None
        elif key == "tiebreaks":
            out[key] = tuple(c for c in re.split(r"[\s,]+", raw) if c)
        elif key in _BOOL:
            out[key] = _yes_no(key, raw or "no", key)
        elif key == "name":
            if not raw:
                raise SwissError(_("name: an event needs a name"), field="name")
            out[key] = raw
        elif key in _TEXT:
            out[key] = raw or None
        else:
            out[key] = raw
    if options:
        out["options"] = options
    return out


def _yes_no(key: str, raw: str, field: str) -> bool:
    """A yes/no field or option as typed (yes, y, true, on, 1 / no, n, false, off, 0)."""
    low = raw.lower()
    if low in ("yes", "y", "true", "on", "1"):
        return True
    if low in ("no", "n", "false", "off", "0"):
        return False
    raise SwissError(_("{key}: type yes or no, not {raw!r}").format(key=key, raw=raw), field=field)


def field_of(exc: SwissError) -> str | None:
    """The form field a refusal is about: ``exc.field``, or the settings key a
    :class:`~swisstui.core.settings.SettingError` names (a game option as ``option.KEY``)."""
    key = exc.field or getattr(exc, "key", None)
    if key is None:
        return None
    if key in {f.name for f in fields(Settings)} or key in {f.name for f in fields(Scoring)}:
        return key
    return key if key.startswith(OPTION) else OPTION + key


def tiebreak_choices(game: str) -> tuple[tuple[str, str], ...]:
    """The tie-breaks a chain of ``game`` may use, as (code, name), in the registry's order
    (:mod:`swisstui.core.standings.registry`): what the form's tie-break picker lists."""
    from .standings.registry import REGISTRY
    return tuple((code, _(REGISTRY[code].name)) for code in REGISTRY.codes(game))


def chain_codes(game: str, text: str) -> list[str]:
    """The canonical codes of a typed chain (``bh-c1, sb`` → ``["BH-C1", "SB"]``), in order,
    each once; codes the game does not know are left out (the picker starts from them; the
    form's check refuses them with the list of valid codes)."""
    from .standings.registry import REGISTRY
    out: list[str] = []
    for raw in re.split(r"[\s,]+", text.strip()):
        tb = REGISTRY.get(raw) if raw else None
        if tb is not None and tb.applies_to(game) and tb.code not in out:
            out.append(tb.code)
    return out
