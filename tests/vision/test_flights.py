"""Cards in flight seen by motion alone (``vision.flights.MotionFlights``): the motion gate's changed
regions, frame by frame at 30 a second, linked into paths. Only a compact patch moving fast and
straight for long enough is a flight."""

from __future__ import annotations

import pytest

from vision.flights import MotionFlights

CARD = 40.0  # px: a card's length, as at 1280 px overhead
FRAME = 1 / 30


def run(patches: list[list[tuple[float, float, float]]], card: float = CARD) -> list:
    """Feed frames of patches (centre x, centre y, side), then two still frames; the flights found."""
    flights = MotionFlights()
    found = []
    for i, frame in enumerate([*patches, [], []]):
        boxes = [(x - s / 2, y - s / 2, x + s / 2, y + s / 2) for x, y, s in frame]
        found += flights.update(i * FRAME, boxes, card)
    return found


def test_a_card_pitched_across_the_table_is_one_flight_from_its_first_place_to_its_last() -> None:
    """Seed + 18000 misdeal_too_late: the extra card's patch went 60-70 px a frame from the deck to
    seat 5, six frames; the dealer's arm, still by the deck, is no part of it."""
    arm = (650.0, 620.0, 180.0)
    path = [(628.0 - 10 * i, 498.0 - 60 * i, 70.0) for i in range(6)]
    found = run([[arm, p] for p in path])
    assert len(found) == 1
    flight = found[0]
    assert (flight.x0, flight.y0) == (628.0, 498.0) and (flight.x1, flight.y1) == (578.0, 198.0)
    assert flight.t0 == 0.0 and flight.t1 == pytest.approx(5 * FRAME)
    assert len(flight.points) == 6


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ([(400.0 + 8 * i, 300.0, 40.0) for i in range(12)], "a chip stack pushed: 8 px a frame"),
        ([(400.0 + 50 * i, 300.0, 140.0) for i in range(6)], "a hand with its arm: too long a patch"),
        ([(400.0 + 50 * i, 300.0, 40.0) for i in range(2)], "seen in two frames only"),
        ([(400.0 + 50 * (i % 2), 300.0, 40.0) for i in range(6)], "to and fro"),
    ],
    ids=["slow", "arm", "brief", "to-and-fro"],
)
def test_slow_long_brief_or_wavering_movement_is_no_flight(path: list, why: str) -> None:
    assert run([[p] for p in path]) == [], why


def test_two_cards_in_flight_at_once_are_two_flights() -> None:
    """The deal: one card landing at a seat as the next leaves the deck."""
    first = [(600.0 - 50 * i, 480.0 - 40 * i, 60.0) for i in range(5)]
    second = [(660.0 + 50 * i, 480.0 - 40 * i, 60.0) for i in range(5)]
    found = run([[a, b] for a, b in zip(first, second, strict=True)])
    assert sorted((f.x1, f.y1) for f in found) == [(400.0, 320.0), (860.0, 320.0)]
