"""Money in prizes.toml (issue 35 item 2) is read as desk.toml's is: Decimal from a text or a
whole number, no TOML float, not negative, at most 2 decimals — none in a currency without a
minor unit (JPY, KRW) — each refusal one ``prizes.toml:LINE:`` line."""

from __future__ import annotations

from decimal import Decimal

import pytest

from conftest import make_event
from swisstui.core import fees
from swisstui.core.errors import EventFileError
from swisstui.core.prizes import read_prizes
from swisstui.core.services import desk, prizes as prize_svc

FILE = """\
currency = "EUR"

[[group]]
name = "Main"
sharing = "average"
minimum_share = 5

[[group.category]]
name = "Open"
money = ["500.50", 300, "0.25"]
values = ["500.50", 300, 10]
"""


def write(tmp_path, text):
    p = tmp_path / "prizes.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_money_is_decimal_from_texts_and_whole_numbers(tmp_path):
    pf = read_prizes(write(tmp_path, FILE))
    cat = pf.groups[0].categories[0]
    assert [p.money for p in cat.places] == [Decimal("500.50"), Decimal(300), Decimal("0.25")]
    assert all(type(p.money) is Decimal for p in cat.places)
    assert [p.value for p in cat.places] == [Decimal("500.50"), Decimal(300), Decimal(10)]
    assert pf.groups[0].minimum_share == Decimal(5)
    assert pf.groups[0].rounding == Decimal("0.01")


@pytest.mark.parametrize("old,new,line,words", [
    # a float is refused as in desk.toml (12.1 is not exactly 12.10 as a float)
    ('money = ["500.50", 300, "0.25"]', 'money = [500.5, 300]', 10,
     "'money' must be written as a text like \"12.50\" or a whole number, not 500.5"),
    ('money = ["500.50", 300, "0.25"]', 'money = ["500.505", 300]', 10,
     "'money' must have at most 2 decimals and be at most 1000000, not 500.505"),
    ('money = ["500.50", 300, "0.25"]', 'money = ["500", "-3"]', 10,
     "'money' cannot be negative or infinite, not -3"),
    ('money = ["500.50", 300, "0.25"]', 'money = [500, -300]', 10,
     "'money': a prize cannot be negative (-300)"),
    ('money = ["500.50", 300, "0.25"]', 'money = ["five hundred"]', 10,
     "'money' must be an amount like 12.50, not 'five hundred'"),
    # too large to quantize to the cent: the limit's line, not decimal.InvalidOperation
    ('money = ["500.50", 300, "0.25"]', 'money = ["1e30"]', 10,
     "'money' must have at most 2 decimals and be at most 1000000, not 1e30"),
    ('money = ["500.50", 300, "0.25"]', f'money = [{10 ** 40}]', 10,
     "'money' must have at most 2 decimals and be at most 1000000, not 1000"),
    ('values = ["500.50", 300, 10]', 'values = ["500.50", 300, 10.5]', 11,
     "'values' must be written as a text"),
    ("minimum_share = 5", "minimum_share = 2.5", 6, "'minimum_share' must be written as a "
     "text"),
    ("minimum_share = 5", 'minimum_share = "-1"', 6, "'minimum_share' cannot be negative"),
    ("minimum_share = 5", "rounding = 0", 6, "'rounding' must be more than 0, not 0"),
    ('currency = "EUR"', 'currency = "euro"', 1, "'currency' must be a code of 3 capital "
     "letters"),
    # no minor unit: whole yen
    ('currency = "EUR"', 'currency = "JPY"', 10,
     "'money' must be a whole amount: JPY has no decimals, not 500.50"),
])
def test_bad_money_is_one_file_line(tmp_path, old, new, line, words):
    assert old in FILE
    p = write(tmp_path, FILE.replace(old, new))
    with pytest.raises(EventFileError) as exc:
        read_prizes(p)
    text = str(exc.value)
    assert text.startswith(f"{p}:{line}: "), text
    assert words in text, text
    assert "\n" not in text


def test_whole_yen_read_and_rounded_to_one_yen(tmp_path):
    text = FILE.replace('currency = "EUR"', 'currency = "KRW"').replace(
        '["500.50", 300, "0.25"]', '[50000, "30000"]').replace(
        'values = ["500.50", 300, 10]\n', "")
    g = read_prizes(write(tmp_path, text)).groups[0]
    assert [p.money for p in g.categories[0].places] == [Decimal(50000), Decimal(30000)]
    assert g.rounding == Decimal(1)  # the smallest coin: no decimals in KRW
    assert fees.minor_unit("JPY") == 0 and fees.minor_unit("EUR") == 2
    assert fees.minor_unit("") == 2


def test_the_desk_currency_applies_when_the_file_names_none(tmp_path):
    folder = make_event(tmp_path, "chess", 4)
    desk.set_currency(folder, "JPY")
    text = FILE.replace('currency = "EUR"\n', "")
    (folder / "prizes.toml").write_text(text, encoding="utf-8")
    with pytest.raises(EventFileError) as exc:
        prize_svc.load_prizes(folder)
    assert str(exc.value) == (f"{folder / 'prizes.toml'}:9: 'money' must be a whole amount: "
                              "JPY has no decimals, not 500.50")
    desk.set_currency(folder, "EUR")
    assert prize_svc.load_prizes(folder).groups[0].categories[0].places[0].money == \
        Decimal("500.50")
