"""``python -m swisstui`` — the same as the ``swisstui`` console script."""

from swisstui.cli import run

if __name__ == "__main__":
    run()
