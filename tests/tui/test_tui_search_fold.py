"""Registration search folds accents, case and kana as the players' page does (issue 32
item 21): a director typing ``joao`` finds João, ``ALVARO`` finds Álvaro, and a kana query
finds a kanji name by its reading.  One folding function, core.collation."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from swisstui.core import store
from swisstui.core.collation import matches_player
from swisstui.core.model import Player
from swisstui.core.settings import make_settings
from swisstui.tui.app import SwissApp
from swisstui.tui.widgets.fasttable import FastTable

PLAYERS = (Player(1, "João Silva", club="São Paulo", country="BRA"),
           Player(2, "Álvaro Souza", club="Porto Alegre", country="BRA"),
           Player(3, "佐藤 ひな", reading="サトウ ヒナ", country="JPN"),
           Player(4, "Chen Ahn", club="Riverside", country="KOR"),
           Player(5, "Zoë Green", club="Cambridge", country="GBR"))


@pytest.mark.parametrize("query, found", [
    ("joao", [1]), ("JOÃO", [1]), ("alvaro", [2]), ("ÁLVARO", [2]), ("sao paulo", [1]),
    ("zoe", [5]), ("さとう", [3]), ("サトウ", [3]), ("bra", [1, 2]), ("4", [4]), ("", [1, 2, 3, 4, 5]),
])
def test_matches_player_folds_as_the_players_page(query, found):
    assert [p.id for p in PLAYERS if matches_player(query, p)] == found


async def test_registration_search_ignores_accents_and_case(tmp_path):
    folder = tmp_path / "ev"
    store.create(folder, make_settings("chess", "Fold", 5), PLAYERS)
    app = SwissApp(folder, mode="registration")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("slash")
        await pilot.press(*"joao")
        await pilot.pause()
        table = app.screen.query_one("#players", FastTable)
        assert [table.get_row_at(i)[1] for i in range(table.row_count)] == ["João Silva"]
        search = app.screen.query_one("#search", Input)
        search.value = "ÁLVARO"
        await pilot.pause()
        assert [table.get_row_at(i)[1] for i in range(table.row_count)] == ["Álvaro Souza"]
        search.value = "さとう"
        await pilot.pause()
        assert [table.get_row_at(i)[1] for i in range(table.row_count)] == ["佐藤 ひな"]
