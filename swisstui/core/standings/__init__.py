"""Standings, tie-breaks, crosstables, the playoff bracket and rounds advice (docs/TIEBREAKS.md).

Public interface (the contract with the pairing engine, the CLI and the TUI):

* :func:`standings(event, upto=None, chain=None) <.table.standings>` → :class:`Standings`
  (``after_round``, ``tiebreaks``, ``rows`` of :class:`Row`, ``warnings``);
* :func:`order_by_chain(event, ids, chain, upto) <.table.order_by_chain>` (Tagajo style);
* :func:`crosstable(event, upto=None) <.crosstable.crosstable>`;
* :func:`format_value(code, value) <.table.format_value>`;
* :data:`registry` — ``code -> TieBreak(code, name, rule_ref, games, compute, …)``, one
  definition per tie-break in the module of its family (buchholz, berger, encounter, counts,
  ratings, othello, magic, go, misc);
* :func:`playoff_round(event, top) <.playoff.playoff_round>`,
  :func:`recommended_rounds(n, game) <.rounds_advice.recommended_rounds>`.

Everything is computed from :func:`swisstui.core.history.history`; nothing is stored.
"""

from __future__ import annotations

from .context import check_after_round
from .crosstable import Crosstable, CrossRow, crosstable
from .playoff import bracket, playoff_round
from .registry import REGISTRY, TieBreak
from .rounds_advice import advice, needed_rounds, recommended_rounds
from .table import Row, Standings, format_value, json_value, order_by_chain, resolve_chain, standings

registry = REGISTRY

__all__ = ["standings", "check_after_round", "Standings", "Row", "order_by_chain", "crosstable", "Crosstable",
           "CrossRow", "format_value", "json_value", "registry", "TieBreak", "playoff_round",
           "bracket", "recommended_rounds", "needed_rounds", "advice", "resolve_chain"]
