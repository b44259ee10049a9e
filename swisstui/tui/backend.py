"""The TUI's door to the event folder: each function calls one action of
:mod:`swisstui.core.services` (the same the CLI calls), so every write runs inside
``store.update`` (exclusive lock, fresh re-read, atomic write) and the screen shows "saved"
only after the file is written.  What is left here is the TUI's own: turning an unexpected
failure into a status line instead of a crash (the entry line's syntax, ``12 1-0 black=3``, is
the core's :func:`swisstui.core.results.parse_entry`).
Nothing here knows about Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..core import i18n, services
from ..core import results as core_results
from ..core.errors import ResultError, SwissError
from ..core.i18n import N_, _
from ..core.model import Event
from ..core.readers import reader_text

T = TypeVar("T")


def guarded(action: Callable[..., T], *args: Any, **kw: Any) -> T:
    """``action(*args, **kw)``; anything that is not a SwissError (a bug, a full disk)
    becomes one, so the screen reports it on the status line instead of closing."""
    try:
        return action(*args, **kw)
    except SwissError:
        raise
    except OSError as exc:
        raise SwissError(_("{file}: cannot write: {error}").format(
            file=exc.filename or "", error=exc.strerror or exc).lstrip(": ")) from exc
    except Exception as exc:
        raise SwissError(_("internal error, nothing saved ({error})").format(
            error=f"{type(exc).__name__}: {exc}")) from exc


def load(folder: Path) -> Event:
    return services.load(folder)


def fingerprint(folder: Path) -> Any:
    return services.fingerprint(folder)


# ---- result entry ------------------------------------------------------------------------

# the entry line's syntax is the core's (one reading of ``12 1-0 black=3``, its refusals)
Entry = core_results.Entry
parse_entry = core_results.parse_entry
CLEAR_WORDS = core_results.CLEAR_WORDS


def drop_ids(value: Any) -> list[int]:
    """The players of ``drop=`` (Magic): one id, or several separated by commas."""
    out = []
    for part in str(value).split(","):
        part = part.strip()
        if not part.isdecimal() or int(part) < 1:
            raise ResultError(_("drop={value}: give the id of the player who drops, e.g. "
                                "drop=12 (or drop=12,15)").format(value=value))
        out.append(int(part))
    return out


def record_result(folder: Path, round_no: int, board_no: int, text: str,
                  extra: dict[str, Any] | None = None, force: bool = False,
                  reason: str | None = None) -> services.ResultOutcome:
    """Record a result as typed; Magic's ``drop=ID`` also withdraws that player of the board
    from the next round, in the same write."""
    extra = dict(extra or {})
    if "drop" in extra:
        extra["drop"] = drop_ids(extra["drop"])
    return guarded(services.record_result, folder, round_no, board_no, text, extra,
                   force=force, reason=reason)


def clear_result(folder: Path, round_no: int, board_no: int,
                 reason: str | None = None) -> services.ResultOutcome:
    return guarded(services.clear_result, folder, round_no, board_no, reason=reason)


preview_result = services.preview_result
next_empty_board = services.next_empty_board


def entry_example(event: Event) -> str:
    """The example the results entry line shows: the game profile's, which may depend on the
    options (Go under Ing rules: the ``ing LEAD`` calculator)."""
    from ..core.games import profile
    return profile(event.game).entry.hint(event.settings)


# ---- pairing --------------------------------------------------------------------------------

def preview_pairing(event: Event, allow_rematch: bool = False, folder: Path | None = None):
    """The next round's pairing, the desk's waitlist of ``folder`` left out."""
    return guarded(services.preview_pairing, event, allow_rematch=allow_rematch,
                   waitlist=waitlisted(folder, event) if folder is not None else ())


def waitlisted(folder: Path, event: Event | None = None) -> frozenset[int]:
    """The desk's waitlisted entries of the section ``folder`` (none without a desk)."""
    from ..core.services.desk import waitlisted as wait
    return guarded(wait, folder, event)


def board_terms(game: str, board) -> str:
    """The board's handicap stones and komi (Go handicap games), "" when none, in the
    director's language."""
    from ..core.board_setup import describe
    return describe(game, board, _)


def score_title(event: Event) -> str:
    """Title of the score a pairing list shows: ``MMS`` in a McMahon event, else ``Pts``."""
    return "MMS" if event.settings.system == "mcmahon" else N_("Pts")


def pairing_scores(event: Event, round_no: int) -> tuple[dict[int, float], str]:
    """(the score each player was paired on in ``round_no``, its column title)."""
    return services.pairing_scores(event, round_no), score_title(event)


left_out = services.left_out


def pair_next(folder: Path, allow_rematch: bool = False, preview=None, basis=None):
    """Pair the next round inside the lock (the previewed pairing when the event is still
    ``basis``); returns (event, Pairing)."""
    out = guarded(services.pair_next, folder, allow_rematch=allow_rematch, preview=preview,
                  basis=basis)
    return out.event, out.pairing


def undo_round(folder: Path, force: bool = False, reason: str | None = None) -> Event:
    return guarded(services.undo_round, folder, force=force, reason=reason)


# the hand edits of a paired round (issue 34 item 9): preview (nothing written) and save
_PREVIEWS: dict[str, Callable[..., services.HandEdit]] = {
    "swap": services.preview_swap, "latecomer": services.preview_latecomer,
    "board": services.preview_new_board, "remove": services.preview_remove_board,
    "repair": services.preview_repair}
_SAVES: dict[str, Callable[..., services.HandEdit]] = {
    "swap": services.swap, "latecomer": services.add_latecomer,
    "board": services.add_board, "remove": services.remove_board,
    "repair": services.repair_round}


def preview_edit(kind: str, event: Event, round_no: int, *args, first_board: int = 1
                 ) -> services.HandEdit:
    """What the hand edit ``kind`` would do and cost (nothing written)."""
    return guarded(_PREVIEWS[kind], event, round_no, *args, first_board=first_board)


def save_edit(kind: str, folder: Path, round_no: int, *args,
              reason: str | None = None) -> services.HandEdit:
    """Save the hand edit ``kind`` (a published round: with ``reason``)."""
    return guarded(_SAVES[kind], folder, round_no, *args, reason=reason)


def explain(event: Event, round_no: int, board_no: int, last=None,
            first_board: int = 1, folder: Path | None = None) -> list[str]:
    """Why this board (``board_no`` 0: the byes) — the same text as ``swisstui explain``;
    with the event's ``folder``, who edited a hand-made board and why."""
    return guarded(services.explain, event, round_no, board_no, last, first_board=first_board,
                   folder=folder)


# ---- registration ---------------------------------------------------------------------------

def add_player(folder: Path, **fields: Any) -> services.PlayerOutcome:
    name = fields.pop("name")
    return guarded(services.add_player, folder, name, **fields)


def edit_player(folder: Path, pid: int, **fields: Any) -> services.PlayerOutcome:
    return guarded(services.edit_player, folder, pid, **fields)


def import_csv(folder: Path, path: str) -> services.ImportOutcome:
    return guarded(services.import_players, folder, Path(path).expanduser(), "csv")


def remove_player(folder: Path, pid: int) -> services.PlayerOutcome:
    return guarded(services.remove_player, folder, pid)


def withdraw(folder: Path, pid: int, from_round: int) -> services.PlayerOutcome:
    return guarded(services.withdraw, folder, pid, from_round)


def request_bye(folder: Path, pid: int, round_no: int, kind: str) -> services.PlayerOutcome:
    return guarded(services.request_bye, folder, pid, round_no, kind)


# ---- standings -------------------------------------------------------------------------------

def standings(event: Event, upto: int | None = None):
    from ..core import standings as st
    return st.standings(event, upto=upto)


def crosstable(event: Event, upto: int | None = None):
    from ..core import standings as st
    return st.crosstable(event, upto=upto)


def value_formatter(lang: str | None = None) -> Callable[[str, float], str]:
    """The core's :func:`~swisstui.core.standings.format_value` in the form a reader of
    ``lang`` (default: the director's) expects (``62,50%``, ``2,5`` in pt_BR; the codes
    never translated), memoised for one table (a 2000-row standings repeats the same few
    hundred values)."""
    from ..core.standings import format_value as fmt
    lang = lang or i18n.current()
    memo: dict[tuple[str, float], str] = {}

    def format_cached(code: str, value: float) -> str:
        key = (code, value)
        text = memo.get(key)
        if text is None:
            text = memo[key] = fmt(code, value, lang)
        return text

    return format_cached


def format_value(code: str, value: float) -> str:
    return value_formatter()(code, value)


def fmt_score(value: float | None) -> str:
    """A score as a director reads it: ``3``, ``2.5`` (``2,5`` in pt_BR), "" for None
    (the core's :func:`swisstui.core.readers.number_text`, in the director's language)."""
    from ..core.readers import number_text
    return "" if value is None else number_text(value, i18n.current())


def missing_results(event: Event) -> int:
    rnd = event.round(event.current_round)
    return rnd.missing_results() if rnd else 0


# ---- swap and playoff -------------------------------------------------------------------------

playoff_started = services.playoff_started
stage_name = services.stage_name


def preview_playoff_round(event: Event, top: int | None = 8):
    return guarded(services.preview_playoff_round, event, top)


def next_playoff_round(folder: Path, top: int | None = 8):
    """Save the next playoff round; returns (event, round)."""
    return guarded(services.next_playoff_round, folder, top)


def bracket(event: Event) -> list[str]:
    return guarded(services.bracket, event)


def final_places(event: Event):
    return guarded(services.final_places, event)


# ---- the event's settings ---------------------------------------------------------------------

def new_event_form(game: str, name: str = ""):
    """(fields, texts) of the new-event form for ``game`` (the profile's defaults)."""
    from ..core import settings_form as sf
    return sf.event_fields(game), sf.default_texts(game, name)


def settings_form(event: Event):
    """(fields, texts) of the settings screen: the event's current settings."""
    from ..core import settings_form as sf
    return sf.event_fields(event.game), sf.settings_texts(event.settings)


def tiebreak_chain(game: str, text: str) -> tuple[tuple[tuple[str, str], ...], list[str]]:
    """The tie-break picker's list for ``game`` ((code, name) of every tie-break it may use)
    and the codes of the chain typed so far."""
    from ..core import settings_form as sf
    return sf.tiebreak_choices(game), sf.chain_codes(game, text)


def rounds_advice(game: str, players: str) -> tuple[str, str] | None:
    """(recommended rounds, the advice line) for the expected number of players typed."""
    from ..core.standings.rounds_advice import advice
    if not players.strip().isdecimal() or int(players) < 2:
        return None
    a = advice(int(players), game)
    cut = _("; playoff Top {n}").format(n=a.playoff) if a.playoff else ""
    return str(a.rounds), _("recommended: {rounds} rounds{cut} — {note}").format(
        rounds=a.rounds, cut=cut, note=reader_text(a.note, _))


def refused_field(exc: SwissError) -> str | None:
    from ..core.settings_form import field_of
    return field_of(exc)


def follow_form(game: str, before: dict[str, str], texts: dict[str, str]
                ) -> tuple[dict[str, str], list[str]]:
    """The form's fields that follow an edit, and the warnings on its settings
    (:func:`swisstui.core.settings_form.follow_texts`)."""
    from ..core.settings_form import follow_texts
    return follow_texts(game, before, texts)


def create_event(folder: Path, game: str, texts: dict[str, str]) -> Event:
    """Create the event from the form's texts (nothing written on a refusal)."""
    from ..core.settings_form import parse_texts
    texts = {k: v for k, v in texts.items() if k != "players"}
    return guarded(services.create_event, folder, game, **parse_texts(game, texts))


def settings_change(event: Event, texts: dict[str, str], shown: dict[str, str]):
    """(keyword changes, SettingsChange preview) of the fields changed in the form."""
    from ..core.settings_form import parse_texts
    changes = parse_texts(event.game, texts, shown)
    return changes, guarded(services.preview_settings, event, **changes)


def change_settings(folder: Path, changes: dict[str, Any], reason: str | None = None):
    """Save the changes (``reason``: why, when FIDE mode's locked tie-breaks change);
    returns (event, SettingsChange)."""
    return guarded(services.change_settings, folder, reason=reason, **changes)


# ---- exports and player lists -----------------------------------------------------------------

def export_to_file(event: Event, fmt: str, what: str, path: str,
                   encoding: str | None = None, folder: Path | None = None) -> bytes:
    """Write ``what`` in ``fmt`` (a row of the core's format table) to ``path``; ``encoding``
    for a format that takes one (TRF; None: its default, UTF-8); ``folder``, the current
    section's: its boards by the hall's numbers, and the check-in list of every section."""
    req = services.ExportRequest(fmt, what, encoding=encoding)
    if folder is not None:
        return guarded(services.export_from_section, folder, req, Path(path).expanduser())
    return guarded(services.export_to_file, event, req, Path(path).expanduser())


LIST_FORMATS = ("csv", "fide", "egd")


def read_player_list(event: Event, fmt: str, path: str, **filters: Any):
    """The players an import would add (the preview), with the ids they would get."""
    return guarded(services.read_player_list, event, Path(path).expanduser(), fmt, **filters)


def import_players(folder: Path, fmt: str, path: str, **filters: Any) -> services.ImportOutcome:
    return guarded(services.import_players, folder, Path(path).expanduser(), fmt, **filters)


def likely_duplicates(event: Event, name: str | None, federation_id: str | None = None,
                      but: int | None = None):
    return services.likely_duplicates(event, name, federation_id, but)


def check_in(folder: Path, pid: int, present: bool) -> services.PlayerOutcome:
    return guarded(services.check_in, folder, pid, present)


# ---- sections (issue 33; docs/FORMAT.md "Sections") -------------------------------------------

def event_root(folder: Path) -> Path:
    """The event's folder, given the event's or one of its sections' folder."""
    from ..core.services import sections
    return sections.root_of(folder)


def several_sections(folder: Path) -> bool:
    """Whether ``folder``'s event has more than one section (a one-section event: no
    section switcher, no section column)."""
    from ..core.store import sections as layout
    try:
        return layout.has_sections(Path(folder))
    except SwissError:
        return False


def sections(folder: Path):
    """Every section of ``folder``'s event (name, folder, game, rounds, players…), the
    root's first."""
    from ..core.services import sections as svc
    return guarded(svc.list_sections, folder)


def section_name(folder: Path) -> str:
    from ..core.services import sections as svc
    return guarded(svc.section_name, folder)


def pool(folder: Path, event: Event) -> list[tuple[str, Event]]:
    """The registration desk's pool: (section name, its event) of every section of the
    event, the root's first; the section ``folder`` is (whose event is ``event``, already
    read) taken as given."""
    from ..core.services import sections as svc
    here = Path(folder).resolve()
    return [(name, event if Path(path).resolve() == here else guarded(services.load, path))
            for name, path in guarded(svc.folders, folder)]


def add_section(root: Path, name: str, **kw: Any):
    from ..core.services import sections as svc
    return svc.add_section(root, name, **kw)


def remove_section(root: Path, name: str) -> Path:
    from ..core.services import sections as svc
    return svc.remove_section(root, name)


def set_first_board(root: Path, name: str, number: int):
    from ..core.services import sections as svc
    return svc.set_first_board(root, name, number)


def first_board_of(root: Path, name: str) -> int:
    from ..core.services import sections as svc
    return svc.first_board(svc.resolve(root, name))


def move_player(root: Path, pid: int, target: str, dry_run: bool):
    from ..core.services import sections as svc
    return svc.move_player(root, pid, target, dry_run=dry_run)


def move_lines(move) -> list[str]:
    from ..core.services import sections as svc
    return svc.move_lines(move)


def distribute(root: Path, by: str, bands: str | None, base_date: str | None,
               plays_up: tuple[int, ...], dry_run: bool):
    from ..core.services import sections as svc
    return svc.distribute(root, by, bands, base_date=base_date, plays_up=plays_up,
                          dry_run=dry_run)


def parse_plays_up(text: str) -> tuple[int, ...]:
    from ..core.services import sections as svc
    return svc.parse_plays_up(text)


def distribution_lines(d) -> list[str]:
    from ..core.services import sections as svc
    return svc.distribution_lines(d)


def section_of_player(root: Path, pid: int) -> str | None:
    """The section the player plays in now: where he is entered and not withdrawn (a player
    moved after round N is in his old section too, withdrawn), else where he is entered."""
    from ..core.services import sections as svc
    found = None
    for name, folder in guarded(svc.folders, root):
        p = guarded(services.load, folder).player(pid)
        if p is not None:
            if p.withdrawn_from is None:
                return name
            found = found or name
    return found


def first_board(folder: Path) -> int:
    """The hall's number of the section's board 1 (1 for an event of one section)."""
    from ..core.services import sections as svc
    try:
        return svc.first_board(folder)
    except SwissError:
        return 1


# ---- history (issue 34; docs/FORMAT.md "History") --------------------------------------------

def history_log(folder: Path):
    from ..core.services import history
    return guarded(history.log, folder)


def history_show(folder: Path, which: str):
    from ..core.services import history
    return guarded(history.show, folder, which)


def history_restore(folder: Path, which: str, dry_run: bool, reason: str | None = None):
    from ..core.services import history
    return guarded(history.restore, folder, which, dry_run=dry_run, reason=reason)


def publish_round(folder: Path) -> Event:
    return guarded(services.publish_round, folder)


def needs_reason(exc: SwissError) -> bool:
    """A refusal that a reason would lift: a change to a published round (issue 34 item 8)."""
    return exc.field == "reason"


# ---- the rating lists (issue 36 item 2) -------------------------------------------------------

def rating_lists_installed() -> bool:
    """Whether any rating list is installed (the player form then suggests as you type)."""
    from ..core.services import ratings
    try:
        return bool(ratings.installed())
    except SwissError:
        return False


def rating_lookup(text: str, game: str | None, limit: int = 8) -> tuple:
    """The installed lists' rows whose name or id starts with ``text`` (the game's lists
    first); nothing when the index cannot be read — typing a name never fails for it."""
    from ..core.services import ratings
    try:
        return ratings.lookup(text, game, limit)
    except SwissError:
        return ()


def preview_refresh(event: Event):
    """What the installed lists change in the registrations (nothing written)."""
    from ..core.services import ratings
    return guarded(ratings.preview_refresh, event)


def refresh_ratings(folder: Path, force: bool = False):
    """Apply the lists' changes (``force``: after round 1 is paired)."""
    from ..core.services import ratings
    return guarded(ratings.refresh, folder, force=force)
