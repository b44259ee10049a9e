"""The one-line header: current mode, event name, game, round, results still missing, players
(most important first, so a narrow terminal cuts only the least useful part)."""

from __future__ import annotations

from textual.widgets import Static

from ...core.model import Event


def header_text(event: Event | None, mode_title: str = "") -> str:
    if event is None:
        return f"{mode_title.upper()} · swisstui · no event loaded"
    s = event.settings
    cur = event.current_round
    rnd = event.round(cur)
    missing = rnd.missing_results() if rnd else 0
    round_txt = f"Round {cur}/{s.rounds}" if cur else f"Round 0/{s.rounds} (not paired)"
    miss_txt = f"{missing} missing" if missing else ("all results in" if cur else "")
    parts = [mode_title.upper()] if mode_title else []
    parts += [s.name, s.game, round_txt]
    if miss_txt:
        parts.append(miss_txt)
    parts.append(f"{len(event.players)} players")
    return " · ".join(parts)


class EventHeader(Static):
    """Header line (plain text, no markup so names with brackets print as typed)."""

    def show(self, event: Event | None, mode_title: str) -> None:
        self.update(header_text(event, mode_title))

    def __init__(self, **kw) -> None:
        super().__init__("", markup=False, **kw)
