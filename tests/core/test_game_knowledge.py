"""What varies by game lives in the game's profile (swisstui/core/games/): no module outside
that package compares a value with a game's name or keeps a table keyed by game names
(issue 10).  Checked on the syntax tree of every swisstui/*.py outside core/games/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from swisstui.core.model import GAMES

ROOT = Path(__file__).resolve().parents[2] / "swisstui"
GAMES_PACKAGE = ROOT / "core" / "games"


def _game_names(node: ast.AST, names: frozenset[str]) -> list[str]:
    """The game names ``node`` spells literally: a string constant, or a tuple/list/set of
    them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in names else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [n for elt in node.elts for n in _game_names(elt, names)]
    return []


def game_knowledge(source: str, names: frozenset[str]) -> list[str]:
    """Every comparison with a game-name literal (``game == "go"``, ``game in ("chess",
    "renju")``, ``case "go":``) and every dict literal keyed by game names, as ``line:
    text``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            hits = [n for side in (node.left, *node.comparators)
                    for n in _game_names(side, names)]
            if hits:
                found.append(f"{node.lineno}: comparison with {', '.join(hits)}")
        elif isinstance(node, ast.MatchValue):  # match event.game: case "go": …
            hits = _game_names(node.value, names)
            if hits:
                found.append(f"{node.lineno}: case {', '.join(hits)}")
        elif isinstance(node, ast.Dict):
            hits = [n for key in node.keys if key is not None
                    for n in _game_names(key, names)]
            if hits:
                found.append(f"{node.lineno}: dict keyed by {', '.join(hits)}")
    return found


def _modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if GAMES_PACKAGE not in p.parents)


def test_the_check_finds_planted_game_knowledge():
    names = frozenset(GAMES)
    planted = (
        'if event.game == "renju":\n    pass\n'
        'pab = s.game != "chess"\n'
        'coloured = game in ("chess", "go")\n'
        'ok = "magic" in games\n'
        'SEATS = {"go": ("Black", "White")}\n'
        'fine = {"rules": "ing"}\n'
        'call = profile("othello")\n'
        'match game:\n    case "magic":\n        pass\n    case other:\n        pass\n'
    )
    assert game_knowledge(planted, names) == [
        "1: comparison with renju",
        "3: comparison with chess",
        "4: comparison with chess, go",
        "5: comparison with magic",
        "6: dict keyed by go",
        "10: case magic",
    ]


def test_the_scan_covers_the_whole_package():
    modules = {p.relative_to(ROOT).as_posix() for p in _modules()}
    assert {"core/model.py", "core/pairing/engine.py", "tui/screens/results.py",
            "cli/pairing_cmds.py"} <= modules
    assert not any(m.startswith("core/games/") for m in modules)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_game_names_outside_the_profiles(path):
    assert game_knowledge(path.read_text(encoding="utf-8"), frozenset(GAMES)) == []
