"""A player's own card (issue 32, item 8): the core's values for one player id
(:mod:`swisstui.core.player_card`) and what the players' page document carries of them.
Expected values are worked out by hand from the sample players (conftest: ids 1..n, ratings
2400, 2380, …, Go ranks 6d, 5d, …, clubs Riverside, Old Town, Harbour)."""

import pytest
from conftest import make_event

from swisstui.core import services
from swisstui.core.errors import SwissError
from swisstui.core.model import GameKind
from swisstui.core.player_card import player_card, player_cards
from swisstui.web.snapshot import snapshot


def _chess_round3(tmp_path):
    """8 chess players; rounds 1 and 2 won by every first-listed player (White), round 3
    paired.  Round 1: 1-5 6-2 3-7 8-4; round 2: 6-1 8-3 2-5 4-7; round 3: 1-8 3-6 7-2 5-4."""
    folder = make_event(tmp_path, "chess", 8)
    for rnd in (1, 2):
        services.pair_next(folder)
        for board in services.load(folder).round(rnd).boards:
            services.record_result(folder, rnd, board.number, "1-0")
    services.pair_next(folder)
    ev = services.load(folder)
    assert [b.players for b in ev.round(1).boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert [b.players for b in ev.round(2).boards] == [(6, 1), (8, 3), (2, 5), (4, 7)]
    assert [b.players for b in ev.round(3).boards] == [(1, 8), (3, 6), (7, 2), (5, 4)]
    return folder, ev


def test_chess_card_has_place_points_tiebreaks_and_this_rounds_opponent(tmp_path):
    _folder, ev = _chess_round3(tmp_path)
    # player 6: beat 2 and 1 (1 point each after round 2): BH 2, BH-C1 2-1 = 1, SB 1+1 = 2;
    # 8 has the same (beat 4 and 3, 1 point each): places 1-2 shared
    six = player_card(ev, 6)
    assert (six.after_round, six.place, six.points) == (2, "1-2", 2.0)
    assert six.tiebreaks == (("BH-C1", 1.0), ("BH", 2.0), ("SB", 2.0), ("DE", 0.0),
                             ("WIN", 2.0))
    # player 1: beat 5 (0 points), lost to 6 (2): BH 2, BH-C1 2-0 = 2, SB 0; 2, 3 and 4
    # have the same: places 3-6
    one = player_card(ev, 1)
    assert (one.place, one.points) == ("3-6", 1.0)
    assert dict(one.tiebreaks) == {"BH-C1": 2.0, "BH": 2.0, "SB": 0.0, "DE": 0.0,
                                   "WIN": 1.0}
    cur = one.current
    assert (one.round, cur.round, cur.board, cur.colour, cur.kind) == \
        (3, 3, 1, "w", GameKind.PENDING)
    opp = cur.opponent
    assert (opp.id, opp.name, opp.rating, opp.rank, opp.club) == \
        (8, "Hana Ahn", 2260, None, "Old Town")
    assert one.setup == ()  # chess boards have no handicap or komi
    # earlier rounds: opponent, colour, result, points
    assert [(g.round, g.opponent.id, g.colour, g.result, g.points) for g in one.earlier] == \
        [(1, 5, "w", "1-0", 1.0), (2, 6, "b", "1-0", 0.0)]
    assert [g.round for g in one.games] == [1, 2, 3] and one.games[-1].points is None


def test_go_handicap_card_has_the_boards_stones_and_komi(tmp_path):
    folder = make_event(tmp_path, "go", 9, options={"handicap": True})
    services.pair_next(folder)
    ev = services.load(folder)
    cards = player_cards(ev)
    for board in ev.round(1).boards:
        black, white = board.players  # Black, the weaker, is listed first
        # ranks 6d, 5d, … by id: stones = the rank difference; komi ½ with stones
        stones = black - white
        assert stones > 0
        card = cards[black]
        assert card.setup == (("Handicap", stones), ("Komi", 0.5)), board
        assert card.current.colour == "b" and card.current.opponent.rank == f"{7 - white}d"
        assert cards[white].setup == card.setup and cards[white].current.colour == "w"
    bye = next(iter(ev.round(1).byes)).player
    assert cards[bye].current.kind is GameKind.PAIRING_BYE and cards[bye].setup == ()
    assert cards[bye].place is None  # no round complete yet: no standings on the card


def test_even_go_game_card_has_the_events_komi(tmp_path):
    folder = make_event(tmp_path, "go", 4, options={"komi": 7.5})
    services.pair_next(folder)
    ev = services.load(folder)
    assert player_card(ev, 1).setup == (("Handicap", 0), ("Komi", 7.5))


def test_unknown_player_is_refused_in_one_line(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    with pytest.raises(SwissError, match=r"^no player with id 99$"):
        player_card(services.load(folder), 99)
    card = player_card(services.load(folder), 2)  # before round 1: nothing to show yet
    assert (card.round, card.current, card.place, card.games) == (0, None, None, ())


def test_the_document_carries_each_card_in_the_readers_language(tmp_path):
    folder = make_event(tmp_path, "go", 9, options={"handicap": True})
    services.pair_next(folder)
    for board in services.load(folder).round(1).boards:
        services.record_result(folder, 1, board.number, "W+R")
    services.pair_next(folder)
    ev = services.load(folder)
    board = ev.round(2).boards[0]
    black, white = board.players
    doc = snapshot(ev, lang="ja")
    card = next(c for c in doc["cards"] if c["id"] == black)
    assert (card["board"], card["seat"], card["opponent_id"]) == (board.number, "黒", white)
    opp = ev.player(white)
    assert card["opponent_info"] == f"{opp.rank} · {opp.rating} · {opp.club}"
    assert card["setup"] == [["置石", str(board.setup["handicap"])],
                             ["コミ", f"{board.setup['komi']:g}"]]
    row = next(r for r in doc["standings"]["rows"] if r[1] == str(black))
    assert (card["place"], card["points"], card["after_round"]) == (row[0], row[3], 1)
    assert card["tb"] == [[code, value] for code, value
                          in zip(doc["standings"]["tiebreaks"], row[4:])]
    # the crosstable: the same order as the standings, one cell per complete round
    assert [r[1] for r in doc["crosstable"]["rows"]] == \
        [r[1] for r in doc["standings"]["rows"]]
    assert doc["crosstable"]["head"][3] == "R1"
    pt = snapshot(ev, lang="pt_BR")
    card = next(c for c in pt["cards"] if c["id"] == black)
    assert card["setup"][1] == ["Komi", f"{board.setup['komi']:g}".replace(".", ",")]
    assert [c["name"] for c in doc["cards"]] == sorted(p.name for p in ev.players)


# ---- the language a player chooses (issue 32, item 9): data.json?lang= ---------------------

async def _client(folder):
    from aiohttp.test_utils import TestClient, TestServer

    from swisstui.web import server
    client = TestClient(TestServer(server.make_app(folder, poll=0.05), host="127.0.0.1"))
    await client.start_server()
    return client


async def test_the_document_in_the_language_a_player_chose(tmp_path, monkeypatch):
    import asyncio
    import json

    from swisstui.web import server
    built = []
    real = server.source_bytes

    def counting(source, lang=None):
        built.append(lang)
        return real(source, lang)
    monkeypatch.setattr(server, "source_bytes", counting)
    folder = make_event(tmp_path, "go", 8)
    services.pair_next(folder)
    client = await _client(folder)
    try:
        default = await client.get("/players/data.json")
        version = default.headers["X-Document-Version"]
        assert (await default.json())["lang"] == "en" and built == [None]
        # twenty phones ask for Japanese at once: built once, same version
        answers = await asyncio.gather(*(client.get("/players/data.json?lang=ja")
                                         for _ in range(20)))
        docs = [json.loads(await r.read()) for r in answers]
        assert built == [None, "ja"]
        assert {r.headers["X-Document-Version"] for r in answers} == {version}
        assert {d["lang"] for d in docs} == {"ja"} and docs[0]["event_lang"] == "en"
        assert docs[0]["text"]["tab_standings"] == "順位表"
        assert docs[0]["current"]["boards"][0]["a"]["seat"] == "黒"
        # a tag as a browser writes it; a language without a catalogue: the event's
        pt = await (await client.get("/players/data.json?lang=pt-BR")).json()
        assert pt["lang"] == "pt_BR" and pt["text"]["tab_boards"] == "Mesas"
        for odd in ("xx", "../../etc", "a" * 300):
            assert (await (await client.get(f"/players/data.json?lang={odd}")).json()
                    )["lang"] == "en"
        # a change rebuilds every language asked for, from the same reading of the folder
        await asyncio.to_thread(services.record_result, folder, 1, 1, "B+R")
        for _ in range(100):
            if client.app[server.LIVE].version > int(version):
                break
            await asyncio.sleep(0.05)
        new = client.app[server.LIVE].version
        assert new == int(version) + 1 and sorted(built[-3:], key=str) == [None, "ja", "pt_BR"]
        resp = await client.get("/players/data.json?lang=ja")
        assert resp.headers["X-Document-Version"] == str(new)
        assert (await resp.json())["current"]["boards"][0]["result"] == "B+R"
        assert len(built) == 6  # served from what the change built
    finally:
        await client.close()


async def test_the_page_offers_each_language_by_its_own_name(tmp_path):
    folder = make_event(tmp_path, "go", 4, language="ko")
    client = await _client(folder)
    try:
        html = await (await client.get("/players")).text()
    finally:
        await client.close()
    import re
    options = re.findall(r'<option value="([^"]+)"( selected)?>([^<]+)</option>', html)
    assert options == [("en", "", "English"), ("ja", "", "日本語"),
                       ("ko", " selected", "한국어"), ("pt_BR", "", "Português (Brasil)")]
    assert 'aria-label="언어"' in html and 'localStorage.getItem("lang")' in html
