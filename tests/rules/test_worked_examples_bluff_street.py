"""Worked betting examples of Bluff Street Poker (bluff-street-poker.txt), rules 5-48.

How these tests are built: tests/rules/betting_factories.py.
"""

from rules.hand_state import Game, Street
from rules.records import AlertKind
from tests.rules.betting_factories import (
    BET,
    CALL,
    CHECK,
    RAISE,
    alert_kinds,
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

BLUFF = "bluff_street"


def test_bluff_street_5_five_with_a_5k_chip_pot_under_5000_is_bet_of_500():
    sit = flop_with_pot(400)
    assert sit.pot == 1_600
    r = rule(sit, BLUFF, chips(1, 5000), say(1, "amount", 5))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (BET, 500, 4_500, None)
    assert_cites(r, BLUFF, "5")
    assert AlertKind.AMBIGUOUS_AMOUNT in r.alert_kinds


def test_bluff_street_5_five_with_a_5k_chip_pot_of_exactly_5000_is_bet_of_5000():
    sit = flop_with_pot(1_250)
    assert sit.pot == 5_000
    r = rule(sit, BLUFF, chips(1, 5000), say(1, "amount", 5))
    assert (r.action, r.to, r.returned) == (BET, 5_000, 0)
    assert_cites(r, BLUFF, "5")


def test_bluff_street_5_five_pot_over_5000_is_bet_of_5000():
    sit = flop_with_pot(2_000)
    r = rule(sit, BLUFF, None, say(1, "amount", 5))
    assert (r.action, r.to) == (BET, 5_000)
    assert_cites(r, BLUFF, "5")


def test_bluff_street_35_b_1_call_facing_no_bet_is_a_check():
    sit = situation(table(4), 1, street=Street.FLOP)
    r = rule(sit, BLUFF, None, say(1, "call"))
    assert r.action is CHECK
    assert_cites(r, BLUFF, "35.b.1")
    assert AlertKind.INVALID_DECLARATION in r.alert_kinds


def test_bluff_street_35_b_1_raise_facing_no_bet_binds_a_minimum_bet():
    sit = situation(table(4, (100, 200)), 1, street=Street.FLOP)
    p = pending(sit, BLUFF, say(1, "raise"))
    assert p.min_to == 200
    assert_cites(p, BLUFF, "35.b.1")
    r = rule(sit, BLUFF, chips(1, 100), say(1, "raise"))
    assert (r.action, r.to, r.must_complete_to) == (BET, 200, 200)


def test_bluff_street_35_b_1_check_facing_a_bet_may_call_but_not_raise():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    p = pending(sit, BLUFF, say(2, "check"))
    assert p.may_raise is False
    r = rule(sit, BLUFF, chips(2, 1000, 1000, 1000), say(2, "check"))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)
    assert_cites(r, BLUFF, "35.b.1")


def test_bluff_street_35_c_declaring_two_hundred_is_the_same_as_pushing_200():
    sit = situation(table(4, (50, 100)), 1, street=Street.FLOP)
    spoken = rule(sit, BLUFF, None, say(1, "amount", 200))
    pushed = rule(sit, BLUFF, chips(1, 100, 100))
    assert (spoken.action, spoken.to) == (pushed.action, pushed.to) == (BET, 200)


def test_bluff_street_35_e_1_underraise_to_1000_is_corrected_to_1200_for_all_bettors():
    # NLHE 100-200, post-flop A opens for 600 and B raises to 1,000 (a 200 under-raise); C and D call.
    setup = table(6, (100, 200))
    record = run_hand(
        setup,
        BLUFF,
        *limps(6),
        say(1, "bet", 600),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "call"),
        say(5, "fold"),
    )
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 1_200, 1_200)
    assert_cites(b, BLUFF, "35.e.1")
    assert AlertKind.UNDER_RAISE in alert_kinds(record, 2)
    assert ruling_of(record, 3).to == ruling_of(record, 4).to == 1_200


def test_bluff_street_35_e_2_pot_limit_bet_over_the_pot_is_corrected():
    setup = table(4, (100, 200), game=Game.PLHE)
    sit = situation(setup, 1, street=Street.FLOP)
    assert sit.max_raise_to == 800
    r = rule(sit, BLUFF, chips(1, 1000))
    assert (r.action, r.to, r.returned) == (BET, 800, 200)
    assert_cites(r, BLUFF, "35.e.2")
    assert AlertKind.POT_LIMIT_OVERBET in r.alert_kinds


def test_bluff_street_37_two_1000s_facing_1200_is_call():
    # Pre-flop 200-400: A raises to 1,200, B silently puts out two 1,000 chips.
    sit = situation(table(5, (200, 400)), 4, ("raise", 3, 1_200))
    r = rule(sit, BLUFF, chips(4, 1000, 1000))
    assert (r.action, r.to, r.returned, r.all_in) == (CALL, 1_200, 800, False)
    assert r.citations[0].profile == BLUFF and r.citations[0].rule == "37"
    assert AlertKind.MULTI_CHIP_BET in r.alert_kinds


def test_bluff_street_37_not_every_chip_needed_goes_to_the_50_percent_standard():
    # Same raise to 1,200: 1,000 + 1,000 + 100 -- removing the 100 leaves 2,000, so Rule 40 decides.
    sit = situation(table(5, (200, 400)), 4, ("raise", 3, 1_200))
    r = rule(sit, BLUFF, chips(4, 1000, 1000, 100))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_100, None)
    assert_cites(r, BLUFF, "37")


def test_bluff_street_38_e_single_1k_chip_facing_50k_is_floor_discretion_possibly_a_full_call():
    # NLHE 2k-4k: A bets 50k, B silently puts out a single 1k chip.
    sit = situation(table(4, (2_000, 4_000)), 2, ("bet", 1, 50_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 1000))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 50_000, 50_000, True)
    assert_cites(r, BLUFF, "38.e")
    assert AlertKind.TINY_CHIP in r.alert_kinds


def test_bluff_street_38_f_2_undercall_heads_up_is_a_mandatory_full_call():
    sit = situation(table(4), 2, ("bet", 1, 2_000), street=Street.FLOP, preflop=(("fold", 3), ("fold", 4)))
    assert sit.heads_up
    r = rule(sit, BLUFF, chips(2, 1000))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 2_000, 2_000, False)
    assert_cites(r, BLUFF, "38.f.2")
    assert AlertKind.UNDERCALL in r.alert_kinds


def test_bluff_street_38_f_2_undercall_of_the_big_blind_multiway_is_a_mandatory_full_call():
    # "In blind games the posted BB is the pre-flop opener."
    sit = situation(table(5, (200, 400)), 3)
    r = rule(sit, BLUFF, chips(3, 100, 100))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 400, 400, False)
    assert_cites(r, BLUFF, "38.f.2")


def test_bluff_street_38_f_2_undercall_of_the_opening_bet_multiway_is_a_mandatory_full_call():
    sit = situation(table(5), 2, ("bet", 1, 2_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 1000))
    assert (r.action, r.to, r.floor_discretion) == (CALL, 2_000, False)


def test_bluff_street_38_f_2_undercall_of_a_raise_multiway_is_td_discretion():
    sit = situation(table(5), 3, ("bet", 1, 1_000), ("raise", 2, 3_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(3, 1000, 500))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 3_000, 3_000, True)
    assert_cites(r, BLUFF, "38.f.2")


def test_bluff_street_40_raise_of_half_the_previous_bet_must_be_a_full_raise():
    sit = situation(table(4, (100, 200)), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 500, 500, 500))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_000, 2_000)
    assert_cites(r, BLUFF, "40")


def test_bluff_street_40_raise_under_half_the_previous_bet_is_a_call():
    sit = situation(table(4, (100, 200)), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 500, 500, 100, 100, 100, 100))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 400)
    assert_cites(r, BLUFF, "40")


def test_bluff_street_41_a_two_short_all_ins_reopen_the_betting_for_b():
    record = bluff_41_a_hand(BLUFF, say(2, "raise", 2200))
    assert ruling_of(record, 4).all_in and AlertKind.SHORT_ALL_IN in ruling_of(record, 4).alert_kinds
    assert_cites(ruling_of(record, 5), BLUFF, "41.a")
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 2_200, None)


def test_bluff_street_41_a_the_minimum_raise_is_the_last_full_raise_of_500():
    record = bluff_41_a_hand(BLUFF, say(2, "raise", 2000))
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 2_200, 2_200)
    assert_cites(b, BLUFF, "35.e.1")


def test_bluff_street_41_a_c_also_has_the_option_to_raise():
    record = bluff_41_a_hand(BLUFF, say(2, "call"), chips(3, 1000, 1000, 500))
    c = ruling_of(record, 3)
    assert (c.action, c.to) == (RAISE, 3_500)


def test_bluff_street_41_one_short_all_in_does_not_reopen_the_betting():
    setup = table(5, (50, 100), stacks={4: 1_400})
    record = run_hand(
        setup,
        BLUFF,
        *limps(5),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "all_in"),
        say(5, "fold"),
        say(1, "call"),
        chips(2, 1000, 1000, 300),
    )
    b = ruling_of(record, 2, -1)
    assert (b.action, b.to) == (CALL, 1_300)
    assert_cites(b, BLUFF, "41.a")
    assert AlertKind.SHORT_ALL_IN in b.alert_kinds


def test_bluff_street_42_single_oversized_chip_without_raise_is_a_call():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 5000))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 4_000)
    assert_cites(r, BLUFF, "42")
    assert AlertKind.OVERSIZED_CHIP in r.alert_kinds


def test_bluff_street_42_raise_said_before_the_overchip_lands_is_the_maximum_for_the_chip():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 5000), say(2, "raise"))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 5_000, 0, None)
    assert_cites(r, BLUFF, "42")


def test_bluff_street_42_raise_said_after_the_overchip_lands_is_still_a_call():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 5000), say(2, "raise", before=False))
    assert (r.action, r.to) == (CALL, 1_000)
    assert_cites(r, BLUFF, "35.a")
    assert_cites(r, BLUFF, "42")


def test_bluff_street_42_after_the_flop_an_initial_single_overchip_is_a_bet_of_the_chip():
    sit = situation(table(4, (100, 200)), 1, street=Street.FLOP)
    r = rule(sit, BLUFF, chips(1, 5000))
    assert (r.action, r.to, r.returned) == (BET, 5_000, 0)
    assert_cites(r, BLUFF, "42")


def _bluff_43_d(prior=(25, 25)):
    """Level 25-50, the big blind posts two 25s, the button raises to 600 (550 more to the BB)."""
    return situation(table(4, (25, 50)), 2, ("raise", 3, 600), ("fold", 4), ("fold", 1), prior=prior)


def test_bluff_street_43_d_1_i_overchip_dropped_on_the_prior_25s_is_a_call():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 1000, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned) == (CALL, 600, 450)
    assert_cites(r, BLUFF, "42")


def test_bluff_street_43_d_1_ii_1_two_500s_on_the_prior_25s_is_a_call():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 500, 500, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned) == (CALL, 600, 450)
    assert_cites(r, BLUFF, "37")


def test_bluff_street_43_d_1_ii_2_100_and_500_on_the_prior_25s_is_a_call():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 100, 500, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned) == (CALL, 600, 50)
    assert_cites(r, BLUFF, "37")


def test_bluff_street_43_d_1_iii_1k_and_500_on_the_prior_25s_is_a_raise_to_1550():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 1000, 500, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 1_550, 0, None)
    assert_cites(r, BLUFF, "37")


def test_bluff_street_43_d_2_i_pulling_back_the_25s_and_adding_an_overchip_is_a_call():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 1000, prior=PriorChips.PULLED_BACK))
    assert (r.action, r.to) == (CALL, 600)
    assert r.returned == 400, "the 1k chip is all that is in front: 600 is the call, 400 the change"
    assert_cites(r, BLUFF, "42")
    assert AlertKind.PRIOR_CHIPS in r.alert_kinds


def test_bluff_street_43_d_2_ii_pulling_back_the_25s_and_adding_two_500s_is_rule_37_a_call():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 500, 500, prior=PriorChips.PULLED_BACK))
    assert (r.action, r.to, r.returned) == (CALL, 600, 400)
    assert_cites(r, BLUFF, "37")


def test_bluff_street_43_d_2_ii_pulling_back_the_25s_and_adding_1k_and_500_is_rule_37_a_raise():
    r = rule(_bluff_43_d(), BLUFF, chips(2, 1000, 500, prior=PriorChips.PULLED_BACK))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 1_500, 0, None)
    assert_cites(r, BLUFF, "37")


def test_bluff_street_43_d_2_iii_partly_pulled_back_plus_a_1k_is_rule_37_a_raise():
    # One 25 pulled back, the other left: 25 + 1,000 = 1,025; removing the 25 leaves 1,000, which
    # covers the 600 call, so Rule 40 applies: a 425 raise is at least half of 550, a full raise.
    r = rule(_bluff_43_d(), BLUFF, chips(2, 1000, prior=PriorChips.PARTLY_PULLED_BACK, pulled=(25,)))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 1_150, 1_150)
    assert_cites(r, BLUFF, "43.a.3")
    assert_cites(r, BLUFF, "37")
    assert_cites(r, BLUFF, "40")


def _bluff_43_e():
    """Level 50-100, the big blind posted one 1k chip; pre-flop raise to 700 (600 more to the BB)."""
    return situation(table(4, (50, 100)), 2, ("raise", 3, 700), ("fold", 4), ("fold", 1), prior=(1000,))


def test_bluff_street_43_e_1_prior_1k_covers_the_call_so_an_added_500_is_a_bet_of_all_chips():
    r = rule(_bluff_43_e(), BLUFF, chips(2, 500, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 1_500, 0, None)
    assert_cites(r, BLUFF, "43.a.3")


def test_bluff_street_43_e_1_prior_1k_covers_the_call_so_an_added_100_is_a_rule_37_bet():
    # 1,100 in all: a 400 raise over 700 is at least half of the 600 raise, so a full raise to 1,300.
    r = rule(_bluff_43_e(), BLUFF, chips(2, 100, prior=PriorChips.LEFT))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 1_300, 1_300)
    assert_cites(r, BLUFF, "40")


def test_bluff_street_43_e_2_prior_and_new_chips_pushed_together_are_a_bet_of_all_chips():
    # Two new 500s mixed with the two prior-bet 25s and pushed forward: a total bet of 1,050, facing
    # the 43.d raise to 600; Rule 37/40 then makes it a full raise to 1,150.
    r = rule(_bluff_43_d(), BLUFF, chips(2, 500, 500, prior=PriorChips.COMBINED))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 1_150, 1_150)
    assert_cites(r, BLUFF, "43.a.3")
    assert AlertKind.PRIOR_CHIPS in r.alert_kinds


def test_bluff_street_44_325_faced_and_525_put_out_is_a_raise_to_650():
    sit = situation(table(4, (50, 100)), 2, ("bet", 1, 325), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, 500, 25))
    assert (r.action, r.to, r.must_complete_to, r.returned) == (RAISE, 650, 650, 0)
    assert_cites(r, BLUFF, "44")
    assert_cites(r, BLUFF, "40")
    assert AlertKind.OVERBET_FOR_CHANGE in r.alert_kinds


def test_bluff_street_45_b_limit_allows_one_bet_and_four_raises():
    setup = table(6, (100, 200), game=Game.FLHE)
    record = run_hand(
        setup,
        BLUFF,
        *limps(6),
        chips(1, 200),
        chips(2, 200, 200),
        chips(3, 200, 200, 200),
        chips(4, 200, 200, 200, 200),
        chips(5, 200, 200, 200, 200, 200),
        say(6, "call"),
    )
    assert (ruling_of(record, 5).action, ruling_of(record, 5).to) == (RAISE, 1_000)
    assert ruling_of(record, 6).to == 1_000, "the fourth raise stands, so the next player calls 1,000"


def test_bluff_street_47_i_bet_the_pot_in_no_limit_binds_a_minimum_bet():
    sit = situation(table(4, (100, 200)), 1, street=Street.FLOP)
    p = pending(sit, BLUFF, say(1, "pot"))
    assert p.min_to == 200
    assert_cites(p, BLUFF, "47")
    assert AlertKind.INVALID_DECLARATION in p.alert_kinds


def test_bluff_street_47_i_bet_the_pot_facing_a_bet_binds_a_minimum_raise():
    sit = situation(table(4, (100, 200)), 2, ("bet", 1, 600), street=Street.FLOP)
    assert pending(sit, BLUFF, say(2, "pot")).min_to == 1_200
    r = rule(sit, BLUFF, chips(2, 500, 500), say(2, "pot"))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 1_200, 1_200)
    assert_cites(r, BLUFF, "47")


def test_bluff_street_48_bet_in_two_motions_with_a_return_to_the_stack_is_a_string_bet():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, pushes=((1000,), (1000, 1000)), returned=True))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)
    assert_cites(r, BLUFF, "48")
    assert AlertKind.STRING_BET in r.alert_kinds


def test_bluff_street_48_two_motions_without_a_return_to_the_stack_is_not_a_string_bet():
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BLUFF, chips(2, pushes=((1000,), (1000, 1000))))
    assert (r.action, r.to) == (RAISE, 3_000)
    assert AlertKind.STRING_BET not in r.alert_kinds
