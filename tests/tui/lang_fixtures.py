"""Helpers for the TUI's language tests: a small demo event with Korean and Japanese names
(a copy of a sample event, some players renamed), and *pseudo* catalogues made at test time.

A pseudo catalogue translates every message of ``swisstui/tui`` (extracted with Babel, as the
real template is) into a text of the same width in terminal cells written in the language's
script: two ASCII letters become one Hangul syllable (``ko``) or one kanji (``ja``), vowels take
accents (``pt_BR``); ``{placeholders}`` stay as they are.  So the screens can be checked for
alignment with wide characters everywhere — labels, titles, names — before the translators'
catalogues exist.  Nothing here is written into the repository: the catalogues go to a
temporary folder that :data:`swisstui.core.i18n.LOCALE_DIR` is pointed at.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path

from rich.cells import cell_len

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "swisstui" / "sample_events"
PSEUDO_LANGS = ("ko", "ja", "pt_BR")

# player id -> (name, club) in the copies of the samples: Korean, Japanese, and one name too
# long for the Name column (cut with "…" at a character boundary)
CJK_PLAYERS = {
    "go": {
        1: ("井上さくら", "日本棋院"),
        3: ("渡辺海斗", "仙台"),
        5: ("김지석", "한국기원"),
        6: ("박정환", "한국기원"),
        8: ("武宮正樹名誉本因坊宇宙流", None),
        10: ("신진서", None),
    },
    "magic": {
        1: ("김민지", None),
        2: ("佐藤健", None),
        4: ("João Conceição", None),
    },
}


def cjk_event(tmp_path: Path, game: str = "go") -> Path:
    """A copy of ``swisstui/sample_events/<game>`` (stored rounds: nothing depends on the
    pairing engine) with the players of :data:`CJK_PLAYERS` renamed."""
    folder = tmp_path / f"{game}-cjk"
    shutil.copytree(SAMPLES / game, folder)
    rename = CJK_PLAYERS.get(game, {})
    out, pid = [], None
    for line in (folder / "players.toml").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^id = (\d+)$", line)
        if m:
            pid = int(m.group(1))
        if pid in rename:
            name, club = rename[pid]
            if line.startswith("name = "):
                line = f'name = "{name}"'
            elif line.startswith("club = ") and club:
                line = f'club = "{club}"'
        out.append(line)
    (folder / "players.toml").write_text("\n".join(out) + "\n", encoding="utf-8")
    return folder


# ---- pseudo catalogues ---------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_ACCENT = str.maketrans("aeiouAEIOUcnC", "áéíóúÁÉÍÓÚçñÇ")


def _wide(a: str, b: str, lang: str) -> str:
    n = ord(a) * 53 + ord(b)
    return chr(0xAC00 + n % 11172) if lang == "ko" else chr(0x4E00 + n % 20902)


def pseudo(text: str, lang: str) -> str:
    """``text`` in the pseudo language ``lang``, exactly as wide in terminal cells."""
    out = []
    for part in _PLACEHOLDER.split(text):
        if _PLACEHOLDER.fullmatch(part):
            out.append(part)
        elif lang == "pt_BR":
            out.append(part.translate(_ACCENT))
        else:
            out.append(re.sub(r"[A-Za-z]{2}", lambda m: _wide(m.group()[0], m.group()[1], lang),
                              part))
    result = "".join(out)
    assert cell_len(result) == cell_len(text), (text, result)
    return result


@cache
def tui_messages() -> tuple[tuple[str, str | None, str | None], ...]:
    """(msgid, plural or None, context or None) of every message marked in
    ``swisstui/tui``."""
    from babel.messages.extract import extract_from_dir
    keywords = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2),
                "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
    found: dict[tuple[str, str | None, str | None], None] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "swisstui" / "tui"), method_map=[("**.py", "python")],
            keywords=keywords, comment_tags=("Translators:",)):
        if isinstance(message, tuple):
            found[(message[0], message[1], context)] = None
        else:
            found[(message, None, context)] = None
    return tuple(found)


def write_catalogue(locale_dir: Path, lang: str, translate: Callable[[str], str]) -> Path:
    """``<locale_dir>/<lang>/LC_MESSAGES/swisstui.po`` translating every TUI message."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    catalog = Catalog(locale=lang, domain="swisstui")
    for msgid, plural, context in tui_messages():
        if plural is None:
            catalog.add(msgid, translate(msgid), context=context)
        else:
            forms = [translate(msgid)] + [translate(plural)] * (catalog.num_plurals - 1)
            catalog.add((msgid, plural), tuple(forms[:catalog.num_plurals]), context=context)
    po = locale_dir / lang / "LC_MESSAGES" / "swisstui.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as f:
        write_po(f, catalog)
    return po


def install_pseudo_catalogues(tmp_path: Path, monkeypatch) -> Path:
    """Point the catalogues at pseudo ``ko``, ``ja`` and ``pt_BR`` ones made in ``tmp_path``
    (and the compiled cache there too); returns the locale folder."""
    from swisstui.core import i18n
    locale_dir = tmp_path / "locale"
    for lang in PSEUDO_LANGS:
        write_catalogue(locale_dir, lang, lambda text, lang=lang: pseudo(text, lang))
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale_dir)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(i18n, "_cache", {})
    return locale_dir


def cells_split(text: str, widths: list[int]) -> list[str] | None:
    """``text`` cut at the cell offsets of consecutive ``widths``; None when an offset falls
    inside a wide character (the columns after it would be shifted)."""
    parts, start, used, i = [], 0, 0, 0
    bounds = []
    total = 0
    for w in widths:
        total += w
        bounds.append(total)
    for bound in bounds:
        while used < bound and i < len(text):
            used += cell_len(text[i])
            i += 1
        if used != bound:
            return None
        parts.append(text[start:i])
        start = i
    return parts
