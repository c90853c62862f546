"""The cards part of the temporal analyzers (``vision.deal.CardWatch``, ``vision.pitches``) on
hand-made scene sequences over the demo table's zones: the deal and its order, cards pitched on top
of others or lost in flight, exposures and boxed cards, the board and the end of the hand. Cards
pitched once play is under way are in ``test_pitches``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, between, dealt, demo_geometry, pitch, rail_hand, thing
from vision.events import (
    CardsDealt,
    CardsOutOfView,
    ChipsPulledIn,
    Fold,
    HandEnded,
    HandStarted,
    HandTabled,
)
from vision.table import FELT, SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


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


def test_a_card_pitched_on_top_of_another_still_counts(geometry: TableGeometry) -> None:
    table = Table(geometry)
    first, second = (
        thing(geometry, 100, "card_down", "seat1_cards"),
        thing(geometry, 101, "card_down", "seat1_cards"),
    )
    table.show(0.6, first)  # one card at a time (the one that starts the hand is one)
    table.show(1.0, first, second)
    flying = between(geometry, 102, "card_down", "dealer", "seat1_cards", 0.8)
    table.show(0.1, first, second, flying)
    table.show(1.0, first, second)  # the third card landed exactly on the second: still two in view
    deals = [e for e in table.events if isinstance(e, CardsDealt)]
    assert sum(e.count for e in deals) == 3 and {e.seat for e in deals} == {1}


@pytest.mark.parametrize("hidden_s", [3.0, 1.0], ids=["shows-again-late", "shows-again-soon"])
@pytest.mark.parametrize("shown_landing", [False, True], ids=["hidden-at-once", "two-for-a-moment"])
def test_a_card_pitched_on_top_of_another_that_later_comes_into_view_is_no_card_more(
    geometry: TableGeometry, shown_landing: bool, hidden_s: float
) -> None:
    """Seed + 10000 undercall: seat 7's second card landed on its first, and the dealer's hand pulling
    the bets in nudged them apart: two in view, where two were counted already, is still two. Seed +
    19000 playlive_45a_multi_chip_call: the landing card showed as a second one for a detector call
    before it lay squarely on the first; two seen later are still the two counted, not three. Seed +
    27000 short_all_in: seen again 1.1 s after it landed (within ``LANDED_S``), it is the card that
    landed, not one more (the seat held three: a misdeal)."""
    table = Table(geometry)
    first, second = (
        thing(geometry, 100, "card_down", "seat1_cards"),
        thing(geometry, 101, "card_down", "seat1_cards"),
    )
    table.show(1.0, first)
    for share in (0.5, 0.8):  # on its way from the deck
        table.show(0.1, first, between(geometry, 102, "card_down", "dealer", "seat1_cards", share))
    if shown_landing:
        table.show(0.1, first, second)
    table.show(hidden_s, first)  # the second card landed exactly on the first
    assert table.cards_dealt_to(1) == {1: 2}
    table.show(1.0, first, second)  # nudged apart: both in view
    assert table.cards_dealt_to(1) == {1: 2}


def test_while_the_deal_goes_round_a_seat_holds_at_most_one_card_more_than_the_others(
    geometry: TableGeometry,
) -> None:
    """Four overlapping PLO cards: boxes seen twice, or cards flying past taken as pitched on top, can
    make a seat's count run ahead of the deal; it cannot be two cards ahead of another seat."""
    g = geometry
    table = Table(g)
    seat1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(3)]
    seat2 = [thing(g, 110 + k, "card_down", "seat2_cards") for k in range(2)]
    table.show(1.0, seat1[0])
    table.show(1.0, seat1[0], seat2[0])
    table.show(1.0, *seat1, seat2[0])  # seat 1 shows three while seat 2 holds one
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 1}
    table.show(1.0, *seat1, *seat2)  # seat 2's second card: the round went on
    assert table.cards_dealt_to(1, 2) == {1: 3, 2: 2}


def test_while_the_deal_goes_round_a_seat_holds_no_more_than_the_seat_dealt_before_it(
    geometry: TableGeometry,
) -> None:
    """Seed + 8000 premature_river, heads-up, button seat 8: seat 2 is dealt first, and seat 8's first
    card was boxed twice while seat 2 held one. The deal goes round from the seat left of the button, so
    the button's seat holds no more than seat 2 until seat 2's next card lands: one card, not a
    misdeal of two at once."""
    g = geometry
    table = Table(g)
    button = thing(g, 900, "dealer_button", "seat2_bet")  # seat 1 is dealt first, the button's seat 2 last
    seat1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(2)]
    seat2 = [thing(g, 110 + k, "card_down", "seat2_cards") for k in range(2)]
    table.show(0.5, button, seat1[0])
    table.show(0.5, button, seat1[0], *seat2)  # seat 2's one card, boxed twice
    assert table.cards_dealt_to(1, 2) == {1: 1, 2: 1}
    table.show(1.0, button, *seat1, *seat2)  # seat 1's second card: seat 2 may hold two now
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 2}


def test_a_card_pitched_onto_a_card_boxed_twice_is_not_covered(geometry: TableGeometry) -> None:
    """Seed + 16000 string_bet_multiple_motions: the button's first card was boxed twice while the seat
    dealt before it held one. Its second card came down on it and the boxes stayed two, so the pitch
    watch counted a card covered; once play began and the deal's cap lifted, the seat held three: a
    misdeal. The second card shows as the box seen twice."""
    g = geometry
    table = Table(g, turn=1)
    button = thing(g, 900, "dealer_button", "seat2_bet")  # seat 1 is dealt first, the button's seat 2 last
    seat1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(2)]
    seat2 = [thing(g, 110 + k, "card_down", "seat2_cards") for k in range(2)]
    table.show(0.5, button, seat1[0])
    table.show(0.6, button, seat1[0], *seat2)  # seat 2's one card, boxed twice
    table.show(0.5, button, *seat1, *seat2)  # seat 1's second card
    for share in (0.6, 0.9):  # seat 2's second card, flying in from the deck...
        table.show(0.1, button, *seat1, *seat2, between(g, 130, "card_down", "dealer", "seat2_cards", share))
    table.show(1.0, button, *seat1, *seat2)  # ...lands on the first: still two boxes
    table.reach(1, "seat1_bet", button, *seat1, *seat2)  # a check: play is under way
    table.show(3.0, button, *seat1, *seat2)
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 2}


@pytest.mark.parametrize(
    ("hole_cards", "shown", "pitched", "late"),
    [(4, 3, False, 0), (4, 4, False, 0), (4, 4, True, 1), (4, 3, True, 0), (2, 2, False, 1)],
    ids=[
        "plo-a-fourth-found",
        "plo-a-fifth-box",
        "plo-a-card-pitched",
        "plo-a-fourth-as-one-flies",
        "holdem-a-third",
    ],
)
def test_after_the_deal_a_card_more_is_dealt_if_a_card_flew_in_or_the_game_deals_no_more(
    geometry: TableGeometry, hole_cards: int, shown: int, pitched: bool, late: int
) -> None:
    """Seed + 8000 clean_plo_pot_bet: four overlapping PLO cards seen as three through the deal show a
    fourth during the betting, or are boxed as five, with no card in flight: no late card. A card
    pitched from the deck that lands there is one, unless the seat then shows no more than four: seed +
    40000 clean_plo_pot_bet, seat 4's fourth showed as the flop left the deck, which "landed" there. A
    third card at a hold'em seat is more than the game deals, so it is reported whatever the camera saw
    of its flight."""
    g = geometry
    table = Table(g, turn=2)
    table.analyzer.hole_cards = hole_cards
    seat1 = [thing(g, 100 + k, "card_down", "seat1_cards") for k in range(shown + 1)]
    seat2 = [thing(g, 110 + k, "card_down", "seat2_cards") for k in range(shown)]
    table.show(1.0, *seat1[:shown], *seat2)
    table.reach(2, "seat2_bet", *seat1[:shown], *seat2)  # a check: play is under way
    if pitched:
        for share in (0.5, 0.75):
            table.show(
                0.1, *seat1[:shown], *seat2, between(g, 130, "card_down", "dealer", "seat1_cards", share)
            )
    table.show(3.0, *seat1, *seat2)  # one card more at seat 1
    dealt_late = [e for e in table.events if isinstance(e, CardsDealt) and e.t > 1.5]
    assert len(dealt_late) == late


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


@pytest.mark.parametrize("shown_landing", [False, True], ids=["hidden-at-once", "two-for-a-moment"])
def test_a_card_hidden_on_landing_counts_though_the_next_seats_card_shows_before_the_count_settles(
    geometry: TableGeometry, shown_landing: bool
) -> None:
    """The deal goes round a card every 0.2 s. Seed + 19000 playlive_45a_multi_chip_call: seat 7's second
    card came down squarely on its first (showing as two for a detector call), and seat 9's, seen flying
    to it, showed there before seat 7's count had settled. The card more at seat 9 is its own flight's,
    not seat 7's lost card: seat 7 holds two."""
    g = geometry
    table = Table(g)
    seat1 = [thing(g, 100, "card_down", "seat1_cards"), thing(g, 105, "card_down", "seat1_cards")]
    seat2 = [thing(g, 101, "card_down", "seat2_cards"), thing(g, 103, "card_down", "seat2_cards")]
    table.show(1.0, seat1[0], seat2[0])
    table.show(0.1, seat1[0], seat2[0], between(g, 102, "card_down", "dealer", "seat1_cards", 0.8))
    table.show(0.1, *(seat1 if shown_landing else seat1[:1]), seat2[0])
    seat1 = seat1[:1]  # seat 1's second card lies squarely on its first
    table.show(0.1, *seat1, seat2[0], between(g, 104, "card_down", "dealer", "seat2_cards", 0.85))
    table.show(1.0, *seat1, *seat2)
    assert table.cards_dealt_to(1, 2) == {1: 2, 2: 2}


def test_a_card_resting_on_the_felt_that_is_picked_up_is_not_a_pitch(geometry: TableGeometry) -> None:
    table = Table(geometry)
    cards = dealt(geometry)
    loose = between(geometry, 120, "card_down", "dealer", "seat1_cards", 0.8)
    table.show(1.0, *cards, loose)  # lies there longer than a pitch takes
    table.show(1.0, *cards)
    assert sum(e.count for e in table.events if isinstance(e, CardsDealt)) == 4


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


def flop_out(g: TableGeometry) -> tuple[Table, list[SeenObject], list[SeenObject]]:
    """Seats 1 and 2 dealt in, then a flop on the board: the table, the hole cards, the flop."""
    table = Table(g)
    cards = dealt(g)
    table.show(1.0, *cards)
    flop = [thing(g, 80 + i, "card_up", "board") for i in range(3)]
    table.show(1.0, *cards, *flop)
    return table, cards, flop


def board_dealt(table: Table) -> list[int]:
    """The board cards each deal event put out."""
    return [e.count for e in table.events if isinstance(e, CardsDealt) and e.seat is None]


@pytest.mark.parametrize(("away", "turns"), [(3.0, 2), (0.5, 1)], ids=["set-aside", "covered"])
def test_a_board_card_taken_back_for_a_while_is_dealt_again(
    geometry: TableGeometry, away: float, turns: int
) -> None:
    """Seed + 8000 premature_turn: the turn came before the flop betting was over, was set aside while
    the betting finished, and a new turn was dealt: two turn cards dealt. A turn card a hand covers for
    half a second (and the tracker then finds afresh) is the same card."""
    g = geometry
    table, cards, flop = flop_out(g)
    table.show(1.0, *cards, *flop, thing(g, 90, "card_up", "board"))  # the turn, early
    table.show(away, *cards, *flop)  # taken back
    table.show(1.0, *cards, *flop, thing(g, 91, "card_up", "board"))  # a turn again, a new track
    assert board_dealt(table) == [3] + [1] * turns


def test_a_flop_card_lost_twice_for_less_than_the_redeal_time_is_not_dealt_again(
    geometry: TableGeometry,
) -> None:
    """Seed + 11000 all_in_not_tabled: under a warm lamp a flop card was read as a back for 0.7 s, then
    again for 1 s starting 1.7 s later. Each dip is shorter than ``REDEAL_S``, though the two together
    span more; the board whole in between starts the clock again. No card was dealt on the turn."""
    table, cards, flop = flop_out(geometry)
    for _ in range(2):
        table.show(1.2, *cards, *flop[:2], replace(flop[2], cls="card_down"))  # read as a back
        table.show(1.0, *cards, *flop)
    assert board_dealt(table) == [3]


def test_the_turn_is_one_card_even_when_a_flop_card_is_tracked_afresh(geometry: TableGeometry) -> None:
    g = geometry
    table = Table(g)
    cards = dealt(g)
    flop = [thing(g, 80 + i, "card_up", "board", label=c) for i, c in enumerate(("Ah", "7c", "2d"))]
    table.show(1.0, *cards)
    table.show(1.0, *cards, *flop)
    flop[2] = replace(flop[2], track=90)  # the tracker gives a flop card a new track as the turn lands
    table.show(1.0, *cards, *flop, thing(g, 91, "card_up", "board", label="9c"))
    board = [e for e in table.events if isinstance(e, CardsDealt) and e.seat is None]
    assert [b.count for b in board] == [3, 1], "the board grew by one card: the turn"


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


def test_a_seats_first_card_is_stamped_when_it_first_showed_though_its_count_flickered(
    geometry: TableGeometry,
) -> None:
    """Seat 1's first card gets a second box now and then, so its count settles only later; seat 2's
    card lands after it. The deal order is judged by the stamps: seat 1's must be the earlier."""
    g = geometry
    table = Table(g)
    one = thing(g, 100, "card_down", "seat1_cards")
    twin = thing(g, 101, "card_down", "seat1_cards")
    for _ in range(2):
        table.show(0.1, one)
        table.show(0.1, one, twin)
    table.show(0.2, one, thing(g, 102, "card_down", "seat2_cards"))
    table.show(1.0, one, thing(g, 102, "card_down", "seat2_cards"))
    first = {e.seat: e.t for e in table.events if isinstance(e, CardsDealt)}
    assert first[1] == pytest.approx(0.0) and first[1] < first[2]
    started = [e for e in table.events if isinstance(e, HandStarted)]
    assert len(started) == 1 and started[0].t <= first[1], "the hand starts no later than its first card"


def test_before_any_deal_a_card_that_came_with_the_seats_own_hand_starts_no_hand(
    geometry: TableGeometry,
) -> None:
    """Seed + 16000: seat 3's hand posting its blind, pale and moving, was boxed as a card down and then
    a card up over its cards for two calls; that started a hand and "boxed" a card (two false misdeals).
    The same box with no hand of the seat's there is the deal's first card."""
    g = geometry
    table = Table(g)
    table.show(0.5)
    table.show(0.2, rail_hand(g, 7, 1))
    table.show(0.3, thing(g, 7, "hand", "seat1_cards"))
    table.show(0.8, thing(g, 7, "hand", "seat1_cards"), thing(g, -1, "card_down", "seat1_cards"))
    table.show(0.2, rail_hand(g, 7, 1))
    table.show(1.5)
    assert not any(isinstance(e, HandStarted | CardsDealt) for e in table.events)
    table.show(1.5, thing(g, 100, "card_down", "seat1_cards"))  # pitched with the seat's hand away
    assert table.kinds()[0] == "HandStarted"
    assert table.cards_dealt_to(1) == {1: 1}


@pytest.mark.parametrize("pile_moves", [True, False], ids=["onto-the-pile", "the-pile-untouched"])
def test_cards_thrown_onto_the_muck_pile_that_shift_its_box_are_a_fold(
    geometry: TableGeometry, pile_moves: bool
) -> None:
    """Seed + 21000 left_with_live_hand: seat 4's hand took its cards, went back by its stack and threw
    them onto a muck the detector saw as one box; the box shifted 10-15 px under the same track (IoU
    0.7) and nothing else showed. The seat folded (it was read as cards hidden below the rail, and the
    next seat's fold as out of turn). A pile that does not move says nothing of the cards."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    x0, y0, x1, y1 = g.by_name["muck"].polygon.reshape(-1, 2).mean(axis=0).tolist() * 2
    pile = SeenObject(300, "card_down", (x0 - 16, y0 - 18, x1 + 16, y1 + 18), "muck", None)
    landed = replace(pile, box=(x0 - 8, y0 - 4, x1 + 24, y1 + 32)) if pile_moves else pile
    table.show(1.0, *cards, pile)
    table.show(0.3, *cards[:2], pile, thing(g, 7, "hand", "seat2_cards"))  # the cards in the hand
    table.show(0.3, *cards[:2], pile, rail_hand(g, 7, 2))
    table.show(2.0, *cards[:2], landed)
    folds = [e.seat for e in table.events if isinstance(e, Fold)]
    gone = [e.seat for e in table.events if isinstance(e, CardsOutOfView)]
    assert (folds, gone) == (([2], []) if pile_moves else ([], [2]))


@pytest.mark.parametrize("slid_back", [True, False], ids=["slid-back-and-gone", "gone-from-where-they-lay"])
def test_cards_slid_back_over_the_stack_and_gone_with_no_hand_seen_are_out_of_view(
    geometry: TableGeometry, slid_back: bool
) -> None:
    """Seed + 46000 cards_out_of_view: facing a bet, seat 1 slid its cards back over its stack zone and
    held them below the rail; the detector never boxed its hand. Cards seen going back toward the rail
    as they vanished went with the seat's own hand: out of view. Cards that vanish from where they lay,
    no hand seen, are not known to have gone anywhere."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    table.show(1.0, *cards)
    if slid_back:
        back = [replace(c, place="seat2_stack") for c in cards[2:]]
        table.show(0.1, *cards[:2], *back)  # over the stack zone, on their way to the rail
    table.show(2.0, *cards[:2])
    gone = [e.seat for e in table.events if isinstance(e, CardsOutOfView)]
    assert gone == ([2] if slid_back else [])


@pytest.mark.parametrize("track", [-1, 300], ids=["never-confirmed", "lost-and-found"])
def test_a_muck_card_boxed_again_where_it_lay_is_no_card_arriving(
    geometry: TableGeometry, track: int
) -> None:
    """Seed + 31000 cards_out_of_view: a muck card boxed at 0.37, first unconfirmed, then lost for 0.2 s
    and found again where it lay, "arrived" each time, so seat 1's cards, taken off the table as it
    was to act, were called a fold. Nothing reached the muck: the cards are out of view."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    x0, y0, x1, y1 = g.by_name["muck"].polygon.reshape(-1, 2).mean(axis=0).tolist() * 2
    pile = SeenObject(track, "card_down", (x0 - 16, y0 - 18, x1 + 16, y1 + 18), "muck", None)
    table.show(1.0, *cards, pile)
    table.show(0.3, *cards[:2], pile, thing(g, 7, "hand", "seat2_cards"))  # the cards in the hand
    table.show(0.3, *cards[:2], pile, rail_hand(g, 7, 2))
    table.show(0.2, *cards[:2])  # the muck card missed for two calls
    table.show(2.0, *cards[:2], pile)
    folds = [e.seat for e in table.events if isinstance(e, Fold)]
    gone = [e.seat for e in table.events if isinstance(e, CardsOutOfView)]
    assert (folds, gone) == ([], [2])


def test_a_muck_pile_boxed_two_ways_by_turns_is_no_card_arriving(geometry: TableGeometry) -> None:
    """Seed + 42000 cards_out_of_view: the detector boxed the muck pile, under one track, now one way
    and now another (IoU 0.66), switching every half second or so. Each switch back "arrived", and
    seat 1's cards, taken below the rail as it was to act, were called a fold. A box the pile had in
    the last ``LOOSE_MEMORY_S`` is the pile seen again, whichever of its boxes the track holds now."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    x0, y0, x1, y1 = g.by_name["muck"].polygon.reshape(-1, 2).mean(axis=0).tolist() * 2
    one_way = SeenObject(300, "card_down", (x0 - 16, y0 - 18, x1 + 16, y1 + 18), "muck", None)
    other = replace(one_way, box=(x0 - 13, y0 - 13, x1 + 18, y1 + 24))  # IoU 0.64 with it
    table.show(1.0, *cards, one_way)
    table.show(0.4, *cards, other)
    table.show(0.3, *cards[:2], other, thing(g, 7, "hand", "seat2_cards"))  # the cards in the hand
    table.show(0.3, *cards[:2], one_way, rail_hand(g, 7, 2))  # the first box again, 0.7 s on
    table.show(2.0, *cards[:2], other)
    folds = [e.seat for e in table.events if isinstance(e, Fold)]
    gone = [e.seat for e in table.events if isinstance(e, CardsOutOfView)]
    assert (folds, gone) == ([], [2])


def test_a_muck_card_boxed_twice_just_before_a_seats_hand_covers_its_cards_is_no_fold(
    geometry: TableGeometry,
) -> None:
    """Seed + 32000 short_all_in: a muck card was boxed a second time, untracked, 0.2 s before seat 2's
    hand came over its cards to turn them face up in front of it. The second box "arrived" in the muck
    within 0.3 s of the cards going from view, so they were called a fold (face up), and the all-in
    showdown an unshown hand. A card arriving while the seat's cards still lay at their place is not
    them."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    x0, y0, x1, y1 = g.by_name["muck"].polygon.reshape(-1, 2).mean(axis=0).tolist() * 2
    pile = SeenObject(300, "card_down", (x0 - 18, y0 - 19, x1 + 19, y1 + 19), "muck", None)
    twice = replace(pile, track=-1, box=(x0 - 14, y0 - 24, x1 + 22, y1 + 14))  # IoU 0.65 with it
    table.show(1.0, *cards, pile)
    table.show(0.1, *cards, pile, twice)
    table.show(0.1, *cards, pile)
    table.show(0.6, *cards[:2], pile, thing(g, 7, "hand", "seat2_cards"))  # the hand over the cards
    tabled = [thing(g, 20 + i, "card_up", "seat2_bet", label=label) for i, label in enumerate(("As", "Jh"))]
    table.show(1.5, *cards[:2], pile, *tabled)
    assert [e for e in table.events if isinstance(e, Fold)] == []


@pytest.mark.parametrize(
    ("change", "wait", "button_at_seat", "dealt"),
    [
        ("nudged", 0.3, True, 2),
        ("", 0.3, True, 1),
        ("nudged", 0.5, True, 2),
        ("nudged", 0.3, False, 2),
        ("shows", 0.3, True, 2),
    ],
    ids=[
        "its-cards-nudged",
        "nothing-moved",
        "landings-read-late",
        "the-button-at-no-seat",
        "its-card-shown",
    ],
)
def test_a_seat_the_deal_skipped_in_its_order_got_a_card_nobody_saw_fly(
    geometry: TableGeometry, change: str, wait: float, button_at_seat: bool, dealt: int
) -> None:
    """Seed + 32000 clean_plo_pot_bet: seat 2's fourth card merged with seat 1's cards all the way from
    the deck and came down squarely on its other three, nudging them; no flight was seen, so seat 2
    "held" three of four, a false misdeal. Seat 1's card and seat 4's were seen landing two pitches'
    time apart, and seat 2 lies between them in the deal's order: it was dealt a card. Where nothing
    moved at the skipped seat, it got none. Landing times are read a detector call apart, so the
    neighbours' gaps may read short: clean_plo_pot_bet-s46000, a 0.2 s pace, its neighbours' gaps read
    0.14-0.30 s (median 0.16 s), the gap over the skipped seat 0.44 s. And the order holds with the
    button at no seat: pot_limit_overbet-s46000's lay just off the button's bet zone. A card the skipped
    seat shows more is the card it got, none hidden too (foreign_object_drink-s46000: seat 1's second
    card showed beside its first just after seat 6's landed, and seat 1 held three)."""
    g = geometry
    table = Table(g)
    button = thing(g, 900, "dealer_button", "seat7_bet")  # the deal goes 3, 4, 7
    if not button_at_seat:
        button = replace(button, place=FELT, seat=None)
    cards = {
        s: [thing(g, 100 + 10 * s + k, "card_down", f"seat{s}_cards") for k in range(2)] for s in (3, 4, 7)
    }
    shown: list[SeenObject] = []
    table.show(0.5, button)
    for seat in (3, 4, 7):
        pitch(table, shown, cards[seat][0], button)
    pitch(table, shown, cards[3][1], button)
    x0, y0, x1, y1 = cards[4][0].box
    if change == "nudged":  # seat 4's second card comes down squarely on its first
        shown[1] = replace(cards[4][0], box=(x0 + 5, y0 + 3, x1 + 5, y1 + 3))
    if change == "shows":  # ... or beside it, as a card more
        table.show(0.05, button, *shown)
        shown.append(replace(cards[4][1], box=(x0 + 14, y0 + 6, x1 + 14, y1 + 6)))
    table.show(wait, button, *shown)
    pitch(table, shown, cards[7][1], button)
    table.show(1.5, button, *shown)
    assert table.cards_dealt_to(3, 4) == {3: 2, 4: dealt}
    # a card counted hidden at seat 4 is the one nobody saw fly; none where the seat showed its card
    assert table.analyzer.pitches.covered.get(4, 0) == (1 if change == "nudged" else 0)


def test_a_box_between_the_two_cards_a_seat_tables_is_no_third_card(geometry: TableGeometry) -> None:
    """Seed + 30000 tiny_chip: seat 9 tabled two overlapping cards (boxed at 0.92 and 0.83) and the
    detector put a third box at 0.36 between them, 90% under the two: the hand was read as three
    cards, a false misdeal_too_late. The game deals two; the box under the others is none."""
    g = geometry
    table, cards, flop = flop_out(g)
    table.analyzer.deal_over = True  # play under way (the betting is not part of this scene)
    table.show(2.0, *cards, *flop)
    x, y = g.by_name["seat1_cards"].centre

    def up(track: int, dx: float, dy: float, score: float, label: str) -> SeenObject:
        box = (x + dx - 12, y + dy - 17, x + dx + 12, y + dy + 17)
        return SeenObject(track, "card_up", box, "seat1_cards", 1, score=score, label=label)

    tabled = (up(130, -8, 6, 0.92, "Ts"), up(131, 8, -6, 0.83, "5h"), up(132, 2, -1, 0.36, "5h"))
    hand = thing(g, 7, "hand", "seat1_cards")
    table.show(0.2, *cards, *flop, rail_hand(g, 7, 1))
    table.show(0.5, *cards, *flop, hand)
    table.show(1.2, *cards[2:], *flop, *tabled, hand)  # turned over under the hand
    table.show(0.2, *cards[2:], *flop, *tabled, rail_hand(g, 7, 1))
    table.show(1.5, *cards[2:], *flop, *tabled)
    (hand_tabled,) = [e for e in table.events if isinstance(e, HandTabled)]
    assert (hand_tabled.seat, hand_tabled.cards) == (1, ("Ts", "5h"))
