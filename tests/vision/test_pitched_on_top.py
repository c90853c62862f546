"""A card pitched squarely on top of a seat's last one during the initial deal (``vision.pitches`` and
``vision.flights`` through ``vision.deal.CardWatch``), scene by scene at 30 a second, every frame of the
video as the motion gate sees it: the hidden card counts from its flight, and the card that showed as
the flight before it landed is not taken for it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, blur, demo_geometry, long_card
from vision.table import TableGeometry


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
