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
