"""Every citation in the code and the docs points to something in the repository.

* Every ``NAME.md`` mentioned in swisstui/ (``*.py``, ``*.md``), docs/*.md, README.md and
  CONTRIBUTING.md names a file of the repository: a path such as ``docs/PAIRING.md`` (from the
  repository root, or relative to the citing file), or a bare name found at the root or in
  docs/.
* Every section cited after ``docs/RULES.md`` — ``docs/RULES.md §1.4``, and the rest of a run
  such as ``docs/RULES.md §5.2, §5.3`` or ``§5.4–5.6`` — is a numbered heading of
  docs/RULES.md.

The checkers are plain functions so that a planted bad citation shows they can fail.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "RULES.md"

# a Markdown file name, optionally with a relative path; not the tail of a longer path or URL
MD_NAME = re.compile(r"(?<![\w/.-])((?:\.\./|[\w.-]+/)*[\w-]+\.md)\b")
RULES_CITE = re.compile(r"(?<![\w.-])(?:docs/)?RULES\.md")
# where a run of sections after "docs/RULES.md" ends: another file, a blank line, a docstring end
RUN_END = re.compile(r"\.md\b|\n\s*\n|\"\"\"")
RUN_LIMIT = 160
SECTION = re.compile(r"§(\d+(?:\.\d+)*)(?:[–-](\d+(?:\.\d+)*))?")
HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)


def cited_files() -> list[Path]:
    files = sorted((ROOT / "swisstui").rglob("*.py")) + sorted((ROOT / "swisstui").rglob("*.md"))
    files += sorted((ROOT / "docs").glob("*.md"))
    files += [ROOT / name for name in ("README.md", "CONTRIBUTING.md") if (ROOT / name).is_file()]
    return files


def missing_files(text: str, here: Path) -> list[str]:
    """The ``*.md`` names in ``text`` (a file in folder ``here``) that name no repository file."""
    bad = []
    for match in MD_NAME.finditer(text):
        name = match.group(1)
        folders = name.split("/")[:-1]
        if any("." in part and part != ".." for part in folders):
            continue  # a web address (github.com/…/README.md), not a repository path
        places = [ROOT / name, here / name]
        if "/" not in name:
            places.append(ROOT / "docs" / name)
        places = [p.resolve() for p in places]  # ../shared/X.md may exist, outside the repository
        if not any(p.is_file() and p.is_relative_to(ROOT) for p in places):
            bad.append(name)
    return bad


def rules_sections() -> set[str]:
    return set(HEADING.findall(RULES.read_text(encoding="utf-8")))


def cited_sections(text: str) -> list[str]:
    """The section numbers cited after each ``docs/RULES.md`` in ``text``."""
    out = []
    for match in RULES_CITE.finditer(text):
        run = text[match.end():match.end() + RUN_LIMIT]
        end = RUN_END.search(run)
        if end:
            run = run[:end.start()]
        for first, last in SECTION.findall(run):
            out.append(first)
            if last:
                # "§5.4–5.6": the end of the range keeps the chapter of its start when short
                out.append(last if "." in last or "." not in first
                           else first.rsplit(".", 1)[0] + "." + last)
    return out


def missing_sections(text: str, headings: set[str]) -> list[str]:
    return [s for s in cited_sections(text) if s not in headings]


def test_rules_md_has_the_cited_numbering():
    headings = rules_sections()
    for chapter in range(9):
        assert str(chapter) in headings
    for section in ("1.4", "1.8", "2.2", "3.2", "3.6", "4.2", "5.3", "5.7", "8.0", "8.2", "8.4"):
        assert section in headings


def test_every_md_name_is_a_file_of_the_repository():
    bad = []
    for path in cited_files():
        for name in missing_files(path.read_text(encoding="utf-8"), path.parent):
            bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert bad == []


def test_every_rules_section_cited_exists():
    headings = rules_sections()
    bad = []
    checked = 0
    for path in cited_files():
        text = path.read_text(encoding="utf-8")
        checked += len(cited_sections(text))
        for section in missing_sections(text, headings):
            bad.append(f"{path.relative_to(ROOT)}: docs/RULES.md §{section}")
    assert bad == []
    assert checked > 300  # the checker really reads the citations (about 400 today)


def test_the_checkers_catch_planted_bad_citations():
    headings = rules_sections()
    planted = ('"""Pairing (RULES.md §1.3; SEEDS.md 002; DESIGN.md §5; docs/NOPE.md;\n'
               "docs/RULES.md §9.9, §1.4 and §5.4–5.6; ../shared/RULES.md §2.2; docs/RULES.md §8.7).\n"
               "A web page github.com/owner/repo/README.md is not a repository path.\n")
    here = ROOT / "swisstui" / "core"
    assert missing_files(planted, here) == ["SEEDS.md", "DESIGN.md", "docs/NOPE.md",
                                            "../shared/RULES.md"]
    assert cited_sections(planted) == ["1.3", "9.9", "1.4", "5.4", "5.6", "2.2", "8.7"]
    assert missing_sections(planted, headings) == ["9.9", "8.7"]
    # a bare RULES.md resolves to docs/RULES.md (a bare name may live in docs/)
    assert missing_files("see RULES.md §1.4", here) == []
