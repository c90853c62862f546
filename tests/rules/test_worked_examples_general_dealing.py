"""Worked betting examples of General Rules for Dealing Cards (general-dealing-rules.txt), rules 40-61.

How these tests are built: tests/rules/betting_factories.py.
"""

from rules.hand_state import Street
from rules.records import AlertKind
from tests.rules.betting_factories import (
    BET,
    CALL,
    CHECK,
    RAISE,
    assert_cites,
    chips,
    limps,
    pending,
    rule,
    ruling_of,
    run_hand,
    say,
    situation,
    table,
)

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
