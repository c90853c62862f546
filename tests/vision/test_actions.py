"""The temporal analyzers on hand-made scene sequences over the demo table's zones.

Each test plays a few seconds of table life at 10 scenes a second (the detector rate) and checks the
events that come out: the deal, a push in two motions with a trip back to the stack, a tap in turn,
a fold to the muck, the flop, a pull-in, the end of the hand, a phone put on the felt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.actions import ActionAnalyzer, Settled
from vision.camera_config import load_camera_config
from vision.chipset import TOURNAMENT
from vision.events import (
    CardsDealt,
    ChipAction,
    ChipsPulledIn,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    ObjectPlaced,
    TableTap,
)
from vision.pushes import denominations
from vision.table import RAIL, SeenObject, TableGeometry, TableScene

CONFIG = Path(__file__).resolve().parents[2] / "camera_configs" / "demo_overhead.yaml"
STEP = 0.1  # seconds between scenes


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    config = load_camera_config(CONFIG)
    return TableGeometry(config, config.width, config.height)


def thing(geo: TableGeometry, track: int, cls: str, place: str, **kw: object) -> SeenObject:
    """An object of ``cls`` sitting at the centre of zone ``place`` (a 20 px box)."""
    x, y = geo.by_name[place].centre
    zone = geo.by_name[place]
    return SeenObject(track, cls, (x - 10, y - 10, x + 10, y + 10), place, zone.seat, **kw)  # type: ignore[arg-type]


def rail_hand(geo: TableGeometry, track: int, seat: int) -> SeenObject:
    x, y = geo.by_name[f"seat{seat}_stack"].centre
    return SeenObject(track, "hand", (x - 25, y - 25, x + 25, y + 25), RAIL, seat)


class Table:
    """Plays scenes: each ``show`` holds the listed objects for ``seconds``."""

    def __init__(self, geo: TableGeometry, turn: int | None = None, stacks_counted: bool = True) -> None:
        self.geo = geo
        self.turn = turn
        self.analyzer = ActionAnalyzer(geo, TOURNAMENT, turn=lambda: self.turn, stacks_counted=stacks_counted)
        self.t = 0.0
        self.frame = 0
        self.events: list[Event] = []

    def show(self, seconds: float, *objects: SeenObject) -> None:
        for _ in range(round(seconds / STEP)):
            self.events += self.analyzer.update(TableScene(self.frame, self.t, tuple(objects)))
            self.t += STEP
            self.frame += 1

    def cards_dealt_to(self, *seats: int) -> dict[int, int]:
        """How many cards the deal events gave each of ``seats``."""
        dealt = [e for e in self.events if isinstance(e, CardsDealt)]
        return {s: sum(e.count for e in dealt if e.seat == s) for s in seats}

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events]


def dealt(geo: TableGeometry, seats: tuple[int, ...] = (1, 2)) -> list[SeenObject]:
    cards = []
    for i, seat in enumerate(seats):
        cards += [thing(geo, 100 + 2 * i, "card_down", f"seat{seat}_cards")]
        cards += [thing(geo, 101 + 2 * i, "card_down", f"seat{seat}_cards")]
    return cards


def test_settled_value_changes_only_after_holding_still() -> None:
    s = Settled(0.3)
    assert s.update(0.0, 1) is None
    assert s.update(0.1, 2) is None  # flicker
    assert s.update(0.2, 1) is None
    assert s.update(0.5, 1) == (None, 1)
    assert s.update(0.6, 1) is None


@pytest.mark.parametrize(
    ("value", "top", "chips"),
    [(200, 100, (100, 100)), (1000, 500, (500, 500)), (1000, 1000, (1000,)), (600, 500, (500, 100))],
)
def test_denominations_of_a_stack_follow_its_top_chip(value: int, top: int, chips: tuple[int, ...]) -> None:
    assert denominations(value, top, TOURNAMENT) == chips


def test_the_deal_starts_a_hand_and_counts_each_seats_cards(geometry: TableGeometry) -> None:
    table = Table(geometry)
    table.show(0.5)
    one = [thing(geometry, 100, "card_down", "seat1_cards")]
    table.show(0.5, *one)
    table.show(1.0, *dealt(geometry))
    assert table.kinds()[0] == "HandStarted"
    deals = [e for e in table.events if isinstance(e, CardsDealt)]
    assert [(e.seat, e.count) for e in deals] == [(1, 1), (1, 1), (2, 2)]
    assert table.events[0].t <= deals[0].t


def test_a_card_hidden_under_a_hand_and_seen_again_is_not_dealt_twice(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    table.show(1.0, *cards[1:])  # seat 1's first card covered
    table.show(1.0, *cards)
    assert sum(e.count for e in table.events if isinstance(e, CardsDealt)) == 4


def between(
    geo: TableGeometry, track: int, cls: str, a: str, b: str, share: float, label: str = ""
) -> SeenObject:
    """A card on the felt ``share`` of the way from zone ``a``'s centre to zone ``b``'s (in flight)."""
    (xa, ya), (xb, yb) = geo.by_name[a].centre, geo.by_name[b].centre
    x, y = xa + (xb - xa) * share, ya + (yb - ya) * share
    return SeenObject(track, cls, (x - 10, y - 10, x + 10, y + 10), geo.place_of(x, y), None, label=label)


def test_a_card_pitched_on_top_of_another_still_counts(geometry: TableGeometry) -> None:
    table = Table(geometry)
    first, second = (
        thing(geometry, 100, "card_down", "seat1_cards"),
        thing(geometry, 101, "card_down", "seat1_cards"),
    )
    table.show(1.0, first, second)
    flying = between(geometry, 102, "card_down", "dealer", "seat1_cards", 0.8)
    table.show(0.1, first, second, flying)
    table.show(1.0, first, second)  # the third card landed exactly on the second: still two in view
    deals = [e for e in table.events if isinstance(e, CardsDealt)]
    assert sum(e.count for e in deals) == 3 and {e.seat for e in deals} == {1}


def test_a_card_lost_in_flight_lands_where_a_card_appears(geometry: TableGeometry) -> None:
    table = Table(geometry)
    seat1 = [
        thing(geometry, 100, "card_down", "seat1_cards"),
        thing(geometry, 101, "card_down", "seat1_cards"),
    ]
    seat2 = [thing(geometry, 102, "card_down", "seat2_cards")]
    table.show(1.0, *seat1, *seat2)
    flying = between(geometry, 103, "card_down", "dealer", "seat1_cards", 0.8)  # lost near seat 1...
    table.show(0.1, *seat1, *seat2, flying)
    second = thing(geometry, 104, "card_down", "seat2_bet")  # ...and it is seat 2's second card
    table.show(1.0, *seat1, *seat2, second)
    counts = table.cards_dealt_to(1, 2)
    assert counts == {1: 2, 2: 2}


def test_a_card_resting_on_the_felt_that_is_picked_up_is_not_a_pitch(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry)
    loose = between(geometry, 120, "card_down", "dealer", "seat1_cards", 0.8)
    table.show(1.0, *cards, loose)  # lies there longer than a pitch takes
    table.show(1.0, *cards)
    assert sum(e.count for e in table.events if isinstance(e, CardsDealt)) == 4


def test_a_card_dealt_face_up_is_one_face_up_deal_not_also_an_exposure(geometry: TableGeometry) -> None:
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat1_cards")
    table.show(1.0, down)
    table.show(1.0, down, thing(geometry, 105, "card_up", "seat1_cards", label="Kd"))
    assert "CardExposed" not in table.kinds()
    (late,) = [e for e in table.events if isinstance(e, CardsDealt) and e.face_up]
    assert (late.seat, late.cards, late.boxed) == (1, ("Kd",), False)


def test_a_card_seen_face_up_on_the_deck_then_dealt_is_boxed(geometry: TableGeometry) -> None:
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat2_cards")
    table.show(1.0, down)
    table.show(0.2, down, thing(geometry, 106, "card_up", "dealer", label="Ts"))
    boxed = thing(geometry, 107, "card_up", "seat1_cards", label="Ts")
    table.show(0.6, down, boxed)
    table.show(0.6, down)  # set aside to the muck
    table.show(1.0, down, thing(geometry, 108, "card_down", "seat1_cards"))  # its replacement
    deals = [(e.seat, e.face_up, e.boxed) for e in table.events if isinstance(e, CardsDealt)]
    assert deals == [(2, False, False), (1, True, True), (1, False, False)]


def test_a_boxed_card_flying_face_up_and_covered_at_once_by_its_replacement_is_boxed(
    geometry: TableGeometry,
) -> None:
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat2_cards")
    table.show(1.0, down)
    table.show(0.1, down, between(geometry, -1, "card_up", "dealer", "seat1_cards", 0.5, label="6h"))
    boxed = thing(geometry, 107, "card_up", "seat1_cards", label="6h")
    table.show(0.1, down, boxed)  # lands face up...
    table.show(1.0, down, thing(geometry, 108, "card_down", "seat1_cards"))  # ...and is covered at once
    deals = [(e.seat, e.face_up, e.boxed, e.cards) for e in table.events if isinstance(e, CardsDealt)]
    assert deals == [(2, False, False, ()), (1, True, True, ("6h",)), (1, False, False, ())]


def test_a_card_flying_over_a_seats_bet_zone_is_not_that_seats_card(geometry: TableGeometry) -> None:
    table = Table(geometry)
    mine = thing(geometry, 100, "card_down", "seat1_cards")
    table.show(1.0, mine)
    over = thing(geometry, 101, "card_down", "seat1_bet")  # on its way to seat 2
    table.show(0.1, mine, over)
    table.show(1.0, mine, thing(geometry, 101, "card_down", "seat2_cards"))
    deals = [(e.seat, e.count) for e in table.events if isinstance(e, CardsDealt)]
    assert deals == [(1, 1), (2, 1)]


def test_an_untracked_late_pitch_landing_on_a_seats_cards_still_counts(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry, seats=(1, 2))
    table.show(1.0, *cards)
    for share in (0.35, 0.8):  # seen at two detector calls, never confirmed by the tracker
        table.show(0.1, *cards, between(geometry, -1, "card_down", "dealer", "seat2_cards", share))
    landed = thing(geometry, -1, "card_down", "seat2_cards")
    table.show(0.1, *cards, landed)  # unconfirmed where it lands, then taken for the card it covers
    table.show(1.0, *cards)
    counts = table.cards_dealt_to(1, 2)
    assert counts == {1: 2, 2: 3}


def test_cards_thrown_toward_the_muck_untracked_are_no_pitch(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry, seats=(1, 2))
    table.show(1.0, *cards)
    for share in (0.2, 0.5):  # seat 1 throwing its cards in toward the dealer and the muck
        table.show(0.1, *cards, between(geometry, -1, "card_down", "seat1_cards", "dealer", share))
    # meanwhile seat 2's card comes out from under its hand, unconfirmed for a moment
    table.show(0.1, *cards[:3], thing(geometry, -1, "card_down", "seat2_cards"))
    table.show(1.0, *cards)
    assert sum(e.count for e in table.events if isinstance(e, CardsDealt)) == 4


@pytest.mark.parametrize(
    ("forward_again", "pushes", "returned"),
    [(True, ((100, 100), (500,)), True), (False, ((500, 100, 100),), False)],
    ids=[
        "back-to-the-stack-and-forward-again-is-a-second-motion",
        "chips-hidden-under-the-hand-are-the-same-push",
    ],
)
def test_chips_seen_after_a_trip_back_to_the_stack(
    geometry: TableGeometry, forward_again: bool, pushes: tuple[tuple[int, ...], ...], returned: bool
) -> None:
    """Chips that first show once the hand is back at the stack are a second motion only if the hand
    came forward again; otherwise it had hidden them as it let go."""
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    stack = thing(g, 9, "hand", "seat2_stack")
    over_the_bet = thing(g, 9, "hand", "seat2_bet")
    first = thing(g, 50, "chip", "seat2_bet", label="black", value=200)
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


def test_a_pushed_stack_the_tracker_loses_and_finds_again_is_counted_once(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry)
    table.show(1.0, *cards)
    g = geometry
    hand = thing(g, 9, "hand", "seat2_bet")
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, hand)
    table.show(0.1, *cards, hand, thing(g, 50, "chip", "seat2_bet", label="purple", value=500))
    table.show(0.1, *cards, hand)  # the hand hides it for a detector call...
    table.show(0.3, *cards, hand, thing(g, 51, "chip", "seat2_bet", label="purple", value=500))  # ...new id
    table.show(1.0, *cards, thing(g, 51, "chip", "seat2_bet", label="purple", value=500))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((500,),)


@pytest.mark.parametrize(("back_over_the_rail", "frames_later"), [(True, 0), (False, 2)])
def test_a_push_is_reported_once_the_hand_is_back_over_the_rail(
    geometry: TableGeometry, back_over_the_rail: bool, frames_later: int
) -> None:
    """A hand seen back on the rail has finished; one lost from view may only be hidden, and gets
    the visit's ``leave`` time before its push is reported."""
    g = geometry
    table = Table(g)
    cards = dealt(g)
    table.show(1.0, *cards)
    hand = thing(g, 9, "hand", "seat2_bet")
    chip = thing(g, 50, "chip", "seat2_bet", label="purple", value=500)
    table.show(0.3, *cards, rail_hand(g, 9, 2))
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, chip)
    withdrawn = table.frame
    table.show(1.0, *cards, chip, *([rail_hand(g, 9, 2)] if back_over_the_rail else []))
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((500,),)
    assert action.frame == withdrawn + frames_later


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


def test_cards_thrown_away_by_the_seats_own_hand_are_a_fold(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g, turn=1)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 1))
    table.show(0.3, *cards, thing(g, 7, "hand", "seat1_cards"))
    mucked = [thing(g, c.track, "card_down", "muck") for c in cards[:2]]
    table.show(1.5, *mucked, *cards[2:])
    folds = [e for e in table.events if isinstance(e, Fold)]
    assert [(e.seat, e.face_up) for e in folds] == [(1, False)]
    assert not any(isinstance(e, TableTap) for e in table.events)


def test_flop_pull_in_and_end_of_hand(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g)
    cards = dealt(g)
    bets = [thing(g, 60, "chip", "seat1_bet", value=200), thing(g, 61, "chip", "seat2_bet", value=200)]
    table.show(1.0, *cards, *bets)
    pot = thing(g, 70, "chip", "pot", value=400)
    table.show(1.0, *cards, pot)
    flop = [thing(g, 80 + i, "card_up", "board", label=c) for i, c in enumerate(("Ah", "7c", "2d"))]
    table.show(1.0, *cards, pot, *flop)
    table.show(1.5)
    kinds = table.kinds()
    assert kinds.index("ChipsPulledIn") < kinds.index("HandEnded")
    board = [e for e in table.events if isinstance(e, CardsDealt) and e.seat is None]
    assert len(board) == 1 and board[0].count == 3 and set(board[0].cards) == {"Ah", "7c", "2d"}
    assert isinstance(table.events[-1], HandEnded)
    assert sum(isinstance(e, ChipsPulledIn) for e in table.events) == 1
    assert sum(isinstance(e, HandStarted) for e in table.events) == 1


def test_a_phone_put_on_the_felt_is_placed_once(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g)
    cards = dealt(g)
    phone = thing(g, 90, "phone", "seat2_stack")
    table.show(1.0, *cards)
    table.show(2.0, *cards, phone)
    placed = [e for e in table.events if isinstance(e, ObjectPlaced)]
    assert [(e.seat, e.what.value) for e in placed] == [(2, "phone")]


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


def test_a_hand_that_leaves_chips_of_unread_value_in_the_bet_zone_bet_an_uncounted_amount(
    geometry: TableGeometry,
) -> None:
    """A chip the reader could not value adds nothing to a push, but the seat still acted: it is no
    check (a tap leaves nothing on the felt) but a chip action marked not counted, with no chips."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    hand = thing(g, 7, "hand", "seat2_bet")
    unread = thing(g, 52, "chip", "seat2_bet", label="unknown", value=0)
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, unread)
    table.show(1.5, *cards, unread)
    assert not any(isinstance(e, TableTap) for e in table.events)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.pushes, action.counted) == (2, (), False)
    assert 1.55 <= action.t <= 1.75  # when the chip landed (1.6 s)


@pytest.mark.parametrize("counted", [True, False])
def test_a_camera_that_sees_only_top_chips_marks_its_chip_actions_not_counted(
    geometry: TableGeometry, counted: bool
) -> None:
    """The same read 500 chip: a whole stack's value from the simulator's boxes, only the top chip's
    (a lower bound) from a camera that does not count stacks."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=counted)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    hand = thing(g, 7, "hand", "seat2_bet")
    chip = thing(g, 52, "chip", "seat2_bet", label="purple", value=500)
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, chip)
    table.show(1.5, *cards, chip)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.pushes, action.counted) == (2, ((500,),), counted)


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


def test_cards_thrown_in_near_the_muck_untracked_land_on_no_seat(geometry: TableGeometry) -> None:
    """A folded card first seen (unconfirmed) near the dealer's end and gone into the muck at the next
    look is no late pitch to the seat whose cards lie nearby."""
    table = Table(geometry)
    cards = dealt(geometry, seats=(1, 2))
    table.show(1.0, *cards)
    near = between(geometry, -1, "card_down", "dealer", "seat1_cards", 0.5)
    x, y = (near.box[0] + near.box[2]) / 2, (near.box[1] + near.box[3]) / 2
    near = SeenObject(-1, "card_down", (x - 20, y - 20, x + 20, y + 20), near.place, None)
    table.show(0.1, *cards, near)
    table.show(1.0, *cards, thing(geometry, 130, "card_down", "muck"))
    assert sum(e.count for e in table.events if isinstance(e, CardsDealt)) == 4


@pytest.mark.parametrize("earlier_bet", [True, False])
def test_a_tap_on_the_seats_own_bet_says_so(geometry: TableGeometry, earlier_bet: bool) -> None:
    """Chips set on top of a bet already out change nothing an overhead camera sees: the visit reads as
    a tap, marked as over the seat's own chips for the rules engine to weigh."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    blind = [thing(g, 60, "chip", "seat2_bet", label="purple", value=500)] if earlier_bet else []
    table.show(1.0, *cards, *blind)
    table.show(0.3, *cards, *blind, rail_hand(g, 7, 2))
    table.show(0.3, *cards, *blind, thing(g, 7, "hand", "seat2_bet"))
    table.show(1.0, *cards, *blind)
    [tap] = [e for e in table.events if isinstance(e, TableTap)]
    assert (tap.seat, tap.over_own_chips) == (2, earlier_bet)


def test_an_earlier_bet_read_for_the_first_time_during_a_visit_is_no_push(geometry: TableGeometry) -> None:
    """The blind's stack went unread until the hand came near; then its colour read. That is a
    reading, not chips set on top of the bet (which, read before and after, would be)."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    unread = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    read = thing(g, 60, "chip", "seat2_bet", label="purple", value=500)
    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, unread)
    table.show(0.3, *cards, unread, rail_hand(g, 7, 2))
    table.show(0.3, *cards, unread, hand)
    table.show(0.3, *cards, read, hand)
    table.show(1.0, *cards, read)
    assert not any(isinstance(e, ChipAction) for e in table.events)
    [tap] = [e for e in table.events if isinstance(e, TableTap)]
    assert tap.over_own_chips


def test_chips_the_tracker_had_not_confirmed_when_the_hand_withdrew_were_still_pushed(
    geometry: TableGeometry,
) -> None:
    """A chip box seen over several detector calls while the hand let go, but not yet a track when the
    hand was back at the rail: the seat bet (uncounted), it did not tap."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    hand = thing(g, 7, "hand", "seat2_bet")
    untracked = thing(g, -1, "chip", "seat2_bet", label="unknown", value=0)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, hand, untracked)
    table.show(0.3, *cards, untracked, rail_hand(g, 7, 2))
    assert not any(isinstance(e, TableTap) for e in table.events)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.counted) == (2, False)
    assert 1.55 <= action.t <= 1.75


def test_a_flicker_of_an_untracked_chip_box_is_no_push(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    table.show(0.3, *cards, hand)
    table.show(STEP, *cards, hand, thing(g, -1, "chip", "seat2_bet", label="unknown", value=0))
    table.show(0.3, *cards, hand)
    table.show(0.3, *cards, rail_hand(g, 7, 2))
    assert not any(isinstance(e, ChipAction) for e in table.events)
    assert sum(isinstance(e, TableTap) for e in table.events) == 1


@pytest.mark.parametrize(("under_the_hand", "after"), [("blue", "unknown"), ("blue", "purple")])
def test_from_overhead_an_earlier_bet_is_judged_topped_by_its_top_chip_once_the_hand_is_gone(
    geometry: TableGeometry, under_the_hand: str, after: str
) -> None:
    """Top chips only (a camera): the blind's 100 chip misread as a 25,000 while the hand covers it
    is no 24,900 put on top. A 500 on top that still shows once the hand is gone is chips added,
    how many unknown: an uncounted chip action."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    values = {"black": 100, "blue": 25000, "purple": 500, "unknown": 0}

    def blind(label: str) -> SeenObject:
        return thing(g, 60, "chip", "seat2_bet", label=label, value=values[label])

    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, blind("black"))
    table.show(0.3, *cards, blind("black"), rail_hand(g, 7, 2))
    table.show(0.1, *cards, blind("black"), hand)
    table.show(0.3, *cards, blind(under_the_hand), hand)
    table.show(0.3, *cards, blind(after), rail_hand(g, 7, 2))
    table.show(1.0, *cards, blind(after))
    actions = [e for e in table.events if isinstance(e, ChipAction)]
    taps = [e for e in table.events if isinstance(e, TableTap)]
    if after == "unknown":
        assert actions == [] and len(taps) == 1 and taps[0].over_own_chips
    else:
        assert taps == [] and [(a.seat, a.pushes, a.counted) for a in actions] == [(2, (), False)]
