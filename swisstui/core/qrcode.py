"""QR codes (segno, a maintained QR library) of an address, as SVG text: the players' page on
printed pairings (:mod:`swisstui.core.interop.print_pages`) and in the venue server."""

from __future__ import annotations

import io


def svg(text: str, scale: int = 4) -> bytes:
    """A standalone SVG of the code: black on white, a quiet zone of 4 modules, error
    correction level M, the text as its title."""
    import segno
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="svg", scale=scale, border=4,
                                                  xmldecl=False, svgns=True, title=text)
    return out.getvalue()


def svg_inline(text: str, scale: int = 4) -> str:
    return svg(text, scale).decode("utf-8")
