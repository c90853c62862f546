"""Worked betting examples of Championship Poker Association 2008 (cpa-2008.txt), Sections 3 and 6.

How these tests are built: tests/rules/betting_factories.py.
"""

from rules.hand_state import Game, Street
from rules.records import AlertKind
from tests.rules.betting_factories import (
    BET,
    CALL,
    RAISE,
    assert_cites,
    chips,
    hand_at,
    limps,
    rule,
    ruling_of,
    run_hand,
    say,
    situation,
    table,
)

CPA = "cpa_2008"
SEC3 = "Sec 3 Betting and raising"
SEC6_NL = "Sec 6 No-limit rules"
SEC6_PL = "Sec 6 Pot-limit rules"


def _cpa_all_in_20():
    """Minimum bet 100: a player goes all-in on the flop for 20."""
    return situation(table(3, (50, 100), stacks={1: 120}), 2, ("bet", 1, 20), street=Street.FLOP)


def test_cpa_2008_sec6_all_in_for_20_under_the_minimum_bet_may_be_called_for_20():
    r = rule(_cpa_all_in_20(), CPA, None, say(2, "call"))
    assert (r.action, r.to, r.adds) == (CALL, 20, 20)


def test_cpa_2008_sec6_all_in_for_20_a_raise_must_be_to_at_least_120():
    sit = _cpa_all_in_20()
    assert sit.min_raise_to == 120
    r = rule(sit, CPA, None, say(2, "raise", 100))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 120, 120)
    assert_cites(r, CPA, SEC6_NL)
    ok = rule(sit, CPA, chips(2, 100, 20))
    assert (ok.action, ok.to, ok.must_complete_to) == (RAISE, 120, None)


def test_cpa_2008_sec6_all_in_bet_under_the_minimum_bet_is_short():
    sit = situation(table(3, (50, 100), stacks={1: 120}), 1, street=Street.FLOP)
    r = rule(sit, CPA, chips(1, 10, 10))
    assert (r.action, r.to, r.all_in, r.must_complete_to) == (BET, 20, True, None)
    assert AlertKind.SHORT_ALL_IN in r.alert_kinds


def test_cpa_2008_sec6_a_bets_100_b_raises_to_200_c_must_raise_to_at_least_300():
    sit = situation(table(4, (25, 50)), 3, ("bet", 1, 100), ("raise", 2, 200), street=Street.FLOP)
    assert sit.min_raise_to == 300
    r = rule(sit, CPA, None, say(3, "raise", 250))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 300, 300)
    assert_cites(r, CPA, SEC6_NL)
    assert AlertKind.UNDER_RAISE in r.alert_kinds


def _cpa_short_all_in(*after):
    """A bets 100, B raises to 200, C all-in for 250 (less than a full raise to 300), D folds."""
    setup = table(4, (25, 50), stacks={3: 300})
    return run_hand(
        setup,
        CPA,
        *limps(4),
        say(1, "bet", 100),
        say(2, "raise", 200),
        say(3, "all_in"),
        say(4, "fold"),
        *after,
    )


def test_cpa_2008_sec6_short_all_in_b_was_not_fully_raised_and_may_not_raise_again():
    record = _cpa_short_all_in(say(1, "call"), chips(2, 100, 100, 100))
    assert AlertKind.SHORT_ALL_IN in ruling_of(record, 3).alert_kinds
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.returned) == (CALL, 250, 250)
    assert_cites(b, CPA, SEC6_NL)
    assert AlertKind.SHORT_ALL_IN in b.alert_kinds


def test_cpa_2008_sec6_short_all_in_a_could_have_raised_because_b_raised():
    record = _cpa_short_all_in(say(1, "raise", 500))
    a = ruling_of(record, 1)
    assert (a.action, a.to) == (RAISE, 500)


def test_cpa_2008_sec6_verbal_statement_and_chips_differ_the_verbal_statement_stands():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, CPA, chips(2, 1000, 1000, 1000), say(2, "call", before=False))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)
    assert_cites(r, CPA, SEC3)


def test_cpa_2008_sec6_raise_declared_with_too_few_chips_is_corrected_to_the_verbal_amount():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, CPA, chips(2, 1000, 1000), say(2, "raise", 3000))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 3_000, 3_000)


def test_cpa_2008_sec6_single_chip_without_comment_is_the_full_amount_of_the_chip():
    r = rule(situation(table(4, (100, 200)), 1, street=Street.FLOP), CPA, chips(1, 1000))
    assert (r.action, r.to) == (BET, 1_000)
    assert_cites(r, CPA, SEC6_NL)


def test_cpa_2008_sec6_larger_chip_acting_on_the_big_blind_is_a_call():
    sit = situation(table(4, (100, 200)), 3)
    r = rule(sit, CPA, chips(3, 1000))
    assert (r.action, r.to, r.returned) == (CALL, 200, 800)
    assert_cites(r, CPA, SEC3)


def test_cpa_2008_sec6_short_call_is_corrected():
    sit = situation(table(5), 3, ("bet", 1, 1_000), ("raise", 2, 3_000), street=Street.FLOP)
    r = rule(sit, CPA, chips(3, 1000, 500))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 3_000, 3_000, False)
    assert_cites(r, CPA, SEC6_NL)


def _cpa_pot_100_bet_50():
    """Pot-limit: four players each put 25 in before the flop (a 100 pot); A bets 50 on the flop."""
    sit = situation(table(4, (25, 25), game=Game.PLHE), 2, ("bet", 1, 50), street=Street.FLOP)
    assert sit.pot == 150
    return sit


def test_cpa_2008_sec6_pot_limit_raise_to_250():
    r = rule(_cpa_pot_100_bet_50(), CPA, None, say(2, "pot"))
    assert (r.action, r.to, r.adds) == (RAISE, 250, 250)


def test_cpa_2008_sec6_pot_limit_wager_over_the_pot_is_reduced_and_the_surplus_given_back():
    r = rule(_cpa_pot_100_bet_50(), CPA, chips(2, 100, 100, 100, 100, 100))
    assert (r.action, r.to, r.returned) == (RAISE, 250, 250)
    assert_cites(r, CPA, SEC6_PL)
    assert AlertKind.POT_LIMIT_OVERBET in r.alert_kinds


def test_cpa_2008_sec6_pot_limit_tournament_maximum_opening_is_3_5_big_blinds():
    sit = situation(table(4, (5, 10), game=Game.PLHE), 3)
    assert sit.max_raise_to == 35
    r = rule(sit, CPA, None, say(3, "raise", 40))
    assert (r.action, r.to) == (RAISE, 35)
    assert_cites(r, CPA, SEC6_PL)


def test_cpa_2008_sec6_pot_limit_chip_larger_than_the_pot_without_comment_is_a_pot_bet():
    sit = situation(table(4, (25, 25), game=Game.PLHE), 1, street=Street.FLOP)
    assert sit.max_raise_to == 100
    r = rule(sit, CPA, chips(1, 500))
    assert (r.action, r.to, r.returned) == (BET, 100, 400)
    assert_cites(r, CPA, SEC6_PL)


def _cpa_3_6_turn():
    """A $3-$6 fixed-limit game (blinds 1-3) on the turn, where bets are $6."""
    return hand_at(table(4, (1, 3), game=Game.FLHE), street=Street.TURN)


def test_cpa_2008_sec3_3_6_game_25_chip_on_a_6_bet_is_a_call():
    hand = _cpa_3_6_turn()
    hand.bet_or_raise_to(1, 6)
    r = rule(hand.situation(2), CPA, chips(2, 25))
    assert (r.action, r.to, r.returned) == (CALL, 6, 19)
    assert_cites(r, CPA, SEC3)
    assert AlertKind.OVERSIZED_CHIP in r.alert_kinds


def test_cpa_2008_sec3_full_bet_plus_half_a_bet_is_a_raise():
    hand = hand_at(table(4, (1, 3), game=Game.FLHE), ("bet", 1, 3), street=Street.FLOP)
    r = rule(hand.situation(2), CPA, chips(2, 1, 1, 1, 1, 1))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 6, 6)
    assert_cites(r, CPA, SEC3)


def test_cpa_2008_sec3_full_bet_plus_less_than_half_a_bet_is_a_call():
    hand = hand_at(table(4, (2, 4), game=Game.FLHE), ("bet", 1, 4), street=Street.FLOP)
    r = rule(hand.situation(2), CPA, chips(2, 1, 1, 1, 1, 1))
    assert (r.action, r.to, r.returned) == (CALL, 4, 1)


def test_cpa_2008_sec3_single_larger_chip_is_not_a_full_bet_plus_half():
    hand = hand_at(table(4, (1, 3), game=Game.FLHE), ("bet", 1, 3), street=Street.FLOP)
    r = rule(hand.situation(2), CPA, chips(2, 5))
    assert (r.action, r.to) == (CALL, 3)


def test_cpa_2008_sec15_raise_not_in_a_single_motion_is_a_string_bet():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, CPA, chips(2, pushes=((1000,), (1000, 1000))))
    assert (r.action, r.to) == (CALL, 1_000)
    assert_cites(r, CPA, "Sec 15 Tournaments")
