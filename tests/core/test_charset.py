"""One folding of names for 8-bit files (TRF --encoding, EGD h9)."""

from swisstui.core.interop import h9, trf
from swisstui.core.interop.charset import fold_to


def test_latin1_keeps_what_it_holds_and_folds_the_rest():
    assert fold_to("Müller Łukasz Œdipe “Zé” Đorđe", "latin-1") == \
        'Müller Lukasz OEdipe "Zé" Dorde'


def test_ascii_folds_every_letter_and_marks_what_cannot_fold():
    assert fold_to("Åström Straße Þór 李", "ascii") == "Astrom Strasse Thor ?"


def test_utf8_is_unchanged_and_both_formats_fold_alike():
    assert fold_to("Łukasz 李", "utf-8") == "Łukasz 李"
    # h9 is ISO-8859-15 (it holds Œ), TRF's option Latin-1 (it does not)
    assert h9.to_charset("Œdipe Łukasz “Zé”") == 'Œdipe Lukasz "Zé"'
    assert trf.fold_text("Œdipe Łukasz “Zé”", "latin-1") == 'OEdipe Lukasz "Zé"'
