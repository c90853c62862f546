"""Cards in flight seen by motion alone (``vision.flights.MotionFlights``): the motion gate's changed
regions, frame by frame at 30 a second, linked into paths. Only a compact patch moving fast and
straight for long enough is a flight."""

from __future__ import annotations

import pytest

from vision.flights import MAX_GAP, Flight, MotionFlights

CARD = 40.0  # px: a card's length, as at 1280 px overhead
FRAME = 1 / 30


def run(patches: list[list[tuple[float, float, float]]], card: float = CARD) -> list:
    """Feed frames of patches (centre x, centre y, side), then frames with none for longer than a path
    may go unseen; the flights found."""
    flights = MotionFlights()
    found = []
    for i, frame in enumerate([*patches, *[[]] * (MAX_GAP + 2)]):
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


def test_a_card_lost_for_a_few_frames_over_other_cards_is_found_again_on_its_line() -> None:
    """Seed + 32000 string_bet_multiple_motions: the button's second card, seen once by the deck, was
    lost for two frames, then seen flying on to the seat, where its first card lay, changing the
    picture frame after frame, until it came down into that card's patch. The patch at rest took the
    flight's next place (it had started a path of its own, and lay nearer), and what was left was too
    short: no flight, the hidden card went uncounted, a false misdeal. The flight is one, from the
    deck to the first card it came down on."""
    first_card = (222.0, 306.0, 60.0)
    card = [(514.0, 504.0, 60.0), None, None, (326.0, 362.0, 52.0), (278.0, 324.0, 52.0)]
    frames = [[first_card, *([c] if c else [])] for c in card]
    found = run(frames + [[first_card]] * 3, card=35.0)
    assert [((f.x0, f.y0), (f.x1, f.y1)) for f in found] == [((514.0, 504.0), (222.0, 306.0))]


def test_a_card_that_came_down_does_not_fly_on_to_another_seats_cards() -> None:
    """Seed + 32000 ambiguous_amount: seat 1's card came down on its cards (its patch at rest there the
    frame after); a jump from there to seat 2's cards, on its line, is not the same card flying on."""
    seat2 = (250.0, 442.0, 60.0)
    path = [(508.0, 552.0, 50.0), (464.0, 540.0, 50.0), (382.0, 516.0, 60.0)]
    frames = [[seat2, p] for p in path] + [[seat2, (380.0, 515.0, 60.0)]] * 3 + [[seat2]]
    found = run(frames, card=36.0)
    assert [(f.x1, f.y1) for f in found] == [(382.0, 516.0)]


@pytest.mark.parametrize(
    ("jump", "why"),
    [
        ((-120.0, 90.0), "off its line"),
        ((-60.0, -22.0), "far slower than it flew"),
        ((-348.0, -128.0), "faster than it flew"),
    ],
    ids=["off-line", "slow", "fast"],
)
def test_a_patch_after_a_gap_off_the_cards_line_or_pace_is_another_thing(jump: tuple, why: str) -> None:
    """Three frames after it was last seen, a card flying 64 px a frame is about 190 px on, along its
    line; a patch elsewhere is something else, and so is one farther on than it could have flown (seed
    + 40000 premature_flop: the dealer's hand leaving the deck, lost for three frames, "flew" on at 1.5
    times its speed to seat 5's cards, a card pitched on top of them: a false misdeal)."""
    path = [(516.0, 540.0, 40.0), (456.0, 518.0, 40.0)]
    x, y = path[-1][0] + jump[0], path[-1][1] + jump[1]
    frames = [[p] for p in path] + [[], [], [(x, y, 40.0)], [(x - 1, y, 40.0)]]
    found = run(frames, card=36.0)
    assert found == [], why


def test_a_card_that_slowed_to_land_does_not_run_on_to_a_faster_patch() -> None:
    """Seed + 32000 clean_limped_pot: seat 2's card slowed to 26 px a frame as it came down; the next
    frame a patch 83 px on (the player's hand), roughly on its line, was taken for it. The flight's
    landing was dated after the card showed at the seat, and the card was counted twice: a false
    misdeal. A card does not speed up threefold as it lands."""
    path = [(518.0, 540.0), (456.0, 518.0), (392.0, 494.0), (330.0, 470.0), (292.0, 444.0)]
    path += [(264.0, 426.0), (238.0, 428.0), (170.0, 476.0)]
    found = run([[(x, y, 50.0)] for x, y in path], card=38.0)
    assert [(f.x1, f.y1) for f in found] == [(238.0, 428.0)]


def test_a_card_at_rest_does_not_take_the_next_cards_landing_place() -> None:
    """A seat's first card lies beside where the second comes down; its patch stays (the first card
    still changes the picture as the second flies in). Had that patch started a path of its own every
    frame, the second card's landing place, nearer it than to the card's place the frame before, would
    go to that path: the flight would end a step short of the seat. It ends where the card landed."""
    first_card = (234.0, 290.0, 50.0)  # 20 px from the landing place, across the card's line
    path = [(462.0, 486.0), (402.0, 441.0), (342.0, 396.0), (282.0, 351.0), (222.0, 306.0)]
    frames = [[first_card, (x, y, 40.0)] for x, y in path] + [[first_card, (222.0, 306.0, 40.0)]] * 3
    found = run(frames, card=35.0)
    assert [(f.x1, f.y1) for f in found] == [(222.0, 306.0)]


def test_a_card_whose_patch_wanders_off_its_line_for_a_frame_is_one_flight() -> None:
    """Seed + 34000 misdeal_too_late: the extra card's patch went 598,404 then 548,342, then 562,284: 52
    degrees off its last step, but on the line from the place before. The path broke in two, neither
    long enough for a flight, and the card dealt after the seat acted went unseen."""
    path = [(598.0, 404.0), (548.0, 342.0), (562.0, 284.0), (544.0, 230.0), (528.0, 198.0)]
    path += [(522.0, 186.0)] * 4
    found = run([[(x, y, 44.0)] for x, y in path], card=38.0)
    assert [((f.x0, f.y0), (f.x1, f.y1)) for f in found] == [((598.0, 404.0), (528.0, 198.0))]


def test_a_card_lost_as_it_came_down_is_not_found_again_in_another_seats_cards_at_rest() -> None:
    """Seed + 40000 clean_full_ring_showdown: seat 9's second card merged with its first card's patch as
    it came down; three frames later the patch of seat 8's cards, lying still the whole time, lay on the
    card's line at its pace and was taken for the card flying on. Seat 8 "got" a card pitched on top of
    its two, a false misdeal. A card lost is found again moving, not in something lying at rest."""
    seat8 = (660.0, 400.0, 50.0)  # seat 8's cards, changing the picture since they came down
    path = [(300.0, 400.0), (360.0, 400.0), (420.0, 400.0), (480.0, 400.0)]
    frames = [[seat8, (x, y, 40.0)] for x, y in path] + [[seat8]] * 6
    found = run(frames, card=40.0)
    assert [(f.x1, f.y1) for f in found] == [(480.0, 400.0)]


def test_a_card_just_seen_does_not_fly_on_into_something_that_lay_there_the_frame_before() -> None:
    """Seed + 49000 misdeal_too_late: the late card's patch showed once by the deck, was lost a frame,
    and flew on to seat 5. Its one-point path had been linked to the dealer's hand lying beside the
    deck (2.6 card lengths off, within a frame's flight), so the flight began mid-table: not from the
    deck, and the card hidden under seat 5's was not counted. A path of one point has no line yet; a
    patch that lay there the frame before is not it flying on."""
    hand = (650.0, 596.0, 52.0)
    first = (624.0, 494.0, 50.0)
    on = [(596.0, 368.0, 45.0), (584.0, 306.0, 50.0), (572.0, 256.0, 50.0), (568.0, 220.0, 45.0)]
    found = run([[hand], [hand], [hand, first], [hand], *[[hand, p] for p in on]])
    assert [(f.x0, f.y0, f.x1, f.y1) for f in found] == [(624.0, 494.0, 568.0, 220.0)]


def test_a_card_easing_out_of_the_dealers_hand_before_it_flies_is_one_flight() -> None:
    """Seed + 50000 misdeal_wrong_card_count: the third card to seat 6 moved 16 px from where its patch
    first showed by the deck, went unseen a frame, flew 65 px a frame, was lost over the table for three
    frames and came down on seat 6's cards. Its second place was "at rest" by its first (under half a
    card length from it), so no path began until mid-table, two points long: no flight, and the card
    was not counted. A patch creeping on from where a path began the frame before begins one."""
    seat6 = (766.0, 196.0, 60.0)  # seat 6's cards, changing the picture as its second card lands
    frames = [
        [(676.0, 560.0, 56.0)],
        [(686.0, 548.0, 52.0), seat6],
        [seat6],
        [(708.0, 420.0, 48.0), seat6],
        [seat6],
        [seat6],
        [],
        [(768.0, 202.0, 60.0)],
        *[[(770.0, 194.0, 60.0)]] * 4,
    ]
    found = run(frames, card=38.0)
    assert [((f.x0, f.y0), (f.x1, f.y1)) for f in found] == [((686.0, 548.0), (768.0, 202.0))]


def test_a_patch_creeping_on_where_no_path_began_the_frame_before_begins_none() -> None:
    """A chip stack pushed 12 px a frame, in view from the start, creeps from where it lay, not from
    where a path began: it begins no path, so the jump of a hand after it is no flight."""
    stack = [(400.0 + 12 * i, 300.0, 30.0) for i in range(4)]
    frames = [[(400.0, 300.0, 30.0)], *[[p] for p in stack], [(520.0, 300.0, 40.0)], [(580.0, 300.0, 40.0)]]
    assert run(frames) == []


@pytest.mark.parametrize(
    ("seen", "same"),
    [((665.0, 459.0), False), ((625.0, 557.0), True)],
    ids=["off-its-line: the card before", "on-its-line-behind: this card"],
)
def test_a_card_the_detector_last_saw_before_a_flight_began_is_its_card_only_on_its_line(
    seen: tuple[float, float], same: bool
) -> None:
    """Seed + 2000 pot_limit_overbet: seat 6's third card was boxed mid-flight at 665,459; 0.07 s later
    seat 1's fourth card eased out of the dealer's hand at 600,552, 113 px off, and flew left. Within
    three card lengths and 0.15 s, it "was" the detector's card, whose landing had been decided, and
    was dropped: four PLO cards went uncounted. 104 px across the line it flew, it is another card."""
    points = ((600.0, 552.0), (564.0, 546.0), (520.0, 536.0), (474.0, 526.0), (384.0, 508.0))
    flight = Flight(4.867, 5.033, points, (4.867, 4.9, 4.933, 4.967, 5.033))
    path = [(4.7, 640.0, 540.0), (4.8, *seen)]
    assert flight.same_card(4.8, *seen, path, 38.0) is same
