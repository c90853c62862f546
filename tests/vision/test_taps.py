"""When a tap (a check) is reported: as the hand draws back from in front of its cards, not once it has
gone. A hand that taps rests in front of the cards, then comes back over them and leaves; reported at
the draw-back, the check reaches the floor sooner (seed + 2000 clean_heads_up_check_down: 4 of its 7
checks 0.40 s after the tap, against 0.77-0.80 s when the visit's end reported them; the river check
raises the showdown order). Chips a hand lets go show as it lifts off them, so a visit with something
new in the bet zone is no tap yet, nor one whose hand takes the cards along."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, dealt, demo_geometry, hand_at_reach, rail_hand, thing
from vision.events import ChipAction, TableTap
from vision.table import SeenObject, TableGeometry

TAP = (0.5, 0.78, 0.8, 0.78)  # one detector call each: the hand comes forward and rests in front


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def _tapping(g: TableGeometry, stacks_counted: bool = True) -> tuple[Table, list[SeenObject]]:
    """Seat 2, to act, has brought its hand in front of its cards and rests it there."""
    table = Table(g, turn=2, stacks_counted=stacks_counted)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    for reach in TAP:
        table.show(0.1, *cards, hand_at_reach(g, 2, reach, "seat2_cards"))
    return table, cards


def _kinds(table: Table) -> list[str]:
    return [type(e).__name__ for e in table.events if isinstance(e, TableTap | ChipAction)]


def test_a_tap_is_reported_as_the_hand_draws_back_over_the_cards(geometry: TableGeometry) -> None:
    g = geometry
    table, cards = _tapping(g)
    assert _kinds(table) == []  # resting in front: it may yet let chips go
    table.show(0.1, *cards, hand_at_reach(g, 2, 0.6, "seat2_cards"))
    assert _kinds(table) == []  # still in front of the cards
    drawn_back_at = table.t
    table.show(0.1, *cards, hand_at_reach(g, 2, 0.41, "seat2_cards"))
    [tap] = [e for e in table.events if isinstance(e, TableTap)]
    assert tap.seat == 2 and tap.t < drawn_back_at
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(1.0, *cards)
    assert _kinds(table) == ["TableTap"]  # once: the visit's end does not report it again


def test_a_tap_drawing_back_over_a_card_it_hides_is_reported_at_the_draw_back(
    geometry: TableGeometry,
) -> None:
    """A card under the hand is no card taken (unlike one gone once the hand has: the card-short test
    below): the count of the seat's cards drops while the hand is over them, and the tap is still
    reported at the draw-back, not once the hand has gone (checks 0.4 s later raised the showdown order
    0.4 s later on eight renders)."""
    g = geometry
    table, cards = _tapping(g)
    hidden = [c for c in cards if c.track != 103]
    table.show(0.4, *hidden, hand_at_reach(g, 2, 0.7, "seat2_cards"))
    assert _kinds(table) == []
    table.show(0.1, *hidden, hand_at_reach(g, 2, 0.41, "seat2_cards"))
    assert _kinds(table) == ["TableTap"]


def test_a_hand_drawing_back_with_its_cards_did_not_tap(geometry: TableGeometry) -> None:
    """A fold: the hand rested on its cards to pick them up and draws back with them (they move)."""
    g = geometry
    table, cards = _tapping(g)
    taken = [
        replace(c, box=(c.box[0] - 15, c.box[1], c.box[2] - 15, c.box[3])) if c.seat == 2 else c
        for c in cards
    ]
    table.show(0.1, *taken, hand_at_reach(g, 2, 0.41, "seat2_cards"))
    assert _kinds(table) == []


def test_a_protector_showing_in_the_bet_zone_as_the_hand_draws_back_is_no_tap_yet(
    geometry: TableGeometry,
) -> None:
    """A protector pushed out as a bet shows as the hand lifts off it, before the tracker confirms it
    and the visit counts it as pushed (seed + 22000 non_value_item was lost to a "check" without this)."""
    g = geometry
    table, cards = _tapping(g, stacks_counted=False)
    protector = thing(g, -1, "card_protector", "seat2_bet")  # not yet confirmed by the tracker
    table.show(0.1, *cards, protector, hand_at_reach(g, 2, 0.41, "seat2_cards"))
    assert _kinds(table) == []


def test_chips_showing_as_the_hand_draws_back_are_a_bet_not_a_tap(geometry: TableGeometry) -> None:
    g = geometry
    table, cards = _tapping(g, stacks_counted=False)
    showing = thing(g, -1, "chip", "seat2_bet", label="unknown", value=0)  # not yet confirmed
    table.show(0.1, *cards, showing, hand_at_reach(g, 2, 0.41, "seat2_cards"))
    assert _kinds(table) == []
    chip = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    table.show(0.2, *cards, chip, rail_hand(g, 7, 2))
    table.show(1.0, *cards, chip)
    assert _kinds(table) == ["ChipAction"]


def test_chips_that_show_after_the_draw_back_still_count(geometry: TableGeometry) -> None:
    """Found a detector call after the tap went out, the chips are the visit's as well: an uncounted chip
    action after the tap, which the rules engine takes as correcting the check (``rules.rereading.amend``)."""
    g = geometry
    table, cards = _tapping(g, stacks_counted=False)
    table.show(0.1, *cards, hand_at_reach(g, 2, 0.41, "seat2_cards"))
    assert _kinds(table) == ["TableTap"]
    chip = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    table.show(0.2, *cards, chip, rail_hand(g, 7, 2))
    table.show(1.0, *cards, chip)
    [_, action] = [e for e in table.events if isinstance(e, TableTap | ChipAction)]
    assert isinstance(action, ChipAction) and action.seat == 2 and not action.counted


def test_a_second_box_by_the_stack_does_not_hide_the_hand_tapping_in_front(geometry: TableGeometry) -> None:
    """Seed + 25000 rabbit_hunt (and 9 more renders of that set): as seat 2's hand rested in front of
    its cards to check, its wrist was boxed as a hand too, by the stack. The visit followed whichever
    box came last, the wrist: the hand seemed never to rest in front, the check was missed, and every
    later action read as out of turn. Of a seat's hand boxes, the one furthest out is the hand at work."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    wrist = hand_at_reach(g, 2, 0.05, "seat2_stack", track=8)
    for reach in (*TAP, 0.6, 0.41):
        table.show(0.1, *cards, hand_at_reach(g, 2, reach, "seat2_cards"), wrist)
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(1.0, *cards)
    assert _kinds(table) == ["TableTap"]


def test_a_hand_that_leaves_the_seat_a_card_short_did_not_tap(geometry: TableGeometry) -> None:
    """Seed + 29000 dealer_exposed_card: the dealer reached from the middle of the table over seat 4's
    bet zone, took the card it had exposed in the deal and went back; the owners gave the hand to seat 4,
    to act, and its rest in front of the cards was taken for a check (a false invalid declaration when
    the seat then folded). A hand that leaves the seat fewer cards than it found did not tap."""
    g = geometry
    table, cards = _tapping(g)
    one_taken = [c for c in cards if c.track != 103]  # one of seat 2's two
    table.show(0.2, *one_taken, hand_at_reach(g, 2, 0.8, "seat2_cards"))
    table.show(1.5, *one_taken)  # the hand went back the way it came, unseen
    assert _kinds(table) == []


@pytest.mark.parametrize("after_the_tap", ["gathered", "a chip more"])
def test_the_bet_moving_off_its_place_just_after_a_tap_is_no_late_chip(
    geometry: TableGeometry, after_the_tap: str
) -> None:
    """Seed + 30000 clean_heads_up_check_down: 0.9 s after the big blind's check, the dealer's hand
    (unboxed) gathered its chip; blurred on its way, the chip was boxed in a new place in the bet zone and
    taken for a late chip of the check, a bet that set off two premature boards and three invalid
    declarations. A chip elsewhere while what lay there is gone from its place is that one moving; one
    more beside it is a late chip."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    blind = thing(g, 60, "chip", "seat2_bet", label="black", value=100)
    x0, y0, x1, y1 = blind.box
    elsewhere = replace(blind, track=-1, box=(x0 - 25, y0 + 20, x1 - 20, y1 + 25), label="unknown", value=0)
    table.show(1.0, *cards, blind)
    table.reach(2, "seat2_bet", *cards, blind)
    table.show(0.3, *cards, blind)
    if after_the_tap == "gathered":
        table.show(0.3, *cards, elsewhere)
        table.show(1.0, *cards)
    else:
        table.show(0.3, *cards, blind, elsewhere)
        table.show(1.0, *cards, blind, elsewhere)
    assert _kinds(table) == ["TableTap", *(["ChipAction"] if after_the_tap == "a chip more" else [])]


def test_a_card_lost_by_the_detector_as_the_hand_leaves_a_tap_was_not_taken(geometry: TableGeometry) -> None:
    """invalid_declaration-s37000: seat 4's second card, lying half under its first and boxed at 0.3-0.4,
    was hidden by the tapping hand, showed as the hand drew back, and was missed by the detector from the
    moment the hand left. The visit's end read "left the seat a card fewer" (a hand taking a card) and
    dropped the tap; the turn went unchecked and the river was a premature board. The seat showed all
    its cards once the hand had drawn back: it took none, and the tap stands."""
    g = geometry
    table, cards = _tapping(g)
    hidden = [c for c in cards if c.track != 103]
    table.show(0.3, *hidden, hand_at_reach(g, 2, 0.7, "seat2_cards"))
    table.show(0.1, *cards, hand_at_reach(g, 2, 0.41, "seat2_cards"))  # drawn back: both show
    table.show(0.2, *hidden, rail_hand(g, 7, 2))  # the second card lost by the detector from here on
    table.show(1.0, *hidden)
    assert _kinds(table) == ["TableTap"]


def test_the_dealers_hand_over_the_cards_before_taking_one_did_not_tap(geometry: TableGeometry) -> None:
    """As seed + 29000 dealer_exposed_card, the dealer's hand reaching from the middle, given to the seat
    to act: over the seat's cards, still showing both, it is as far back as a tapping hand drawing back,
    but it came from the middle, not from behind the cards. It is no tap drawing back, and the seat
    showing both cards then does not make the card it takes a card lost by the detector
    (``test_a_card_lost_by_the_detector_as_the_hand_leaves_a_tap_was_not_taken``)."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    one_taken = [c for c in cards if c.track != 103]
    for reach in (1.3, 1.0, 0.8, 0.7):
        table.show(0.1, *cards, hand_at_reach(g, 2, reach, "seat2_bet" if reach >= 0.8 else "seat2_cards"))
    table.show(0.2, *cards, hand_at_reach(g, 2, 0.4, "seat2_cards"))
    table.show(0.1, *one_taken, hand_at_reach(g, 2, 0.4, "seat2_cards"))
    table.show(0.1, *one_taken, hand_at_reach(g, 2, 1.0, "seat2_bet"))
    table.show(1.5, *one_taken)
    assert _kinds(table) == []
