"""swisstui.core.i18n: language choice, catalogues compiled with Babel on first use, the
locale's numbers and dates (issue 17's foundation)."""

from __future__ import annotations

import pytest

from swisstui.core import i18n

PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "round {n}"
msgstr "rodada {n}"

msgid "{n} board"
msgid_plural "{n} boards"
msgstr[0] "{n} mesa"
msgstr[1] "{n} mesas"

#, fuzzy
msgid "standings"
msgstr "classificação?"
'''


@pytest.fixture
def catalogues(tmp_path, monkeypatch):
    po = tmp_path / "locale" / "pt_BR" / "LC_MESSAGES" / "swisstui.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    (tmp_path / "locale" / "ko" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "locale" / "ko" / "LC_MESSAGES" / "swisstui.po").write_text(
        PO.replace("rodada", "라운드"), encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(i18n, "_cache", {})
    yield po
    i18n.use("en")


def test_available_and_normalised_tags(catalogues):
    assert i18n.available() == ("en", "ko", "pt_BR")
    assert [i18n.normalise(t) for t in ("pt-BR", "pt_BR.UTF-8", "pt", "ko_KR.UTF-8", "C",
                                        "POSIX", "en_GB", "fr_FR", "")] == \
        ["pt_BR", "pt_BR", "pt_BR", "ko", "en", "en", "en", None, None]


@pytest.mark.parametrize("lang, env, expected", [
    ("ko", {"LANG": "pt_BR.UTF-8"}, ("ko", None)),
    (None, {"LANGUAGE": "fr:pt_BR", "LANG": "ko_KR.UTF-8"}, ("pt_BR", None)),
    (None, {"LC_ALL": "ko_KR.UTF-8", "LANG": "pt_BR"}, ("ko", None)),
    (None, {"LC_MESSAGES": "pt_PT", "LANG": "ko"}, ("pt_BR", None)),
    (None, {}, ("en", None)),
    (None, {"LANG": "C.UTF-8"}, ("en", None)),
])
def test_resolve_follows_the_flag_then_the_environment(catalogues, lang, env, expected):
    assert i18n.resolve(lang, env) == expected


def test_unknown_language_falls_back_to_english_with_one_line(catalogues):
    lang, warning = i18n.resolve("xx", {})
    assert lang == "en" and warning.count("\n") == 0
    assert "'xx' is not available (en, ko, pt_BR)" in warning


def test_translation_compiled_on_first_use_and_cached(catalogues, tmp_path):
    i18n.use("pt_BR")
    assert i18n._("round {n}").format(n=3) == "rodada 3"
    assert i18n.ngettext("{n} board", "{n} boards", 2).format(n=2) == "2 mesas"
    assert i18n.ngettext("{n} board", "{n} boards", 1).format(n=1) == "1 mesa"
    assert i18n._("standings") == "standings"  # fuzzy entries are not used
    assert i18n._("not in the catalogue") == "not in the catalogue"
    cached = list((tmp_path / "cache" / "swisstui" / "locale").glob("pt_BR-*.mo"))
    assert len(cached) == 1
    # a changed source is compiled again, never served from the old cache
    catalogues.write_text(PO.replace("rodada", "ronda"), encoding="utf-8")
    i18n._cache.clear()
    i18n.use("pt_BR")
    assert i18n._("round {n}") == "ronda {n}"
    # players' views get their own catalogue without changing the director's
    assert i18n.translator("ko").gettext("round {n}") == "라운드 {n}"
    assert i18n.current() == "pt_BR"
    i18n.use("en")
    assert i18n._("round {n}") == "round {n}"


@pytest.mark.parametrize("lang, number, percent, date", [
    ("en", "62.5", "62.50%", "Nov 24, 2026"),
    ("pt_BR", "62,5", "62,50%", "24/11/2026"),
    ("ko", "62.5", "62.50%", "2026. 11. 24."),
    ("ja", "62.5", "62.50%", "2026/11/24"),
])
def test_numbers_and_dates_in_the_readers_form(lang, number, percent, date):
    assert i18n.format_number(62.5, lang) == number
    assert i18n.format_percent(0.625, lang) == percent
    assert i18n.format_date("2026-11-24", lang) == date
    assert i18n.format_date("next spring", lang) == "next spring"
