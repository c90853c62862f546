"""Factories for whole hands as the camera and the dealer console see them.

A test builds a table with ``setup()``, the initial deal with ``deal()`` (one ``CardsDealt`` per
pitch, in dealing order: first seat left of the button first, the button last), the betting with
``call()`` / ``bet()`` / ``check()`` / ``fold()`` / ``preflop_calls()`` / ``checks()``, the board with
``flop()`` / ``turn()`` / ``river()``, and runs it with ``judge()``. Times are given by ``timeline()``:
one second apart in the order written, ``Pause(seconds)`` adds a gap (for the clock).

The default table is six-handed, seats 1..6, button on seat 6: seat 1 is the small blind, seat 2 the
big blind, seat 3 is first to act pre-flop and seat 1 first after the flop; blinds 100-200.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache

from rules.engine import judge_hand
from rules.hand_state import Game, HandSetup, SeatSetup
from rules.profile import HouseProfile, load_profile
from rules.records import Alert, AlertKind, BetAction, HandRecord, Ruling, Severity
from vision.events import (
    CardExposed,
    CardsDealt,
    CardsOutOfView,
    ChipAction,
    ChipsOutOfView,
    ChipsPulledIn,
    ClockCalled,
    DecisionTime,
    Declaration,
    DeclarationKind,
    Event,
    Fold,
    ForeignObject,
    HandEnded,
    HandStarted,
    HandTabled,
    ObjectPlaced,
    ObjectRemoved,
    OutOfView,
    SeatReturned,
    SeatVacated,
    TableTap,
)

PROFILE_IDS = ("tda", "bluff_street", "playlive", "cpa_2008", "general_dealing", "blasters")
HOUSES = PROFILE_IDS[1:]
DENOMINATIONS = (25_000, 5_000, 1_000, 500, 100, 25)


@cache
def profile(profile_id: str) -> HouseProfile:
    return load_profile(profile_id)


# ----- the table ------------------------------------------------------------------------------------


def setup(
    seats: Iterable[int] = (1, 2, 3, 4, 5, 6),
    button: int | None = None,
    game: Game = Game.NLHE,
    blinds: tuple[int, int] = (100, 200),
    stack: int = 20_000,
    stacks: dict[int, int] | None = None,
    absent: Iterable[int] = (),
    bb_ante: int = 0,
    hand_id: str = "t-1",
) -> HandSetup:
    """A table; ``button`` defaults to the highest seat, so the lowest seat is the small blind."""
    numbers = sorted(seats)
    chips = {s: stack for s in numbers} | (stacks or {})
    away = set(absent)
    return HandSetup(
        game=game,
        small_blind=blinds[0],
        big_blind=blinds[1],
        button=numbers[-1] if button is None else button,
        seats=tuple(SeatSetup(s, chips[s], present=s not in away) for s in numbers),
        bb_ante=bb_ante,
        hand_id=hand_id,
        table="test-table",
    )


def heads_up(stack: int = 20_000, stacks: dict[int, int] | None = None) -> HandSetup:
    """Two seats: seat 1 has the button and posts the small blind, seat 2 the big blind."""
    return setup(seats=(1, 2), button=1, stack=stack, stacks=stacks)


# ----- the initial deal -----------------------------------------------------------------------------


def deal(
    table: HandSetup,
    *,
    exposed_at: Iterable[int] = (),
    boxed_at: Iterable[int] = (),
    skip: Iterable[int] = (),
    extra: Iterable[int] = (),
    short: Iterable[int] = (),
    also: Iterable[int] = (),
    first_to: int | None = None,
) -> list[CardsDealt]:
    """The initial deal, one ``CardsDealt`` per pitch, in dealing order.

    ``exposed_at``: pitch numbers (1 = the first card off the deck) the dealer turns face up.
    ``boxed_at``: pitch numbers where a boxed card comes off the deck: it is pitched face up to
    that seat and replaced at once by the next card, which goes to the same seat.
    ``skip``: seats dealt out (no cards). ``short``: seats missing their last card.
    ``extra``: seats that get one card too many (pitched right after their last card).
    ``also``: seats not dealt in that the dealer pitches to anyway, in seat order.
    ``first_to``: the seat the dealer starts with (the first card to the wrong seat); every seat
    still gets its cards.
    """
    order = [s for s in _with_also(table, also) if s not in set(skip)]
    if first_to is not None:
        start = order.index(first_to)
        order = order[start:] + order[:start]
    rounds = table.game.hole_cards
    seats: list[int] = []
    for r in range(rounds):
        for seat in order:
            if r == rounds - 1 and seat in set(short):
                continue
            seats.append(seat)
            if r == rounds - 1 and seat in set(extra):
                seats.append(seat)
    exposed, boxed = set(exposed_at), set(boxed_at)
    events: list[CardsDealt] = []
    for number, seat in enumerate(seats, start=1):
        if number in boxed:
            events.append(CardsDealt(0.0, seat=seat, face_up=True, boxed=True))
        events.append(CardsDealt(0.0, seat=seat, face_up=number in exposed))
    return events


def _with_also(table: HandSetup, also: Iterable[int]) -> list[int]:
    seats = sorted({s.seat for s in table.seats} | set(also))
    start = seats.index(table.button) + 1
    return seats[start:] + seats[:start]


def hole(seat: int, face_up: bool = False) -> CardsDealt:
    """One more card pitched to ``seat`` (after the initial deal: an extra card)."""
    return CardsDealt(0.0, seat=seat, face_up=face_up)


# ----- the betting ---------------------------------------------------------------------------------


def chips_for(amount: int) -> tuple[int, ...]:
    """The fewest chips making ``amount``."""
    out: list[int] = []
    for d in DENOMINATIONS:
        n, amount = divmod(amount, d)
        out += [d] * n
    assert amount == 0, "amounts in the tests are multiples of 25"
    return tuple(out)


def call(seat: int, adds: int) -> ChipAction:
    """Chips that exactly make a call of ``adds`` more."""
    return ChipAction(0.0, seat=seat, pushes=(chips_for(adds),))


def bet(seat: int, adds: int) -> ChipAction:
    """A bet or raise of ``adds`` more chips, pushed in one motion (use exact chips)."""
    return ChipAction(0.0, seat=seat, pushes=(chips_for(adds),))


def check(seat: int) -> TableTap:
    return TableTap(0.0, seat=seat)


def fold(seat: int, face_up: bool = False) -> Fold:
    return Fold(0.0, seat=seat, face_up=face_up)


def say(seat: int, what: str, amount: int | None = None, before_chips: bool = True) -> Declaration:
    return Declaration(0.0, seat=seat, what=DeclarationKind(what), amount=amount, before_chips=before_chips)


def preflop_order(table: HandSetup) -> list[int]:
    """Seats in pre-flop acting order: under the gun first, the big blind last."""
    order = list(table.clockwise_from_button())
    if len(order) == 2:  # heads-up: the button (small blind) acts first, the big blind last
        return [order[1], order[0]]
    return order[2:] + order[:2]


def blinds_of(table: HandSetup) -> tuple[int, int]:
    """(small blind seat, big blind seat)."""
    order = table.clockwise_from_button()
    return (order[1], order[0]) if len(order) == 2 else (order[0], order[1])


def preflop_calls(table: HandSetup, folds: Iterable[int] = (), skip: Iterable[int] = ()) -> list[Event]:
    """Everyone calls the big blind (``folds`` fold instead), the big blind checks its option.

    ``skip``: seats left out of the script (dead or absent hands the engine folds on its own).
    """
    sb, bb = blinds_of(table)
    out: list[Event] = []
    folding, skipped = set(folds), set(skip)
    for seat in preflop_order(table):
        if seat in skipped:
            continue
        if seat in folding:
            out.append(fold(seat))
        elif seat == bb:
            out.append(check(seat))
        elif seat == sb:
            out.append(call(seat, table.big_blind - table.small_blind))
        else:
            out.append(call(seat, table.big_blind))
    return out


def postflop_order(table: HandSetup, live: Iterable[int] | None = None) -> list[int]:
    """Seats in post-flop acting order (first seat left of the button first), live ones only."""
    keep = set(live) if live is not None else {s.seat for s in table.seats}
    return [s for s in table.clockwise_from_button() if s in keep]


def checks(table: HandSetup, live: Iterable[int] | None = None) -> list[Event]:
    """Every live seat checks, in post-flop order."""
    return [check(s) for s in postflop_order(table, live)]


# ----- the board and the end of the hand -----------------------------------------------------------


def flop(*cards: str, count: int = 3) -> list[Event]:
    """Bets pulled in, then the flop turned (``count=4``: a four-card flop)."""
    shown: tuple[str | None, ...] = tuple(cards) if cards else ()
    return [ChipsPulledIn(0.0), CardsDealt(0.0, count=count, face_up=True, cards=shown)]


def turn(card: str | None = None) -> list[Event]:
    return [ChipsPulledIn(0.0), CardsDealt(0.0, face_up=True, cards=(card,) if card else ())]


def river(card: str | None = None) -> list[Event]:
    return turn(card)


def board_card(count: int = 1) -> CardsDealt:
    """Board card(s) turned with no bets pulled in first (a premature card, a rabbit hunt)."""
    return CardsDealt(0.0, count=count, face_up=True)


def tabled(seat: int, *cards: str) -> HandTabled:
    return HandTabled(0.0, seat=seat, cards=tuple(cards) if cards else (None, None))


def exposed(seat: int, card: str | None = None) -> CardExposed:
    return CardExposed(0.0, seat=seat, card=card)


def started(table: HandSetup) -> HandStarted:
    return HandStarted(0.0, hand_id=table.hand_id, button_seat=table.button)


def ended() -> HandEnded:
    return HandEnded(0.0)


# ----- the players ----------------------------------------------------------------------------------


def placed(seat: int | None, what: ForeignObject | str) -> ObjectPlaced:
    return ObjectPlaced(0.0, seat=seat, what=ForeignObject(what))


def removed(seat: int | None, what: ForeignObject | str) -> ObjectRemoved:
    return ObjectRemoved(0.0, seat=seat, what=ForeignObject(what))


def chips_gone(seat: int, where: OutOfView | str = OutOfView.OFF_TABLE, *chips: int) -> ChipsOutOfView:
    return ChipsOutOfView(0.0, seat=seat, where=OutOfView(where), chips=chips)


def cards_gone(seat: int, where: OutOfView | str = OutOfView.BELOW_RAIL) -> CardsOutOfView:
    return CardsOutOfView(0.0, seat=seat, where=OutOfView(where))


def vacated(seat: int) -> SeatVacated:
    return SeatVacated(0.0, seat=seat)


def returned(seat: int) -> SeatReturned:
    return SeatReturned(0.0, seat=seat)


def clock(seat: int) -> ClockCalled:
    return ClockCalled(0.0, seat=seat)


def thinking(seat: int) -> DecisionTime:
    """A shot-clock tick for the seat deciding (its time is the timeline's)."""
    return DecisionTime(0.0, seat=seat)


# ----- time ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pause:
    """A gap in the timeline: the next event comes ``seconds`` after the previous one."""

    seconds: float


Part = Event | Pause | Iterable["Part"]


def timeline(*parts: Part, step: float = 1.0) -> list[Event]:
    """Flatten ``parts`` and give the events increasing times ``step`` apart (``Pause`` adds a gap)."""
    out: list[Event] = []
    t = 0.0
    gap = 0.0

    def walk(part: Part) -> None:
        nonlocal t, gap
        if isinstance(part, Pause):
            gap += part.seconds
        elif isinstance(part, Event):
            t += gap if gap else step
            gap = 0.0
            out.append(replace(part, t=t))
        else:
            for p in part:
                walk(p)

    for part in parts:
        walk(part)
    return out


def judge(table: HandSetup, profile_id: str, *parts: Part) -> HandRecord:
    """Judge the hand under one house; every alert must cite that house's profile."""
    record = judge_hand(table, profile(profile_id), timeline(*parts))
    assert_cited(record, profile_id)
    return record


# ----- reading the record ------------------------------------------------------------------------------


def kinds(record: HandRecord, seat: int | None = None) -> list[AlertKind]:
    return [a.kind for a in record.alerts if seat is None or a.seat == seat]


def alerts(record: HandRecord, kind: AlertKind) -> list[Alert]:
    return [a for a in record.alerts if a.kind is kind]


def only(record: HandRecord, kind: AlertKind) -> Alert:
    found = alerts(record, kind)
    assert len(found) == 1, f"expected one {kind} alert, got {describe(record)}"
    return found[0]


def misdeals(record: HandRecord) -> list[Alert]:
    """Alerts that stop the hand as a misdeal."""
    return [a for a in record.alerts if a.kind is AlertKind.MISDEAL and a.severity is Severity.HAND_STOPPING]


def rulings_of(record: HandRecord, seat: int) -> list[Ruling]:
    return [r for r in record.rulings if r.seat == seat]


def actions_of(record: HandRecord, seat: int) -> list[BetAction]:
    return [r.action for r in rulings_of(record, seat)]


def rules_cited(alert: Alert) -> list[str]:
    return [c.rule for c in alert.citations]


def cites(alert: Alert, profile_id: str, topic: str) -> bool:
    """Whether the alert cites the house's parameter ``topic``."""
    return profile(profile_id).cite(topic) in alert.citations


def assert_cited(record: HandRecord, profile_id: str) -> None:
    for a in record.alerts:
        assert a.citations, f"alert without a citation: {a}"
        assert all(c.profile == profile_id for c in a.citations), f"alert cites another house: {a}"


def noise(record: HandRecord) -> list[Alert]:
    """Alerts a clean hand must not raise: everything except the showdown order."""
    return [a for a in record.alerts if a.kind is not AlertKind.SHOWDOWN_ORDER]


def describe(record: HandRecord) -> str:
    return (
        "; ".join(f"{a.kind.value}@{a.seat}[{a.severity.value}] {a.message}" for a in record.alerts) or "none"
    )
