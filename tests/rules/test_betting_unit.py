"""Edge cases a floor person meets, one ruling at a time (Bluff Street unless a test says otherwise).

Most situations are made by hand with ``make_situation`` (NLHE 100-200 on the flop, seat 1 to act,
50,000 behind); a few come from a real ``HandState`` or run as whole hands through the engine.
"""

import pytest

from rules.betting import Pending, judge
from rules.hand_state import Game, Street
from rules.records import AlertKind
from tests.rules.betting_factories import (
    BET,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    assert_cites,
    chips,
    hand_at,
    limps,
    make_situation,
    pending,
    profile,
    rule,
    ruling_of,
    run_hand,
    say,
    situation,
    table,
)
from vision.events import PriorChips

B = "bluff_street"


def facing(bet: int, **overrides):
    """Seat 1 facing an opening bet of ``bet`` on the flop (the last full raise is the bet)."""
    base = dict(current_bet=bet, to_call=bet, last_raise=bet, min_raise_to=2 * bet, pot=1_000 + bet)
    return make_situation(**(base | overrides))


# ----- the factories themselves -------------------------------------------------------------------


def test_judge_needs_chips_or_a_declaration():
    with pytest.raises(ValueError, match="chip action, a declaration, or both"):
        judge(make_situation(), profile(B), None, None)


def test_table_factory_seats_the_blinds_and_the_first_to_act_as_documented():
    hand = hand_at(table(5, (100, 200)))
    assert (hand.bet_of(1), hand.bet_of(2), hand.actor) == (100, 200, 3)
    assert hand_at(table(5), street=Street.FLOP).actor == 1


# ----- single oversized chips ---------------------------------------------------------------------


def test_overchip_opening_bet_after_the_flop_is_a_bet_of_the_chip():
    r = rule(make_situation(), B, chips(1, 5000))
    assert (r.action, r.to, r.adds, r.returned, r.must_complete_to) == (BET, 5_000, 5_000, 0, None)
    assert_cites(r, B, "42")


def test_overchip_opening_bet_in_pot_limit_is_a_pot_bet():
    sit = make_situation(game=Game.PLHE, max_raise_to=1_000)
    r = rule(sit, B, chips(1, 5000))
    assert (r.action, r.to, r.returned) == (BET, 1_000, 4_000)
    assert_cites(r, B, "35.e.2")


def test_overchip_smaller_than_the_minimum_bet_must_be_completed():
    r = rule(make_situation(), B, chips(1, 100))
    assert (r.action, r.to, r.must_complete_to) == (BET, 200, 200)
    assert_cites(r, B, "35.e.1")


def test_overchip_facing_a_bet_is_a_call_with_change():
    r = rule(facing(1_000), B, chips(1, 5000))
    assert (r.action, r.to, r.adds, r.returned) == (CALL, 1_000, 1_000, 4_000)


def test_single_chip_equal_to_the_bet_is_a_plain_call_without_an_overchip_alert():
    r = rule(facing(1_000), B, chips(1, 1000))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 0)
    assert AlertKind.OVERSIZED_CHIP not in r.alert_kinds


# ----- declared raise with an overchip and no amount ----------------------------------------------


def test_raise_declared_with_overchip_is_the_maximum_for_the_chip():
    r = rule(facing(1_000), B, chips(1, 5000), say(1, "raise"))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 5_000, 0, None)
    assert_cites(r, B, "42")
    assert AlertKind.OVERSIZED_CHIP in r.alert_kinds


def test_raise_declared_with_overchip_bigger_than_the_stack_is_all_in():
    sit = facing(1_000, stack=3_000, max_raise_to=3_000)
    r = rule(sit, B, chips(1, 5000), say(1, "raise"))
    assert (r.action, r.to, r.all_in, r.returned) == (RAISE, 3_000, True, 2_000)


def test_raise_declared_with_overchip_over_the_pot_limit_is_the_pot():
    sit = facing(1_000, game=Game.PLHE, max_raise_to=4_000)
    r = rule(sit, B, chips(1, 5000), say(1, "raise"))
    assert (r.action, r.to, r.returned, r.all_in) == (RAISE, 4_000, 1_000, False)
    assert_cites(r, B, "35.e.2")


def test_raise_declared_with_a_chip_under_the_minimum_raise_must_be_completed():
    r = rule(facing(1_000), B, chips(1, 1000), say(1, "raise"))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_000, 2_000)
    assert_cites(r, B, "35.e.1")
    assert AlertKind.UNDER_RAISE in r.alert_kinds


# ----- invalid declarations -----------------------------------------------------------------------


def test_call_facing_no_bet_is_a_check_and_chips_put_out_go_back():
    r = rule(make_situation(), B, chips(1, 500), say(1, "call"))
    assert (r.action, r.to, r.adds, r.returned) == (CHECK, 0, 0, 500)
    assert_cites(r, B, "35.b.1")


def test_check_facing_a_bet_waits_for_a_call_or_fold_but_cannot_raise():
    p = pending(facing(1_000), B, say(1, "check"))
    assert isinstance(p, Pending) and p.may_raise is False and p.min_to is None
    assert AlertKind.INVALID_DECLARATION in p.alert_kinds


def test_check_facing_a_bet_then_raise_sized_chips_is_only_a_call():
    r = rule(facing(1_000), B, chips(1, 1000, 1000, 1000), say(1, "check"))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)


def test_check_facing_a_bet_then_raise_sized_chips_in_a_whole_hand_is_a_call():
    record = run_hand(
        table(4),
        B,
        *limps(4),
        say(1, "bet", 1000),
        say(2, "check"),
        chips(2, 1000, 1000, 1000),
    )
    r = ruling_of(record, 2)
    assert (r.action, r.to) == (CALL, 1_000)


def test_fold_facing_no_bet_is_a_binding_fold():
    r = rule(make_situation(), B, None, say(1, "fold"))
    assert r.action is FOLD
    assert_cites(r, B, "29")
    assert AlertKind.NON_STANDARD_FOLD in r.alert_kinds


# ----- "I bet the pot" ----------------------------------------------------------------------------


def test_bet_the_pot_in_no_limit_binds_a_minimum_bet():
    p = pending(make_situation(pot=5_000), B, say(1, "pot"))
    assert p.min_to == 200
    assert_cites(p, B, "47")


def test_bet_the_pot_in_no_limit_with_chips_is_the_chips_if_at_least_the_minimum():
    r = rule(make_situation(pot=5_000), B, chips(1, 1000, 1000), say(1, "pot"))
    assert (r.action, r.to, r.must_complete_to) == (BET, 2_000, None)


def test_bet_the_pot_in_no_limit_with_too_few_chips_must_be_completed_to_the_minimum():
    r = rule(facing(1_000), B, chips(1, 500), say(1, "pot"))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_000, 2_000)


def test_pot_in_pot_limit_is_the_maximum():
    sit = facing(1_000, game=Game.PLO, max_raise_to=4_000)
    r = rule(sit, B, None, say(1, "pot"))
    assert (r.action, r.to) == (RAISE, 4_000)


# ----- pot limit ----------------------------------------------------------------------------------


def test_pot_limit_overbet_in_chips_is_reduced_and_the_surplus_returned():
    sit = make_situation(game=Game.PLHE, max_raise_to=1_000)
    r = rule(sit, B, chips(1, 1000, 1000, 500))
    assert (r.action, r.to, r.returned) == (BET, 1_000, 1_500)
    assert_cites(r, B, "35.e.2")
    assert AlertKind.POT_LIMIT_OVERBET in r.alert_kinds


def test_pot_limit_overbet_declared_is_reduced():
    sit = make_situation(game=Game.PLHE, max_raise_to=1_000)
    r = rule(sit, B, None, say(1, "bet", 3000))
    assert (r.action, r.to, r.returned) == (BET, 1_000, 0)
    assert AlertKind.POT_LIMIT_OVERBET in r.alert_kinds


def test_pot_limit_bet_at_the_pot_is_not_an_overbet():
    sit = make_situation(game=Game.PLHE, max_raise_to=1_000)
    r = rule(sit, B, chips(1, 500, 500))
    assert (r.action, r.to) == (BET, 1_000)
    assert AlertKind.POT_LIMIT_OVERBET not in r.alert_kinds


# ----- fixed limit --------------------------------------------------------------------------------


def _limit_flop_facing_200():
    return situation(table(4, (100, 200), game=Game.FLHE), 2, ("bet", 1, 200), street=Street.FLOP)


def test_fixed_limit_raise_is_one_bet():
    sit = _limit_flop_facing_200()
    assert (sit.min_raise_to, sit.max_raise_to) == (400, 400)
    r = rule(sit, B, chips(2, 200, 200))
    assert (r.action, r.to) == (RAISE, 400)


def test_fixed_limit_half_a_bet_more_must_be_completed_to_the_raise():
    r = rule(_limit_flop_facing_200(), B, chips(2, 100, 100, 100))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 400, 400)
    assert_cites(r, B, "40")


def test_fixed_limit_chips_over_the_raise_are_returned():
    r = rule(_limit_flop_facing_200(), B, chips(2, 200, 200, 200, 200, 200))
    assert (r.action, r.to, r.returned) == (RAISE, 400, 600)


def test_fixed_limit_declared_raise_amount_is_the_fixed_raise():
    r = rule(_limit_flop_facing_200(), B, None, say(2, "raise", 1000))
    assert (r.action, r.to) == (RAISE, 400)
    assert pending(_limit_flop_facing_200(), B, say(2, "raise")).min_to == 400


def test_fixed_limit_turn_bet_is_the_big_bet():
    sit = situation(table(4, (100, 200), game=Game.FLHE), 1, street=Street.TURN)
    r = rule(sit, B, chips(1, 100, 100))
    assert (r.action, r.to, r.must_complete_to) == (BET, 400, 400)


def test_fixed_limit_turn_under_half_a_big_bet_more_is_a_call():
    # $3-$6 on the turn: facing a $6 bet, $8 is $2 more -- under half of the $6 bet (CPA Sec 3).
    hand = hand_at(table(4, (1, 3), game=Game.FLHE), ("bet", 1, 6), street=Street.TURN)
    r = rule(hand.situation(2), "cpa_2008", chips(2, 5, 1, 1, 1))
    assert (r.action, r.to, r.returned) == (CALL, 6, 2)


def test_fixed_limit_all_in_opening_the_turn_for_less_than_the_big_bet_is_short():
    setup = table(4, (1, 3), stacks={1: 8}, game=Game.FLHE)
    sit = situation(setup, 1, street=Street.TURN)
    assert sit.stack == 5
    r = rule(sit, "cpa_2008", chips(1, 5))
    assert (r.action, r.to, r.all_in) == (BET, 5, True)
    assert AlertKind.SHORT_ALL_IN in r.alert_kinds


# ----- tiny chips and undercalls ------------------------------------------------------------------


def test_tiny_chip_under_a_tenth_of_the_call_is_floor_discretion():
    r = rule(facing(1_000), B, chips(1, 25, 25, 25))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 1_000, 1_000, True)
    assert AlertKind.TINY_CHIP in r.alert_kinds
    assert AlertKind.UNDERCALL not in r.alert_kinds


def test_a_tenth_of_the_call_is_an_undercall_not_a_tiny_chip():
    r = rule(facing(1_000, heads_up=True), B, chips(1, 100))
    assert (r.action, r.must_complete_to, r.floor_discretion) == (CALL, 1_000, False)
    assert AlertKind.UNDERCALL in r.alert_kinds
    assert AlertKind.TINY_CHIP not in r.alert_kinds


def test_call_declared_with_too_few_chips_must_be_completed():
    r = rule(facing(1_000), B, chips(1, 500), say(1, "call"))
    assert (r.action, r.to, r.adds, r.must_complete_to) == (CALL, 1_000, 1_000, 1_000)


def test_call_declared_before_any_chips_is_settled_without_completion():
    r = rule(facing(1_000), B, None, say(1, "call"))
    assert (r.action, r.to, r.must_complete_to, r.returned) == (CALL, 1_000, None, 0)


# ----- all-in -------------------------------------------------------------------------------------


def test_all_in_for_less_than_the_call_is_a_call_all_in():
    sit = facing(1_000, stack=600, to_call=600, min_raise_to=600, max_raise_to=600)
    r = rule(sit, B, chips(1, 500, 100))
    assert (r.action, r.to, r.adds, r.all_in, r.must_complete_to) == (CALL, 600, 600, True, None)
    assert AlertKind.UNDERCALL not in r.alert_kinds


def test_all_in_declared_for_less_than_the_call_is_a_call_all_in():
    sit = facing(1_000, stack=600, to_call=600, min_raise_to=600, max_raise_to=600)
    r = rule(sit, B, None, say(1, "all_in"))
    assert (r.action, r.to, r.all_in) == (CALL, 600, True)


def test_all_in_raise_short_of_a_full_raise_is_flagged_and_does_not_reopen():
    sit = facing(1_000, stack=1_500, min_raise_to=1_500, max_raise_to=1_500)
    r = rule(sit, B, None, say(1, "all_in"))
    assert (r.action, r.to, r.all_in) == (RAISE, 1_500, True)
    assert_cites(r, B, "41.a")
    assert AlertKind.SHORT_ALL_IN in r.alert_kinds


def test_all_in_for_a_full_raise_is_not_flagged_short():
    sit = facing(1_000, stack=2_500, max_raise_to=2_500)
    r = rule(sit, B, None, say(1, "all_in"))
    assert (r.action, r.to, r.all_in) == (RAISE, 2_500, True)
    assert AlertKind.SHORT_ALL_IN not in r.alert_kinds


def test_all_in_declared_when_the_betting_was_not_reopened_is_a_call():
    r = rule(facing(1_000, may_raise=False), B, None, say(1, "all_in"))
    assert (r.action, r.to, r.all_in) == (CALL, 1_000, False)
    assert_cites(r, B, "41.a")


def test_raise_declared_above_the_stack_is_all_in():
    r = rule(facing(1_000, stack=3_000, max_raise_to=3_000), B, None, say(1, "raise", 5000))
    assert (r.action, r.to, r.all_in) == (RAISE, 3_000, True)


def test_blasters_bounty_chip_with_less_than_the_call_behind_is_an_all_in_call():
    sit = facing(1_000, stack=600, to_call=600, min_raise_to=600, max_raise_to=600)
    r = rule(sit, "blasters", chips(1, items=1))
    assert (r.action, r.to, r.all_in, r.must_complete_to) == (CALL, 600, True, 600)
    assert AlertKind.NON_VALUE_ITEM in r.alert_kinds


def test_cpa_non_tournament_item_alone_is_no_wager_and_left_to_the_floor():
    r = rule(facing(1_000), "cpa_2008", chips(1, items=1))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 1_000, 1_000, True)
    assert_cites(r, "cpa_2008", "Sec 15 Tournaments")
    assert "not allowed" in r.explanation


# ----- declared amounts ---------------------------------------------------------------------------


def test_declared_bet_below_the_minimum_bet_must_be_completed():
    r = rule(make_situation(), B, None, say(1, "bet", 100))
    assert (r.action, r.to, r.must_complete_to) == (BET, 200, 200)
    assert_cites(r, B, "35.e.1")


def test_declared_raise_with_more_chips_than_declared_gets_change():
    r = rule(facing(1_000), B, chips(1, 1000, 1000, 1000, 1000), say(1, "raise", 3000))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 3_000, 1_000, None)


def test_declared_raise_with_fewer_chips_than_declared_must_be_completed():
    r = rule(facing(1_000), B, chips(1, 1000, 1000), say(1, "raise", 3000))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 3_000, 3_000)


def test_declared_raise_when_the_betting_was_not_reopened_is_a_call():
    r = rule(facing(1_000, may_raise=False), B, chips(1, 1000, 1000, 1000), say(1, "raise"))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)
    assert_cites(r, B, "41.a")


def test_amount_at_least_the_big_blind_is_never_ambiguous():
    r = rule(make_situation(pot=50_000), B, None, say(1, "amount", 500))
    assert (r.action, r.to) == (BET, 500)
    assert AlertKind.AMBIGUOUS_AMOUNT not in r.alert_kinds


def test_ambiguous_amount_with_no_reading_within_the_pot_is_the_smallest_legal_reading():
    # "Five" at 200-400 with only 300 in the pot: 500 is the smallest reading of at least the big blind.
    r = rule(make_situation(big_blind=400, min_raise_to=400, pot=300), B, None, say(1, "amount", 5))
    assert (r.action, r.to) == (BET, 500)


def test_raise_declared_then_chips_in_a_whole_hand_is_the_chips():
    record = run_hand(
        table(4),
        B,
        *limps(4),
        say(1, "bet", 1000),
        say(2, "raise"),
        chips(2, 1000, 1000, 500),
    )
    r = ruling_of(record, 2)
    assert (r.action, r.to) == (RAISE, 2_500)


# ----- string bets --------------------------------------------------------------------------------


def test_string_bet_first_motion_short_of_the_call_is_a_call_with_the_rest_back():
    r = rule(facing(1_000), B, chips(1, pushes=((500,), (1000,)), returned=True))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (CALL, 1_000, 500, None)
    assert AlertKind.STRING_BET in r.alert_kinds


def test_several_motions_after_a_verbal_declaration_are_not_a_string_bet():
    r = rule(facing(1_000), B, chips(1, pushes=((1000,), (1000, 1000)), returned=True), say(1, "raise", 3000))
    assert (r.action, r.to) == (RAISE, 3_000)
    assert AlertKind.STRING_BET not in r.alert_kinds


# ----- prior-bet chips ----------------------------------------------------------------------------


def _bb_facing_600(prior=(25, 25)):
    """25-50, the big blind's two 25s still in front, facing a raise to 600 heads-up."""
    return situation(table(4, (25, 50)), 2, ("raise", 3, 600), ("fold", 4), ("fold", 1), prior=prior)


def test_prior_chips_combined_with_new_chips_reaching_the_call_only_is_a_call():
    r = rule(_bb_facing_600(), B, chips(2, 500, 25, 25, prior=PriorChips.COMBINED))
    assert (r.action, r.to, r.returned) == (CALL, 600, 0)
    assert AlertKind.PRIOR_CHIPS in r.alert_kinds


def test_prior_chips_partly_pulled_back_and_too_few_new_chips_is_an_undercall():
    r = rule(_bb_facing_600(), B, chips(2, 500, prior=PriorChips.PARTLY_PULLED_BACK, pulled=(25,)))
    assert (r.action, r.to, r.must_complete_to) == (CALL, 600, 600)
    assert AlertKind.UNDERCALL in r.alert_kinds


def test_prior_chips_pulled_back_do_not_count_as_change():
    r = rule(_bb_facing_600(), B, chips(2, 500, 100, prior=PriorChips.PULLED_BACK))
    # 600 in front after the 25s went back to the stack: exactly the call, no change due.
    assert (r.action, r.to, r.adds, r.returned, r.must_complete_to) == (CALL, 600, 550, 0, None)


def test_prior_chips_covering_the_call_pulled_back_then_an_overchip_is_a_bet_of_the_chip():
    # Bluff Street 43.b.2: the BB's 1k chip covers a raise to 700; pulled back, a 5k chip is a bet of 5,000.
    sit = situation(table(4, (50, 100)), 2, ("raise", 3, 700), ("fold", 4), ("fold", 1), prior=(1000,))
    r = rule(sit, B, chips(2, 5000, prior=PriorChips.PULLED_BACK))
    assert (r.action, r.to, r.returned) == (RAISE, 5_000, 0)
    assert_cites(r, B, "43.a.3")
