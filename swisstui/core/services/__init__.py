"""Every director action over an event folder, once: the CLI and the TUI call these and do
no domain step of their own (argument parsing and screens only).

A write action takes the event folder, runs its change inside :func:`swisstui.core.store.update`
(exclusive lock, fresh re-read, atomic write of the changed files) and returns an outcome that
names what *this* call did (the player it added, the board it saved, the rules a swap breaks),
so a front end never guesses from the event as it is after other directors' writes.  A read
action takes an :class:`~swisstui.core.model.Event`.  A refusal is a
:class:`~swisstui.core.errors.SwissError` with one line and structured fields, and nothing is
written.

============================  =================================================================
area                          actions
============================  =================================================================
:mod:`.event`                 load, check, create_event, preview_settings, change_settings,
                              make_demo, remove_old_demos, simulate_event
:mod:`.players`               add_player, edit_player, remove_player, withdraw, reinstate,
                              request_bye, check_in, read_player_list, import_players,
                              likely_duplicates
:mod:`.pairing`               preview_pairing, pair_next, publish_round, undo_round, preview_swap, swap,
                              preview_latecomer, add_latecomer, preview_new_board, add_board,
                              preview_remove_board, remove_board, preview_repair, repair_round,
                              explain, pairing_scores, left_out, board_terms
:mod:`.results`               preview_result, record_result, clear_result, next_empty_board
:mod:`.playoff`               next_playoff_round, preview_playoff_round, bracket,
                              final_places, playoff_started, stage_name
:mod:`.exports`               export, export_to_file, export_folder, export_from_section,
                              import_trf (the format table is
                              :mod:`swisstui.core.interop.formats`)
:mod:`.clock`                 clock_start, clock_pause, clock_resume, clock_extend,
                              clock_state (``clock.toml``, :mod:`swisstui.core.clock`)
:mod:`.solver`                warm_solver, solver_state, warm_for (the compiled solver ready
                              before a large round: :mod:`swisstui.core.pairing.warmup`)
:mod:`.sections`              list_sections, add_section, set_first_board, remove_section,
                              move_player, distribute, targets, resolve, first_board,
                              hall_board, section_board (several sections in one event)
:mod:`.history`               log, find, show, restore, changed_boards, hand_edit (the
                              record itself: :mod:`swisstui.core.store.history`)
:mod:`.desk`                  set_state, toggle_check_in, set_check_in_open, close_preview,
                              close_check_in, set_due, pay, set_currency, set_self_check_in,
                              self_check_in, self_check_in_codes, waitlisted, search
                              (``desk.toml``, :mod:`swisstui.core.fees`)
:mod:`.prizes`                load_prizes, prize_allocation (``prizes.toml``,
                              :mod:`swisstui.core.prizes`)
:mod:`.ratings`               import_list, installed, lookup, preview_refresh, refresh (the
                              offline rating lists, :mod:`swisstui.core.rating_index`)
:mod:`.reports`               ratings_report (:mod:`swisstui.core.rating_report`)
:mod:`.verify`                verify_file (the Dutch pairing checker)
============================  =================================================================
"""

from __future__ import annotations

from .clock import (ClockState, clock_extend, clock_pause, clock_resume, clock_start,
                    clock_state)
from .event import (change_settings, check, create_event, fingerprint, load, make_demo,
                    preview_settings, remove_old_demos, simulate_event)
from .exports import ExportRequest, export, export_from_section, export_to_file, import_trf
from .pairing import (HAND_EDITS, HandEdit, PairOutcome, SwapOutcome, add_board,
                      add_latecomer, board_terms, explain, left_out, pair_next,
                      pairing_scores, preview_latecomer, preview_new_board, preview_pairing,
                      preview_remove_board, preview_repair, preview_swap, publish_round,
                      remove_board, repair_round, swap,
                      undo_round)
from .players import (ImportOutcome, PlayerOutcome, add_player, check_in, edit_player,
                      import_players, likely_duplicates, read_player_list, reinstate,
                      remove_player, request_bye, withdraw)
from .playoff import (FinalPlace, bracket, final_places, next_playoff_round, playoff_started,
                      preview_playoff_round, stage_name)
from .results import ResultOutcome, clear_result, next_empty_board, preview_result, record_result
from .solver import solver_state, warm_for, warm_solver

__all__ = [
    "load", "check", "fingerprint", "create_event", "preview_settings", "change_settings",
    "make_demo", "remove_old_demos", "simulate_event",
    "PlayerOutcome", "ImportOutcome", "add_player", "edit_player", "remove_player", "withdraw",
    "reinstate", "request_bye", "check_in", "read_player_list", "import_players",
    "likely_duplicates",
    "HAND_EDITS", "HandEdit", "add_board", "add_latecomer", "preview_latecomer",
    "preview_new_board", "preview_remove_board", "preview_repair", "remove_board",
    "repair_round", "PairOutcome", "SwapOutcome", "preview_pairing", "pair_next", "undo_round", "preview_swap",
    "publish_round",
    "swap", "explain", "pairing_scores", "left_out", "board_terms",
    "ResultOutcome", "preview_result", "record_result", "clear_result", "next_empty_board",
    "next_playoff_round", "preview_playoff_round", "bracket", "final_places", "FinalPlace",
    "playoff_started", "stage_name",
    "ExportRequest", "export", "export_to_file", "export_from_section", "import_trf",
    "ClockState", "clock_start", "clock_pause", "clock_resume", "clock_extend", "clock_state",
    "warm_solver", "solver_state", "warm_for",
]
