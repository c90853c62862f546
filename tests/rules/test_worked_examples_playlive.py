"""Worked betting examples of PlayLive Melbourne (playlive-melbourne.txt), rules 41-61 and RP-21.

How these tests are built: tests/rules/betting_factories.py.
"""

from rules.hand_state import Game, Street
from rules.records import AlertKind
from tests.rules.betting_factories import (
    BET,
    CALL,
    CHECK,
    RAISE,
    assert_cites,
    bluff_41_a_hand,
    chips,
    flop_with_pot,
    limps,
    pending,
    rule,
    ruling_of,
    run_hand,
    say,
    situation,
    table,
)
from vision.events import PriorChips

PL = "playlive"


def test_playlive_41_single_1k_chip_facing_50k_is_td_discretion_possibly_a_full_call():
    sit = situation(table(4, (2_000, 4_000)), 2, ("bet", 1, 50_000), street=Street.FLOP)
    r = rule(sit, PL, chips(2, 1000))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 50_000, 50_000, True)
    assert_cites(r, PL, "41")


def test_playlive_42_c_raise_without_amount_or_chips_waits_for_the_amount():
    sit = situation(table(4, (100, 200)), 2, ("bet", 1, 1_000), street=Street.FLOP)
    p = pending(sit, PL, say(2, "raise"))
    assert p.min_to == 2_000 and p.may_raise


def _pl_opening_1000():
    return situation(table(4, (100, 200)), 2, ("bet", 1, 1_000), street=Street.FLOP)


def test_playlive_43_a_fourteen_hundred_declared_facing_1000_is_a_call():
    r = rule(_pl_opening_1000(), PL, None, say(2, "amount", 1400))
    assert (r.action, r.to) == (CALL, 1_000)
    assert_cites(r, PL, "43-A")


def test_playlive_43_a_1400_pushed_silently_facing_1000_is_a_call():
    r = rule(_pl_opening_1000(), PL, chips(2, 1000, 100, 100, 100, 100))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 400)
    assert_cites(r, PL, "43-A")


def test_playlive_43_a_1400_with_raise_declared_first_is_a_minimum_raise():
    r = rule(_pl_opening_1000(), PL, chips(2, 1000, 100, 100, 100, 100), say(2, "raise"))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_000, 2_000)
    assert_cites(r, PL, "52-A")


def test_playlive_43_b_raise_eight_thousand_is_a_total_bet_of_8000():
    sit = situation(table(4, (100, 200)), 2, ("bet", 1, 2_000), street=Street.FLOP)
    r = rule(sit, PL, None, say(2, "raise", 8000))
    assert (r.action, r.to, r.adds) == (RAISE, 8_000, 8_000)


def test_playlive_44_overchip_including_the_last_chip_is_a_call():
    sit = situation(table(4, (100, 200), stacks={2: 5_200}), 2, ("bet", 1, 1_000), street=Street.FLOP)
    assert sit.stack == 5_000
    r = rule(sit, PL, chips(2, 5000))
    assert (r.action, r.to, r.all_in, r.returned) == (CALL, 1_000, False, 4_000)
    assert_cites(r, PL, "44")


def test_playlive_44_raise_declared_with_overchip_and_no_amount_is_the_maximum_for_the_chip():
    r = rule(_pl_opening_1000(), PL, chips(2, 5000), say(2, "raise"))
    assert (r.action, r.to) == (RAISE, 5_000)
    assert_cites(r, PL, "44")


def test_playlive_44_overchip_not_facing_a_bet_is_a_bet_of_the_chip():
    sit = situation(table(4, (100, 200)), 1, street=Street.FLOP)
    r = rule(sit, PL, chips(1, 1000))
    assert (r.action, r.to) == (BET, 1_000)
    assert_cites(r, PL, "44")


def test_playlive_45_a_ex1_500_and_1000_is_call():
    # A opens for 400, B raises to 1,100, C silently puts out one 500 and one 1,000.
    sit = situation(table(4, (100, 200)), 3, ("bet", 1, 400), ("raise", 2, 1_100), street=Street.FLOP)
    r = rule(sit, PL, chips(3, 500, 1000))
    assert (r.action, r.to, r.returned) == (CALL, 1_100, 400)
    assert r.citations[0].profile == PL and r.citations[0].rule == "45-A"


def _pl_45_a_ex2():
    """NLHE 25-50, post-flop A opens for 1,050; B has exactly two 1,000 chips left."""
    sit = situation(table(4, (25, 50), stacks={2: 2_050}), 2, ("bet", 1, 1_050), street=Street.FLOP)
    assert sit.stack == 2_000
    return sit


def test_playlive_45_a_ex2_last_two_1000s_facing_1050_is_a_call():
    r = rule(_pl_45_a_ex2(), PL, chips(2, 1000, 1000))
    assert (r.action, r.to, r.all_in, r.returned) == (CALL, 1_050, False, 950)
    assert_cites(r, PL, "45-A")


def test_playlive_45_a_ex2_all_in_declared_first_is_all_in():
    r = rule(_pl_45_a_ex2(), PL, chips(2, 1000, 1000), say(2, "all_in"))
    assert (r.action, r.to, r.all_in) == (RAISE, 2_000, True)


def test_playlive_45_b_1_chips_not_all_needed_with_chips_behind_go_by_the_50_percent_standard():
    r = rule(_pl_opening_1000(), PL, chips(2, 1000, 500))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_000, 2_000)
    assert_cites(r, PL, "45-A")
    assert_cites(r, PL, "43-A")


def test_playlive_45_b_2_last_chips_under_the_50_percent_line_are_an_all_in_bet():
    sit = situation(table(4, (100, 200), stacks={2: 1_400}), 2, ("bet", 1, 1_000), street=Street.FLOP)
    assert sit.stack == 1_200
    r = rule(sit, PL, chips(2, 1000, 100, 100))
    assert (r.action, r.to, r.all_in, r.returned) == (RAISE, 1_200, True, 0)
    assert_cites(r, PL, "45-B-2")
    assert AlertKind.SHORT_ALL_IN in r.alert_kinds


def _pl_46(prior):
    return situation(table(4, (25, 50)), 2, ("raise", 3, 600), ("fold", 4), ("fold", 1), prior=prior)


def test_playlive_46_c_1_prior_chips_left_alone_an_overchip_is_a_call():
    r = rule(_pl_46((25, 25)), PL, chips(2, 1000, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned) == (CALL, 600, 450)
    assert_cites(r, PL, "44")


def test_playlive_46_c_1_prior_chips_pulled_back_an_overchip_is_a_call():
    r = rule(_pl_46((25, 25)), PL, chips(2, 1000, prior=PriorChips.PULLED_BACK))
    assert (r.action, r.to, r.returned) == (CALL, 600, 400)


def test_playlive_46_c_1_prior_chips_left_alone_multiple_new_chips_raise_by_the_50_percent_standard():
    r = rule(_pl_46((25, 25)), PL, chips(2, 1000, 500, prior=PriorChips.LEFT))
    assert (r.action, r.to) == (RAISE, 1_550)


def test_playlive_46_c_2_prior_chips_partly_pulled_back_the_combined_bet_reaching_50_percent_is_a_raise():
    r = rule(_pl_46((25, 25)), PL, chips(2, 1000, prior=PriorChips.PARTLY_PULLED_BACK, pulled=(25,)))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 1_150, 1_150)
    assert_cites(r, PL, "46-C-2")


def test_playlive_46_c_2_prior_chips_covering_the_call_combined_bet_under_50_percent_is_a_call():
    # Level 50-100, the BB's prior 1k chip covers a raise to 900 (an 800 raise): adding a 25 makes
    # 1,025 in all, a 125 raise -- under half of 800, so a call of 900 with 125 back.
    sit = situation(table(4, (50, 100)), 2, ("raise", 3, 900), ("fold", 4), ("fold", 1), prior=(1000,))
    r = rule(sit, PL, chips(2, 25, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned) == (CALL, 900, 125)
    assert_cites(r, PL, "46-C-2")


def test_playlive_47_a_cumulative_short_all_ins_reopen_and_the_minimum_raise_is_the_last_full_raise():
    record = bluff_41_a_hand(PL, say(2, "raise", 2000))
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 2_200, 2_200)
    assert_cites(ruling_of(record, 5), PL, "47-A")


def test_playlive_51_b_undercall_heads_up_is_a_mandatory_full_call():
    sit = situation(table(4), 2, ("bet", 1, 2_000), street=Street.FLOP, preflop=(("fold", 3), ("fold", 4)))
    r = rule(sit, PL, chips(2, 1000))
    assert (r.action, r.must_complete_to, r.floor_discretion) == (CALL, 2_000, False)
    assert_cites(r, PL, "51-B")


def test_playlive_52_a_underraise_to_1000_is_corrected_to_1200():
    record = run_hand(
        table(6, (100, 200)),
        PL,
        *limps(6),
        say(1, "bet", 600),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "call"),
        say(5, "fold"),
    )
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 1_200, 1_200)
    assert_cites(b, PL, "52-A")
    assert ruling_of(record, 4).to == 1_200


def test_playlive_54_b_ex2_short_big_blind_does_not_change_the_pot_limit_opening_of_700():
    # PLO 100-200: the small blind posts 100, the big blind is all-in posting 100.
    setup = table(4, (100, 200), stacks={2: 100}, game=Game.PLO)
    sit = situation(setup, 3)
    r = rule(sit, PL, None, say(3, "pot"))
    assert r.to == 700


def test_playlive_54_b_full_blinds_pot_limit_opening_is_700():
    sit = situation(table(4, (100, 200), game=Game.PLO), 3)
    r = rule(sit, PL, None, say(3, "pot"))
    assert (r.action, r.to) == (RAISE, 700)


def test_playlive_54_d_i_bet_the_pot_in_no_limit_binds_a_minimum_bet():
    sit = situation(table(4, (100, 200)), 1, street=Street.FLOP)
    p = pending(sit, PL, say(1, "pot"))
    assert p.min_to == 200
    assert_cites(p, PL, "54-D")


def test_playlive_55_a_call_facing_no_bet_is_a_check():
    r = rule(situation(table(4), 1, street=Street.FLOP), PL, None, say(1, "call"))
    assert r.action is CHECK
    assert_cites(r, PL, "55")


def test_playlive_55_check_facing_a_bet_may_not_raise():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, PL, chips(2, 5000), say(2, "check"))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 4_000)
    assert_cites(r, PL, "55")


def test_playlive_56_a_bet_in_two_motions_is_a_string_bet_even_without_a_return_to_the_stack():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, PL, chips(2, pushes=((1000,), (1000, 1000))))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)
    assert_cites(r, PL, "56")
    assert AlertKind.STRING_BET in r.alert_kinds


def test_playlive_57_i_bet_five_with_a_pot_under_5000_is_500():
    sit = flop_with_pot(400)
    r = rule(sit, PL, None, say(1, "amount", 5))
    assert (r.action, r.to) == (BET, 500)
    assert_cites(r, PL, "57")


def test_playlive_57_i_bet_five_with_a_pot_of_5000_or_more_is_5000():
    sit = flop_with_pot(2_000)
    r = rule(sit, PL, None, say(1, "amount", 5))
    assert (r.action, r.to) == (BET, 5_000)


def test_playlive_57_the_pot_includes_bets_in_front_of_players_not_yet_pulled_in():
    # Pot 3,200 before the flop bet; seat 1 bets 2,000 (still in front): "five" now reads 5,000.
    sit = situation(table(4, (200, 400)), 2, ("raise", 3, 800), ("calls",), ("bet", 1, 2_000))
    assert sit.street is Street.FLOP and sit.pot == 5_200
    r = rule(sit, PL, None, say(2, "amount", 5))
    assert (r.action, r.to) == (RAISE, 5_000)
    assert_cites(r, PL, "57")


def test_playlive_61_325_faced_and_525_put_out_is_a_raise_to_650():
    sit = situation(table(4, (50, 100)), 2, ("bet", 1, 325), street=Street.FLOP)
    r = rule(sit, PL, chips(2, 500, 25))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 650, 650)
    assert_cites(r, PL, "61")
    assert AlertKind.OVERBET_FOR_CHANGE in r.alert_kinds


def test_playlive_rp_21_bounty_chip_alone_is_td_discretion_call_or_all_in():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, PL, chips(2, items=1))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 1_000, 1_000, True)
    assert_cites(r, PL, "RP-21")
    assert AlertKind.NON_VALUE_ITEM in r.alert_kinds
