"""What a seat's hand pushes into its bet zone (``vision.pushes`` through ``vision.actions``): motions,
returns to the stack, chips hidden under the hand or seen late, the earlier bet, and chips the camera
cannot count (an unread colour; from a camera, any stack, which shows only its top chip).
"""

from __future__ import annotations

from dataclasses import replace

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


@pytest.mark.parametrize(
    ("forward_again", "first_value", "pushes", "returned"),
    [
        (True, 200, ((100, 100), (500,)), True),
        (False, 200, ((500, 100, 100),), False),
        (True, 0, ((), (500,)), True),
    ],
    ids=[
        "back-to-the-stack-and-forward-again-is-a-second-motion",
        "chips-hidden-under-the-hand-are-the-same-push",
        "a-first-push-of-unread-chips-is-still-a-motion",
    ],
)
def test_chips_seen_after_a_trip_back_to_the_stack(
    geometry: TableGeometry,
    forward_again: bool,
    first_value: int,
    pushes: tuple[tuple[int, ...], ...],
    returned: bool,
) -> None:
    """Chips that first show once the hand is back at the stack are a second motion only if the hand
    came forward again; otherwise it had hidden them as it let go. A first push whose colour does not
    read is still a motion (an empty push), so what comes after the trip back is a second one (seed +
    17000 string_bet_return_to_stack: the first push's 100s unread, the string bet missed)."""
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    stack = thing(g, 9, "hand", "seat2_stack")
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    first = thing(g, 50, "chip", "seat2_bet", label="black" if first_value else "unknown", value=first_value)
    second = thing(g, 51, "chip", "seat2_bet", label="purple", value=500)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, stack)
    table.show(0.3, *cards, over_the_bet)
    table.show(0.3, *cards, first, over_the_bet)  # let go (of everything, or of one chip only)
    table.show(0.3, *cards, first, stack)  # back at the stack
    table.show(0.3, *cards, first, over_the_bet if forward_again else stack)
    table.show(0.3, *cards, first, second, stack)  # the other chip shows
    table.show(1.0, *cards, first, second)  # the hand is gone
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.seat == 2
    assert action.pushes == pushes
    assert action.returned_to_stack is returned
    assert action.counted is bool(first_value)


def test_a_second_release_is_timed_from_when_its_chip_first_showed(geometry: TableGeometry) -> None:
    """The tracker confirms a chip a detector call or two after it shows; two releases 0.3 s apart
    stay two motions even when the first chip's track came late and the second's early."""
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    hand = thing(g, 9, "hand", "seat2_bet")
    first = thing(g, 50, "chip", "seat2_bet", label="purple", value=500)
    untracked_first = thing(g, -1, "chip", "seat2_bet", label="purple", value=500)
    second_box = thing(g, 51, "chip", "seat2_bet", label="purple", value=500).box
    x0, y0, x1, y1 = second_box
    second = SeenObject(51, "chip", (x0 + 12, y0, x1 + 12, y1), "seat2_bet", 2, label="purple", value=500)
    untracked_second = SeenObject(-1, "chip", second.box, "seat2_bet", 2, label="purple", value=500)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, hand)
    table.show(0.2, *cards, hand, untracked_first)  # shows; confirmed two calls later
    table.show(0.1, *cards, hand, first)
    table.show(0.1, *cards, hand, first, untracked_second)  # 0.3 s after the first showed
    table.show(1.0, *cards, first, second)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((500,), (500,))
    assert not action.returned_to_stack


def test_a_chip_seen_beside_the_hand_that_moves_on_with_it_is_a_second_release(
    geometry: TableGeometry,
) -> None:
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    let_go = thing(g, 50, "chip", "seat2_bet", label="purple", value=500)
    x0, y0, x1, y1 = let_go.box

    def held(dx: float, hand_too: bool = True) -> list[SeenObject]:
        chip = SeenObject(
            51, "chip", (x0 + dx, y0 - 8, x1 + dx, y1 - 8), "seat2_bet", 2, label="purple", value=500
        )
        hand = SeenObject(9, "hand", (x0 + dx - 15, y0 - 30, x1 + dx + 15, y1), "seat2_bet", 2)
        return [chip, hand] if hand_too else [chip]

    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, held(0)[1])  # the hand comes out over the bet with both chips
    table.show(0.3, *cards, let_go, *held(0))  # one let go, the other still in the hand beside it
    for dx in (3, 6, 9, 12):  # the hand moves on with it...
        table.show(0.1, *cards, let_go, *held(dx))
    table.show(0.3, *cards, let_go, *held(14))  # ...and lets go of it there
    table.show(1.0, *cards, let_go, *held(14, hand_too=False))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((500,), (500,))
    assert not action.returned_to_stack


def _on_axis(g: TableGeometry, track: int, cls: str, out: float, across: float, size: float) -> SeenObject:
    """An object ``out`` of the way from seat 2's stack middle to its bet middle, ``across`` px to the
    side of that line, in a ``size`` px box."""
    axis = g.seat_axis(2)
    assert axis is not None
    (sx, sy), (bx, by) = axis
    length = ((bx - sx) ** 2 + (by - sy) ** 2) ** 0.5
    x = sx + (bx - sx) * out - (by - sy) / length * across
    y = sy + (by - sy) * out + (bx - sx) / length * across
    half = size / 2
    label, value = ("yellow", 1000) if cls == "chip" else ("", 0)
    return SeenObject(
        track, cls, (x - half, y - half, x + half, y + half), g.place_of(x, y), 2, label=label, value=value
    )


OUT_OVER_THE_BET = ((1.0, 8, 0.3),)  # the hand's way in: (how far out, across, for how long)
COMING_IN = ((0.3, -12, 0.1), (0.5, -12, 0.1))


@pytest.mark.parametrize(
    ("way_in", "at_first", "between", "pushes"),
    [
        (OUT_OVER_THE_BET, 1.0, 1.0, ((1000,), (1000,))),
        (OUT_OVER_THE_BET, 1.0, 0.6, ((1000, 1000),)),
        (COMING_IN, 0.7, 0.9, ((1000, 1000),)),
    ],
    ids=["hand-stays-out-two-motions", "hand-draws-back-one-push", "hand-still-coming-in-one-push"],
)
def test_two_stacks_uncovered_side_by_side_a_call_apart(
    geometry: TableGeometry,
    way_in: tuple[tuple[float, float, float], ...],
    at_first: float,
    between: float,
    pushes: tuple[tuple[int, ...], ...],
) -> None:
    """Seed + 21000 and seed + 2000 string_bet_multiple_motions: two 1,000s let go side by side across
    the seat's axis, the first uncovered while the hand stayed out over the bet zone, the second 0.2 s
    later as the hand drew back; the tracker confirmed both at once. The hand let one go and moved on:
    two motions. Had the hand drawn back between the two sightings, uncovering one stack and then the
    other, they were one push. Seed + 32000 all_in_not_tabled: an all-in pushed in as a pile, its 25s
    showing at the edge of the hand while it was still coming further out, the 1,000s beside them 0.2 s
    later as it drew back, was a false string bet: stacks that show as the hand comes in were still
    being carried in with the rest, one push."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    first, second = (_on_axis(g, -1, "chip", 1.0, a, 16) for a in (9, -9))
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    for out, across, seconds in way_in:  # with both chips under the hand
        table.show(seconds, *cards, _on_axis(g, 9, "hand", out, across, 40))
    table.show(0.1, *cards, _on_axis(g, 9, "hand", at_first, -12, 40), first)  # the first uncovered
    table.show(0.1, *cards, _on_axis(g, 9, "hand", between, -12, 40), first)
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.3, -12, 40), first, second)  # the second uncovered
    tracked = [
        SeenObject(50 + i, "chip", o.box, o.place, 2, label="yellow", value=1000)
        for i, o in enumerate((first, second))
    ]
    table.show(1.0, *cards, *tracked)  # both confirmed in one call; the hand is gone
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == pushes
    assert not action.returned_to_stack


def test_a_stack_uncovered_between_two_of_the_push_lay_in_their_row(geometry: TableGeometry) -> None:
    """Seed + 31000 clean_exact_calls: a call laid as three stacks in a row across the seat's axis; the
    outer two showed as the hand let go, the middle one 0.2 s later as the hand drew back off it. One
    push, not a second motion beside the first (a false string bet)."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    left, middle, right = (_on_axis(g, -1, "chip", 1.0, a, 16) for a in (-18, 0, 18))
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, _on_axis(g, 9, "hand", 1.0, 0, 40))  # out over the bet with the chips
    table.show(0.2, *cards, _on_axis(g, 9, "hand", 1.0, 0, 24), left, right)  # the outer two uncovered
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.3, 0, 40), left, middle, right)  # drawn back
    tracked = [
        SeenObject(50 + i, "chip", o.box, o.place, 2, label="yellow", value=1000)
        for i, o in enumerate((left, middle, right))
    ]
    table.show(1.0, *cards, *tracked)  # the hand is gone
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((1000, 1000, 1000),)
    assert not action.returned_to_stack


def test_a_chip_boxed_as_a_card_for_one_call_as_the_hand_lets_go_is_still_pushed(
    geometry: TableGeometry,
) -> None:
    """Seed + 31000 demo_feature_table: seat 4's two 100s, let go under the hand, were boxed as a card
    for one detector call; a chip box where a card of the seat's lay is that card, so the push was
    lost, and with it the first motion of a string bet. A card lies where it lies for more than one
    call."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    chip = thing(g, 50, "chip", "seat2_bet", label="black", value=100)
    as_card = replace(chip, track=102, cls="card_down")  # one of seat 2's cards' tracks
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, thing(g, 9, "hand", "seat2_bet"))
    table.show(0.1, *cards, as_card, thing(g, 9, "hand", "seat2_cards"))  # one call
    table.show(0.3, *cards, chip, thing(g, 9, "hand", "seat2_stack"))
    table.show(1.0, *cards, chip)
    assert not [e for e in table.events if isinstance(e, TableTap)]  # (a tap, then a late chip)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.seat == 2
    assert action.pushes == ((100,),)


def test_two_stacks_uncovered_a_call_apart_the_second_unread_are_still_two_motions(
    geometry: TableGeometry,
) -> None:
    """Seed + 25000 string_bet_multiple_motions: as above, the hand staying out, but the second 1,000 was
    read as no value. Confirmed with the first in one call, its sighting gave the first push its landing
    time, and the second, landing "then" too, joined it: one push, the string bet missed."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    first, second = (_on_axis(g, -1, "chip", 1.0, a, 16) for a in (9, -9))
    second = replace(second, label="unknown", value=0)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, _on_axis(g, 9, "hand", 1.0, 8, 40))
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 1.0, -12, 40), first)
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 1.0, -12, 40), first)
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.3, -12, 40), first, second)
    tracked = [replace(o, track=50 + i) for i, o in enumerate((first, second))]
    table.show(1.0, *cards, *tracked)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((1000,), ())
    assert not action.counted


@pytest.mark.parametrize(
    ("hand_out_between", "pushes"),
    [(1.0, ((1000,), ())), (0.6, ((1000,),))],
    ids=["hand-stays-out-two-motions", "hand-draws-back-one-push"],
)
def test_a_chip_let_go_beside_the_first_and_confirmed_too_late_is_a_second_motion(
    geometry: TableGeometry, hand_out_between: float, pushes: tuple[tuple[int, ...], ...]
) -> None:
    """Seed + 24000 string_bet_multiple_motions: the second 1,000, let go beside the first while the
    hand stayed out, scored under the tracker's bar until the hand had gone; the visit ended with one
    push, and the string bet was missed. Seen in two calls or more, it was a motion more, its chips
    unread; had the hand drawn back between the two sightings, one push."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    first, second = (_on_axis(g, -1, "chip", 1.0, a, 16) for a in (9, -9))
    tracked = SeenObject(50, "chip", first.box, first.place, 2, label="yellow", value=1000)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, _on_axis(g, 9, "hand", 1.0, 8, 40))  # out over the bet with both chips
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 1.0, -12, 40), first)  # the first uncovered
    table.show(0.1, *cards, _on_axis(g, 9, "hand", hand_out_between, -12, 40), tracked)
    table.show(0.2, *cards, _on_axis(g, 9, "hand", 0.3, -12, 40), tracked, second)  # the second shows
    table.show(1.0, *cards, tracked, second)  # the hand is gone; the second is never confirmed
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == pushes
    assert not action.counted


@pytest.mark.parametrize(
    ("stacks_counted", "after", "pushes"),
    [(True, ("purple", 700), ((100, 100), (500,))), (False, ("unknown", 0), ((100,), ()))],
    ids=["whole-stack-value-grows", "top-chip-unread-after"],
)
def test_chips_put_against_a_stack_pushed_before_a_trip_to_the_stack_are_a_second_motion(
    geometry: TableGeometry, stacks_counted: bool, after: tuple[str, int], pushes: tuple[tuple[int, ...], ...]
) -> None:
    """Seed + 8000 string_bet_return_to_stack: 200 pushed, the hand back to the stack, then 500 put down
    against the first chips, which the detector then boxes as one bigger stack. The first push stays
    (the hand had let go of it) and the stack's growth is a second motion; when its top chip can no
    longer be read, a motion of unread chips (an empty push, not counted)."""
    table = Table(geometry, turn=2, stacks_counted=stacks_counted)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    stack = thing(g, 9, "hand", "seat2_stack")
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    first = thing(g, 50, "chip", "seat2_bet", label="black", value=200 if stacks_counted else 100)
    x0, y0, x1, y1 = first.box
    label, value = after
    grown = SeenObject(50, "chip", (x0 + 4, y0 - 20, x1 + 20, y1), "seat2_bet", 2, label=label, value=value)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, over_the_bet)
    table.show(0.3, *cards, first, over_the_bet)  # the first push lands
    table.show(0.3, *cards, first, stack)  # back at the stack
    table.show(0.3, *cards, first, over_the_bet)  # forward again with the 500
    table.show(0.3, *cards, grown, over_the_bet)  # put down against the first chips: one bigger box
    table.show(1.0, *cards, grown)  # the hand is gone
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == pushes
    assert action.returned_to_stack
    assert action.counted is stacks_counted


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
