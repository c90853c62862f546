"""Cards nobody saw land, read from the order of the deal (``vision.deal_order``), alone and through the
deal's card counts (``vision.deal.CardWatch``) on hand-made scenes over the demo table's zones. The
seat skipped between two landings is also in ``test_deal``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, between, demo_geometry, pitch, thing
from vision.deal_order import unseen_pitches
from vision.table import FELT, SeenObject, TableGeometry

ORDER = [3, 4, 7]  # the button at seat 7: the deal goes 3, 4, 7


def test_a_landing_two_seats_on_in_two_pitches_time_skipped_the_seat_between() -> None:
    log = [(1.0, 3), (1.2, 4), (1.4, 7), (1.6, 3), (2.0, 7)]  # seat 4 between, 0.4 s: two pitches
    between, last = unseen_pitches(ORDER, log, {3: 1.6, 4: 1.2, 7: 2.0})
    assert between is not None and between[:2] == (4, 1.6) and between.within == pytest.approx(0.4)
    assert last is None  # seat 7 is the last seat, not the one before it
    assert unseen_pitches(ORDER, [*log[:-1], (2.4, 7)], {})[0] is None  # four pitches' time: not one skipped
    assert unseen_pitches(ORDER, log, {4: 1.8})[0] is None  # seat 4's own card was seen landing


def test_a_landing_at_the_seat_before_the_last_gives_the_last_seat_a_pitch_to_look_for() -> None:
    log = [(1.0, 3), (1.2, 4), (1.4, 7), (1.6, 3), (1.8, 4)]
    between, last = unseen_pitches(ORDER, log, {7: 1.4})
    assert between is None
    assert last is not None and last[:2] == (7, 1.8)
    assert last.within == pytest.approx(1.6 * 0.2)  # within 1.6 pitches' time
    assert unseen_pitches(ORDER, log, {7: 1.9})[1] is None  # its card was seen landing after
    assert unseen_pitches(ORDER, log[:1], {}) == (None, None)  # no pace yet


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def _first_round(g: TableGeometry) -> tuple[Table, SeenObject, dict[int, list[SeenObject]], list[SeenObject]]:
    """The deal's first round, 3, 4, 7, seen landing: the table, the button, each seat's two cards, and
    the cards lying (``shown``, the first card of each seat, in that order)."""
    table = Table(g)
    button = thing(g, 900, "dealer_button", "seat7_bet")
    cards = {s: [thing(g, 100 + 10 * s + k, "card_down", f"seat{s}_cards") for k in range(2)] for s in ORDER}
    shown: list[SeenObject] = []
    table.show(0.5, button)
    for seat in ORDER:
        pitch(table, shown, cards[seat][0], button)
    return table, button, cards, shown


@pytest.mark.parametrize(
    ("nudged", "dealt"), [(True, 2), (False, 1)], ids=["its-cards-nudged", "nothing-moved"]
)
def test_the_buttons_last_card_landing_unseen_on_its_first_counts_where_its_cards_moved(
    geometry: TableGeometry, nudged: bool, dealt: int
) -> None:
    """Seed + 55000 oversized_chip_declared_raise: the button, last in the deal's order, got its second
    card squarely on its first, no flight seen; its cards' box grew a few pixels one pitch after the
    seat before it landed, and no landing came after to bracket it. The button "held" one card: a false
    misdeal, then a false "misdeal too late" as it folded. Where its cards moved that one pitch later it
    got the card; where nothing moved (the dealer skipped it: a real misdeal) it did not."""
    g = geometry
    table, button, cards, shown = _first_round(g)
    for seat in ORDER[:2]:
        pitch(table, shown, cards[seat][1], button)
    if nudged:  # the box of the button's card grows as its second comes down on it
        x0, y0, x1, y1 = cards[7][0].box
        shown[2] = replace(cards[7][0], box=(x0, y0, x1 + 4, y1 + 3))
    table.show(2.5, button, *shown)
    assert table.cards_dealt_to(3, 4, 7) == {3: 2, 4: 2, 7: dealt}


def test_a_card_seen_only_leaving_the_deck_lands_on_the_seat_that_changed_before_the_next_card_left(
    geometry: TableGeometry,
) -> None:
    """Seed + 55000 oversized_chip_declared_raise: seat 4's second card, boxed only as it left the deck,
    was placed on seat 6's cards, nearer its last place, which changed 0.2 s after seat 4's, once the next
    card had left the deck; the order of the deal then read wrong. A change after another flight from
    the deck ended is that flight's where an earlier change is there to take."""
    g = geometry
    table, button, cards, shown = _first_round(g)
    leaving = between(g, 500, "card_down", "dealer", "seat4_cards", 0.25)  # both seen heading seat 4's way
    for objects in ([leaving], [], [cards[3][1]], [replace(leaving, track=501)], [], [cards[4][1]]):
        shown += [o for o in objects if o.cls == "card_down" and o.place != FELT]
        table.show(0.05, button, *shown, *[o for o in objects if o.place == FELT], step=0.05)
    table.show(1.0, button, *shown)
    landed = table.analyzer.pitches.landed
    assert sorted(landed, key=landed.__getitem__) == [7, 3, 4]  # each flight on its own seat, in order


def test_the_buttons_last_card_seen_flying_in_and_settling_on_its_first_is_one_card(
    geometry: TableGeometry,
) -> None:
    """The last seat's card, seen flying from the deck, came down on its first, was boxed apart once and
    then merged with it, its box grown: two changes. Its flight took the first, and the card the order
    of the deal looks for there must not take the other (a third card, a false misdeal)."""
    g = geometry
    table, button, cards, shown = _first_round(g)
    for seat in ORDER[:2]:
        pitch(table, shown, cards[seat][1], button)
    for share in (0.3, 0.7):  # the button's second card in flight
        table.show(0.1, button, *shown, between(g, 300, "card_down", "dealer", "seat7_cards", share))
    x0, y0, x1, y1 = cards[7][0].box
    apart = replace(cards[7][1], box=(x0 + 8, y0 + 4, x1 + 8, y1 + 4))
    table.show(0.15, button, *shown, apart, step=0.05)  # boxed apart for a moment
    shown[2] = replace(cards[7][0], box=(x0, y0, x1 + 4, y1 + 3))  # then one box with the first, grown
    table.show(2.5, button, *shown, step=0.05)
    assert table.cards_dealt_to(3, 4, 7) == {3: 2, 4: 2, 7: 2}
