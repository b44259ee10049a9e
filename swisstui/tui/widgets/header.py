"""The one-line header: event name, game, round, results still missing, current mode."""

from __future__ import annotations

from textual.widgets import Static

from ...core.model import Event


def header_text(event: Event | None, mode_title: str = "") -> str:
    if event is None:
        return f"swisstui · no event loaded · {mode_title}"
    s = event.settings
    cur = event.current_round
    rnd = event.round(cur)
    missing = rnd.missing_results() if rnd else 0
    round_txt = f"Round {cur}/{s.rounds}" if cur else f"Round 0/{s.rounds} (not paired)"
    miss_txt = f"{missing} missing" if missing else ("all results in" if cur else "")
    parts = [s.name, s.game, round_txt, f"{len(event.players)} players"]
    if miss_txt:
        parts.append(miss_txt)
    if mode_title:
        parts.append(mode_title)
    return " · ".join(parts)


class EventHeader(Static):
    """Header line (plain text, no markup so names with brackets print as typed)."""

    def show(self, event: Event | None, mode_title: str) -> None:
        self.update(header_text(event, mode_title))

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, **kw)
