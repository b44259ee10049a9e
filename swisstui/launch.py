"""The console entry point (``swisstui`` → :func:`run`): Ctrl-C at any moment ends the
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

What no program can handle is the interpreter's own start-up before the first line of
swisstui runs (site and the environment's .pth files: a few ms in a normal install, more in
an editable one).  A SIGINT that is blocked while the process starts (the mask is inherited
across exec) is delivered as soon as the handler is in place (the tests start it so).
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
