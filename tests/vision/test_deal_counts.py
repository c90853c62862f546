"""Card counts the camera gets wrong at the two ends of a hand (``vision.deal.CardWatch``), on hand-made
scenes over the demo table's zones: the first card of the deal boxed twice, and a tabled card boxed
twice at the showdown."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.scenes import Table, between, demo_geometry, rail_hand, thing
from tests.vision.test_deal import board_dealt, flop_out
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


def test_a_board_card_lost_for_a_moment_as_a_turn_is_taken_back_makes_the_new_turn_one_card() -> None:
    """Premature_turn-s56000: the ace on the flop, read at 0.2-0.3, went unseen for 0.9 s as the early
    turn was set aside: the board dipped to two cards for 0.3 s, came back to three, and the turn dealt
    again 4 s later was taken for two cards, a premature river. A count the board comes back up to before
    ``REDEAL_S`` is the one the next cards are dealt onto. (Here every card lies at the board's middle,
    so ``vision.board_cards`` cannot tell the ace from the turn: the dip is the deal's to judge.)"""
    g = demo_geometry()
    table, cards, flop = flop_out(g)
    table.show(1.0, *cards, *flop, thing(g, 90, "card_up", "board"))  # the turn, early
    table.show(0.6, *cards, *flop[1:], thing(g, 90, "card_up", "board"))  # the ace unseen a moment
    table.show(0.6, *cards, *flop[1:])  # the turn set aside
    table.show(4.0, *cards, *flop)  # the ace seen again
    table.show(1.0, *cards, *flop, thing(g, 91, "card_up", "board"))  # the turn again
    assert board_dealt(table) == [3, 1, 1]
