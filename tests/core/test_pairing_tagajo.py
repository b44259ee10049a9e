"""Go's Tagajo style against the Tagajo method done by hand (issue 16 item 3; the method:
docs/RULES.md §8.2, §1.7).

The method: list the players (round 1 by lot, round 2 by wins then lot, later rounds by the
chain), then from the top pair each player with the next one in the list not met yet; when the
last pair fails, back up one pair at a time.  It has no colour rule and no club or country
rule, so the style defaults to colours ``none`` and geography weights 0, and a director who
turns them on is told the pairing departs from the method."""

from __future__ import annotations

import hashlib
import random
import pytest

from swisstui.core.model import Event
from swisstui.core.pairing import pair_round
from swisstui.core.field import Field
from swisstui.core.pairing.groups import build_states, to_pair
from swisstui.core.pairing.simulate import play, random_players
from swisstui.core.settings import make_settings, method_departures

TAGAJO_CHAIN = ("WINS", "SOS", "SOSOS", "SODOS", "SODOSODOS", "RANK", "RANDOM")


def by_hand(listed: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]] | None:
    """The Tagajo method on the ordered list: the top player meets the next one not met;
    when the rest cannot be paired, the pair is undone and the next candidate tried."""
    if not listed:
        return []
    a, rest = listed[0], listed[1:]
    for j, b in enumerate(rest):
        if b in met[a]:
            continue
        tail = by_hand(rest[:j] + rest[j + 1:], met)
        if tail is not None:
            return [(a, b)] + tail
    return None


def method_pairs(event: Event) -> set[frozenset]:
    """The round the method gives, on the engine's own list (same chain, same lot)."""
    round_no = event.current_round + 1
    ids, _byes = to_pair(event, round_no)
    states = build_states(Field.of(event), ids, handicap=False)
    listed = [st.id for st in sorted(states.values(), key=lambda st: st.order)]
    pairs = by_hand(listed, {pid: set(st.met) for pid, st in states.items()})
    assert pairs is not None
    return {frozenset(p) for p in pairs}


def compare(n_events: int = 6, players: int = 12, rounds: int = 4, **kw) -> tuple[int, int]:
    """(rounds where the engine pairs as the method, rounds compared): rounds 2–4 of
    simulated Tagajo events (Go, round 1 by lot, the Tagajo chain)."""
    same = total = 0
    for seed in range(n_events):
        rng = random.Random(seed)
        s = make_settings("go", "Tagajo", rounds, style="tiebreaks", round1="random",
                          pairing_order=TAGAJO_CHAIN, seed=seed, **kw)
        ev = Event(s, tuple(random_players(players, rng, "go")))
        for r in range(1, rounds + 1):
            p = pair_round(ev)
            if r > 1:
                total += 1
                same += {frozenset(b.players) for b in p.round.boards} == method_pairs(ev)
            ev = ev.with_round(play(ev, p.round, rng))
    return same, total


def test_tagajo_defaults_follow_the_method():
    s = make_settings("go", "Tagajo", 4, style="tiebreaks")
    assert (s.colours, s.club_weight, s.country_weight) == ("none", 0, 0)
    assert method_departures(s) == []
    plain = make_settings("go", "Swiss", 4)
    assert (plain.colours, plain.club_weight, plain.country_weight) == ("balance", 1, 1)


def test_engine_pairs_as_the_method_by_hand():
    """Every round 2–4 of 10 simulated 12-player and 16-player events (with floats between
    score groups and skips of players already met): the engine's round is the method's.
    (Before issue 16 the weighted engine gave the method's round in 20 of 30 12-player
    rounds even with colours off and weights 0, 3 of 30 with Go's default colour balance and
    weights 1.)"""
    assert compare(n_events=10, players=12) == (30, 30)
    assert compare(n_events=10, players=16) == (30, 30)


@pytest.mark.parametrize("kw,word", [({"colours": "balance"}, "colours = 'balance'"),
                                     ({"club_weight": 1, "country_weight": 1},
                                      "club_weight = 1")])
def test_turning_colour_or_geography_on_is_reported(kw, word):
    s = make_settings("go", "Tagajo", 4, style="tiebreaks", **kw)
    lines = method_departures(s)
    assert lines and word in lines[0] and "departs from the Tagajo method" in lines[0]
    ev = Event(s, tuple(random_players(8, random.Random(1), "go")))
    p = pair_round(ev)
    assert any("departs from the Tagajo method" in w for w in p.warnings)


def _listed(order: list[int], met: set[tuple[int, int]]):
    from swisstui.core.model import Player
    from swisstui.core.pairing.criteria import Context, Evaluator
    from swisstui.core.pairing.groups import PState
    from swisstui.core.pairing.listmethod import pair_in_list

    pool = []
    for k, pid in enumerate(order):
        st = PState(pid, Player(pid, f"P{pid}"), order=k, pos=k, gsize=len(order))
        st.met = {b if a == pid else a: 1 for a, b in met if pid in (a, b)}
        pool.append(st)
    ctx = Context(game="go", mode="none", style="adjacent", seed=0, round_no=2, ngroups=1,
                  nplayers=len(pool), forbidden=frozenset())
    pairs, bye, _skipped = pair_in_list(pool, Evaluator({st.id: st for st in pool}, ctx))
    return [(pool[i].id, pool[j].id) for i, j, _ in pairs], \
        (None if bye is None else pool[bye].id)


def test_list_method_on_the_documented_example():
    """docs/RULES.md §8.2's worked example: the list 2, 6, 1, 8, 3, 4 (lottery numbers) pairs
    2–6, 1–8, 3–4; if 1 and 8 met, 1–3 and 8–4; if 8 and 4 met too, the last pair fails and
    the method backs up one pair: 2–6, 1–4, 8–3."""
    order = [2, 6, 1, 8, 3, 4]
    assert _listed(order, set()) == ([(2, 6), (1, 8), (3, 4)], None)
    assert _listed(order, {(1, 8)}) == ([(2, 6), (1, 3), (8, 4)], None)
    assert _listed(order, {(1, 8), (8, 4)}) == ([(2, 6), (1, 4), (8, 3)], None)
    assert by_hand(order, {2: set(), 6: set(), 1: {8}, 8: {1, 4}, 3: set(), 4: {8}}) == \
        [(2, 6), (1, 4), (8, 3)]


def test_list_method_bye_goes_to_the_bottom():
    """Odd field: the phantom is the lowest in the list (Tagajo's "Z")."""
    assert _listed([1, 2, 3, 4, 5], set()) == ([(1, 2), (3, 4)], 5)
    assert _listed([1, 2, 3, 4, 5], {(3, 4), (4, 5)}) == ([(1, 2), (3, 5)], 4)


def test_store_fills_tagajo_defaults_for_a_hand_written_file(tmp_path):
    from swisstui.core import store
    from swisstui.core.model import Player

    folder = tmp_path / "ev"
    store.create(folder, make_settings("go", "T", 4, style="tiebreaks"), (Player(1, "A"),))
    text = (folder / "event.toml").read_text()
    kept = [x for x in text.splitlines()
            if not x.startswith(("colours", "club_weight", "country_weight"))]
    (folder / "event.toml").write_text("\n".join(kept) + "\n")
    s = store.load(folder).settings
    assert (s.colours, s.club_weight, s.country_weight) == ("none", 0, 0)


def test_each_board_says_the_method_paired_it():
    rng = random.Random(3)
    s = make_settings("go", "Tagajo", 4, style="tiebreaks", round1="random",
                      pairing_order=TAGAJO_CHAIN, seed=3)
    ev = Event(s, tuple(random_players(10, rng, "go")))
    for _ in range(2):
        ev = ev.with_round(play(ev, pair_round(ev).round, rng))
    p = pair_round(ev)
    assert p.method == "the Tagajo method (down the list)" and p.warnings == ()
    for b in p.round.boards:
        why = [x for x in p.explain(b.number) if x.startswith("why:")]
        assert len(why) == 1 and why[0].startswith("why: the Tagajo method: ")


def test_search_and_checked_walk_give_the_same_pairing():
    """The depth-first method and the checked walk (used past the step budget) agree with
    the plain recursive method on random rematch graphs."""
    from swisstui.core.pairing.listmethod import _checked, _complete, _search

    rng = random.Random(16)
    tried = 0
    for _ in range(300):
        n = rng.choice([4, 6, 8, 10, 12])
        verts = list(range(n))
        allowed = {v: set() for v in verts}
        for a in verts:
            for b in verts[a + 1:]:
                if rng.random() < 0.6:
                    allowed[a].add(b)
                    allowed[b].add(a)
        met = {v: set(verts) - allowed[v] - {v} for v in verts}
        hand = by_hand(verts, met)
        if not _complete(verts, allowed):
            assert hand is None
            continue
        tried += 1
        assert _search(verts, allowed, budget=10**9) == hand == _checked(verts, allowed)
        assert _search(verts, allowed, budget=0) is None
    assert tried > 100


def test_the_listed_explanation_replaces_the_boards_own_in_any_language(pseudo):
    """A board paired down the list says why once, in the reader's language: the list's
    reason replaces the score-group one without reading the (translated) text."""
    from swisstui.core import i18n
    rng = random.Random(3)
    s = make_settings("go", "Tagajo", 4, style="tiebreaks", round1="random",
                      pairing_order=TAGAJO_CHAIN, seed=3)
    ev = Event(s, tuple(random_players(12, rng, "go")))
    ev = ev.with_round(play(ev, pair_round(ev).round, rng))
    i18n.use(pseudo)
    try:
        notes = pair_round(ev).notes
    finally:
        i18n.use("en")
    assert notes
    for lines in notes.values():
        whys = [x for x in lines if x.startswith("⟦why:")]
        assert len(whys) == 1, lines
        assert "highest unpaired player in the list" in whys[0]
        assert lines[0].startswith("⟦board ")


# ---- the method as the seed document writes it (issue 32 item 19) -------------------------
#
# /work/shared/seeds/002 (docs/RULES.md §8.2), 多賀城方式: rounds 3 and 4 list the players by
# (1) wins, (2) the wins of everyone they played, (3) the wins of everyone their opponents
# played, (4) the wins of the opponents they beat, (5) the wins of the players beaten by
# those they beat, (6) rank, (7) a computer random number — more is higher — and pair from
# the top: neighbours, skipping one already met, backing up one pair at a time when the last
# pair fails.  An odd field adds the phantom "Z", the lowest in the list, who has no wins
# (docs/RULES.md §1.7); meeting it is a win.  Written here from the document, not from the
# engine: only the random number is the event's own (its RANDOM: seed, round, player).

PHANTOM = 0


def seed_document_list(event: Event, round_no: int
                       ) -> tuple[list[int], dict[int, set[int]], dict[int, tuple]]:
    """(the list for ``round_no``, who met whom, each player's criteria (1)–(7))."""
    from swisstui.core.ranks import rank_value

    upto = round_no - 1
    ids = [p.id for p in event.players]
    opponents: dict[int, list[int]] = {i: [] for i in ids}
    beaten: dict[int, list[int]] = {i: [] for i in ids}
    wins = dict.fromkeys([*ids, PHANTOM], 0)
    for rnd in event.rounds:
        if rnd.number > upto:
            continue
        for b in rnd.boards:
            x, y = b.players
            opponents[x].append(y)
            opponents[y].append(x)
            first, second = b.result.outcome
            if first != second:
                w, lost = (x, y) if first > second else (y, x)
                wins[w] += 1
                beaten[w].append(lost)
        for bye in rnd.byes:
            opponents[bye.player].append(PHANTOM)
            beaten[bye.player].append(PHANTOM)
            wins[bye.player] += 1
    sos = {i: sum(wins[o] for o in opponents[i]) for i in ids} | {PHANTOM: 0}
    sosos = {i: sum(sos[o] for o in opponents[i]) for i in ids}
    sodos = {i: sum(wins[o] for o in beaten[i]) for i in ids} | {PHANTOM: 0}
    sodosodos = {i: sum(sodos[o] for o in beaten[i]) for i in ids}
    players = event.by_id()

    def lot(pid: int) -> int:  # the event's random number (docs/TIEBREAKS.md RANDOM)
        digest = hashlib.blake2b(f"{event.settings.seed}:{upto}:{pid}".encode(),
                                 digest_size=6).digest()
        return int.from_bytes(digest, "big") % 1_000_000

    crit = {i: (wins[i], sos[i], sosos[i], sodos[i], sodosodos[i],
                rank_value(players[i].rank), lot(i)) for i in ids}
    listed = sorted(ids, key=lambda i: tuple(-v for v in crit[i]))
    return listed, {i: set(opponents[i]) for i in ids}, crit


def seed_document_round(event: Event, round_no: int) -> set[frozenset]:
    """The round the seed document's method pairs (a bye as a pair with the phantom)."""
    listed, met, _crit = seed_document_list(event, round_no)
    if len(listed) % 2:
        listed.append(PHANTOM)
    pairs = by_hand(listed, met | {PHANTOM: set()})
    assert pairs is not None
    return {frozenset(p) for p in pairs}


def as_pairs(rnd) -> set[frozenset]:
    return ({frozenset(b.players) for b in rnd.boards}
            | {frozenset((y.player, PHANTOM)) for y in rnd.byes})


SIZES = (9, 10, 12, 13, 16, 20)


def follow_the_seed_document(sizes=SIZES, seeds=(1, 2), **kw) -> tuple[int, int]:
    """(rounds 3–4 the engine pairs as the seed document's method, rounds compared) over
    simulated Tagajo events with the style's default settings."""
    same = total = 0
    for n in sizes:
        for seed in seeds:
            rng = random.Random(seed * 1000 + n)
            s = make_settings("go", "Tagajo", 4, style="tiebreaks", seed=seed, **kw)
            ev = Event(s, tuple(random_players(n, rng, "go")))
            for r in range(1, 5):
                rnd = pair_round(ev).round
                if r >= 3:
                    total += 1
                    same += as_pairs(rnd) == seed_document_round(ev, r)
                ev = ev.with_round(play(ev, rnd, rng))
    return same, total


def test_default_tagajo_style_pairs_rounds_3_and_4_as_the_seed_document():
    """Issue 32 item 19: with the style's defaults the list was the event's tie-breaks
    (WINS, SOS, SOSOS, SODOS) and ties fell back on the player numbers, not SODOSODOS, rank
    and the random number: 17 of these 24 rounds were the method's.  Now all are."""
    s = make_settings("go", "Tagajo", 4, style="tiebreaks")
    assert s.pairing_order == TAGAJO_CHAIN
    assert follow_the_seed_document() == (24, 24)


def test_another_pairing_order_is_reported_and_still_paired_down_the_list():
    s = make_settings("go", "Tagajo", 4, style="tiebreaks", pairing_order="WINS,SOS,RANK")
    lines = method_departures(s)
    assert len(lines) == 1 and "pairing_order" in lines[0]
    rng = random.Random(4)
    ev = Event(s, tuple(random_players(10, rng, "go")))
    for _ in range(2):
        ev = ev.with_round(play(ev, pair_round(ev).round, rng))
    p = pair_round(ev)
    assert p.method == "the Tagajo method (down the list)"
    assert any("departs from the Tagajo method" in w for w in p.warnings)


def test_an_empty_pairing_order_reads_back_empty(tmp_path):
    from dataclasses import replace
    import shutil

    from swisstui.core import store
    from swisstui.core.model import Player

    s = replace(make_settings("go", "T", 4, style="tiebreaks"), pairing_order=())
    store.create(tmp_path / "ev", s, (Player(1, "A"),))
    assert "pairing_order = []" in (tmp_path / "ev" / "event.toml").read_text()
    shutil.copytree(tmp_path / "ev", tmp_path / "copy")
    assert store.load(tmp_path / "copy").settings.pairing_order == ()


def test_each_board_and_the_bye_are_explained_in_the_lists_terms():
    """Each board names both players' places in the list and the seven values that put
    them there (the seed document's numbers); the bye names the phantom at the bottom."""
    rng = random.Random(5)
    ev = Event(make_settings("go", "T", 4, style="tiebreaks", seed=5),
               tuple(random_players(9, rng, "go")))
    for _ in range(2):
        ev = ev.with_round(play(ev, pair_round(ev).round, rng))
    p = pair_round(ev)
    listed, _met, crit = seed_document_list(ev, 3)
    players = ev.by_id()
    for b in p.round.boards:
        head = p.explain(b.number)[0]
        for pid in b.players:
            w, sos, sosos, sodos, sodosodos, _rank, lot = crit[pid]
            assert (f"{pid} {players[pid].name} (place {listed.index(pid) + 1} in the list: "
                    f"WINS {w}, SOS {sos}, SOSOS {sosos}, SODOS {sodos}, "
                    f"SODOSODOS {sodosodos}, RANK {players[pid].rank}, RANDOM {lot})") in head
        assert not any(x.startswith("note: same") for x in p.explain(b.number))
    (bye,) = p.round.byes
    (line,) = p.bye_notes
    assert line.startswith(f"bye: {bye.player} ")
    assert f"in the list (place {listed.index(bye.player) + 1}); the phantom player at the " \
           "bottom of the list is the next one" in line
