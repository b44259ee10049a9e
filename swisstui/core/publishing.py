"""A round's life: draft → published → complete (issue 34 item 7; docs/FORMAT.md "Drafts
and publishing").

With the event setting ``publish = "manual"`` a newly paired round is a *draft*
(``published = false`` in its round file): the director may re-pair it, swap boards and
correct it freely while the projector and the players' page still show the event as it
was — :func:`as_published`, the event without its draft round.  ``swisstui publish`` (or the
TUI's key) makes it public.  With the default ``publish = "auto"`` a round is published as
it is paired, as before the setting existed, and no round file carries the key."""

from __future__ import annotations

from dataclasses import replace

from .errors import SwissError
from .i18n import _
from .model import Event, Round

MANUAL = "manual"


def drafts_on(event: Event) -> bool:
    """Whether new rounds of ``event`` start as drafts."""
    return event.settings.publish == MANUAL


def as_drafted(event: Event, rnd: Round) -> Round:
    """``rnd`` as a new round of ``event`` is saved: a draft when the event publishes by
    hand, else published."""
    return replace(rnd, published=not drafts_on(event))


def draft(event: Event) -> Round | None:
    """The current round when it is a draft (only the latest round can be one)."""
    rnd = event.round(event.current_round)
    return rnd if rnd is not None and not rnd.published else None


def as_published(event: Event) -> Event:
    """The event as the players see it: without a round that is still a draft."""
    rnd = draft(event)
    return event if rnd is None else event.without_round(rnd.number)


def published(event: Event) -> Event:
    """``event`` with its draft round published; refused in one line when there is none."""
    rnd = draft(event)
    if rnd is None:
        if event.current_round == 0:
            raise SwissError(_("no round has been paired yet: nothing to publish"))
        raise SwissError(_("round {round} is published already").format(round=event.current_round))
    return event.with_round(replace(rnd, published=True))


def needs_reason(event: Event, round_no: int) -> bool:
    """Whether a change to round ``round_no`` needs a reason: that round is published and
    the event publishes by hand (issue 34 item 8) or runs in FIDE mode, where every round is
    published as it is paired unless it publishes by hand (item 10, core/fide_mode.py).  A
    draft is changed freely, and any other event keeps today's rules."""
    from . import fide_mode
    rnd = event.round(round_no)
    return ((drafts_on(event) or fide_mode.on(event.settings))
            and rnd is not None and rnd.published)


def check_reason(event: Event, round_no: int, reason: str | None) -> None:
    """Refuse, in one line, a change to a published round without a reason."""
    if needs_reason(event, round_no) and not (reason or "").strip():
        raise SwissError(_("round {round} is published: a change to it needs a reason (--reason \"…\"; in the TUI it is asked)").format(round=round_no), field="reason")
