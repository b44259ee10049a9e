"""Files tournament directors already use (issue 6, docs/INTEROP.md).

* :mod:`.trf` — FIDE Tournament Report File, TRF-16 (with the JaVaFo ``XXR``/``XXC``
  extensions) and TRF-2026 (``142``/``152``): write, and read back into a chess event.
* :mod:`.h9` — EGD/EGF tournament results (``.h9``) for Go events (docs/RULES.md §1.6).
* :mod:`.tables` — standings, crosstable, pairings of a round and the alphabetical wall list
  as plain tables; :mod:`.csv_export` and :mod:`.html_export` render them.
* :mod:`.player_lists` — FIDE rating-list TXT and EGD player lists, read into rows for
  registration.

Everything here is pure: text in, :class:`~swisstui.core.model.Event` out, or the reverse.
The CLI (``swisstui/cli/interop_cmds.py``) does the file and folder work.
"""
