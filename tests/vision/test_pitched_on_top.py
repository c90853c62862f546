"""A card pitched squarely on top of a seat's last one during the initial deal (``vision.pitches`` and
``vision.flights`` through ``vision.deal.CardWatch``), scene by scene at 30 a second, every frame of the
video as the motion gate sees it: the hidden card counts from its flight, and the card that showed as
the flight before it landed is not taken for it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, between, blur, demo_geometry, long_card, thing
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def test_a_card_pitched_on_top_as_the_one_before_shows_is_one_more(geometry: TableGeometry) -> None:
    """Seed + 50000 misdeal_wrong_card_count: the third card for the last seat eased out of the dealer's
    hand, flew, and came down squarely on the second, which first showed at the seat as the third was in
    the air, its landing taken by the second card's flight. A card showing by the time a flight's patch
    was last in the air is that flight's, so the third was taken for the second, and the misdeal was
    missed. A card that showed as an earlier flight to the seat landed was held before this one. Every
    frame of a 30 fps video, as the motion gate sees it."""
    g = geometry
    frame = 1 / 30
    table = Table(g, turn=1)
    seat1 = [long_card(g, 100, "seat1_cards"), long_card(g, 101, "seat1_cards")]
    first = long_card(g, 102, "seat2_cards")
    table.show(1.0, *seat1, first)
    for share in (0.3, 0.5, 0.7):  # seat 2's second card, lost by motion short of the seat
        table.show(frame, *seat1, first, moving=(blur(g, "seat2_cards", share),), step=frame)
    table.show(3 * frame, *seat1, first, step=frame)
    x0, y0, x1, y1 = first.box
    second = replace(first, track=103, box=(x0 + 6, y0, x1 + 6, y1))
    # the third card: 14 px out of the dealer's hand, unseen a frame, flying as the second shows at the
    # seat, lost for three frames, and come down on the second, nudging it
    third = [(0.1, [first]), (0.135, [first]), (None, [first]), (0.45, [first, second])]
    for share, shown in [*third, *[(None, [first, second])] * 3]:
        moving = () if share is None else (blur(g, "seat2_cards", share),)
        table.show(frame, *seat1, *shown, moving=moving, step=frame)
    nudged = replace(second, box=(x0 + 11, y0, x1 + 11, y1))
    table.show(10 * frame, *seat1, first, nudged, moving=(blur(g, "seat2_cards", 0.97),), step=frame)
    table.show(1.0, *seat1, first, nudged)
    table.reach(1, "seat1_bet", *seat1, first, nudged)  # play under way: the deal is over
    table.show(1.0, *seat1, first, nudged)
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 3}


def _cards(g: TableGeometry, button_at: int, *seats: int) -> tuple[Table, SeenObject, list[list[SeenObject]]]:
    """A table with the dealer button at ``button_at`` (the deal goes round from the seat after it) and
    the two cards each of ``seats`` will show."""
    button = thing(g, 900, "dealer_button", f"seat{button_at}_bet")
    cards = [
        [thing(g, 100 + 2 * i + k, "card_down", f"seat{seat}_cards") for k in (0, 1)]
        for i, seat in enumerate(seats)
    ]
    return Table(g, turn=1), button, cards


def test_a_card_counted_hidden_before_another_seat_got_its_card_waits_for_play(
    geometry: TableGeometry,
) -> None:
    """oversized_chip_declared_raise-s2000: seat 4's first card was seen landing twice and counted hidden
    under its own second; once every other seat showed two, it "held" three, a false misdeal. A card
    counted hidden before the dealer pitched another seat's card is no card pitched on top at the end
    of the deal: the cap holds it until play is under way, as before."""
    g = geometry
    table, button, (seat1, seat2, seat3) = _cards(g, 3, 1, 2, 3)  # dealt 1, 2, then the button's seat 3
    seat1 = [button, *seat1]
    table.show(1.0, *seat1, *seat2, seat3[0])
    table.show(0.1, *seat1, *seat2, seat3[0], between(g, 130, "card_down", "dealer", "seat2_cards", 0.35))
    x0, y0, x1, y1 = seat2[1].box
    grown = replace(seat2[1], box=(x0, y0, x1 + 4, y1))  # "a card came down" on seat 2's second
    table.show(0.6, *seat1, seat2[0], grown, seat3[0])
    table.show(
        0.1, *seat1, seat2[0], grown, seat3[0], between(g, 131, "card_down", "dealer", "seat3_cards", 0.35)
    )
    table.show(1.0, *seat1, seat2[0], grown, *seat3)  # seat 3's second card: every seat shows two
    assert table.cards_dealt_to(1, 2, 3) == {1: 2, 2: 2, 3: 2}


def test_a_card_box_seen_twice_once_the_deal_has_gone_round_waits_for_play(geometry: TableGeometry) -> None:
    """A third box at the last seat with no card seen coming down on it is a card boxed twice as often
    as a card too many: the deal's cap holds it until play is under way, as before."""
    g = geometry
    table, button, (seat1, seat2) = _cards(g, 2, 1, 2)
    seat1 = [button, *seat1]
    table.show(1.0, *seat1, seat2[0])
    table.show(1.0, *seat1, *seat2)
    table.show(1.0, *seat1, *seat2, thing(g, 104, "card_down", "seat2_cards"))
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 2}
