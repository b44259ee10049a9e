"""The venue server (``swisstui serve``): one aiohttp application on one address and port.

* ``/`` — the projector (the read-only ``swisstui display`` app in the browser, through
  textual-serve's app service), with a page of our own: local font, relative websocket
  address, text scaled to the window;
* ``/players`` — the players' page (phones, read-only); ``/players/events`` tells it
  (Server-Sent Events: at connect and after each change of the event) the document's version
  and the server's time; the page then fetches ``/players/data.json`` (gzip, compressed once
  per change); ``/players/qr.svg`` is the QR code of the page's address as the browser
  reached it — but when the browser reached the server on a loopback address
  (``http://127.0.0.1:8000``, the director's own machine) and the server listens on every
  address, the machine's address on the hall's network instead (a phone cannot open
  127.0.0.1); the projector shows a warning instead of a code when there is none;
* ``POST /players/checkin`` — self check-in (issue 35 item 4; :func:`players_checkin`):
  the one request of the page that writes, and it writes only that player's check-in;
* ``/?view=pairings&range=A-L`` — the projector showing one view and one part of its list
  (``swisstui display --only pairings --range A-L``), for halls with several screens;
  ``/?section=U1600`` — one section of an event of several (``display --section U1600``),
  its QR code opening the players' page on that section.

A watcher polls :func:`swisstui.core.services.fingerprint` every ``poll`` seconds; on a change
it rebuilds the document once (in a worker thread) and wakes every connected phone, so a saved
result is on the phones within a poll interval and a send.

An event of several sections (issue 33) is served whole, given its folder or any section's:
one document holds every section (:mod:`.snapshot`), and the watcher polls every section's
folder and clock (:func:`.snapshot.fingerprint`); ``/players?section=U1600`` opens the page
on one section.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import ipaddress
import re
import shlex
import socket
import struct
import sys
import time
from pathlib import Path

from aiohttp import web

from ..core import services
from ..core.services import sections
from ..core.readers import players_lang
from . import pages, qr
from ..core.errors import SwissError
from ..core.i18n import normalise
from ..core.store.sections import plain_word
from .snapshot import Source, fingerprint, load_source, snapshot_lang, source_bytes

POLL_SECONDS = 0.25
KEEPALIVE_SECONDS = 15.0
# A Host header we accept into the projector's command line (it is run by a shell).
_HOST_RE = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$")
# What the projector page may pass on to ``display --only/--range`` (checked there too).
_VIEW_RE = re.compile(r"^[a-z,]{1,60}$")
_RANGE_RE = re.compile(r"^[A-Za-z0-9]{1,4}-[A-Za-z0-9]{1,4}$")

class Live:
    """The players' document of one event folder, rebuilt when the folder changes: in the
    event's language, and in each other language a phone asked for (``data.json?lang=ko``,
    the page's picker), built from the same reading of the folder, so every language of
    one version says the same."""

    def __init__(self, folder: str | Path, poll: float = POLL_SECONDS):
        self.folder = Path(folder)  # the event's, or one of its sections' (the whole event)
        self.poll = poll
        self.version = 0
        self.doc = (b"{}", gzip.compress(b"{}"))
        # this version, what it was built from, its documents in other languages (replaced
        # as one, so a document is never filed under a version it was not built from)
        self.state: tuple[int, Source, dict[str, tuple[bytes, bytes]]] = \
            (0, SwissError(""), {})
        self.wanted: set[str] = set()  # the languages phones asked for (rebuilt on change)
        self.title = ""
        self.lang = "en"  # the players' language (the event's), kept with the document
        self._fingerprint: object = None
        self._changed = asyncio.Event()
        self._building: dict[tuple[int, str], asyncio.Future] = {}
        self.closing = False
        self.clients = 0

    def refresh_now(self) -> bool:
        """Rebuild the document if the folder changed (blocking); True when it changed."""
        fp = fingerprint(self.folder)  # every section's folder and clock
        if fp == self._fingerprint:
            return False
        self._fingerprint = fp
        source = load_source(self.folder)
        data = source_bytes(source)
        lang = snapshot_lang(data, self.lang)
        if data == self.data:
            return False
        others = {other: _packed(source_bytes(source, other))
                  for other in sorted(self.wanted) if other != lang}
        self.lang = lang
        self.doc = _packed(data)  # compressed once for every phone
        self.state = (self.version + 1, source, others)
        self.version += 1
        return True

    async def document(self, lang: str | None) -> tuple[tuple[bytes, bytes], int]:
        """The document in ``lang`` (None or the event's language: the event's), and its
        version: built once per version and language, the first time a phone asks."""
        if lang is None or lang == self.lang:
            return self.doc, self.version
        version, source, docs = self.state
        if lang in docs:
            return docs[lang], version
        self.wanted.add(lang)
        key = (version, lang)
        future = self._building.get(key)
        if future is None:
            loop = asyncio.get_running_loop()
            future = asyncio.ensure_future(loop.run_in_executor(
                None, lambda: _packed(source_bytes(source, lang))))
            self._building[key] = future
            future.add_done_callback(lambda _f: self._building.pop(key, None))
        built = await asyncio.shield(future)
        docs.setdefault(lang, built)
        return docs[lang], version

    @property
    def data(self) -> bytes:
        return self.doc[0]

    async def refresh(self) -> None:
        loop = asyncio.get_running_loop()
        if await loop.run_in_executor(None, self.refresh_now):
            self._wake()

    def _wake(self) -> None:
        old, self._changed = self._changed, asyncio.Event()
        old.set()

    async def watch(self) -> None:
        while not self.closing:
            try:
                await self.refresh()
            except Exception:  # a half-written file or a core bug must not stop the feed
                pass
            await asyncio.sleep(self.poll)

    def close(self) -> None:
        self.closing = True
        self._wake()

    async def changed(self, timeout: float) -> None:
        event = self._changed
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    def message(self) -> bytes:
        """What the feed sends: the document's version and the server's time (the page
        counts the clock down from it); the page then fetches the document if it is new."""
        return b'{"version":%d,"now":%.3f}' % (self.version, time.time())


def _packed(data: bytes) -> tuple[bytes, bytes]:
    return data, gzip.compress(data, 6)


LIVE = web.AppKey("live", Live)
BIND = web.AppKey("bind", str)  # the address the server listens on (--host)
# the private ranges of a hall's network (RFC 1918, RFC 4193): preferred for the QR code
_LAN_NETS = tuple(ipaddress.ip_network(n) for n in
                  ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"))


# ---- players' page -------------------------------------------------------------------------

async def players_page(request: web.Request) -> web.Response:
    live = request.app[LIVE]
    return web.Response(text=pages.players_page(live.title, live.lang), content_type="text/html",
                        headers={"Cache-Control": "no-cache"})


async def players_redirect(request: web.Request) -> web.Response:
    raise web.HTTPFound("players")


async def players_data(request: web.Request) -> web.Response:
    """The document, gzip-compressed when the browser takes it (all do): about a sixth of
    the bytes on the venue's Wi-Fi, compressed once per change, not once per phone.
    ``?lang=ko``: in the language the player chose on the page (one with a catalogue;
    anything else is the event's language)."""
    live = request.app[LIVE]
    asked = request.query.get("lang", "")
    lang = normalise(asked) if asked and len(asked) <= 20 else None
    (data, packed), version = await live.document(lang)
    headers = {"Cache-Control": "no-cache", "Vary": "Accept-Encoding",
               "X-Document-Version": str(version)}
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        headers["Content-Encoding"] = "gzip"
        data = packed
    return web.Response(body=data, content_type="application/json", headers=headers)


# ---- self check-in ---------------------------------------------------------------------------

#: The largest body a check-in may have (``id=12345&code=123456`` is 20 bytes).
CHECKIN_BODY = 256
#: Wrong codes a player's id may be tried with in ``CHECKIN_WINDOW`` seconds; after that the
#: id is refused (``tries``) until the window has passed: with six digits, guessing one
#: player's code takes 200 000 tries on average.
CHECKIN_TRIES = 5
CHECKIN_WINDOW = 900.0
#: Check-in requests a client address may make in a minute, right or wrong.
CHECKIN_PER_CLIENT = 20
_CHECKIN_ID = re.compile(r"[0-9]{1,9}")
_CHECKIN_CODE = re.compile(r"[0-9 ]{1,16}")
# what the page is told, by the reason of a refusal (its own words: pages.PAGE_TEXT)
_CHECKIN_STATUS = {"closed": 403, "code": 403, "state": 403, "tries": 429, "busy": 429,
                   "error": 400}


class Limits:
    """Counts of recent events by key (a client's address, a player's id), kept
    ``window`` seconds; at most ``keys`` keys (the oldest forgotten), so a flood of
    addresses cannot fill the server's memory."""

    def __init__(self, keys: int = 10_000):
        self.seen: dict[object, list[float]] = {}
        self.keys = keys

    def count(self, key: object, now: float, window: float) -> int:
        times = [t for t in self.seen.get(key, ()) if now - t < window]
        if times:
            self.seen[key] = times
        else:
            self.seen.pop(key, None)
        return len(times)

    def add(self, key: object, now: float) -> None:
        self.seen.setdefault(key, []).append(now)
        while len(self.seen) > self.keys:
            self.seen.pop(next(iter(self.seen)))


LIMITS = web.AppKey("limits", Limits)


def _checkin_answer(reason: str | None) -> web.Response:
    """``{"ok": true}`` or ``{"ok": false, "reason": ...}``: the page words it (one of
    ``closed code state tries busy error``); never a traceback."""
    body = b'{"ok":true}' if reason is None else b'{"ok":false,"reason":"%s"}' % \
        reason.encode()
    return web.Response(body=body, status=200 if reason is None else _CHECKIN_STATUS[reason],
                        content_type="application/json", headers={"Cache-Control": "no-store"})


def _checkin_form(body: bytes) -> tuple[int, str] | None:
    """``id`` and ``code`` of a form body (``application/x-www-form-urlencoded``), each
    once and nothing else; None for anything else."""
    from urllib.parse import parse_qsl
    try:
        pairs = parse_qsl(body.decode("ascii"), keep_blank_values=True, strict_parsing=True,
                          max_num_fields=2)
    except (UnicodeDecodeError, ValueError):
        return None
    form = dict(pairs)
    if len(pairs) != 2 or set(form) != {"id", "code"} \
            or not _CHECKIN_ID.fullmatch(form["id"]) or not _CHECKIN_CODE.fullmatch(form["code"]):
        return None
    return int(form["id"]), form["code"]


def _section_of(live: Live, pid: int) -> Path | str:
    """The folder of the section player ``pid`` plays in, read from the document's last
    reading of the event (no file read: a refusal costs the server nothing), or the reason
    to refuse at once: ``closed`` when no section has self check-in open, ``code`` for an
    id that is no player (the answer of a wrong code: ids are not told), ``busy`` when the
    event could not be read.  The reading is at most a poll old; the core decides again,
    under the lock, on the files as they are."""
    source = live.state[1]
    if isinstance(source, SwissError):
        return "busy"
    parts = source[2]
    if all(part.checked_in is None for part in parts):
        return "closed"
    place: Path | None = None
    for part in parts:
        p = part.event.player(pid)
        if p is not None and part.folder is not None \
                and (place is None or p.withdrawn_from is None):
            place = part.folder  # a player moved to another section: where he plays now
    return place if place is not None else "code"


def _check_in(place: Path, pid: int, code: str) -> str | None:
    """Check player ``pid`` in with ``code`` in the section folder ``place`` (blocking: run
    in a worker thread); None when done (or already done), else the reason of the refusal."""
    from ..core.self_checkin import REASONS
    from ..core.services import desk
    try:
        desk.self_check_in(place, pid, code)
    except SwissError as exc:
        return exc.field if exc.field in REASONS else "busy"  # the lock, a damaged file
    return None


async def players_checkin(request: web.Request) -> web.Response:
    """``POST /players/checkin`` with ``id=ID&code=CODE``: the player checks themself in
    (:func:`swisstui.core.services.desk.self_check_in`: under the event's lock, that
    player's check-in and nothing else).  Guarded: a body of at most ``CHECKIN_BODY``
    bytes holding exactly those two fields; at most ``CHECKIN_PER_CLIENT`` requests a
    minute from one address; ``CHECKIN_TRIES`` wrong codes per id in ``CHECKIN_WINDOW``;
    the rule's own refusals (closed, not the code, not expected).  Every answer is a line
    of JSON for the page; nothing else is ever written."""
    live, limits = request.app[LIVE], request.app[LIMITS]
    now = time.monotonic()
    client = ("client", request.remote or "")
    if limits.count(client, now, 60.0) >= CHECKIN_PER_CLIENT:
        return _checkin_answer("busy")
    limits.add(client, now)
    try:
        if (request.content_length or 0) > CHECKIN_BODY:
            return _checkin_answer("error")
        body = await request.content.read(CHECKIN_BODY + 1)
    except Exception:  # a client gone, a broken chunked body
        return _checkin_answer("error")
    form = _checkin_form(body) if len(body) <= CHECKIN_BODY else None
    if form is None:
        return _checkin_answer("error")
    pid, code = form
    if limits.count(("id", pid), now, CHECKIN_WINDOW) >= CHECKIN_TRIES:
        return _checkin_answer("tries")
    place = _section_of(live, pid)
    if isinstance(place, str):
        reason: str | None = place
    else:
        loop = asyncio.get_running_loop()
        try:
            reason = await loop.run_in_executor(None, _check_in, place, pid, code)
        except Exception:  # the event cannot be read now (half-written, a core bug): no trace
            reason = "busy"
    if reason == "code":
        limits.add(("id", pid), now)
    # (the watcher sees desk.toml change and sends the phones the new document)
    return _checkin_answer(reason)


async def players_events(request: web.Request) -> web.StreamResponse:
    live = request.app[LIVE]
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                       "Cache-Control": "no-store",
                                       "X-Accel-Buffering": "no"})
    await resp.prepare(request)
    live.clients += 1
    sent = -1
    try:
        while not live.closing:
            if live.version != sent:
                sent = live.version
                await resp.write(b"data: " + live.message() + b"\n\n")
                continue
            before = live.version
            await live.changed(KEEPALIVE_SECONDS)
            if live.version == before and not live.closing:
                await resp.write(b": keep-alive\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        live.clients -= 1
    return resp


def page_url(request: web.Request, path: str = "/players") -> str:
    """The address of ``path`` as this browser reached the server (its Host header); a
    loopback address (the director opened ``http://127.0.0.1:8000`` on the server's own
    machine) becomes the machine's LAN address when the server listens on every address
    (``--host 0.0.0.0`` or ``::``): that is the one phones can open.  Without a LAN address,
    or on a server listening on loopback only, it stays loopback and the projector says
    phones cannot use it (:func:`swisstui.tui.screens.display.unreachable`)."""
    host = request.host
    if not _HOST_RE.match(host or ""):  # no usable Host header: the address it came in on
        local = request.transport.get_extra_info("sockname") if request.transport else None
        if isinstance(local, tuple) and isinstance(local[0], str):
            host = url_host(local[0], local[1])
        else:
            host = "127.0.0.1"
    name, _sep, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not _sep or not port.isdecimal():
        name, port = host, ""
    if loopback(name) and wildcard(request.app.get(BIND, "127.0.0.1")):
        lan = lan_address()
        if lan is not None:
            host = lan + (f":{port}" if port else "")
    return f"{request.scheme}://{host}{path}"


def loopback(host: str) -> bool:
    """``host`` (as in a URL: ``[::1]``, ``localhost``) names this machine only."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def qr_svg(request: web.Request) -> web.Response:
    return web.Response(body=qr.svg(page_url(request)), content_type="image/svg+xml")


# ---- the projector (textual-serve) ----------------------------------------------------------

def wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


def interface_addresses() -> list[str]:
    """The IPv4 and IPv6 addresses of this machine's network interfaces, read from
    the interfaces themselves (no packet sent, no name looked up): on Linux the SIOCGIFADDR
    ioctl of each interface and ``/proc/net/if_inet6``; elsewhere none."""
    out: list[str] = []
    if not sys.platform.startswith("linux"):
        return out
    import fcntl
    siocgifaddr = 0x8915
    try:
        names = [name for _index, name in socket.if_nameindex()]
    except OSError:
        names = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for name in names:
            try:
                req = struct.pack("256s", name.encode()[:15])
                out.append(socket.inet_ntoa(fcntl.ioctl(s.fileno(), siocgifaddr, req)[20:24]))
            except OSError:  # an interface without an IPv4 address
                continue
    with contextlib.suppress(OSError, ValueError), open("/proc/net/if_inet6") as f:
        for line in f:
            raw = line.split()[0]
            out.append(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    return out


def lan_address(family: int = socket.AF_INET) -> str | None:
    """This machine's address on the hall's network, from its interfaces
    (:func:`interface_addresses`): a private address first (10/8, 172.16/12, 192.168/16,
    fc00::/7), then any other that is neither loopback nor link-local; None when none."""
    want = 4 if family == socket.AF_INET else 6
    found = []
    for text in interface_addresses():
        try:
            addr = ipaddress.ip_address(text)
        except ValueError:
            continue
        if addr.version != want or addr.is_loopback or addr.is_link_local \
                or addr.is_unspecified or addr.is_multicast:
            continue
        found.append(addr)
    best = sorted(range(len(found)), key=lambda i: (not any(
        found[i] in net for net in _LAN_NETS if net.version == found[i].version), i))
    return str(found[best[0]]) if found else None


def url_host(host: str, port: int) -> str:
    """``host:port`` for a URL (IPv6 in brackets); a wildcard becomes the LAN address."""
    if wildcard(host):  # phones are on IPv4 more often than not
        host = lan_address() or (lan_address(socket.AF_INET6) if host == "::" else None) \
            or "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"{host}:{port}"


class Projector:
    """The projector routes: our page, textual-serve's websocket that runs one ``display``
    process per browser (told the players' page address the browser used), its statics."""

    def __init__(self, command: str, title: str, cols: int = 100, rows: int = 32,
                 live: Live | None = None):
        from textual_serve.server import Server
        self.command = command
        self.title = title
        self.live = live  # its language is the players' (the page's own two words)
        self.cols, self.rows = cols, rows
        self.server = Server(command, title=title)

    def routes(self) -> list[web.AbstractRouteDef]:
        return [web.get("/", self.index), web.get("/ws", self.websocket),
                web.get("/ws/{view}/{range}", self.websocket),
                web.get("/ws/{view}/{range}/{section}", self.websocket),
                web.get("/download/{key}", self.server.handle_download),
                web.static("/static", self.server.statics_path)]

    async def index(self, request: web.Request) -> web.Response:
        lang = self.live.lang if self.live is not None else "en"
        return web.Response(text=pages.projector_page(self.title, self.cols, self.rows, lang),
                            content_type="text/html", headers={"Cache-Control": "no-cache"})

    def command_for(self, request: web.Request) -> str:
        """The ``display`` command of one browser: the players' page address it should
        show, and the view and part of the list the page asked for (``/?view=pairings&
        range=A-L``, passed as ``/ws/pairings/A-L``; ``-`` for none), and the section
        (``/?section=U1600``: ``/ws/-/-/U1600``; the QR code opens the players' page on it)."""
        section = request.match_info.get("section", "-")
        section = section if plain_word(section) else ""
        url = page_url(request, "/players" + (f"?section={section}" if section else ""))
        command = f"{self.command} --players-url {shlex.quote(url)}"
        view = request.match_info.get("view", "-")
        rng = request.match_info.get("range", "-")
        if _VIEW_RE.match(view):
            command += f" --only {shlex.quote(view)}"
        if _RANGE_RE.match(rng):
            command += f" --range {shlex.quote(rng)}"
        if section:
            command += f" --section {shlex.quote(section)}"
        return command

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        from textual_serve.app_service import AppService
        from textual_serve.server import to_int
        ws = web.WebSocketResponse(heartbeat=15)
        await ws.prepare(request)

        async def close() -> None:
            await ws.close()

        service = AppService(self.command_for(request), write_bytes=ws.send_bytes,
                             write_str=ws.send_str, close=close,
                             download_manager=self.server.download_manager)
        try:
            await service.start(to_int(request.query.get("width", "80"), 80),
                                to_int(request.query.get("height", "24"), 24))
            await self.server._process_messages(ws, service)
        except asyncio.CancelledError:
            await ws.close()
        finally:
            await service.stop()
        return ws


# ---- the application ------------------------------------------------------------------------

def make_app(folder: str | Path, projector_command: str | None = None,
             poll: float = POLL_SECONDS, host: str = "127.0.0.1") -> web.Application:
    """The aiohttp application of the venue server for the event in ``folder``, listening
    on ``host`` (what the QR codes' address depends on: :func:`page_url`)."""
    live = Live(folder, poll)
    event = services.load(sections.root_of(folder))  # the event's, not a section's
    live.title = event.settings.name or "swisstui"
    live.lang = players_lang(event)
    app = web.Application()
    app[LIVE] = live
    app[BIND] = host
    app[LIMITS] = Limits()
    app.add_routes([web.get("/players", players_page), web.get("/players/", players_redirect),
                    web.get("/players/data.json", players_data),
                    web.get("/players/events", players_events),
                    web.get("/players/qr.svg", qr_svg),
                    web.post("/players/checkin", players_checkin)])
    if projector_command is not None:
        app.add_routes(Projector(projector_command, live.title, live=live).routes())

    watcher: list[asyncio.Task] = []

    async def start(app: web.Application) -> None:
        live.refresh_now()
        watcher.append(asyncio.create_task(live.watch()))

    async def stop(app: web.Application) -> None:
        live.close()
        for task in watcher:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    app.on_startup.append(start)
    app.on_shutdown.append(stop)
    return app


def serve(folder: str | Path, host: str, port: int, projector_command: str | None) -> None:
    """Run the venue server until Ctrl+C (or SIGTERM).  ``::`` listens on every address,
    IPv4 and IPv6 (asyncio alone would make it IPv6 only)."""
    web.run_app(make_app(folder, projector_command, host=host),
                host=None if wildcard(host) and
                host != "0.0.0.0" else host, port=port, print=None, shutdown_timeout=2.0)
