"""The players: exposed cards, showdowns, folds, the clock, things on the felt, chips and cards out of
view, being at the seat."""

import pytest

from rules.engine import HandJudge, judge_hand
from rules.records import AlertKind, BetAction, Severity
from tests.rules.hands import (
    PROFILE_IDS,
    Pause,
    actions_of,
    alerts,
    bet,
    call,
    cards_gone,
    check,
    checks,
    chips_gone,
    clock,
    deal,
    describe,
    ended,
    exposed,
    flop,
    fold,
    heads_up,
    judge,
    kinds,
    only,
    placed,
    preflop_calls,
    profile,
    removed,
    returned,
    river,
    rules_cited,
    say,
    setup,
    tabled,
    thinking,
    timeline,
    turn,
    vacated,
)
from vision.events import SeatVacated

TABLE = setup()  # seats 1..6, button 6: seat 1 small blind, seat 2 big blind, seat 3 under the gun
HEADS_UP = heads_up(stacks={1: 5_000, 2: 8_000})


def to_the_flop(table=TABLE):
    return [deal(table), preflop_calls(table)]


def all_in_preflop():
    """Heads-up: the button moves all-in for 5,000 and the big blind calls; the board runs out."""
    return [deal(HEADS_UP), say(1, "all_in"), call(1, 4_900), call(2, 4_800), flop(), turn(), river()]


# ----- exposed cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_card_exposed_with_action_pending(house):
    events = [to_the_flop(), flop(), check(1), exposed(2, "Ah"), checks(TABLE)[1:]]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.CARD_EXPOSED)
    assert (alert.seat, alert.severity) == (2, Severity.VIOLATION)
    assert alert.citations == (profile(house).cite("exposed_card_with_action_pending"),)
    may_kill = profile(house).value("exposed_card_with_action_pending").value == "penalty_may_kill"
    assert ("may rule the hand dead" in alert.ruling) == may_kill
    assert ("stays live" in alert.ruling) == (not may_kill)
    assert actions_of(record, 2) == [BetAction.CHECK, BetAction.CHECK], "the engine does not kill the hand"


def test_bluff_street_62_exposed_card_penalty_hand_not_dead():
    record = judge(TABLE, "bluff_street", to_the_flop(), flop(), exposed(1))
    assert rules_cited(only(record, AlertKind.CARD_EXPOSED)) == ["62"]


def test_general_dealing_68_exposed_card_may_kill_the_hand():
    record = judge(TABLE, "general_dealing", to_the_flop(), flop(), exposed(1, "Kc"))
    alert = only(record, AlertKind.CARD_EXPOSED)
    assert rules_cited(alert) == ["68"] and "(Kc)" in alert.message


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_card_exposed_at_an_all_in_showdown_raises_nothing(house):
    events = [deal(HEADS_UP), say(1, "all_in"), call(1, 4_900), call(2, 4_800), exposed(1, "As"), exposed(2)]
    events += [flop(), turn(), river(), tabled(1), tabled(2), ended()]
    record = judge(HEADS_UP, house, *events)
    assert record.alerts == [], describe(record)


def test_card_exposed_by_a_folded_seat_raises_nothing():
    record = judge(TABLE, "playlive", deal(TABLE), fold(3), exposed(3, "2c"), preflop_calls(TABLE, skip=[3]))
    assert record.alerts == [], describe(record)


# ----- all-in showdowns -------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_all_in_showdown_hand_mucked_without_tabling(house):
    record = judge(HEADS_UP, house, all_in_preflop(), tabled(1, "As", "Ks"), fold(2), ended())
    alert = only(record, AlertKind.ALL_IN_NOT_TABLED)
    assert (alert.seat, alert.severity) == (2, Severity.VIOLATION)
    assert alert.citations == (profile(house).cite("all_in_hands_tabled"),)
    assert "retrieve" in alert.ruling


def test_playlive_16_all_in_hand_never_tabled_is_flagged_when_the_hand_ends():
    record = judge(HEADS_UP, "playlive", all_in_preflop(), tabled(2), ended())
    alert = only(record, AlertKind.ALL_IN_NOT_TABLED)
    assert alert.seat == 1 and rules_cited(alert) == ["16"]


def test_losing_hand_mucked_at_a_showdown_with_no_all_in_is_fine():
    events = [to_the_flop(), flop(), checks(TABLE), turn(), checks(TABLE), river(), checks(TABLE)]
    record = judge(TABLE, "bluff_street", *events, tabled(1), fold(2), fold(3), tabled(4), ended())
    assert kinds(record) == [AlertKind.SHOWDOWN_ORDER]


# ----- showdown order --------------------------------------------------------------------------------


def to_the_river(table=TABLE):
    return [to_the_flop(table), flop(), checks(table), turn(), checks(table), river()]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_showdown_order_last_river_aggressor_tables_first(house):
    events = [to_the_river(), check(1), bet(2, 1_000), fold(3), call(4, 1_000), fold(5), fold(6)]
    events.append(call(1, 1_000))
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.SHOWDOWN_ORDER)
    assert (alert.seat, alert.severity) == (2, Severity.RULING)
    assert "last aggressor" in alert.ruling and "1, 2, 4" in alert.message
    assert alert.citations == (profile(house).cite("showdown_order"),)


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_showdown_order_without_a_river_bet_first_live_seat_left_of_the_button(house):
    events = [to_the_flop(), flop(), fold(1, face_up=False), bet(2, 400)]
    events += [call(s, 400) for s in (3, 4, 5, 6)]
    events += [turn(), checks(TABLE, live=(2, 3, 4, 5, 6)), river(), checks(TABLE, live=(2, 3, 4, 5, 6))]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.SHOWDOWN_ORDER)
    assert alert.seat == 2, "seat 1 folded: seat 2 is the first live seat left of the button"
    assert "no river bet" in alert.ruling


def test_bluff_street_17_a_flop_bettor_does_not_table_first_when_the_river_is_checked():
    events = [to_the_flop(), flop(), check(1), check(2), check(3), bet(4, 400)]
    events += [fold(5), fold(6), call(1, 400), fold(2), fold(3), turn(), check(1), check(4)]
    events += [river(), check(1), check(4)]
    record = judge(TABLE, "bluff_street", *events)
    alert = only(record, AlertKind.SHOWDOWN_ORDER)
    assert alert.seat == 1 and rules_cited(alert) == ["17"]


def test_heads_up_showdown_order_the_big_blind_shows_first_after_a_checked_river():
    table = heads_up()
    events = [deal(table), preflop_calls(table), flop(), check(2), check(1), turn(), check(2), check(1)]
    events += [river(), check(2), check(1)]
    record = judge(table, "playlive", *events)
    assert only(record, AlertKind.SHOWDOWN_ORDER).seat == 2


# ----- non-standard folds -----------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_fold_when_not_facing_a_bet_is_binding(house):
    events = [to_the_flop(), flop(), fold(1), checks(TABLE)[1:]]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.NON_STANDARD_FOLD)
    assert (alert.seat, alert.severity) == (1, Severity.WARNING)
    assert alert.citations == (profile(house).cite("fold_not_facing_bet_binding"),)
    assert actions_of(record, 1) == [BetAction.CALL, BetAction.FOLD]
    assert len(record.rulings) == 6 + 6


def test_bluff_street_29_big_blind_folding_its_option_is_a_binding_fold():
    events = [deal(TABLE), preflop_calls(TABLE, folds=(2,))]
    record = judge(TABLE, "bluff_street", *events)
    assert rules_cited(only(record, AlertKind.NON_STANDARD_FOLD)) == ["29"]
    assert actions_of(record, 2) == [BetAction.FOLD]


def test_fold_facing_a_bet_is_just_a_fold():
    record = judge(TABLE, "playlive", deal(TABLE), preflop_calls(TABLE, folds=(3, 4, 5)))
    assert record.alerts == [] and actions_of(record, 3) == [BetAction.FOLD]


# ----- the clock -------------------------------------------------------------------------------------------


def clock_on(seat: int, house: str, extra: float = 1.0):
    """The clock on ``seat``: ticks just before the countdown, at it, at expiry (a tie), after it."""
    rules = profile(house).rules
    seconds, countdown = rules.clock_seconds.value, rules.clock_countdown_seconds.value
    return [
        clock(seat),
        Pause(seconds - 1),
        thinking(seat),
        Pause(1),
        thinking(seat),
        Pause(countdown),
        thinking(seat),
        Pause(extra),
        thinking(seat),
    ]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clock_facing_a_bet(house):
    """Under the gun faces the big blind: countdown, then expiry, and the hand is dead."""
    events = [deal(TABLE), clock_on(3, house), preflop_calls(TABLE, skip=[3])]
    timed = timeline(*events)
    record = judge(TABLE, house, *events)
    called_at = timed[12].t
    countdown, expired = alerts(record, AlertKind.CLOCK_COUNTDOWN), alerts(record, AlertKind.CLOCK_EXPIRED)
    assert len(countdown) == 1 and len(expired) == 1, describe(record)
    rules = profile(house).rules
    assert countdown[0].t_end - called_at == rules.clock_seconds.value
    assert expired[0].t_end - called_at == rules.clock_seconds.value + rules.clock_countdown_seconds.value + 1
    assert (countdown[0].severity, expired[0].severity) == (Severity.RULING, Severity.VIOLATION)
    assert profile(house).cite("clock_expiry_facing_bet") in expired[0].citations
    assert profile(house).cite("clock_seconds") in countdown[0].citations
    assert actions_of(record, 3) == [BetAction.FOLD]
    assert record.rulings[0].citations == (profile(house).cite("clock_expiry_facing_bet"),)
    assert len(record.rulings) == 6, "the others play on"


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clock_not_facing_a_bet(house):
    """First to act on the flop: a check where the house says so, else the hand is dead."""
    events = [to_the_flop(), flop(), clock_on(1, house), checks(TABLE)[1:]]
    record = judge(TABLE, house, *events)
    expired = only(record, AlertKind.CLOCK_EXPIRED)
    assert profile(house).cite("clock_expiry_not_facing_bet") in expired.citations
    outcome = profile(house).value("clock_expiry_not_facing_bet").value
    expected = BetAction.CHECK if outcome == "check" else BetAction.FOLD
    assert actions_of(record, 1) == [BetAction.CALL, expected]
    assert ("check" in expired.ruling) == (outcome == "check")


@pytest.mark.parametrize(
    ("house", "seconds", "countdown"),
    [("bluff_street", 25, 5), ("playlive", 25, 5), ("cpa_2008", 50, 10), ("blasters", 30, 10)],
    ids=["bluff_street", "playlive", "cpa_2008", "blasters"],
)
def test_clock_times_per_house(house, seconds, countdown):
    rules = profile(house).rules
    assert (rules.clock_seconds.value, rules.clock_countdown_seconds.value) == (seconds, countdown)
    early = [deal(TABLE), clock(3), Pause(seconds + countdown), thinking(3)]
    record = judge(TABLE, house, *early)
    assert kinds(record) == [AlertKind.CLOCK_COUNTDOWN], "a tie goes to the player"
    record = judge(TABLE, house, deal(TABLE), clock(3), Pause(seconds + countdown + 0.5), thinking(3))
    assert kinds(record) == [AlertKind.CLOCK_COUNTDOWN, AlertKind.CLOCK_EXPIRED]


def test_bluff_street_25_clock_runs_out_on_a_check_the_hand_is_dead():
    events = [to_the_flop(), flop(), clock_on(1, "bluff_street")]
    record = judge(TABLE, "bluff_street", *events)
    assert rules_cited(only(record, AlertKind.CLOCK_EXPIRED)) == ["25", "25"]
    assert actions_of(record, 1)[-1] is BetAction.FOLD


def test_playlive_29_clock_runs_out_not_facing_a_bet_is_a_check_in_pokerkit():
    events = timeline(to_the_flop(), flop(), clock_on(1, "playlive"))
    judge_ = HandJudge(TABLE, profile("playlive"))
    for ev in events:
        judge_.process(ev)
    assert 1 in judge_.hand.live_seats() and judge_.hand.actor == 2
    assert rules_cited(only(judge_.record, AlertKind.CLOCK_EXPIRED)) == ["29", "29"]


def test_clock_expiry_folds_the_seat_in_pokerkit():
    events = timeline(deal(TABLE), clock_on(3, "cpa_2008"))
    judge_ = HandJudge(TABLE, profile("cpa_2008"))
    for ev in events:
        judge_.process(ev)
    assert 3 not in judge_.hand.live_seats() and judge_.hand.actor == 4


def test_clock_stops_when_the_seat_acts_and_does_not_carry_to_its_next_decision():
    events = [deal(TABLE), clock(3), Pause(20), call(3, 200), Pause(60), preflop_calls(TABLE)[1:]]
    events += [flop(), checks(TABLE)[:2], Pause(60), thinking(3), check(3)]
    record = judge(TABLE, "bluff_street", *events)
    assert record.alerts == [], describe(record)
    assert actions_of(record, 3) == [BetAction.CALL, BetAction.CHECK]


def test_clock_called_on_a_seat_not_to_act_is_ignored():
    record = judge(TABLE, "playlive", deal(TABLE), clock(5), Pause(100), thinking(3))
    assert record.alerts == []


# ----- things on the felt ----------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_phone_on_the_table(house):
    record = judge(TABLE, house, deal(TABLE), placed(4, "phone"))
    if profile(house).value("phone_on_table").value == "allowed":
        assert record.alerts == []
        return
    alert = only(record, AlertKind.FOREIGN_OBJECT)
    assert (alert.seat, alert.severity) == (4, Severity.VIOLATION)
    assert alert.citations == (profile(house).cite("phone_on_table"),)


def test_bluff_street_8_no_phone_on_the_table():
    alert = only(judge(TABLE, "bluff_street", placed(2, "phone")), AlertKind.FOREIGN_OBJECT)
    assert rules_cited(alert) == ["8"]


def test_playlive_5_b_phone_may_not_rest_on_the_table():
    alert = only(judge(TABLE, "playlive", placed(5, "phone")), AlertKind.FOREIGN_OBJECT)
    assert rules_cited(alert) == ["5-B"]


def test_blasters_phone_and_one_card_protector_may_rest_on_the_table():
    record = judge(TABLE, "blasters", placed(3, "phone"), placed(3, "card_protector"))
    assert record.alerts == []


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_second_card_protector(house):
    record = judge(TABLE, house, placed(3, "card_protector"), placed(3, "card_protector"))
    limit = profile(house).value("card_protectors_max")
    if limit is None:
        assert record.alerts == []
        return
    alert = only(record, AlertKind.FOREIGN_OBJECT)
    assert alert.severity is Severity.WARNING and "2 card protectors" in alert.message
    assert alert.citations == (profile(house).cite("card_protectors_max"),)


def test_card_protector_removed_then_put_back_is_still_one():
    events = [placed(3, "card_protector"), removed(3, "card_protector"), placed(3, "card_protector")]
    assert judge(TABLE, "bluff_street", *events).alerts == []


def test_one_card_protector_each_is_fine():
    assert judge(TABLE, "bluff_street", placed(3, "card_protector"), placed(4, "card_protector")).alerts == []


def test_bluff_street_57_one_capped_bottle_but_no_open_drink():
    record = judge(TABLE, "bluff_street", placed(3, "drink_capped"))
    assert record.alerts == []
    record = judge(TABLE, "bluff_street", placed(3, "drink_open"))
    alert = only(record, AlertKind.FOREIGN_OBJECT)
    assert rules_cited(alert) == ["57"] and "one capped bottle" in alert.ruling
    record = judge(TABLE, "bluff_street", placed(3, "drink_capped"), placed(3, "drink_capped"))
    assert only(record, AlertKind.FOREIGN_OBJECT).severity is Severity.VIOLATION


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_drinks_on_the_table(house):
    policy = profile(house).value("drinks_on_table").value
    capped = judge(TABLE, house, placed(3, "drink_capped")).alerts
    open_ = judge(TABLE, house, placed(3, "drink_open")).alerts
    assert bool(capped) == (policy == "none")
    assert bool(open_) == (policy != "allowed")


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_food_on_the_table(house):
    record = judge(TABLE, house, placed(6, "food"))
    forbidden = profile(house).value("food_on_table").value == "forbidden"
    assert kinds(record) == ([AlertKind.FOREIGN_OBJECT] if forbidden else [])


def test_blasters_drinks_go_in_the_holders_and_food_off_the_table():
    record = judge(TABLE, "blasters", placed(3, "drink_capped"), placed(4, "food"))
    assert [rules_cited(a) for a in record.alerts] == [["GAME STANDARDS: table items"]] * 2


def test_cpa_2008_non_tournament_chip_is_not_allowed_on_the_table():
    alert = only(judge(TABLE, "cpa_2008", placed(2, "non_tournament_chip")), AlertKind.FOREIGN_OBJECT)
    assert alert.severity is Severity.VIOLATION and rules_cited(alert) == ["Sec 15 Tournaments"]


def test_unidentified_object_is_a_warning():
    alert = only(judge(TABLE, "bluff_street", placed(None, "other")), AlertKind.FOREIGN_OBJECT)
    assert alert.severity is Severity.WARNING and rules_cited(alert) == ["57"]


# ----- chips and cards out of view -----------------------------------------------------------------------


@pytest.mark.parametrize("where", ["off_table", "hidden"])
@pytest.mark.parametrize("house", PROFILE_IDS)
def test_chips_taken_off_the_table_or_hidden(house, where):
    record = judge(TABLE, house, deal(TABLE), chips_gone(4, where, 5_000, 5_000))
    alert = only(record, AlertKind.CHIPS_OUT_OF_VIEW)
    assert (alert.seat, alert.severity) == (4, Severity.VIOLATION)
    assert "10,000" in alert.message and "forfeited" in alert.ruling
    assert alert.citations == (profile(house).cite("chips_must_stay_in_view"),)


def test_playlive_63_chips_carried_out_of_view():
    alert = only(judge(TABLE, "playlive", chips_gone(1)), AlertKind.CHIPS_OUT_OF_VIEW)
    assert rules_cited(alert) == ["63"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_live_cards_below_the_rail(house):
    record = judge(TABLE, house, deal(TABLE), call(3, 200), cards_gone(4, "below_rail"))
    alert = only(record, AlertKind.CARDS_OUT_OF_VIEW)
    assert (alert.seat, alert.severity) == (4, Severity.VIOLATION) and "below the table rail" in alert.message
    assert alert.citations == (profile(house).cite("cards_must_stay_above_rail"),)


def test_bluff_street_51_cards_in_plain_view():
    record = judge(TABLE, "bluff_street", deal(TABLE), cards_gone(1, "hidden"))
    alert = only(record, AlertKind.CARDS_OUT_OF_VIEW)
    assert rules_cited(alert) == ["51"]


def test_folded_cards_or_a_finished_hand_out_of_view_raise_nothing():
    record = judge(TABLE, "blasters", deal(TABLE), fold(3), cards_gone(3, "off_table"))
    assert record.alerts == []
    record = judge(HEADS_UP, "blasters", deal(HEADS_UP), fold(1), cards_gone(2, "below_rail"))
    assert record.alerts == [], "the hand is over: seat 2's cards are no longer a live hand"


# ----- at the seat ------------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_player_absent_when_the_initial_deal_completes(house):
    table = setup(absent=(4,))
    record = judge(table, house, deal(table), preflop_calls(table, skip=(4,)))
    alert = only(record, AlertKind.ABSENT_AT_DEAL)
    assert (alert.seat, alert.severity) == (4, Severity.VIOLATION)
    assert alert.citations == (profile(house).cite("absent_at_deal"),)
    folded = profile(house).value("absent_at_deal").value == "folded"
    assert ("folded" in alert.ruling) == folded and ("dead" in alert.ruling) == (not folded)
    assert actions_of(record, 4) == [BetAction.FOLD], "the seat is folded when its turn comes"
    assert record.rulings[1].citations == (profile(house).cite("absent_at_deal"),)
    assert len(record.rulings) == 6


def test_bluff_street_27_absent_big_blind_is_dead_and_folded_in_its_turn():
    table = setup(absent=(2,))
    record = judge(table, "bluff_street", deal(table), preflop_calls(table, skip=(2,)), flop())
    assert rules_cited(only(record, AlertKind.ABSENT_AT_DEAL)) == ["27"]
    assert actions_of(record, 2) == [BetAction.FOLD]
    assert AlertKind.NON_STANDARD_FOLD not in kinds(record), "the engine's fold of a dead hand is no fold"


def test_blasters_player_not_at_the_seat_has_the_hand_folded():
    table = setup(absent=(5,))
    record = judge(table, "blasters", deal(table), preflop_calls(table, skip=(5,)))
    alert = only(record, AlertKind.ABSENT_AT_DEAL)
    assert rules_cited(alert) == ["DEALING, CARDS & MISC: players not at seat"]


def test_player_back_before_the_last_card_is_dealt_has_a_live_hand():
    table = setup(absent=(4,))
    cards = deal(table)
    record = judge(table, "playlive", cards[:8], returned(4), cards[8:], preflop_calls(table))
    assert record.alerts == [] and actions_of(record, 4) == [BetAction.CALL]


def test_player_leaving_during_the_deal_is_absent_when_it_completes():
    cards = deal(TABLE)
    record = judge(TABLE, "cpa_2008", cards[:9], vacated(5), cards[9:], preflop_calls(TABLE, skip=(5,)))
    assert only(record, AlertKind.ABSENT_AT_DEAL).seat == 5
    assert actions_of(record, 5) == [BetAction.FOLD]


@pytest.mark.parametrize("away_from", ["the-deals-start", "after-the-deal"])
def test_an_absence_learnt_after_the_deal_that_began_before_its_end_is_absent_at_the_deal(away_from):
    """A camera may learn only later that a chair was empty at the deal (one it cannot see, found
    empty when the action passes it by: ``service.pipeline``). Told after under the gun acted, an
    absence dating from before the deal's end is absent_at_deal, stamped at the deal's end, and the
    hand is dead; one that began after the deal is a player leaving with a live hand."""
    cards = deal(TABLE)
    events = timeline(cards, preflop_calls(TABLE, skip=(4,)))
    over, acted = events[len(cards) - 1].t, events[len(cards)].t  # the deal's end; under the gun's call
    since = events[0].t if away_from == "the-deals-start" else over + 0.5
    told = SeatVacated(since, seat=4)
    record = judge_hand(TABLE, profile("tda"), [*events[: len(cards) + 1], told, *events[len(cards) + 1 :]])
    assert acted > over + 0.5
    if away_from == "the-deals-start":
        alert = only(record, AlertKind.ABSENT_AT_DEAL)
        assert (alert.seat, alert.t_end) == (4, over) and actions_of(record, 4) == [BetAction.FOLD]
        assert kinds(record) == [AlertKind.ABSENT_AT_DEAL]
    else:
        assert kinds(record, 4) == [AlertKind.LEFT_WITH_LIVE_HAND]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_player_leaving_the_table_with_a_live_hand(house):
    events = [to_the_flop(), flop(), check(1), vacated(3), check(2), check(3), checks(TABLE)[3:]]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.LEFT_WITH_LIVE_HAND)
    assert (alert.seat, alert.severity) == (3, Severity.VIOLATION)
    assert alert.citations == (profile(house).cite("left_with_live_hand"),)
    if profile(house).value("left_with_live_hand").value == "folded_in_turn":
        assert "folded in turn" in alert.ruling
        assert actions_of(record, 3)[-1] is BetAction.FOLD
    else:
        assert "penalty" in alert.ruling
        assert actions_of(record, 3)[-1] is BetAction.CHECK


def test_bluff_street_28_leaving_before_acting_is_a_penalty_on_return():
    record = judge(TABLE, "bluff_street", to_the_flop(), flop(), vacated(4))
    assert rules_cited(only(record, AlertKind.LEFT_WITH_LIVE_HAND)) == ["28"]


def test_blasters_player_back_before_the_turn_comes_keeps_the_hand():
    events = [to_the_flop(), flop(), vacated(5), check(1), returned(5), checks(TABLE)[1:]]
    record = judge(TABLE, "blasters", *events)
    assert rules_cited(only(record, AlertKind.LEFT_WITH_LIVE_HAND)) == ["GAME STANDARDS: away from the table"]
    assert actions_of(record, 5) == [BetAction.CALL, BetAction.CHECK]


def test_all_in_player_leaving_raises_nothing():
    record = judge(HEADS_UP, "bluff_street", deal(HEADS_UP), say(1, "all_in"), call(1, 4_900), vacated(1))
    assert record.alerts == []


def test_folded_player_leaving_raises_nothing():
    record = judge(TABLE, "playlive", deal(TABLE), fold(3), vacated(3))
    assert record.alerts == []
