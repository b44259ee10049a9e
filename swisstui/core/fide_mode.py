"""FIDE mode (issue 34 item 10; docs/FORMAT.md "FIDE mode"): the event setting
``fide_mode = true`` of a game its profile says FIDE rates (``GameProfile.fide_rated``,
chess) keeps what a FIDE-rated event must be able to show.

* **The tie-break list locks once round 1 is paired.**  FIDE's tie-break regulations
  (FIDE Handbook C.07, Art. 2.1) make the method of ranking tied players part of the
  tournament's own regulations, announced before it starts; a change after round 1 is
  paired (the chain ``tiebreaks``, the game's option for unplayed rounds in tie-breaks,
  or FIDE mode turned off) is refused without a reason, and made with one it is kept in
  the history (:func:`check_settings_change`, called by ``services.change_settings``).
* **Every edit to a published round needs a reason**, even when rounds are published as
  they are paired (``publish = "auto"``): FIDE's general handling rules for Swiss
  tournaments (FIDE Handbook C.04.2, effective 1 February 2026, rule 1.5) forbid altering
  correct pairings in a player's favour, so a change must be explained.  The rule is
  :func:`swisstui.core.publishing.needs_reason`, which asks :func:`on`.
* Both are named in the TRF export's notes (``### swisstui note:`` records, read from the
  history by ``services.exports.request_for``; core/interop/trf.py).
"""

from __future__ import annotations

from typing import Any

from .errors import SwissError
from .i18n import _
from .model import Event, Settings


def on(settings: Settings) -> bool:
    """Whether the event runs in FIDE mode."""
    return bool(settings.fide_mode)


def locked(event: Event) -> bool:
    """Whether ``event``'s tie-break list is locked: FIDE mode and round 1 paired."""
    return on(event.settings) and event.current_round >= 1


def _locked_values(s: Settings) -> dict[str, Any]:
    """The settings the lock holds, by the name a director reads (the field, or ``option
    KEY`` for the game's option choosing the unplayed-round rules in tie-breaks)."""
    from .games import profile
    out: dict[str, Any] = {"tiebreaks": tuple(s.tiebreaks), "fide_mode": on(s)}
    key = profile(s.game).standings.unplayed_rules_option
    if key:
        out[f"option {key}"] = s.options.get(key, profile(s.game).options[key].default)
    return out


def locked_changes(event: Event, new: Settings) -> tuple[str, ...]:
    """The locked settings ``new`` changes in ``event`` (empty when nothing is locked);
    turning FIDE mode on is no change to a lock."""
    if not locked(event):
        return ()
    before, after = _locked_values(event.settings), _locked_values(new)
    return tuple(k for k in before if before[k] != after[k]
                 and not (k == "fide_mode" and after[k]))


def check_settings_change(event: Event, new: Settings, reason: str | None) -> None:
    """Refuse, in one line, a change to the locked tie-break list without a reason
    (``SwissError(field="reason")``: the TUI asks for one)."""
    keys = locked_changes(event, new)
    if keys and not (reason or "").strip():
        raise SwissError(_("{keys}: in FIDE mode the tie-breaks are locked once round 1 is "
                           "paired; a change needs a reason (--reason \"…\"; in the TUI it "
                           "is asked)").format(keys=", ".join(keys)), field="reason")
