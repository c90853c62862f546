"""A hand turned over at showdown is tabled, once: not a card exposed and then the hand, however the
detector and the tracker catch its two cards. On hand-made scene sequences over the demo table's zones."""

from __future__ import annotations

import pytest

from tests.vision.scenes import Table, between, demo_geometry, rail_hand, thing
from tests.vision.test_deal import flop_out
from vision.deal import PAIR_WAIT_S
from vision.events import CardExposed, Fold, HandTabled
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def _up(g: TableGeometry, track: int, dx: float, score: float, label: str) -> SeenObject:
    x, y = g.by_name["seat1_cards"].centre
    box = (x + dx - 12, y - 17, x + dx + 12, y + 17)
    return SeenObject(track, "card_up", box, "seat1_cards", 1, score=score, label=label)


def _hand_over_the_cards(g: TableGeometry) -> tuple[Table, list[SeenObject], list[SeenObject], SeenObject]:
    """Showdown: seats 1 and 2 hold their cards after a flop, play under way (the betting is not part of
    these scenes), and seat 1's hand comes in over the rail and rests over its cards: the table, the hole
    cards, the flop and the hand."""
    table, cards, flop = flop_out(g)
    table.analyzer.deal_over = True
    table.show(1.0, *cards, *flop)
    hand = thing(g, 7, "hand", "seat1_cards")
    table.show(0.2, *cards, *flop, rail_hand(g, 7, 1))
    table.show(0.5, *cards, *flop, hand)
    return table, cards, flop, hand


@pytest.mark.parametrize("confirmed", [True, False], ids=["second-card-confirmed", "never-confirmed"])
def test_a_hand_turned_over_whose_second_card_the_tracker_confirms_late_is_tabled_not_exposed(
    geometry: TableGeometry, confirmed: bool
) -> None:
    """Seed + 48000 prior_chips_pulled_back: seat 3 turned both cards at once at showdown; the second was
    boxed at 0.25-0.4 and confirmed 0.5 s after the first, and an exposure was reported between the first
    and the hand. A face-up box beside the one card counted holds its exposure back for ``PAIR_WAIT_S``;
    if no second card is counted by then, the one card was exposed, dated when it began to wait."""
    g = geometry
    table, cards, flop, _ = _hand_over_the_cards(g)
    first_up = table.t
    turned = (_up(g, 130, -8, 0.8, "Ts"), _up(g, -1, 8, 0.3, "5h"))  # the second not confirmed yet
    table.show(0.2, *cards[2:], *flop, rail_hand(g, 7, 1), *turned)
    table.show(0.2, *cards[2:], *flop, *turned)
    second = _up(g, 131 if confirmed else -1, 8, 0.45 if confirmed else 0.3, "5h")
    table.show(1.5, *cards[2:], *flop, _up(g, 130, -8, 0.8, "Ts"), second)
    tabled = [(e.seat, e.cards) for e in table.events if isinstance(e, HandTabled)]
    exposed = [(e.seat, e.t) for e in table.events if isinstance(e, CardExposed)]
    if confirmed:
        assert (tabled, exposed) == ([(1, ("Ts", "5h"))], [])
    else:
        assert tabled == []
        ((seat, t),) = exposed
        assert seat == 1 and first_up <= t < first_up + PAIR_WAIT_S


def test_a_card_turned_up_under_the_seats_hand_then_the_hand_tabled_is_no_exposure(
    geometry: TableGeometry,
) -> None:
    """Seed + 48000 short_all_in, string_bet_return_to_stack and premature_river: at showdown the seat's
    hand turned its first card up, held as an exposure until the hand had gone (``_release_exposure``);
    the second came up and the hand was tabled, and the held card was then reported exposed as well."""
    g = geometry
    table, cards, flop, hand = _hand_over_the_cards(g)
    table.show(0.4, cards[1], *cards[2:], *flop, hand, _up(g, 130, -8, 0.8, "Ts"))
    both = (_up(g, 130, -8, 0.8, "Ts"), _up(g, 131, 8, 0.8, "5h"))
    table.show(0.4, *cards[2:], *flop, hand, *both)
    table.show(0.2, *cards[2:], *flop, rail_hand(g, 7, 1), *both)
    table.show(1.5, *cards[2:], *flop, *both)
    assert [(e.seat, e.cards) for e in table.events if isinstance(e, HandTabled)] == [(1, ("Ts", "5h"))]
    assert not [e for e in table.events if isinstance(e, CardExposed)]


def test_a_hand_turned_over_into_the_bet_zone_after_a_card_showed_on_the_felt_is_tabled_not_folded(
    geometry: TableGeometry,
) -> None:
    """clean_heads_up_check_down-s49000: at showdown seat 2's hand covered its cards, a card was boxed
    once on the felt as the hand turned them, and the two came to rest face up in the seat's bet zone.
    The cards gone from the seat with a card "arriving" on the felt were called a fold the moment the
    hand went, 0.1 s before the face-up cards in front lay still long enough to count as the seat's.
    Face-up cards in front of the seat hold that back: the hand is tabled."""
    g = geometry
    table, cards, flop, hand = _hand_over_the_cards(g)
    table.show(0.3, *cards[2:], *flop, hand)  # the cards in the hand
    turning = between(g, -1, "card_up", "seat1_cards", "pot", 0.3)  # boxed once as it turned them
    table.show(0.1, *cards[2:], *flop, hand, turning)
    table.show(0.3, *cards[2:], *flop, rail_hand(g, 7, 1))

    def in_front(track: int, dx: float, label: str) -> SeenObject:
        x, y = g.by_name["seat1_bet"].centre
        return SeenObject(
            track, "card_up", (x + dx - 12, y - 17, x + dx + 12, y + 17), "seat1_bet", 1, label=label
        )

    table.show(0.1, *cards[2:], *flop, in_front(-1, -8, "Ts"), in_front(-1, 8, "5h"))
    table.show(1.5, *cards[2:], *flop, in_front(140, -8, "Ts"), in_front(141, 8, "5h"))
    assert [(e.seat, e.cards) for e in table.events if isinstance(e, HandTabled)] == [(1, ("Ts", "5h"))]
    assert not [e for e in table.events if isinstance(e, Fold)]
