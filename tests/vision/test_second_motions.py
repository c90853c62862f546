"""Second motions into a seat's bet zone (``vision.pushes`` through ``vision.actions``): chips let go,
a trip back to the stack and more chips, or the hand moving on to let go of a second stack; and the
pictures that look like a second motion and are one push (stacks uncovered as the hand draws back,
laid in a row, or shown as the hand still carries them in).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, dealt, demo_geometry, rail_hand, thing
from vision.events import ChipAction, TableTap
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


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


def _dealt_with_two_chips(g: TableGeometry) -> tuple[Table, list[SeenObject], tuple[SeenObject, SeenObject]]:
    """Seats 1 and 2 dealt in, seat 2 to act, its chips not counted; two 1,000s (untracked) that seat 2
    will let go side by side at the far end of its bet zone, 9 px either side of its axis."""
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    table.show(1.0, *cards)
    first, second = (_on_axis(g, -1, "chip", 1.0, a, 16) for a in (9, -9))
    return table, cards, (first, second)


OUT_OVER_THE_BET = ((1.0, 8, 0.3),)  # the hand's way in: (how far out, across, for how long)
COMING_IN = ((0.3, -12, 0.1), (0.5, -12, 0.1))
AT_REST = ((0.75, 8, 0.3),)


@pytest.mark.parametrize(
    ("way_in", "at_first", "between", "pushes"),
    [
        (OUT_OVER_THE_BET, 1.0, (1.0,), ((1000,), (1000,))),
        (OUT_OVER_THE_BET, 1.0, (0.6,), ((1000, 1000),)),
        (COMING_IN, 0.7, (0.9,), ((1000, 1000),)),
        (AT_REST, 0.75, (0.75, 0.9, 0.6), ((1000,), (1000,))),
        (AT_REST, 0.75, (0.75, 0.75, 0.6), ((1000, 1000),)),
    ],
    ids=[
        "hand-stays-out-two-motions",
        "hand-draws-back-one-push",
        "hand-still-coming-in-one-push",
        "hand-out-again-two-motions",
        "hand-at-rest-draws-back-one-push",
    ],
)
def test_two_stacks_uncovered_side_by_side_a_call_apart(
    geometry: TableGeometry,
    way_in: tuple[tuple[float, float, float], ...],
    at_first: float,
    between: tuple[float, ...],
    pushes: tuple[tuple[int, ...], ...],
) -> None:
    """Seed + 21000 and seed + 2000 string_bet_multiple_motions: two 1,000s let go side by side across
    the seat's axis, the first uncovered while the hand stayed out over the bet zone, the second 0.2 s
    later as the hand drew back; the tracker confirmed both at once. The hand let one go and moved on:
    two motions. Had the hand drawn back between the two sightings, uncovering one stack and then the
    other, they were one push. Seed + 32000 all_in_not_tabled: an all-in pushed in as a pile, its 25s
    showing at the edge of the hand while it was still coming further out, the 1,000s beside them 0.2 s
    later as it drew back, was a false string bet: stacks that show as the hand comes in were still
    being carried in with the rest, one push. Seed + 34000 string_bet_multiple_motions: the hand, at
    rest over the bet zone (reach 0.73), let one 1,000 go, came out again (0.88) a call later, then
    drew back, and the second showed beside the first only as it went: two forward motions. A hand
    that stayed at rest, then drew back, uncovered the rest of one push."""
    g = geometry
    table, cards, (first, second) = _dealt_with_two_chips(g)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    for out, across, seconds in way_in:  # with both chips under the hand
        table.show(seconds, *cards, _on_axis(g, 9, "hand", out, across, 40))
    table.show(0.1, *cards, _on_axis(g, 9, "hand", at_first, -12, 40), first)  # the first uncovered
    for out in between:  # the calls after the first showed
        table.show(0.1, *cards, _on_axis(g, 9, "hand", out, -12, 40), first)
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.3, -12, 40), first, second)  # the second uncovered
    tracked = [
        SeenObject(50 + i, "chip", o.box, o.place, 2, label="yellow", value=1000)
        for i, o in enumerate((first, second))
    ]
    table.show(1.0, *cards, *tracked)  # both confirmed in one call; the hand is gone
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == pushes
    assert not action.returned_to_stack


def test_a_chip_first_boxed_loosely_under_the_hand_that_came_out_a_little_again_is_a_second_motion(
    geometry: TableGeometry,
) -> None:
    """Seed + 49000 string_bet_multiple_motions: the hand, at rest over the bet zone (reach 0.73), let
    the first 1,000 go, boxed loosely (untracked) while the hand lay beside it; it came out a little
    (0.83), slid over and let the second go, and drew back. Both chips were boxed tightly only in the
    call after the hand left, the first within its loose box, and were taken for one push. A chip's
    tight box within the loose one seen before is that chip, first seen then; and a hand that came out
    again by 0.08 of the way (0.097 here) before the second showed made a second motion."""
    g = geometry
    table, cards, (first, second) = _dealt_with_two_chips(g)
    x0, y0, x1, y1 = first.box
    loose = replace(first, box=(x0 - 3, y0 - 2, x1 + 7, y1 + 9))  # the hand's edge boxed with it
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    for out, across, seconds in AT_REST:
        table.show(seconds, *cards, _on_axis(g, 9, "hand", out, across, 40))
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.73, -12, 40), loose)  # the first let go
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.825, -12, 40))  # out a little, over it again
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.6, -12, 40), loose)
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.2, -12, 40), first, second)
    tracked = [
        SeenObject(50 + i, "chip", o.box, o.place, 2, label="yellow", value=1000)
        for i, o in enumerate((first, second))
    ]
    table.show(1.0, *cards, *tracked)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((1000,), (1000,))


@pytest.mark.parametrize(
    ("slide", "pushes"),
    [
        ((9, 5, 0, -4, -9), ((1000,), (500,))),
        ((-9, -4, 0, 5, 9), ((500,), (1000,))),
        ((0, 0, 0, 0, 0), ((1000, 500),)),
        ((9, 9, 9, 9, 9), ((1000, 500),)),
    ],
    ids=["slid-on-two-motions", "slid-back-two-in-that-order", "rested-between-one-push", "rested-over-one"],
)
def test_two_stacks_first_seen_together_as_the_hand_left(
    geometry: TableGeometry, slide: tuple[float, ...], pushes: tuple[tuple[int, ...], ...]
) -> None:
    """string_bet_multiple_motions at seed + 47000, 50000 and 51000: the hand rested over the bet zone,
    slid across by 0.8 of the two 1,000s' spacing, still out, and drew back; both showed side by side
    in the one call as it left, and were taken for one push. It laid one where it rested and moved on
    to lay the other: two motions. A hand that held still where it laid them, over both or over one,
    drew straight back: one push. The first laid is the one the hand slid on from (a 1,000 here, 9 px to
    one side of the axis; a 500 to the other)."""
    g = geometry
    table, cards, (first, second) = _dealt_with_two_chips(g)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.5, slide[0], 40))  # coming in
    table.show(0.4, *cards, _on_axis(g, 9, "hand", 0.75, slide[0], 40))  # at rest: lets go
    for across in slide[1:]:
        table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.75, across, 40))
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.3, slide[-1], 40), first, second)  # both uncovered
    tracked = [
        SeenObject(50 + i, "chip", o.box, o.place, 2, label=label, value=value)
        for i, (o, label, value) in enumerate(((first, "yellow", 1000), (second, "purple", 500)))
    ]
    table.show(1.0, *cards, *tracked)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == pushes


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
    g = geometry
    table, cards, (first, second) = _dealt_with_two_chips(g)
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
    g = geometry
    table, cards, (first, second) = _dealt_with_two_chips(g)
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


def _push_then_come_back(table: Table, cards: list[SeenObject], first: SeenObject) -> None:
    """Seat 2's hand comes in and lets ``first`` go in its bet zone, goes back to its stack, and comes
    forward over the bet zone again (with more chips)."""
    g = table.geo
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, over_the_bet)
    table.show(0.3, *cards, first, over_the_bet)  # the first push lands
    table.show(0.3, *cards, first, thing(g, 9, "hand", "seat2_stack"))  # back at the stack
    table.show(0.3, *cards, first, over_the_bet)  # forward again with more


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
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    first = thing(g, 50, "chip", "seat2_bet", label="black", value=200 if stacks_counted else 100)
    x0, y0, x1, y1 = first.box
    label, value = after
    grown = SeenObject(50, "chip", (x0 + 4, y0 - 20, x1 + 20, y1), "seat2_bet", 2, label=label, value=value)
    _push_then_come_back(table, cards, first)
    table.show(0.3, *cards, grown, over_the_bet)  # put down against the first chips: one bigger box
    table.show(1.0, *cards, grown)  # the hand is gone
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == pushes
    assert action.returned_to_stack
    assert action.counted is stacks_counted


@pytest.mark.parametrize("hand_leaves", ["over-the-rail", "unseen-as-it-went", "after-resting"])
def test_chips_put_against_the_first_push_as_the_hand_leaves_are_a_second_motion(
    geometry: TableGeometry, hand_leaves: str
) -> None:
    """String_bet_return_to_stack-s43000: 200 pushed, the hand back to the stack, then 500 put half
    over the first push as the hand left. The tracker gave the 500 the first push's id; its box moved
    a little in the hand's last detector call and far in the next, with no hand seen. A stack the hand
    had let go moves only by chips put on it, seen with the hand or not, and one still moving as the
    visit ends (the hand seen back over the rail) lands where it was last seen."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    first = thing(g, 50, "chip", "seat2_bet", label="black", value=100)
    x0, y0, x1, y1 = first.box

    def moved(sides: float) -> SeenObject:
        up = sides * (y1 - y0)
        return replace(first, box=(x0, y0 - up, x1, y1 - up), label="purple", value=500)

    _push_then_come_back(table, cards, first)
    if hand_leaves == "over-the-rail":
        table.show(0.1, *cards, moved(0.4), over_the_bet)  # put down half over the first chips
        table.show(1.0, *cards, moved(0.9), rail_hand(g, 9, 2))  # moved once more as the hand left
    elif hand_leaves == "unseen-as-it-went":
        table.show(0.1, *cards, moved(0.2), over_the_bet)
        table.show(1.0, *cards, moved(0.9))
    else:
        table.show(0.1, *cards, moved(0.4), over_the_bet)
        table.show(0.1, *cards, moved(0.9), over_the_bet)
        table.show(1.0, *cards, moved(0.9))  # lies still after the hand: landed as before
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((100,), (500,))
    assert action.returned_to_stack
    assert not action.counted


@pytest.mark.parametrize("loose_box", [False, True], ids=["one-box", "a-second-looser-box-as-confirmed"])
def test_a_first_chip_hidden_again_is_timed_from_when_it_first_showed(
    geometry: TableGeometry, loose_box: bool
) -> None:
    """Seed + 44000 string_bet_multiple_motions: the first 1,000 showed beside the hand, which came out
    further over it to let go of the second; its track was confirmed 0.2 s later, as the hand drew
    back, the detector boxing it twice then (its own box and a looser one, the first's old box lying
    more over the looser one than over the track's), and the second 1,000 showed 0.1 s after that, the
    hand not boxed as it went. The first chip landed when it first showed, whichever box it was seen in
    since: two motions."""
    g = geometry
    table, cards, (first, second) = _dealt_with_two_chips(g)
    x0, y0, x1, y1 = first.box
    tracked_first = replace(first, track=50, box=(x0 + 4, y0, x1 + 4, y1))
    looser = replace(first, box=(x0 - 2, y0 + 2, x1 - 2, y1 + 4))
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, _on_axis(g, 9, "hand", 0.75, -12, 40))  # at rest over the bet zone
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.75, -12, 40), first)  # the first shows
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.9, -12, 40))  # out again over it
    drawing_back = [tracked_first, looser] if loose_box else [tracked_first]
    table.show(0.1, *cards, _on_axis(g, 9, "hand", 0.5, -12, 40), *drawing_back)  # confirmed
    table.show(0.1, *cards, tracked_first, second)  # the hand not boxed as it goes
    table.show(1.0, *cards, tracked_first, replace(second, track=51))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((1000,), (1000,))
    assert not action.returned_to_stack


@pytest.mark.parametrize(
    ("lost_at", "gone_s", "continues"),
    [
        ("seat2_stack", 0.4, True),
        ("seat2_cards", 0.4, True),
        ("seat2_bet", 0.4, False),
        ("seat2_stack", 1.5, False),
    ],
    ids=[
        "lost-at-its-stack-and-back-is-the-same-action",
        "lost-over-its-cards-and-back-is-the-same-action",
        "lost-over-the-bet-zone-is-no-trip-back",
        "back-after-a-while-is-another-action",
    ],
)
def test_a_hand_lost_between_two_pushes_continues_the_action(
    geometry: TableGeometry, lost_at: str, gone_s: float, continues: bool
) -> None:
    """A string bet whose hand is lost from view at the stack between its two pushes makes two visits
    (demo_feature_table-s46000: lost for 0.4 s): the second visit's chip action
    says it continues the first, so the rules engine can judge the two as one. A hand last seen over
    the bet zone made no trip back, and one gone longer than ``CONTINUE_S`` came back to act anew."""
    table = Table(geometry, stacks_counted=False)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    stack = thing(g, 9, "hand", "seat2_stack")
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    lost = thing(g, 9, "hand", lost_at)
    first = thing(g, 50, "chip", "seat2_bet", label="black", value=100)
    second = replace(thing(g, 51, "chip", "seat2_bet", label="purple", value=500), track=51)
    second = replace(second, box=(second.box[0] + 20, second.box[1], second.box[2] + 20, second.box[3]))
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, stack)
    table.show(0.3, *cards, over_the_bet)
    table.show(0.3, *cards, first, over_the_bet)  # let go
    table.show(0.3, *cards, first, lost)  # drawn back, then lost from view
    table.show(gone_s, *cards, first)
    table.show(0.3, *cards, first, stack)  # back, with more chips
    table.show(0.3, *cards, first, over_the_bet)
    table.show(0.3, *cards, first, second, over_the_bet)
    table.show(1.0, *cards, first, second)  # gone
    actions = [e for e in table.events if isinstance(e, ChipAction)]
    assert [a.pushes for a in actions] == [((100,),), ((500,),)]
    assert [a.continues for a in actions] == [False, continues]
