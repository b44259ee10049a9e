"""Every string a person reads is marked for translation (issue 17, item 8).

An AST scan of swisstui/: the text given to the places people read — ``print`` and the
CLI's ``_out``, ``sys.stderr.write``, SwissError and its subclasses (the message argument:
``EventFileError``'s third, ``SettingError``'s second), argparse's ``help=``,
``description=``, ``epilog=``, Textual's ``notify``, ``Static``, ``Label``, ``Button``,
``Input(placeholder=)``, ``Binding`` and ``BINDINGS`` descriptions, the screens'
``status`` line — must not be a bare literal or f-string with words in it: it goes through
``_``, ``N_``, ``ngettext`` or ``pgettext`` (a variable holding such a string is fine).

Words are runs of two letters or more that are not all capitals (codes such as BH, SB,
OMW%, TRF stay as they are) and not in :data:`ALLOWED` (the program's name, notations).
The scan runs per top-level area; an area fails until its strings are marked.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "swisstui"

# area -> (folder, folders left to another area)
AREAS = {
    "cli": ("cli", ()),
    "core": ("core", ("interop",)),
    "core/interop": ("core/interop", ()),
    "tui": ("tui", ()),
    "web": ("web", ()),
}

MARKERS = {"_", "N_", "ngettext", "pgettext", "gettext"}
# words that are not English to translate: the program's name, notations and units
ALLOWED = {"swisstui", "http", "https", "jigo", "ing", "ext", "px", "id", "ids"}
WORD = re.compile(r"[^\W\d_]{2,}")

PRINTS = {"print", "_out"}
TEXTUAL_FIRST = {"notify", "Static", "Label", "Button", "status"}
KEYWORDS = {"help", "description", "epilog", "placeholder"}
KEYWORD_CALLS = {"add_argument", "add_parser", "ArgumentParser", "add_argument_group",
                 "Input", "Binding", "add_subparsers"}
MESSAGE_ARG = {"EventFileError": 2, "SettingError": 1}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def error_classes(package: Path = PACKAGE) -> set[str]:
    """SwissError and every class of the package derived from it (by name)."""
    bases: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(
                    n for b in node.bases if (n := _name(b)))
    found = {"SwissError"}
    while True:
        more = {c for c, bs in bases.items() if bs & found} - found
        if not more:
            return found
        found |= more


def has_words(text: str) -> bool:
    return any(not w.isupper() and w.lower() not in ALLOWED for w in WORD.findall(text))


def bare(node: ast.expr | None) -> bool:
    """``node`` is text with words that does not go through the catalogue."""
    if node is None:
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and has_words(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and has_words(v.value) for v in node.values)
    if isinstance(node, ast.IfExp):
        return bare(node.body) or bare(node.orelse)
    if isinstance(node, ast.BinOp):
        return bare(node.left) or bare(node.right)
    if isinstance(node, ast.Call):
        fn = _name(node.func)
        if fn in MARKERS:
            return False
        # "text {x}".format(...) without _(): the literal is bare
        if fn == "format" and isinstance(node.func, ast.Attribute):
            return bare(node.func.value)
    return False


def targets(tree: ast.AST, errors: set[str]) -> list[ast.expr]:
    out: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            fn = _name(node.func)
            if fn in PRINTS or fn in TEXTUAL_FIRST:
                out += node.args[:1]
            if fn == "write" and isinstance(node.func, ast.Attribute) and \
                    _name(node.func.value) == "stderr":
                out += node.args[:1]
            if fn in errors:
                index = MESSAGE_ARG.get(fn, 0)
                out += node.args[index:index + 1]
                out += [k.value for k in node.keywords if k.arg == "message"]
            if fn in KEYWORD_CALLS:
                out += [k.value for k in node.keywords if k.arg in KEYWORDS]
            if fn == "Binding":
                out += node.args[2:3]
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            names = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_name(t) == "BINDINGS" for t in names) and \
                    isinstance(node.value, (ast.List, ast.Tuple)):
                for item in node.value.elts:
                    if isinstance(item, ast.Tuple) and len(item.elts) >= 3:
                        out.append(item.elts[2])
    return out


def unmarked(paths, errors: set[str] | None = None) -> list[str]:
    """``file:line: text`` of every bare string in ``paths``."""
    errors = error_classes() if errors is None else errors
    found = []
    for path in paths:
        path = Path(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in targets(tree, errors):
            if bare(node):
                where = path.relative_to(PACKAGE.parent) if path.is_relative_to(
                    PACKAGE.parent) else path
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def area_files(area: str) -> list[Path]:
    folder, others = AREAS[area]
    root = PACKAGE / folder
    return sorted(p for p in root.rglob("*.py")
                  if not any(p.is_relative_to(root / o) for o in others))


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_string_people_read_is_marked(area):
    files = area_files(area)
    assert files, area
    found = unmarked(files)
    assert not found, (f"{len(found)} unmarked string(s) in swisstui/{area} (wrap them in _() "
                       f"or N_(); see CONTRIBUTING.md):\n" + "\n".join(found))


PLANTED = '''
import sys
from swisstui.core.errors import SwissError, EventFileError
from swisstui.core.i18n import _, N_

class LocalError(SwissError):
    pass

def f(x, path):
    raise SwissError("the event needs a name")          # bare
def g(x, path):
    raise LocalError(f"player {x} has no name")         # bare, subclass found by the scan
def h(x, path):
    raise EventFileError(path, 3, f"bad rating {x}")    # bare, third argument
def i(x, path):
    print("round {n} saved".format(n=x))                # bare, .format without _
def j(parser):
    parser.add_argument("--x", help="the board")        # bare
    sys.stderr.write("waiting for the lock\\n")         # bare
def ok(x, path):
    raise EventFileError(path, 3, _("bad rating {x}").format(x=x))
    print(_("round {n} saved").format(n=x))
    print(f"swisstui: {x}")            # no words but the program's name
    print(f"  {x} BH SB OMW% 1-0")     # codes and notations
    raise SwissError(N_("constant"))
'''


def test_the_scan_finds_planted_strings(tmp_path):
    path = tmp_path / "planted.py"
    path.write_text(PLANTED, encoding="utf-8")
    errors = error_classes() | error_classes(tmp_path)
    found = unmarked([path], errors)
    lines = sorted(int(f.split(":")[1]) for f in found)
    assert lines == [10, 12, 14, 16, 18, 19], found


def test_error_classes_are_found():
    found = error_classes()
    assert {"SwissError", "EventFileError", "ResultError", "PairingError", "ConflictError",
            "SettingError", "RankError"} <= found
    assert "ValueError" not in found


if __name__ == "__main__":  # print the unmarked strings of an area: ... tui
    for a in sys.argv[1:] or sorted(AREAS):
        print("\n".join(unmarked(area_files(a))))
