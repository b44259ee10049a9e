"""Alphabetical order a reader expects (issue 17, item 7; swisstui/core/collation.py):
Hangul in syllable (dictionary) order, kana in gojūon order with hiragana and katakana
together, kanji by their reading, Portuguese ignoring accents; and the optional ``reading``
of a player from players.toml to the wall list, the players' page, the CLI and CSV import."""

import random
from dataclasses import replace

import pytest
from conftest import make_event

from swisstui.core import services, store
from swisstui.core.collation import name_key, player_key, search_text
from swisstui.core.errors import SwissError
from swisstui.core.interop.formats import ExportRequest, render
from swisstui.core.model import Player
from swisstui.core.registration import parse_players_csv
from swisstui.core.settings import make_settings
from swisstui.web.snapshot import snapshot

# The South Korean standard dictionary's order of the initial consonants and vowels.
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"


def _syllable(initial: int, vowel: int, final: int = 0) -> str:
    return chr(0xAC00 + (initial * 21 + vowel) * 28 + final)


def _sorted(names, lang=None):
    return sorted(names, key=lambda n: name_key(n, lang=lang))


def test_korean_names_in_dictionary_order():
    names = ["한지민", "곽도원", "김민지", "나문희", "박서준", "이병헌", "최민식", "강동원",
             "까치", "김민준", "김", "각"]
    assert _sorted(names) == ["각", "강동원", "곽도원", "김", "김민준", "김민지", "까치",
                              "나문희", "박서준", "이병헌", "최민식", "한지민"]


def test_hangul_code_point_order_is_the_dictionary_order():
    # the composition formula lists the jamo in the dictionary's order …
    firsts = [_syllable(i, 0) for i in range(19)]
    assert [chr(0x3131 + "ㄱㄲㄳㄴㄵㄶㄷㄸㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅃㅄㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".index(c))
            for c in INITIALS] == list(INITIALS)
    assert _sorted(firsts[::-1]) == firsts
    assert _sorted([_syllable(0, v) for v in range(20, -1, -1)]) == \
        [_syllable(0, v) for v in range(21)]
    # … and the key (decomposed jamo) agrees with code-point order of syllables everywhere
    rng = random.Random(17)
    names = ["".join(_syllable(rng.randrange(19), rng.randrange(21), rng.randrange(28))
                     for _ in range(rng.randint(1, 4))) for _ in range(3000)]
    assert _sorted(names) == sorted(names)


def test_korean_readers_find_hangul_first():
    names = ["Kim Minjun", "박서준", "山本", "Ana"]
    assert _sorted(names, "ko") == ["박서준", "Ana", "Kim Minjun", "山本"]
    assert _sorted(names) == ["Ana", "Kim Minjun", "박서준", "山本"]  # others: Latin first


def test_kana_in_gojuon_order():
    names = ["タナカ", "たなか", "だいち", "はなこ", "ぱな", "ばな", "きつね", "きっと",
             "サトウ", "あおき", "コーダ", "こうだ", "こばやし", "ｱﾍﾞ", "わたなべ", "んじゃ"]
    assert _sorted(names) == ["あおき", "ｱﾍﾞ", "きっと", "きつね", "こうだ", "コーダ",
                              "こばやし", "サトウ", "だいち", "たなか", "タナカ", "ばな",
                              "ぱな", "はなこ", "わたなべ", "んじゃ"]
    # voicing orders the ties: plain, dakuten, handakuten
    assert _sorted(["ぱん", "ばん", "はん"]) == ["はん", "ばん", "ぱん"]
    # hiragana before katakana, small before full size when all else is equal
    assert _sorted(["ツ", "つ", "っ"]) == ["っ", "つ", "ツ"]


def test_kanji_names_sort_by_their_reading():
    people = [("山田太郎", "やまだ たろう"), ("佐藤花子", "さとう はなこ"),
              ("伊藤一郎", "いとう いちろう"), ("タナカ ユキ", None), ("中村", "なかむら"),
              ("鈴木", "スズキ"), ("小林", "こばやし"), ("加藤", "かとう"), ("カトウ", None),
              ("本因坊", None), ("Sakata Eio", None)]
    order = sorted(people, key=lambda p: name_key(p[0], p[1], "ja"))
    assert [p[0] for p in order] == ["Sakata Eio", "伊藤一郎", "カトウ", "加藤", "小林",
                                     "佐藤花子", "鈴木", "タナカ ユキ", "中村", "山田太郎",
                                     "本因坊"]
    # a romanised reading puts a name among the Latin ones
    assert name_key("井山裕太", "Iyama Yuta")[:2] == name_key("Iyama Yuta")[:2]


def test_portuguese_names_ignore_accents():
    names = ["Úrsula", "Olga", "Ótavio", "Íris", "Igor", "Érica", "Eduardo", "Antônio",
             "Ângela", "Álvaro", "Alvaro", "Ubirajara", "Conceição", "Cauã"]
    expected = ["Alvaro", "Álvaro", "Ângela", "Antônio", "Cauã", "Conceição", "Eduardo",
                "Érica", "Igor", "Íris", "Olga", "Ótavio", "Ubirajara", "Úrsula"]
    assert _sorted(names) == _sorted(names, "pt_BR") == expected


def test_search_text_folds_as_the_page_does():
    assert search_text("João Araújo") == "joao araujo"
    # the voicing marks stay, decomposed (NFKD), as the page's query is
    assert search_text("山田太郎", "ヤマダ タロウ") == "山田太郎\nやまた\u3099 たろう"
    assert "が" not in search_text("ガ") and search_text("ガ") == "か\u3099"


# ---- the reading of a player, from the file to the lists ------------------------------------

def _japanese_event(tmp_path):
    players = (Player(1, "山田太郎", rank="3d", reading="やまだ たろう"),
               Player(2, "佐藤花子", rank="2d", reading="さとう はなこ"),
               Player(3, "伊藤一郎", rank="1d", reading="イトウ イチロウ"),
               Player(4, "中村", rank="1k", reading="なかむら"))
    folder = tmp_path / "jp"
    store.create(folder, make_settings("go", "Kagawa", 3), players)
    return folder


def test_reading_is_kept_in_players_toml(tmp_path):
    folder = _japanese_event(tmp_path)
    text = (folder / "players.toml").read_text(encoding="utf-8")
    assert 'reading = "やまだ たろう"' in text
    ev = services.load(folder)
    assert ev.player(1).reading == "やまだ たろう" and ev.player(3).reading == "イトウ イチロウ"
    bad = text.replace('reading = "やまだ たろう"', 'reading = "やまだ\\u001bたろう"')
    (folder / "players.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(SwissError, match=r"players\.toml:\d+.*reading"):
        services.load(folder)


def test_the_wall_list_and_the_players_page_use_the_reading(tmp_path):
    folder = _japanese_event(tmp_path)
    services.pair_next(folder)
    ev = services.load(folder)
    text = render(ev, ExportRequest("text", "wall", lang="ja")).decode()
    rows = [line.split()[0] for line in text.splitlines()[3:]]
    assert rows == ["伊藤一郎", "佐藤花子", "中村", "山田太郎"]  # い さ な や
    doc = snapshot(ev, lang="ja")
    assert [p["name"] for p in doc["current"]["players"]] == rows
    found = {p["name"]: p["find"] for p in doc["current"]["players"]}
    assert found["伊藤一郎"] == "伊藤一郎\nいとう いちろう"  # katakana read as hiragana
    assert [p.name for p in sorted(ev.players, key=lambda p: player_key(p, "ja"))] == rows
    # without readings: kanji in code-point order, after nothing a reader can use
    plain = replace(ev, players=tuple(replace(p, reading=None) for p in ev.players))
    text = render(plain, ExportRequest("text", "wall", lang="ja")).decode()
    assert [line.split()[0] for line in text.splitlines()[3:]] == sorted(rows)


def test_cli_reading_flag(tmp_path, capsys):
    from swisstui.cli import main
    folder = make_event(tmp_path, "go", 2)
    assert main(["players", "add", str(folder), "山田太郎", "--rank", "3d",
                 "--reading", "やまだ たろう"]) == 0
    ev = services.load(folder)
    new = next(p for p in ev.players if p.name == "山田太郎")
    assert new.reading == "やまだ たろう"
    assert main(["players", "edit", str(folder), str(new.id), "--reading", "Yamada Taro"]) == 0
    assert services.load(folder).player(new.id).reading == "Yamada Taro"
    assert main(["players", "edit", str(folder), str(new.id), "--reading", ""]) == 0
    assert services.load(folder).player(new.id).reading is None
    capsys.readouterr()


def test_csv_import_reads_a_reading_column():
    text = "name,rank,furigana\n山田太郎,3d,やまだ たろう\nAnna Berg,1d,\n"
    players = parse_players_csv(text)
    assert [(p.name, p.reading) for p in players] == [("山田太郎", "やまだ たろう"),
                                                       ("Anna Berg", None)]
    assert parse_players_csv("Name;Reading\n中村;なかむら\n")[0].reading == "なかむら"
