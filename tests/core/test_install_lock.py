"""The install is reproducible (issue 31, item 1): the README's install command and .ci/run
install the same thing, from requirements-lock.txt, which pins every dependency of
pyproject.toml (runtime, test extra and build backend) to one release inside its range,
with hashes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements-lock.txt"


def _pins() -> dict[str, list[tuple[str, str]]]:
    """name -> [(version, marker)] of the lock; every pin carries at least one hash."""
    text = LOCK.read_text(encoding="utf-8")
    pins: dict[str, list[tuple[str, str]]] = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        m = re.match(r"([A-Za-z0-9_.-]+)==(\S+)(?: ; ([^\\\n]+))?", block)
        if not m:
            continue
        assert "--hash=sha256:" in block, f"{m.group(1)} has no hash"
        name = re.sub(r"[-_.]+", "-", m.group(1)).lower()
        pins.setdefault(name, []).append((m.group(2), (m.group(3) or "").strip()))
    return pins


def test_every_dependency_is_pinned_within_its_range():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [*meta["project"]["dependencies"], *meta["project"]["optional-dependencies"]["test"],
              *meta["build-system"]["requires"]]
    pins = _pins()
    for text in wanted:
        req = Requirement(text)
        name = re.sub(r"[-_.]+", "-", req.name).lower()
        assert name in pins, f"{name} is not in {LOCK.name}: run tools/lock.sh"
        for version, _marker in pins[name]:
            assert req.specifier.contains(version, prereleases=True), (
                f"{LOCK.name} pins {name}=={version}, outside pyproject's {req.specifier}: "
                f"run tools/lock.sh")


def test_ci_runs_the_readmes_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    install = re.search(r"```sh\n(python3 -m venv .venv && .*)\n```", readme)
    assert install, "the README's install command"
    steps = [s for s in install.group(1).split(" && ") if "swisstui demo" not in s]
    assert any("-r requirements-lock.txt" in s for s in steps), steps
    tests = re.search(r"## Run the tests\n\n```sh\n(.*)\n```", readme)
    assert tests, "the README's test command"
    ci_lines = [line.strip() for line in ci.splitlines()]
    for step in steps + tests.group(1).split(" && "):
        step = step.replace("-n auto", "-n auto -p no:cacheprovider")
        assert step in ci_lines, f".ci/run does not run the README's {step!r}"
