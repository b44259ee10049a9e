"""argparse's own words (``usage:``, ``options``, ``invalid choice: …``) in the director's
language.

argparse looks up its messages through its module-global ``_`` and ``ngettext`` when it
formats them (``argparse._('usage: ')``), so :func:`route` points those names at swisstui's
catalogue.  The msgids below are argparse's own (Python 3.11–3.13, checked on the project's
interpreter with ``inspect.getsource(argparse)``), listed with ``N_`` so ``tools/i18n.py
extract`` carries them into the template; a translation must keep their ``%s``, ``%r`` and
``%(name)s`` placeholders (``tools/i18n.py check``).  The messages argparse shows only to a
programmer (``dest= is required …``) are left out.
"""

from __future__ import annotations

import argparse

from ..core import i18n
from ..core.i18n import N_, ngettext

MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _expected(n: int) -> str:
    """argparse's plural message (``nargs=N``), here only so extraction carries it."""
    return ngettext("expected %s argument", "expected %s arguments", n)


def route() -> None:
    """Make argparse speak through swisstui's catalogue (the language set by
    :func:`swisstui.core.i18n.use`, read at each message)."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
