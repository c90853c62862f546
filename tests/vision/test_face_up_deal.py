"""Face-up cards in the deal: boxed (found face up in the deck, set aside) or exposed by the dealer,
reported once each, whatever the tracker does. On hand-made scene sequences over the demo table's
zones; the count of each seat's cards is in ``test_deal``."""

from __future__ import annotations

import pytest

from tests.vision.scenes import Table, between, dealt, demo_geometry, rail_hand, thing
from vision.card_faces import WHITE_RING
from vision.events import CardExposed, CardsDealt
from vision.table import TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def test_a_card_dealt_face_up_is_one_face_up_deal_not_also_an_exposure(geometry: TableGeometry) -> None:
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat1_cards")
    table.show(1.0, down)
    # left lying (not set aside as a boxed card would be), it is reported once the deal has gone on
    table.show(2.5, down, thing(geometry, 105, "card_up", "seat1_cards", label="Kd"))
    assert "CardExposed" not in table.kinds()
    (late,) = [e for e in table.events if isinstance(e, CardsDealt) and e.face_up]
    assert (late.seat, late.cards, late.boxed) == (1, ("Kd",), False)


def test_an_exposed_card_tracked_afresh_is_one_exposure(geometry: TableGeometry) -> None:
    """Seed + 8000 card_exposed_action_pending: seat 1's exposed card, covered by its hand as it bet and
    given a new track after, is still the one card exposed."""
    g = geometry
    table = Table(g, turn=1)
    cards = dealt(g)
    table.show(1.0, *cards)
    table.show(1.0, cards[0], *cards[2:], thing(g, 120, "card_up", "seat1_cards"))  # turned up
    table.show(0.5, cards[0], *cards[2:], thing(g, 9, "hand", "seat1_cards"))  # the hand covers it
    table.show(1.0, cards[0], *cards[2:], thing(g, 121, "card_up", "seat1_cards"))  # a new track
    assert [e.seat for e in table.events if isinstance(e, CardExposed)] == [1]


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


@pytest.mark.parametrize(("where", "boxed"), [("felt", True), ("seat3_stack", False)])
def test_a_face_up_box_in_a_seats_stack_is_no_card_off_the_deck_face_up(
    geometry: TableGeometry, where: str, boxed: bool
) -> None:
    """misdeal_exposed_first_card-s36000: a stack boxed as a face-up card for one detector call before
    the deal made the first card, which the dealer turned up as it landed, a boxed one (a card_exposed
    beside the misdeal). No pitch flies over a seat's stack zone, behind its cards; a face-up card in
    flight over the felt is one off the deck face up, as before."""
    table = Table(geometry)
    if where == "felt":
        table.show(0.1, between(geometry, -1, "card_up", "dealer", "seat1_cards", 0.3))
    else:
        table.show(0.1, thing(geometry, -1, "card_up", where))
    table.show(1.0)
    up = thing(geometry, 107, "card_up", "seat1_cards")
    table.show(0.6, up)
    table.show(1.0, up, thing(geometry, 100, "card_down", "seat2_cards"))  # the deal goes on
    deals = [(e.seat, e.face_up, e.boxed) for e in table.events if isinstance(e, CardsDealt)]
    assert deals == [(1, True, boxed), (2, False, False)]


def test_a_card_dealt_face_up_confirmed_by_the_tracker_late_is_no_new_exposure(
    geometry: TableGeometry,
) -> None:
    """misdeal_boxed_cards-s36000: the boxed card landed face up untracked (its deal report held, boxed
    or exposed); the tracker confirmed it 0.6 s later, which read as a new exposure, ended the deal, and
    the card set aside was taken for one the dealer exposed (a misdeal at the first boxed card, the real
    one at the second missed). It is the card already reported: no exposure, and boxed once the dealer
    takes it."""
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat2_cards")
    table.show(1.0, down)
    table.show(0.6, down, thing(geometry, -1, "card_up", "seat1_cards"))  # lands face up, untracked
    table.show(0.1, down, thing(geometry, 107, "card_up", "seat1_cards"))  # confirmed
    table.show(1.2, down)  # set aside to the muck
    table.show(1.0, down, thing(geometry, 108, "card_down", "seat1_cards"))  # its replacement
    assert not any(isinstance(e, CardExposed) for e in table.events)
    deals = [(e.seat, e.face_up, e.boxed) for e in table.events if isinstance(e, CardsDealt)]
    assert deals == [(2, False, False), (1, True, True), (1, False, False)]


def test_a_boxed_card_confirmed_by_the_tracker_late_is_reported_once(geometry: TableGeometry) -> None:
    """misdeal_boxed_cards-s37000: the card seen face up on the deck landed untracked and was reported
    boxed; once the tracker confirmed it, under a new track, it was reported boxed again: two boxed
    cards, a misdeal at the first (the real one came at the second boxed card, at another seat)."""
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat2_cards")
    table.show(1.0, down)
    table.show(0.2, down, thing(geometry, 106, "card_up", "dealer"))
    table.show(0.6, down, thing(geometry, -1, "card_up", "seat1_cards"))  # lands, untracked
    table.show(0.3, down, thing(geometry, 107, "card_up", "seat1_cards"))  # confirmed
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


@pytest.mark.parametrize(
    ("label", "share", "boxed"), [(WHITE_RING, 0.2, True), ("", 0.2, False), (WHITE_RING, 0.8, False)]
)
def test_a_boxed_card_blurred_face_down_with_a_faces_white_ring_by_the_deck_is_boxed(
    geometry: TableGeometry, label: str, share: float, boxed: bool
) -> None:
    """Seed + 25000 misdeal_boxed_cards: the boxed card, flying face up, was boxed face down in flight
    (a blur), so its landing face up was taken for a card the dealer exposed: a misdeal. A face-down
    box with a face's white ring (``vision.card_faces.WHITE_RING``) near the deck is a card leaving it
    face up; one with no white ring, or nearer the seat (a card the dealer turns over on its way), is
    not."""
    table = Table(geometry)
    down = thing(geometry, 100, "card_down", "seat2_cards")
    table.show(1.0, down)
    table.show(0.1, down, between(geometry, -1, "card_down", "dealer", "seat1_cards", share, label=label))
    table.show(0.1, down, thing(geometry, 107, "card_up", "seat1_cards", label="6h"))  # lands face up...
    table.show(1.0, down, thing(geometry, 108, "card_down", "seat1_cards"))  # ...and is covered at once
    deals = [(e.seat, e.face_up, e.boxed) for e in table.events if isinstance(e, CardsDealt)]
    assert ((1, True, True) in deals) == boxed


@pytest.mark.parametrize("stays", [False, True], ids=["it-was-the-hand", "the-card-stays-up"])
def test_a_face_up_card_boxed_where_a_hand_is_boxed_is_held_till_the_hand_has_gone(
    geometry: TableGeometry, stays: bool
) -> None:
    """Seed + 38000 out_of_turn: seat 4's hand, coming in over its cards to bet, was boxed as a face-up
    card (0.54) and as a hand (0.36) in one call, before it was a visit of the seat's: a false exposure.
    Such a card is an exposure only if a card still shows face up once the hand has gone."""
    g = geometry
    table = Table(g, turn=1)
    cards = dealt(g)
    table.show(1.0, *cards)
    up = thing(g, 130, "card_up", "seat1_cards", label="Kd")
    # the hand, boxed as a face-up card over seat 1's second card and as a hand (unconfirmed)
    table.show(0.1, cards[0], up, *cards[2:], thing(g, -1, "hand", "seat1_cards"))
    table.show(0.4, *cards, thing(g, 9, "hand", "seat1_cards"))
    table.show(0.2, *cards, rail_hand(g, 9, 1))
    table.show(1.5, cards[0], *([up] if stays else cards[1:2]), *cards[2:])
    exposed = [(e.seat, e.card) for e in table.events if isinstance(e, CardExposed)]
    assert exposed == ([(1, "Kd")] if stays else [])
