"""Registration mode: the player list, ``/`` to search by typing (name, club, country, id),
``n`` adds a player with a form (Tab between fields, Enter saves), Enter / ``e`` edits,
``w`` withdraws from the next round, ``b`` records a requested bye.  A player added after
round 1 is a late entry: the core pairs them from the next round."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Input, Static

from ...core.collation import matches_player
from ...core.errors import SwissError
from ...core.i18n import N_, _, ngettext
from ...core.model import ByeKind, Event, Player
from .. import backend, keymap
from ..widgets.dialogs import (FORM_FIELDS, NEW_FORM_FIELDS, ConfirmScreen, PlayerForm,
                               PromptScreen, field_named_in)
from ..widgets.fasttable import FastTable
from ..widgets.header import count
from .base import EventScreen
from .standings import update_table

# Strings a director reads (English, marked with N_, shown with _()).
IMPORT_TITLE = N_("Import players: FORMAT PATH (csv, fide or egd)")
# Translators: keep the words csv, fide, egd, federation=, ids=, rating=, rapid, blitz as
# they are (the director types them).
IMPORT_HINT = N_("csv players.csv · fide players_list.txt federation=NOR · egd egd.txt "
                 "ids=12345,67890 · rating=rapid|blitz (FIDE)")
IMPORT_NONE = N_("nothing imported")
IMPORT_SHOWN = 10
DUP_TITLE = N_("Likely duplicate: {name}")
DUP_LINE = N_("  already registered: {id} {name} ({why})")
DUP_KEYS = N_("y = add anyway, n / Esc = back to the form")
ROLL_ABSENT = N_("saved: {id} {name} absent from round {round} (Space again: present)")
ROLL_PRESENT = N_("saved: {id} {name} present for round {round}")


def parse_import(text: str) -> tuple[str, str, dict[str, Any]]:
    """``fide list.txt federation=NOR ids=1,2`` → ("fide", "list.txt", filters); a bare
    path is a CSV file."""
    words = text.split()
    fmt = words[0].lower() if words[0].lower() in backend.LIST_FORMATS else "csv"
    rest = words[1:] if words[0].lower() in backend.LIST_FORMATS else words
    filters: dict[str, Any] = {}
    path_parts = []
    for w in rest:
        key, sep, value = w.partition("=")
        if sep and key in ("ids", "federation", "rating"):
            filters[key] = [v for v in value.split(",") if v] if key == "ids" else value
        else:
            path_parts.append(w)
    if not path_parts:
        raise SwissError(_("type the file after the format, e.g. {fmt} players.txt")
                         .format(fmt=fmt))
    return fmt, " ".join(path_parts), filters


# column titles (English, translated where shown: titles()); a Hangul or kanji character
# counts 2 columns
COLUMNS = [
    # Translators: registration column title (player id), at most 4 columns.
    N_("Id"),
    # Translators: column title (player name), at most 20 columns.
    N_("Name"),
    # Translators: registration column title (rating or rank), at most 8 columns.
    N_("Rtg/Rank"),
    # Translators: registration column title, at most 10 columns.
    N_("Club"),
    # Translators: registration column title (country code), at most 4 columns.
    N_("Ctry"),
    # Translators: registration column title, at most 14 columns.
    N_("Status"),
]
WIDTHS = [4, 24, 8, 10, 4, 14]  # Status takes what the others leave (17 cells at 80 columns)
FIXED = dict(zip(COLUMNS[:-1], WIDTHS[:-1]))
# An event of several sections: the whole pool, with the section of each player after the id
# (the name gives it the room).
# Translators: registration column title (the player's section: Open, U1600, kyu), at most
# 8 columns.
SECTION_COLUMN = N_("Section")
POOL_FIXED = {**FIXED, SECTION_COLUMN: 8, N_("Name"): 18}
ELSEWHERE = N_("{id} {name} is in section {section}: F9 switches to it")


def titles() -> list[str]:
    """The column titles in the director's language."""
    return [_(c) for c in COLUMNS]


def player_status(p: Player, event: Event) -> str:
    bits = []
    if p.withdrawn_from is not None:
        # Translators: the Status column (about 17 columns at 80): "r3" is round 3.
        bits.append(_("withdrawn from r{round}").format(round=p.withdrawn_from))
    if p.joined_round > 1:
        # Translators: the Status column (about 17 columns at 80): "r3" is round 3.
        bits.append(_("late, from r{round}").format(round=p.joined_round))
    for r, kind in p.byes:
        # Translators: the Status column: "bye r3 half" (kind: half, zero, full, absent,
        # as the director types it).
        bits.append(_("bye r{round} {kind}").format(round=r, kind=kind.value))
    # Translators: the Status column of a player with nothing to note.
    return ", ".join(bits) or _("active")


def form_to_fields(values: dict[str, str]) -> dict[str, Any]:
    """Form strings → keyword arguments for registration.add_player / edit_player."""
    name = values.get("name", "").strip()
    if not name:
        raise SwissError(_("name: a player needs a name"))
    out: dict[str, Any] = {"name": name}
    for key in ("id", "rating", "lot", "smms_correction", "seat"):
        if key not in values:
            continue
        text = values[key].strip()
        if text and not text.lstrip("-").isdecimal():
            raise SwissError(_("{field}: {text} is not a whole number").format(
                field=key, text=repr(text)))
        out[key] = int(text) if text else None
    for key in ("rank", "club", "country", "federation_id", "birth", "sex", "title", "notes",
                "reading"):
        if key in values:
            out[key] = values[key].strip() or None
    return out


def duplicate_lines(dups, name: str, federation_id: str | None) -> list[str]:
    """What the likely-duplicate question says about each registered player."""
    lines = []
    for q in dups:
        why = _("same federation id") if federation_id and q.federation_id == federation_id \
            else _("same name")
        lines.append(_(DUP_LINE).format(id=q.id, name=q.name, why=why))
    return lines


def _name_of(event: Event, pid: int) -> str:
    p = event.player(pid)
    return p.name if p else ""


class RegistrationScreen(EventScreen):
    MODE = "registration"
    BINDINGS = keymap.bindings("registration")

    filter_text = ""

    def compose_body(self) -> ComposeResult:
        yield Input(placeholder=_("/ search: name, club, country or id"), id="search")
        yield Static("", id="reg-hint", classes="hint", markup=False)
        yield FastTable(id="players")

    def translate_fixed(self) -> None:
        self.query_one("#search", Input).placeholder = _("/ search: name, club, country or id")

    def on_mount(self) -> None:
        t = self.query_one("#players", FastTable)
        t.set_columns(titles(), WIDTHS)
        super().on_mount()
        t.focus()

    def show_event(self, event: Event) -> None:
        t = self.query_one("#players", FastTable)
        needle = self.filter_text.strip()
        rows, keys = [], []
        here = self.sapp.section
        # several sections: every section's players (the pool), the section after the id;
        # a player of another section is keyed SECTION:ID (his id may be entered here too)
        pool = backend.pool(self.sapp.folder, event) if here is not None \
            else [("", event)]
        for section, ev in pool:
            for p in ev.players:
                # accents, case and kana folded as on the players' page (core.collation)
                if needle and not matches_player(needle, p):
                    continue
                rating = p.rank or (str(p.rating) if p.rating is not None else "")
                cells = (p.name, rating, p.club or "", p.country or "", player_status(p, ev))
                rows.append((str(p.id), section, *cells) if here is not None
                            else (str(p.id), *cells))
                keys.append(str(p.id) if section == (here or "") else f"{section}:{p.id}")
        keep = self.query_one("#players", FastTable).cursor_key
        if here is None:
            update_table(t, titles(), rows, {_(k): v for k, v in FIXED.items()}, keys,
                         fit=(_("Status"),))
        else:
            cols = titles()
            cols.insert(1, _(SECTION_COLUMN))
            update_table(t, cols, rows, {_(k): v for k, v in POOL_FIXED.items()}, keys,
                         fit=(_("Status"),))
        if keep is not None:
            t.move_to_key(keep)
        n = len(event.players)
        shown = _("{shown} of {players}").format(shown=len(rows), players=count(n, "player")) \
            if needle else count(n, "player")
        out = sum(1 for p in event.players if p.withdrawn_from is not None)
        self.query_one("#reg-hint", Static).update(
            shown + (_(" ({n} withdrawn)").format(n=out) if out else "")
            + (_(" matching {text} · Esc shows all").format(text=repr(self.filter_text))
               if needle else ""))

    def selected_id(self) -> int | None:
        """The id of the player under the cursor, None when none or when he is another
        section's (the pool of an event of several sections)."""
        key = self.query_one("#players", FastTable).cursor_key
        return int(key) if key and key.isdecimal() else None

    def selected_player(self) -> tuple[Event, Player] | None:
        """The event and the player under the cursor, or None (and a status line)."""
        key = self.query_one("#players", FastTable).cursor_key or ""
        if ":" in key:  # another section's player: acted on in his section
            section, _sep, pid_text = key.partition(":")
            row = self.query_one("#players", FastTable).cursor_row
            name = self.query_one("#players", FastTable).get_row_at(row)[2]
            self.status(_(ELSEWHERE).format(id=pid_text, name=name, section=section), "error")
            return None
        ev, pid = self.event, self.selected_id()
        p = ev.player(pid) if ev is not None and pid is not None else None
        if ev is None or p is None:
            self.status(_("no player selected"))
            return None
        return ev, p

    def select_id(self, pid: int) -> None:
        self.query_one("#players", FastTable).move_to_key(str(pid))

    # ---- search --------------------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id == "search":
            self.filter_text = message.value.strip()
            self.sync(force=True)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        if message.input.id == "search":
            message.stop()
            self.query_one("#players", FastTable).focus()

    def key_escape(self) -> None:
        """Esc clears the search (from the search line or the list) and goes to the list."""
        search = self.query_one("#search", Input)
        if search.value:
            search.value = ""
            self.filter_text = ""
            self.sync(force=True)  # at once, keeping the selected player
        self.query_one("#players", FastTable).focus()

    # ---- add / edit --------------------------------------------------------------------------
    def on_fast_table_selected(self, message: FastTable.Selected) -> None:
        message.stop()
        self.action_edit_player()

    def action_new_player(self) -> None:
        ev = self.event
        title = _("New player")
        if ev is not None and ev.current_round:
            title += _(" (late entry: paired from round {round})").format(
                round=ev.current_round + 1)
        self.app.push_screen(PlayerForm(title, fields=NEW_FORM_FIELDS,
                                        lookup=self._rating_lookup()), self._save_new)

    def _rating_lookup(self):
        """The installed rating lists' search for the new-player form, the event's game's
        lists first (issue 36 item 2); None when no list is installed."""
        ev = self.event
        game = ev.game if ev is not None else None
        if not backend.rating_lists_installed():
            return None
        return lambda text: backend.rating_lookup(text, game)

    def _save_new(self, values: dict[str, str] | None, checked: bool = False) -> None:
        """Save the form; a likely duplicate (same name, same federation id) asks first."""
        if values is None:
            self.status(_("not added"))
            return
        try:
            fields = form_to_fields(values)
            fields = {k: v for k, v in fields.items() if v is not None}
            ev = self.event
            dups = () if checked or ev is None else backend.likely_duplicates(
                ev, fields["name"], fields.get("federation_id"))
            if dups:
                self.app.push_screen(
                    ConfirmScreen(_(DUP_TITLE).format(name=fields["name"]),
                                  duplicate_lines(dups, fields["name"],
                                                  fields.get("federation_id")),
                                  _(DUP_KEYS), enter_confirms=False),
                    lambda yes: self._after_duplicate(values, bool(yes)))
                return
            out = backend.add_player(self.sapp.folder, **fields)
        except SwissError as exc:
            self.error(str(exc))
            self.app.push_screen(PlayerForm(_("New player (fix and Enter)"), values,
                                            fields=NEW_FORM_FIELDS,
                                            focus=field_named_in(str(exc), NEW_FORM_FIELDS)),
                                 self._save_new)
            return
        self.sapp.event_written(out.event)
        self.select_id(out.player.id)  # the player this window added, not another's
        self.status(_("saved: player {id} {name}").format(id=out.player.id,
                                                          name=out.player.name), "ok")

    def _after_duplicate(self, values: dict[str, str], add_anyway: bool) -> None:
        if add_anyway:
            self._save_new(values, checked=True)
        else:  # back to the form with what was typed
            self.app.push_screen(PlayerForm(_("New player"), values, fields=NEW_FORM_FIELDS,
                                            lookup=self._rating_lookup()),
                                 self._save_new)

    def action_edit_player(self) -> None:
        chosen = self.selected_player()
        if chosen is None:
            return
        ev, p = chosen
        pid = p.id
        values = {key: getattr(p, key) for key, _label in FORM_FIELDS}
        self.app.push_screen(PlayerForm(_("Edit player {id}").format(id=pid), values),
                             lambda v: self._save_edit(pid, v))

    def _save_edit(self, pid: int, values: dict[str, str] | None) -> None:
        if values is None:
            self.status(_("not changed"))
            return
        try:
            out = backend.edit_player(self.sapp.folder, pid, **form_to_fields(values))
        except SwissError as exc:
            self.error(str(exc))
            # the form comes back with what was typed, as for a new player
            self.app.push_screen(PlayerForm(_("Edit player {id} (fix and Enter)").format(id=pid),
                                            values,
                                            focus=field_named_in(str(exc))),
                                 lambda v: self._save_edit(pid, v))
            return
        self.sapp.event_written(out.event)
        self.select_id(pid)
        # as this window saved it
        self.status(_("saved: player {id} {name}").format(id=pid, name=out.player.name), "ok")

    # ---- withdraw / bye ------------------------------------------------------------------------
    def action_move_player(self) -> None:
        """``m``: the player under the cursor (of any section of the pool) into another
        section (:func:`swisstui.tui.section_actions.move_player`)."""
        table = self.query_one("#players", FastTable)
        key = table.cursor_key or ""
        pid_text = key.rpartition(":")[2]
        if not pid_text.isdecimal():
            self.status(_("no player selected"))
            return
        row = table.get_row_at(table.cursor_row)
        name = row[2] if ":" in key or self.sapp.section is not None else row[1]
        from ..section_actions import move_player
        move_player(self, int(pid_text), str(name))

    def action_withdraw(self) -> None:
        chosen = self.selected_player()
        if chosen is None:
            return
        ev, p = chosen
        pid = p.id
        nxt = ev.current_round + 1
        self.app.push_screen(
            ConfirmScreen(_("Withdraw {id} {name}?").format(id=pid, name=p.name),
                          [_("{name} will not be paired from round {round} on.").format(
                              name=p.name, round=nxt),
                           _("Results already played stay.")]),
            lambda yes: self._do_withdraw(pid, nxt) if yes
            else self.status(_("not withdrawn")))

    def _do_withdraw(self, pid: int, from_round: int) -> None:
        try:
            out = backend.withdraw(self.sapp.folder, pid, from_round)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(out.event)
        self.status(_("saved: player {id} {name} withdrawn from round {round}").format(
            id=pid, name=out.player.name, round=from_round), "ok")

    def action_refresh_ratings(self) -> None:
        """``R``: the installed rating lists' changes to the registered players (issue 36
        item 3), shown first; ``y`` applies them in one write (after round 1 is paired the
        ratings are frozen: the question says so and ``y`` refreshes them anyway)."""
        ev = self.event
        if ev is None:
            return
        try:
            plan = backend.preview_refresh(ev)
        except SwissError as exc:
            self.error(str(exc))
            return
        lines = [_("note: {text}").format(text=x) for x in plan.reminders]
        if not plan.changes:
            self.status("; ".join(lines + [
                _("no change: the registrations agree with the installed lists")]))
            return
        labels = dict(FORM_FIELDS)  # the player form's words for the fields
        lines += [_("{player} {name}: {field} {old} → {new} ({source})").format(
            player=c.player, name=c.name, field=_(labels.get(c.field, c.field)), old="—" if c.old is None else c.old,
            new=c.new, source=c.source.upper()) for c in plan.changes]
        if plan.frozen:
            lines.append(_("Round 1 is paired: the ratings are frozen; y refreshes them "
                           "anyway."))
        self.app.push_screen(
            ConfirmScreen(ngettext("Refresh {n} field from the rating lists?",
                                   "Refresh {n} fields from the rating lists?",
                                   len(plan.changes)).format(
                n=len(plan.changes)), lines),
            lambda yes: self._do_refresh(plan.frozen) if yes
            else self.status(_("not refreshed")))

    def _do_refresh(self, force: bool) -> None:
        try:
            out = backend.refresh_ratings(self.sapp.folder, force=force)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(backend.load(self.sapp.folder))
        self.status(ngettext("saved: {n} field refreshed from the rating lists",
                             "saved: {n} fields refreshed from the rating lists",
                             len(out.changes)).format(
            n=len(out.changes)), "ok")

    def action_import_csv(self) -> None:
        self.app.push_screen(PromptScreen(_(IMPORT_TITLE), _(IMPORT_HINT), value="csv ",
                                          placeholder="csv players.csv"), self._preview_import)

    def _preview_import(self, text: str | None) -> None:
        """``FORMAT PATH [ids=1,2] [federation=NOR] [rating=rapid]``: the players the file
        would add are shown (with likely duplicates of players already registered) before
        anything is saved."""
        ev = self.event
        if not text or not text.strip() or ev is None:
            self.status(_(IMPORT_NONE))
            return
        try:
            fmt, path, filters = parse_import(text)
            new = backend.read_player_list(ev, fmt, path, **filters)
        except SwissError as exc:
            self.error(str(exc))
            return
        if not new:
            self.status(_("{path}: no player to import").format(path=path))
            return
        lines = [_("{players} from {path} ({fmt}), ids {first}–{last}:").format(
            players=count(len(new), "player"), path=path, fmt=fmt, first=new[0].id,
            last=new[-1].id)]
        for p in new[:IMPORT_SHOWN]:
            rating = p.rank or (str(p.rating) if p.rating is not None else "")
            lines.append(f"  {p.id:>4} {p.name}  {rating}  {p.club or ''} {p.country or ''}"
                         .rstrip())
        if len(new) > IMPORT_SHOWN:
            lines.append(_("  … and {n} more").format(n=len(new) - IMPORT_SHOWN))
        dups = []
        for p in new:
            for q in backend.likely_duplicates(ev, p.name, p.federation_id):
                dups.append(_("  {name} may be {id} {other} (already registered)").format(
                    name=p.name, id=q.id, other=q.name))
        if dups:
            lines += [_("Likely duplicates:"), *dups[:8]]
        self.app.push_screen(
            ConfirmScreen(_("Import {players}?").format(players=count(len(new), "player")),
                          lines, _("y / Enter = import, n / Esc = cancel")),
            lambda yes: self._do_import(fmt, path, filters) if yes
            else self.status(_(IMPORT_NONE)))

    def _do_import(self, fmt: str, path: str, filters: dict[str, Any]) -> None:
        try:
            out = backend.import_players(self.sapp.folder, fmt, path, **filters)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(out.event)
        ids = _(" (ids {first}–{last})").format(first=out.added[0].id, last=out.added[-1].id) \
            if out.added else ""
        self.status(_("saved: {players} imported from {path}{ids}").format(
            players=count(len(out.added), "player"), path=path, ids=ids), "ok")

    def action_remove_player(self) -> None:
        chosen = self.selected_player()
        if chosen is None:
            return
        ev, p = chosen
        pid = p.id
        self.app.push_screen(
            ConfirmScreen(_("Remove {id} {name}?").format(id=pid, name=p.name),
                          [_("Delete a registration made by mistake (refused once the player "
                             "has been paired: withdraw them instead).")]),
            lambda yes: self._do_remove(pid) if yes else self.status(_("kept")))

    def _do_remove(self, pid: int) -> None:
        try:
            new = backend.remove_player(self.sapp.folder, pid).event
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(new)
        self.status(_("saved: player {id} removed").format(id=pid), "ok")

    def action_request_bye(self) -> None:
        chosen = self.selected_player()
        if chosen is None:
            return
        ev, pid = chosen[0], chosen[1].id
        nxt = ev.current_round + 1
        self.app.push_screen(
            PromptScreen(_("Requested bye for {id} {name}").format(id=pid,
                                                                     name=_name_of(ev, pid)),
                         # Translators: keep half, zero, full, absent, none (typed words).
                         _("ROUND KIND, e.g. 3 half · kinds: half zero full absent · "
                           "none cancels"),
                         value=f"{nxt} half"),
            lambda text: self._do_bye(pid, text))

    def _do_bye(self, pid: int, text: str | None) -> None:
        if not text:
            return
        parts = text.split()
        if len(parts) != 2 or not parts[0].isdecimal():
            self.error(_("type a round and a kind, e.g. 3 half (got {text})").format(
                text=repr(text)))
            return
        try:
            new = backend.request_bye(self.sapp.folder, pid, int(parts[0]),
                                      parts[1].lower()).event
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(new)
        rnd, kind = int(parts[0]), parts[1].lower()
        if kind == "none":
            self.status(_("saved: player {id}'s bye request for round {round} cancelled")
                        .format(id=pid, round=rnd), "ok")
        else:
            self.status(_("saved: player {id} requests a {kind} bye in round {round}")
                        .format(id=pid, kind=kind, round=rnd), "ok")

    # ---- roll-call -------------------------------------------------------------------------------
    def action_roll_call(self) -> None:
        """Space: the selected player absent from the next round, or (again) present."""
        chosen = self.selected_player()
        if chosen is None:
            return
        ev, p = chosen
        pid = p.id
        nxt = ev.current_round + 1
        absent = p.requested_bye(nxt) is ByeKind.ABSENT
        try:
            out = backend.check_in(self.sapp.folder, pid, present=absent)
        except SwissError as exc:
            self.error(str(exc))
            return
        self.sapp.event_written(out.event)
        self.select_id(pid)
        text = ROLL_PRESENT if absent else ROLL_ABSENT
        self.status(_(text).format(id=pid, name=out.player.name, round=nxt), "ok")
