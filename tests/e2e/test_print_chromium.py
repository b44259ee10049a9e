"""The pages for paper, printed by headless Chromium to PDF: page size, page count, the
header repeated on every page, and the content (skipped with a reason without Chromium:
``apt-get install chromium``)."""

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import make_event

from swisstui.core import services
from swisstui.core.interop.formats import ExportRequest, render

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (apt-get install chromium)")
pypdf = pytest.importorskip("pypdf", reason="pypdf is in the test extras")

A4 = (595, 842)  # points, portrait
LETTER = (612, 792)


def print_pdf(html: bytes, tmp_path: Path, name: str):
    page = tmp_path / f"{name}.html"
    page.write_bytes(html)
    pdf = tmp_path / f"{name}.pdf"
    profile = tmp_path / f"profile-{name}"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    shutil.rmtree(profile, ignore_errors=True)
    reader = pypdf.PdfReader(str(pdf))
    return reader.pages, [" ".join(p.extract_text().split()) for p in reader.pages]


def size(page) -> tuple[int, int]:
    box = page.mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture(scope="module")
def big_event(tmp_path_factory):
    folder = make_event(tmp_path_factory.mktemp("print"), "othello", 80, rounds=7)
    services.pair_next(folder)
    return services.load(folder)


@pytest.mark.parametrize("paper,dims", [("a4", A4), ("letter", LETTER)])
def test_pairings_run_over_pages_with_the_header_on_each(big_event, tmp_path, paper, dims):
    pages, texts = print_pdf(render(big_event, ExportRequest("html", "pairings", paper=paper)),
                             tmp_path, f"pairings-{paper}")
    assert 2 <= len(pages) <= 3  # 40 boards in 11 pt rows
    assert all(size(p) == dims for p in pages)
    for text in texts:
        assert "Pairings round 1" in text and "Board" in text  # repeated on every page
    last_board = max(b.number for b in big_event.round(1).boards)
    a, b = next(b.players for b in big_event.round(1).boards if b.number == last_board)
    assert big_event.player(a).name in texts[-1]


def test_result_slips_four_to_a_page(big_event, tmp_path):
    pages, texts = print_pdf(render(big_event, ExportRequest("html", "slips")), tmp_path,
                             "slips")
    boards = len(big_event.round(1).boards)
    assert len(pages) == -(-boards // 4)  # 40 boards: 10 pages of 4 slips
    assert texts[0].count("Signature Black") == 4 and "Discs" in texts[0]
    assert "Board 1" in texts[0] and f"Board {boards}" in texts[-1]


def test_alphabetical_wall_chart_and_standings(big_event, tmp_path):
    pages, texts = print_pdf(render(big_event, ExportRequest(
        "html", "alphabetical", paper="letter", url="http://10.0.0.2:8000/players")),
        tmp_path, "alpha")
    assert size(pages[0]) == LETTER and len(pages) >= 2
    assert all("who plays where" in t for t in texts)
    first = sorted(p.name for p in big_event.players)[0]
    assert first in texts[0] and "Your board on your phone" in texts[0]
    assert "10.0.0.2:8000/players" in texts[0].replace(" ", "")
    pages, texts = print_pdf(render(big_event, ExportRequest("html", "wall")), tmp_path, "wall")
    assert size(pages[0]) == (A4[1], A4[0])  # landscape
    assert all("Wall chart after round" in t for t in texts)
    pages, texts = print_pdf(render(big_event, ExportRequest("html", "standings", paper="a4")),
                             tmp_path, "standings")
    assert len(pages) >= 2 and all("Standings after round" in t for t in texts)


# ---- issue 32 item 1: slips size to their content and never overlap --------------------------

# The printable width of each paper (the page less PRINT_CSS's 11 mm side margins) in CSS
# pixels (96 per inch): the screen layout at this width is the printed one.
PRINT_WIDTH_PX = {"a4": round((210 - 22) / 25.4 * 96), "letter": round((215.9 - 22) / 25.4 * 96)}

MEASURE = """<script>
const slips = [...document.querySelectorAll(".slip")], bad = [];
const boxes = slips.map(s => s.getBoundingClientRect());
slips.forEach((s, i) => {
  const b = boxes[i];
  if (i && boxes[i].top < boxes[i - 1].bottom - 0.5) bad.push("slip " + (i + 1) + " overlaps the one before");
  for (const el of s.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.bottom > b.bottom + 0.5 || r.right > b.right + 0.5 || r.left < b.left - 0.5))
      bad.push("slip " + (i + 1) + ": " + el.tagName + " '" + el.textContent.slice(0, 30) + "' outside its slip");
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== "visible")
      bad.push("slip " + (i + 1) + ": " + el.tagName + " text cut");
  }
});
document.body.dataset.slips = slips.length;
document.body.dataset.problems = JSON.stringify(bad);
</script></body>"""


def measured(html: bytes, tmp_path: Path, name: str, width: int) -> tuple[int, list[str]]:
    """The slips of ``html`` laid out by Chromium at ``width`` CSS pixels: their count and
    every box that overlaps the next slip or leaves its own."""
    import html as html_mod
    import json
    import re
    page = tmp_path / f"{name}.html"
    page.write_bytes(html.replace(b"</body>", MEASURE.encode(), 1))
    out = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                          "--disable-background-networking", "--disable-component-update",
                          "--disable-sync", "--no-first-run",
                          f"--user-data-dir={tmp_path / ('profile-' + name)}",
                          f"--window-size={width},1200", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    count = int(re.search(r'data-slips="(\d+)"', out).group(1))
    problems = json.loads(html_mod.unescape(re.search(r'data-problems="([^"]*)"', out).group(1)))
    return count, problems


def _slip_event(tmp_path, game):
    from swisstui.core.games import profile
    options = {"handicap": True} if profile(game).pairing.handicap_option else {}
    folder = make_event(tmp_path, game, 10, rounds=5,
                        name="Campeonato Aberto de Inverno da Federação Gaúcha 2026 — "
                             "Porto Alegre", **({"options": options} if options else {}))
    services.pair_next(folder)
    return services.load(folder)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["chess", "go", "othello", "magic", "renju"])
def test_slips_never_overlap_nor_overflow(tmp_path, game, paper):
    """Go and Magic slips ran out of their fixed 56 mm box: the komi and signature lines
    printed over the next slip's names.  Every game, A4 and Letter: each slip holds all its
    content and ends before the next begins, on the page (DOM) and on paper (4 per page at
    most, each slip on one page: PDF)."""
    ev = _slip_event(tmp_path, game)
    html = render(ev, ExportRequest("html", "slips", paper=paper))
    count, problems = measured(html, tmp_path, f"{game}-{paper}", PRINT_WIDTH_PX[paper])
    assert count == len(ev.round(1).boards) and problems == []
    pages, texts = print_pdf(html, tmp_path, f"slips-{game}-{paper}")
    where = [t.count("Board ") for t in texts]
    assert sum(where) >= count and all(n <= 4 for n in where)


def test_go_slip_has_the_boards_stones_and_komi_and_one_result_line(tmp_path):
    ev = _slip_event(tmp_path, "go")
    board = next(b for b in ev.round(1).boards if (b.setup or {}).get("handicap"))
    html = render(ev, ExportRequest("html", "slips")).decode()
    slip = html.split('<div class="slip">')[board.number]
    assert f'Handicap<b class="filled">{board.setup["handicap"]}</b>' in slip
    assert f'Komi<b class="filled">{board.setup["komi"]:g}</b>' in slip
    assert slip.count('<span class="line">') == 1  # the result, written by the players
    assert "Winner" not in slip and "Margin" not in slip


# ---- issue 33 item 10: the registration / check-in list of an event with sections ------------

def test_checkin_list_of_two_sections_on_a4(tmp_path):
    """The master check-in list printed on A4: every section's players with the Section
    column and the signature column, as pdftotext reads the PDF."""
    from swisstui.core.services import sections
    from swisstui.core.services.exports import export_folder
    root = make_event(tmp_path, "chess", 30, rounds=5)
    u = sections.add_section(root, "U1600", rounds=3).folder
    for i in range(12):
        services.add_player(u, f"Kid Player {i:02d}", rating=1200 + i)
    (w,) = export_folder(root, ExportRequest("html", "checkin", paper="a4"))
    pages, _texts = print_pdf(w.data, tmp_path, "checkin")
    assert all(size(p) == A4 for p in pages)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "checkin.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Section" in text and "Signature" in text and "Registration and check-in" in text
    names = [p.name for f in (root, u) for p in services.load(f).players]
    flat = " ".join(text.split())
    assert all(n in flat for n in names), [n for n in names if n not in flat]
    assert sum(line.split()[0] == "U1600" for line in text.splitlines() if line.split()) == 12


# ---- issue 35 items 6 and 8: the desk's prints ------------------------------------------------

def test_treasurer_ceremony_and_payout_on_paper(tmp_path):
    """The treasurer's sheet of 60 paying players runs over A4 pages with its header on
    each, totals and owed list after the lines; the ceremony list and the payout sheet on
    Letter, the payout with its Signature column and the totals by type."""
    from swisstui.core.services import desk
    from swisstui.core.services.exports import export_folder
    folder = make_event(tmp_path, "chess", 60, rounds=1, name="Desk Open")
    desk.set_currency(folder, "EUR")
    for pid in range(1, 61):
        desk.set_due(folder, pid, "30")
        if pid % 3:
            desk.pay(folder, pid, "30", "cash" if pid % 2 else "card")
    (w,) = export_folder(folder, ExportRequest("html", "treasurer", paper="a4"))
    pages, texts = print_pdf(w.data, tmp_path, "treasurer")
    assert len(pages) >= 2 and all(size(p) == A4 for p in pages)
    assert all("Desk Open — Treasurer's sheet" in t for t in texts[:-1])  # on every page
    flat = " ".join(texts)
    # 40 paid 30 each (20 by cash, 20 by card), 20 owe 30: 1200 paid, 600 owed
    assert "paid by cash 600.00 EUR" in flat and "paid by card 600.00 EUR" in flat
    assert "Owed 600.00 EUR" in flat and "Paid 1200.00 EUR" in flat
    services.pair_next(folder)
    for b in services.load(folder).round(1).boards:
        services.record_result(folder, 1, b.number, "1-0")
    (folder / "prizes.toml").write_text(
        'currency = "EUR"\n[[group]]\nname = "Main"\n[[group.category]]\nname = "Open"\n'
        'money = [300, 200, 100]\nitems = ["Cup"]\n', encoding="utf-8")
    (w,) = export_folder(folder, ExportRequest("html", "ceremony", paper="letter"))
    pages, texts = print_pdf(w.data, tmp_path, "ceremony")
    assert size(pages[0]) == LETTER and "Ceremony list" in texts[0]
    # read in reverse: Open 3. first, Open 1. last; 30 players won round 1 and tie on one
    # point, so the players tied with the last winner (Open 3.) are named
    first, last = texts[0].index("Open 3."), texts[0].index("Open 1.")
    assert first < last and "tied with" in texts[0]
    (w,) = export_folder(folder, ExportRequest("html", "payout", paper="letter"))
    pages, texts = print_pdf(w.data, tmp_path, "payout")
    assert size(pages[0]) == LETTER and "Payout sheet" in texts[0]
    assert "Signature" in texts[0] and "Totals by type" in texts[-1]
    assert "Money 600.00 EUR" in texts[-1] and "Items 1 (Cup)" in texts[-1]
