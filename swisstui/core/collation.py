"""Alphabetical order of names for the lists people search (the wall list and the players'
page: "find your name, read your board"), and the folded text their search matches.

Latin: a director's readers look for ``Ólafur`` under O and ``Åström`` under A, so the order
is by the letters without their accents: the name is decomposed (Unicode NFKD), combining
marks are dropped, letters that do not decompose are spelt as their usual Latin letters
(Þ → th, Æ → ae, Ø → o, Œ → oe, ß → ss, Ð/Đ → d, Ł → l, ı → i), and the result is
case-folded.  Portuguese readers ignore accents the same way (``Álvaro`` with ``Alvaro``).

Hangul: in syllable order, the order of the South Korean standard dictionary (initial
consonant ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ, then the vowel ㅏ ㅐ ㅑ … ㅣ,
then the final consonant, none first).  Unicode composes a precomposed syllable as
``0xAC00 + (initial × 21 + vowel) × 28 + final`` with the jamo listed in exactly that order
(The Unicode Standard, §3.12 "Conjoining Jamo Behavior"), so code-point order of syllables is
the dictionary order; the decomposed jamo that NFKD gives compare the same way (a syllable
without a final consonant comes before one with, as the leading jamo U+1100… sort before the
trailing ones U+11A8…).  tests/core/test_collation.py checks it on every pair of syllables'
initials and on random names.

Japanese kana: in gojūon order (あいうえお かきくけこ …), hiragana and katakana together: katakana
are read as hiragana, small kana as their full size (ぁ → あ, ッ → つ), the voiced and
semi-voiced marks are ignored first (か = が = か゚) and then order the ties (plain, dakuten,
handakuten: は < ば < ぱ), the long vowel mark ー takes the vowel of the kana before it (カー
as かあ), the iteration mark ゝ repeats it.  Code-point order of the base hiragana so folded
is the gojūon order.  Kanji have no order of their own a reader knows: a player's
``reading`` (furigana or a romanisation) is sorted instead of the name when it is given.

Scripts: Latin first, then the other scripts in code-point order (Hangul, kana, kanji …);
for a Korean reader (``lang="ko"``) Hangul comes first, and for a Japanese reader kana (and
names with a kana reading) come before kanji without one.  Ties are broken by the exact
name, so the order is total (hiragana before katakana, small kana before full size).
"""

from __future__ import annotations

import unicodedata

__all__ = ["fold", "name_key", "player_key", "search_text"]

_SPELT = str.maketrans({"þ": "th", "Þ": "th", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o",
                        "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss", "ð": "d", "Ð": "d",
                        "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i", "ħ": "h",
                        "Ħ": "h", "ŧ": "t", "Ŧ": "t"})

_VOICED, _SEMI = "\u3099", "\u309a"  # combining dakuten, handakuten (after NFKD)
_LONG = "\u30fc"  # ー (NFKD turns the half-width ｰ into it)
_REPEAT = ("\u309d", "\u30fd")  # ゝ ヽ (ゞ ヾ decompose to these and a dakuten)
# katakana ァ…ヶ → hiragana ぁ…ゖ (the same order, 0x60 lower)
_KATA_TO_HIRA = {c: c - 0x60 for c in range(0x30A1, 0x30F7)}
_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
# the vowel of each full-size hiragana (the long vowel mark repeats it)
_VOWEL = {ch: v for v, row in zip("あいうえお", ("あかさたなはまやらわ", "いきしちにひみりゐ",
                                                "うくすつぬふむゆる", "えけせてねへめれゑ",
                                                "おこそとのほもよろを"))
          for ch in row}


def _kana(text: str) -> str:
    """Katakana read as hiragana, small kana as full size, ー and ゝ spelt out."""
    text = text.translate(_KATA_TO_HIRA).translate(_SMALL)
    if _LONG not in text and not any(r in text for r in _REPEAT):
        return text
    out: list[str] = []
    for ch in text:
        if ch == _LONG and out:
            ch = _VOWEL.get(out[-1], ch)
        elif ch in _REPEAT and out:
            ch = out[-1]
        out.append(ch)
    return "".join(out)


def _folded(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.translate(_SPELT))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return _kana(text)


def fold(text: str) -> str:
    """The letters of ``text`` as the alphabetical order compares them (accents dropped,
    letters spelt out, case folded, kana as full-size hiragana): what the rating index's
    name keys are made of, so ``Ólafur``, ``olafur`` and ``ÓLAFUR`` are one prefix."""
    return _folded(text)


def _marks(name: str) -> tuple[int, ...]:
    """The kana voicing marks, letter by letter (0 none, 1 dakuten, 2 handakuten): the
    second level of the order, after the letters."""
    out: list[int] = []
    for ch in unicodedata.normalize("NFKD", name):
        if ch == _VOICED and out:
            out[-1] = 1
        elif ch == _SEMI and out:
            out[-1] = 2
        elif not unicodedata.combining(ch):
            out.append(0)
    return tuple(out)


def _script(ch: str) -> str:
    if ch.isascii():
        return "latin"
    c = ord(ch)
    if 0x1100 <= c <= 0x11FF or 0x3130 <= c <= 0x318F or 0xAC00 <= c <= 0xD7A3:
        return "hangul"
    if 0x3040 <= c <= 0x30FF or 0x31F0 <= c <= 0x31FF:
        return "kana"
    if 0x3400 <= c <= 0x9FFF or 0xF900 <= c <= 0xFAFF or c >= 0x20000:
        return "han"
    return "other"


# The reader's scripts first; the rest (rank 9) in code-point order as before.
_SCRIPT_RANK = {
    "ko": {"hangul": 0, "latin": 1},
    "ja": {"latin": 0, "kana": 1, "han": 2},
}
_DEFAULT_RANK = {"latin": 0}


def name_key(name: str, reading: str | None = None, lang: str | None = None
             ) -> tuple[int, str, tuple[int, ...], str]:
    """Sort key of a name (by its ``reading`` when it has one: kanji by their furigana)
    for a reader of ``lang``: (script group, folded letters, kana voicing, exact name)."""
    text = reading.strip() if reading and reading.strip() else name
    folded = _folded(text)
    first = next((ch for ch in folded if ch.isalpha()), "")
    ranks = _SCRIPT_RANK.get((lang or "").split("_")[0], _DEFAULT_RANK)
    group = ranks.get(_script(first) if first else "latin", 9)  # no letter: with Latin
    return (group, folded, _marks(text), name)


def player_key(player, lang: str | None = None) -> tuple:
    """Sort key of a registered player in an alphabetical list: by the name (its reading
    when given) for a reader of ``lang``, then the id."""
    return (name_key(player.name, player.reading, lang), player.id)


def _search(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text
                   if not unicodedata.combining(ch) or ch in (_VOICED, _SEMI)).lower()
    return text.translate(_KATA_TO_HIRA)


def search_text(name: str, reading: str | None = None) -> str:
    """What a search box matches a typed query against, folded as the players' page folds
    the query (NFKD, accents dropped, lower case, katakana as hiragana; the voicing marks
    kept): the name, and the reading on a second line when there is one."""
    found = _search(name)
    return f"{found}\n{_search(reading)}" if reading else found


def search_query(text: str) -> str:
    """A typed query folded as :func:`search_text` folds what it is matched against
    (``Álvaro`` and ``alvaro`` are the same query)."""
    return _search(text.strip())


def matches_player(query: str, player) -> bool:
    """Whether a registered player is found by the typed ``query`` — a part of the name or
    its reading, of the club or of the country, folded alike (accents and case ignored,
    katakana as hiragana), or the id itself.  The TUI's registration search and the
    players' page match the same way (issue 32 item 21)."""
    return found_by(search_query(query), search_fields(player))


def search_fields(player) -> tuple[str, str, str, str]:
    """What a search looks in, folded once: the name with its reading, the club, the
    country, the id (a desk folds a whole pool once and searches it at every key)."""
    return (search_text(player.name, getattr(player, "reading", None)),
            _search(player.club or ""), _search(player.country or ""), str(player.id))


def found_by(query: str, fields: tuple[str, str, str, str]) -> bool:
    """Whether a folded ``query`` (:func:`search_query`) finds a player's
    :func:`search_fields`: a part of the name, club or country, or the whole id."""
    name, club, country, pid = fields
    return not query or query in name or query in club or query in country or query == pid
