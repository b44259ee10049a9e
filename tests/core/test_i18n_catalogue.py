"""The catalogues (issue 17, item 8): the committed template is a fresh extraction, every
language's .po is complete (nothing missing or fuzzy, the English placeholders, the right
plural forms), and the languages we build for first exist.  The checks are tools/i18n.py's.
"""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
REQUIRED_LANGUAGES = ("ko", "ja", "pt_BR")


def _tool():
    if "i18n_tool" in sys.modules:
        return sys.modules["i18n_tool"]
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def test_the_committed_template_is_a_fresh_extraction():
    committed = tool.TEMPLATE.read_text(encoding="utf-8")
    assert committed == tool.pot_text(), "run: .venv/bin/python tools/i18n.py extract"


def test_the_template_has_the_marked_strings_and_no_line_numbers():
    text = tool.TEMPLATE.read_text(encoding="utf-8")
    ids = {m.id for m in read_po(io.StringIO(text)) if m.id}
    assert "usage: " in ids  # argparse's, listed in cli/argparse_text.py
    assert "the event needs a name" in ids  # a settings refusal
    assert ("magic match {shown} is impossible in best of {best_of}: the match ends when a "
            "player has won {need} game", "magic match {shown} is impossible in best of "
            "{best_of}: the match ends when a player has won {need} games") in ids
    refs = [line for line in text.splitlines() if line.startswith("#: ")]
    assert refs and not any(":" in ref[3:].replace("swisstui/", "") for ref in refs)
    assert "POT-Creation-Date" not in text


@pytest.mark.parametrize("lang", sorted(set(REQUIRED_LANGUAGES) | set(tool.languages())))
def test_catalogue_is_complete(lang):
    path = tool.po_path(lang)
    assert path.exists(), f"{path.relative_to(ROOT)} is missing (tools/i18n.py init {lang})"
    report = tool.check_language(lang)
    assert report.problems == 0, "\n".join(report.lines())


# ---- the checker itself --------------------------------------------------------------------

def _template() -> Catalog:
    t = Catalog(fuzzy=False)
    t.add("round {n} saved")
    t.add("usage: ")
    t.add("%(prog)s: error: %(message)s\n")
    t.add(("{n} board", "{n} boards"))
    t.add("Round", context="table header")
    return t


def _lang(lang: str, strings: dict) -> Catalog:
    c = Catalog(locale=lang, fuzzy=False)
    for mid, text in strings.items():
        ctx = None
        if isinstance(mid, tuple) and len(mid) == 2 and mid[0] == "table header":
            ctx, mid = mid
        c.add(mid, text, context=ctx)
    return c


GOOD_JA = {"round {n} saved": "第{n}回戦を保存しました", "usage: ": "使い方: ",
           "%(prog)s: error: %(message)s\n": "%(prog)s: エラー: %(message)s\n",
           ("{n} board", "{n} boards"): ("{n}卓",), ("table header", "Round"): "回戦"}


def test_a_complete_catalogue_passes():
    report = tool.check_catalog(_lang("ja", GOOD_JA), _template(), "ja")
    assert report.problems == 0, report.lines()


def test_missing_fuzzy_and_stale_are_reported():
    strings = dict(GOOD_JA)
    del strings["usage: "]
    strings["gone"] = "消えた"
    cat = _lang("ja", strings)
    cat["round {n} saved"].flags.add("fuzzy")
    report = tool.check_catalog(cat, _template(), "ja")
    assert report.fuzzy == ["'round {n} saved'"]
    assert [s[:8] for s in report.stale] == ["'usage: ", "'gone' i"]
    cat.add("usage: ", "")
    report = tool.check_catalog(cat, _template(), "ja")
    assert report.missing == ["'usage: '"]


def test_placeholders_must_be_the_english_ones():
    strings = dict(GOOD_JA)
    strings["round {n} saved"] = "第{m}回戦を保存しました"
    strings["%(prog)s: error: %(message)s\n"] = "%(prog)s: エラー\n"
    strings[("{n} board", "{n} boards")] = ("卓",)
    report = tool.check_catalog(_lang("ja", strings), _template(), "ja")
    assert len(report.placeholders) == 3, report.lines()


def test_plural_forms_must_match_the_language():
    strings = dict(GOOD_JA)
    strings[("{n} board", "{n} boards")] = ("{n}卓", "{n}卓")
    report = tool.check_catalog(_lang("ja", strings), _template(), "ja")
    assert report.plurals and "1" in report.plurals[0], report.lines()
    # CLDR (Babel >= 2.19) gives Brazilian Portuguese three forms: 0 and 1, the exact
    # millions ("1000000 de mesas"), the rest
    pt = dict(GOOD_JA)
    pt[("{n} board", "{n} boards")] = ("{n} mesa", "{n} mesas")
    report = tool.check_catalog(_pt(pt), _template(), "pt_BR")
    assert report.plurals == ["'{n} board': 2 form(s), pt_BR has 3"], report.lines()
    pt[("{n} board", "{n} boards")] = ("{n} mesa", "{n} de mesas", "{n} mesas")
    assert tool.check_catalog(_pt(pt), _template(), "pt_BR").plurals == []


PT_RULE = (3, "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2")


def _pt(strings: dict, plural_forms: tuple[int, str] = PT_RULE) -> Catalog:
    cat = _lang("pt_BR", strings)
    cat._num_plurals, cat._plural_expr = plural_forms  # as read from a .po header
    return cat


def test_the_header_must_count_the_forms_and_choose_them_as_cldr_does():
    """The runtime picks a form by the .po header's rule, so a header with the old count
    (pt_BR before CLDR 42: ``nplurals=2; plural=(n > 1)``) or the right count and a wrong
    rule is refused, naming a count where the forms differ."""
    pt = dict(GOOD_JA)
    pt[("{n} board", "{n} boards")] = ("{n} mesa", "{n} de mesas", "{n} mesas")
    old = tool.check_catalog(_pt(pt, (2, "(n > 1)")), _template(), "pt_BR").plurals
    assert old[0].startswith("header Plural-Forms gives 2 form(s); pt_BR has 3"), old
    wrong = tool.check_catalog(_pt(pt, (3, "(n == 0 || n == 1) ? 0 : n == 2 ? 1 : 2")),
                               _template(), "pt_BR").plurals
    assert wrong and wrong[0].startswith(
        "header Plural-Forms chooses form 1 for n = 2, CLDR form 2"), wrong
    assert tool.plural_rule_differs("(n > 1", PT_RULE[1]) == (
        "header Plural-Forms expression '(n > 1' is not valid")


def test_brazilian_portuguese_counts_read_in_their_three_forms_at_run_time():
    """gettext follows the committed catalogue's header: 0 and 1 singular, an exact
    million with "de", the rest plural (this read "1000000 jogadores" with two forms)."""
    from swisstui.core import i18n

    tr = i18n.translator("pt_BR")
    shown = {n: tr.ngettext("{n} player", "{n} players", n).format(n=n)
             for n in (0, 1, 2, 40, 1000000, 1000001, 3000000)}
    assert shown == {0: "0 jogador", 1: "1 jogador", 2: "2 jogadores", 40: "40 jogadores",
                     1000000: "1000000 de jogadores", 1000001: "1000001 jogadores",
                     3000000: "3000000 de jogadores"}


def test_placeholders_are_read_from_both_styles():
    assert tool.placeholders("a {x!r} b {y:>5} {{literal}} %s %(name)s %d 100%%") == {
        "{x!r}", "{y:>5}", "%s", "%(name)s", "%d"}


def test_update_adds_empty_entries_keeps_translations_drops_the_gone_and_guesses_nothing():
    old = _lang("ja", {"round {n} saved": "第{n}回戦を保存しました", "gone": "消えた"})
    template = _template()
    template.add("round {n} saved!")  # close to an existing msgid: must not become fuzzy
    merged = tool.merge(old, template)
    assert merged["round {n} saved"].string == "第{n}回戦を保存しました"
    assert not merged["round {n} saved!"].string and not merged["round {n} saved!"].fuzzy
    assert merged.get("gone") is None and not merged.obsolete
    text = tool.render(merged)
    assert "消えた" not in text and "#~" not in text


def test_init_check_and_update_on_a_temporary_locale(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tool, "LOCALE_DIR", tmp_path)
    pot = tmp_path / "swisstui.pot"
    pot.write_text(tool.render(_template()), encoding="utf-8")
    monkeypatch.setattr(tool, "TEMPLATE", pot)
    assert tool.main(["init", "pt_BR"]) == 0
    po = tmp_path / "pt_BR" / "LC_MESSAGES" / "swisstui.po"
    text = po.read_text(encoding="utf-8")
    assert "nplurals=3" in text and 'msgstr[2] ""' in text  # CLDR's three forms
    assert tool.main(["init", "pt_BR"]) == 2  # exists already
    assert tool.main(["check"]) == 1
    assert "pt_BR: 5 missing" in capsys.readouterr().out
    cat = read_po(po.open("rb"), locale="pt_BR")
    for msg in cat:
        if msg.id:
            msg.string = (("{n} mesa", "{n} de mesas", "{n} mesas")
                          if isinstance(msg.id, tuple) else "pt " + msg.id)
    po.write_text(tool.render(cat), encoding="utf-8")
    assert tool.main(["check", "pt_BR"]) == 0, capsys.readouterr().out
    assert tool.main(["update"]) == 0
    assert tool.main(["check", "pt_BR"]) == 0


def test_rounds_advice_reads_in_the_directors_language():
    """The recommended-rounds note (power of two, and Magic's MTR table) is a Message: its
    readers get it translated, JSON and logs the English text."""
    from swisstui.core.readers import gettext_for, reader_text
    from swisstui.core.standings import advice

    for a in (advice(20), advice(12, "magic"), advice(40, "magic"), advice(6, "magic")):
        assert a.note.startswith(f"{a.players} players: ")
        ko = reader_text(a.note, gettext_for("ko"))
        assert ko.startswith(f"{a.players}명: ") and ko != a.note
