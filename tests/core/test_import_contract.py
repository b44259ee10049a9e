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


SWISSTUI = CORE.parent


def _imports(path: pathlib.Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in ``path``, relative ones resolved."""
    package = ".".join(path.relative_to(SWISSTUI.parent).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{a.name}") for a in node.names]
    return out


def contract_breaks(layer: str, forbidden: tuple[str, ...]) -> list[str]:
    """``file:line module`` for each import in ``swisstui/<layer>`` (a package, or one
    module: ``core/model.py``) of a forbidden package."""
    where = SWISSTUI / layer
    paths = [where] if where.suffix == ".py" else sorted(where.rglob("*.py"))
    return [f"{path.relative_to(SWISSTUI.parent)}:{line} {mod}"
            for path in paths
            for line, mod in _imports(path)
            if any(mod == f or mod.startswith(f + ".") for f in forbidden)]


def test_import_contracts():
    """Layers: the core imports neither the CLI nor the TUI; the TUI does not import the
    CLI (both are shells over swisstui.core.services)."""
    assert contract_breaks("core", ("swisstui.cli", "swisstui.tui")) == []
    assert contract_breaks("tui", ("swisstui.cli",)) == []
    # the venue's web side reads through the core services; no Textual, no screens
    assert contract_breaks("web", ("textual", "swisstui.tui", "swisstui.cli")) == []


def test_the_contract_checker_sees_relative_imports(tmp_path, monkeypatch):
    """The checker must be able to fail: a relative import of the CLI from a TUI module."""
    fake = tmp_path / "swisstui"
    (fake / "tui" / "screens").mkdir(parents=True)
    (fake / "tui" / "screens" / "x.py").write_text("from ...cli.pairing_cmds import format_round\n")
    (fake / "tui" / "y.py").write_text("import swisstui.cli\n")
    monkeypatch.setattr(sys.modules[__name__], "SWISSTUI", fake)
    assert contract_breaks("tui", ("swisstui.cli",)) == [
        "swisstui/tui/screens/x.py:1 swisstui.cli.pairing_cmds",
        "swisstui/tui/screens/x.py:1 swisstui.cli.pairing_cmds.format_round",
        "swisstui/tui/y.py:1 swisstui.cli"]


def test_the_model_is_the_ground_floor():
    """Issue 33's seam: the model is data (core/model.py) and imports nothing of swisstui —
    not the game profiles (which import it), not the derived history (core/history.py), the
    pairing, the standings, the store or the services.  The game profiles in turn never
    reach up into the pairing, the standings, the store or the services: what an engine
    needs of a game it gets from the request's Field (core/field.py)."""
    assert contract_breaks("core/model.py", ("swisstui",)) == []
    assert contract_breaks("core/games", (
        "swisstui.core.pairing", "swisstui.core.standings", "swisstui.core.store",
        "swisstui.core.services", "swisstui.core.history", "swisstui.core.field")) == []


def test_the_contract_checker_reads_one_module(tmp_path, monkeypatch):
    """The model's contract must be able to fail: a lazy import of the game profiles inside
    a function of core/model.py (what ``_profile`` did before issue 33)."""
    fake = tmp_path / "swisstui"
    (fake / "core").mkdir(parents=True)
    (fake / "core" / "model.py").write_text(
        "from dataclasses import dataclass\n\n"
        "def _profile(game):\n    from .games import profile\n    return profile(game)\n")
    monkeypatch.setattr(sys.modules[__name__], "SWISSTUI", fake)
    assert contract_breaks("core/model.py", ("swisstui",)) == [
        "swisstui/core/model.py:4 swisstui.core.games",
        "swisstui/core/model.py:4 swisstui.core.games.profile"]
