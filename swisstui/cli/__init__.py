"""The command line: a thin shell over swisstui.core.  Each area of commands lives in its own
module with a ``register(subparsers)`` function; ``main`` wires them together and turns every
:class:`~swisstui.core.errors.SwissError` into one line on stderr and exit code 1.

Exit codes: 0 ok, 1 refused (invalid input, illegal request), 2 usage error.
"""

from __future__ import annotations

import argparse
import sys

from ..core import i18n
from ..core.errors import SwissError
from ..core.i18n import _
from ..core.textwidth import wrap
from . import (argparse_text, desk_cmds, event_cmds, history_cmds, interop_cmds, pairing_cmds,
               ratings_cmds, report_cmds, section_cmds, standings_cmds, tui_cmds, venue_cmds)

# The modules that add sub-commands, each with a ``register(subparsers)``.
AREAS = (
    event_cmds,  # new, settings, players, result, check
    pairing_cmds,  # pair, pairings swap, explain, simulate
    standings_cmds,  # standings, crosstable, playoff, rounds
    interop_cmds,  # export, import
    tui_cmds,  # open the TUI, demo, display, serve
    venue_cmds,  # clock
    section_cmds,  # sections (list, add, remove); --section on every command of a section
    desk_cmds,  # desk (states, check-in), fees (the treasurer's sheet)
    history_cmds,  # log, restore (the event's history in git)
    ratings_cmds,  # ratings import, list, find (the offline rating lists)
    report_cmds,  # report ratings (rating changes, norms, EGD estimate, rank certificates)
)


class CellWidthHelp(argparse.HelpFormatter):
    """argparse's help wrapped by terminal columns, not characters (Hangul and kanji take
    two columns: a Korean help line wrapped by characters ran past 80 columns)."""

    def _split_lines(self, text, width):
        return wrap(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text, width, indent):
        text = self._whitespace_matcher.sub(" ", text).strip()
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))


class Parser(argparse.ArgumentParser):
    """The CLI's parser: its subcommands' parsers are of the same class (argparse makes them
    with the parent's class), so every --help wraps by terminal columns."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", CellWidthHelp)
        super().__init__(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="swisstui",
        description=_("Swiss-system tournaments in the terminal: Go, Othello, Magic, Renju, chess."),
    )
    from .. import __version__
    parser.add_argument("--version", action="version", version=f"swisstui {__version__}",
                        help=_("show program's version number and exit"))
    # read by take_lang before parsing (anywhere on the line); listed here for --help
    parser.add_argument("--lang", metavar="LANG",
                        help=_("language of messages and help: {langs} (default: LANGUAGE, "
                               "LC_ALL, LC_MESSAGES, LANG)").format(
                                   langs=", ".join(i18n.available())))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for area in AREAS:
        area.register(sub)
    for name, child in sub.choices.items():
        section_cmds.add_section_option(child, name)
    return parser


def _mistyped_command(word: str, commands) -> str | None:
    """The command ``word`` was probably meant to be (``standing`` → ``standings``), unless
    ``word`` is an existing path (``swisstui EVENT`` opens the TUI on it)."""
    import difflib
    import os
    if os.path.exists(word):
        return None
    close = difflib.get_close_matches(word.lower(), list(commands), n=1, cutoff=0.75)
    return close[0] if close else None


def _say_waiting(lock) -> None:
    """Called by the store only when a writer has waited for another's lock for a moment a
    person notices (store.locking.NOTICE_AFTER, 0.5 s): a short wait stays silent."""
    print(_("swisstui: waiting for {lock} (another swisstui is writing this event)").format(lock=lock),
          file=sys.stderr, flush=True)


def _say_unrecorded(line: str) -> None:
    """A change was saved but the history could not record it (a damaged ``.git``)."""
    print(f"swisstui: {line}", file=sys.stderr, flush=True)


def take_lang(argv: list[str]) -> tuple[str | None, list[str]]:
    """(the ``--lang`` value or None, ``argv`` without it).  ``--lang`` is global: it may
    stand before or after the sub-command (``--lang ko pair EV``, ``pair EV --lang=ko``);
    after ``--`` it is an argument like any other.  A ``--lang`` without a value is left for
    argparse to refuse."""
    rest: list[str] = []
    lang: str | None = None
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            rest += argv[i:]
            break
        if word.startswith("--lang="):
            lang = word.split("=", 1)[1]
        elif word == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
            i += 1
        else:
            rest.append(word)
        i += 1
    return lang, rest


def choose_language(lang: str | None = None) -> str:
    """Speak the director's language from now on — ``lang`` (``--lang``), else the
    environment (i18n.resolve) — in our messages and in argparse's; an unknown language
    falls back to English with one line of warning on stderr.  The language chosen."""
    chosen, warning = i18n.resolve(lang)
    if warning:
        print(warning, file=sys.stderr)
    i18n.use(chosen)
    argparse_text.route()
    return chosen


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang, argv = take_lang(argv)
    choose_language(lang)  # before the parser: its help is translated when built
    parser = build_parser()
    # `swisstui` or `swisstui EVENT` opens the TUI (handled by tui_cmds when present).
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert choices is not None  # the sub-commands that build_parser added
    if not argv or (argv[0] not in choices and not argv[0].startswith("-")):
        meant = _mistyped_command(argv[0], choices) if argv else None
        if meant:
            print(_("swisstui: unknown command {value!r} (did you mean {meant}?)").format(value=argv[0], meant=meant),
                  file=sys.stderr)
            return 2
        if "open" in choices:
            argv = ["open", *argv]
    args = parser.parse_args(section_cmds.default_list(argv))
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    if args.command not in ("open", "demo", "display", "serve"):  # the TUI owns the screen
        from ..core import store
        from ..core.store import history
        store.lock_wait_notice = _say_waiting
        history.notice = _say_unrecorded
    try:
        rc = section_cmds.apply_section(args)
    except SwissError as exc:
        print(f"swisstui: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_("swisstui: interrupted; writes are atomic, so a change was saved whole or not "
              "at all"), file=sys.stderr)
        return 130
    return int(rc or 0)


def run() -> None:  # pragma: no cover - console entry
    """Kept for callers of the old entry point; the console script is swisstui.launch:run
    (handles Ctrl-C from the first instant)."""
    from ..launch import run as launch
    launch()
