"""The Textual terminal application: a thin shell over :mod:`swisstui.core`.

``app.SwissApp`` is the director's application (five modes), ``screens.display.DisplayApp``
the read-only projector view.  Keys are defined once in :mod:`.keymap`; themes are TOML files
in ``swisstui/themes`` loaded by :mod:`.themes`; every write goes through :mod:`.backend`.
"""
