"""The observed-event vocabulary: what a camera (or the dealer console) saw happen at a table.

This module is the contract between perception and judgement. The vision layer emits these
records, the table simulator writes its ground truth in them, and the rules engine consumes them.
It is plain data: no numpy, no cv2, no rules. Every record is frozen.

Conventions
- ``t`` is seconds on the camera's monotonic clock; ``frame`` is the video frame index when known.
- Seats are the table's printed seat numbers (1..10). ``None`` for a seat means "not a seat"
  (the board, the deck, the dealer).
- Chips are listed as denominations in house units, one entry per chip: ``(1000, 500, 25)``.
- Cards are two-character codes, rank then suit: ``"As"``, ``"Td"``, ``"9c"``; ``None`` when the
  card was seen but not read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class EventKind(StrEnum):
    HAND_STARTED = "hand_started"
    HAND_ENDED = "hand_ended"
    CARDS_DEALT = "cards_dealt"
    CHIP_ACTION = "chip_action"
    DECLARATION = "declaration"
    TABLE_TAP = "table_tap"
    FOLD = "fold"
    CHIPS_PULLED_IN = "chips_pulled_in"
    CARD_EXPOSED = "card_exposed"
    HAND_TABLED = "hand_tabled"
    CARDS_OUT_OF_VIEW = "cards_out_of_view"
    CHIPS_OUT_OF_VIEW = "chips_out_of_view"
    OBJECT_PLACED = "object_placed"
    OBJECT_REMOVED = "object_removed"
    SEAT_VACATED = "seat_vacated"
    SEAT_RETURNED = "seat_returned"
    CLOCK_CALLED = "clock_called"
    DECISION_TIME = "decision_time"


class PriorChips(StrEnum):
    """What a seat did with its own bet chips already in front of it (not yet pulled in)."""

    NONE = "none"  # no prior-bet chips in front of the seat
    LEFT = "left"  # left where they were, new chips added beside or on top
    PULLED_BACK = "pulled_back"  # all prior chips taken back toward the stack
    PARTLY_PULLED_BACK = "partly_pulled_back"  # some taken back, some left out
    COMBINED = "combined"  # mixed with new chips and pushed forward together


class DeclarationKind(StrEnum):
    """A verbal declaration, as typed at the dealer console."""

    CHECK = "check"
    CALL = "call"
    FOLD = "fold"
    BET = "bet"  # "bet" or "bet 500" (amount optional)
    RAISE = "raise"  # "raise" or "raise, 5000" (amount optional; an amount is the total bet)
    AMOUNT = "amount"  # an amount only: "five thousand"
    ALL_IN = "all_in"
    POT = "pot"  # "I bet the pot" / "pot"


class ForeignObject(StrEnum):
    PHONE = "phone"
    DRINK_CAPPED = "drink_capped"  # a capped bottle
    DRINK_OPEN = "drink_open"  # a glass, a cup, an open can
    FOOD = "food"
    CARD_PROTECTOR = "card_protector"
    NON_TOURNAMENT_CHIP = "non_tournament_chip"
    OTHER = "other"


class OutOfView(StrEnum):
    """Where cards or chips went when they left the camera's sight of the felt."""

    BELOW_RAIL = "below_rail"  # held under the table edge, on the lap
    OFF_TABLE = "off_table"  # carried away from the table
    HIDDEN = "hidden"  # covered: in a closed hand, under a stack, under a sleeve


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every observed event."""

    t: float
    frame: int | None = field(default=None, kw_only=True)

    @property
    def kind(self) -> EventKind:
        return _KIND_OF[type(self)]


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """The deal began (first riffle / shuffler button / first card pitched)."""

    hand_id: str = ""
    button_seat: int | None = None  # where the camera saw the dealer button, when it did


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The pot was pushed and the table cleared."""


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The dealer pitched cards to a seat (``seat``) or to the board (``seat is None``).

    One record per pitch: a hole card is one record; a flop turned as one motion is one record
    with ``count=3`` (or 4 when the dealer spread four cards).
    """

    seat: int | None = None
    count: int = 1
    face_up: bool = False
    boxed: bool = False  # the card came off the deck already face up (a boxed card)
    cards: tuple[str | None, ...] = ()

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"CardsDealt.count must be >= 1, got {self.count}")
        if self.cards and len(self.cards) != self.count:
            raise ValueError(f"CardsDealt.cards has {len(self.cards)} cards but count is {self.count}")


@dataclass(frozen=True, slots=True)
class ChipAction(Event):
    """Chips a seat moved forward over the betting line, as one action.

    ``pushes`` lists the chips released by each forward motion, in order: one push is a bet made
    in one motion; several pushes with ``returned_to_stack`` is the mark of a string bet.
    ``prior`` says what happened to chips the seat had already bet this street and which are
    still in front of it; ``prior_pulled_back`` lists the chips taken back when that was partial.
    ``non_value_items`` counts bounty chips / clock tokens pushed with the chips.
    ``counted``: False when the camera saw chips land but could not count them all (an overhead
    camera sees only a stack's top chip; a chip whose colour it could not read has no value). The
    pushes then hold the chips it could value, one per stack, a lower bound; they may be empty, and
    so may a push (a motion seen, its chips unread).
    ``all_in``: uncounted chips that left the seat's stack zone empty, which is all an overhead camera
    can tell of an all-in (set only when ``counted`` is False; counted chips show it by their amount).
    ``stack_left``: uncounted chips after which chips still showed in the seat's stack zone: not all of
    the seat's chips went in, whatever the top chips read (set only when ``counted`` is False).
    ``continues``: the seat's hand came back for these chips moments after its last chip action, having
    drawn back from the bet zone: further motions of that action, if nobody has acted since (the rules
    engine then judges the two as one, with a return to the stack).
    """

    seat: int = 0
    pushes: tuple[tuple[int, ...], ...] = ()
    returned_to_stack: bool = False
    prior: PriorChips = PriorChips.NONE
    prior_pulled_back: tuple[int, ...] = ()
    non_value_items: int = 0
    counted: bool = True
    all_in: bool = False
    stack_left: bool = False
    continues: bool = False

    def __post_init__(self) -> None:
        if any(c <= 0 for push in self.pushes for c in push):
            raise ValueError(f"ChipAction chips must be positive denominations, got {self.pushes}")
        if self.counted and any(not push for push in self.pushes):
            raise ValueError(
                "ChipAction has an empty push; every forward motion releases chips (an empty push is a "
                "motion whose chips could not be read: counted=false only)"
            )
        if (
            not self.pushes
            and not self.non_value_items
            and self.prior is not PriorChips.COMBINED
            and self.counted
        ):
            raise ValueError(
                "ChipAction needs chips, non-value items or combined prior chips (or counted=false)"
            )
        if self.all_in and self.counted:
            raise ValueError("ChipAction.all_in is only for counted=false: counted chips show it by amount")
        if self.stack_left and (self.counted or self.all_in):
            raise ValueError("ChipAction.stack_left is only for counted=false, and not with all_in")
        if self.prior_pulled_back and self.prior is not PriorChips.PARTLY_PULLED_BACK:
            raise ValueError("ChipAction.prior_pulled_back is only for prior=partly_pulled_back")

    @property
    def chips(self) -> tuple[int, ...]:
        """Every new chip released, all pushes together."""
        return tuple(c for push in self.pushes for c in push)

    @property
    def amount(self) -> int:
        return sum(self.chips)

    @property
    def motions(self) -> int:
        return len(self.pushes)


@dataclass(frozen=True, slots=True)
class Declaration(Event):
    """A verbal declaration entered at the dealer console for a seat."""

    seat: int = 0
    what: DeclarationKind = DeclarationKind.CALL
    amount: int | None = None
    before_chips: bool = True  # spoken before the seat's chips touched the felt

    def __post_init__(self) -> None:
        if self.amount is not None and self.amount <= 0:
            raise ValueError(f"Declaration.amount must be positive, got {self.amount}")
        if self.what is DeclarationKind.AMOUNT and self.amount is None:
            raise ValueError("Declaration of an amount needs the amount")


@dataclass(frozen=True, slots=True)
class TableTap(Event):
    """A seat rapped the felt: a check. ``over_own_chips``: the hand came down in the seat's bet zone,
    on the chips it had already bet; from overhead, chips added on top of them would not show."""

    seat: int = 0
    over_own_chips: bool = False


@dataclass(frozen=True, slots=True)
class Fold(Event):
    """A seat released its cards toward the muck (or the dealer took them into the muck)."""

    seat: int = 0
    face_up: bool = False  # the cards landed face up (helicoptered, exposed)


@dataclass(frozen=True, slots=True)
class ChipsPulledIn(Event):
    """The dealer swept the bets in front of the seats into the pot."""


@dataclass(frozen=True, slots=True)
class CardExposed(Event):
    """A live card of a seat became visible to the table (turned up, flashed, dropped face up)."""

    seat: int = 0
    card: str | None = None


@dataclass(frozen=True, slots=True)
class HandTabled(Event):
    """A seat turned its hole cards face up at showdown."""

    seat: int = 0
    cards: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class CardsOutOfView(Event):
    """A seat's live cards left the camera's view of the felt."""

    seat: int = 0
    where: OutOfView = OutOfView.BELOW_RAIL


@dataclass(frozen=True, slots=True)
class ChipsOutOfView(Event):
    """Chips of a seat left the felt or were covered."""

    seat: int = 0
    where: OutOfView = OutOfView.OFF_TABLE
    chips: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ObjectPlaced(Event):
    """A non-chip, non-card object was put on the felt (``seat`` is the nearest seat)."""

    seat: int | None = None
    what: ForeignObject = ForeignObject.OTHER


@dataclass(frozen=True, slots=True)
class ObjectRemoved(Event):
    seat: int | None = None
    what: ForeignObject = ForeignObject.OTHER


@dataclass(frozen=True, slots=True)
class SeatVacated(Event):
    """The player left reach of the chair."""

    seat: int = 0


@dataclass(frozen=True, slots=True)
class SeatReturned(Event):
    seat: int = 0


@dataclass(frozen=True, slots=True)
class ClockCalled(Event):
    """The floor put the clock on a seat."""

    seat: int = 0


@dataclass(frozen=True, slots=True)
class DecisionTime(Event):
    """The seat to act has been deciding for ``seconds`` (emitted by the shot-clock analyzer)."""

    seat: int = 0
    seconds: float = 0.0


_KIND_OF: dict[type[Event], EventKind] = {
    HandStarted: EventKind.HAND_STARTED,
    HandEnded: EventKind.HAND_ENDED,
    CardsDealt: EventKind.CARDS_DEALT,
    ChipAction: EventKind.CHIP_ACTION,
    Declaration: EventKind.DECLARATION,
    TableTap: EventKind.TABLE_TAP,
    Fold: EventKind.FOLD,
    ChipsPulledIn: EventKind.CHIPS_PULLED_IN,
    CardExposed: EventKind.CARD_EXPOSED,
    HandTabled: EventKind.HAND_TABLED,
    CardsOutOfView: EventKind.CARDS_OUT_OF_VIEW,
    ChipsOutOfView: EventKind.CHIPS_OUT_OF_VIEW,
    ObjectPlaced: EventKind.OBJECT_PLACED,
    ObjectRemoved: EventKind.OBJECT_REMOVED,
    SeatVacated: EventKind.SEAT_VACATED,
    SeatReturned: EventKind.SEAT_RETURNED,
    ClockCalled: EventKind.CLOCK_CALLED,
    DecisionTime: EventKind.DECISION_TIME,
}

EVENT_TYPES: dict[EventKind, type[Event]] = {kind: cls for cls, kind in _KIND_OF.items()}
