"""The Field: what one pairing or standings request works on, built once (issue 33's seam).

A request — pair the next round, rank the players after a round — reads the same facts many
times: the players' ratings and ranks, their round records, the scoring, the game's profile
and the settings that decide how the round is paired.  :meth:`Field.of` gathers them once:

* ``units`` — the units being paired or ranked (:class:`Unit`: id, name, rating, rank, club,
  country, lot, title — what the engines read of a :class:`~swisstui.core.model.Player`).
  The unit is a player today; the seam is what lets a team be a unit next;
* ``records`` — their round records before the round (:func:`swisstui.core.history.history`
  of rounds ``1..upto``);
* ``scoring`` and ``profile`` — the event's scoring, and the game profile, looked up here and
  nowhere else on the request's path;
* ``waitlist`` — the ids of the entries on the desk's waitlist (desk.toml, read by the
  service that pairs: :func:`swisstui.core.services.desk.waitlisted`), left out of the
  round like players not yet joined (:func:`swisstui.core.pairing.groups.to_pair`); empty
  for an event without a desk file and for the standings;
* ``seated`` — the players of the boards a re-pairing keeps (:func:`swisstui.core.pairing.
  hand_edits.repair`): away for the engine, yet players of the round, so they keep their
  pairing numbers and the colours those decide (FIDE C.04.3 E.5); empty otherwise;
* ``plan`` — the prepared pairing plan (:class:`PairingPlan`, built by :func:`pairing_plan`):
  the pairing system, the in-group order and style, the colour policy and gap, the pairing
  bye's rules, club/country weights, McMahon scores, handicap games, forbidden pairs,
  acceleration — what the engines derived from the profile and the settings on each call.

Both pairing engines (:mod:`swisstui.core.pairing.engine`, :mod:`swisstui.core.pairing.dutch`)
and the standings (:mod:`swisstui.core.standings.table`) take a Field; the services build it.
docs/PAIRING.md "The Field".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from . import colours_vocab as vocab
from .games import profile as game_profile
from .history import RoundRecord, history
from .model import Event, Player, Scoring

if TYPE_CHECKING:
    from .games.base import GameProfile


class Unit(NamedTuple):
    """One unit being paired or ranked, as the engines read it: a player today.

    Immutable; a NamedTuple rather than a frozen dataclass because every request builds one
    per player (16 000 in a large Magic event) and construction speed matters there (a
    frozen dataclass: 11 ms for the Field of 4000 players, 2 ms with this)."""

    id: int
    name: str
    rating: int | None = None
    rank: str | None = None
    club: str | None = None
    country: str | None = None
    lot: int | None = None
    title: str | None = None

    @classmethod
    def of(cls, p: Player) -> Unit:
        return cls(p.id, p.name, p.rating, p.rank, p.club, p.country, p.lot, p.title)


@dataclass(frozen=True)
class PairingPlan:
    """How the round ``round_no`` is paired: every fact the engines read of the game profile
    and the settings, decided once by :func:`pairing_plan`."""

    round_no: int
    system: str  # swiss | mcmahon | roundrobin | dutch
    rounds: int
    seed: int
    order: str  # in-group order: strength | lot | random | chain (docs/PAIRING.md)
    style: str  # the weights' ideal: fold | slide | adjacent
    chain: tuple[str, ...]  # the tie-break chain of the "chain" order (Tagajo)
    colours: str  # colour policy: fide | balance | recorded | none
    colour_gap: int | None  # Blacks and Whites at most this far apart (Othello 1)
    colour_absolute: bool  # … as a hard limit (option colour_limit = "absolute")
    first_colour: str  # colour of the first-listed player ("b" where the order fixes none)
    initial_colour: str  # colour of the top seed in round 1 (chess option initial_colour)
    handicap: bool  # Go handicap games: colours follow the ranks
    actual_black_key: str | None  # detail key of the actual Black (Renju)
    pab_strict: bool  # an earlier unplayed win bars the pairing bye (chess)
    random_bye: bool  # the bye at random among the lowest (Magic)
    club_weight: int
    country_weight: int
    forbidden: frozenset[frozenset[int]]  # the event's forbidden pairs
    last_round: bool
    topscore: float  # score above which a player is a topscorer (the last round)
    mcmahon: bool
    mcmahon_score: str | None  # tie-break code a McMahon round is paired on (Go MMS)
    acceleration: str  # "baku" or "" (FIDE C.04.5.1)
    method: Any  # the published method the style stands for (games.base.StyleMethod) or None
    departures: tuple[str, ...]  # settings departing from that method (warnings)
    down_the_list: bool  # pair down the list as the method does


def _order(s, round_no: int) -> tuple[str, str, tuple[str, ...]]:
    """(order, ideal style, chain) for this round (docs/PAIRING.md "Systems and orders")."""
    if round_no == 1:
        if s.round1 == "random":
            return "random", "adjacent", ()
        if s.round1 == "lot":
            return "lot", "adjacent", ()  # Kagawa: 1–2, 3–4 in lot order (docs/RULES.md §1.7)
        return "strength", s.style if s.style in ("fold", "slide") else "fold", ()
    if s.style == "random":
        return "random", "adjacent", ()
    if s.style == "tiebreaks":
        if round_no == 2:  # Tagajo: round 2 by wins, then random (docs/RULES.md §8.2)
            return "random", "adjacent", ()
        return "chain", "adjacent", tuple(s.pairing_order or s.tiebreaks)
    if s.style == "adjacent":
        return "strength", "adjacent", ()
    return "strength", s.style, ()


def _colour_mode(s) -> str:
    """The event's colour rule: ``Settings.colours``, or the game profile's default (for the
    event's style: Go's Tagajo style has none)."""
    if s.colours and s.colours != vocab.AUTO:
        return s.colours
    from .settings import game_defaults
    return game_defaults(s.game, style=s.style)["colours"]


def pairing_plan(event: Event, round_no: int, prof: GameProfile) -> PairingPlan:
    """The plan of round ``round_no`` of ``event`` under the game profile ``prof``: the one
    place where the profile's pairing rules and the settings meet."""
    from .settings import method_departures
    s = event.settings
    order, style, chain = _order(s, round_no)
    mode = _colour_mode(s)
    # the game's colour gap (Othello 1, docs/RULES.md §8.0) when colours are balanced, and
    # whether the event makes it a hard limit (option colour_limit = "absolute"; default
    # "graded": the fewest and smallest excesses, docs/RULES.md §2.4 Papp)
    gap = prof.seats.colour_gap if mode == vocab.BALANCE else None
    absolute = gap is not None and s.options.get("colour_limit", "graded") == "absolute"
    option = prof.seats.initial_colour_option
    handicap = prof.pairing.handicap_option is not None and bool(
        s.options.get(prof.pairing.handicap_option, False))
    method = prof.pairing.style_methods.get(s.style)
    departures = tuple(method_departures(s)) if method is not None else ()
    down = False
    if method is not None and method.down_the_list:
        # the departures that stop pairing down the list: colours or club/country avoidance
        # (rules the list cannot keep); another pairing_order is a departure too, but the
        # list is still paired, in that order
        from dataclasses import replace
        t = s
        if "pairing_order" in method.settings:
            t = replace(s, pairing_order=method.settings["pairing_order"])
        down = not method_departures(t)
    return PairingPlan(
        round_no=round_no, system=s.system, rounds=s.rounds, seed=s.seed, order=order,
        style=style, chain=chain, colours=mode, colour_gap=gap, colour_absolute=absolute,
        first_colour=prof.seats.first_colour or vocab.BLACK,
        initial_colour=str(s.options.get(option, vocab.WHITE)) if option else vocab.WHITE,
        handicap=handicap, actual_black_key=prof.seats.actual_black_key,
        pab_strict=prof.pairing.pab_bars_unplayed_win, random_bye=prof.pairing.pab_random_lowest,
        club_weight=s.club_weight, country_weight=s.country_weight,
        forbidden=frozenset(frozenset(p) for p in s.forbidden),
        last_round=round_no == s.rounds,
        topscore=s.scoring.win * s.rounds / 2 if s.system != "mcmahon" else float("inf"),
        mcmahon=s.system == "mcmahon", mcmahon_score=prof.pairing.mcmahon_score,
        acceleration=str(s.options.get("acceleration", "") or "").lower(),
        method=method, departures=departures, down_the_list=down)


@dataclass(frozen=True)
class Field:
    """Everything one request reads of the event: the units, their records for rounds
    ``1..upto``, the scoring, the game profile and (for pairing) the plan of round
    ``upto + 1``.  Built once per request by :meth:`of`; frozen (the units, the plan and the
    start scores are computed on first use, once)."""

    event: Event
    upto: int  # the records are those of rounds 1..upto (Swiss rounds)
    records: dict[int, tuple[RoundRecord, ...]]  # read-only
    scoring: Scoring
    profile: GameProfile
    waitlist: frozenset[int] = frozenset()  # waitlisted entries: not paired
    # players on boards kept outside the engine (a re-pairing's kept boards): not paired,
    # but in the round — numbered as its players (their pairing numbers decide colours)
    seated: frozenset[int] = frozenset()

    @classmethod
    def of(cls, event: Event, upto: int | None = None, *,
           waitlist: Iterable[int] = (), seated: Iterable[int] = ()) -> Field:
        """The Field of ``event`` with the records of rounds ``1..upto`` (default: every
        round on file, for pairing the next one); ``waitlist``: the desk's waitlisted
        ids, who are not paired; ``seated``: the players of the boards a re-pairing keeps
        (away for the engine, but numbered as players of the round)."""
        if upto is None:
            upto = event.current_round
        return cls(event, upto, history(event, upto), event.settings.scoring,
                   game_profile(event.game), frozenset(waitlist), frozenset(seated))

    @cached_property
    def units(self) -> dict[int, Unit]:
        """The units by id (read-only; built on first use: standings need none)."""
        unit = Unit
        return {p.id: unit(p.id, p.name, p.rating, p.rank, p.club, p.country, p.lot, p.title)
                for p in self.event.players}

    @property
    def round_no(self) -> int:
        """The round a pairing request pairs: the one after the records."""
        return self.upto + 1

    @cached_property
    def plan(self) -> PairingPlan:
        """The pairing plan of :attr:`round_no` (built on first use: standings need none)."""
        return pairing_plan(self.event, self.round_no, self.profile)

    @cached_property
    def start_scores(self) -> dict[int, float]:
        """McMahon start scores (SMMS, docs/RULES.md §1.2) as the game profile defines them
        (``GameProfile.pairing.mcmahon_start``: :func:`swisstui.core.mcmahon.start_scores`)."""
        return {pid: float(v) for pid, v in self.profile.pairing.mcmahon_start(self.event).items()}
