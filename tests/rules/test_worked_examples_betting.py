"""Every worked betting example in the five house rulebooks, as a test named after the house and rule.

Single decisions go through ``judge`` on a ``Situation`` read from a real ``HandState``; examples
whose sequence matters (re-opening after all-ins, under-raise corrections) run as whole hands
through ``judge_hand``. Each test asserts the ruling and that it rests on the house's own rule.
Examples a camera event cannot express are listed at the end of this file.
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
    chips,
    hand_at,
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

# =============================================================================================
# Bluff Street Poker (bluff-street-poker.txt), rules 5-48
# =============================================================================================

BLUFF = "bluff_street"


def _flop_with_pot(pot_preflop_to: int):
    """Blinds 200-400, four players see the flop for ``pot_preflop_to`` each; seat 1 first to act."""
    setup = table(4, (200, 400))
    moves = [("raise", 3, pot_preflop_to), ("calls",)] if pot_preflop_to > 400 else [("calls",)]
    hand = hand_at(setup, *moves)
    assert hand.street is Street.FLOP
    return hand.situation(1)


def test_bluff_street_5_five_with_a_5k_chip_pot_under_5000_is_bet_of_500():
    sit = _flop_with_pot(400)
    assert sit.pot == 1_600
    r = rule(sit, BLUFF, chips(1, 5000), say(1, "amount", 5))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (BET, 500, 4_500, None)
    assert_cites(r, BLUFF, "5")
    assert AlertKind.AMBIGUOUS_AMOUNT in r.alert_kinds


def test_bluff_street_5_five_with_a_5k_chip_pot_of_exactly_5000_is_bet_of_5000():
    sit = _flop_with_pot(1_250)
    assert sit.pot == 5_000
    r = rule(sit, BLUFF, chips(1, 5000), say(1, "amount", 5))
    assert (r.action, r.to, r.returned) == (BET, 5_000, 0)
    assert_cites(r, BLUFF, "5")


def test_bluff_street_5_five_pot_over_5000_is_bet_of_5000():
    sit = _flop_with_pot(2_000)
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


def _bluff_41_a(profile_id: str, *after):
    """A bets 500, B raises to 1,000, C calls, D all-in 1,300, E all-in 1,700, F folds, A calls."""
    setup = table(6, (50, 100), stacks={4: 1_400, 5: 1_800})
    return run_hand(
        setup,
        profile_id,
        *limps(6),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "all_in"),
        say(5, "all_in"),
        say(6, "fold"),
        say(1, "call"),
        *after,
    )


def test_bluff_street_41_a_two_short_all_ins_reopen_the_betting_for_b():
    record = _bluff_41_a(BLUFF, say(2, "raise", 2200))
    assert ruling_of(record, 4).all_in and AlertKind.SHORT_ALL_IN in ruling_of(record, 4).alert_kinds
    assert_cites(ruling_of(record, 5), BLUFF, "41.a")
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 2_200, None)


def test_bluff_street_41_a_the_minimum_raise_is_the_last_full_raise_of_500():
    record = _bluff_41_a(BLUFF, say(2, "raise", 2000))
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 2_200, 2_200)
    assert_cites(b, BLUFF, "35.e.1")


def test_bluff_street_41_a_c_also_has_the_option_to_raise():
    record = _bluff_41_a(BLUFF, say(2, "call"), chips(3, 1000, 1000, 500))
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


# =============================================================================================
# PlayLive Melbourne (playlive-melbourne.txt), rules 41-61 and RP-21
# =============================================================================================

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
    record = _bluff_41_a(PL, say(2, "raise", 2000))
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
    sit = _flop_with_pot(400)
    r = rule(sit, PL, None, say(1, "amount", 5))
    assert (r.action, r.to) == (BET, 500)
    assert_cites(r, PL, "57")


def test_playlive_57_i_bet_five_with_a_pot_of_5000_or_more_is_5000():
    sit = _flop_with_pot(2_000)
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


# =============================================================================================
# General Rules for Dealing Cards (general-dealing-rules.txt), rules 40-61
# =============================================================================================

GD = "general_dealing"


def _gd_facing(bet: int):
    return situation(table(4, (100, 200)), 2, ("bet", 1, bet), street=Street.FLOP)


def test_general_dealing_40_a_the_first_action_stands():
    r = rule(_gd_facing(1_000), GD, chips(2, 1000, 1000, 1000), say(2, "call", before=False))
    assert (r.action, r.to) == (RAISE, 3_000)
    assert_cites(r, GD, "40-A")


def test_general_dealing_43_a_mixed_chips_exceeding_half_the_bet_must_be_a_minimum_raise():
    r = rule(_gd_facing(1_000), GD, chips(2, 1000, 500))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_000, 2_000)
    assert_cites(r, GD, "43-A")


def test_general_dealing_43_b_raise_eight_thousand_is_8000():
    r = rule(_gd_facing(2_000), GD, None, say(2, "raise", 8000))
    assert (r.action, r.to) == (RAISE, 8_000)


def test_general_dealing_44_high_value_chip_without_raise_is_a_call():
    r = rule(_gd_facing(1_100), GD, chips(2, 5000))
    assert (r.action, r.to, r.returned) == (CALL, 1_100, 3_900)
    assert_cites(r, GD, "44")


def test_general_dealing_44_high_value_chip_with_no_action_ahead_is_its_entire_value():
    r = rule(situation(table(4, (100, 200)), 1, street=Street.FLOP), GD, chips(1, 5000))
    assert (r.action, r.to) == (BET, 5_000)
    assert_cites(r, GD, "44")


def test_general_dealing_44_raise_announced_with_a_high_chip_and_no_amount_is_its_full_value():
    r = rule(_gd_facing(1_100), GD, chips(2, 5000), say(2, "raise"))
    assert (r.action, r.to) == (RAISE, 5_000)
    assert_cites(r, GD, "44")


def test_general_dealing_45_a_two_1000s_facing_1100_is_a_call():
    r = rule(_gd_facing(1_100), GD, chips(2, 1000, 1000))
    assert (r.action, r.to, r.returned) == (CALL, 1_100, 900)
    assert_cites(r, GD, "45")


def test_general_dealing_45_b_excess_under_half_the_bet_is_a_call():
    r = rule(_gd_facing(1_100), GD, chips(2, 1000, 500, 100))
    assert (r.action, r.to, r.returned) == (CALL, 1_100, 500)
    assert_cites(r, GD, "43-A")


def test_general_dealing_45_b_excess_over_half_the_bet_completes_to_a_minimum_raise():
    r = rule(_gd_facing(1_100), GD, chips(2, 1000, 500, 100, 100))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 2_200, 2_200)
    assert_cites(r, GD, "52")


def test_general_dealing_47_a_a_player_who_acted_may_not_raise_an_incomplete_raise():
    setup = table(5, (50, 100), stacks={4: 1_400})
    record = run_hand(
        setup,
        GD,
        *limps(5),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "all_in"),
        say(5, "fold"),
        say(1, "call"),
        say(2, "raise", 3000),
    )
    b = ruling_of(record, 2)
    assert (b.action, b.to) == (CALL, 1_300)
    assert_cites(b, GD, "47-A", inherited_from="tda")


def test_general_dealing_51_b_undercall_must_be_completed_td_may_allow_a_fold():
    r = rule(_gd_facing(1_000), GD, chips(2, 500))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 1_000, 1_000, True)
    assert_cites(r, GD, "51-B")


def test_general_dealing_52_raise_under_the_minimum_is_completed_by_all_players():
    record = run_hand(
        table(6, (100, 200)),
        GD,
        *limps(6),
        say(1, "bet", 600),
        say(2, "raise", 1000),
        say(3, "call"),
    )
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.must_complete_to) == (RAISE, 1_200, 1_200)
    assert_cites(b, GD, "52")
    assert ruling_of(record, 3).to == 1_200


def test_general_dealing_55_invalid_declarations():
    sit = situation(table(4), 1, street=Street.FLOP)
    assert rule(sit, GD, None, say(1, "call")).action is CHECK
    assert pending(sit, GD, say(1, "raise")).min_to == 200
    p = pending(_gd_facing(1_000), GD, say(2, "check"))
    assert p.may_raise is False
    assert_cites(p, GD, "55")


def test_general_dealing_56_string_bet_is_the_first_chips_or_the_minimum_bet():
    sit = situation(table(4, (100, 200)), 1, street=Street.FLOP)
    r = rule(sit, GD, chips(1, pushes=((100,), (500,)), returned=True))
    assert (r.action, r.to, r.returned) == (BET, 200, 400)
    assert AlertKind.STRING_BET in r.alert_kinds


def test_general_dealing_61_5000_and_100_is_raise():
    # A bet of 1,100; the next player pushes a 5,000 and a 100 to get 4,000 back, without "call".
    r = rule(_gd_facing(1_100), GD, chips(2, 5000, 100))
    assert (r.action, r.to, r.returned, r.must_complete_to) == (RAISE, 5_100, 0, None)
    assert_cites(r, GD, "61")


# =============================================================================================
# Championship Poker Association 2008 (cpa-2008.txt), Sections 3 and 6
# =============================================================================================

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


# =============================================================================================
# Blaster's House Rules (blasters-house-rules.txt), BETTING
# =============================================================================================

BL = "blasters"


def _blasters_50_raised_to_200():
    """$50 bet, raised by another $150 to $200 total."""
    return situation(table(4, (25, 50)), 3, ("bet", 1, 50), ("raise", 2, 200), street=Street.FLOP)


def test_blasters_betting_reraise_minimum_350():
    sit = _blasters_50_raised_to_200()
    assert sit.min_raise_to == 350, "must add at least the last raise (150), not double to 400"
    r = rule(sit, BL, None, say(3, "raise", 300))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 350, 350)
    assert_cites(r, BL, "BETTING: Undersized bets")
    exact = rule(sit, BL, None, say(3, "raise", 350))
    assert (exact.action, exact.to, exact.must_complete_to) == (RAISE, 350, None)


def test_blasters_betting_raise_said_and_a_call_put_out_must_be_completed_to_a_valid_raise():
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, 100, 100), say(3, "raise"))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 350, 350)


def test_blasters_betting_raising_the_blind_must_raise_at_least_the_blind():
    sit = situation(table(4, (100, 200)), 3)
    r = rule(sit, BL, None, say(3, "raise", 300))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 400, 400)


def test_blasters_betting_one_chip_rule_a_larger_chip_is_only_a_call():
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, 500))
    assert (r.action, r.to, r.returned) == (CALL, 200, 300)
    assert_cites(r, BL, "BETTING: One Chip rule")
    assert AlertKind.OVERSIZED_CHIP in r.alert_kinds


def test_blasters_betting_one_chip_rule_first_bet_of_a_round_is_the_full_chip_value():
    r = rule(situation(table(4, (25, 50)), 1, street=Street.FLOP), BL, chips(1, 1000))
    assert (r.action, r.to) == (BET, 1_000)
    assert_cites(r, BL, "BETTING: One Chip rule")


def test_blasters_betting_one_chip_rule_undersized_chip_is_completed_to_the_minimum_bet():
    r = rule(situation(table(4, (25, 50)), 1, street=Street.FLOP), BL, chips(1, 25))
    assert (r.action, r.to, r.must_complete_to) == (BET, 50, 50)
    assert_cites(r, BL, "BETTING: Undersized bets")


def test_blasters_betting_multiple_chips_totalling_a_valid_raise_are_their_full_total():
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, 100, 100, 100, 100))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 400, None)
    assert_cites(r, BL, "BETTING: multiple chips")


def test_blasters_betting_multiple_chips_half_way_to_a_raise_must_become_the_valid_raise():
    # Facing 200 with the minimum raise at 350, half way is 275.
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, 100, 100, 25, 25, 25))
    assert (r.action, r.to, r.must_complete_to) == (RAISE, 350, 350)
    assert_cites(r, BL, "BETTING: multiple chips")


def test_blasters_betting_multiple_chips_short_of_half_way_are_only_a_call():
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, 100, 100, 25, 25))
    assert (r.action, r.to, r.returned) == (CALL, 200, 50)
    assert_cites(r, BL, "BETTING: multiple chips")


def test_blasters_betting_undersized_call_must_be_completed_or_forfeited():
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, 100))
    assert (r.action, r.to, r.must_complete_to, r.floor_discretion) == (CALL, 200, 200, True)
    assert_cites(r, BL, "BETTING: Undersized bets")


def test_blasters_betting_minimum_first_bet_is_the_big_blind_except_all_in():
    sit = situation(table(3, (50, 100), stacks={1: 180}), 1, street=Street.FLOP)
    assert sit.stack == 80
    r = rule(sit, BL, chips(1, 25, 25, 25, 5))
    assert (r.action, r.to, r.all_in, r.must_complete_to) == (BET, 80, True, None)


def test_blasters_betting_multiple_short_all_ins_are_calls_and_never_combine():
    record = _bluff_41_a(BL, chips(2, 1000, 500, 200))
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.returned) == (CALL, 1_700, 1_000)
    assert_cites(b, BL, "BETTING: All-in for less")
    assert AlertKind.SHORT_ALL_IN in b.alert_kinds


def test_blasters_betting_player_who_has_not_acted_keeps_the_option_to_raise_after_short_all_ins():
    setup = table(6, (50, 100), stacks={4: 1_400, 5: 1_800})
    record = run_hand(
        setup,
        BL,
        *limps(6),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "all_in"),
        say(5, "all_in"),
        chips(6, 1000, 1000, 1000),
    )
    f = ruling_of(record, 6)
    assert (f.action, f.to) == (RAISE, 3_000)


def test_blasters_betting_bounty_chip_tossed_in_turn_may_be_ruled_all_in():
    sit = situation(table(4, (25, 50), stacks={2: 3_050}), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, BL, chips(2, items=1))
    assert (r.action, r.to, r.all_in, r.must_complete_to, r.floor_discretion) == (
        RAISE,
        3_000,
        True,
        3_000,
        True,
    )
    assert_cites(r, BL, "BETTING: Bounty chip")


def test_blasters_betting_no_string_bets_going_back_for_more_chips():
    r = rule(_blasters_50_raised_to_200(), BL, chips(3, pushes=((100, 100), (200,)), returned=True))
    assert (r.action, r.to, r.returned) == (CALL, 200, 200)
    assert_cites(r, BL, "BETTING: No String-bets")


# =============================================================================================
# Examples not expressible as camera events (skipped; see the report)
# =============================================================================================
#
# Bluff Street 6 / PlayLive 59-A / General Dealing 59-A: conditional "if you bet, I raise" statements.
# Bluff Street 35.b (declarations general or specific) beyond the kinds the console records.
# Bluff Street 35.d / PlayLive 53 / General Dealing 53: out-of-turn rulings belong to the engine.
# PlayLive 50-B / 59-B, General Dealing 59-B: a player acting before a declared bet's amount is known.
# PlayLive 54-B Ex 1: a dead small blind (HandSetup cannot post a dead blind).
# CPA Sec 6 pot-limit rounding up of the pot and the money-game "small blind as big blind" structure.
# Blaster's "I call your 50 and raise you 200 more" (a compound verbal statement) and
#   "I'll put you all-in" (no declaration kind names another player's stack).
