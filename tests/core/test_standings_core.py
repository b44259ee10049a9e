"""Standings API: registry, chains, places, after-round, warnings, crosstable, playoff,
rounds advice."""

import pytest

from swisstui.core.errors import SwissError
from swisstui.core.model import Result
from swisstui.core.standings import (crosstable, format_value, json_value, playoff_round,
                                     recommended_rounds, registry, standings)
from swisstui.core.standings.playoff import bracket, bracket_order
from swisstui.core.standings.rounds_advice import advice, needed_rounds
from test_standings_build import build

REQUIRED = {
    "chess": "BH BH-C1 BH-C2 BH-M1 BH-M2 SB DE WIN WON BPG BWG PS AOB ARO AROC1 KS TPR",
    "go": "WINS MMS SOS SOSOS SODOS SOS-1 SOS-2 SOSM SOSOSM CUSS DC SDC SODOSODOS",
    "othello": "BQ DISCS BH",
    "magic": "MP MW OMW GW OGW",
    "renju": "BH SB DE LOT RATING RANDOM",
}


@pytest.mark.parametrize("game", sorted(REQUIRED))
def test_required_codes_exist_for_their_game(game):
    for code in REQUIRED[game].split():
        tb = registry.resolve(code, game)
        assert tb.code == code and tb.rule_ref and tb.name and tb.doc


def test_each_tiebreak_cites_rules_and_aliases_resolve():
    for code, tb in registry.items():
        assert "docs/RULES.md" in tb.rule_ref or "docs/RULES.md §8" in tb.rule_ref, code
        assert "docs/RULES.md" in tb.compute.__doc__ or "docs/RULES.md §8" in tb.compute.__doc__, code
    assert registry.get("bhc1").code == "BH-C1"
    assert registry.get("OMW%").code == "OMW"
    assert registry.get("nbw").code == "WINS"
    assert registry.get("sosw-1").code == "SOS-1"


def test_unknown_or_foreign_code_is_refused():
    ev = build("chess", [1, 2], [[(1, 2, "1-0")]])
    with pytest.raises(SwissError, match="unknown tie-break 'XYZ'"):
        standings(ev, chain="XYZ")
    with pytest.raises(SwissError, match="does not apply to chess"):
        standings(ev, chain=["BQ"])


def test_default_chain_from_profile_and_after_round():
    rounds = [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, None), (2, 4, "1-0")]]
    ev = build("chess", [1, 2, 3, 4], rounds)
    st = standings(ev)
    assert st.tiebreaks == ("BH-C1", "BH", "SB", "DE", "WIN")
    assert st.after_round == 1  # round 2 is not complete
    assert any("round 2 has 1 result(s) missing" in w for w in st.warnings)
    st2 = standings(ev, upto=2)
    assert st2.after_round == 2 and st2.row(2).score == 1
    assert standings(ev, upto=0).after_round == 0


def test_rounds_warning_seed003():
    ev = build("magic", list(range(1, 41)), [], nrounds=5)
    st = standings(ev)
    assert any("5 rounds for 40 players" in w and "6 needed" in w for w in st.warnings)
    assert not standings(build("magic", list(range(1, 33)), [], nrounds=5)).warnings


def test_recommended_rounds():
    assert recommended_rounds(12) == 4  # docs/RULES.md §8.3: 12 players -> 16 = 2^4
    assert recommended_rounds(12, "magic") == 5  # MTR table 9-16: 5 (Top 4)
    assert [recommended_rounds(n, "magic") for n in (8, 17, 33, 65, 129, 226, 227, 409, 410)] \
        == [3, 5, 6, 7, 8, 8, 9, 9, 10]
    assert needed_rounds(1) == 0 and needed_rounds(2) == 1 and needed_rounds(33) == 6
    assert advice(40, "magic").playoff == 8 and advice(12, "magic").playoff == 4
    assert advice(6, "magic").playoff is None


def test_magic_advice_offers_both_rows_of_appendix_e():
    """Issue 16 item 4: MTR Appendix E, 9-16 players: 5 rounds + Top 4 (most formats) and
    4 rounds + Top 8 (Limited with a booster-draft playoff)."""
    a = advice(12, "magic")
    assert (a.rounds, a.playoff) == (5, 4)
    assert a.alternatives == ((4, 8, "Limited with a booster-draft playoff"),)
    assert "5 Swiss rounds, then a Top 4 playoff" in a.note
    assert "4 Swiss rounds, then a Top 8 draft playoff" in a.note
    assert [advice(n, "magic").alternatives != () for n in (8, 9, 16, 17)] == \
        [False, True, True, False]
    assert advice(12).alternatives == ()


def test_format_value():
    assert format_value("OMW", 0.571428) == "57.14%"
    assert json_value("OMW", 0.571428) == 0.5714
    assert format_value("BH", 12.5) == "12.5" and format_value("BH", 12.0) == "12"
    assert format_value("ARO", 1712.0) == "1712"
    assert format_value(None, 3.25) == "3.25"
    assert json_value("BH", 12.0) == 12
    assert json_value("LOT", 1_000_007.0) is None and json_value("LOT", 3.0) == 3


def test_crosstable_cells():
    rounds = [[(1, 2, "1-0"), (3, 4, "+-")], [(3, 1, "="), ("bye", 2, "half"), ("bye", 4)]]
    ev = build("chess", [1, 2, 3, 4], rounds)
    ct = crosstable(ev)
    cells = {r.player.id: r.cells for r in ct.rows}
    pos = {r.player.id: i for i, r in enumerate(ct.rows, 1)}
    assert cells[1] == (f"{pos[2]}w+", f"{pos[3]}b=")
    assert cells[3] == (f"{pos[4]}f+", f"{pos[1]}w=")
    assert cells[2] == (f"{pos[1]}b-", "H=")
    assert cells[4] == (f"{pos[3]}f-", "B+")
    assert ct.rounds == (1, 2)


def test_playoff_top8_and_top4_seeding():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]
    # 8 players, one round, decided by rating: seeds = standings order
    rounds = [[(1, 2, "2-0"), (3, 4, "2-0"), (5, 6, "2-0"), (7, 8, "2-0")]]
    ev = build("magic", list(range(1, 9)), rounds, nrounds=1)
    seeds = standings(ev).order()
    rnd = playoff_round(ev, 8)
    assert rnd.playoff and rnd.number == 2
    s = seeds
    assert [b.players for b in rnd.boards] == [(s[0], s[7]), (s[3], s[4]), (s[1], s[6]),
                                              (s[2], s[5])]
    top4 = playoff_round(ev, 4)
    assert [b.players for b in top4.boards] == [(s[0], s[3]), (s[1], s[2])]
    with pytest.raises(SwissError, match="power of two"):
        playoff_round(ev, 6)
    with pytest.raises(SwissError, match="needs 16 players"):
        playoff_round(ev, 16)


def _win(rnd, first=True):
    res = Result("2-0", (1.0, 0.0), detail={"games": (2, 0, 0)}) if first else \
        Result("0-2", (0.0, 1.0), detail={"games": (0, 2, 0)})
    from dataclasses import replace

    return replace(rnd, boards=tuple(replace(b, result=res) for b in rnd.boards))


def test_playoff_later_rounds_pair_winners_and_standings_stay_frozen():
    rounds = [[(1, 2, "2-0"), (3, 4, "2-0"), (5, 6, "2-0"), (7, 8, "2-0")]]
    ev = build("magic", list(range(1, 9)), rounds, nrounds=1)
    before = standings(ev)
    qf = playoff_round(ev, 8)
    with pytest.raises(SwissError, match="result"):
        playoff_round(ev.with_round(qf), 8)
    ev = ev.with_round(_win(qf, first=False))  # the lower seeds all win
    sf = playoff_round(ev, 8)
    w = [b.players[1] for b in qf.boards]
    seed = {p: i for i, p in enumerate(before.order())}
    expect = [tuple(sorted(w[0:2], key=seed.get)), tuple(sorted(w[2:4], key=seed.get))]
    assert [b.players for b in sf.boards] == expect
    ev = ev.with_round(_win(sf))
    final = playoff_round(ev, 8)
    assert len(final.boards) == 1
    ev = ev.with_round(_win(final))
    with pytest.raises(SwissError, match="playoff is over"):
        playoff_round(ev, 8)
    text = "\n".join(bracket(ev))
    assert "Quarter-finals" in text and "Semi-finals" in text and "Champion" in text
    after = standings(ev)
    assert after.order() == before.order() and after.after_round == 1


def test_playoff_draw_refused():
    rounds = [[(1, 2, "2-0"), (3, 4, "2-0")]]
    ev = build("magic", [1, 2, 3, 4], rounds, nrounds=1)
    sf = playoff_round(ev, 4)
    from dataclasses import replace

    drawn = replace(sf, boards=tuple(replace(b, result=Result("1-1", (0.5, 0.5),
                                                              detail={"games": (1, 1, 0)}))
                                     for b in sf.boards))
    with pytest.raises(SwissError, match="needs a winner"):
        playoff_round(ev.with_round(drawn), 4)


def test_lot_rating_random():
    from swisstui.core.model import Player

    players = [Player(1, "A", rating=1500, lot=3), Player(2, "B", rating=1700, lot=1),
               Player(3, "C", rank="2d"), Player(4, "D", rank="5k", lot=2)]
    ev = build("renju", players, [], seed=7)
    st = standings(ev, chain="LOT")
    assert st.order() == [2, 4, 1, 3]
    assert standings(ev, chain="RATING").order() == [2, 1, 3, 4]
    assert standings(ev, chain="RANK").order() == [3, 4, 1, 2]  # 2d, 5k, then no rank
    assert format_value("RANK", standings(ev, chain="RANK").row(1).values["RANK"]) == ""
    r1 = standings(ev, chain="RANDOM").order()
    assert r1 == standings(ev, chain="RANDOM").order()  # the same seed, the same order
    assert sorted(r1) == [1, 2, 3, 4]


def test_docs_list_every_code():
    import pathlib

    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "TIEBREAKS.md").read_text()
    for code in registry:
        assert f"| `{code}` |" in doc, code


def test_renderers_escape_and_show_percents():
    import json as _json

    from dataclasses import replace

    from swisstui.core.interop.formats import ExportRequest, render
    from swisstui.core.model import Player

    ev = build("magic", [Player(1, "<b>Ann & Co</b>"), Player(2, "Bob")], [[(1, 2, "2-1")]])
    ev = replace(ev, settings=replace(ev.settings, name="Cup <1>"))

    def out(fmt: str, what: str = "standings") -> str:
        return render(ev, ExportRequest(fmt, what)).decode()

    html_out = out("html")
    assert "&lt;b&gt;Ann &amp; Co&lt;/b&gt;" in html_out and "<b>Ann" not in html_out
    assert "Cup &lt;1&gt;" in html_out and "%" in html_out
    assert "66.67%" in out("text")  # GW of the 2-1 winner
    data = _json.loads(out("json"))
    assert data["rows"][0]["tiebreaks"]["GW"] == 0.6667
    assert out("csv").splitlines()[1].endswith(",3,33.00%,66.67%,33.33%")  # OMW floor
    ct = _json.loads(out("json", "crosstable"))
    assert ct["rows"][0]["rounds"] == ["2+"]


def test_text_tables_align_cjk_names_by_display_width():
    """QA bug 6: Hangul/Kanji take two terminal columns; every row has the same width."""
    from swisstui.core import textwidth
    from swisstui.core.interop.formats import ExportRequest, render
    from swisstui.core.model import Player

    names = ["김민준", "山田太郎", "Ann", "Zoë Åström"]
    ev = build("chess", [Player(i, n) for i, n in enumerate(names, 1)],
               [[(1, 2, "1-0"), (3, 4, "=")]])
    for what in ("standings", "crosstable"):
        text = render(ev, ExportRequest("text", what)).decode()
        rows = [ln for ln in text.splitlines() if any(n in ln for n in names)]
        assert len(rows) == 4
        ends = {textwidth.width(r) for r in rows}
        assert len(ends) == 1, rows


def test_standings_of_an_incomplete_round_warn():
    """QA bug 16: `standings --round 2` while round 2 misses a result says so (the game
    counts for nobody); a complete round asked for gives no such warning."""
    rounds = [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, None), (2, 4, "1-0")]]
    ev = build("chess", [1, 2, 3, 4], rounds)
    st = standings(ev, upto=2)
    assert [w for w in st.warnings if "missing" in w] == [
        "round 2 has 1 result(s) missing; those games count for nobody in these standings"]
    assert st.row(1).score == 1 and st.row(3).score == 0.5
    assert not any("missing" in w for w in standings(ev, upto=1).warnings)
