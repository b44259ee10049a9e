"""Event settings: game-profile defaults plus the director's overrides, validated.

:func:`make_settings` builds the :class:`~swisstui.core.model.Settings` of a new event from
the game profile (docs/RULES.md §0: scoring, tie-breaks, pairing system, in-group style, round-1
method, colour policy, game options) and validates every value; :func:`validate_settings` is
the one place that decides whether a settings value is legal (also used by the store when it
reads ``event.toml``).  Unknown values are refused with the list of valid ones.
"""

from __future__ import annotations

from .i18n import _

import datetime
import math
import unicodedata
from dataclasses import fields, replace
from typing import Any
from collections.abc import Iterable, Mapping

from . import colours_vocab as vocab
from .errors import SwissError
from .model import GAMES, Scoring, Settings

SYSTEMS = ("swiss", "mcmahon", "roundrobin", "dutch")
#: other names a director may write for a system (saved under the canonical name): the
#: general maximum-weight matching engine is ``swiss``, also called ``matching`` — chess
#: events default to ``dutch`` (FIDE C.04.3) and use it for casual play (docs/PAIRING.md)
SYSTEM_ALIASES = {"matching": "swiss"}
STYLES = ("fold", "slide", "adjacent", "random", "tiebreaks")
ROUND1 = ("random", "rating", "lot")
#: when a new round reaches the players (issue 34 item 7): on pairing, or on ``publish``
PUBLISH = ("auto", "manual")
COLOURS = (vocab.AUTO, *vocab.POLICIES)
MAX_ROUNDS = 999  # round files are rounds/NN.toml; a round robin of 1000 players is not a TUI job
SCORING_KEYS = tuple(f.name for f in fields(Scoring))
_SETTINGS_FIELDS = {f.name for f in fields(Settings)}


class SettingError(SwissError):
    """A settings value is not legal; ``key`` (also the error's ``field``) names the offending
    key (for file:line, and for the form field a front end focuses)."""

    kind = "setting"

    def __init__(self, key: str | None, message: str):
        self.key = key
        super().__init__(message, field=key)


def canonical_system(value: Any) -> Any:
    """The system name saved for ``value`` (``matching`` -> ``swiss``; others unchanged, so
    an unknown name is still refused by :func:`validate_settings`)."""
    if isinstance(value, str):
        return SYSTEM_ALIASES.get(value.strip().lower(), value)
    return value


def _one_of(key: str, value: Any, valid: Iterable[str]) -> None:
    valid = tuple(valid)
    if value not in valid:
        raise SettingError(key, _("unknown {key} {value!r}; valid: {items}").format(key=key, value=value, items=', '.join(valid)))


def check_tiebreaks(key: str, codes: Iterable[str], game: str) -> tuple[str, ...]:
    """Tie-break codes resolved through the standings registry (aliases such as ``bhc1`` or
    ``OMW%`` give the canonical code); unknown codes or codes of another game are refused
    with the list of valid ones."""
    from .standings.registry import REGISTRY as reg  # the standings import this module
    out = []
    for code in codes:
        try:
            canonical = reg.resolve(code, game).code
        except SwissError as exc:
            raise SettingError(key, str(exc)) from None
        if canonical in out:
            same = "" if canonical == code else f" ({code} is {canonical})"
            raise SettingError(key, _("{canonical} is listed twice{same}; each tie-break counts once").format(canonical=canonical, same=same))
        out.append(canonical)
    return tuple(out)


def _profile(game: str):
    from .games import profile
    return profile(game)


def normalize_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Game options checked and normalised by the game itself (``games.validate_options``,
    owned by the games area); a refusal becomes a :class:`SettingError` naming the key."""
    from . import games
    for key, value in options.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise SettingError(key, _("{game} option {key}: {value} is not a finite number").format(game=game, key=key, value=value))
    try:
        return dict(games.validate_options(game, dict(options)))
    except SettingError:
        raise
    except SwissError as exc:
        msg = str(exc)
        named = next((k for k in options if f"option {k}" in msg or repr(k) in msg), None)
        raise SettingError(named, str(exc)) from None


def _check_points(key: str, value: Any) -> None:
    """A scoring value (win, draw, bye, …): a finite number from −1000 to 1000."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or abs(value) > 1000:
        raise SettingError(key, _("{key} points must be a number from -1000 to 1000, not {value!r}").format(key=key, value=value))


def _check_language(value: Any) -> None:
    """The event's ``language`` names a catalogue of this installation (or English)."""
    from . import i18n
    valid = i18n.available()
    if not isinstance(value, str) or value not in valid:
        raise SettingError("language", _("unknown language {value!r}; valid: {items} (empty: "
                                         "the director's)").format(value=value,
                                                                    items=", ".join(valid)))


def validate_settings(s: Settings) -> None:
    """Raise :class:`SettingError` (one line, naming the key) if any value is not legal."""
    if s.game not in GAMES:
        raise SettingError("game", _("unknown game {game!r}; valid: {items}").format(game=s.game, items=', '.join(GAMES)))
    if not isinstance(s.name, str) or not s.name.strip():
        raise SettingError("name", _("the event needs a name"))
    for key in ("name", "venue", "city", "arbiter", "date_start", "date_end"):
        value = getattr(s, key)
        if isinstance(value, str) and any(unicodedata.category(ch) == "Cc" for ch in value):
            raise SettingError(key, _("the event {key} cannot contain control characters ({value!r})").format(key=key, value=value))
    if s.language:
        _check_language(s.language)
    dates = []
    for key in ("date_start", "date_end"):
        value = getattr(s, key)
        if value is None:
            continue
        try:
            dates.append(datetime.date.fromisoformat(value))
        except (TypeError, ValueError):
            raise SettingError(key, _("{key} must be a date like 2026-11-21, not {value!r}").format(key=key, value=value)
                               ) from None
    if len(dates) == 2 and dates[1] < dates[0]:
        raise SettingError("date_end", _("the event ends ({date_end}) before it starts ({date_start})").format(date_end=s.date_end, date_start=s.date_start))
    if isinstance(s.rounds, bool) or not isinstance(s.rounds, int) \
            or not 1 <= s.rounds <= MAX_ROUNDS:
        raise SettingError("rounds", _("rounds must be 1 to {MAX_ROUNDS}, not {rounds!r}").format(MAX_ROUNDS=MAX_ROUNDS, rounds=s.rounds))
    if isinstance(s.seed, bool) or not isinstance(s.seed, int) \
            or not -2**63 <= s.seed < 2**63:
        raise SettingError("seed", _("seed must be a whole number of at most 18 digits, not {seed!r}").format(seed=s.seed))
    for key in SCORING_KEYS:
        value = getattr(s.scoring, key)
        if value is None and key == "forfeit_win":
            continue
        _check_points(key, value)
    _one_of("system", s.system, SYSTEMS)
    _one_of("style", s.style, STYLES)
    _one_of("round1", s.round1, ROUND1)
    _one_of("colours", s.colours, COLOURS)
    _one_of("publish", s.publish, PUBLISH)
    if not isinstance(s.fide_mode, bool):
        raise SettingError("fide_mode", _("fide_mode must be true or false, not {value!r}").format(value=s.fide_mode))
    if s.fide_mode and not _profile(s.game).fide_rated:
        raise SettingError("fide_mode", _("fide_mode: FIDE mode is for games FIDE rates (chess); this event is {game}").format(game=s.game))
    check_tiebreaks("tiebreaks", s.tiebreaks, s.game)
    check_tiebreaks("pairing_order", s.pairing_order, s.game)
    if s.style == "tiebreaks" and not s.pairing_order and not s.tiebreaks:
        raise SettingError("pairing_order", _("style 'tiebreaks' needs a pairing_order "
                                            "(tie-break chain), e.g. SOS,SOSOS"))
    sc = s.scoring
    if not sc.loss <= sc.draw <= sc.win or sc.loss == sc.win:
        raise SettingError("win", _("points must go loss <= draw <= win with a win worth more than a loss, not win {win:g}, draw {draw:g}, loss {loss:g}").format(win=sc.win, draw=sc.draw, loss=sc.loss))
    for key in ("club_weight", "country_weight"):
        value = getattr(s, key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise SettingError(key, _("{key} must be 0 to 1000, not {value!r}").format(key=key, value=value))
    for a, b in s.forbidden:
        if a == b:
            raise SettingError("forbidden", _("forbidden pair [{a}, {b}] names one player").format(a=a, b=b))
    normalize_options(s.game, s.options)


def _split(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(c.strip() for c in value.split(",") if c.strip())
    return tuple(value)


# Avoiding club mates and compatriots (the pairing's GEO criterion, OpenGotha geography) is
# on by default (the Settings defaults), unless the profile says otherwise
# (``GameProfile.pairing.avoid_geography``, chess).  `--club-weight` / `--country-weight` still
# turn it on.
NO_GEOGRAPHY = {"club_weight": 0, "country_weight": 0}


def game_defaults(game: str, system: str | None = None, style: str | None = None
                  ) -> dict[str, Any]:
    """The :class:`Settings` fields the game profile sets when they are not given — by
    ``swisstui new`` (:func:`make_settings`) and when event.toml leaves them out (the store):
    system, style, round-1 order, colours, the tie-break chain (per system), the scoring
    (Magic 3/1/0, …) and the geography weights; then what the method of ``style`` implies
    (Go's Tagajo style: colours none, weights 0 — ``GameProfile.pairing.style_methods``)."""
    prof = _profile(game)
    out = {"system": prof.pairing.system, "style": prof.pairing.style, "round1": prof.pairing.round1,
           "colours": prof.seats.policy, "tiebreaks": tuple(prof.tiebreaks_for(system or prof.pairing.system)),
           "scoring": prof.scoring, **({} if prof.pairing.avoid_geography else NO_GEOGRAPHY)}
    method = prof.pairing.style_methods.get(style or prof.pairing.style)
    if method is not None:
        out.update(method.settings)
    return out


def setting_defaults(game: str, system: str | None = None, style: str | None = None
                     ) -> dict[str, Any]:
    """:func:`game_defaults` with every field it may set (a field the game's defaults leave
    to :class:`Settings` has Settings' default), the scoring left out: the values a field
    holds by default under ``system`` and ``style``."""
    keys = {"system", "style", "round1", "colours", "tiebreaks", *NO_GEOGRAPHY}
    for prof_method in _profile(game).pairing.style_methods.values():
        keys.update(prof_method.settings)
    base = {f.name: f.default for f in fields(Settings) if f.name in keys}
    got = game_defaults(game, system, style)
    return {key: got.get(key, base.get(key)) for key in keys}


def follow_defaults(old: Settings, new: Settings, given: Iterable[str] = ()) -> Settings:
    """``new`` (``old`` with a director's changes, the fields ``given`` among them) with the
    defaults that depend on another setting brought along (issue 31: a Go event switched to
    McMahon kept the Swiss chain WINS, SOS…, was ranked by wins, and pairing said nothing).

    The profile's defaults depend on the system and the style (:func:`game_defaults`: Go's
    tie-break chain per system, the colours and weights of Go's Tagajo style).  A field the
    director did not give, whose value is still ``old``'s default, takes ``new``'s default; a
    field the director set (given now, or customised before) stays, and
    :func:`default_mismatches` says when it is another setting's default.  Every game whose
    defaults depend on a setting is served by this one function (``swisstui new``,
    ``settings``, the TUI's forms)."""
    before = setting_defaults(old.game, old.system, old.style)
    after = setting_defaults(new.game, new.system, new.style)
    given = set(given)
    follow = {key: value for key, value in after.items()
              if key not in given and before[key] != value and getattr(new, key) == before[key]}
    if not follow:
        return new
    out = replace(new, **follow)
    validate_settings(out)
    return out


def default_mismatches(s: Settings) -> list[str]:
    """One warning line per setting that is the default of another pairing system, not of
    the event's (a McMahon event ranked by the Swiss chain WINS, SOS…), and for a McMahon
    event whose chain leaves out the McMahon score (``GameProfile.pairing.mcmahon_score``), else [].
    Shown by the settings forms and by pairing (``p`` in the TUI, ``swisstui pair``)."""
    prof = _profile(s.game)
    mine = setting_defaults(s.game, s.system, s.style)
    out = []
    for key, value in sorted(mine.items()):
        have = getattr(s, key, None)
        if have == value:
            continue
        other = next((system for system in SYSTEMS if system != s.system
                      and setting_defaults(s.game, system, s.style)[key] == have), None)
        if other is not None:
            out.append(_("{key} {have} is the default of a {other} event, this one is "
                         "{system} (its default: {default})")
                       .format(key=key, have=_shown(have), other=other, system=s.system,
                               default=_shown(value)))
    score = prof.pairing.mcmahon_score
    if (s.system == "mcmahon" and score and score not in s.tiebreaks
            and not any("tiebreaks" in line for line in out)):
        out.append(_("tiebreaks {have}: a McMahon event is ranked by {score} first (its "
                     "default: {default})").format(have=_shown(s.tiebreaks), score=score,
                                                    default=_shown(mine["tiebreaks"])))
    return out


def _shown(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value)) or "-"
    return str(value)


def style_method(s: Settings) -> Any:
    """The :class:`~swisstui.core.games.base.StyleMethod` the event's style stands for in its
    game (Go ``tiebreaks``: the Tagajo method), or None."""
    return _profile(s.game).pairing.style_methods.get(s.style)


def method_departures(s: Settings) -> list[str]:
    """One line per setting that departs from the published method the event's style stands
    for (Go's Tagajo style with colours or club/country avoidance turned on), else []."""
    method = style_method(s)
    if method is None:
        return []
    out = []
    for key, value in method.settings.items():
        have = getattr(s, key)
        if have != value and not (key == "colours" and have == vocab.AUTO):
            out.append(_("style {style!r} with {key} = {have!r}: departs from {name} ({key} {value!r}), which {does}").format(style=s.style, key=key, have=have, name=method.name, value=value, does=method.does))
    return out


def make_settings(game: str, name: str, rounds: int, **overrides: Any) -> Settings:
    """Settings for a new event: the game profile's defaults, then ``overrides``.

    ``overrides`` may name any :class:`Settings` field (``system``, ``style``, ``tiebreaks``
    as a list or ``"A,B"``, ``seed``, …), any :class:`Scoring` field (``win``, ``draw``,
    ``loss``, ``bye``, ``absent``, ``forfeit_win``, ``double_forfeit``) — merged into the
    profile's scoring — and ``options`` (merged into the profile's option defaults)."""
    if game not in GAMES:
        raise SettingError("game", _("unknown game {game!r}; valid: {items}").format(game=game, items=', '.join(GAMES)))
    from .registration import nfc  # texts as typed, in NFC (one rule for every name)
    name = nfc(name) if isinstance(name, str) else name
    for key in ("venue", "city", "arbiter"):
        if isinstance(overrides.get(key), str):
            overrides[key] = nfc(overrides[key])
    if isinstance(overrides.get("language"), str):  # pt-BR, pt_BR.UTF-8 -> pt_BR
        from . import i18n
        typed = overrides["language"].strip()
        overrides["language"] = (i18n.normalise(typed) or typed) if typed else ""
    prof = _profile(game)
    scoring = prof.scoring
    score_kw = {k: overrides.pop(k) for k in list(overrides) if k in SCORING_KEYS}
    for k, v in score_kw.items():
        if v is not None:
            _check_points(k, v)
    score_kw = {k: float(v) for k, v in score_kw.items() if v is not None}
    if "scoring" in overrides:
        scoring = overrides.pop("scoring")
    if score_kw:
        scoring = replace(scoring, **score_kw)
    options = {k: opt.default for k, opt in prof.options.items() if opt.default is not None}
    options.update(overrides.pop("options", None) or {})
    for key in ("tiebreaks", "pairing_order"):
        if key in overrides and overrides[key] is not None:
            overrides[key] = check_tiebreaks(key, _split(overrides[key]), game)
    if "forbidden" in overrides:
        overrides["forbidden"] = tuple(tuple(p) for p in overrides["forbidden"])
    if "system" in overrides:
        overrides["system"] = canonical_system(overrides["system"])
    unknown = [k for k in overrides if k not in _SETTINGS_FIELDS]
    if unknown:
        raise SettingError(unknown[0], _("unknown setting {value!r}").format(value=unknown[0]))
    kw = game_defaults(game, overrides.get("system"), overrides.get("style"))
    del kw["scoring"]
    kw.update({k: v for k, v in overrides.items() if v is not None})
    settings = Settings(name=name, game=game, rounds=rounds, scoring=scoring,
                        options=normalize_options(game, options), **kw)
    validate_settings(settings)
    return settings
