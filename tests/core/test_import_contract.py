"""The core never imports Textual (brief: "a test enforces it")."""

import ast
import pathlib
import subprocess
import sys

CORE = pathlib.Path(__file__).resolve().parents[2] / "swisstui" / "core"


def test_core_sources_do_not_import_textual():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path}:{node.lineno}" for n in names
                          if n.split(".")[0] in ("textual", "textual_serve", "rich")]
    assert offenders == []


def test_importing_the_core_loads_no_textual():
    code = ("import sys, pkgutil, importlib, swisstui.core as c\n"
            "for m in pkgutil.walk_packages(c.__path__, 'swisstui.core.'):\n"
            "    importlib.import_module(m.name)\n"
            "print(any(k.split('.')[0] == 'textual' for k in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
