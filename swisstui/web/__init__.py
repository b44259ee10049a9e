"""The venue's web side: the players' page (``/players``: phones, read-only, live) and the
projector in a browser (``/``, textual-serve), on one aiohttp server (``swisstui serve``).

Everything here reads the event through :mod:`swisstui.core.services`; nothing here imports
Textual.  Modules: :mod:`.snapshot` (what the players' page shows, as JSON), :mod:`.pages`
(its HTML, one self-contained page), :mod:`.qr` (QR codes of its address), :mod:`.server`
(the aiohttp application, the live feed and the projector routes).
"""
