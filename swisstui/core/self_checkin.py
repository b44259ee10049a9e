"""Self check-in from the players' page (issue 35 item 4; docs/FORMAT.md "desk.toml",
docs/TUI.md "The venue server"): the rule deciding whether a player may check themself in,
and the codes that keep a neighbour from checking someone else in.

**The code.**  While the players' page is open to everyone in the hall, the player's id is
not a secret (it is printed on the page beside the name).  Each player therefore has a short
code of their own: six digits derived from the section's secret ``self_checkin_key`` (128
random bits, written to desk.toml when self check-in is first opened) and the player's id by
HMAC-SHA256 (RFC 2104), so nothing per player is stored and the desk can print any
player's code at any time (``swisstui desk self-checkin EVENT codes``).  The director hands
each player their code (the entry's confirmation, the badge, a slip at registration); a
neighbour who knows the id but not the code cannot check that player in.  Six digits give a
million codes; the server lets a player's id be tried a few times only
(:mod:`swisstui.web.server`, ``CHECKIN_TRIES``), so guessing one is hopeless within an
event.  What the code does not protect against: a player who hands their code on, and a
person who reads desk.toml (the director's machine).  Self check-in only ever checks a player
*in*: checking out, and every other desk change, stay at the desk.

Pure functions: the service (:func:`swisstui.core.services.desk.self_check_in`) runs them on
the desk file under the event's lock.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .errors import SwissError
from .fees import Desk, state_of
from .i18n import _
from .model import Event, Player
from .registration import CHECKED_IN, CONFIRMED, PRE_REGISTERED

__all__ = ["CODE_DIGITS", "new_key", "code_for", "code_matches", "check", "REASONS"]

CODE_DIGITS = 6
#: What a refusal's ``field`` says (the players' page shows its own words for each).
REASONS = ("closed", "code", "state")


def new_key() -> str:
    """A fresh secret for a section's codes: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


def code_for(key: str, pid: int) -> str:
    """Player ``pid``'s code: HMAC-SHA256 of the id under ``key``, as ``CODE_DIGITS``
    decimal digits (the first 8 bytes modulo 10⁶: a bias below 10⁻¹³)."""
    mac = hmac.new(bytes.fromhex(key), str(pid).encode(), hashlib.sha256).digest()
    return str(int.from_bytes(mac[:8], "big") % 10 ** CODE_DIGITS).zfill(CODE_DIGITS)


def code_matches(key: str, pid: int, code: str) -> bool:
    """The typed ``code`` is player ``pid``'s (spaces ignored; compared in constant time)."""
    typed = "".join(str(code).split())
    return bool(key) and hmac.compare_digest(typed.encode(), code_for(key, pid).encode())


def check(event: Event, desk: Desk, pid: int, code: str) -> Player:
    """The player ``pid`` may check themself in now with ``code``, else a SwissError whose
    ``field`` is one of :data:`REASONS`: ``closed`` (self check-in or check-in itself is not
    open), ``code`` (no such player or not their code: the same answer, so the page does not
    tell which ids exist), ``state`` (withdrawn, on the waitlist, or not an entry the desk
    expects).  A player already checked in passes (checking in twice changes nothing)."""
    if not (desk.self_checkin and desk.checkin_open and desk.self_checkin_key):
        raise SwissError(_("self check-in is closed"), field="closed")
    player = event.player(pid)
    if player is None or not code_matches(desk.self_checkin_key, pid, code):
        raise SwissError(_("this is not the player's check-in code"), field="code")
    if state_of(desk, player) not in (PRE_REGISTERED, CONFIRMED, CHECKED_IN) \
            or not player.active_in(event.current_round + 1):
        raise SwissError(_("player {pid} is not expected: see the desk").format(pid=pid),
                         field="state")
    return player
