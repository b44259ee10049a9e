"""Colour themes: ``swisstui/themes/*.toml`` loaded as Textual :class:`~textual.theme.Theme`.

Each TOML file holds the fields of a Textual Theme (``name``, ``primary``, ``background`` …,
``dark``, optional ``[variables]``).  The short name of a theme is its file stem (``dark``,
``light``, ``projector``, ``monochrome``); ``--theme NAME`` accepts the stem, the full theme
name, or any Textual built-in theme name.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

from textual.theme import BUILTIN_THEMES, Theme

from ..core.errors import SwissError
from ..core.i18n import _

THEME_DIR = Path(__file__).resolve().parent.parent / "themes"
DEFAULT_THEME = "dark"
DISPLAY_THEME = "projector"

_FIELDS = {f.name for f in fields(Theme)}


def load_theme_file(path: Path) -> Theme:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SwissError(f"{path}: {exc}") from None
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise SwissError(_("{path}: unknown theme key(s): {keys}").format(
            path=path, keys=", ".join(unknown)))
    if "primary" not in data:
        raise SwissError(_("{path}: a theme needs at least 'primary'").format(path=path))
    data.setdefault("name", f"swisstui-{path.stem}")
    return Theme(**data)


def available_themes() -> dict[str, Theme]:
    """Short name (file stem) → Theme, for every TOML file in the themes folder."""
    out: dict[str, Theme] = {}
    for path in sorted(THEME_DIR.glob("*.toml")):
        out[path.stem] = load_theme_file(path)
    return out


def resolve_theme(name: str | None, default: str = DEFAULT_THEME) -> tuple[dict[str, Theme], str]:
    """All swisstui themes, and the Textual theme name to activate for ``name``."""
    themes = available_themes()
    name = name or default
    if name in themes:
        return themes, themes[name].name
    for theme in themes.values():
        if theme.name == name:
            return themes, theme.name
    if name in BUILTIN_THEMES:
        return themes, name
    valid = ", ".join(sorted(themes))
    raise SwissError(_("unknown theme {name}; valid: {valid} (or a Textual theme name)").format(
        name=repr(name), valid=valid))
