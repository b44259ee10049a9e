"""Simulated events: rating-based random results played through the real engine.

Used by ``swisstui simulate``, ``tools/make_samples.py``, the property tests and the pairing
benchmark.  Results are built with the game's own grammar (``profile(game).entry.parse``) so the
detail a game needs (Othello discs, Magic game wins, Go winner, Renju actual Black) is real.
The expected score of the first player is the Elo formula 1 / (1 + 10^(−Δ/400)); a share
``profile(game).simulation.draw_rate`` of games are drawn (no Go jigo: komi 6.5 makes it
impossible, Magic draws are intentional draws or time); the result text comes from the
profile's ``simulation.result``.  Everything is seeded (``random.Random(seed)``), so a simulation is
reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from collections.abc import Callable

from ..board_setup import after_result
from ..games import profile
from ..model import Board, Event, GameKind, Player, Result, Round, Settings
from ..history import history
from .engine import pair_round

FAMILY = {
    "ko": ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han",
           "Shin", "Seo", "Kwon", "Hwang"],
    "ja": ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura",
           "Kobayashi", "Kato", "Yoshida", "Yamada", "Sasaki", "Matsumoto", "Inoue"],
    "pt": ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Ferreira", "Almeida",
           "Carvalho", "Gomes", "Ribeiro", "Martins", "Rocha", "Barbosa", "Araújo"],
    "en": ["Smith", "Brown", "Taylor", "Wilson", "Evans", "Walker", "Wright", "Green"],
    "fr": ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Laurent"],
}
GIVEN = {
    "ko": ["Min-jun", "Seo-yeon", "Ji-ho", "Ha-eun", "Do-yun", "Ji-woo", "Seo-jun", "Su-ah",
           "Ye-jun", "Chae-won", "Hyun-woo", "Yu-na"],
    "ja": ["Haruto", "Yui", "Sota", "Aoi", "Ren", "Hina", "Yuto", "Sakura", "Takumi", "Mio",
           "Kaito", "Riko"],
    "pt": ["João", "Maria", "Pedro", "Ana", "Lucas", "Beatriz", "Gabriel", "Juliana",
           "Rafael", "Camila", "Tiago", "Inês"],
    "en": ["Oliver", "Emma", "Jack", "Amelia", "Harry", "Isla"],
    "fr": ["Louis", "Chloé", "Hugo", "Léa", "Jules", "Manon"],
}
COUNTRY = {"ko": "KOR", "ja": "JPN", "pt": "BRA", "en": "GBR", "fr": "FRA"}
CLUBS = {  # home towns, used as club names (avoidance: OpenGotha geography, docs/RULES.md §1.3)
    "ko": ["Seoul", "Busan", "Daejeon"],
    "ja": ["Tagajo", "Kagawa", "Osaka", "Sendai"],
    "pt": ["São Paulo", "Rio de Janeiro", "Porto Alegre"],
    "en": ["London", "Cambridge"],
    "fr": ["Paris", "Lyon"],
}


def random_players(n: int, rng: random.Random, game: str, *, start: int = 1) -> list[Player]:
    """``n`` players with realistic names (Korean, Japanese, Portuguese, …), ratings or ranks."""
    prof = profile(game)
    out = []
    used: set[str] = set()
    langs = ["ko", "ja", "pt", "ko", "ja", "pt", "en", "fr"]
    for i in range(n):
        lang = rng.choice(langs)
        for _ in range(20):
            fam, giv = rng.choice(FAMILY[lang]), rng.choice(GIVEN[lang])
            name = f"{fam} {giv}" if lang in ("ko", "ja") else f"{giv} {fam}"
            if name not in used:
                break
        if name in used:
            name = f"{name} {i + start}"
        used.add(name)
        rating = int(rng.gauss(prof.simulation.rating, 250))
        rank = None
        if prof.ranks:
            from ..ranks import rank_from_value
            rank = rank_from_value(max(-20, min(6, (rating - 2100) // 100)))
        out.append(Player(i + start, name, rating=rating, rank=rank,
                          club=rng.choice(CLUBS[lang]) if rng.random() < 0.7 else None,
                          country=COUNTRY[lang], lot=None))
    return out


def make_result(event: Event, board: Board, outcome: tuple[float, float],
                rng: random.Random, forfeit: bool = False) -> Result:
    """A Result for ``outcome`` in the game's own notation: the profile's
    ``simulation.result`` read by its grammar with the board's setup prefilled, as a
    director's entry is (:func:`swisstui.core.results.parse_for_board`): a Go handicap
    board's result keeps the stones and komi decided at pairing."""
    prof = profile(event.game)
    assert prof.simulation.result is not None, f"{event.game}: the profile cannot simulate"
    text, extra = prof.simulation.result(rng, outcome, *board.players, forfeit)
    return prof.result(text, event.settings, {**(board.setup or {}), **extra})


def play(event: Event, rnd: Round, rng: random.Random, *, forfeit_rate: float = 0.0) -> Round:
    """Results for every board of ``rnd`` from ratings (Elo expectation) and the draw rate."""
    players = event.by_id()
    draw = profile(event.game).simulation.draw_rate
    boards = []
    for b in rnd.boards:
        ra = players[b.players[0]].rating or 1500
        rb = players[b.players[1]].rating or 1500
        exp = 1 / (1 + 10 ** ((rb - ra) / 400))
        forfeit = rng.random() < forfeit_rate
        x = rng.random()
        if not forfeit and x < draw:
            outcome = (0.5, 0.5)
        else:
            y = rng.random()
            outcome = (1.0, 0.0) if y < exp else (0.0, 1.0)
        boards.append(after_result(event.settings, b,
                                   make_result(event, b, outcome, rng, forfeit)))
    return replace(rnd, boards=tuple(boards))


def settings_for(game: str, name: str, rounds: int, seed: int = 0, **kw) -> Settings:
    """The game's default settings (``core.settings.make_settings``) with a seed."""
    from ..settings import make_settings
    return make_settings(game, name, rounds, seed=seed, **kw)


def simulate(game: str, nplayers: int, rounds: int, seed: int = 0, *,
             settings: Settings | None = None, players: list[Player] | None = None,
             on_round: Callable[[Event], Event] | None = None,
             forfeit_rate: float = 0.0) -> Event:
    """Play a whole event through :func:`pair_round`; ``on_round`` may edit the event before
    each pairing (withdrawals, late entries) — it receives and returns an Event."""
    rng = random.Random(seed)
    s = settings or settings_for(game, f"Simulated {game} event", rounds, seed)
    ps = players if players is not None else random_players(nplayers, rng, game)
    event = Event(s, tuple(ps))
    for _ in range(s.rounds):
        if on_round is not None:
            event = on_round(event)
        p = pair_round(event, allow_rematch=True)
        event = event.with_round(play(event, p.round, rng, forfeit_rate=forfeit_rate))
    return event


def score_distribution(event: Event) -> list[tuple[str, int]]:
    """The result pyramid (docs/RULES.md §8.3): how many players finished X-0, X-1, … by games
    won and lost (draws shown as a third number when present)."""
    hist = history(event)
    counts: Counter = Counter()
    for recs in hist.values():
        w = sum(1 for r in recs if r.kind is not GameKind.WITHDRAWN and r.outcome == 1
                or r.kind in (GameKind.PAIRING_BYE, GameKind.FULL_BYE))
        lo = sum(1 for r in recs if r.outcome == 0)
        d = sum(1 for r in recs if r.outcome == 0.5)
        counts[(w, lo, d)] += 1
    out = []
    for (w, lo, d), c in sorted(counts.items(), key=lambda x: (-x[0][0], x[0][1], -x[0][2])):
        out.append((f"{w}-{lo}" + (f"-{d}" if d else ""), c))
    return out


def rounds_to_one_unbeaten(event: Event) -> int | None:
    """First round after which exactly one player has won every game (None if never)."""
    for r in range(1, event.current_round + 1):
        hist = history(event, r)
        perfect = [pid for pid, recs in hist.items() if recs and all(
            x.outcome == 1 or x.kind in (GameKind.PAIRING_BYE,) for x in recs)]
        if len(perfect) == 1:
            return r
    return None
