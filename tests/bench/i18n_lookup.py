"""Translation cost benchmark (run on demand: ``.venv/bin/python tests/bench/i18n_lookup.py``).

Issue 17 asks that translation lookups do not slow result entry measurably.  On a chess
event of 1000 players (round 1 paired, 500 boards), with English (no catalogue) and with a
catalogue loaded (a temporary pt_BR catalogue: every msgid of swisstui.pot translated plus
filler up to 4000 entries, compiled by swisstui.core.i18n as a real one is):

* result entry: ``services.record_result`` (lock, re-read, validate, atomic write);
* a refused result in memory (``services.preview_result`` with text the grammar refuses,
  which translates its message): the path where a lookup happens on every call;
* one ``_()`` lookup: a msgid in the catalogue, and one that is not.

CPU time (time.process_time), medians; English and catalogue runs interleaved.
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402
from conftest import make_event  # noqa: E402

from swisstui.core import i18n, services  # noqa: E402
from swisstui.core.errors import SwissError  # noqa: E402

PLAYERS = 1000
RECORDS = 40  # per language
FILLER_TO = 4000
LOOKUPS = 200_000


def fake_catalogue(root: Path) -> int:
    """A pt_BR catalogue in ``root`` with every msgid of the template; its size."""
    template = i18n.LOCALE_DIR / "swisstui.pot"
    cat = Catalog(locale="pt_BR", fuzzy=False)
    for msg in read_po(io.BytesIO(template.read_bytes())):
        if not msg.id:
            continue
        if isinstance(msg.id, (tuple, list)):
            cat.add(msg.id, ("pt " + msg.id[0], "pt " + msg.id[1]), context=msg.context)
        else:
            cat.add(msg.id, "pt " + msg.id, context=msg.context)
    k = 0
    while len(cat) < FILLER_TO:
        cat.add(f"filler message number {k} with {{field}}", f"mensagem {k} com {{field}}")
        k += 1
    path = root / "pt_BR" / "LC_MESSAGES" / "swisstui.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, cat)
    return len(cat)


def cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        size = fake_catalogue(root / "locale")
        i18n.LOCALE_DIR = root / "locale"
        os.environ["XDG_CACHE_HOME"] = str(root / "cache")
        t = time.process_time()
        i18n.translator("pt_BR")
        first_use = time.process_time() - t
        i18n._cache.clear()
        t = time.process_time()
        i18n.translator("pt_BR")
        cached_use = time.process_time() - t

        folder = make_event(root, "chess", PLAYERS, rounds=5)
        services.pair_next(folder)
        event = services.load(folder)
        boards = [b.number for b in event.round(1).boards]
        times: dict[str, list[float]] = {"en": [], "pt_BR": []}
        refusals: dict[str, list[float]] = {"en": [], "pt_BR": []}
        board = iter(boards)
        for _k in range(RECORDS):
            for lang in ("en", "pt_BR"):
                i18n.use(lang)
                b = next(board)
                times[lang].append(cpu(lambda b=b: services.record_result(folder, 1, b, "1-0")))

                def refuse() -> None:
                    for _j in range(50):
                        try:
                            services.preview_result(event, 1, boards[-1], "9-9")
                        except SwissError:
                            pass
                refusals[lang].append(cpu(refuse) / 50)
        i18n.use("en")
        en_text = services.preview_result.__name__  # any text: not a msgid
        lookups = {}
        for lang in ("en", "pt_BR"):
            i18n.use(lang)
            for kind, msgid in (("hit", "the event needs a name"), ("miss", en_text)):
                runs = []
                for _r in range(5):
                    def many(msgid=msgid) -> None:
                        f = i18n._
                        for _j in range(LOOKUPS):
                            f(msgid)
                    runs.append(cpu(many) / LOOKUPS)
                lookups[(lang, kind)] = statistics.median(runs)
        i18n.use("en")

    def ms(v: float) -> str:
        return f"{v * 1000:8.3f} ms"

    print(f"catalogue: {size} entries; first use (compile with Babel) {ms(first_use)}, "
          f"from the cache {ms(cached_use)}")
    print(f"result entry, {PLAYERS} players (median of {RECORDS} CPU times):")
    for lang in ("en", "pt_BR"):
        print(f"  {lang:6} record_result {ms(statistics.median(times[lang]))}   "
              f"refused result (in memory) {ms(statistics.median(refusals[lang]))}")
    ratio = statistics.median(times["pt_BR"]) / statistics.median(times["en"])
    print(f"  ratio catalogue/English for record_result: {ratio:.3f}")
    print("one _() lookup (median of 5 x 200k):")
    for (lang, kind), v in lookups.items():
        print(f"  {lang:6} {kind:5} {v * 1e9:7.0f} ns")


if __name__ == "__main__":
    main()
