"""A card coming down squarely on a seat's card during the deal, felt only as that card's box drifting
a pixel or two a detector call (``vision.card_drift``), and a card flying on toward an empty seat that
comes down at the next seat (``vision.pitches.PitchWatch``)."""

from __future__ import annotations

import itertools

import pytest

from tests.vision.scenes import demo_geometry
from vision.card_drift import drifted, same_box
from vision.pitches import EndedFlight, PitchWatch
from vision.table import TableGeometry

# clean_full_ring_walk-s52000: seat 7's card box as its second card came down squarely on the first
LAY = (937.4, 176.0, 966.5, 212.4)
GROWING = [
    (5.4, LAY),
    (5.5, (937.4, 175.9, 966.4, 212.4)),
    (5.7, (936.7, 175.3, 968.8, 213.1)),
    (5.8, (936.6, 175.5, 968.9, 213.7)),
]


def test_a_box_that_grew_a_pixel_or_two_a_call_has_drifted() -> None:
    """Each call's move is under the bar, the whole growth (3.3 px of 29) is not."""
    log = [(t, {7: [box]}) for t, box in GROWING]
    assert all(same_box(b, a) for (_, a), (_, b) in itertools.pairwise(GROWING))
    assert drifted(log, 7, 5.4, 5.8) == pytest.approx(5.7)
    assert drifted(log, 7, 5.4, 5.6) is None  # not yet
    assert drifted(log, 8, 5.4, 5.8) is None  # no cards there


def test_a_box_jittering_a_pixel_has_not_drifted() -> None:
    jitter = [
        (5.4 + 0.1 * i, {7: [(LAY[0] + d, LAY[1] - d, LAY[2] + d, LAY[3])]})
        for i, d in enumerate((0, 1, -1, 1, 0))
    ]
    assert drifted(jitter, 7, 5.4, 5.8) is None


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


@pytest.mark.parametrize(("order", "later"), [([7, 8, 9], True), ([], False)], ids=["dealing", "deal-over"])
def test_a_flight_last_seen_by_an_empty_seat_is_the_next_seats_card(
    geometry: TableGeometry, order: list[int], later: bool
) -> None:
    """clean_full_ring_walk-s52000: seat 9's second card, last seen by empty seat 10 as it flew on, showed
    at seat 9 0.1 s later, before its flight was placed. Seat 7's card, inferred from the deal's order,
    was then taken for seat 9's showing, not hidden under seat 7's: seat 7 "held" one card, a misdeal in
    a clean hand. During the deal such a flight is the card a seat showed just after; once the deal is
    over, only a flight lost mid-table is."""
    watch = PitchWatch(geometry, hold=0.25)
    watch.order = order
    watch.ended.append(EndedFlight(6.0, 1000.0, 500.0, 10, {}, True, True))
    watch.rose[9] = 6.1
    assert watch._later_flight_to(9, 5.4) is later
