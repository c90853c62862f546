"""Card counts the camera gets wrong at the two ends of a hand (``vision.deal.CardWatch``), on hand-made
scenes over the demo table's zones: the first card of the deal boxed twice, and a tabled card boxed
twice at the showdown."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.scenes import Table, between, demo_geometry, rail_hand, thing
from tests.vision.test_deal import flop_out
from vision.events import CardsDealt, HandTabled
from vision.table import SeenObject


def test_a_box_more_at_a_seat_that_has_tabled_its_hand_is_no_card_dealt() -> None:
    """Non_value_item-s55000: seat 2 tabled its two cards at the showdown and, 0.3 s later, one of them
    was boxed twice, apart: a third card "dealt" face up, a false misdeal too late. No card is pitched to
    a hand turned over; before it was tabled, a card more with no hand near is still a late card."""
    g = demo_geometry()
    table, cards, flop = flop_out(g)
    table.analyzer.deal_over = table.analyzer.acted = (
        True  # play under way (the betting is not in this scene)
    )
    x, y = g.by_name["seat1_cards"].centre

    def up(track: int, dx: float, label: str) -> SeenObject:
        return SeenObject(
            track, "card_up", (x + dx - 12, y - 17, x + dx + 12, y + 17), "seat1_cards", 1, label=label
        )

    tabled = (up(130, -15, "Qc"), up(131, 15, "Ks"))
    table.show(0.2, *cards, *flop, rail_hand(g, 7, 1))
    table.show(0.5, *cards, *flop, thing(g, 7, "hand", "seat1_cards"))
    table.show(1.0, *cards[2:], *flop, *tabled, thing(g, 7, "hand", "seat1_cards"))
    table.show(0.2, *cards[2:], *flop, *tabled, rail_hand(g, 7, 1))
    table.show(1.0, *cards[2:], *flop, *tabled)
    assert [e.seat for e in table.events if isinstance(e, HandTabled)] == [1]
    table.show(1.5, *cards[2:], *flop, *tabled, up(132, 40, "Ks"))  # the king boxed again, apart
    assert sum(e.count for e in table.events if isinstance(e, CardsDealt) and e.seat == 1) == 2  # the deal's


def test_the_card_that_starts_the_hand_is_one_though_it_is_boxed_twice() -> None:
    """Foreign_object_second_protector-s55000: seat 8's first card, the deal's first, was boxed twice
    as it landed; the hand started with seat 8 holding two, and its second card, pitched onto the box
    seen twice, made three: a false misdeal. The dealer pitches one card at a time: the first is one,
    the box more is it boxed twice, and the next card coming down on it is no card hidden."""
    g = demo_geometry()
    table = Table(g)
    table.show(0.5)
    first = thing(g, 100, "card_down", "seat1_cards")
    x0, y0, x1, y1 = first.box
    twice = SeenObject(101, "card_down", (x0 + 6, y0 + 2, x1 + 6, y1 + 2), "seat1_cards", 1)
    table.show(0.6, first, twice)
    assert table.cards_dealt_to(1) == {1: 1}
    other = thing(g, 110, "card_down", "seat2_cards")
    table.show(0.6, first, twice, other)
    for share in (0.3, 0.7):  # seat 1's second card flies in and comes down on the box seen twice
        table.show(0.1, first, twice, other, between(g, 300, "card_down", "dealer", "seat1_cards", share))
    second = SeenObject(102, "card_down", (x0 + 9, y0 + 4, x1 + 9, y1 + 4), "seat1_cards", 1)
    table.show(0.6, first, second, other)
    other_second = thing(g, 111, "card_down", "seat2_cards")
    x0, y0, x1, y1 = other_second.box
    table.show(2.0, first, second, other, replace(other_second, box=(x0 + 12, y0, x1 + 12, y1)))
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 2}
