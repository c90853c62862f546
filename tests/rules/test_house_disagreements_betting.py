"""Where the houses disagree: the same situation, each house's ruling (test ids are profile ids).

Every case runs for all six profiles (the TDA baseline and the five houses); each expected ruling
comes from the house's own book, and the ruling must cite the house's parameter for the topic.
"""

import pytest

from rules.hand_state import Street
from rules.records import AlertKind
from tests.rules.betting_factories import (
    CALL,
    CHECK,
    PROFILE_IDS,
    RAISE,
    assert_cites,
    chips,
    cited_topic,
    limps,
    profile,
    rule,
    ruling_of,
    run_hand,
    say,
    situation,
    table,
)


def by_house(expected: dict[str, object]):
    """Parametrize over every profile, in PROFILE_IDS order, with that house's expected ruling."""
    assert set(expected) == set(PROFILE_IDS), "every profile needs an expected ruling"
    return pytest.mark.parametrize(
        ("profile_id", "expected"), [(pid, expected[pid]) for pid in PROFILE_IDS], ids=PROFILE_IDS
    )


EVERY_CHIP = ("tda", "bluff_street", "playlive", "general_dealing")
HALF_RAISE = ("cpa_2008", "blasters")


def test_the_houses_do_split_on_the_multi_chip_standard():
    """Guard: the cases below assume these profile settings."""
    assert {
        pid for pid in PROFILE_IDS if profile(pid).value("multi_chip_standard") == "every_chip_needed"
    } == set(EVERY_CHIP)


# ----- multiple chips: every chip needed (call) vs full bet plus half a bet (raise) ---------------


@by_house({**dict.fromkeys(EVERY_CHIP, (CALL, 1_200, 800)), **dict.fromkeys(HALF_RAISE, (RAISE, 2_000, 0))})
def test_two_1000s_facing_a_raise_to_1200_at_200_400(profile_id, expected):
    # Bluff Street 37's example: every chip is needed to call 1,200, so it is a call in the houses
    # with the every-chip test; CPA (full bet + half a bet) and Blaster's (half way to a raise) see
    # an 800 raise on top of 1,200 -- a full raise to 2,000.
    sit = situation(table(5, (200, 400)), 4, ("raise", 3, 1_200))
    r = rule(sit, profile_id, chips(4, 1000, 1000))
    assert (r.action, r.to, r.returned) == expected
    assert r.must_complete_to is None
    assert cited_topic(r, profile_id, "multi_chip_standard")


@by_house(
    {**dict.fromkeys(EVERY_CHIP, (CALL, 1_100, None)), **dict.fromkeys(HALF_RAISE, (RAISE, 2_200, 2_200))}
)
def test_two_1000s_facing_a_bet_of_1100(profile_id, expected):
    # General Dealing 45-A: a call. The half-raise houses see 900 over 1,100 (at least half): a
    # raise that must be completed to the minimum 2,200.
    sit = situation(table(4, (100, 200)), 2, ("bet", 1, 1_100), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 1000, 1000))
    assert (r.action, r.to, r.must_complete_to) == expected
    assert cited_topic(r, profile_id, "multi_chip_standard")


# ----- last chips ---------------------------------------------------------------------------------


@by_house(
    {**dict.fromkeys(EVERY_CHIP, (CALL, 1_050, False)), **dict.fromkeys(HALF_RAISE, (RAISE, 2_000, True))}
)
def test_last_two_1000s_facing_1050(profile_id, expected):
    # PlayLive 45-A Ex-2: B's last chips, two 1,000s, facing 1,050 -- a call where every chip is
    # needed; in the half-raise houses 950 over 1,050 is a raise, and it is all of B's chips.
    sit = situation(table(4, (25, 50), stacks={2: 2_050}), 2, ("bet", 1, 1_050), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 1000, 1000))
    assert (r.action, r.to, r.all_in) == expected
    assert cited_topic(r, profile_id, "multi_chip_standard")


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_last_chips_not_all_needed_are_all_in_under_the_50_percent_line(profile_id):
    # PlayLive 45-B-2: last chips (1,000 + 100 + 100) facing 1,000 are an all-in bet, although a 200
    # raise is under half of 1,000. Only PlayLive says so; the others are silent and take the TDA
    # baseline (45-B), so every house rules the same all-in -- cited as inherited where silent.
    sit = situation(table(4, (100, 200), stacks={2: 1_400}), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 1000, 100, 100))
    assert (r.action, r.to, r.all_in) == (RAISE, 1_200, True)
    if profile_id == "playlive":
        assert_cites(r, "playlive", "45-B-2")
    elif profile_id == "tda":
        assert_cites(r, "tda", "45-B")
    else:
        assert_cites(r, profile_id, "45-B", inherited_from="tda")
    assert AlertKind.SHORT_ALL_IN in r.alert_kinds


# ----- short all-ins re-opening the betting -------------------------------------------------------


def _all_ins(profile_id, stacks, all_in_seats, then):
    """A bets 500, B raises to 1,000, C calls, then the ``all_in_seats`` move all-in, the rest fold,
    A calls, and B acts with ``then`` (a chip action)."""
    setup = table(6, (50, 100), stacks=stacks)
    folds = [say(s, "fold") for s in (4, 5, 6) if s not in all_in_seats]
    return run_hand(
        setup,
        profile_id,
        *limps(6),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        *[say(s, "all_in") for s in all_in_seats],
        *folds,
        say(1, "call"),
        then,
    )


REOPENS = {pid: (RAISE, 2_700) for pid in PROFILE_IDS} | {"blasters": (CALL, 1_700)}


@by_house(REOPENS)
def test_two_short_all_ins_adding_up_to_a_full_raise(profile_id, expected):
    # Bluff Street 41.a: D all-in 1,300, E all-in 1,700 -- each short, together 700 over B's 1,000.
    # Cumulative houses let B raise; Blaster's never adds short all-ins together.
    record = _all_ins(profile_id, {4: 1_400, 5: 1_800}, (4, 5), chips(2, 1000, 500, 200))
    b = ruling_of(record, 2)
    assert (b.action, b.to) == expected
    if b.action is CALL:
        assert cited_topic(b, profile_id, "short_all_in_reopen")
        assert AlertKind.SHORT_ALL_IN in b.alert_kinds


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_two_short_all_ins_not_adding_up_to_a_full_raise(profile_id):
    # D all-in 1,200, E all-in 1,400: only 400 over B's 1,000 -- no house re-opens for B.
    record = _all_ins(profile_id, {4: 1_300, 5: 1_500}, (4, 5), chips(2, 1000, 200, 200))
    b = ruling_of(record, 2)
    assert (b.action, b.to, b.returned) == (CALL, 1_400, 1_000)
    assert cited_topic(b, profile_id, "short_all_in_reopen")


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_one_short_all_in(profile_id):
    # D all-in 1,300 alone: 300 over 1,000 is not a full raise, so B may only call or fold.
    record = _all_ins(profile_id, {4: 1_400}, (4,), chips(2, 1000, 1000, 300))
    b = ruling_of(record, 2)
    assert (b.action, b.to) == (CALL, 1_300)
    assert cited_topic(b, profile_id, "short_all_in_reopen")


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_short_all_in_then_a_full_raise_reopens_everywhere(profile_id):
    # D all-in 1,300 (short), then E raises to 2,000 (a full raise over 1,300): B may raise again.
    setup = table(6, (50, 100), stacks={4: 1_400})
    record = run_hand(
        setup,
        profile_id,
        *limps(6),
        say(1, "bet", 500),
        say(2, "raise", 1000),
        say(3, "call"),
        say(4, "all_in"),
        say(5, "raise", 2000),
        say(6, "fold"),
        say(1, "call"),
        chips(2, 1000, 1000, 1000),
    )
    b = ruling_of(record, 2)
    assert (b.action, b.to) == (RAISE, 4_000)


# ----- undercalls ---------------------------------------------------------------------------------

# (floor_discretion) for an undercall ruled "call, must complete": the TDA family makes it a
# mandatory call heads-up or facing the opener, discretion otherwise; General Dealing always lets
# the TD allow a fold; Blaster's lets the player complete or forfeit; CPA always corrects it.
TDA_FAMILY = ("tda", "bluff_street", "playlive")


@by_house({**dict.fromkeys((*TDA_FAMILY, "cpa_2008"), False), "general_dealing": True, "blasters": True})
def test_undercall_heads_up(profile_id, expected):
    sit = situation(table(4), 2, ("bet", 1, 2_000), street=Street.FLOP, preflop=(("fold", 3), ("fold", 4)))
    r = rule(sit, profile_id, chips(2, 1000))
    assert (r.action, r.to, r.must_complete_to) == (CALL, 2_000, 2_000)
    assert r.floor_discretion is expected
    assert cited_topic(r, profile_id, "undercall")
    assert AlertKind.UNDERCALL in r.alert_kinds


@by_house({**dict.fromkeys((*TDA_FAMILY, "cpa_2008"), False), "general_dealing": True, "blasters": True})
def test_undercall_of_the_big_blind_opener_multiway(profile_id, expected):
    sit = situation(table(5, (200, 400)), 3)
    r = rule(sit, profile_id, chips(3, 100, 100))
    assert (r.action, r.to, r.must_complete_to) == (CALL, 400, 400)
    assert r.floor_discretion is expected


@by_house({**dict.fromkeys(TDA_FAMILY, True), "cpa_2008": False, "general_dealing": True, "blasters": True})
def test_undercall_of_a_raise_multiway(profile_id, expected):
    sit = situation(table(5), 3, ("bet", 1, 1_000), ("raise", 2, 3_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(3, 1000, 500))
    assert (r.action, r.to, r.must_complete_to) == (CALL, 3_000, 3_000)
    assert r.floor_discretion is expected
    assert cited_topic(r, profile_id, "undercall")


# ----- string bets --------------------------------------------------------------------------------

STRING_HOUSES = ("playlive", "cpa_2008")


@by_house(
    {pid: (RAISE, 3_000, 0) for pid in PROFILE_IDS} | dict.fromkeys(STRING_HOUSES, (CALL, 1_000, 2_000))
)
def test_raise_in_two_motions_without_a_return_to_the_stack(profile_id, expected):
    # PlayLive 56 and CPA Sec 15: two motions make a string bet. Bluff Street 48, Blaster's and the
    # TDA baseline (and General Dealing, silent) need a trip back to the stack.
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, pushes=((1000,), (1000, 1000))))
    assert (r.action, r.to, r.returned) == expected
    assert (AlertKind.STRING_BET in r.alert_kinds) is (profile_id in STRING_HOUSES)
    if profile_id in STRING_HOUSES:
        assert cited_topic(r, profile_id, "string_bet_definition")


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_raise_in_two_motions_with_a_return_to_the_stack_is_a_string_bet_everywhere(profile_id):
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, pushes=((1000,), (1000, 1000)), returned=True))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)
    assert cited_topic(r, profile_id, "string_bet_definition")


# ----- verbal after chips -------------------------------------------------------------------------


@by_house({pid: (RAISE, 3_000, 0) for pid in PROFILE_IDS} | {"cpa_2008": (CALL, 1_000, 2_000)})
def test_call_said_after_three_1000s_landed_facing_1000(profile_id, expected):
    # CPA Sec 3: a verbal statement in turn takes precedence over a differing physical action.
    # The others: whichever came first defines the bet (Blaster's: a bet clearly previous to a
    # verbal may stand), so the chips -- a full raise -- play.
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 1000, 1000, 1000), say(2, "call", before=False))
    assert (r.action, r.to, r.returned) == expected
    assert cited_topic(r, profile_id, "verbal_precedence")


@by_house({pid: (CALL, 1_000) for pid in PROFILE_IDS} | {"cpa_2008": (RAISE, 5_000)})
def test_raise_said_after_an_overchip_landed(profile_id, expected):
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 5000), say(2, "raise", before=False))
    assert (r.action, r.to) == expected
    assert cited_topic(r, profile_id, "verbal_precedence")


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_call_said_before_the_chips_is_a_call_everywhere(profile_id):
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 1000, 1000, 1000), say(2, "call"))
    assert (r.action, r.to, r.returned) == (CALL, 1_000, 2_000)


# ----- non-value items ----------------------------------------------------------------------------


@by_house({pid: (CALL, 1_000, False) for pid in PROFILE_IDS} | {"blasters": (RAISE, 5_000, True)})
def test_bounty_chip_alone_facing_a_bet(profile_id, expected):
    # PlayLive RP-21 (and the TDA baseline): TD's discretion, call or all-in -- ruled a call.
    # CPA Sec 15: non-tournament chips are not allowed -- no wager, the floor decides; a call.
    # Blaster's: a bounty chip is not live, but tossing it in turn may be ruled all-in.
    sit = situation(table(4, stacks={2: 5_200}), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, items=1))
    assert (r.action, r.to, r.all_in) == expected
    assert r.must_complete_to == r.to, "no chips of value were put out: the ruled amount must be"
    assert r.floor_discretion
    assert cited_topic(r, profile_id, "non_value_items")
    assert AlertKind.NON_VALUE_ITEM in r.alert_kinds


@by_house({pid: (CHECK, False) for pid in PROFILE_IDS} | {"blasters": ("bet", True)})
def test_bounty_chip_alone_not_facing_a_bet(profile_id, expected):
    sit = situation(table(4), 1, street=Street.FLOP)
    r = rule(sit, profile_id, chips(1, items=1))
    assert (r.action, r.all_in) == expected
    assert cited_topic(r, profile_id, "non_value_items")


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_bounty_chip_with_chips_does_not_count(profile_id):
    sit = situation(table(4), 2, ("bet", 1, 1_000), street=Street.FLOP)
    r = rule(sit, profile_id, chips(2, 1000, items=1))
    assert (r.action, r.to, r.floor_discretion) == (CALL, 1_000, False)
    assert cited_topic(r, profile_id, "non_value_items")
