"""The offline rating lists as director actions (issue 36): install a federation's list,
show what is installed, find a player as he is typed.  The index itself — where it lives,
its tables, the keys a name is found by — is :mod:`swisstui.core.rating_index`; the list
formats are :mod:`swisstui.core.interop.player_lists`.  These actions touch no event folder:
the index is the user's, shared by every event (README "Rating lists").

The registration form's lookup calls :func:`lookup` at each key::

    lookup(query: str, game: str | None = None, limit: int = 10) -> tuple[RatedPlayer, ...]

and fills the form from the chosen row's :meth:`RatedPlayer.player_fields`.
"""

from __future__ import annotations

from ..rating_index import (SOURCES, InstalledList, RatedPlayer, game_sources, guess_source,
                            import_list, index_path, installed, lookup)

__all__ = ["SOURCES", "InstalledList", "RatedPlayer", "game_sources", "guess_source",
           "import_list", "index_path", "installed", "lookup"]
