#!/usr/bin/env python3
"""Translation catalogues of swisstui: extract, update, init and check (issue 17).

    tools/i18n.py extract          # the marked strings of swisstui/ -> swisstui/locale/swisstui.pot
    tools/i18n.py update           # merge the .pot into every language's .po (no fuzzy matching)
    tools/i18n.py init LANG        # a new language: swisstui/locale/LANG/LC_MESSAGES/swisstui.po
    tools/i18n.py check [LANG...]  # missing, fuzzy, placeholder and plural-form problems

Only Babel's Python APIs and the standard library (no ``pybabel`` on the PATH needed).

Marking keywords: ``_``, ``N_``, ``ngettext`` (singular, plural), ``pgettext`` and ``NP_``
(context, message), and ``recorded``: a core service's ``@recorded("result", …)`` names the
action as the history records it, in English, and the history view shows it translated
(:func:`swisstui.core.services.history.subject_text`).  A comment starting ``# Translators:`` on the line before (or on the line of) a
marked string goes into the catalogue for the translator.

The template is written so that it changes only when the marked strings do: references
without line numbers, entries sorted by msgid, and a fixed header (no creation date).
``update`` keeps each translation whose msgid is unchanged, adds new entries empty (never a
"fuzzy" guess from a similar string) and drops the entries whose msgid is gone.
``check`` exits 1 when any language has an untranslated or fuzzy entry, a translation whose
placeholders differ from the English (``{name}`` fields; ``%s``, ``%d``, ``%(name)s`` for the
strings argparse formats), a plural entry with the wrong number of forms, a ``Plural-Forms``
header that is not the language's CLDR rule as the installed Babel has it (the count of forms,
and the form it chooses for each of ``PLURAL_SAMPLES``: the program's gettext follows the
header), or a stale catalogue (run ``update``).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from gettext import c2py
from pathlib import Path

import babel
from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "swisstui"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "swisstui"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2), "recorded": (1,)}
COMMENT_TAGS = ("Translators:",)
# folders of the package that hold no marked strings (event data, catalogues, styles)
SKIP_DIRS = ("sample_events", "locale", "themes", "__pycache__")
# a fixed date in the header: the template must not change on every run
FIXED_DATE = datetime(2026, 11, 24, tzinfo=UTC)
WIDTH = 76


# ---- extract ---------------------------------------------------------------------------------

def _skip(dirname: str, filename: str) -> bool:
    parts = Path(dirname, filename).parts
    return any(part in SKIP_DIRS or part.startswith(".") for part in parts)


def extract_catalog(package: Path = PACKAGE) -> Catalog:
    """Every marked string of ``package`` in a template catalogue (references relative to the
    repository, without line numbers)."""
    catalog = Catalog(project="swisstui", version="", copyright_holder="the swisstui authors",
                      msgid_bugs_address="", creation_date=FIXED_DATE,
                      revision_date=FIXED_DATE, fuzzy=False, charset="utf-8")
    base = package.parent

    def callback(filename: str, method: str, options: dict) -> None:
        return None

    for filename, _lineno, message, comments, context in extract_from_dir(
            str(package), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS, callback=callback, strip_comment_tags=True,
            directory_filter=lambda d: not any(p in SKIP_DIRS for p in Path(d).parts)):
        path = (package / filename).relative_to(base).as_posix()
        if _skip("", path):
            continue
        catalog.add(message, None, [(path, None)],  # type: ignore[list-item]
                    auto_comments=comments, context=context)
    for msg in catalog:
        if msg.id:
            msg.locations = sorted(set(msg.locations))
            msg.auto_comments = list(dict.fromkeys(msg.auto_comments))
    return catalog


def render(catalog: Catalog, *, template: bool = False) -> str:
    """The .po/.pot text of ``catalog``: sorted by msgid, locations without line numbers,
    obsolete entries dropped."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=True, ignore_obsolete=True,
             include_lineno=False, include_previous=False)
    text = out.getvalue().decode("utf-8")
    # Babel writes today's year into the comment header: keep the header stable
    text = re.sub(r"^# Copyright \(C\) \d{4} ", "# Copyright (C) ", text, flags=re.M)
    text = re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text, flags=re.M)
    text = re.sub(r'^"Generated-By: Babel [^"]*\\n"\n', "", text, flags=re.M)
    return text


def pot_text() -> str:
    """The template as a fresh extraction writes it."""
    return render(extract_catalog(), template=True)


def extract() -> int:
    text = pot_text()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text(text, encoding="utf-8")
    count = sum(1 for m in read_po(io.StringIO(text)) if m.id)
    print(f"{_shown(TEMPLATE)}: {count} messages")
    return 0


# ---- update and init -----------------------------------------------------------------------

def _shown(path: Path) -> str:
    """``path`` relative to the repository when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _template() -> Catalog:
    if not TEMPLATE.exists():
        raise SystemExit(f"{_shown(TEMPLATE)} is missing: run tools/i18n.py extract")
    with TEMPLATE.open("rb") as f:
        return read_po(f)


def _read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def merge(catalog: Catalog, template: Catalog) -> Catalog:
    """``catalog`` brought to ``template``: unchanged msgids keep their translation, new ones
    are empty, gone ones are dropped; nothing is guessed (no fuzzy matching)."""
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False,
                   keep_user_comments=True)
    catalog.obsolete.clear()
    for msg in catalog:
        if msg.id:
            msg.previous_id = []
            msg.locations = [(path, None) for path, _line in msg.locations]  # type: ignore[misc]
    return catalog


def update(langs: Iterable[str] = ()) -> int:
    template = _template()
    for lang in list(langs) or languages():
        path = po_path(lang)
        catalog = merge(_read(path, lang), template)
        path.write_text(render(catalog), encoding="utf-8")
        print(f"{_shown(path)}: updated")
    return 0


def init(lang: str) -> int:
    try:
        locale = Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        print(f"tools/i18n.py: {lang!r} is not a language Babel knows (e.g. ko, ja, pt_BR)",
              file=sys.stderr)
        return 2
    path = po_path(lang)
    if path.exists():
        print(f"tools/i18n.py: {_shown(path)} already exists; use update",
              file=sys.stderr)
        return 2
    template = _template()
    catalog = Catalog(locale=locale, domain=DOMAIN, project="swisstui", version="",
                      copyright_holder="the swisstui authors", msgid_bugs_address="",
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False,
                      charset="utf-8")
    catalog.language_team = f"{locale.english_name} <>"
    merge(catalog, template)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(catalog), encoding="utf-8")
    print(f"{_shown(path)}: created ({len(template)} messages to translate; "
          f"{catalog.num_plurals} plural form(s))")
    return 0


# ---- check -----------------------------------------------------------------------------------

_BRACES = re.compile(r"\{([^{}]*)\}")
_PERCENT = re.compile(r"%(\([^)]*\))?[-#0 +]*(\*|\d+)?(\.(\*|\d+))?[diouxXeEfFgGcrsa%]")


def placeholders(text: object) -> frozenset[str]:
    """The placeholders of a message: ``{name}`` fields (by name, conversion and format
    spec kept) and printf-style conversions (``%s``, ``%d``, ``%(name)s``; ``%%`` is text)."""
    text = str(text or "")
    found: set[str] = set()
    for m in _BRACES.finditer(text.replace("{{", "").replace("}}", "")):
        found.add("{" + m.group(1) + "}")
    for m in _PERCENT.finditer(text):
        if m.group(0) != "%%":
            found.add(m.group(0))
    return frozenset(found)


# the counts a plural rule is tried on: every CLDR rule of our languages tells these apart
# (0, 1, 2, the teens, the hundreds, and the exact millions of the "many" form of pt/fr/es)
PLURAL_SAMPLES = (*range(0, 201), 1000, 1001, 100000, 1000000, 1000001, 2000000, 10**9)


def plural_rule_differs(header_expr: str, cldr_expr: str) -> str | None:
    """How the catalogue's ``Plural-Forms`` expression and CLDR's differ (the first count
    for which they choose different forms), or None when they agree on every sample.  The
    runtime (gettext) follows the catalogue's header, so a header with the right number of
    forms but the wrong rule would show, e.g., the millions' form for 2."""
    try:
        mine = c2py(header_expr)
    except (ValueError, SyntaxError):
        return f"header Plural-Forms expression {header_expr!r} is not valid"
    theirs = c2py(cldr_expr)
    for n in PLURAL_SAMPLES:
        if mine(n) != theirs(n):
            return f"header Plural-Forms chooses form {mine(n)} for n = {n}, CLDR form {theirs(n)}"
    return None


@dataclass
class Report:
    lang: str
    missing: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)
    plurals: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)

    @property
    def problems(self) -> int:
        return (len(self.missing) + len(self.fuzzy) + len(self.placeholders)
                + len(self.plurals) + len(self.stale))

    def lines(self) -> list[str]:
        out = [f"{self.lang}: {len(self.missing)} missing, {len(self.fuzzy)} fuzzy, "
               f"{len(self.placeholders)} placeholder mismatch(es), {len(self.plurals)} "
               f"plural-form error(s), {len(self.stale)} stale"]
        for kind, items in (("missing", self.missing), ("fuzzy", self.fuzzy),
                            ("placeholders", self.placeholders), ("plural", self.plurals),
                            ("stale", self.stale)):
            out += [f"  {kind}: {item}" for item in items]
        return out


def _key(msg: Message) -> tuple[str, str | None]:
    mid = msg.id[0] if isinstance(msg.id, (tuple, list)) else msg.id
    return mid, msg.context


def check_catalog(catalog: Catalog, template: Catalog, lang: str) -> Report:
    """The problems of ``catalog`` (language ``lang``) against ``template``."""
    report = Report(lang)
    wanted = {_key(m): m for m in template if m.id}
    have = {_key(m): m for m in catalog if m.id}
    rule = get_plural(lang)
    expected_plurals = rule.num_plurals
    if catalog.num_plurals != expected_plurals:
        report.plurals.append(f"header Plural-Forms gives {catalog.num_plurals} form(s); "
                              f"{lang} has {expected_plurals} in Babel {babel.__version__}'s "
                              f"CLDR ({rule.plural_expr})")
    else:
        differs = plural_rule_differs(catalog.plural_expr, rule.plural_expr)
        if differs is not None:
            report.plurals.append(f"{differs}; {lang} in Babel {babel.__version__}'s CLDR: "
                                  f"{rule.plural_expr}")
    for key, tmsg in wanted.items():
        msg = have.get(key)
        shown = repr(key[0]) if key[1] is None else f"{key[1]}|{key[0]!r}"
        if msg is None:
            report.stale.append(f"{shown} not in the catalogue (run tools/i18n.py update)")
            continue
        plural = isinstance(tmsg.id, (tuple, list))
        strings = list(msg.string) if isinstance(msg.string, (tuple, list)) else [msg.string]
        if not any(strings) or (plural and not all(strings)):
            report.missing.append(shown)
            continue
        if msg.fuzzy:
            report.fuzzy.append(shown)
        if plural:
            if len(strings) != expected_plurals:
                report.plurals.append(f"{shown}: {len(strings)} form(s), {lang} has "
                                      f"{expected_plurals}")
            singular, plural_id = placeholders(tmsg.id[0]), placeholders(tmsg.id[1])
            allowed = singular | plural_id
            for i, s in enumerate(strings):
                got = placeholders(s)
                # one form may leave out what the English singular leaves out ("one game")
                if not got <= allowed or not (singular & plural_id) <= got:
                    report.placeholders.append(
                        f"{shown} form {i}: {sorted(got)} vs English {sorted(allowed)}")
        else:
            want, got = placeholders(tmsg.id), placeholders(strings[0])
            if want != got:
                report.placeholders.append(f"{shown}: {sorted(got)} vs English {sorted(want)}")
    for key in have.keys() - wanted.keys():
        report.stale.append(f"{key[0]!r} is no longer in the template (run tools/i18n.py "
                            f"update)")
    return report


def check_language(lang: str, template: Catalog | None = None) -> Report:
    return check_catalog(_read(po_path(lang), lang), template or _template(), lang)


def check(langs: Iterable[str] = ()) -> int:
    template = _template()
    chosen = list(langs) or languages()
    bad = 0
    for lang in chosen:
        if not po_path(lang).exists():
            print(f"{lang}: no catalogue ({_shown(po_path(lang))}); "
                  f"tools/i18n.py init {lang}")
            bad += 1
            continue
        report = check_language(lang, template)
        print("\n".join(report.lines()))
        bad += report.problems
    if not chosen:
        print("no catalogues yet (tools/i18n.py init LANG)")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/i18n.py",
                                     description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="marked strings -> swisstui/locale/swisstui.pot")
    p = sub.add_parser("update", help="merge the .pot into the .po files (no fuzzy matching)")
    p.add_argument("langs", nargs="*")
    p = sub.add_parser("init", help="start a new language's .po from the .pot")
    p.add_argument("lang")
    p = sub.add_parser("check", help="missing, fuzzy, placeholder and plural problems")
    p.add_argument("langs", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "extract":
        return extract()
    if args.command == "update":
        return update(args.langs)
    if args.command == "init":
        return init(args.lang)
    return check(args.langs)


if __name__ == "__main__":
    sys.exit(main())
