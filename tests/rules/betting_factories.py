"""Small factories for the betting-ruling tests: tables, situations, chip actions, declarations.

Seats are numbered so that a test reads like the rulebook: ``table(n)`` seats players 1..n with the
small blind in seat 1, the big blind in seat 2 and the button in seat n (three or more seats), so
the first player to act pre-flop is seat 3 and the first to act after the flop is seat 1.

The worked-example files (``test_worked_examples_<house>.py``) hold one test per example in each
house's book, named after the house and rule. Single decisions go through ``judge`` on a
``Situation`` read from a real ``HandState``; examples whose sequence matters run as whole hands
through ``judge_hand``. Each test asserts the ruling and that it rests on the house's own rule.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from rules.betting import Pending, judge
from rules.engine import judge_hand
from rules.hand_state import Game, HandSetup, HandState, SeatSetup, Situation, Street
from rules.profile import HouseProfile, load_profile
from rules.records import AlertKind, BetAction, HandRecord, Ruling
from vision.events import ChipAction, Declaration, DeclarationKind, Event, PriorChips

PROFILE_IDS = ("tda", "bluff_street", "playlive", "cpa_2008", "general_dealing", "blasters")

CALL, RAISE, BET, CHECK, FOLD = (
    BetAction.CALL,
    BetAction.RAISE,
    BetAction.BET,
    BetAction.CHECK,
    BetAction.FOLD,
)


@cache
def profile(profile_id: str) -> HouseProfile:
    return load_profile(profile_id)


# ----- tables and hands -----------------------------------------------------------------------


def table(
    n: int = 4,
    blinds: tuple[int, int] = (100, 200),
    stack: int = 100_000,
    stacks: dict[int, int] | None = None,
    game: Game = Game.NLHE,
    bb_ante: int = 0,
) -> HandSetup:
    """``n`` seats (1..n), small blind seat 1, big blind seat 2, button seat ``n`` (n >= 3)."""
    if n < 3:
        raise ValueError("use heads_up() for two seats")
    chips = {seat: stack for seat in range(1, n + 1)} | (stacks or {})
    return HandSetup(
        game=game,
        small_blind=blinds[0],
        big_blind=blinds[1],
        button=n,
        seats=tuple(SeatSetup(seat, chips[seat]) for seat in range(1, n + 1)),
        bb_ante=bb_ante,
        hand_id="test",
    )


def heads_up(
    blinds: tuple[int, int] = (100, 200), stack: int = 100_000, stacks: dict[int, int] | None = None
) -> HandSetup:
    chips = {1: stack, 2: stack} | (stacks or {})
    return HandSetup(
        game=Game.NLHE,
        small_blind=blinds[0],
        big_blind=blinds[1],
        button=1,
        seats=(SeatSetup(1, chips[1]), SeatSetup(2, chips[2])),
        hand_id="test",
    )


def play(hand: HandState, *moves: tuple) -> HandState:
    """Drive a hand with plain moves: ``("raise", seat, to)``, ``("bet", seat, to)``, ``("call", seat)``,
    ``("check", seat)``, ``("fold", seat)``, ``("calls",)`` (everyone left calls or checks)."""
    for move in moves:
        verb = move[0]
        if verb in ("raise", "bet"):
            hand.bet_or_raise_to(move[1], move[2])
        elif verb in ("call", "check"):
            hand.check_or_call(move[1])
        elif verb == "fold":
            hand.fold(move[1])
        elif verb == "calls":
            street = hand.street
            while hand.betting_open and hand.street == street:
                hand.check_or_call(hand.actor)
        else:
            raise ValueError(f"unknown move {move}")
    return hand


def hand_at(
    setup: HandSetup, *moves: tuple, street: Street = Street.PREFLOP, preflop: tuple[tuple, ...] = ()
) -> HandState:
    """A hand after ``moves``; with ``street`` later than pre-flop, the ``preflop`` moves are made first
    and then everyone left calls or checks to that street."""
    hand = play(HandState(setup), *preflop)
    while hand.street != street:
        play(hand, ("calls",))
    return play(hand, *moves)


def situation(
    setup: HandSetup,
    seat: int,
    *moves: tuple,
    street: Street = Street.PREFLOP,
    preflop: tuple[tuple, ...] = (),
    prior: tuple[int, ...] = (),
) -> Situation:
    return hand_at(setup, *moves, street=street, preflop=preflop).situation(seat, prior)


def make_situation(**overrides) -> Situation:
    """A hand-made situation: NLHE 100-200 on the flop, seat 1 to act, nothing bet yet."""
    base = Situation(
        seat=1,
        street=Street.FLOP,
        game=Game.NLHE,
        big_blind=200,
        current_bet=0,
        own_bet=0,
        stack=50_000,
        to_call=0,
        last_raise=200,
        min_raise_to=200,
        max_raise_to=50_000,
        pot=1_000,
        may_raise=True,
        heads_up=False,
        facing_opening_bet=False,
        in_turn=True,
    )
    return replace(base, **overrides)


# ----- what the camera and the console saw ------------------------------------------------------


def chips(
    seat: int,
    *denoms: int,
    prior: PriorChips = PriorChips.NONE,
    pulled: tuple[int, ...] = (),
    pushes: tuple[tuple[int, ...], ...] | None = None,
    returned: bool = False,
    items: int = 0,
    t: float = 0.0,
) -> ChipAction:
    """Chips pushed in one motion (``denoms``), or in several (``pushes``)."""
    motions = pushes if pushes is not None else ((tuple(denoms),) if denoms else ())
    return ChipAction(
        t,
        seat=seat,
        pushes=motions,
        returned_to_stack=returned,
        prior=prior,
        prior_pulled_back=pulled,
        non_value_items=items,
    )


def say(
    seat: int, what: DeclarationKind | str, amount: int | None = None, before: bool = True, t: float = 0.0
) -> Declaration:
    return Declaration(t, seat=seat, what=DeclarationKind(what), amount=amount, before_chips=before)


def rule(
    sit: Situation, profile_id: str, action: ChipAction | None, said: Declaration | None = None
) -> Ruling:
    """``judge`` that must settle the action (not leave it pending)."""
    verdict = judge(sit, profile(profile_id), action, said)
    assert isinstance(verdict, Ruling), f"expected a ruling, got {verdict}"
    return verdict


def pending(sit: Situation, profile_id: str, said: Declaration) -> Pending:
    verdict = judge(sit, profile(profile_id), None, said)
    assert isinstance(verdict, Pending), f"expected a pending declaration, got {verdict}"
    return verdict


def rules_cited(r: Ruling | Pending) -> list[str]:
    return [c.rule for c in r.citations]


def cites(r: Ruling | Pending, profile_id: str, rule_: str) -> bool:
    """Whether the ruling cites ``rule_`` of the house ``profile_id`` (not a baseline fallback)."""
    return any(c.profile == profile_id and c.rule == rule_ for c in r.citations)


def cited_topic(r: Ruling | Pending, profile_id: str, topic: str) -> bool:
    """Whether the ruling cites the house's parameter ``topic`` (whatever its rule number)."""
    return profile(profile_id).cite(topic) in r.citations


# ----- full hands through the engine --------------------------------------------------------------


def stamp(*events: Event) -> list[Event]:
    """Give events increasing times, one second apart, in the order written."""
    return [replace(ev, t=float(i + 1)) for i, ev in enumerate(events)]


def run_hand(setup: HandSetup, profile_id: str, *events: Event) -> HandRecord:
    return judge_hand(setup, profile(profile_id), stamp(*events))


def ruling_of(record: HandRecord, seat: int, index: int = -1) -> Ruling:
    """The seat's ``index``-th ruling in the hand (default: its last)."""
    mine = [r for r in record.rulings if r.seat == seat]
    assert mine, f"no ruling for seat {seat}; rulings: {[(r.seat, r.summary()) for r in record.rulings]}"
    return mine[index]


def alert_kinds(record: HandRecord, seat: int | None = None) -> list[AlertKind]:
    return [a.kind for a in record.alerts if seat is None or a.seat == seat]


def limps(n: int) -> list[Declaration]:
    """Pre-flop on ``table(n)``: everyone calls the big blind and the big blind checks."""
    return [say(seat, "call") for seat in (*range(3, n + 1), 1)] + [say(2, "check")]


def assert_cites(r: Ruling | Pending, profile_id: str, rule_: str, inherited_from: str | None = None) -> None:
    """The ruling rests on the house's own rule ``rule_`` (or, where the house is silent, on the
    baseline rule it inherits, ``inherited_from``)."""
    found = [(c.profile, c.rule, c.inherited_from) for c in r.citations]
    assert (profile_id, rule_, inherited_from) in found, f"expected {profile_id} {rule_}; cited {found}"


# ----- shared scenarios of the rulebooks ----------------------------------------------------


def flop_with_pot(pot_preflop_to: int) -> Situation:
    """Blinds 200-400, four players see the flop for ``pot_preflop_to`` each; seat 1 first to act."""
    setup = table(4, (200, 400))
    moves = [("raise", 3, pot_preflop_to), ("calls",)] if pot_preflop_to > 400 else [("calls",)]
    hand = hand_at(setup, *moves)
    assert hand.street is Street.FLOP
    return hand.situation(1)


def bluff_41_a_hand(profile_id: str, *after: Event) -> HandRecord:
    """A bets 500, B raises to 1,000, C calls, D all-in 1,300, E all-in 1,700, F folds, A calls."""
    setup = table(6, (50, 100), stacks={4: 1_400, 5: 1_800})
    return run_hand(
        setup,
        profile_id,
        *limps(6),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "all_in"),
        say(5, "all_in"),
        say(6, "fold"),
        say(1, "call"),
        *after,
    )
