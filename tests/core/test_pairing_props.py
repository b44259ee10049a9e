"""Property tests: random events of every game (2–60 players, up to 12 rounds, forfeits,
requested byes, withdrawals, late entries, forbidden pairs) played through the engine.

After every pairing: every active player is paired exactly once or has a bye; at most one
pairing bye; no rematch unless the director allowed it and no pairing without one exists; no
second pairing bye while one to an eligible player was possible (a warning says so); chess
colour limits (±2, never 3 in a row) and Othello's "never 2 apart" hold; forbidden pairs never
meet; the same event gives the same pairing.  An infeasible round is a one-line PairingError.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swisstui.core.errors import PairingError
from swisstui.core.model import ByeKind, Event, GameKind
from swisstui.core.history import colour_sequence, history
from swisstui.core.pairing import pair_round
from swisstui.core.pairing.simulate import play, random_players, settings_for

GAMES = ("chess", "go", "othello", "magic", "renju")


def check_round(ev: Event, p, allow_rematch: bool) -> None:
    rnd = p.round
    n = rnd.number
    active = {q.id for q in ev.players if q.active_in(n)}
    listed = [x for b in rnd.boards for x in b.players] + [b.player for b in rnd.byes]
    assert sorted(listed) == sorted(active), "every active player exactly once"
    pab = [b for b in rnd.byes if b.kind is ByeKind.PAIRING]
    assert len(pab) <= 1
    assert len(pab) == (len(active) - sum(1 for b in rnd.byes if b.kind is not ByeKind.PAIRING)) % 2
    for q in ev.players:
        req = q.requested_bye(n)
        if req is not None and q.active_in(n):
            assert any(b.player == q.id and b.kind is req for b in rnd.byes)
    hist = history(ev, n - 1)
    met = {pid: {r.opponent for r in recs if r.opponent is not None
                 and r.kind in (GameKind.GAME, GameKind.PENDING)} for pid, recs in hist.items()}
    rematches = [b.players for b in rnd.boards if b.players[1] in met.get(b.players[0], ())]
    if not allow_rematch:
        assert not rematches
    elif rematches:
        assert any("rematch" in w for w in p.warnings)
    forbidden = {frozenset(x) for x in ev.settings.forbidden}
    assert not [b for b in rnd.boards if frozenset(b.players) in forbidden]
    for b in pab:
        if any(r.kind is GameKind.PAIRING_BYE for r in hist.get(b.player, ())):
            assert any("second pairing bye" in w for w in p.warnings)
    after = history(ev.with_round(rnd))
    if ev.game == "chess" and n < ev.settings.rounds:
        for b in rnd.boards:
            for pid in b.players:
                seq = colour_sequence(after[pid]) + []
                # pending games carry their colour too: append this round's
                rec = after[pid][-1]
                seq = seq + ([rec.colour] if rec.kind is GameKind.PENDING else [])
                assert abs(seq.count("w") - seq.count("b")) <= 2, (pid, seq)
                assert "www" not in "".join(seq) and "bbb" not in "".join(seq), (pid, seq)
    if ev.game == "othello":
        # never 2 apart, unless no pairing could keep it (colour_limit = "graded", the
        # default): then the round says so and so does every board that goes past it
        relaxed = any("apart in Blacks and Whites" in w for w in p.warnings)
        for b in rnd.boards:
            for pid in b.players:
                seq = [r.colour for r in after[pid] if r.colour and r.kind in
                       (GameKind.GAME, GameKind.PENDING)]
                if abs(seq.count("w") - seq.count("b")) > 1:
                    assert relaxed, (pid, seq)
                    assert "relaxed: colour gap" in "\n".join(p.explain(b.number))


def run_event(game: str, n: int, rounds: int, seed: int, late: int, withdraw: int,
              byes: int, forbid: int, forfeit: float) -> int:
    rng = random.Random(seed)
    s = settings_for(game, "prop", rounds, seed)
    players = random_players(n + late, rng, game)
    ps = []
    for i, p in enumerate(players):
        if i >= n:  # late entrants
            p = replace(p, joined_round=rng.randint(2, max(2, rounds)))
        ps.append(p)
    for _ in range(withdraw):
        i = rng.randrange(len(ps))
        ps[i] = replace(ps[i], withdrawn_from=rng.randint(2, max(2, rounds)))
    for _ in range(byes):
        i = rng.randrange(len(ps))
        r = rng.randint(1, rounds)
        if ps[i].requested_bye(r) is None:
            kind = rng.choice([ByeKind.HALF, ByeKind.ZERO, ByeKind.ABSENT, ByeKind.FULL])
            ps[i] = replace(ps[i], byes=ps[i].byes + ((r, kind),))
    if forbid and len(ps) >= 2:
        a, b = rng.sample([p.id for p in ps], 2)
        s = replace(s, forbidden=((a, b),))
    ev = Event(s, tuple(ps))
    paired = 0
    for _ in range(rounds):
        allow = rng.random() < 0.5
        try:
            p = pair_round(ev, allow_rematch=allow)
        except PairingError as exc:
            msg = str(exc)
            assert "\n" not in msg and msg
            if not allow:  # the relaxation may help; otherwise the event is stuck
                try:
                    p = pair_round(ev, allow_rematch=True)
                except PairingError:
                    return paired
                allow = True
            else:
                return paired
        check_round(ev, p, allow)
        again = pair_round(ev, allow_rematch=allow)
        assert again.round == p.round, "deterministic"
        ev = ev.with_round(play(ev, p.round, rng, forfeit_rate=forfeit))
        paired += 1
    return paired


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), n=st.integers(2, 60), rounds=st.integers(1, 12),
       seed=st.integers(0, 10_000), late=st.integers(0, 3), withdraw=st.integers(0, 3),
       byes=st.integers(0, 4), forbid=st.integers(0, 1),
       forfeit=st.sampled_from([0.0, 0.05, 0.2]))
def test_random_events_keep_every_pairing_rule(game, n, rounds, seed, late, withdraw, byes,
                                               forbid, forfeit):
    run_event(game, n, rounds, seed, late, withdraw, byes, forbid, forfeit)


def test_a_long_small_event_stops_cleanly_at_the_toggle():
    # 6 players, 12 planned rounds, no rematches allowed: a pairing is guaranteed while
    # rounds ≤ n/2 (docs/RULES.md §5.7) and impossible after n−1 = 5; the engine stops with a
    # one-line PairingError offering --allow-rematch, never loops
    rng = random.Random(3)
    ev = Event(settings_for("go", "toggle", 12, 3), tuple(random_players(6, rng, "go")))
    paired = 0
    while True:
        try:
            p = pair_round(ev)
        except PairingError as exc:
            assert "--allow-rematch" in str(exc) and "\n" not in str(exc)
            break
        check_round(ev, p, False)
        ev = ev.with_round(play(ev, p.round, rng))
        paired += 1
    assert 3 <= paired <= 5
