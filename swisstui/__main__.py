"""``python -m swisstui`` — the same as the ``swisstui`` console script: it goes through
swisstui.launch, whose Ctrl-C handler is in place before the command line is imported."""

from swisstui.launch import run

if __name__ == "__main__":
    run()
