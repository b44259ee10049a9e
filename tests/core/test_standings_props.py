"""Property tests: standings are a permutation of the players, scores are the sum of the
round points, and nothing depends on the order of players, boards or byes in the files
(rounds themselves are always in number order: the store reads rounds/NN.toml sorted)."""

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from swisstui.core.model import ByeKind, Player
from swisstui.core.standings import crosstable, standings
from test_standings_build import build

RESULTS = {
    "chess": ["1-0", "0-1", "=", "+-", "-+", "--"],
    "go": ["1-0", "0-1", "+-"],
    "renju": ["1-0", "0-1", "="],
    "othello": ["40-24", "24-40", "32-32", "64-0", "33-31"],
    "magic": ["2-0", "2-1", "1-2", "0-2", "1-1", "0-0-3", "2-0-1"],
}
CHAINS = {
    "chess": "BH-C1,BH,SB,DE,WIN,BH-C2,BH-M1,BH-M2,WON,BPG,BWG,PS,AOB,ARO,AROC1,KS,TPR",
    "go": "WINS,SOS,SOSOS,SODOS,SODOSODOS,SOS-1,SOS-2,MMS,SOSM,SOSOSM,CUSS,SDC,DC,DE",
    "othello": "BQ,DISCS,BH",
    "magic": "OMW,GW,OGW,MW,MP",
    "renju": "BH,SB,DE,LOT,RATING,RANDOM",
}
BYES = {"chess": [ByeKind.PAIRING, ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL]}


@st.composite
def events(draw):
    game = draw(st.sampled_from(sorted(RESULTS)))
    n = draw(st.integers(2, 9))
    nrounds = draw(st.integers(0, 4))
    rng = random.Random(draw(st.integers(0, 2**32)))
    players = [Player(i, f"P{i}", rating=rng.choice([None, 1500, 1700, 2000]),
                      rank=rng.choice(["3d", "1k", "10k"]) if game == "go" else None,
                      lot=rng.randint(1, 20),
                      joined_round=rng.choice([1, 1, 1, 2, 3]),
                      withdrawn_from=rng.choice([None, None, None, 2, 3, 4]))
               for i in range(1, n + 1)]
    rounds = []
    for r in range(1, nrounds + 1):
        # inactive players (late entry, withdrawn) and a random absentee are not in the file
        ids = [p.id for p in players if p.active_in(r) and rng.random() > 0.1]
        rng.shuffle(ids)
        entries = []
        if len(ids) % 2:
            entries.append(("bye", ids.pop(), rng.choice(BYES.get(game, [ByeKind.PAIRING])).value))
        for i in range(0, len(ids), 2):
            res = None if rng.random() < 0.05 else rng.choice(RESULTS[game])  # None: pending
            entries.append((ids[i], ids[i + 1], res))
        rng.shuffle(entries)
        rounds.append(entries)
    return build(game, players, rounds, seed=rng.randint(0, 99))


def independent_scores(ev):
    sc = ev.settings.scoring
    out = {p.id: 0.0 for p in ev.players}
    for rnd in ev.rounds:
        for p in ev.players:  # not in the round file: absent or not yet registered
            if p.id not in rnd.paired_ids() and (p.withdrawn_from is None
                                                 or rnd.number < p.withdrawn_from):
                out[p.id] += sc.absent
        for b in rnd.boards:
            res = b.result
            if res is None:
                continue
            for side, pid in enumerate(b.players):
                o = res.outcome[side]
                if res.forfeit and res.outcome == (0.0, 0.0):
                    out[pid] += sc.double_forfeit
                else:
                    out[pid] += sc.points(o, res.forfeit)
        for bye in rnd.byes:
            out[bye.player] += sc.bye_points(bye.kind)
    return out


def summary(s):
    return [(r.player.id, r.place, r.rank, r.score,
             tuple(round(v, 9) for v in r.values.values())) for r in s.rows]


@settings(max_examples=60, deadline=None)
@given(events())
def test_standings_are_a_permutation_and_scores_add_up(ev):
    s = standings(ev, upto=len(ev.rounds), chain=CHAINS[ev.game])
    assert sorted(s.order()) == sorted(p.id for p in ev.players)
    expected = independent_scores(ev)
    for r in s.rows:
        assert abs(r.score - expected[r.player.id]) < 1e-9
    # ranks are the positions, scores never increase, a shared place covers its rows
    assert [r.rank for r in s.rows] == list(range(1, len(s.rows) + 1))
    assert all(a.score >= b.score for a, b in zip(s.rows, s.rows[1:]))
    for r in s.rows:
        lo, _, hi = r.place.partition("-")
        assert int(lo) <= r.rank <= int(hi or lo)
        shared = [x.rank for x in s.rows if x.place == r.place]
        assert shared == list(range(int(lo), int(hi or lo) + 1))


@settings(max_examples=60, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_file_order_does_not_matter(ev, rnd):
    players = list(ev.players)
    rnd.shuffle(players)
    rounds = []
    for r in ev.rounds:
        boards, byes = list(r.boards), list(r.byes)
        rnd.shuffle(boards)
        rnd.shuffle(byes)
        rounds.append(replace(r, boards=tuple(boards), byes=tuple(byes)))
    shuffled = replace(ev, players=tuple(players), rounds=tuple(rounds))
    chain = CHAINS[ev.game]
    assert summary(standings(shuffled, chain=chain)) == summary(standings(ev, chain=chain))
    assert [r.cells for r in crosstable(shuffled).rows] == [r.cells for r in crosstable(ev).rows]
