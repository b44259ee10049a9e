"""``swisstui demo`` says where its copy is and removes its copies older than a day."""

import os
import time

from swisstui.cli import main
from swisstui.core import services

DAY = 24 * 3600


def _copy(parent, name, age, game="chess"):
    folder = parent / name
    folder.mkdir()
    target = services.make_demo(folder, game)
    old = time.time() - age
    for root, dirs, files in os.walk(folder):
        for n in dirs + files:
            os.utime(os.path.join(root, n), (old, old))
    os.utime(folder, (old, old))
    return folder, target


def test_remove_old_demos_only_removes_old_demo_copies(tmp_path):
    old, _ = _copy(tmp_path, "swisstui-demo-old", 2 * DAY)
    fresh, _ = _copy(tmp_path, "swisstui-demo-new", 60)
    touched, target = _copy(tmp_path, "swisstui-demo-touched", 2 * DAY)
    (target / "players.toml").touch()  # a director still uses it
    other = tmp_path / "swisstui-demo-notours"
    other.mkdir()
    (other / "notes.txt").write_text("keep")
    os.utime(other / "notes.txt", (time.time() - 3 * DAY,) * 2)
    os.utime(other, (time.time() - 3 * DAY,) * 2)
    unrelated, _ = _copy(tmp_path, "mine-old", 2 * DAY)
    assert services.remove_old_demos(tmp_path) == [old]
    assert not old.exists()
    assert fresh.exists() and touched.exists() and other.exists() and unrelated.exists()


def test_demo_prints_its_folder_and_cleans_up(tmp_path, monkeypatch, capsys):
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    old, _ = _copy(tmp_path, "swisstui-demo-abc", 2 * DAY)
    assert main(["demo", "--no-open", "--game", "go"]) == 0
    out, err = capsys.readouterr()
    folder = out.strip()
    assert folder.startswith(str(tmp_path / "swisstui-demo-")) and folder.endswith("go-demo")
    assert f"demo event copied to {folder}" in err
    assert f"removed the demo copy {old}" in err and not old.exists()
    assert os.path.isfile(os.path.join(folder, "event.toml"))
