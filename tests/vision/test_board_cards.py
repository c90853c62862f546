"""Board cards the detector loses where nothing moves still count (``vision.board_cards``); one the
dealer's hand lifts, which the motion gate sees, does not."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.scenes import Table, dealt, demo_geometry, thing
from tests.vision.test_deal import board_dealt
from vision.board_cards import BoardCards
from vision.events import CardsDealt
from vision.table import SeenObject, TableGeometry


def _board(g: TableGeometry, *tracks: int) -> list[SeenObject]:
    """Face-up cards side by side on the board, 30 px apart, one per track, from the left."""
    middle = thing(g, 0, "card_up", "board")
    x0, y0, x1, y1 = middle.box
    return [
        replace(middle, track=track, box=(x0 + 30 * i - 60, y0, x1 + 30 * i - 60, y1))
        for i, track in enumerate(tracks)
    ]


def test_a_card_lost_where_nothing_moved_still_counts_and_one_lifted_does_not() -> None:
    cards = BoardCards()
    a, b, c = (0, 0, 20, 30), (30, 0, 50, 30), (60, 0, 80, 30)
    assert cards.update([a, b, c], []) == 3
    assert cards.update([b, c], []) == 3  # the first unboxed, nothing moving there
    assert cards.update([(1, 1, 21, 31), b, c], []) == 3  # seen again, a pixel off: the same card
    assert cards.update([a, b], [(55, -5, 90, 40)]) == 2  # a hand over the third: lifted
    cards.clear()
    assert cards.update([], []) == 0


def test_a_flop_card_unboxed_for_a_while_is_not_dealt_again_when_it_shows() -> None:
    """Non_value_item-s56000: the flop's ace of spades, scored 0.2-0.3, went unboxed for 4 s, the turn
    came meanwhile, and the ace showing again was taken for the river, a false premature_board."""
    g = demo_geometry()
    table = Table(g)
    hole = dealt(g)
    flop = _board(g, 80, 81, 82)
    table.show(1.0, *hole)
    table.show(1.0, *hole, *flop)
    table.show(2.0, *hole, *flop[1:])  # the ace unboxed, nothing moving on the board
    turn = _board(g, 80, 81, 82, 83)[3]
    landed = table.t
    table.show(2.0, *hole, *flop[1:], turn, moving=(turn.box,))  # the turn lands
    table.show(2.0, *hole, *flop[1:], turn)
    table.show(2.0, *hole, *flop, turn)  # the ace boxed again
    assert board_dealt(table) == [3, 1]
    turn_dealt = [e.t for e in table.events if isinstance(e, CardsDealt) and e.seat is None][1]
    assert landed <= turn_dealt < landed + 1.0, "the turn is dealt as it lands, not as the ace shows"


def test_a_turn_lifted_by_the_dealer_is_dealt_again() -> None:
    """A premature turn set aside: the dealer's hand over it is motion, so it is gone; the turn dealt
    after the betting is a card dealt, not the old one seen."""
    g = demo_geometry()
    table = Table(g)
    hole = dealt(g)
    board = _board(g, 80, 81, 82, 83)
    table.show(1.0, *hole)
    table.show(1.0, *hole, *board[:3])
    table.show(1.0, *hole, *board)  # the turn, early
    table.show(0.5, *hole, *board[:3], moving=(board[3].box,))  # lifted
    table.show(3.0, *hole, *board[:3])
    table.show(1.0, *hole, *board[:3], replace(board[3], track=91), moving=(board[3].box,))
    table.show(1.0, *hole, *board[:3], replace(board[3], track=91))
    assert board_dealt(table) == [3, 1, 1]
