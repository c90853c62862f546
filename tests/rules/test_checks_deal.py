"""The initial deal: misdeals and what is not one, house by house, as whole hands of events."""

from dataclasses import replace

import pytest

from rules.engine import judge_hand
from rules.hand_state import Game
from rules.records import AlertKind, BetAction, Severity
from tests.rules.hands import (
    PROFILE_IDS,
    actions_of,
    alerts,
    call,
    check,
    deal,
    describe,
    fold,
    hole,
    judge,
    misdeals,
    only,
    preflop_calls,
    profile,
    rules_cited,
    setup,
    started,
    timeline,
)
from vision.events import CardsDealt

TABLE = setup()  # seats 1..6, button 6: seat 1 small blind, seat 2 big blind, seat 3 under the gun


def stopped_by_misdeal(record, topic: str, profile_id: str) -> None:
    """Exactly one hand-stopping misdeal, citing the house's ``topic``, and nothing judged after it."""
    found = misdeals(record)
    assert len(found) == 1, describe(record)
    assert found[0].citations == (profile(profile_id).cite(topic),)
    assert found[0] is record.alerts[-1], f"nothing may follow a misdeal: {describe(record)}"
    assert record.rulings == [], "after a misdeal the hand is stopped: no rulings"


def plays_on(record) -> None:
    assert not misdeals(record), describe(record)
    assert len(record.rulings) == 6, "every seat's pre-flop action is ruled on"


# ----- boxed cards ------------------------------------------------------------------------------------

BOXED_LIMIT = {
    "tda": 2,
    "bluff_street": 2,
    "playlive": 5,
    "cpa_2008": None,
    "general_dealing": 2,
    "blasters": 3,
}


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_boxed_cards_are_a_misdeal_at_the_house_limit_and_not_below(house):
    limit = BOXED_LIMIT[house]
    below = (limit or 6) - 1
    record = judge(TABLE, house, deal(TABLE, boxed_at=range(1, below + 1)), preflop_calls(TABLE))
    plays_on(record)
    boxed = alerts(record, AlertKind.CARD_EXPOSED)
    assert len(boxed) == below and all(a.severity is Severity.RULING for a in boxed)
    if limit is None:
        return
    record = judge(TABLE, house, deal(TABLE, boxed_at=range(1, limit + 1)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "boxed_cards_for_misdeal", house)


def test_bluff_street_33_a_1_two_boxed_cards_misdeal():
    record = judge(TABLE, "bluff_street", deal(TABLE, boxed_at=(3, 8)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "boxed_cards_for_misdeal", "bluff_street")
    assert rules_cited(misdeals(record)[0]) == ["33.a.1"]
    assert misdeals(record)[0].seat == 2, "called on the second boxed card, the eighth pitch"


def test_playlive_35_a_1_four_boxed_cards_no_misdeal():
    record = judge(TABLE, "playlive", deal(TABLE, boxed_at=(1, 4, 7, 10)), preflop_calls(TABLE))
    plays_on(record)
    assert all(rules_cited(a) == ["35-A-1"] for a in alerts(record, AlertKind.CARD_EXPOSED))


def test_playlive_35_a_1_five_boxed_cards_misdeal():
    record = judge(TABLE, "playlive", deal(TABLE, boxed_at=(1, 3, 5, 7, 9)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "boxed_cards_for_misdeal", "playlive")
    assert rules_cited(misdeals(record)[0]) == ["35-A-1"]


def test_cpa_2008_boxed_card_is_a_scrap_of_paper_never_a_misdeal():
    record = judge(TABLE, "cpa_2008", deal(TABLE, boxed_at=range(1, 13)), preflop_calls(TABLE))
    plays_on(record)
    assert rules_cited(record.alerts[0]) == ["Sec 3 Irregularities"]


def test_blasters_single_boxed_card_is_a_burn_and_three_are_a_misdeal():
    record = judge(TABLE, "blasters", deal(TABLE, boxed_at=(2, 9)), preflop_calls(TABLE))
    plays_on(record)
    record = judge(TABLE, "blasters", deal(TABLE, boxed_at=(2, 9, 11)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "boxed_cards_for_misdeal", "blasters")
    assert rules_cited(misdeals(record)[0]) == ["DEALING, CARDS & MISC: boxed card"]


def test_boxed_card_replaced_does_not_make_a_wrong_card_count():
    """The replaced boxed card is not a hole card: the seat it went to still holds two cards."""
    record = judge(TABLE, "playlive", deal(TABLE, boxed_at=(6,)), preflop_calls(TABLE))
    plays_on(record)
    assert [a.kind for a in record.alerts] == [AlertKind.CARD_EXPOSED]


# ----- cards exposed by the dealer --------------------------------------------------------------------


@pytest.mark.parametrize("pitch", [1, 2])
@pytest.mark.parametrize("house", PROFILE_IDS)
def test_dealer_exposing_one_of_the_first_two_cards(house, pitch):
    record = judge(TABLE, house, deal(TABLE, exposed_at=(pitch,)), preflop_calls(TABLE))
    if profile(house).value("exposed_first_two_is_misdeal"):
        stopped_by_misdeal(record, "exposed_first_two_is_misdeal", house)
    else:  # General Dealing 35 lists only "2 or more visible cards"
        plays_on(record)
        assert only(record, AlertKind.CARD_EXPOSED).severity is Severity.RULING


def test_bluff_street_33_a_6_first_card_exposed_misdeal():
    record = judge(TABLE, "bluff_street", deal(TABLE, exposed_at=(1,)))
    assert rules_cited(misdeals(record)[0]) == ["33.a.6"]


def test_cpa_2008_misdeals_a_second_card_exposed():
    record = judge(TABLE, "cpa_2008", deal(TABLE, exposed_at=(2,)))
    assert rules_cited(misdeals(record)[0]) == ["Sec 3 Misdeals (a)"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_one_later_card_exposed_is_replaced_by_the_burn_not_a_misdeal(house):
    """Finish the deal, then the dealer swaps the burn card in: that card is no extra card."""
    events = [deal(TABLE, exposed_at=(5,)), hole(5), preflop_calls(TABLE)]
    record = judge(TABLE, house, *events)
    plays_on(record)
    exposed = only(record, AlertKind.CARD_EXPOSED)
    assert (exposed.seat, exposed.severity) == (5, Severity.RULING)
    assert "burn" in exposed.ruling
    assert [a.kind for a in record.alerts] == [AlertKind.CARD_EXPOSED]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_two_later_downcards_exposed_is_a_misdeal(house):
    record = judge(TABLE, house, deal(TABLE, exposed_at=(4, 9)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "exposed_downcards_for_misdeal", house)


def test_general_dealing_35_two_visible_cards_even_the_first_two():
    record = judge(TABLE, "general_dealing", deal(TABLE, exposed_at=(1, 2)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "exposed_downcards_for_misdeal", "general_dealing")
    assert rules_cited(misdeals(record)[0]) == ["35"]


# ----- who gets the cards -------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_first_card_to_the_wrong_seat_is_a_misdeal(house):
    record = judge(TABLE, house, started(TABLE), deal(TABLE, first_to=2), preflop_calls(TABLE))
    stopped_by_misdeal(record, "first_card_wrong_seat_is_misdeal", house)
    assert misdeals(record)[0].seat == 2


def test_a_first_seat_first_seen_holding_two_cards_leaves_the_deal_order_unknown():
    """The camera missed the first pitch: seat 1 (first to be dealt) shows first with both its cards,
    after seat 2 showed one. Seat 1's first card may have come first, so there is no misdeal; the
    hand plays on. Seen with one card after seat 2's, it came second: a misdeal."""
    seen = [hole(2), CardsDealt(0.0, seat=1, count=2)] + [hole(s) for s in (3, 4, 5, 6, 2, 3, 4, 5, 6)]
    record = judge(TABLE, "tda", started(TABLE), seen, preflop_calls(TABLE))
    assert misdeals(record) == []
    wrong = [hole(2), hole(1)] + [hole(s) for s in (3, 4, 5, 6, 1, 2, 3, 4, 5, 6)]
    assert misdeals(judge(TABLE, "tda", started(TABLE), wrong))[0].seat == 2


def test_the_first_seats_card_reported_late_but_stamped_first_is_in_order():
    """The camera reports a card once the seat's count settles; a duplicate box can hold seat 1's
    back past seat 2's. Stamped when it first showed, before seat 2's, it was the first card."""
    events = timeline(started(TABLE), hole(2), hole(1), [hole(s) for s in (3, 4, 5, 6, 1, 2, 3, 4, 5, 6)])
    events[2] = replace(events[2], t=events[1].t - 0.2)  # seat 1's card: reported second, landed first
    assert misdeals(judge_hand(TABLE, profile("tda"), events)) == []


def test_cpa_2008_sec_3_misdeals_h_first_card_to_the_wrong_position():
    record = judge(TABLE, "cpa_2008", deal(TABLE, first_to=3))
    assert rules_cited(misdeals(record)[0]) == ["Sec 3 Misdeals (h)"]


def test_heads_up_the_big_blind_gets_the_first_card_and_the_button_the_last():
    table = setup(seats=(3, 8), button=8)
    record = judge(table, "bluff_street", deal(table), preflop_calls(table))
    assert record.alerts == [] and len(record.rulings) == 2
    record = judge(table, "bluff_street", deal(table, first_to=8))
    stopped_by_misdeal(record, "first_card_wrong_seat_is_misdeal", "bluff_street")


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_card_to_a_seat_not_dealt_in_is_a_misdeal(house):
    table = setup(seats=(1, 2, 3, 5, 6), button=6)  # seat 4 is empty
    record = judge(table, house, deal(table, also=(4,)), preflop_calls(table))
    stopped_by_misdeal(record, "cards_to_empty_seat_is_misdeal", house)
    assert misdeals(record)[0].seat == 4


def test_playlive_35_a_3_cards_to_a_seat_not_entitled():
    table = setup(seats=(1, 2, 3, 5, 6), button=6)
    record = judge(table, "playlive", deal(table, also=(4,)))
    assert rules_cited(misdeals(record)[0]) == ["35-A-3"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_seat_dealt_out_is_a_misdeal_when_play_begins(house):
    record = judge(TABLE, house, deal(TABLE, skip=(4,)), preflop_calls(TABLE))
    stopped_by_misdeal(record, "seat_dealt_out_is_misdeal", house)
    assert misdeals(record)[0].seat == 4


def test_seat_dealt_out_is_seen_as_soon_as_the_last_round_passes_it():
    """Under the gun dealt out: the misdeal is called on the deal, before anyone acts out of turn."""
    cards = deal(TABLE, skip=(3,))
    record = judge(TABLE, "playlive", cards[:8], call(4, 200), cards[8:])
    assert [a.kind for a in record.alerts] == [AlertKind.MISDEAL]
    assert misdeals(record)[0].seat == 3 and record.rulings == []


def test_bluff_street_33_a_4_seat_dealt_out():
    record = judge(TABLE, "bluff_street", deal(TABLE, skip=(5,)), preflop_calls(TABLE))
    assert rules_cited(misdeals(record)[0]) == ["33.a.4"]


# ----- the wrong number of cards -------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_wrong_card_count_on_the_initial_deal(house):
    """Seat 3 is pitched three cards: a misdeal, a dead hand or a repair, as the house says."""
    record = judge(TABLE, house, deal(TABLE, extra=(3,)), preflop_calls(TABLE))
    policy = profile(house).value("wrong_card_count").value
    if policy == "misdeal":
        stopped_by_misdeal(record, "wrong_card_count", house)
        return
    plays_on(record)
    found = only(record, AlertKind.MISDEAL)
    assert found.seat == 3 and found.citations == (profile(house).cite("wrong_card_count"),)
    if policy == "dead_hand":  # the hand is dead; the engine folds it in turn, its chips ignored
        assert found.severity is Severity.VIOLATION
        assert actions_of(record, 3) == [BetAction.FOLD]
    else:  # repaired: a card pulled at random becomes the burn; the hand plays
        assert found.severity is Severity.WARNING and "burn" in found.ruling
        assert actions_of(record, 3) == [BetAction.CALL]


def test_bluff_street_53_three_cards_is_a_dead_hand_not_a_misdeal():
    record = judge(TABLE, "bluff_street", deal(TABLE, extra=(4,)), preflop_calls(TABLE))
    assert rules_cited(only(record, AlertKind.MISDEAL)) == ["53"]
    assert actions_of(record, 4) == [BetAction.FOLD]
    assert record.rulings[1].citations == (profile("bluff_street").cite("wrong_card_count"),)


def test_playlive_35_a_5_wrong_number_of_cards_misdeal():
    record = judge(TABLE, "playlive", deal(TABLE, extra=(4,)), preflop_calls(TABLE))
    assert rules_cited(misdeals(record)[0]) == ["35-A-5"]


def test_blasters_three_cards_repaired_before_the_player_acts():
    record = judge(TABLE, "blasters", deal(TABLE, extra=(5,)), preflop_calls(TABLE))
    assert rules_cited(only(record, AlertKind.MISDEAL)) == ["DEALING, CARDS & MISC: 3 or more cards"]
    assert actions_of(record, 5) == [BetAction.CALL]


def test_omaha_deals_four_cards_a_seat():
    table = setup(game=Game.PLO)
    record = judge(table, "playlive", deal(table), preflop_calls(table))
    assert record.alerts == [] and len(record.rulings) == 6
    record = judge(table, "playlive", deal(table, short=(3,)), preflop_calls(table))
    stopped_by_misdeal(record, "wrong_card_count", "playlive")


# ----- the button one card short ----------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_button_one_card_short_is_not_a_misdeal(house):
    events = [deal(TABLE, short=(6,)), call(3, 200), hole(6), preflop_calls(TABLE)[1:]]
    record = judge(TABLE, house, *events)
    plays_on(record)
    short, given = alerts(record, AlertKind.MISDEAL)
    assert (short.seat, short.severity) == (6, Severity.RULING) and "not a misdeal" in short.ruling
    assert (given.seat, given.severity) == (6, Severity.RULING)
    assert actions_of(record, 6) == [BetAction.CALL], "the button plays its hand"


def test_playlive_37_2_button_that_acts_with_too_few_cards_is_dead():
    events = [deal(TABLE, short=(6,)), preflop_calls(TABLE)]
    record = judge(TABLE, "playlive", *events)
    assert not misdeals(record)
    dead = only(record, AlertKind.MISDEAL_TOO_LATE)
    assert dead.seat == 6 and rules_cited(dead) == ["35-A-5"]
    assert actions_of(record, 6) == [BetAction.FOLD]
    assert actions_of(record, 1) == [BetAction.CALL], "the hand goes on without the button"


# ----- no misdeal after substantial action ---------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_no_misdeal_after_two_actions_with_chips(house):
    """Two calls are substantial action: a late extra card no longer makes a misdeal."""
    events = [deal(TABLE), call(3, 200), call(4, 200), hole(5), preflop_calls(TABLE)[2:]]
    record = judge(TABLE, house, *events)
    late = only(record, AlertKind.MISDEAL_TOO_LATE)
    assert late.seat == 5 and late.severity is Severity.WARNING
    assert profile(house).cite("substantial_action") in late.citations
    assert not misdeals(record)
    assert actions_of(record, 5) == [BetAction.FOLD], "the hand with three cards is dead"
    assert actions_of(record, 6) == [BetAction.CALL], "play continues"


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_no_misdeal_after_three_actions_in_turn(house):
    events = [deal(TABLE), fold(3), fold(4), fold(5), hole(6), call(6, 200)]
    record = judge(TABLE, house, *events)
    assert only(record, AlertKind.MISDEAL_TOO_LATE).seat == 6
    assert not misdeals(record)


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_one_action_is_not_substantial_action(house):
    events = [deal(TABLE), call(3, 200), hole(5), preflop_calls(TABLE)[1:]]
    record = judge(TABLE, house, *events)
    assert AlertKind.MISDEAL_TOO_LATE not in [a.kind for a in record.alerts]
    if profile(house).value("wrong_card_count").value == "misdeal":
        stopped_by_misdeal_after(record, 1)
    else:
        assert only(record, AlertKind.MISDEAL).seat == 5


def stopped_by_misdeal_after(record, rulings: int) -> None:
    assert len(misdeals(record)) == 1 and misdeals(record)[0] is record.alerts[-1], describe(record)
    assert len(record.rulings) == rulings


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_two_folds_are_substantial_action_only_at_cpa(house):
    """TDA-style books need chips in, or three actions; CPA counts two players acting after the blinds."""
    events = [deal(TABLE), fold(3), fold(4), hole(5), call(5, 200)]
    record = judge(TABLE, house, *events)
    too_late = AlertKind.MISDEAL_TOO_LATE in [a.kind for a in record.alerts]
    assert too_late == (house == "cpa_2008"), describe(record)


def test_cpa_2008_sec_3_misdeals_two_players_after_the_blinds_have_acted():
    events = [deal(TABLE), fold(3), fold(4), hole(5)]
    record = judge(TABLE, "cpa_2008", *events)
    late = only(record, AlertKind.MISDEAL_TOO_LATE)
    assert rules_cited(late)[0] == "Sec 3 Misdeals"


def test_bluff_street_33_c_a_blind_acting_in_turn_counts_toward_substantial_action():
    """Posting a blind is no action, but the small blind completing in turn is."""
    table = setup(seats=(1, 2, 3))
    events = [deal(table), call(3, 200), call(1, 100), hole(1), check(2)]
    record = judge(table, "bluff_street", *events)
    assert only(record, AlertKind.MISDEAL_TOO_LATE).seat == 1


# ----- a stopped hand -----------------------------------------------------------------------------------


def test_nothing_is_judged_after_a_misdeal():
    events = [started(TABLE), deal(TABLE, first_to=4), preflop_calls(TABLE), hole(3), fold(2)]
    record = judge(TABLE, "tda", *events)
    stopped_by_misdeal(record, "first_card_wrong_seat_is_misdeal", "tda")


def test_most_seats_seen_short_of_cards_is_the_camera_not_a_misdeal():
    """Pot-limit Omaha: four hole cards overlap, and the camera counts two or three at most seats.
    Unless more than half the seats show their full count, a short seat proves nothing: no misdeal,
    and nobody's hand is dead for acting short (seed + 41000 pot_limit_overbet: two of four seats
    seen with three cards). One seat short among full ones is still a misdeal."""
    table = setup(seats=(1, 2, 3, 4), button=4, game=Game.PLO)
    for short in ((1, 2, 3), (2, 3)):
        record = judge(table, "tda", deal(table, short=short), preflop_calls(table))
        assert misdeals(record) == [] and record.alerts == [], describe(record)
    one_short = judge(table, "tda", deal(table, short=(2,)), preflop_calls(table))
    assert [a.seat for a in misdeals(one_short)] == [2]


def test_a_seat_reported_after_the_round_passed_it_was_not_dealt_out():
    """A camera reports a seat's cards once their count settles; a card boxed twice for a while can
    hold seat 1's report back until after seat 3 shows both its cards. The deal is judged once it is
    over: seat 1 holds two cards, so nobody was dealt out. A seat still cardless then was."""
    table = setup(seats=(1, 2, 3), button=3)
    arrived = [hole(2), CardsDealt(0.0, seat=3, count=2), CardsDealt(0.0, seat=1, count=2), hole(2)]
    record = judge(table, "tda", started(table), arrived, preflop_calls(table))
    assert misdeals(record) == [], describe(record)
    cardless = [hole(2), CardsDealt(0.0, seat=3, count=2), hole(2)]
    assert [
        a.seat for a in misdeals(judge(table, "tda", started(table), cardless, preflop_calls(table)))
    ] == [1]
