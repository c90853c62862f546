"""A replayable archive of generated hands, and the rulings-per-second benchmark over it.

The generator plays legal no-limit hands with a ``HandState`` and writes what a camera would see:
the deal, chips pushed as real denominations (exact amounts, oversized chips, a few string bets),
taps, folds, board cards, bets pulled in. Deterministic by seed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from rules.betting import judge
from rules.engine import judge_hand
from rules.hand_state import Game, HandSetup, HandState, SeatSetup, Situation
from rules.profile import BASELINE_ID, HouseProfile, load_profile
from rules.records import Ruling
from vision.events import (
    CardsDealt,
    ChipAction,
    ChipsPulledIn,
    Declaration,
    DeclarationKind,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    HandTabled,
    TableTap,
)

DENOMINATIONS = (25000, 5000, 1000, 500, 100, 25)


def chips_for(amount: int) -> tuple[int, ...]:
    """The fewest chips making ``amount`` (greedy over the house denominations)."""
    chips: list[int] = []
    for d in DENOMINATIONS:
        n, amount = divmod(amount, d)
        chips += [d] * n
    if amount:
        chips.append(amount)
    return tuple(chips)


def generate_hand(rng: random.Random, number: int) -> tuple[HandSetup, list[Event]]:
    n_seats = rng.randint(2, 9)
    seats = tuple(
        SeatSetup(s, rng.randrange(4000, 80000, 25)) for s in sorted(rng.sample(range(1, 11), n_seats))
    )
    setup = HandSetup(
        Game.NLHE, 100, 200, rng.choice(seats).seat, seats, bb_ante=200, hand_id=f"gen-{number:06d}"
    )
    hand = HandState(setup)
    t = 0.0
    events: list[Event] = [HandStarted(t, hand_id=setup.hand_id)]
    for _ in range(2):
        for dealt_to in setup.clockwise_from_button():
            t += 0.2
            events.append(CardsDealt(t, seat=dealt_to))
    street = hand.street
    while (actor := hand.actor) is not None:
        seat: int = actor
        sit = hand.situation(seat)
        t += rng.uniform(1.0, 6.0)
        roll = rng.random()
        if sit.facing_bet and roll < 0.35:
            events.append(Fold(t, seat=seat))
            hand.fold(seat)
        elif roll < 0.75 or not hand.can_raise():
            if sit.to_call == 0:
                events.append(TableTap(t, seat=seat))
            else:
                chips = chips_for(sit.to_call)
                if len(chips) > 1 and rng.random() < 0.3:  # an oversized chip instead
                    big = next((d for d in reversed(DENOMINATIONS) if d >= sit.to_call), 0)
                    chips = (big,) if 0 < big <= sit.stack else chips
                events.append(ChipAction(t, seat=seat, pushes=(chips,)))
            hand.check_or_call(seat)
        else:
            target = min(sit.max_raise_to, sit.min_raise_to + rng.randrange(0, 4) * sit.big_blind)
            chips = chips_for(target - sit.own_bet)
            push = ChipAction(t, seat=seat, pushes=(chips,))
            if _reads_as(sit, push) != target:  # silent chips would not read as this raise: say it first
                events.append(Declaration(t - 0.5, seat=seat, what=DeclarationKind.RAISE, amount=target))
            events.append(push)
            hand.bet_or_raise_to(seat, target)
        if hand.street != street and hand.betting_open:
            street = hand.street
            t += 1.0
            events.append(ChipsPulledIn(t))
            events.append(CardsDealt(t + 1.0, count=3 if street.value == "flop" else 1, face_up=True))
            t += 1.0
    live = hand.live_seats()
    if len(live) > 1:  # showdown: every live hand is turned up
        for seat_shown in live:
            t += 1.0
            events.append(HandTabled(t, seat=seat_shown))
    events.append(HandEnded(t + 5.0))
    return setup, events


_READER = load_profile(BASELINE_ID)


def _reads_as(sit: Situation, push: ChipAction) -> int:
    """The total the TDA rules read from silent chips (the generator keeps its raises unambiguous)."""
    ruling = judge(sit, _READER, push, None)
    return ruling.to if isinstance(ruling, Ruling) and ruling.must_complete_to is None else -1


@dataclass(frozen=True, slots=True)
class BenchResult:
    hands: int
    events: int
    rulings: int
    alerts: int
    seconds: float


def bench(hands: int, seed: int, profile: HouseProfile) -> BenchResult:
    rng = random.Random(seed)
    archive = [generate_hand(rng, i) for i in range(hands)]
    start = time.perf_counter()
    rulings = alerts = 0
    for setup, events in archive:
        record = judge_hand(setup, profile, events)
        rulings += len(record.rulings)
        alerts += len(record.alerts)
    seconds = time.perf_counter() - start
    return BenchResult(hands, sum(len(e) for _, e in archive), rulings, alerts, seconds)
