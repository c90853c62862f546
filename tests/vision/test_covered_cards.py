"""Cards counted hidden under another during the deal (``vision.pitches.PitchWatch.covered``) and a card
showing at the seat soon after: is it the hidden card come into view, or a new one? On hand-made scene
sequences over the demo table's zones, four-card (PLO) hands, seat 1 dealt first, the button's seat 9
last. The simpler cases (a card pitched on top, one seen again later) are in ``test_deal``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, between, demo_geometry, thing
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def second_card_hidden(
    g: TableGeometry, hidden: bool = True
) -> tuple[Table, SeenObject, list[SeenObject], list[SeenObject]]:
    """A PLO deal: each seat's first card, then seat 1's second, which comes down squarely on its first
    (counted hidden), or beside it (``hidden`` False). The table, the button, and the cards of seats 1
    and 9 (three each, in the order they will show)."""
    table = Table(g)
    table.analyzer.hole_cards = 4
    button = thing(g, 900, "dealer_button", "seat9_bet")
    s1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(3)]
    s9 = [thing(g, 110 + k, "card_down", "seat9_cards") for k in range(3)]
    table.show(0.5, button, s1[0])
    table.show(0.5, button, s1[0], s9[0])
    pitch(table, 1, 120, button, s1[0], s9[0])
    table.show(0.8, button, *(s1[:1] if hidden else s1[:2]), s9[0])
    return table, button, s1, s9


def pitch(table: Table, seat: int, track: int, *lying: SeenObject) -> None:
    """A card flying from the deck to the seat's cards, seen twice on its way."""
    for share in (0.5, 0.8):
        table.show(0.1, *lying, between(table.geo, track, "card_down", "dealer", f"seat{seat}_cards", share))


def test_a_card_showing_as_a_pitch_to_the_seat_comes_down_is_that_card_not_the_hidden_one(
    geometry: TableGeometry,
) -> None:
    """Seed + 30000 clean_plo_pot_bet: seat 4's second card came down squarely on its first (counted
    hidden). Its third showed as one more box as it came down, was then lost under the others for a
    while, and showed again. The box that showed with the third card's flight just ended is that card,
    not the hidden second come into view: the seat holds three, not two (it held three of four at the
    end of the deal, a false misdeal)."""
    table, button, s1, s9 = second_card_hidden(geometry)
    table.show(0.5, button, s1[0], *s9[:2])
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}
    pitch(table, 1, 121, button, s1[0], *s9[:2])
    table.show(0.1, button, *s1[:2], *s9[:2])  # the third shows as it comes down...
    table.show(0.7, button, s1[0], *s9[:2])  # ...and is lost under the others for a while
    table.show(0.5, button, *s1[:2], *s9)
    table.show(1.0, button, *s1[:2], *s9)
    assert table.cards_dealt_to(1, 9) == {1: 3, 9: 3}


def test_a_hidden_card_coming_into_view_is_no_card_lost_in_flight(geometry: TableGeometry) -> None:
    """Seed + 30000 clean_plo_pot_bet: the button's card came down squarely on its first as seat 4's
    hidden card came into view. A card more at another seat is where a card lost in flight landed
    (``test_deal.test_a_card_lost_in_flight_lands_where_a_card_appears``), but not a card counted hidden
    there already: the button's card was hidden under its first, and the button held three of four."""
    table, button, s1, s9 = second_card_hidden(geometry)
    s1, s9 = s1[:2], s9[:2]
    pitch(table, 9, 121, button, s1[0], s9[0])
    x0, y0, x1, y1 = s9[0].box
    nudged = replace(s9[0], box=(x0 + 5, y0 + 3, x1 + 5, y1 + 3))
    table.show(0.2, button, s1[0], nudged)  # the button's second card lies squarely on its first...
    table.show(1.0, button, *s1, nudged)  # ...as seat 1's hidden card comes into view, before it settled
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}
    table.show(1.0, button, *s1, nudged, s9[1])  # and the button's shows too: still two each
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}


def test_a_card_shown_again_after_a_moment_unseen_is_no_card_lost_in_flight(geometry: TableGeometry) -> None:
    """Seed + 33000 clean_plo_pot_bet: seat 1's card, lost under the others for 0.3 s, showed again as
    the button's card came down squarely on its first. A card the seat showed just before is no card
    more there: the button's card was hidden under its first, and the button holds two."""
    table, button, s1, s9 = second_card_hidden(geometry, hidden=False)
    s1, s9 = s1[:2], s9[:2]
    table.show(0.2, button, s1[0], s9[0])  # seat 1's second card lost for a moment...
    pitch(table, 9, 121, button, s1[0], s9[0])
    x0, y0, x1, y1 = s9[0].box
    nudged = replace(s9[0], box=(x0 + 5, y0 + 3, x1 + 5, y1 + 3))
    table.show(0.1, button, s1[0], nudged)  # the button's second card lies squarely on its first
    table.show(1.0, button, *s1, nudged)  # ...and seat 1's shows again
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}


@pytest.mark.parametrize(("more_at_1", "held_at_9"), [(1, 2), (2, 1)], ids=["its-own", "and-one-more"])
def test_a_card_showing_late_after_its_own_landing_is_no_card_lost_from_the_next_flight(
    geometry: TableGeometry, more_at_1: int, held_at_9: int
) -> None:
    """Seed + 33000 pot_limit_overbet: seat 1's card came down and showed only 0.3 s later, just after
    the next card, seen flying to its seat, came down squarely on the cards there. A card more at
    another seat is where a card lost in flight landed, but not one that seat's own flight brought and
    had not shown yet: the next seat's card is hidden (it held three of four, a false misdeal). Two
    cards more at seat 1 are its own and the lost one."""
    g = geometry
    table = Table(g)
    table.analyzer.hole_cards = 4
    button = thing(g, 900, "dealer_button", "seat9_bet")
    s1 = [_moved(thing(g, 100 + k, "card_down", "seat1_cards"), 12 * k - 12) for k in range(4)]
    s9 = thing(g, 110, "card_down", "seat9_cards")
    table.show(0.5, button, s1[0])
    table.show(0.5, button, s1[0], s9)
    table.show(0.5, button, *s1[:2], s9)
    lying = (button, *s1[:2], s9)
    table.show(0.1, *lying, between(g, 121, "card_down", "dealer", "seat1_cards", 0.5))
    for share in (0.3, 0.6, 0.9):  # seat 9's card on its way as seat 1's comes down
        extra = [between(g, 121, "card_down", "dealer", "seat1_cards", 0.8)] if share == 0.3 else []
        table.show(0.1, *lying, *extra, between(g, 122, "card_down", "dealer", "seat9_cards", share))
    # seat 9's card squarely on its first (the box nudged), seat 1's showing only now
    table.show(1.5, button, *s1[: 2 + more_at_1], _moved(s9, 4, 3))
    assert table.cards_dealt_to(9) == {9: held_at_9}


def _moved(card: SeenObject, dx: float, dy: float = 0.0) -> SeenObject:
    x0, y0, x1, y1 = card.box
    return replace(card, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy))


def test_a_card_lost_from_view_just_after_it_showed_was_read_once_the_seats_cards_settled(
    geometry: TableGeometry,
) -> None:
    """misdeal_too_late-s36000: two cards' flights were seen only by the deck, ending together; seat 3's
    card showed 0.1 s on, seat 5's 0.3 s on, beside its first, for one detector call; the detector
    boxed only the new card from then on. Read as the count showed it just after the flight ended, seat 5 held
    a card more, and then a card fewer: one card, a false misdeal at the first action and the real late
    card missed. The landing is read once the seat's cards have settled after they changed, and a card
    more at the other seat is the other flight's, ended with it."""
    table = Table(geometry)
    s5 = [thing(geometry, 100 + k, "card_down", "seat5_cards") for k in range(2)]
    x0, y0, x1, y1 = s5[0].box
    s5[1] = replace(s5[1], box=(x0 + 12, y0, x1 + 12, y1))  # beside the first, half over it
    s6 = [thing(geometry, 110 + k, "card_down", "seat6_cards") for k in range(2)]
    table.show(0.5, s5[0])
    table.show(0.5, s5[0], s6[0])
    by_the_deck = [between(geometry, -1, "card_down", "dealer", f"seat{s}_cards", 0.2) for s in (5, 6)]
    table.show(0.1, s5[0], s6[0], *by_the_deck)
    table.show(0.1, s5[0], s6[0])
    table.show(0.1, s5[0], *s6)  # seat 6's card shows
    table.show(0.1, *s5, *s6)  # seat 5's shows for one call...
    table.show(1.5, s5[1], *s6)  # ...and from then on only the new card is boxed
    assert table.cards_dealt_to(5, 6) == {5: 2, 6: 2}


@pytest.mark.parametrize(("past_the_end", "held"), [(14.0, 3), (2.0, 2)], ids=["past-the-end", "among-them"])
def test_a_card_showing_past_the_end_of_a_seats_cards_is_a_card_more_not_the_hidden_one(
    geometry: TableGeometry, past_the_end: float, held: int
) -> None:
    """pot_limit_overbet-s44000: the button's third card was counted hidden in its fan; its fourth, its
    flight seen by nobody, came down 10 px past the fan's end and showed as a box more. That is a card
    come down, not the hidden one come into view (which shows among the seat's cards): the seat held
    three of four, a false misdeal. A box more that does not reach past them is the hidden card."""
    table, button, s1, s9 = second_card_hidden(geometry)
    table.show(0.5, button, s1[0], *s9[:2])
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}
    table.show(1.0, button, s1[0], _moved(s1[2], past_the_end), *s9[:2])
    assert table.cards_dealt_to(1, 9) == {1: held, 9: 2}


def test_a_card_showing_where_a_flight_lost_on_its_way_came_down_is_not_another_seats_landing(
    geometry: TableGeometry,
) -> None:
    """pot_limit_overbet-s44000: seat 3's fourth card came down squarely on its fan; the button's, lost
    on its way there, showed 0.1 s after it was lost. Seat 3's landing was read before the lost flight
    was placed, took the button's card more for its own card showing, and seat 3 held three of four. A
    card more at a seat where a flight still being placed came down is that flight's."""
    g = geometry
    table = Table(g)
    table.analyzer.hole_cards = 4
    button = thing(g, 900, "dealer_button", "seat9_bet")
    s1 = thing(g, 100, "card_down", "seat1_cards")
    s9 = [_moved(thing(g, 110 + k, "card_down", "seat9_cards"), 14 * k) for k in range(2)]
    table.show(0.5, button, s1)
    table.show(0.5, button, s1, s9[0])
    pitch(table, 1, 120, button, s1, s9[0])
    nudged = _moved(s1, 4, 3)  # seat 1's second card squarely on its first
    table.show(0.1, button, nudged, s9[0])
    table.show(0.1, button, nudged, s9[0], between(g, 121, "card_down", "dealer", "seat9_cards", 0.3))
    table.show(0.1, button, nudged, s9[0])  # the button's card lost on its way...
    table.show(1.5, button, nudged, *s9)  # ...shows
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}


def test_a_card_come_down_past_the_end_of_a_seats_cards_is_no_other_seats_card(
    geometry: TableGeometry,
) -> None:
    """pot_limit_overbet-s2000: seat 1's fourth card came down past the end of its cards (counted as a
    card more, not its hidden third) while the card pitched to another seat, squarely onto that seat's
    cards, was still being read. That seat's landing took seat 1's card more for the card it brought,
    counted none hidden, and the seat held three of four. A card more at a seat where a card came down
    is that seat's own."""
    table, button, s1, s9 = second_card_hidden(geometry)
    pitch(table, 9, 121, button, s1[0], s9[0])
    nudged = _moved(s9[0], 5, 3)  # the button's second card squarely on its first...
    table.show(0.1, button, s1[0], nudged)
    table.show(1.5, button, s1[0], _moved(s1[2], 14), nudged)  # ...as seat 1's third shows past its cards
    assert table.cards_dealt_to(1, 9) == {1: 3, 9: 2}


def test_a_hidden_card_showing_again_where_it_lay_as_the_next_came_down_is_that_card(
    geometry: TableGeometry,
) -> None:
    """clean_capped_bottle-s47000: seat 4's second card came down half over its first; the tracker moved
    the first card's track onto the new box and the first showed beside it for a moment, then was lost
    under it (counted hidden). Where the seat's cards reached was taken from the one box left, so when
    the first showed again where it had lain, it "reached past" them: a card come down, and the seat
    held three, a misdeal. Where the cards reach is where they lay from just before the card came down."""
    g = geometry
    table = Table(g)
    table.analyzer.hole_cards = 4
    button = thing(g, 900, "dealer_button", "seat9_bet")
    first = thing(g, 100, "card_down", "seat1_cards")
    s9 = thing(g, 110, "card_down", "seat9_cards")
    table.show(0.5, button, first)
    table.show(0.5, button, first, s9)
    pitch(table, 1, 120, button, first, s9)
    on_top = _moved(first, 15)  # the first card's track, now on the new card's box
    under = replace(first, track=101)
    table.show(0.1, button, on_top, under, s9)  # both for a moment
    table.show(0.8, button, on_top, s9)  # then the first lost under the second: hidden
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 1}
    again = replace(under, track=-1)  # the first shows again where it lay
    table.show(0.5, button, on_top, again, s9)
    pitch(table, 9, 121, button, on_top, again, s9)  # the round goes on: the button's second
    table.show(1.5, button, on_top, again, s9, _moved(s9, 15))
    assert table.cards_dealt_to(1, 9) == {1: 2, 9: 2}
