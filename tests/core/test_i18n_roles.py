"""One msgid, one meaning (issue 32, item 11): an English word with two roles gets a message
context, or a translator must pick one meaning for both — Japanese standings printed いいえ
("no", the answer) over the column of player numbers.

The rule, checked on the code (an AST scan of swisstui/): every string marked without a
context (``_``, ``N_``, ``gettext``) is given the role of the place it is marked in —

* **key**: what a key or button does or answers — a ``Binding``'s or ``Key``'s description
  or key-bar label, a ``Button``'s label;
* **column**: a column title — an element of a list or tuple literal holding three or more
  marked strings (a table's header row), or a ``col_…`` entry of a dict of page texts;

and a msgid marked in both roles fails: one of them must be marked with ``pgettext`` /
``NP_`` and a context.  The same scan counts the contexts used, so the test cannot pass by
finding nothing.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "swisstui"
PLAIN = {"_", "N_", "gettext"}
WITH_CONTEXT = {"pgettext", "NP_"}
KEY_CALLS = {"Binding", "Key", "Button"}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _marked(node: ast.AST) -> str | None:
    """The msgid of a context-less marking call with a literal, else None."""
    if (isinstance(node, ast.Call) and _name(node.func) in PLAIN and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return node.args[0].value
    return None


def roles_of(source: str) -> tuple[dict[str, set[str]], set[tuple[str, str]]]:
    """(msgid -> roles, {(context, msgid)}) of one module's marked strings."""
    tree = ast.parse(source)
    parent: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parent[child] = node
    roles: dict[str, set[str]] = defaultdict(set)
    contexts: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and _name(node.func) in WITH_CONTEXT
                and len(node.args) == 2
                and all(isinstance(a, ast.Constant) for a in node.args)):
            contexts.add((node.args[0].value, node.args[1].value))
            continue
        msgid = _marked(node)
        if msgid is None:
            continue
        up = parent.get(node)
        # a column title: one of three or more marked strings in a list or tuple literal
        if isinstance(up, (ast.List, ast.Tuple)) and sum(
                _marked(e) is not None for e in up.elts) >= 3:
            roles[msgid].add("column")
        if isinstance(up, ast.Dict):
            for k, v in zip(up.keys, up.values):
                if v is node and isinstance(k, ast.Constant) and str(k.value).startswith("col_"):
                    roles[msgid].add("column")
        # a key's or button's words: inside the arguments of Binding / Key / Button
        walker: ast.AST | None = node
        while walker is not None:
            if isinstance(walker, ast.Call) and walker is not node \
                    and _name(walker.func) in KEY_CALLS:
                roles[msgid].add("key")
                break
            if isinstance(walker, (ast.FunctionDef, ast.ClassDef, ast.Module)):
                break
            walker = parent.get(walker)
    return roles, contexts


def package_roles(package: Path = PACKAGE) -> tuple[dict[str, dict[str, set[str]]],
                                                      set[tuple[str, str]]]:
    """msgid -> role -> the modules marking it in that role; and every (context, msgid)."""
    found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    contexts: set[tuple[str, str]] = set()
    for path in sorted(package.rglob("*.py")):
        roles, ctx = roles_of(path.read_text(encoding="utf-8"))
        contexts |= ctx
        for msgid, rs in roles.items():
            for r in rs:
                found[msgid][r].add(str(path.relative_to(package.parent)))
    return found, contexts


def test_the_rule_finds_a_word_with_two_roles():
    """The rule on a module as the code was before (the dialog's No and the standings'
    column No, both without a context): it fails."""
    before = '''
BINDINGS = [Binding("y", "answer(True)", N_("Yes")),
            Binding("n,escape", "answer(False)", N_("No"))]
headers = [_("Pl"), _("No"), _("Name"), _("Pts")]
PAGE = {"col_place": N_("Pl"), "col_number": N_("No")}
'''
    roles, _contexts = roles_of(before)
    assert roles["No"] == {"key", "column"}
    assert roles["Yes"] == {"key"}
    assert roles["Pl"] == {"column"} and roles["Name"] == {"column"}
    after = before.replace('_("No"), _("Name")', 'pgettext("column", "No"), _("Name")') \
        .replace('N_("No")}', 'NP_("column", "No")}')
    roles, contexts = roles_of(after)
    assert roles["No"] == {"key"}
    assert contexts == {("column", "No")}


def test_no_msgid_is_both_a_key_and_a_column():
    found, contexts = package_roles()
    both = {msgid: {r: sorted(m) for r, m in rs.items()}
            for msgid, rs in found.items() if {"key", "column"} <= set(rs)}
    assert not both, f"mark one role with pgettext/NP_ and a context: {both}"
    # the scan sees both roles in the package (it would pass vacuously otherwise)
    assert any("key" in rs for rs in found.values())
    assert any("column" in rs for rs in found.values())
    assert ("column", "No") in contexts
    assert "key" in found["No"]  # the dialog's answer is the plain "No"


def test_the_column_no_is_not_the_answer_in_japanese():
    """The catalogues translate the two "No"s apart: the column is a number sign, the
    answer いいえ / 아니요 / Não."""
    from swisstui.core.readers import gettext_for, pgettext_for
    for lang in ("ja", "ko", "pt_BR"):
        answer = gettext_for(lang)("No")
        column = pgettext_for(lang)("column", "No")
        assert column and column != "No" and column != answer, (lang, column, answer)
