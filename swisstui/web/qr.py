"""QR codes of the players' page address (segno, a maintained QR library): as SVG for a
browser or a printed page, and as rows of half-block characters for the terminal projector."""

from __future__ import annotations

import segno

from ..core.qrcode import svg, svg_inline

__all__ = ["svg", "svg_inline", "text_rows"]


def _code(text: str) -> segno.QRCode:
    return segno.make(text, error="m", micro=False)


def text_rows(text: str, border: int = 2, invert: bool = True) -> list[str]:
    """The code as lines of ``█▀▄`` characters, two modules per character cell vertically.

    ``invert`` draws the light modules (a light-on-dark terminal shows them light), so the
    code reads dark on light on a dark projector theme."""
    matrix = [list(row) for row in _code(text).matrix_iter(border=border)]
    if len(matrix) % 2:
        matrix.append([0] * len(matrix[0]))
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2]):
        chars = []
        for a, b in zip(top, bottom):
            a, b = (not a, not b) if invert else (bool(a), bool(b))
            chars.append("█" if a and b else "▀" if a else "▄" if b else " ")
        lines.append("".join(chars))
    return lines
