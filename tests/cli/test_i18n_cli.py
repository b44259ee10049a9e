"""Choosing the language on the command line (issue 17, items 2 and 8): ``--lang`` anywhere
on the line, else LANGUAGE / LC_ALL / LC_MESSAGES / LANG; an unknown language is English with
one line of warning; argparse's own words and our refusals come from the catalogue, and a
refusal keeps its ``file:line:`` prefix; the event's ``language`` for what players read.

The tests per language (ko, ja, pt_BR) run on the real catalogues: they fail until the
translators' .po files land.  The others build small catalogues in a temporary folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from conftest import make_event

from swisstui.cli import main, take_lang
from swisstui.core import i18n, services
from swisstui.core.errors import SwissError

REQUIRED_LANGUAGES = ("ko", "ja", "pt_BR")

HANGUL = re.compile(r"[\uac00-\ud7a3]")
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PORTUGUESE = re.compile(r"\b(rodada|resultado|uso:|não|jogador|evento)\b", re.I)
SCRIPT = {"ko": HANGUL, "ja": KANA_KANJI, "pt_BR": PORTUGUESE}


def run(capsys, *argv):
    try:
        rc = main([str(a) for a in argv])
    except SystemExit as exc:  # --help, usage errors
        rc = exc.code
    out, err = capsys.readouterr()
    return rc, out, err


def paired_chess_event(tmp_path: Path, capsys) -> Path:
    folder = make_event(tmp_path, "chess", 4, 5)
    rc, _out, err = run(capsys, "pair", folder)
    assert rc == 0, err
    return folder


# ---- the languages we build for first (real catalogues) ---------------------------------------

@pytest.mark.parametrize("lang", REQUIRED_LANGUAGES)
def test_refusals_and_help_speak_the_language(lang, tmp_path, capsys):
    folder = paired_chess_event(tmp_path, capsys)
    before = (folder / "rounds" / "01.toml").read_bytes()
    rc, out, err = run(capsys, "--lang", lang, "result", folder, 1, 1, "9-9")
    assert rc == 1 and err.startswith("swisstui: ") and err.count("\n") == 1, err
    assert "'9-9'" in err  # the notation as typed, untranslated
    assert SCRIPT[lang].search(err), err
    assert (folder / "rounds" / "01.toml").read_bytes() == before

    toml = folder / "event.toml"
    toml.write_text(re.sub(r"(?m)^rounds = 5$", 'rounds = "five"', toml.read_text()))
    rc, out, err = run(capsys, "result", folder, 1, 1, "1-0", "--lang", lang)
    assert rc == 1, err
    line = next(n for n, text in enumerate(toml.read_text().splitlines(), 1)
                if text.startswith("rounds"))
    assert err.startswith(f"swisstui: {toml}:{line}: "), err  # file:line: kept
    assert SCRIPT[lang].search(err.split(f":{line}: ", 1)[1]), err

    rc, out, err = run(capsys, "--lang", lang, "pair", "--help")
    assert rc == 0
    assert SCRIPT[lang].search(out), out
    assert "--allow-rematch" in out  # options are not translated


# ---- the mechanism, on temporary catalogues ---------------------------------------------------

def _catalogue(root: Path, lang: str, strings: dict[str, str]) -> None:
    cat = Catalog(locale=lang, fuzzy=False)
    for mid, text in strings.items():
        cat.add(mid, text)
    path = root / lang / "LC_MESSAGES" / "swisstui.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, cat)


FAKE = {"usage: ": "USO: ", "options": "OPÇÕES",
        "the following arguments are required: %s": "faltam os argumentos: %s",
        "chess result {text!r} not understood; {HELP}":
            "resultado de xadrez {text!r} não entendido; {HELP}",
        "{key!r} must be {kind}, not {value}": "{key!r} deve ser {kind}, não {value}",
        "an integer": "um inteiro"}


@pytest.fixture
def fake_locale(tmp_path, monkeypatch):
    root = tmp_path / "locale"
    _catalogue(root, "pt_BR", FAKE)
    _catalogue(root, "ja", {"usage: ": "使い方: "})
    monkeypatch.setattr(i18n, "LOCALE_DIR", root)
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return root


def test_lang_before_or_after_the_command(fake_locale, tmp_path, capsys):
    folder = paired_chess_event(tmp_path, capsys)
    for argv in (["--lang", "pt_BR", "result", folder, 1, 1, "9-9"],
                 ["result", folder, 1, 1, "9-9", "--lang=pt-BR"],
                 ["result", "--lang", "pt_BR.UTF-8", folder, 1, 1, "9-9"]):
        rc, out, err = run(capsys, *argv)
        assert rc == 1
        assert err.startswith("swisstui: resultado de xadrez '9-9' não entendido; "), err


def test_argparse_speaks_through_the_catalogue(fake_locale, capsys):
    rc, out, err = run(capsys, "--lang", "pt_BR", "pair", "--help")
    assert rc == 0 and out.startswith("USO: swisstui pair"), out
    assert "OPÇÕES:" in out
    rc, out, err = run(capsys, "--lang", "pt_BR", "pair")
    assert rc == 2 and "faltam os argumentos: event" in err, err
    rc, out, err = run(capsys, "pair", "--help")  # back to the environment: English
    assert out.startswith("usage: swisstui pair"), out


def test_a_file_error_keeps_its_prefix_in_another_language(fake_locale, tmp_path, capsys):
    folder = paired_chess_event(tmp_path, capsys)
    toml = folder / "event.toml"
    toml.write_text(re.sub(r"(?m)^rounds = 5$", 'rounds = "five"', toml.read_text()))
    rc, out, err = run(capsys, "--lang", "pt_BR", "players", "list", folder)
    assert rc == 1
    assert re.fullmatch(rf"swisstui: {re.escape(str(toml))}:\d+: 'rounds' deve ser um "
                        rf"inteiro, não 'five'\n", err), err


def test_unknown_language_is_english_with_one_warning(tmp_path, capsys):
    folder = paired_chess_event(tmp_path, capsys)
    rc, out, err = run(capsys, "--lang", "xx", "result", folder, 1, 1, "9-9")
    assert rc == 1
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert "'xx'" in lines[0] and "English" in lines[0]
    assert lines[1].startswith("swisstui: chess result '9-9' not understood")
    rc, out, err = run(capsys, "--lang", "xx", "pair", "--help")
    assert out.startswith("usage: ") and err.count("\n") == 1


def test_language_environment_order(fake_locale, monkeypatch):
    env = {"LANGUAGE": "ko:ja", "LC_ALL": "pt_BR.UTF-8", "LANG": "pt_BR.UTF-8"}
    assert i18n.resolve(None, env) == ("ja", None)  # ko has no catalogue here: the next
    assert i18n.resolve(None, {"LANGUAGE": "pt:ja"}) == ("pt_BR", None)
    assert i18n.resolve(None, {"LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8",
                               "LANG": "pt_BR"}) == ("ja", None)
    lang, warning = i18n.resolve(None, {"LANGUAGE": "ko:de"})
    assert lang == "en" and warning and "'ko'" in warning
    assert i18n.resolve("ja", env) == ("ja", None)  # --lang wins over the environment
    monkeypatch.setenv("LANGUAGE", "ko:ja")
    assert i18n.resolve() == ("ja", None)


def test_environment_chooses_when_no_lang(fake_locale, monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "ko:ja")
    rc, out, err = run(capsys, "pair", "--help")
    assert out.startswith("使い方: swisstui pair"), out
    assert err == ""


def test_take_lang():
    assert take_lang(["--lang", "ko", "pair", "EV"]) == ("ko", ["pair", "EV"])
    assert take_lang(["pair", "EV", "--lang=ja"]) == ("ja", ["pair", "EV"])
    assert take_lang(["pair", "--", "--lang", "x"]) == (None, ["pair", "--", "--lang", "x"])
    assert take_lang(["pair", "--lang"]) == (None, ["pair", "--lang"])


# ---- the event's language (players' side) ------------------------------------------------------

def test_event_language_setting(fake_locale, tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 4, 5)
    ev = services.load(folder)
    assert ev.settings.language == ""
    assert i18n.event_language(ev) == "en"  # the director's
    rc, out, err = run(capsys, "settings", folder, "--language", "pt-BR")
    assert rc == 0, err
    assert 'language = "pt_BR"' in (folder / "event.toml").read_text()
    ev = services.load(folder)
    assert ev.settings.language == "pt_BR"
    i18n.use("ja")
    assert i18n.event_language(ev) == "pt_BR"
    assert i18n.for_event(ev).gettext("usage: ") == "USO: "
    assert i18n._("usage: ") == "使い方: "  # the director's is unchanged
    rc, out, err = run(capsys, "settings", folder, "--language", "")
    assert rc == 0, err
    assert "language" not in (folder / "event.toml").read_text()
    assert i18n.event_language(services.load(folder)) == "en"


def test_unknown_event_language_is_refused(tmp_path, capsys):
    folder = make_event(tmp_path, "chess", 4, 5)
    before = (folder / "event.toml").read_bytes()
    rc, out, err = run(capsys, "settings", folder, "--language", "tlh")
    assert rc == 1 and "'tlh'" in err and err.count("\n") == 1, err
    assert (folder / "event.toml").read_bytes() == before
    with pytest.raises(SwissError) as exc:
        services.change_settings(folder, language="xx")
    assert exc.value.field == "language"


@pytest.mark.parametrize("lang", REQUIRED_LANGUAGES)
def test_help_fits_80_columns_in_every_language(lang, capsys, monkeypatch):
    """argparse wraps by characters; Hangul and kanji take two columns each, so the help is
    wrapped by terminal columns instead (swisstui.cli.CellWidthHelp)."""
    from swisstui.core.textwidth import width
    monkeypatch.setenv("COLUMNS", "80")
    for command in ("pair", "export", "players"):
        rc, out, _err = run(capsys, "--lang", lang, command, "--help")
        assert rc == 0
        # the usage block keeps argparse's own layout (a long {choices} group cannot break)
        body = out.split("\n\n", 1)[1]
        too_wide = [line for line in body.splitlines() if width(line) > 80]
        assert not too_wide, (lang, command, too_wide)


def test_wrap_breaks_by_columns_and_inside_long_cjk_words():
    from swisstui.core.textwidth import wrap
    assert wrap("a bb ccc dddd", 6) == ["a bb", "ccc", "dddd"]
    assert wrap("大会フォルダーを作成します", 10) == ["大会フォル", "ダーを作成", "します"]
    assert wrap("선수 추가 및 편집", 9) == ["선수 추가", "및 편집"]
