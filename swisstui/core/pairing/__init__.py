"""The matching-based pairing engine (docs/PAIRING.md; docs/RULES.md §1.3, §2.4, §3.4, §5.4–5.6).

Modules, in the order the engine uses them:

* :mod:`.groups` — who is paired, on what score, score groups and in-group order;
* :mod:`.colours` — colour preferences, hard limits and allocation per game;
* :mod:`.criteria` — every criterion once, as bit fields of one integer weight;
* :mod:`.candidates` — candidate pairs and the decomposition (windows, widening);
* :mod:`.matching` — maximum-weight matching (networkx / rustworkx);
* :mod:`.roundrobin` — Berger tables;
* :mod:`.engine` — :func:`pair_round`, explanations and undo;
* :mod:`.hand_edits` — hand edits of a paired round with what they cost.
"""

from .engine import Pairing, pair_round, undo_round
from .hand_edits import HandEdit, check_board, latecomer, new_board, remove_board, repair, swap

__all__ = ["Pairing", "pair_round", "undo_round", "swap", "check_board", "HandEdit",
           "latecomer", "new_board", "remove_board", "repair"]
