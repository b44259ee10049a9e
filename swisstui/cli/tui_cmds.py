"""Commands that open a screen: ``open [EVENT]`` (also plain ``swisstui [EVENT]``), ``demo``,
``display EVENT`` (projector) and ``serve EVENT`` (projector in a browser and the players'
page: :mod:`swisstui.web.server`).
Thin: they check the folder with the core (file:line errors, exit 1) and start the app."""

from __future__ import annotations

from ..core.i18n import _

import argparse
import errno
import shlex
import sys
import tempfile
from pathlib import Path

from ..core.errors import SwissError

DEMO_GAME = "chess"


def is_event_folder(path: Path) -> bool:
    return (path / "event.toml").is_file()


def _folder(arg: str | None, new_ok: bool = False) -> Path:
    """The event folder to open; with ``new_ok`` an empty folder is accepted too (the
    application then opens its new-event form).  A folder that does not exist is refused: a
    mistyped word must not start an event."""
    folder = Path(arg) if arg else Path.cwd()
    if new_ok and folder.is_dir() and not any(folder.iterdir()):
        return folder
    if not folder.exists():
        raise SwissError(_("{folder}: no such folder").format(folder=folder))
    if not is_event_folder(folder):
        hint = ("" if arg else " " + _("(run `swisstui EVENT`, `swisstui new EVENT --game G` "
                                       "or `swisstui demo`)"))
        raise SwissError(_("{folder}: not an event folder: event.toml is missing{hint}").format(folder=folder, hint=hint))
    return folder


def cmd_open(args: argparse.Namespace) -> int:
    folder = _folder(args.event, new_ok=True)
    from ..tui.app import run_app
    return run_app(folder, theme=args.theme)


def cmd_demo(args: argparse.Namespace) -> int:
    from ..core import services
    for old in services.remove_old_demos():
        print(_("swisstui: removed the demo copy {old} (unchanged for a day)").format(old=old), file=sys.stderr)
    from ..core.services.event import DEMO_PREFIX
    tmp = Path(tempfile.mkdtemp(prefix=DEMO_PREFIX))
    folder = services.make_demo(tmp, args.game)
    print(_("swisstui: demo event copied to {folder} (removed by a later `swisstui demo` once unchanged for a day)").format(folder=folder), file=sys.stderr)
    if args.no_open:
        print(folder)
        return 0
    from ..tui.app import run_app
    rc = run_app(folder, theme=args.theme)
    print(_("swisstui: the demo event is in {folder}").format(folder=folder), file=sys.stderr)  # after the screen
    return rc


def cmd_display(args: argparse.Namespace) -> int:
    folder = _folder(args.event)
    if args.cycle < 0:
        raise SwissError(_("--cycle: seconds must be 0 (no cycling) or more"))
    from ..tui.screens.display import run_display
    return run_display(folder, cycle=args.cycle, theme=args.theme,
                       players_url=args.players_url, only=args.only, rows=args.range,
                       section=args.section)


def serve_command(folder: Path, cycle: float, theme: str | None) -> str:
    parts = [sys.executable, "-m", "swisstui", "display", str(folder.resolve()),
             "--cycle", f"{cycle:g}"]
    if theme:
        parts += ["--theme", theme]
    return shlex.join(parts)


def check_address(host: str, port: int) -> None:
    """Refuse, with one line, a port out of range, an unknown host or a busy port — before
    any server starts (a bind that fails inside the server is a traceback)."""
    import socket
    if not 1 <= port <= 65535:
        raise SwissError(_("--port must be 1 to 65535, not {port}").format(port=port))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise SwissError(_("--host {host}: cannot resolve this address ({exc})").format(host=host, exc=exc)) from None
    family, kind, proto, _canonname, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise SwissError(_("port {port} is already in use; try --port {value}").format(port=port, value=port + 1 if port < 65535 else port - 1)) from None
            raise SwissError(_("cannot listen on {host}:{port}: {value}").format(host=host, port=port, value=exc.strerror or exc)) from None


def cmd_serve(args: argparse.Namespace) -> int:
    folder = _folder(args.event)
    from ..tui.themes import resolve_theme
    resolve_theme(args.theme)  # refuse an unknown theme before starting the server
    check_address(args.host, args.port)
    from ..web import server
    command = serve_command(folder, args.cycle, args.theme)
    where = server.url_host(args.host, args.port)
    print(_("swisstui: projector on http://{where}/ , players' page on http://{where}/players (Ctrl+C stops)").format(where=where), file=sys.stderr)
    try:
        server.serve(folder, args.host, args.port, command)
    except OSError as exc:  # taken between the check and the server's own bind
        raise SwissError(_("cannot serve on {host}:{port}: {value}").format(host=args.host, port=args.port, value=exc.strerror or exc)) from None
    return 0


def _theme_arg(p: argparse.ArgumentParser, default_help: str) -> None:
    p.add_argument("--theme", default=None,
                   help=_("colour theme: dark, light, projector, monochrome ({default_help})").format(default_help=default_help))


def register(subparsers) -> None:
    p = subparsers.add_parser("open", help=_("open the TUI on an event (default: this folder)"))
    p.add_argument("event", nargs="?", help=_("event folder (default: the current folder)"))
    _theme_arg(p, _("default dark"))
    p.set_defaults(func=cmd_open)

    p = subparsers.add_parser("demo", help=_("copy a sample event to a temporary folder and open it"))
    p.add_argument("--game", default=DEMO_GAME, help=_("which sample (default {DEMO_GAME})").format(DEMO_GAME=DEMO_GAME))
    p.add_argument("--no-open", action="store_true",
                   help=_("only make the copy and print its folder"))
    _theme_arg(p, _("default dark"))
    p.set_defaults(func=cmd_demo)

    p = subparsers.add_parser("display", help=_("read-only projector view (live)"))
    p.add_argument("event", help=_("event folder"))
    p.add_argument("--cycle", type=float, default=15.0,
                   help=_("seconds per page (default 15; 0 = no cycling)"))
    p.add_argument("--players-url", default=None, metavar="URL",
                   help=_("address of the players' page, shown as a QR code (serve sets it)"))
    p.add_argument("--only", default=None, metavar="VIEWS",
                   help=_("show only these views: standings, pairings, alphabetical, "
                          "crosstable (a comma list; default all)"))
    p.add_argument("--range", default=None, metavar="RANGE",
                   help=_("show one part of each list: A-L (names starting A to L) or "
                          "1-50 (rows 1 to 50), so several screens share a long list"))
    p.add_argument("--section", default=None, metavar="NAME",
                   help=_("show this section only (default: every section in turn, "
                          "\"find your board\" across all)"))
    _theme_arg(p, _("default projector"))
    p.set_defaults(func=cmd_display)

    p = subparsers.add_parser(
        "serve", help=_("serve the projector (/) and the players' page (/players) to browsers"),
        description=_("One web server for the venue: the projector view at / and the "
                    "players' page for phones at /players.  --host 0.0.0.0 (or ::) lets "
                    "the hall's network in; nothing is fetched from the internet."))
    p.add_argument("event", help=_("event folder"))
    p.add_argument("--host", default="127.0.0.1", help=_("address to bind (default 127.0.0.1)"))
    p.add_argument("--port", type=int, default=8000, help=_("port (default 8000)"))
    p.add_argument("--cycle", type=float, default=15.0, help=_("seconds per page (default 15)"))
    _theme_arg(p, _("default projector"))
    p.set_defaults(func=cmd_serve)
