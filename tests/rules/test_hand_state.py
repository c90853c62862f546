"""The pokerkit wrapper: seats, positions, amounts and re-opening, in the table's seat numbers."""

import pytest

from rules.hand_state import Game, HandSetup, HandState, SeatSetup, Street


def make_hand(seats=(1, 2, 3, 5, 6), button=3, game=Game.NLHE, blinds=(200, 400), stack=20000, ante=0):
    return HandState(
        HandSetup(game, blinds[0], blinds[1], button, tuple(SeatSetup(s, stack) for s in seats), bb_ante=ante)
    )


def test_blinds_sit_left_of_the_button_and_under_the_gun_acts_first():
    hand = make_hand()
    assert hand.bet_of(5) == 200 and hand.bet_of(6) == 400
    assert hand.actor == 1
    sit = hand.situation(1)
    assert (sit.current_bet, sit.to_call, sit.min_raise_to, sit.facing_opening_bet) == (400, 400, 800, True)


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop():
    hand = make_hand(seats=(2, 7), button=7)
    assert hand.bet_of(7) == 200 and hand.bet_of(2) == 400
    assert hand.actor == 7
    hand.check_or_call(7)
    hand.check_or_call(2)
    assert hand.street is Street.FLOP
    assert hand.actor == 2, "after the flop the button acts last"


def test_big_blind_ante_is_in_the_pot():
    hand = make_hand(ante=400)
    assert hand.pot_total() == 200 + 400 + 400
    assert hand.stack_of(6) == 20000 - 400 - 400


def test_playlive_54_b_pot_limit_opening_is_700_at_100_200():
    hand = make_hand(seats=(1, 2, 3), button=3, game=Game.PLO, blinds=(100, 200))
    assert hand.situation(hand.actor).max_raise_to == 700


def test_fixed_limit_raises_are_one_bet():
    hand = make_hand(game=Game.FLHE, blinds=(100, 200))
    sit = hand.situation(hand.actor)
    assert sit.min_raise_to == sit.max_raise_to == 400


def test_acting_out_of_turn_is_refused_with_the_seat_whose_turn_it_is():
    hand = make_hand()
    with pytest.raises(ValueError, match="seat 2 cannot act now; it is seat 1's turn"):
        hand.check_or_call(2)


def test_short_all_ins_reopen_cumulatively_but_not_singly():
    # Bluff Street 41.a: A bets 500, B raises to 1,000, C calls, D all-in 1,300, E all-in 1,700.
    setup = HandSetup(
        Game.NLHE,
        50,
        100,
        5,
        (
            SeatSetup(1, 10000),
            SeatSetup(2, 10000),
            SeatSetup(3, 10000),
            SeatSetup(4, 1400),
            SeatSetup(5, 1800),
        ),
    )
    hand = HandState(setup)
    while hand.street is Street.PREFLOP:
        hand.check_or_call(hand.actor)
    for seat, to in ((1, 500), (2, 1000)):
        hand.bet_or_raise_to(seat, to)
    hand.check_or_call(3)
    hand.bet_or_raise_to(4, 1300)
    assert hand.is_all_in(4)
    assert not hand.full_raise_since(2), "one short all-in is not a full raise"
    hand.bet_or_raise_to(5, 1700)
    hand.check_or_call(1)
    assert hand.actor == 2
    sit = hand.situation(2)
    assert sit.may_raise, "1,300 and 1,700 together re-open the betting to B"
    assert sit.min_raise_to == 2200
    assert not hand.full_raise_since(2), "no single full raise was made after B acted"


def test_setup_rejects_a_button_not_at_the_table():
    with pytest.raises(ValueError, match="button seat 4 is not one of the seats"):
        HandSetup(Game.NLHE, 100, 200, 4, (SeatSetup(1, 100), SeatSetup(2, 100)))


def test_side_pot_for_a_short_all_in():
    hand = HandState(
        HandSetup(Game.NLHE, 100, 200, 3, (SeatSetup(1, 1000), SeatSetup(2, 5000), SeatSetup(3, 5000)))
    )
    hand.bet_or_raise_to(3, 3000)
    hand.check_or_call(1)
    hand.check_or_call(2)
    assert hand.is_all_in(1) and not hand.is_all_in(2)
    assert hand.pots() == [(3000, (1, 2, 3)), (4000, (2, 3))]
