"""Lists, prints and exports for people speak the readers' language (issue 17).

A pseudo-catalogue brackets every translated string (``⟦Board⟧``): on every HTML list, print
and text export rendered in it, each piece of text is bracketed unless it is data (names,
numbers, tie-break codes, result notations) — an unmarked word fails the test.  Codes and
result notations stay as they are, and machine formats give the same bytes whatever the
language."""

import re
from html.parser import HTMLParser

import pytest
from conftest import make_event

from swisstui.core import services
from swisstui.core.interop.formats import ExportRequest, render
from swisstui.core.standings.registry import REGISTRY, description

GAMES = ("chess", "go", "othello", "magic", "renju")




def _played(tmp_path, game, rounds=2, n=9):
    folder = make_event(tmp_path, game, n)
    from swisstui.core.games import profile
    text = profile(game).entry.examples[0]
    for number in range(1, rounds + 1):
        services.pair_next(folder)
        rnd = services.load(folder).round(number)
        for board in rnd.boards:
            services.record_result(folder, rnd.number, board.number, text)
    services.pair_next(folder)  # a round in progress for pairings, slips, the wall list
    return folder, services.load(folder)


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "svg"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script", "svg"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.parts.append(data.strip())


_DATA = re.compile(r"^[\s\d.,%()#:+\-=½/·—–|]*[a-zA-Z]?[\s\d.,%()#:+\-=½/·—–|wbWBdkp?]*$")


def _unmarked(parts, ev, extra=()):
    """The pieces of text that are neither translated nor data."""
    data = sorted({p.name for p in ev.players} | {p.club for p in ev.players if p.club}
                  | {p.country for p in ev.players if p.country}
                  | {ev.settings.name, "swisstui", *extra}
                  | set(REGISTRY) | {"MMS", "#", "A", "B"}, key=len, reverse=True)
    out = []
    for part in parts:
        rest = part
        while "⟦" in rest and rest != (rest := re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)):
            pass
        for word in data:
            rest = rest.replace(word, " ")
        for res in ev.rounds:
            for b in res.boards:
                if b.result:
                    rest = rest.replace(b.result.text, " ")
        if not _DATA.match(rest):
            out.append(part)
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("what,paper", [
    ("standings", None), ("crosstable", None), ("pairings", None), ("final", None),
    ("all", None), ("alphabetical", None), ("slips", None), ("wall", None),
    ("standings", "a4"), ("pairings", "letter"),
])
def test_every_word_of_an_html_page_is_translated(tmp_path, pseudo, game, what, paper):
    folder, ev = _played(tmp_path, game)
    page = render(ev, ExportRequest("html", what, paper=paper, lang=pseudo,
                                    url="http://10.0.0.2:8000/players")).decode()
    parser = _Text()
    parser.feed(page)
    assert parser.parts, page
    assert _unmarked(parser.parts, ev, ("http://10.0.0.2:8000/players",)) == []
    assert '<html lang="xx">' in page


@pytest.mark.parametrize("what", ["standings", "crosstable", "pairings", "wall",
                                  "alphabetical", "final"])
def test_every_word_of_a_text_export_is_translated(tmp_path, pseudo, what):
    folder, ev = _played(tmp_path, "go")
    text = render(ev, ExportRequest("text", what, lang=pseudo)).decode()
    # a text table: split on two spaces (columns) and on the title's dash
    parts = [c for line in text.splitlines() for c in re.split(r"\s{2,}| — ", line) if c]
    assert _unmarked(parts, ev) == []


def test_codes_and_results_stay_as_they_are(tmp_path, pseudo):
    folder, ev = _played(tmp_path, "chess")
    page = render(ev, ExportRequest("html", "crosstable", lang=pseudo)).decode()
    for code in ev.settings.tiebreaks:
        assert f">{code}</th>" in page and f"⟦{code}⟧" not in page
        # its description is translated, in the legend under the table
        assert f"{code}: ⟦{REGISTRY[code].name}⟧" in page.replace("⟦{code}: {name}⟧", "")
    pairings = render(ev, ExportRequest("html", "pairings", round=1, lang=pseudo)).decode()
    assert "<td>1-0</td>" in pairings
    assert "⟦White⟧" in pairings and "⟦Board⟧" in pairings


def test_description_of_a_code(pseudo):
    assert description("BH") == "Buchholz"
    assert description("BH", pseudo) == "⟦Buchholz⟧"
    assert description("NOPE", pseudo) == "NOPE"


def test_a_language_without_a_catalogue_reads_english(tmp_path):
    folder, ev = _played(tmp_path, "chess", rounds=1)
    english = render(ev, ExportRequest("html", "pairings", lang="en")).decode()
    missing = render(ev, ExportRequest("html", "pairings", lang="zz")).decode()
    assert missing.replace('lang="zz"', 'lang="en"') == english


@pytest.mark.parametrize("fmt,what", [
    ("csv", "standings"), ("csv", "crosstable"), ("csv", "pairings"), ("csv", "wall"),
    ("csv", "final"), ("json", "event"), ("json", "standings"), ("json", "crosstable"),
    ("json", "pairings"), ("trf", "event"),
])
def test_machine_formats_do_not_speak_a_language(tmp_path, pseudo, fmt, what):
    folder, ev = _played(tmp_path, "chess")
    english = render(ev, ExportRequest(fmt, what, lang="en"))
    assert render(ev, ExportRequest(fmt, what, lang=pseudo)) == english
    assert "⟦".encode() not in english


def test_go_results_export_does_not_speak_a_language(tmp_path, pseudo):
    folder, ev = _played(tmp_path, "go")
    assert render(ev, ExportRequest("h9", lang=pseudo)) == render(ev, ExportRequest("h9"))


def test_no_marked_literal_hides_inside_an_f_string():
    """Babel's extractor reads an f-string as one token: a ``_("...")`` inside one would be
    translated at run time but never reach the catalogue."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "swisstui"
    files = [*(root / "core" / "interop").glob("*.py"),
             *(root / "core" / "standings").glob("*.py"), root / "core" / "readers.py", root / "core" / "collation.py",
             *(root / "web").glob("*.py")]
    hidden = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and \
                        inner.func.id in ("_", "N_", "ngettext") and inner.args and \
                        isinstance(inner.args[0], ast.Constant):
                    hidden.append(f"{path.name}:{inner.lineno}: {inner.args[0].value!r}")
    assert hidden == []
