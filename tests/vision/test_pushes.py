"""What a seat's hand pushes into its bet zone (``vision.pushes`` through ``vision.actions``): chips
hidden under the hand or seen late, the earlier bet, whose hand a hand over the bet zone is, and chips
the camera cannot count (an unread colour; from a camera, any stack, which shows only its top chip).
Second motions and returns to the stack are in ``test_second_motions``.
"""

from __future__ import annotations

import pytest

from tests.vision.scenes import STEP, Table, dealt, demo_geometry, rail_hand, thing
from vision.chipset import TOURNAMENT, denominations
from vision.events import ChipAction, TableTap
from vision.table import FELT, SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


@pytest.mark.parametrize(
    ("value", "top", "chips"),
    [(200, 100, (100, 100)), (1000, 500, (500, 500)), (1000, 1000, (1000,)), (600, 500, (500, 100))],
)
def test_denominations_of_a_stack_follow_its_top_chip(value: int, top: int, chips: tuple[int, ...]) -> None:
    assert denominations(value, top, TOURNAMENT) == chips


def test_a_pushed_stack_the_tracker_loses_and_finds_again_is_counted_once(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    hand = thing(g, 9, "hand", "seat2_bet")
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, hand)
    table.show(0.1, *cards, hand, thing(g, 50, "chip", "seat2_bet", label="purple", value=500))
    table.show(0.1, *cards, hand)  # the hand hides it for a detector call...
    table.show(0.3, *cards, hand, thing(g, 51, "chip", "seat2_bet", label="purple", value=500))  # ...new id
    table.show(1.0, *cards, thing(g, 51, "chip", "seat2_bet", label="purple", value=500))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((500,),)


@pytest.mark.parametrize(("back_over_the_rail", "frames_later"), [(True, 0), (False, 2)])
def test_a_push_is_reported_once_the_hand_is_back_over_the_rail(
    geometry: TableGeometry, back_over_the_rail: bool, frames_later: int
) -> None:
    """A hand seen back on the rail has finished; one lost from view may only be hidden, and gets
    the visit's ``leave`` time before its push is reported."""
    g = geometry
    table = Table(g)
    cards = dealt(g)
    table.show(1.0, *cards)
    hand = thing(g, 9, "hand", "seat2_bet")
    chip = thing(g, 50, "chip", "seat2_bet", label="purple", value=500)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, chip)
    withdrawn = table.frame
    table.show(1.0, *cards, chip, *([rail_hand(g, 9, 2)] if back_over_the_rail else []))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((500,),)
    assert action.frame == withdrawn + frames_later


def one_chip_pushed(g: TableGeometry, chip: SeenObject, stacks_counted: bool = True) -> Table:
    """Seat 2, in turn, reaches into its bet zone, lets go of ``chip`` at 1.6 s and draws back."""
    table = Table(g, turn=2, stacks_counted=stacks_counted)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, chip)
    table.show(1.5, *cards, chip)
    return table


def test_a_hand_that_leaves_chips_of_unread_value_in_the_bet_zone_bet_an_uncounted_amount(
    geometry: TableGeometry,
) -> None:
    """A chip the reader could not value adds nothing to a push, but the seat still acted: it is no
    check (a tap leaves nothing on the felt) but a chip action marked not counted, one motion of no
    chips."""
    table = one_chip_pushed(geometry, thing(geometry, 52, "chip", "seat2_bet", label="unknown", value=0))
    assert not any(isinstance(e, TableTap) for e in table.events)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.pushes, action.counted) == (2, ((),), False)
    assert 1.55 <= action.t <= 1.75  # when the chip landed (1.6 s)


@pytest.mark.parametrize("counted", [True, False])
def test_a_camera_that_sees_only_top_chips_marks_its_chip_actions_not_counted(
    geometry: TableGeometry, counted: bool
) -> None:
    """The same read 500 chip: a whole stack's value from the simulator's boxes, only the top chip's
    (a lower bound) from a camera that does not count stacks."""
    chip = thing(geometry, 52, "chip", "seat2_bet", label="purple", value=500)
    table = one_chip_pushed(geometry, chip, stacks_counted=counted)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.pushes, action.counted) == (2, ((500,),), counted)


@pytest.mark.parametrize("earlier_bet", [True, False])
def test_a_tap_on_the_seats_own_bet_says_so(geometry: TableGeometry, earlier_bet: bool) -> None:
    """Chips set on top of a bet already out change nothing an overhead camera sees: the visit reads as
    a tap, marked as over the seat's own chips for the rules engine to weigh."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    blind = [thing(g, 60, "chip", "seat2_bet", label="purple", value=500)] if earlier_bet else []
    table.show(1.0, *cards, *blind)
    table.show(0.3, *cards, *blind, rail_hand(g, 7, 2))
    table.show(0.3, *cards, *blind, thing(g, 7, "hand", "seat2_bet"))
    table.show(1.0, *cards, *blind)
    [tap] = [e for e in table.events if isinstance(e, TableTap)]
    assert (tap.seat, tap.over_own_chips) == (2, earlier_bet)


def test_chips_the_tracker_had_not_confirmed_when_the_hand_withdrew_were_still_pushed(
    geometry: TableGeometry,
) -> None:
    """A chip box seen over several detector calls while the hand let go, but not yet a track when the
    hand was back at the rail: the seat bet (uncounted), it did not tap."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    hand = thing(g, 7, "hand", "seat2_bet")
    untracked = thing(g, -1, "chip", "seat2_bet", label="unknown", value=0)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, untracked)
    table.show(0.3, *cards, untracked, rail_hand(g, 7, 2))
    assert not any(isinstance(e, TableTap) for e in table.events)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.counted) == (2, False)
    assert 1.55 <= action.t <= 1.75


def test_a_flicker_of_an_untracked_chip_box_is_no_push(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, hand)
    table.show(STEP, *cards, hand, thing(g, -1, "chip", "seat2_bet", label="unknown", value=0))
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    assert not any(isinstance(e, ChipAction) for e in table.events)
    assert sum(isinstance(e, TableTap) for e in table.events) == 1


@pytest.mark.parametrize(
    ("turn", "chips", "seen"),
    [
        (2, True, "ChipAction"),  # the seat deciding: its bet
        (2, False, "TableTap"),  # the seat deciding: its check
        (1, True, None),  # another seat's bet zone: the dealer's hand, doing the dealer's work
    ],
    ids=["bet-of-the-seat-deciding", "tap-of-the-seat-deciding", "not-the-seat-deciding"],
)
def test_a_hand_first_seen_in_the_bet_zone_is_the_seat_deciding_only_by_what_it_does(
    geometry: TableGeometry, turn: int, chips: bool, seen: str | None
) -> None:
    """The detector missed the hand coming in over the stack and cards: first seen in the bet zone,
    it is the dealer's, unless the seat deciding is the one whose chips land or who taps there."""
    g = geometry
    table = Table(g, turn=turn, stacks_counted=False)
    cards = dealt(g)
    table.show(1.0, *cards)
    hand = thing(g, 9, "hand", "seat2_bet")
    bet = [thing(g, 50, "chip", "seat2_bet", label="purple", value=500)] if chips else []
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, *bet)
    table.show(1.0, *cards, *bet)  # the hand is gone
    acted = [e for e in table.events if isinstance(e, ChipAction | TableTap)]
    assert [(type(e).__name__, e.seat) for e in acted] == ([(seen, 2)] if seen else [])


def test_a_hand_first_seen_beside_the_seats_cards_as_two_boxes_is_the_seat_deciding(
    geometry: TableGeometry,
) -> None:
    """Seed + 11000 tiny_chip: on a far table seat 3's hand, missed over the rail, showed first on the
    felt beside its stack as two overlapping boxes. The second box is the same hand, not the dealer
    at work in the middle of the table: the seat's check counts."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    table.show(1.0, *cards)
    beside = next(
        (x, y)
        for dx in range(-120, 121, 6)
        for dy in range(-120, 121, 6)
        for x, y in [(g.by_name["seat2_cards"].centre[0] + dx, g.by_name["seat2_cards"].centre[1] + dy)]
        if g.place_of(x, y) == FELT and g.nearest_place(x, y) == "seat2_cards"
    )
    x, y = beside
    twice = [
        SeenObject(-1, "hand", (x - 25, y - 25, x + 25, y + 25), FELT, 2),
        SeenObject(-1, "hand", (x - 18, y - 30, x + 30, y + 20), FELT, 2),
    ]
    table.show(0.2, *cards, *twice)
    table.show(0.4, *cards, thing(g, 9, "hand", "seat2_bet"))
    table.show(1.0, *cards)
    assert [(type(e).__name__, e.seat) for e in table.events if isinstance(e, TableTap)] == [("TableTap", 2)]


def test_a_hand_first_seen_in_the_bet_zone_that_brings_the_seat_a_card_is_the_dealers(
    geometry: TableGeometry,
) -> None:
    """Seed + 8000 dealer_exposed_card: the dealer took back a card exposed in the deal and brought the
    replacement, the hand first seen in seat 4's bet zone with seat 4 to act. A card arrived: no tap."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    seat1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(2)]
    held = thing(g, 110, "card_down", "seat2_cards")
    table.show(1.0, *seat1, held, thing(g, 111, "card_down", "seat2_cards"))
    table.show(0.8, *seat1, held)  # the exposed card taken away
    hand = thing(g, 9, "hand", "seat2_bet")
    table.show(0.3, *seat1, held, hand)
    table.show(1.0, *seat1, held, thing(g, 112, "card_down", "seat2_cards"))  # its replacement
    assert not [e for e in table.events if isinstance(e, TableTap)]


def test_a_card_covered_just_before_the_hand_shows_is_no_card_brought(geometry: TableGeometry) -> None:
    """Seed + 2000 invalid_declaration: the player's hand, not yet seen, covered one of its cards 0.3 s
    before it showed in its bet zone. The card showing again is the seat's own, not one the hand
    brought: the visit is the seat's check."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    seat1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(2)]
    held = [thing(g, 110 + k, "card_down", "seat2_cards") for k in range(2)]
    table.show(1.0, *seat1, *held)
    table.show(0.3, *seat1, held[0])  # a hand the detector misses covers a card
    hand = thing(g, 9, "hand", "seat2_bet")
    table.show(0.4, *seat1, held[0], hand)
    table.show(1.0, *seat1, *held)
    taps = [e for e in table.events if isinstance(e, TableTap)]
    assert [e.seat for e in taps] == [2]


def test_a_chip_box_that_leaves_with_the_hand_was_no_bet(geometry: TableGeometry) -> None:
    """A hand tapping in front of its cards, its sleeve boxed as a chip while it is there: chips let go
    stay where they land, so what went away with the hand was never bet; the visit was a check."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    table.show(1.0, *cards)
    hand = thing(g, 9, "hand", "seat2_bet")
    sleeve = thing(g, 50, "chip", "seat2_bet", label="unknown", value=0)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, hand)
    table.show(0.4, *cards, hand, sleeve)
    table.show(1.0, *cards)  # the hand has gone, and the "chip" with it
    acted = [e for e in table.events if isinstance(e, ChipAction | TableTap)]
    assert [(type(e).__name__, e.seat) for e in acted] == [("TableTap", 2)]


def test_chips_the_hand_covers_as_it_arrives_were_there_before_it(geometry: TableGeometry) -> None:
    """The big blind's chips lie in front; the hand coming to tap hides them in the scene it is first
    seen in. When they show again they are the same chips, not a push."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    blind = thing(g, 50, "chip", "seat2_bet", label="black", value=100)
    table.show(1.0, *cards, blind)
    hand = thing(g, 9, "hand", "seat2_bet")
    table.show(0.1, *cards, rail_hand(g, 9, 2))  # over the rail (the blind out of the detector's sight)
    table.show(0.3, *cards, hand)  # over the blind: hidden
    table.show(0.3, *cards, hand, blind)
    table.show(1.0, *cards, blind)
    acted = [e for e in table.events if isinstance(e, ChipAction | TableTap)]
    assert [(type(e).__name__, e.seat) for e in acted] == [("TableTap", 2)]


def test_chips_uncovered_as_the_hand_gets_back_to_the_stack_before_the_push_is_confirmed_are_one_push(
    geometry: TableGeometry,
) -> None:
    """Seed + 26000 non_value_item: seat 8 called with three chips in one motion. One showed as the hand
    let go; the hand hid the other two and uncovered them as it got back to its stack. The tracker
    confirmed the first only then, so the hand's return "came" after the first push, and the other two
    were a second motion after a trip back to the stack: a false string bet."""
    g = geometry
    table = Table(g)
    cards = dealt(g)
    x, y = g.by_name["seat2_bet"].centre

    def chip(track: int, dx: float, label: str, value: int) -> SeenObject:
        return SeenObject(
            track, "chip", (x + dx - 8, y - 8, x + dx + 8, y + 8), "seat2_bet", 2, label=label, value=value
        )

    stack, over_the_bet = thing(g, 9, "hand", "seat2_stack"), thing(g, 9, "hand", "seat2_bet")
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, stack)
    table.show(0.3, *cards, over_the_bet)
    table.show(0.1, *cards, chip(-1, -30, "black", 100), over_the_bet)  # let go; not confirmed yet
    table.show(0.2, *cards, over_the_bet)  # the hand over all three
    table.show(0.1, *cards, chip(-1, -30, "black", 100), chip(-1, 0, "purple", 500), stack)
    table.show(0.3, *cards, chip(50, -30, "black", 100), chip(-1, 0, "purple", 500), stack)
    table.show(0.3, *cards, chip(50, -30, "black", 100), chip(51, 0, "purple", 500), rail_hand(g, 9, 2))
    table.show(1.0, *cards, chip(50, -30, "black", 100), chip(51, 0, "purple", 500))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.pushes, action.returned_to_stack) == (((500, 100),), False)
