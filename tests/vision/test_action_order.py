"""The order betting actions reach the rules engine (``ActionAnalyzer._in_order``): a seat's chip action
is known only once its hand has gone, and actions by other seats since wait for it."""

from __future__ import annotations

import pytest

from tests.vision.scenes import Table, dealt, demo_geometry, rail_hand, thing
from vision.events import ChipAction, Fold
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def test_a_fold_while_an_earlier_bet_is_still_being_seen_comes_after_that_bet(
    geometry: TableGeometry,
) -> None:
    """Seed + 26000 cards_off_table: seat 2 bet and its visit stayed open (its second card boxed as a
    hand); seats 5 and 8 folded meanwhile, and their folds reached the rules engine before the bet: two
    false out_of_turn. A seat's action waits for another's visit that began before it and pushed chips."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    seat1, seat2 = cards[:2], cards[2:]
    x, y = g.by_name["seat2_bet"].centre
    bet = SeenObject(50, "chip", (x + 20, y - 8, x + 36, y + 8), "seat2_bet", 2, label="black", value=100)
    table.show(1.0, *cards)
    table.show(0.3, *cards, rail_hand(g, 8, 2))
    table.show(0.3, *cards, thing(g, 8, "hand", "seat2_bet"))
    table.show(0.3, *cards, thing(g, 8, "hand", "seat2_bet"), bet)
    lingering = thing(g, 8, "hand", "seat2_cards")  # seat 2's hand, still in view over its cards
    table.show(0.3, *cards, lingering, bet)
    table.show(0.3, *cards, lingering, bet, rail_hand(g, 7, 1))
    table.show(0.3, *cards, lingering, bet, thing(g, 7, "hand", "seat1_cards"))
    table.show(0.2, *seat2, lingering, bet, rail_hand(g, 7, 1))  # seat 1 takes its cards away
    mucked = [thing(g, c.track, "card_down", "muck") for c in seat1]
    table.show(1.5, *mucked, *seat2, lingering, bet)
    table.show(0.3, *mucked, *seat2, rail_hand(g, 8, 2), bet)
    table.show(1.0, *mucked, *seat2, bet)
    acted = [e for e in table.events if isinstance(e, ChipAction | Fold)]
    assert [(type(e).__name__, e.seat) for e in acted] == [("ChipAction", 2), ("Fold", 1)]
    bet, fold = acted
    assert fold.frame < bet.frame  # reported after the bet, it keeps the frame it was seen in
