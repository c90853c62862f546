"""The temporal analyzers on hand-made scene sequences over the demo table's zones: the seats' hands.

Each test plays a few seconds of table life at 10 scenes a second (the detector rate) and checks the
events that come out: a tap in turn, a fold by the seat's own hand, chips after a tap, whose hand a
hand is. The cards (the deal, pitches, late cards, the board) are tested in ``test_deal.py``; what a
hand pushes into a bet zone in ``test_pushes.py``; uncounted chips that may be all-in in
``test_all_in.py``; phones, drinks and protectors put on the felt, and
protectors pushed out as a bet, in ``test_objects.py``.
"""

from __future__ import annotations

import pytest

from rules.rereading import TAP_HOLD_S
from tests.vision.scenes import Table, dealt, demo_geometry, hand_at_reach, rail_hand, thing
from vision.actions import POT_SHOWS_S, Settled
from vision.events import (
    CardExposed,
    CardsOutOfView,
    ChipAction,
    ChipsOutOfView,
    ChipsPulledIn,
    Fold,
    ObjectPlaced,
    TableTap,
)
from vision.table import FELT, OFF, RAIL, SeenObject, TableGeometry, TableScene


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def test_settled_value_changes_only_after_holding_still() -> None:
    s = Settled(0.3)
    assert s.update(0.0, 1) is None
    assert s.update(0.1, 2) is None  # flicker
    assert s.update(0.2, 1) is None
    assert s.update(0.5, 1) == (None, 1)
    assert s.update(0.6, 1) is None


@pytest.mark.parametrize(
    ("turn", "touch", "taps"),
    [(2, "seat2_bet", 1), (1, "seat2_bet", 0), (2, "seat2_cards", 0)],
    ids=["tap-in-turn", "tap-out-of-turn-ignored", "peek-on-the-cards"],
)
def test_a_touch_in_front_of_the_cards_that_moves_nothing_is_a_tap_in_turn(
    geometry: TableGeometry, turn: int, touch: str, taps: int
) -> None:
    g = geometry
    table = Table(g, turn=turn)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, thing(g, 7, "hand", touch))
    table.show(1.0, *cards)
    assert sum(isinstance(e, TableTap) for e in table.events) == taps


def _hand_on_its_cards(g: TableGeometry) -> tuple[Table, list[SeenObject]]:
    """Seat 1, to act, has come in over the rail and has its hand on its two cards."""
    table = Table(g, turn=1)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 1))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat1_cards"))
    return table, cards


@pytest.mark.parametrize("over_the_bet_zone", [False, True], ids=["to-the-muck", "over-the-bet-zone"])
def test_cards_thrown_away_by_the_seats_own_hand_are_a_fold(
    geometry: TableGeometry, over_the_bet_zone: bool
) -> None:
    """Thrown over the bet zone, the cards read as a chip for a few detector calls (no value, never a
    track). The seat's cards went with its hand, so that was the fold, not chips of unread value."""
    g = geometry
    table, cards = _hand_on_its_cards(g)
    mucked = [thing(g, c.track, "card_down", "muck") for c in cards[:2]]
    if over_the_bet_zone:
        blur = thing(g, -1, "chip", "seat1_bet", label="unknown", value=0)
        table.show(0.3, *cards[2:], thing(g, 7, "hand", "seat1_bet"), blur)
        table.show(0.2, *mucked, *cards[2:], rail_hand(g, 7, 1))
    table.show(1.5, *mucked, *cards[2:])
    folds = [e for e in table.events if isinstance(e, Fold)]
    assert [(e.seat, e.face_up) for e in folds] == [(1, False)]
    assert not any(isinstance(e, TableTap | ChipAction) for e in table.events)


@pytest.mark.parametrize("folds", [True, False], ids=["the-hand-takes-them-away", "the-card-stays-up"])
def test_a_card_face_up_under_the_seats_own_hand_is_an_exposure_only_if_it_stays(
    geometry: TableGeometry, folds: bool
) -> None:
    """Seed + 22000 clean_limped_pot: seat 6's pale hand over its cards, picking them up to fold, was
    boxed as a face-up card (0.61), a false exposure in a clean hand. A card turned up under the seat's
    own hand is an exposure once the hand has gone and the card still shows face up, dated when it was
    first seen; if the cards went with the hand it was the hand."""
    g = geometry
    table, cards = _hand_on_its_cards(g)
    turned_up = table.t
    up = thing(g, 130, "card_up", "seat1_cards", label="Kd")
    table.show(0.3, cards[0], up, *cards[2:], thing(g, 7, "hand", "seat1_cards"))
    if folds:
        mucked = [thing(g, c.track, "card_down", "muck") for c in cards[:2]]
        table.show(0.2, *cards[2:], rail_hand(g, 7, 1))
        table.show(1.5, *mucked, *cards[2:])
    else:
        table.show(0.3, cards[0], up, *cards[2:], rail_hand(g, 7, 1))
        table.show(1.5, cards[0], up, *cards[2:])
    exposed = [(e.seat, e.card, round(e.t, 1)) for e in table.events if isinstance(e, CardExposed)]
    assert exposed == ([] if folds else [(1, "Kd", round(turned_up, 1))])
    assert [e.seat for e in table.events if isinstance(e, Fold)] == ([1] if folds else [])


@pytest.mark.parametrize(
    ("seats", "turn", "folds"),
    [((1, 2, 3), 1, [1]), ((1, 2, 3), 2, []), ((1, 2), 1, [])],
    ids=["the-seat-deciding", "not-its-turn", "the-last-seat-left"],
)
def test_cards_pushed_out_over_the_bet_zone_by_an_unseen_hand(
    geometry: TableGeometry, seats: tuple[int, ...], turn: int, folds: list[int]
) -> None:
    """Seed + 8000 chips_out_of_view: on a far table the detector missed seat 1's hand as it folded,
    but its cards went out over its bet zone into the muck: the seat deciding folded. Cards that leave
    some other way with no hand seen are not a fold, and neither are the last live seat's cards."""
    g = geometry
    table = Table(g, turn=turn)
    cards = dealt(g, seats)
    if len(seats) == 2:  # seat 3 folded before: seat 1 is the only seat left against seat 2...
        table.show(1.0, *cards)
        table.turn = 2
        table.reach(2, "seat2_cards", *cards)  # ...and seat 2 folds, the hand over
        table.show(1.5, *cards[:2], *[thing(g, 200 + c.track, "card_down", "muck") for c in cards[2:]])
        assert [e.seat for e in table.events if isinstance(e, Fold)] == [2]
        table.turn = turn
        cards = cards[:2]
    table.show(1.0, *cards)
    out = [thing(g, c.track, "card_down", "seat1_bet") for c in cards[:2]]
    table.show(0.2, *out, *cards[2:])  # out over the bet zone, no hand seen
    mucked = [thing(g, c.track, "card_down", "muck") for c in cards[:2]]
    table.show(1.5, *mucked, *cards[2:])
    assert [e.seat for e in table.events if isinstance(e, Fold) and e.seat == 1] == folds


@pytest.mark.parametrize(
    "goes_back",
    [None, "over the rail", "behind its stack"],
    ids=["lost-on-the-felt", "back-over-the-rail", "lost-on-the-felt-behind-its-stack"],
)
def test_cards_taken_by_the_seats_hand_lost_out_on_the_felt_are_a_fold(
    geometry: TableGeometry, goes_back: str | None
) -> None:
    """Seed + 11000 premature_turn: seat 6's hand took its cards and was last seen out on the felt on
    its way to the muck; the cards landed on a muck of two cards and the muck still showed two boxes.
    The seat deciding folded. A hand that goes back over the rail with the cards took them out of view,
    and so did one last seen on the felt behind its own stack (seed + 54000 cards_out_of_view: seat 1
    sits at the frame's bottom edge, where a strip of felt lies between its stack zone and the rail;
    its hand was lost there, 0.36 of the way from stack to bet behind the stack, and a fold was read)."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    muck = [thing(g, 300 + k, "card_down", "muck") for k in range(2)]
    table.show(1.0, *cards, *muck)
    table.show(0.3, *cards[:2], *muck, thing(g, 7, "hand", "seat2_cards"))  # over the cards
    x, y = g.by_name["pot"].centre
    bx, by = g.by_name["seat2_bet"].centre
    mid = ((x + bx) / 2, (y + by) / 2)
    assert g.place_of(*mid) in ("felt", "pot")
    if goes_back == "over the rail":
        table.show(0.3, *cards[:2], *muck, rail_hand(g, 7, 2))
    elif goes_back == "behind its stack":
        table.show(0.3, *cards[:2], *muck, hand_at_reach(g, 2, -0.36, FELT))
    else:
        table.show(
            0.3,
            *cards[:2],
            *muck,
            SeenObject(7, "hand", (mid[0] - 25, mid[1] - 25, mid[0] + 25, mid[1] + 25), g.place_of(*mid), 2),
        )
    table.show(2.0, *cards[:2], *muck)
    folds = [e.seat for e in table.events if isinstance(e, Fold)]
    gone = [e.seat for e in table.events if isinstance(e, CardsOutOfView)]
    assert (folds, gone) == (([], [2]) if goes_back else ([2], []))


def test_chips_leave_the_table_once_seen_off_it_in_more_than_one_detector_call(
    geometry: TableGeometry,
) -> None:
    """Seed + 11000 clean_limped_pot: a hand coming back to its stack was boxed as a chip on the rail
    in one detector call, and "chips out of view" went to the floor. Chips seen off the table in two
    calls running are leaving it (seed + 2000 chips_out_of_view: a 5,000 chip carried off by seat 6)."""
    g = geometry
    table = Table(g)
    cards = dealt(g)
    table.show(1.0, *cards)
    x, y = g.by_name["seat2_stack"].centre
    ghost = SeenObject(-1, "chip", (x - 8, y - 60, x + 8, y - 44), RAIL, None, value=100)
    table.show(0.1, *cards, ghost)  # one call
    table.show(1.0, *cards)
    assert not any(isinstance(e, ChipsOutOfView) for e in table.events)
    carried = SeenObject(-1, "chip", (x - 8, y - 90, x + 8, y - 74), OFF, None, value=5000)
    table.show(0.3, *cards, carried)
    table.show(0.5, *cards)
    left = [e for e in table.events if isinstance(e, ChipsOutOfView)]
    assert [(e.seat, e.chips) for e in left] == [(2, (5000,))]


def test_chips_seen_only_on_the_rail_are_still_on_the_table(geometry: TableGeometry) -> None:
    """Seed + 38000 clean_full_ring_walk: an arm coming in over the rail was boxed as a chip on the rail at
    two spots in two calls running; a clean hand got "chips out of view"."""
    table, cards = Table(geometry), dealt(geometry)
    table.show(1.0, *cards)
    x, y = geometry.by_name["seat2_stack"].centre
    for dy in (60, 85):
        arm = SeenObject(-1, "chip", (x - 9, y - dy - 9, x + 9, y - dy + 9), RAIL, None, value=100)
        table.show(0.2, *cards, arm)
    table.show(1.0, *cards)
    assert not any(isinstance(e, ChipsOutOfView) for e in table.events)


def test_a_hand_that_leaves_a_protector_in_front_of_the_cards_did_not_tap(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat2_bet"))
    protector = thing(g, 91, "card_protector", "seat2_cards")
    table.show(1.5, *cards, protector)
    assert not any(isinstance(e, TableTap) for e in table.events)
    assert [(e.seat, e.what.value) for e in table.events if isinstance(e, ObjectPlaced)] == [
        (2, "card_protector")
    ]


def test_a_hand_coming_in_over_the_rail_is_the_seat_it_enters_at(geometry: TableGeometry) -> None:
    """Neighbouring seats sit close together in an oblique view: a hand that comes in over the rail
    just after the neighbour's hand left is not the neighbour's hand."""
    g = geometry
    table = Table(g)
    cards = dealt(g)
    (x2, y2), (x1, y1) = g.by_name["seat2_stack"].centre, g.by_name["seat1_stack"].centre
    d = abs(x1 - x2) + abs(y1 - y2)
    px, py = x2 + (x1 - x2) * 150 / d, y2 + (y1 - y2) * 150 / d  # 150 px from seat 2's stack
    leaving = SeenObject(7, "hand", (px - 25, py - 25, px + 25, py + 25), "seat1_stack", 1)
    table.show(1.0, *cards)
    table.show(0.3, *cards, leaving)
    table.show(0.3, *cards)  # seat 1's hand has gone
    table.show(0.1, *cards, rail_hand(g, 8, 2))
    owner = table.analyzer.hands.recent[-1].owner  # the hand just seen, and whose it is
    assert owner == 2


def test_a_hand_coming_in_over_the_rail_as_the_neighbours_leaves_there_is_not_the_neighbours(
    geometry: TableGeometry,
) -> None:
    """Seat 1's hand withdraws over the rail and seat 2's comes in over it a tenth of a second later,
    close by: the tracker gives the newcomer a new track, and it is seat 2's hand."""
    g = geometry
    table = Table(g)
    cards = dealt(g)
    (x2, y2), (x1, y1) = g.by_name["seat2_stack"].centre, g.by_name["seat1_stack"].centre
    px, py = x2 + (x1 - x2) * 0.65, y2 + (y1 - y2) * 0.65  # nearer seat 1 than seat 2
    leaving = SeenObject(7, "hand", (px - 25, py - 25, px + 25, py + 25), RAIL, 1)
    table.show(1.0, *cards)
    table.show(0.1, *cards, leaving)
    assert table.analyzer.hands.recent[-1].owner == 1
    qx, qy = x2 + (x1 - x2) * 0.35, y2 + (y1 - y2) * 0.35  # nearer seat 2, within pairing reach
    coming = SeenObject(8, "hand", (qx - 25, qy - 25, qx + 25, qy + 25), RAIL, 2)
    table.show(0.1, *cards, coming)
    owner = table.analyzer.hands.recent[-1].owner
    assert owner == 2


def test_a_hand_first_seen_over_its_cards_can_still_tap(geometry: TableGeometry) -> None:
    """The detector missed the arm coming in: the hand shows first over the seat's cards, hiding them.
    Cards held until a moment before count as held, so the touch in front is a tap."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.2, *cards[:2], thing(g, 7, "hand", "seat2_cards"))  # seat 2's cards hidden under it
    table.show(0.3, *cards, thing(g, 7, "hand", "seat2_bet"))
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(1.0, *cards)
    assert [e.seat for e in table.events if isinstance(e, TableTap)] == [2]


def test_a_push_that_ends_with_the_cards_hidden_is_reported_once_they_show_again(
    geometry: TableGeometry,
) -> None:
    """The hand is back on the rail but the seat's cards do not show for a few detector calls: the
    push is held, then reported at its own time once they are seen again."""
    g = geometry
    table = Table(g, turn=1)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.2, *cards, rail_hand(g, 7, 1))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat1_bet"))
    chip = thing(g, 60, "chip", "seat1_bet", value=500)
    table.show(0.3, *cards, thing(g, 7, "hand", "seat1_bet"), chip)
    table.show(0.3, *cards[2:], chip, rail_hand(g, 7, 1))  # seat 1's cards missed for 0.3 s
    assert not any(isinstance(e, ChipAction) for e in table.events)
    table.show(1.0, *cards, chip)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.seat == 1 and action.t < 2.0
    assert not any(isinstance(e, Fold) for e in table.events)


def test_chips_that_show_just_after_a_tap_are_that_visits_chips(geometry: TableGeometry) -> None:
    """The hand let a stack go under it and withdrew; the detector found the stack half a second
    later. The visit was reported as a tap, then its chips as an uncounted chip action (the rules
    engine takes it as correcting the check). Chips showing a second or more later are not its."""
    g = geometry
    for gap, chips_after in ((0.4, 1), (1.2, 0)):
        table, cards = _tapped_at_seat_2(g, gap)
        table.show(0.5, *cards, thing(g, 60, "chip", "seat2_bet", label="unknown", value=0))
        assert _taps_and_chip_actions(table) == ["TableTap", *["ChipAction"] * chips_after], gap


def test_a_chip_box_in_one_detector_call_just_after_a_tap_is_not_that_visits_chips(
    geometry: TableGeometry,
) -> None:
    """Seed + 18000 clock_countdown: the dealer's hand, gathering the big blind's chip after its check,
    was boxed with the chip as a new chip in that seat's bet zone for one detector call (three frames at
    10 calls a second). Taken as a bet, it set off a premature board and three invalid declarations.
    Late chips must show in two detector calls; shown in a second call, the same box counts."""
    g = geometry
    for frames, chips_after in ((3, 0), (4, 1)):
        table, cards = _tapped_at_seat_2(g, 0.4)
        late = thing(g, -1, "chip", "seat2_bet", label="unknown", value=0)
        for _ in range(frames):  # video frames, 30 a second, each carrying the last call's boxes
            scene = TableScene(table.frame, table.t, (*cards, late, thing(g, -1, "hand", "seat2_bet")))
            table.events += table.analyzer.update(scene)
            table.t, table.frame = table.t + 1 / 30, table.frame + 1
        table.show(1.0, *cards)
        assert _taps_and_chip_actions(table) == ["TableTap", *["ChipAction"] * chips_after], frames


def _tapped_at_seat_2(g: TableGeometry, after: float) -> tuple[Table, list[SeenObject]]:
    """A table where seat 2, to act, tapped in front of its cards ``after`` seconds ago (uncounted chips)."""
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.reach(2, "seat2_bet", *cards)
    table.show(after, *cards)
    return table, cards


def _taps_and_chip_actions(table: Table) -> list[str]:
    return [type(e).__name__ for e in table.events if isinstance(e, TableTap | ChipAction)]


def test_chips_that_show_just_after_a_tap_as_the_hand_comes_back_are_that_visits_chips(
    geometry: TableGeometry,
) -> None:
    """Seed + 2000 demo_feature_table: the first push of a string bet showed only once the hand was gone,
    as it came back with the second; then the hand covered it. The chips are the tapping visit's, from
    when they first showed, within the rules engine's wait for them (``TAP_HOLD_S``)."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    chip = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    table.show(1.0, *cards)
    table.reach(2, "seat2_bet", *cards)
    table.show(0.2, *cards, thing(g, 7, "hand", "seat2_stack"))  # back at the stack
    unconfirmed = thing(g, -1, "chip", "seat2_bet", label="unknown", value=0)
    table.show(0.2, *cards, unconfirmed, thing(g, 7, "hand", "seat2_stack"))  # the chips show
    table.show(0.5, *cards, thing(g, 7, "hand", "seat2_bet"))  # the hand over them again
    table.show(1.0, *cards, chip)
    tap, chips = [e for e in table.events if isinstance(e, TableTap | ChipAction)][:2]
    assert isinstance(tap, TableTap) and isinstance(chips, ChipAction)
    assert chips.t - tap.t <= TAP_HOLD_S


def test_chips_a_seats_own_hand_covers_in_its_bet_zone_are_not_pulled_in(geometry: TableGeometry) -> None:
    """Seed + 10000 non_value_item: a protector left in the bet zone, boxed as a chip, hidden by each tap
    of its seat, was read as the bets pulled into the pot, tap after tap. Chips gone from the bet zones
    with no seat's hand there are pulled in."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    in_bet = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    pot = thing(g, 61, "chip", "pot", value=500)
    table.show(1.0, *cards, in_bet, pot)
    table.show(0.2, *cards, pot, rail_hand(g, 7, 2))
    table.show(1.0, *cards, pot, thing(g, 7, "hand", "seat2_bet"))  # the tap covers the chip a while
    table.show(0.2, *cards, pot, rail_hand(g, 7, 2))
    table.show(1.0, *cards, in_bet, pot)
    assert not [e for e in table.events if isinstance(e, ChipsPulledIn)]
    table.show(1.5, *cards, pot)  # the dealer's pull: the chip is gone, no seat's hand over it
    assert len([e for e in table.events if isinstance(e, ChipsPulledIn)]) == 1


def test_bets_that_show_in_the_pot_a_moment_after_their_zones_clear_were_pulled_in(
    geometry: TableGeometry,
) -> None:
    """Seed + 21000 non_value_item: bets left their zones 0.5 s before any chip showed in the empty pot
    (in the dealer's hand), and the pull was lost; a pot that shows chips only long after is no pull.
    Unread chips count (seed + 39000 clean_heads_up_check_down: the pot's chip unread, the pull lost)."""
    g = geometry
    for pot_after, pulled, pot_value in ((0.5, 1, 300), (0.5, 1, 0), (POT_SHOWS_S + 0.5, 0, 300)):
        table = Table(g, turn=2, stacks_counted=False)
        cards = dealt(g)
        bets = [thing(g, 60, "chip", "seat1_bet", value=100), thing(g, 61, "chip", "seat2_bet", value=200)]
        table.show(1.0, *cards, *bets)
        cleared = table.t
        table.show(pot_after, *cards)  # in the dealer's hand
        table.show(1.0, *cards, thing(g, 62, "chip", "pot", value=pot_value))
        found = [e for e in table.events if isinstance(e, ChipsPulledIn)]
        assert len(found) == pulled, pot_after
        assert all(abs(e.t - cleared) < 0.1 for e in found)


@pytest.mark.parametrize(
    ("reaches", "taps"),
    [((0.45, 0.58, 0.45), 0), ((0.63, 0.63, 0.63), 1), ((0.78, 0.8, 0.78), 1)],
    ids=["peek-once-past-the-middle", "oblique-far-seat-tap", "overhead-tap"],
)
def test_a_tap_rests_in_front_of_the_cards_a_peek_does_not(
    geometry: TableGeometry, reaches: tuple[float, ...], taps: int
) -> None:
    """Seed + 12000 clean_protector_and_peek: the cupped hand of a peek, boxed once only below the
    cards, reached 0.58 of the way to the bet zone (the cards' middle is at 0.5). A tap rests in front
    over several detector calls: near 0.8 overhead, down to 0.63 for a far seat in an oblique view."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    for reach in reaches:  # one detector call each
        table.show(0.1, *cards, hand_at_reach(g, 2, reach, "seat2_cards"))
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(1.0, *cards)
    assert sum(isinstance(e, TableTap) for e in table.events) == taps


def test_a_drink_box_never_read_surely_is_no_object_put_down_by_a_tapping_hand(
    geometry: TableGeometry,
) -> None:
    """Seed + 12000 clean_limped_pot: going back over its stack, the tapping hand was boxed as a drink
    for one detector call, read "unknown"; the check stands."""
    g = geometry
    table = Table(g, turn=2)
    table.analyzer.objects.reads_drinks = True
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat2_bet"))
    table.show(0.1, *cards, thing(g, 93, "drink", "seat2_stack", label="unknown"))
    table.show(1.0, *cards)
    assert [e.seat for e in table.events if isinstance(e, TableTap)] == [2]
    assert not any(isinstance(e, ObjectPlaced) for e in table.events)


def test_the_dealers_hand_boxed_twice_over_a_seats_cards_is_not_that_seats(geometry: TableGeometry) -> None:
    """Seed + 12000 clean_check_raise_showdown: the dealer's hand came from the pot to pull in seat 1's
    bet and was boxed twice there, the second box new and over seat 1's cards; seat 1 did not tap."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    (px, py), (bx, by) = g.by_name["pot"].centre, g.by_name["seat2_bet"].centre
    for k in range(1, 6):  # from the pot to seat 2's bet zone, one detector call at a time
        x, y = px + (bx - px) * k / 5, py + (by - py) * k / 5
        place = "seat2_bet" if k == 5 else "felt"
        table.show(0.1, *cards, SeenObject(-1, "hand", (x - 25, y - 25, x + 25, y + 25), place, 2))
    x, y = bx, by
    dealer = SeenObject(9, "hand", (x - 25, y - 25, x + 25, y + 25), "seat2_bet", 2)
    twin = SeenObject(-1, "hand", (x - 24, y - 23, x + 25, y + 26), "seat2_cards", 2)
    table.show(0.3, *cards, dealer, twin)
    assert [p.owner for p in table.analyzer.hands.recent] == [0, 0]  # both boxes the dealer's
    table.show(1.0, *cards)
    assert not any(isinstance(e, TableTap) for e in table.events)


def test_cards_flicked_to_the_muck_after_a_hand_taken_provisionally_for_the_seat_left_are_a_fold(
    geometry: TableGeometry,
) -> None:
    """Seed + 13000 clean_full_ring_walk: seat 6's hand, first seen on the felt beside its cards (so
    taken for that seat's only provisionally), was gone before its cards vanished and landed in the
    muck. The visit showed no chips and no tap, so it counted as the dealer's, and the fold was lost:
    every seat after it was out of turn. Cards gone from the seat deciding right after such a hand
    left, landing in the muck, are its fold."""
    g = geometry
    table = Table(g, turn=1)
    cards = dealt(g, seats=(1, 2))
    table.show(1.0, *cards)
    x, y = g.by_name["seat1_cards"].centre
    beside = SeenObject(7, "hand", (x + 30, y - 20, x + 70, y + 20), "felt", None)
    assert g.nearest_place(*beside.centre) == "seat1_cards"
    table.show(0.3, *cards, beside)
    table.show(0.4, *cards)  # the hand gone, the cards still there a moment
    table.show(0.2, *cards[2:])  # gone from seat 1's zone
    muck = [thing(g, 300, "card_down", "muck"), thing(g, 301, "card_down", "muck")]
    table.show(1.5, *cards[2:], *muck)
    folds = [e for e in table.events if isinstance(e, Fold)]
    assert [f.seat for f in folds] == [1]


def test_an_arm_boxed_as_a_phone_as_it_comes_and_goes_does_not_spoil_a_check(
    geometry: TableGeometry,
) -> None:
    """Seed + 14000 clean_exact_calls: the arm over seat 1's rail was boxed as a phone (0.30) in the
    call before the hand showed and in the one after it went. An object put down stays; this one did
    not, and the check stands (a whole street of checks was lost, and a premature board raised)."""
    g = geometry
    table = Table(g, turn=1)
    cards = dealt(g, seats=(1, 2))
    table.show(1.0, *cards)
    arm = thing(g, 40, "phone", "seat1_stack")
    table.show(0.1, *cards, thing(g, -1, "phone", "seat1_stack"))  # not yet tracked
    table.show(0.3, *cards, thing(g, 7, "hand", "seat1_stack"))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat1_bet"))
    table.show(0.1, *cards, thing(g, 7, "hand", "seat1_stack"))
    table.show(0.1, *cards, arm)
    table.show(1.0, *cards)
    assert [e.seat for e in table.events if isinstance(e, TableTap)] == [1]


def test_a_hand_first_seen_on_the_felt_behind_its_stack_reaching_over_the_rail_is_the_seats(
    geometry: TableGeometry,
) -> None:
    """Seed + 17000 clean_all_in_runout: a top seat's hand, first boxed on the strip of felt between its
    rail and its stack with its arm back over the rail, in the frame the seat before it acted (so not
    yet the seat deciding), was taken for the dealer's: its call was no action, and the next two seats'
    folds were out of turn."""
    g = geometry
    table = Table(g, turn=1, stacks_counted=False)  # seat 1's action is being judged as seat 2's hand comes
    cards = dealt(g)
    axis = g.seat_axis(2)
    assert axis is not None
    (sx, sy), (bx, by) = axis
    d = ((sx - bx) ** 2 + (sy - by) ** 2) ** 0.5
    x, y = sx + (sx - bx) * 30 / d, sy + (sy - by) * 30 / d  # 30 px behind the stack's centre: felt
    assert g.place_of(x, y) == FELT
    behind = SeenObject(7, "hand", (x - 25, y - 25, x + 25, y + 25), FELT, 2)  # over its stack's edge
    stack = thing(g, 50, "chip", "seat2_stack", label="unknown", value=0)
    table.show(1.0, *cards, stack)
    table.show(0.1, *cards, stack, behind)
    table.turn = 2
    table.show(0.1, *cards, stack, behind)
    table.show(0.3, *cards, stack, thing(g, 7, "hand", "seat2_bet"))
    chip = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    table.show(0.2, *cards, stack, chip, rail_hand(g, 7, 2))
    table.show(1.5, *cards, stack, chip)
    assert [e.seat for e in table.events if isinstance(e, ChipAction)] == [2]


def test_a_chip_box_where_the_seats_card_lay_under_its_tapping_hand_is_no_bet(
    geometry: TableGeometry,
) -> None:
    """Seed + 17000 non_value_item: as seat 8 tapped, its card under the hand went unboxed as a card and
    was boxed as a 25,000 chip where it had lain: the check was taken for a bet, and the rest of the hand
    for a premature board and two invalid declarations."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    card = [o for o in cards if o.seat == 2][-1]
    x0, y0, x1, y1 = card.box
    as_chip = SeenObject(60, "chip", (x0, y0, x1 - 4, y1 - 4), "seat2_bet", 2, label="blue", value=25000)
    others = [o for o in cards if o is not card]
    table.show(1.0, *cards)
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat2_bet"))
    table.show(0.3, *others, as_chip, thing(g, 7, "hand", "seat2_bet"))  # the card under the hand
    table.show(0.2, *cards, rail_hand(g, 7, 2))
    table.show(1.5, *cards)
    assert not [e for e in table.events if isinstance(e, ChipAction)]
    assert [e.seat for e in table.events if isinstance(e, TableTap)] == [2]
