"""The command's entry point (``bin/swisstui`` → :func:`run`): Ctrl-C at any moment ends the
program with exit code 130 and one line on stderr, never a traceback (QA issue 16, item 7).

This module imports nothing heavy and installs the SIGINT handler first, so an interrupt
while the rest of the program is still being imported (the first ~80 ms of every command)
is handled too.  The handler ends the process at once (``os._exit(130)``) instead of raising
KeyboardInterrupt, which Python may swallow ("Exception ignored in ...") or turn into a
traceback when it lands in an import, a ``finally`` or a callback.  That is safe because
every write of swisstui defers SIGINT until the write is done (``store.atomic``), the kernel
releases the lock of a process that ends, and a change of several files is journalled: a
change is saved whole or not at all.

The TUI commands keep Python's KeyboardInterrupt, so Textual restores the terminal.

What no program can handle is what runs before this module's first line: the interpreter's
start-up (until Python installs its own handler, SIGINT kills the process silently; after
it, a Ctrl-C is a KeyboardInterrupt traceback), ``site`` with the venv's .pth files, and
swisstui/__init__.py (one assignment).  The installed command is ``bin/swisstui``, a plain
script whose first import is this module; the console script pip generates for a
``[project.scripts]`` entry point imports ``re`` and ``sys`` first.  Measured on the
project's 2-core machine (issue 31, item 12), the least wall time of 20 runs
(tests/bench/interrupt_window.py --bare; the last row by the same loop on 30 runs):

    python -S -c pass (the interpreter alone)                   7.5 ms
    + site, editable finder (pip install -e, default mode)     23.3 ms  (it imports pathlib,
                                                                          urllib, ipaddress ...)
    + site, plain path .pth (editable_mode=compat, README)      10.8 ms
    + pip's `import re`, then this module: handler in place    26.1 ms finder / 19.7 ms compat
    bin/swisstui (no `re`): handler in place, compat           12.6-13.8 ms, against
                                                               19.9-24.5 ms with `import re`

So a Ctrl-C gave a traceback from ~8 ms to ~26 ms after exec on a quiet machine (to 60 ms
under load: 81 of 155 tries at 0-60 ms), and now to ~13 ms, of which ~10 ms is Python's own
start-up with site, which no program can shorten; `python -m swisstui` imported the whole
command line (0.1-0.5 s) before any handler and now comes here first (__main__.py).
tests/cli/test_cli_interrupt.py checks that nothing else is imported before the handler.
The compat editable mode is setuptools' "transitional" one: the lock pins the setuptools
that builds it (tools/test_newest.sh shows when a newer one drops it).

A SIGINT that is blocked while the process starts (the mask is inherited across exec) is
delivered as soon as the handler is in place (the tests start it so).
"""

import os  # already loaded by the interpreter's start-up, like sys
import sys

import _signal  # the C module: `signal` would import enum first (~10 ms without a handler)

INTERRUPTED = (b"swisstui: interrupted; writes are atomic, so a change was saved whole or "
               b"not at all\n")
TUI_COMMANDS = ("open", "demo", "display", "serve")


def _quit(signum=None, frame=None):
    try:
        os.write(2, INTERRUPTED)
    except OSError:
        pass
    os._exit(130)


_signal.signal(_signal.SIGINT, _quit)
if hasattr(_signal, "pthread_sigmask"):  # a SIGINT held back during start-up: now
    _signal.pthread_sigmask(_signal.SIG_UNBLOCK, {_signal.SIGINT})


def _reader_left() -> None:
    """The reader of standard output went away (``| head``) while a command printed: exit 1
    quietly, as the commands' own writers do (cli.event_cmds._out), never a traceback.  What
    the command wrote to the event was already on disk, whole (every write is atomic)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
    os._exit(1)


def _opens_the_tui(argv: list[str]) -> bool:
    """``swisstui``, ``swisstui EVENT`` and the TUI commands (see ``cli.main``)."""
    return not argv or argv[0] in TUI_COMMANDS or (
        not argv[0].startswith("-") and os.path.exists(argv[0]))


def run() -> None:
    """Run the command line and exit with its code (130 after Ctrl-C)."""
    from swisstui.cli import main, take_lang  # under the handler: Ctrl-C exits 130 quietly
    tui = _opens_the_tui(take_lang(sys.argv[1:])[1])
    if tui:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        rc = main()
    except KeyboardInterrupt:
        _quit()
    except BrokenPipeError:  # `swisstui desk EVENT | head`: the reader left; say nothing
        _reader_left()
    _signal.signal(_signal.SIGINT, _quit)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # `swisstui standings EVENT | head`
            pass
    if tui:
        sys.exit(rc)
    # A command line ends here, output flushed and every write on disk: leave without the
    # interpreter's finalisation, which puts SIGINT back to its default action (a Ctrl-C in
    # that window would kill the process silently instead of exiting 0 or 130).
    os._exit(rc if isinstance(rc, int) else 0)
