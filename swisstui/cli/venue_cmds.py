"""``swisstui clock EVENT start 60|pause|resume|extend 5|show``: the round clock of
:mod:`swisstui.core.services.clock`, the twin of the TUI's clock key.  Thin: argument parsing
and one line of output."""

from __future__ import annotations

from ..core.i18n import _

import argparse

from ..core import services
from ..core.errors import SwissError

ACTIONS = ("start", "pause", "resume", "extend", "show")


def register(sub) -> None:
    p = sub.add_parser(
        "clock", help=_("the round clock: start 60, pause, resume, extend 5, show"),
        description=_("The round clock shown on the projector and the players' page "
                    "(kept in clock.toml of the event).  start MINUTES starts the current "
                    "round's clock; extend MINUTES adds time; pause and resume stop and "
                    "restart it; show prints it."))
    p.add_argument("event", metavar="EVENT", help=_("event folder"))
    p.add_argument("action", choices=ACTIONS)
    p.add_argument("minutes", nargs="?", type=float, default=None,
                   help=_("minutes for start and extend"))
    p.set_defaults(func=cmd_clock)


def cmd_clock(args: argparse.Namespace) -> int:
    if args.action in ("start", "extend") and args.minutes is None:
        raise SwissError(_("clock {action}: give the minutes, e.g. `swisstui clock EVENT {action} {value}`").format(action=args.action, value=60 if args.action == 'start' else 5))
    if args.action not in ("start", "extend") and args.minutes is not None:
        raise SwissError(_("clock {action}: takes no minutes").format(action=args.action))
    state: services.ClockState | None
    if args.action == "start":
        state = services.clock_start(args.event, args.minutes)
    elif args.action == "extend":
        state = services.clock_extend(args.event, args.minutes)
    elif args.action == "pause":
        state = services.clock_pause(args.event)
    elif args.action == "resume":
        state = services.clock_resume(args.event)
    else:
        services.load(args.event)
        state = services.clock_state(args.event)
        if state is None:
            print(_("no round clock (swisstui clock EVENT start 60)"))
            return 0
    print(state.label)
    return 0
