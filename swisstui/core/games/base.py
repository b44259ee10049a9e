"""What a game profile is.  One module per game (chess.py, go.py, othello.py, magic.py,
renju.py) defines one :class:`GameProfile` instance named ``PROFILE``;
:func:`swisstui.core.games.profile` finds them.  A profile bundles (docs/RULES.md §0): point values,
the result grammar and its validation, what a bye scores, colours, the default pairing system
and tie-break order, and the game's own option keys (``[options]`` table of event.toml) with
their defaults and legal values — and everything else that differs between games: the names
of seats and colours, entry hints, pairing details (bye rule, colour limits, handicap,
McMahon score), how unplayed rounds enter tie-breaks, the recommended number of rounds,
the game's own file formats and how a simulated game ends.  No module outside this package
asks which game an event plays (tests/core/test_game_knowledge.py); it asks the profile.
CONTRIBUTING.md gives the recipe for adding a game.

Besides its identity (name, title, scoring, options, ranks) a profile holds small frozen
records, one per thing they describe, each with defaults: :class:`PairingRules`,
:class:`StandingsRules`, :class:`Seats`, :class:`Entry`, :class:`BoardSetup`,
:class:`Printing` and :class:`Simulation`.  The colour letters and policies they use are
named once in :mod:`swisstui.core.colours_vocab`.

This module also holds the one piece of result grammar several games share: the
win/draw/loss notation ``1-0 0-1 = +- -+ --`` (docs/RULES.md §0 "Game result" row; chess §5,
Renju §4.3, Othello results without disc counts §2.3).  Chess, Renju and Othello import it;
no game re-implements it.
"""

from __future__ import annotations

from ..i18n import N_, _

import random
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping

from .. import colours_vocab as vocab
from .. import mcmahon
from ..errors import ResultError, SwissError
from ..model import Result, Scoring, Settings


_TYPE_NAMES = {int: N_("a whole number"), float: N_("a number"), bool: N_("true or false"), str: N_("text"),
               list: N_("a list"), tuple: N_("a list"), type(None): N_("empty")}


@dataclass(frozen=True)
class Option:
    """One game option: its default, legal values (None = any of ``type``), and help text.

    ``check`` (optional) receives the value after the type test and returns the normalised
    value or raises ``ValueError`` with a one-line reason (used for ranges and structured
    values such as Othello's ``bye_discs``).
    """

    default: Any
    type: type | tuple[type, ...]
    choices: tuple[Any, ...] | None = None
    help: str = ""
    check: Callable[[Any], Any] | None = None
    # other spellings accepted for a choice, e.g. {"soosõrv": "soosorv"} (keys lower-case)
    aliases: Mapping[str, Any] = field(default_factory=dict, hash=False)
    # the settings form's label, marked with N_ and at most 12 columns in every language
    # ("Bye discs"); empty: the key in words
    label: str = ""

    def validate(self, game: str, key: str, value: Any) -> Any:
        """The normalised ``value`` or SwissError naming the key and the legal values."""
        types = self.type if isinstance(self.type, tuple) else (self.type,)
        ok = isinstance(value, types)
        if isinstance(value, bool) and bool not in types:
            ok = False  # True is an int in Python, never a number in an event file
        if not ok and float in types and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        if not ok:
            names = _(" or ").join(dict.fromkeys(_(_TYPE_NAMES[t]) if t in _TYPE_NAMES
                                                 else t.__name__ for t in types))
            message = _("{game} option {key}: {value!r} is not {names}").format(
                game=game, key=key, value=value, names=names)
            if self.choices:
                message += _("; valid: {items}").format(items=", ".join(map(str, self.choices)))
            raise SwissError(message)
        if isinstance(value, str) and (self.choices or self.aliases):
            low = value.strip().lower()
            value = self.aliases.get(low, value)
            for c in self.choices or ():
                if isinstance(c, str) and c.lower() == low:
                    value = c
                    break
        if self.choices is not None and value not in self.choices:
            raise SwissError(_("{game} option {key}: {value!r} is not valid; valid: {items}").format(game=game, key=key, value=value, items=', '.join(map(str, self.choices))))
        if self.check is not None:
            try:
                value = self.check(value)
            except ValueError as err:
                raise SwissError(_("{game} option {key}: {err}").format(game=game, key=key, err=err)) from None
        return value


@dataclass(frozen=True)
class StyleMethod:
    """A published pairing method a style stands for in this game, and the settings the
    method implies (Go's ``tiebreaks`` style is the Tagajo method: neighbours in the list,
    skipping players already met — no colour or club/country rule).  ``settings`` are
    :class:`~swisstui.core.model.Settings` fields: the defaults of a new event with that style
    (and of event.toml keys left out); a director who sets another value is told the pairing
    departs from the method (:func:`swisstui.core.settings.method_departures`)."""

    name: str  # "the Tagajo method"
    settings: Mapping[str, Any] = field(default_factory=dict, hash=False)
    does: str = ""  # what the method does, for the departure message
    # the method pairs down the ordered list: the top unpaired player meets the next one not
    # met, backing up one pair when the last fails (swisstui.core.pairing.listmethod)
    down_the_list: bool = False


@dataclass(frozen=True)
class StandingsRules:
    """How the game's standings are ordered by default (the settings' tie-break chain,
    :meth:`GameProfile.tiebreaks_for`) and how unplayed rounds enter them (standings/)."""

    # Default tie-break chain (codes of swisstui.core.standings.registry).
    tiebreaks: tuple[str, ...] = ()
    # Default tie-break chain per pairing system where it differs from ``tiebreaks``
    # (Go: Swiss → WINS/SOS/SOSOS/SODOS, McMahon → MMS/SOSM/SOSOSM; docs/RULES.md §0).
    tiebreaks_by_system: Mapping[str, tuple[str, ...]] = field(default_factory=dict,
                                                                hash=False)
    # Option choosing how unplayed rounds enter opponent-based tie-breaks under FIDE C.07
    # (chess "tiebreak_rules", standings/unplayed.py); None: the opponent's real score, and a
    # round without an opponent counts 0 (Go SOS, Renju Buchholz, Othello SO).
    unplayed_rules_option: str | None = None


@dataclass(frozen=True)
class PairingRules:
    """How the game's events are paired by default, and the game's own pairing rules
    (:func:`swisstui.core.field.pairing_plan` carries them into the plan; the settings'
    defaults come from here, :func:`swisstui.core.settings.game_defaults`)."""

    system: str = "swiss"  # default pairing system
    style: str = "slide"  # default in-group style
    round1: str = "rating"  # default round-1 method
    # Pairing styles that stand for a published method in this game, with the settings the
    # method implies (Go: "tiebreaks" = the Tagajo method).
    style_methods: Mapping[str, StyleMethod] = field(default_factory=dict, hash=False)
    # Boolean option that turns on handicap games (Go "handicap": the stronger player takes
    # White, colours.stronger); None: the game has none.
    handicap_option: str | None = None
    # An earlier unplayed win (forfeit win, full-point bye, pairing bye) also bars the
    # pairing bye (chess, FIDE C.04.1 d).
    pab_bars_unplayed_win: bool = False
    # The pairing bye goes at random to a player of the lowest score group (Magic, Magic
    # Tournament Rules) instead of the lowest-placed eligible player.
    pab_random_lowest: bool = False
    # Club mates and compatriots are kept apart by default (the GEO criterion, OpenGotha
    # geography); False sets club_weight and country_weight to 0 (chess: the FIDE Dutch
    # system has no such criterion).
    avoid_geography: bool = True
    # mcmahon_start(event) -> {player id: McMahon start score} (bar and floor, OpenGotha's
    # SMMS; see core/mcmahon.py): the pairing's score base in a McMahon event.
    mcmahon_start: Callable[[Any], Mapping[int, float]] = field(
        default=mcmahon.start_scores, hash=False)
    # Tie-break code whose value is the McMahon score a McMahon round is paired on (Go
    # "MMS": start score, wins and the absent rounds' MMS, as OpenGotha); None: the start
    # score plus the event's points.
    mcmahon_score: str | None = None
    # rounds_advice(players, power_of_two_rounds) -> (rounds, playoff cut or None, note,
    # other rows that fit: ((rounds, playoff, when), …)): the game's own table of recommended
    # rounds (Magic, MTR Appendix E); None: ⌈log₂ n⌉.
    rounds_advice: Callable[[int, int], tuple[int, int | None, str, tuple[Any, ...]]] | None = None


@dataclass(frozen=True)
class Entry:
    """The game's result grammar and how a director enters a result (the store, results.py,
    the CLI's result flags, the TUI's results screen and its help)."""

    # parse(text, settings, extra) -> Result; extra = CLI/TUI extras such as {"black": 12}
    # or the detail keys read back from a round file.  Raises ResultError with a message in
    # the game's own terms.  None only in an unfinished profile (games.register refuses it).
    parse: Callable[[str, Settings, Mapping[str, Any]], Result] | None = None
    examples: tuple[str, ...] = ()  # accepted result notations, for help texts
    # One line per accepted notation, for help texts: (notation, meaning).
    notations: tuple[tuple[str, str], ...] = ()
    # Keys (besides ``result``) a board table in a round file may carry for this game.
    detail_keys: tuple[str, ...] = ()
    # bye_detail(settings) -> detail a bye carries for game-specific tie-breaks
    # (Othello bye discs, Magic 2-0 game wins).
    bye_detail: Callable[[Settings], Mapping[str, Any]] | None = None
    # What a director may give with a result of this game (CLI flags, TUI ``key=value``):
    # the parser's extras, and Magic's ``drop`` (the player leaves after this match).
    extras: tuple[str, ...] = ()
    # The results help's line on the key=value extras (``extras``); "" when none.
    extras_help: str = ""
    # Example line of the results screen's entry field: board number, then the notation.
    example: str = N_("board result:  12 1-0   7 0-1   (or just the result)")
    # example_for(settings) -> example, when it depends on the options (Go: Ing rules).
    example_for: Callable[[Settings], str] | None = None
    # Detail keys the results list shows after the result, as typed (``1-0 black=8``,
    # ``black=?`` while missing, nothing for a forfeit): Renju ("black",).
    result_shows: tuple[str, ...] = ()

    def hint(self, settings: Settings) -> str:
        """The example the results entry line shows for an event with ``settings``, in the
        director's language."""
        if self.example_for is not None:
            return _(self.example_for(settings))
        return _(self.example)

    def starts(self) -> frozenset[str]:
        """The characters a line typed in the results entry field may begin with in this
        game: a board number's digits and the first character of each accepted notation as
        written in ``examples`` and ``notations`` (Go ``B``, ``W``, ``j`` of ``jigo``, ``i``
        of ``ing``; Magic ``I`` of ``ID``).  The results screen sends such a key from the
        board list to the entry line even where it is also a global key (Go's ``W+R`` is not
        the Export key ``W``)."""
        # a notation line lists its alternatives two spaces apart ("ing 9 5/6  ing 9 ext 1-0")
        words = [*self.examples, *(w for notation, _meaning in self.notations
                                   for w in notation.split("  "))]
        firsts = (w.strip().lstrip("(")[:1] for w in words)
        return frozenset("0123456789") | frozenset(c for c in firsts if c)


@dataclass(frozen=True)
class Seats:
    """The two seats of a board and the game's colours (the vocabulary:
    :mod:`swisstui.core.colours_vocab`)."""

    # Colour policy (colours_vocab.POLICIES): "fide", "balance", "recorded" (Renju: the
    # actual Black is recorded with the result) or "none" (Magic).
    policy: str = vocab.BALANCE
    # What the two seats of a board are called, first-listed first: column titles of the
    # TUI, and of the printed pairings when ``first_colour`` fixes the colours.
    names: tuple[str, str] = (N_("Player A"), N_("Player B"))
    # Colour letter (vocab.WHITE/BLACK) of the first-listed player when the board order fixes
    # the colours (chess White, Go and Othello Black); None when it does not (Magic; Renju,
    # whose first-listed player is only the tentative Black).
    first_colour: str | None = None
    # Detail key of a result that records who actually played Black (Renju "black"): the
    # colours of a board are read from it once the result is in.
    actual_black_key: str | None = None
    # Marks the CLI pairing list prints before the two players ("w"/"b"; Renju "B?"/"W?"
    # for the tentative colours); None prints none.
    list_marks: tuple[str, str] | None = None
    # Colour gap of balanced colours: a player's Blacks and Whites at most this many apart
    # (Othello 1: never 2 apart).  None = no gap.  A game with a gap has the option
    # ``colour_limit``: "graded" (default: the pairing with the fewest and smallest excesses)
    # or "absolute" (a round that cannot keep the gap is refused); field.pairing_plan.
    colour_gap: int | None = None
    # Option naming the colour of the top seed in round 1 (chess "initial_colour", values
    # "w"/"b"); None: White.
    initial_colour_option: str | None = None

    @property
    def has_colours(self) -> bool:
        """The game has colours at all (its colour policy is not ``none``)."""
        return self.policy != vocab.NONE

    @property
    def order_colours(self) -> tuple[str, str] | None:
        """Colours of the (first-listed, second-listed) players when the board order fixes
        them, e.g. ``("w", "b")`` in chess; None otherwise."""
        if self.first_colour is None:
            return None
        return (self.first_colour, vocab.opposite(self.first_colour))


@dataclass(frozen=True)
class BoardSetup:
    """What a board is played with, decided when the round is paired and written on the
    board in the round file (Go: handicap stones and komi, go_handicap.py;
    :mod:`swisstui.core.board_setup`).  The defaults: nothing (a game without one)."""

    # decide(settings, first-listed player, second) -> the board's setup ({"handicap":
    # stones, "komi": komi}); None: nothing (the event has none).  Its keys are detail keys
    # the result is prefilled with.
    decide: Callable[[Settings, Any, Any], Mapping[str, Any] | None] | None = None
    # check(setup) -> setup: those keys read back from a board without a result, checked
    # (ResultError naming the key).
    check: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    # describe(setup, gettext) -> short text for lists, slips and the entry line ("H3 komi
    # 0.5"), the words through the reader's gettext (None: English).
    describe: Callable[[Mapping[str, Any] | None, Callable[[str], str] | None], str] | None = None
    keys: tuple[str, ...] = ()  # the keys ``decide`` gives (Go: handicap, komi)


@dataclass(frozen=True)
class Printing:
    """What the game's prints and files hold besides what every game's do (interop/)."""

    # What a printed result slip asks for besides the result (interop/print_pages.py):
    # (label, per_player) — per_player fields get a box under each player (Othello discs),
    # the others one box for the board (Go margin and handicap).
    slip_fields: tuple[tuple[str, bool], ...] = ()
    # slip_prefill(settings, setup) -> {label of a board field of ``slip_fields``: value}:
    # what the slip prints already filled in rather than as a line to write on (Go: the
    # board's handicap stones and komi, decided when the round was paired).
    slip_prefill: Callable[[Settings, Mapping[str, Any] | None], Mapping[str, float]] | None \
        = None
    # What the printed standings show next to the name: "rating" or "rank" (Go).
    strength_column: str = "rating"
    # Game-specific exchange formats this game's events may be written in (chess "trf", Go
    # "h9"); csv, html and json serve every game.
    file_formats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Simulation:
    """How a simulated event of the game goes (``swisstui simulate``, the samples, the
    property tests and the benchmark; pairing/simulate.py)."""

    # Share of simulated games drawn.
    draw_rate: float = 0.1
    # Mean rating of simulated players.
    rating: int = 1700
    # result(rng, outcome, first, second, forfeit) -> (text, extra): a result in the game's
    # own notation for ``outcome`` (first-listed player's side first), with the extras its
    # grammar takes; ``forfeit`` asks for a game not played (a game without a forfeit
    # notation plays it out).  None: the game cannot be simulated.
    result: Callable[[random.Random, tuple[float, float], int, int, bool],
                     tuple[str, Mapping[str, Any]]] | None = None


@dataclass(frozen=True)
class GameProfile:
    """One game: its identity (name, title, scoring, options, ranks) at the top, and what
    varies by game grouped in small records by what they describe, each with defaults that
    keep a game without the feature as the others are: ``pairing`` (PairingRules),
    ``standings`` (StandingsRules), ``seats`` (Seats: the seats and colours), ``entry``
    (Entry: the result grammar and its entry), ``setup`` (BoardSetup: what a board is played
    with), ``printing`` (Printing: prints and files) and ``simulation`` (Simulation).
    CONTRIBUTING.md "Adding a game" lists every field."""

    name: str
    scoring: Scoring
    # The game's name as its players read it, marked with N_ ("Go", "Othello") and shown in
    # the reader's language (games.game_title); empty: the profile's name
    title: str = ""
    options: Mapping[str, Option] = field(default_factory=dict, hash=False)
    # check_options(options) -> options: cross-key checks after each key is valid (Go: bar
    # not below floor; Renju: "soosorv-8" → opening + opening_n).  Raises ValueError.
    check_options: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # Players carry kyu/dan ranks (Go, Renju): the RANK tie-break applies, simulated players
    # get one.
    ranks: bool = False
    # The game is rated by FIDE (chess): the event setting ``fide_mode`` applies (the
    # tie-break list locked after round 1, every edit to a published round with a reason,
    # both named in the TRF's notes; core/fide_mode.py); another game refuses the setting
    fide_rated: bool = False

    # pairing rules and defaults (field.pairing_plan, settings.game_defaults)
    pairing: PairingRules = PairingRules()
    # the default tie-breaks and the unplayed-round rules (standings/)
    standings: StandingsRules = StandingsRules()
    # seats and colours (history.board_colours, the pairing plan, lists, screens)
    seats: Seats = Seats()
    # the result grammar and its entry (store, results, the TUI's results screen)
    entry: Entry = Entry()
    # what a board is played with (core/board_setup.py, the round files)
    setup: BoardSetup = BoardSetup()
    # prints and files (interop/)
    printing: Printing = Printing()
    # simulated events (pairing/simulate.py)
    simulation: Simulation = Simulation()
    # the offline rating lists (core/rating_index.py) a lookup at registration reads first,
    # in order (chess "fide"; Go "egd", then "aga"); a list no game names (a federation's
    # CSV) is read after them, another game's never
    rating_lists: tuple[str, ...] = ()
    # the rating report (core/rating_report.py, ``swisstui report ratings``): "fide" (chess:
    # each player's FIDE rating change and the title norms), "egd" (Go: the EGD rating
    # estimate), "whole-history" (the tournament performance and why no more: Othello and
    # Renju rate by whole-history methods that one event cannot compute) or "performance"
    # (the tournament performance only)
    rating_report: str = "performance"
    # the Japanese rank certification list in the rating report (Go: 4-0 promotes one
    # grade, 3 wins confirm the rank)
    rank_certificates: bool = False

    def option(self, settings: Settings, key: str) -> Any:
        return settings.options.get(key, self.options[key].default)

    def tiebreaks_for(self, system: str | None = None) -> tuple[str, ...]:
        """Default tie-break chain for ``system`` (the profile's own system if None)."""
        rules = self.standings
        return tuple(rules.tiebreaks_by_system.get(system or self.pairing.system, rules.tiebreaks))

    def default_options(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Normalised copy of ``options``; SwissError on an unknown key (naming the valid
        keys) or a bad value (naming the valid choices)."""
        out: dict[str, Any] = {}
        for key, value in options.items():
            opt = self.options.get(key)
            if opt is None:
                valid = ", ".join(self.options) or "(none)"
                raise SwissError(_("unknown {name} option {key!r}; valid: {valid}").format(name=self.name, key=key, valid=valid))
            out[key] = opt.validate(self.name, key, value)
        if self.check_options is not None:
            try:
                out = self.check_options(out)
            except ValueError as err:
                raise SwissError(_("{name} options: {err}").format(name=self.name, err=err)) from None
        return out

    def result(self, text: str, settings: Settings,
               extra: Mapping[str, Any] | None = None) -> Result:
        """``entry.parse`` with ``extra`` defaulting to empty."""
        assert self.entry.parse is not None
        return self.entry.parse(text, settings, extra or {})

    def canonical(self, text: str, settings: Settings,
                  extra: Mapping[str, Any] | None = None) -> str:
        """The canonical notation of ``text`` (what the round file stores)."""
        return self.result(text, settings, extra).text

    @staticmethod
    def format(result: Result) -> str:
        """A result as the director reads it: its canonical text (forfeits are already
        marked by the notation itself)."""
        return result.text


# ---- shared text helpers ------------------------------------------------------------------

_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2012": "-",
                         "\u2010": "-", "\u2011": "-", "\uff0d": "-", "\uff0b": "+",
                         "\uff1d": "=", "\u00a0": " "})


def clean(text: str) -> str:
    """Result text with surrounding blanks removed, typographic dashes/pluses folded to
    ASCII and runs of blanks collapsed; case is kept."""
    if not isinstance(text, str):
        raise ResultError(_("a result must be text, not {text!r}").format(text=text))
    return " ".join(text.translate(_DASHES).split())


# ---- the shared win/draw/loss grammar ---------------------------------------------------------

WIN_A = Result("1-0", (1.0, 0.0))
WIN_B = Result("0-1", (0.0, 1.0))
DRAW = Result("1/2-1/2", (0.5, 0.5))
FORFEIT_A = Result("+-", (1.0, 0.0), forfeit=True)
FORFEIT_B = Result("-+", (0.0, 1.0), forfeit=True)
DOUBLE_FORFEIT = Result("--", (0.0, 0.0), forfeit=True)

_WLD: dict[str, Result] = {
    "1-0": WIN_A, "0-1": WIN_B,
    "=": DRAW, "½-½": DRAW, "½": DRAW, "1/2": DRAW, "1/2-1/2": DRAW, "0.5-0.5": DRAW,
    ".5-.5": DRAW, "=-=": DRAW, "draw": DRAW,
    "+-": FORFEIT_A, "+:-": FORFEIT_A, "+/-": FORFEIT_A,
    "-+": FORFEIT_B, "-:+": FORFEIT_B, "-/+": FORFEIT_B,
    "--": DOUBLE_FORFEIT, "-:-": DOUBLE_FORFEIT, "-/-": DOUBLE_FORFEIT,
}
WLD_CANONICAL = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--")


def parse_wld(text: str, *, double_forfeit: bool = True) -> Result | None:
    """The win/draw/loss notation, first-listed player first; None if ``text`` is not one.

    ``1-0`` / ``0-1`` wins; ``=``, ``½-½``, ``1/2``, ``1/2-1/2``, ``0.5-0.5`` draw; ``+-`` /
    ``-+`` forfeit wins (not played: ``Result.forfeit``); ``--`` double forfeit (both lose,
    outcome 0-0).  Blanks inside are ignored (``1 - 0``).  Canonical texts are ASCII:
    ``1-0 0-1 1/2-1/2 +- -+ --``.
    """
    key = clean(text).replace(" ", "").lower()
    res = _WLD.get(key)
    if res is None or (res is DOUBLE_FORFEIT and not double_forfeit):
        return None
    return Result(res.text, res.outcome, res.forfeit)  # a fresh, unshared detail dict
