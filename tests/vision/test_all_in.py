"""Uncounted chips and the seat's stack zone: an overhead camera sees only a stack's top chip, so
whether a push was all the seat had shows in the stack zone, left empty (``ChipAction.all_in``) or
still holding chips (``ChipAction.stack_left``). Hand-made scene sequences over the demo table's zones,
10 scenes a second."""

from __future__ import annotations

import pytest

from tests.vision.scenes import Table, dealt, demo_geometry, thing
from vision.actions import ALL_IN_EMPTY_S, BET_MEMORY_S
from vision.events import ChipAction
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def seat_with_a_stack(
    g: TableGeometry, tracked: bool = True
) -> tuple[Table, list[SeenObject], list[SeenObject]]:
    """Seat 1 to act, uncounted chips (an overhead camera), its cards and two stacks in its stack zone,
    shown for a second: the table, the cards, the stacks (untracked boxes if not ``tracked``)."""
    table = Table(g, turn=1, stacks_counted=False)
    cards = dealt(g)
    stack = [thing(g, 80 + i if tracked else -1, "chip", "seat1_stack", value=0) for i in range(2)]
    table.show(1.0, *cards, *stack)
    return table, cards, stack


def push(table: Table, cards: list[SeenObject]) -> SeenObject:
    """Seat 1's hand over its bet zone for 0.3 s, a chip of unknown value landing there: that chip."""
    pushed = thing(table.geo, 60, "chip", "seat1_bet", label="unknown", value=0)
    table.show(0.3, *cards, thing(table.geo, 7, "hand", "seat1_bet"), pushed)
    return pushed


def the_chip_action(table: Table) -> ChipAction:
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    return action


def test_uncounted_chips_that_leave_the_seats_stack_zone_empty_are_all_in(geometry: TableGeometry) -> None:
    """From overhead a push is one stack of unknown height; a stack zone left with no chips says the
    seat put in all it had. A push that leaves chips behind says the seat kept some (``stack_left``:
    top chips that read as all it had are misread), whatever the amount."""
    g = geometry
    # a stack the detector sees now and then, never tracked, says nothing when it is not seen
    for left_behind, tracked, all_in in (
        (0, True, True),
        (1, True, False),
        (0, False, False),
        (1, False, False),
    ):
        table, cards, stack = seat_with_a_stack(g, tracked)
        table.show(0.3, *cards, *stack, thing(g, 7, "hand", "seat1_stack"))
        pushed = push(table, cards)
        table.show(1.0, *cards, pushed, *stack[:left_behind])
        action = the_chip_action(table)
        assert not action.counted and action.all_in is all_in, (left_behind, tracked)
        # (a stack never tracked, seen now, is no stack the seat kept: a chip box seen once says little)
        assert action.stack_left is bool(left_behind and tracked), (left_behind, tracked)


def test_a_stack_taken_by_a_hand_the_detector_missed_still_counts_as_the_stack_before(
    geometry: TableGeometry,
) -> None:
    """Seed + 42000 all_in_not_tabled: the detector missed seat 6's hand over its stack, and the stack
    was gone 0.2 s before the hand was first seen, over the seat's cards. The stack seen that recently
    (``BET_MEMORY_S``) was the seat's stack as the visit began: the zone left empty is an all-in. A
    zone empty for longer before the visit says nothing (a stack never seen is no stack emptied)."""
    g = geometry
    for gone_for, all_in in ((0.2, True), (BET_MEMORY_S + 0.3, False)):
        table, cards, _ = seat_with_a_stack(g)
        table.show(gone_for, *cards)  # the stack leaves under a hand nobody boxed
        table.show(0.1, *cards, thing(g, 7, "hand", "seat1_cards"))  # first seen over the cards
        table.show(1.0, *cards, push(table, cards))
        action = the_chip_action(table)
        assert not action.counted and action.all_in is all_in, gone_for


def test_a_stack_missed_for_a_moment_as_the_hand_leaves_is_no_all_in(geometry: TableGeometry) -> None:
    """Seed + 10000 clean_protector_and_peek: one detector call as the hand left found no chip in the
    seat's stack zone, the next found three. The zone must stay empty ``ALL_IN_EMPTY_S`` for an all-in;
    the chip action waits that long at most, and keeps its own time."""
    g = geometry
    for empty_for, all_in in ((0.1, False), (ALL_IN_EMPTY_S + 0.1, True)):
        table, cards, stack = seat_with_a_stack(g)
        table.show(0.3, *cards, *stack, thing(g, 7, "hand", "seat1_stack"))
        pushed = push(table, cards)
        left = table.t
        table.show(empty_for, *cards, pushed)
        table.show(1.0, *cards, pushed, *stack)
        action = the_chip_action(table)
        assert action.all_in is all_in and action.t <= left + 0.1, empty_for
        assert action.stack_left is not all_in, empty_for  # the chips that showed again are kept
