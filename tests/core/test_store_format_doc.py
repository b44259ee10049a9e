"""docs/FORMAT.md stays true: its example files load, and its JSON example has the keys
event_to_json produces."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import sample_players
from swisstui.core import store
from swisstui.core.export_json import event_to_json
from swisstui.core.settings import make_settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "FORMAT.md"


def _blocks(lang):
    return re.findall(rf"```{lang}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def _files():
    out = {}
    for block in _blocks("toml"):
        first = block.splitlines()[0]
        assert first.startswith("# "), first
        out[first[2:].strip()] = block
    return out


def test_every_example_loads(tmp_path):
    files = _files()
    assert {"go-open/event.toml", "go-open/players.toml", "go-open/rounds/01.toml",
            "othello-cup/rounds/01.toml", "magic-fnm/rounds/01.toml",
            "renju-rif/rounds/01.toml"} <= set(files)
    for folder in {name.split("/")[0] for name in files}:
        if f"{folder}/event.toml" not in files:
            game = folder.split("-")[0]
            store.create(tmp_path / folder, make_settings(game, folder, 5),
                         sample_players(game, 5))
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    go = store.load(tmp_path / "go-open")
    assert go.settings.forbidden == ((3, 7), (2, 5)) and go.player(1).withdrawn_from == 5
    assert go.round(2).board(2).result.forfeit
    for folder in ("othello-cup", "magic-fnm", "renju-rif"):
        assert store.check(tmp_path / folder) == []
        assert len(store.load(tmp_path / folder).round(1).boards) == 2


def test_json_example_has_the_exported_keys(tmp_path):
    (example,) = _blocks("json")
    doc = json.loads(example)
    files = _files()
    for name in ("event.toml", "players.toml", "rounds/01.toml"):
        path = tmp_path / "go-open" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[f"go-open/{name}"], encoding="utf-8")
    real = event_to_json(store.load(tmp_path / "go-open"))
    assert set(doc) == set(real)
    assert set(doc["event"]) == set(real["event"])
    assert set(doc["players"][0]) == set(real["players"][0])
    assert doc["players"][0] == real["players"][0]
    assert set(doc["rounds"][0]) == set(real["rounds"][0])
    assert doc["rounds"][0]["byes"] == real["rounds"][0]["byes"]
    assert set(doc["rounds"][0]["boards"][0]) == set(real["rounds"][0]["boards"][0])
    assert doc["rounds"][0]["boards"][1] == real["rounds"][0]["boards"][1]
